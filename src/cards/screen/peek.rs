//! Looking at one's own hand at any time: the player chosen comes to the keyboard (through
//! a hand-off where hands are hidden), sees their hand on the table, and any key gives the
//! seat back to whoever had it.

use crossterm::event::KeyEvent;

use crate::cards::screen::chooser::Picker;
use crate::cards::screen::table::{CardTable, Mode, clockwise};
use crate::ui::keys::digit;
use crate::ui::picker_keys::{Chooser, PickerCommand, pick};

/// A player looking at their hand, or being chosen to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Peek {
    /// Whose hand.
    pub player: usize,
    /// Whether they have the seat and their hand is on screen (else: being chosen).
    pub shown: bool,
    /// Who had the seat before, to give it back to (`None`: the shared table).
    pub back: Option<usize>,
}

impl CardTable {
    /// The people at the table, clockwise from `from`.
    fn people_from(&self, from: usize) -> Vec<usize> {
        let n = self.state.player_count();
        clockwise(from, n)
            .filter(|&p| !self.shell.is_bot(p))
            .collect()
    }
}

/// `v`: opens the choice of whose hand to show, on the first person after the one at the
/// keyboard; where every hand the screen could show is already on it, says so.
pub(crate) fn open(game: &mut CardTable) {
    if *game.mode() != Mode::Table {
        // An offer's window shows one player's cards: it is finished or closed first.
        game.refuse("First finish the offer (or Esc); then v shows a hand.");
        return;
    }
    if game.open_hands() {
        game.tell("Every hand is on the screen.");
        return;
    }
    if let Some(p) = game.sole_human() {
        game.tell(format!("{}'s hand is on the screen.", game.name(p)));
        return;
    }
    let from = game.viewer().map_or(game.state.active_player(), |v| v + 1);
    let Some(&player) = game.people_from(from).first() else {
        return;
    };
    let back = game.viewer();
    game.set_picker(Some(Picker::Peek(Peek {
        player,
        shown: false,
        back,
    })));
}

/// A key while a hand is chosen ([`Chooser::Peek`]'s keys), waits for its owner to take
/// the seat ([`Chooser::PeekSeat`]'s), or is shown (any key: done).
pub(crate) fn key(game: &mut CardTable, key: KeyEvent) {
    let Some(mut peek) = game.peek() else {
        return;
    };
    if peek.shown {
        if game.handoff().is_none() {
            close(game, peek);
            return;
        }
        if game.takes_seat(key.code) {
            game.take_seat();
        } else if pick(Chooser::PeekSeat, key.code) == Some(PickerCommand::Close) {
            close(game, peek);
        }
        return;
    }
    let people = game.people_from(0);
    let i = people.iter().position(|&p| p == peek.player).unwrap_or(0);
    let len = people.len().max(1);
    match pick(Chooser::Peek, key.code) {
        Some(PickerCommand::Close) => {
            game.set_picker(None);
            return;
        }
        Some(PickerCommand::Back) => peek.player = people[(i + len - 1) % len],
        Some(PickerCommand::On) => peek.player = people[(i + 1) % len],
        Some(PickerCommand::Choose) => {
            peek.shown = true;
            game.set_picker(Some(Picker::Peek(peek)));
            let reason = format!("{} looks at their hand.", game.name(peek.player));
            game.need(Some(peek.player), reason);
            return;
        }
        Some(PickerCommand::Number) => {
            if let Some(d) = digit(&key)
                && people.contains(&d)
            {
                peek.player = d;
            }
        }
        _ => {}
    }
    game.set_picker(Some(Picker::Peek(peek)));
}

/// Done looking: the seat goes back to whoever had it (through a hand-off), or the shared
/// table shows again.
fn close(game: &mut CardTable, peek: Peek) {
    game.set_picker(None);
    match peek.back {
        Some(b) => {
            let reason = format!("Back to {}.", game.name(b));
            game.need(Some(b), reason);
        }
        None => game.need(None, String::new()),
    }
}
