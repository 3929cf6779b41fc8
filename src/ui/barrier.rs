//! The input barrier: a key typed before a screen was drawn never acts on it.
//!
//! People type ahead. A key pressed to hurry a bot's move, or meant for a prompt that has
//! just been replaced, must not act on whatever the screen shows next: the next person's
//! hand-off, their hand, another bot's move. So every screen says who holds the keyboard
//! ([`Keyboard`]), and whenever that changes (a hand-off, a bot's move ending and a
//! person's prompt beginning, a window opening) the keys already typed are dropped, not
//! queued. A hand-off, behind which a hand is about to show, also ignores keys for
//! [`GUARD`] after it is drawn, and a key held down or repeated since before it was drawn
//! never reaches it however long it goes on ([`REPEAT`]): its seat is taken by a key pressed
//! anew.
//!
//! This part decides; the terminal loop ([`crate::ui::terminal`]) reads the clock and the
//! pending events and does what it says.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::ui::app::Overlay;

/// How long a hand-off ignores keys after it is drawn: long enough that a key pressed to
/// hurry what came before cannot take the seat, short enough not to be felt.
pub const GUARD: Duration = Duration::from_millis(400);

/// Presses of one key closer together than this are that key held down or repeated: a
/// terminal's auto-repeat waits up to about 0.7 s before its first repeat, then repeats
/// every few hundredths of a second.
pub const REPEAT: Duration = Duration::from_millis(700);

/// Who may type on a game's table now, as the table says it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Holder {
    /// A bot's move is announced: `moves` is how many actions the game had, so each bot
    /// move is a holder of its own and a key only hurries the move it was typed on.
    Bot { seat: usize, moves: usize },
    /// The screen waits for `seat` to take the keyboard: keys are guarded.
    HandOff { seat: usize },
    /// A person is at the keyboard (`None`: the shared, public table).
    Person(Option<usize>),
}

/// Who holds the keyboard: the screen (by kind), the window over it, and the table's holder.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Keyboard {
    /// Which screen is up: the setup form, a table or a replay viewer.
    pub screen: ScreenKind,
    /// The window over it, if any.
    pub overlay: Option<Overlay>,
    /// Who may type at the table (a person at the shared table elsewhere).
    pub holder: Holder,
}

/// The kinds of screen the app shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ScreenKind {
    /// The setup form and the saved games list.
    Setup,
    /// A game's table.
    Table,
    /// A replay viewer.
    Replay,
}

impl Keyboard {
    /// Whether keys wait out [`GUARD`] after this is drawn.
    fn guarded(&self) -> bool {
        self.overlay.is_none() && matches!(self.holder, Holder::HandOff { .. })
    }
}

/// What the terminal last drew, and when: the barrier between one holder and the next.
#[derive(Clone, Copy, Debug, Default)]
pub struct Barrier {
    drawn: Option<(Keyboard, Instant)>,
    /// The key read last, when its run of presses (each within [`REPEAT`] of the one
    /// before) began, and when it was read last.
    run: Option<(KeyCode, Instant, Instant)>,
}

impl Barrier {
    /// A frame showing `keyboard` was drawn at `at`. Returns `true` when the keyboard changed
    /// hands with it: every key typed until now is to be dropped.
    pub fn drawn(&mut self, keyboard: Keyboard, at: Instant) -> bool {
        match self.drawn {
            Some((before, _)) if before == keyboard => false,
            _ => {
                self.drawn = Some((keyboard, at));
                true
            }
        }
    }

    /// A key was read at `at`, whether it reaches the app or is dropped: every key read
    /// goes through here first, so that a key held down is known as one.
    pub fn read(&mut self, code: KeyCode, at: Instant) {
        self.run = match self.run {
            Some((last, began, before))
                if last == code && at.saturating_duration_since(before) < REPEAT =>
            {
                Some((code, began, at))
            }
            _ => Some((code, at, at)),
        };
    }

    /// Whether the key read last (at `at`) may reach the app, whose keyboard is now
    /// `keyboard`: only when that keyboard is the one on screen; at a hand-off, only past
    /// its guard and when the key was pressed anew since the hand-off was drawn.
    pub fn admits(&self, keyboard: &Keyboard, at: Instant) -> bool {
        match self.drawn {
            Some((shown, since)) if shown == *keyboard => {
                let pressed_anew = self.run.is_none_or(|(_, began, _)| began >= since);
                !shown.guarded() || (at.saturating_duration_since(since) >= GUARD && pressed_anew)
            }
            _ => false,
        }
    }
}

/// Whether `key` is the program's rather than a screen's (Ctrl-C, Ctrl-Q, Ctrl-Z: stop,
/// quit, suspend): it passes every barrier.
pub fn bypasses(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL)
        && matches!(key.code, KeyCode::Char('c' | 'q' | 'z'))
}

