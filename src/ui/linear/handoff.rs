//! The hot-seat hand-off in lines: a barrier between two players at one keyboard.
//!
//! Nothing typed before the hand-off counts after it (lines already typed are read and
//! dropped), and the next player must type their own name or seat number, so a line meant
//! for the last player's decision cannot take the keyboard by accident.

use std::io::Write;

use super::choice::normal;
use super::keyboard::Keyboard;
use super::line::{Speaker, Tag};
use super::session::Ending;

/// Who is to take the keyboard.
pub struct Barrier<'a> {
    /// Their name, as the table says it.
    pub name: &'a str,
    /// Their seat, from 0.
    pub seat: usize,
}

impl Barrier<'_> {
    /// Whether `typed` names the player: their name or their seat number (from 1).
    fn named_by(&self, typed: &str) -> bool {
        let typed = normal(typed);
        !typed.is_empty() && (typed == normal(self.name) || typed == (self.seat + 1).to_string())
    }
}

/// Hands the keyboard to `barrier`'s player: drops what was typed before, says so, and
/// waits for their name or seat number. `Err` when the input ends or someone quits.
pub fn take_keyboard<W: Write>(
    barrier: &Barrier<'_>,
    keyboard: &mut impl Keyboard,
    speaker: &mut Speaker<W>,
) -> Result<(), Ending> {
    let name = barrier.name;
    let word = normal(name);
    let dropped = keyboard.discard_pending();
    if dropped > 0 {
        let lines = if dropped == 1 { "line" } else { "lines" };
        let line = format!("{dropped} {lines} typed before the hand-off did not count.");
        speaker.line(Tag::Say, &line);
    }
    speaker.line(
        Tag::Handoff,
        &format!(
            "Pass to {name}. {name}, type {word} (or {}) and Enter when only you can hear.",
            barrier.seat + 1
        ),
    );
    loop {
        let Some(typed) = keyboard.line() else {
            return Err(Ending::EndOfInput);
        };
        if barrier.named_by(&typed) {
            speaker.line(Tag::Say, &format!("{name} has the keyboard."));
            return Ok(());
        }
        if matches!(normal(&typed).as_str(), "quit" | "q") {
            return Err(Ending::Quit);
        }
        let why = format!(
            "The keyboard is {name}'s now: type {word} or {} to take it, or quit.",
            barrier.seat + 1
        );
        speaker.line(Tag::Error, &why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_or_seat_number_takes_the_keyboard() {
        let b = Barrier {
            name: "Ben Ode",
            seat: 1,
        };
        assert!(b.named_by("ben ode"));
        assert!(b.named_by(" 2 "));
        assert!(!b.named_by("1"));
        assert!(!b.named_by(""));
        assert!(!b.named_by("ben"));
    }
}

#[cfg(test)]
mod barrier {
    use std::collections::VecDeque;

    use super::*;

    /// Lines typed ahead (`pending`, dropped at the barrier) and lines typed after it.
    struct Typed {
        pending: VecDeque<String>,
        after: VecDeque<String>,
    }

    impl Keyboard for Typed {
        fn line(&mut self) -> Option<String> {
            self.pending.pop_front().or_else(|| self.after.pop_front())
        }
        fn discard_pending(&mut self) -> usize {
            std::mem::take(&mut self.pending).len()
        }
    }

    #[test]
    fn nothing_typed_before_the_hand_off_counts_and_only_the_name_takes_it() {
        let mut keys = Typed {
            pending: ["2".to_string(), "1".to_string()].into(),
            after: ["look".to_string(), "ben".to_string()].into(),
        };
        let mut speaker = Speaker::new(Vec::new());
        let barrier = Barrier {
            name: "Ben",
            seat: 1,
        };
        assert_eq!(take_keyboard(&barrier, &mut keys, &mut speaker), Ok(()));
        let said = String::from_utf8(speaker.into_inner()).unwrap();
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(
            lines,
            [
                "say: 2 lines typed before the hand-off did not count.",
                "handoff: Pass to Ben. Ben, type ben (or 2) and Enter when only you can hear.",
                "error: The keyboard is Ben's now: type ben or 2 to take it, or quit.",
                "say: Ben has the keyboard.",
            ]
        );
    }

    #[test]
    fn the_end_of_input_at_a_hand_off_ends_the_session() {
        let mut keys = Typed {
            pending: VecDeque::new(),
            after: VecDeque::new(),
        };
        let mut speaker = Speaker::new(Vec::new());
        let barrier = Barrier {
            name: "Ben",
            seat: 1,
        };
        let taken = take_keyboard(&barrier, &mut keys, &mut speaker);
        assert_eq!(taken, Err(Ending::EndOfInput));
    }
}
