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