/// Of the events pending when the keyboard changed hands, those still to be handled: keys
/// and mouse presses are dropped (they were meant for the screen before), a resize and the
/// program's own keys ([`bypasses`]) are kept.
pub fn kept_across(events: impl IntoIterator<Item = Event>) -> Vec<Event> {
    events
        .into_iter()
        .filter(|e| match e {
            Event::Key(key) => bypasses(key),
            Event::Mouse(_) | Event::Paste(_) => false,
            Event::Resize(..) | Event::FocusGained | Event::FocusLost => true,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(holder: Holder) -> Keyboard {
        Keyboard {
            screen: ScreenKind::Table,
            overlay: None,
            holder,
        }
    }

    fn key(c: KeyCode) -> Event {
        Event::Key(KeyEvent::new(c, KeyModifiers::NONE))
    }

    #[test]
    fn a_new_holder_drops_the_keys_typed_before_it_was_drawn() {
        let t0 = Instant::now();
        let mut barrier = Barrier::default();
        let bot = at(Holder::Bot { seat: 0, moves: 3 });
        assert!(barrier.drawn(bot, t0), "the first frame is a barrier");
        assert!(
            !barrier.drawn(bot, t0),
            "the same holder drawn again is not"
        );
        assert!(
            barrier.admits(&bot, t0),
            "a key on the bot's move hurries it"
        );
        let next_bot = at(Holder::Bot { seat: 1, moves: 4 });
        assert!(!barrier.admits(&next_bot, t0), "not drawn yet: dropped");
        assert!(
            barrier.drawn(next_bot, t0),
            "each bot move is its own holder"
        );
        let person = at(Holder::Person(Some(2)));
        assert!(barrier.drawn(person, t0));
        assert!(barrier.admits(&person, t0));
    }

    #[test]
    fn a_person_typing_ahead_keeps_the_keyboard() {
        let t0 = Instant::now();
        let mut barrier = Barrier::default();
        let person = at(Holder::Person(Some(0)));
        barrier.drawn(person, t0);
        for _ in 0..5 {
            assert!(!barrier.drawn(person, t0));
            assert!(barrier.admits(&person, t0));
        }
    }

    #[test]
    fn a_hand_off_ignores_keys_for_its_guard_time() {
        let t0 = Instant::now();
        let mut barrier = Barrier::default();
        let handoff = at(Holder::HandOff { seat: 1 });
        assert!(barrier.drawn(handoff, t0));
        assert!(!barrier.admits(&handoff, t0));
        assert!(!barrier.admits(&handoff, t0 + GUARD / 2));
        assert!(barrier.admits(&handoff, t0 + GUARD));
        // Drawn again (a resize): the guard keeps its start.
        assert!(!barrier.drawn(handoff, t0 + GUARD));
        assert!(barrier.admits(&handoff, t0 + GUARD));
    }

    #[test]
    fn a_key_held_since_before_a_hand_off_never_takes_it() {
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        let mut barrier = Barrier::default();
        barrier.drawn(at(Holder::Bot { seat: 0, moves: 3 }), t0);
        // Ben holds `2` from before his hand-off appears: the first press, the terminal's
        // wait before repeating, then a repeat every 30 ms, for seconds.
        barrier.read(KeyCode::Char('2'), t0);
        let handoff = at(Holder::HandOff { seat: 1 });
        barrier.drawn(handoff, t0 + ms(100));
        let mut t = t0 + ms(600);
        while t < t0 + ms(4000) {
            barrier.read(KeyCode::Char('2'), t);
            assert!(!barrier.admits(&handoff, t), "a held key at {:?}", t - t0);
            t += ms(30);
        }
        // Let go, and pressed again: it takes the seat.
        let again = t + REPEAT;
        barrier.read(KeyCode::Char('2'), again);
        assert!(barrier.admits(&handoff, again));
    }

    #[test]
    fn a_key_pressed_anew_after_the_guard_reaches_the_hand_off() {
        let t0 = Instant::now();
        let mut barrier = Barrier::default();
        barrier.read(KeyCode::Enter, t0);
        let handoff = at(Holder::HandOff { seat: 1 });
        barrier.drawn(handoff, t0);
        // Another key than the one pressed before: a new press, even soon after.
        barrier.read(KeyCode::Char('b'), t0 + GUARD);
        assert!(barrier.admits(&handoff, t0 + GUARD));
    }

    #[test]
    fn a_window_opening_is_a_barrier() {
        let t0 = Instant::now();
        let mut barrier = Barrier::default();
        let table = at(Holder::Person(Some(0)));
        barrier.drawn(table, t0);
        let help = Keyboard {
            overlay: Some(Overlay::Help),
            ..table
        };
        assert!(!barrier.admits(&help, t0));
        assert!(barrier.drawn(help, t0));
        assert!(barrier.admits(&help, t0));
    }

    #[test]
    fn keys_and_clicks_pending_across_a_barrier_are_dropped_and_resizes_kept() {
        let mouse = Event::Mouse(crossterm::event::MouseEvent {
            kind: crossterm::event::MouseEventKind::ScrollUp,
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        });
        let pending = vec![
            key(KeyCode::Enter),
            key(KeyCode::Char(' ')),
            Event::Resize(80, 24),
            mouse,
            key(KeyCode::Char('2')),
            Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        ];
        assert_eq!(
            kept_across(pending),
            vec![
                Event::Resize(80, 24),
                Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            ]
        );
    }
}
