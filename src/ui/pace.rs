//! The table's speed, which the players choose: how long a bot's move stays on screen
//! before it is played, how long the line offering people the floor on a bot's turn waits
//! before it passes by itself, and how long bots that think by the clock think. Chosen on the setup form, by `--pace`, and at the
//! table with `<` and `>` ([`pace_key`]).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};

/// How fast the bots play at a table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Pace {
    /// A second a move: to follow every card.
    Slow,
    /// The default: a person against three `expert` bots waits at most ten seconds between
    /// their own turns (measured in docs/playing.md).
    #[default]
    Normal,
    /// At most three seconds between a person's turns against three `expert` bots.
    Fast,
    /// No wait at all: each move is played as soon as it is decided (the log keeps them).
    Instant,
}

/// Every pace, slowest first: the order the setup form and `<` `>` step through.
pub const PACES: [Pace; 4] = [Pace::Slow, Pace::Normal, Pace::Fast, Pace::Instant];

impl Pace {
    /// The pace as typed (`--pace fast`).
    pub fn name(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
            Pace::Instant => "instant",
        }
    }

    /// Every pace's name, slowest first (for the flag's choices).
    pub fn names() -> [&'static str; 4] {
        PACES.map(Pace::name)
    }

    /// How long a bot's move is shown before it is played (any key plays it sooner). The
    /// bots think about the next move meanwhile, so a move shown this long costs no more.
    pub fn bot_move(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Slow => 1000,
            Pace::Normal => 80,
            Pace::Fast => 15,
            Pace::Instant => 0,
        })
    }

    /// How long a bot's offer, or its answer to a bot's, is shown: bots make many offers a
    /// turn (up to twelve, most declined), which change nothing on the table, so they pass
    /// quicker than the moves that do (the log and the digest keep them all).
    pub fn bot_talk(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Slow => 500,
            Pace::Normal => 30,
            Pace::Fast => 3,
            Pace::Instant => 0,
        })
    }

    /// How long the line offering people the floor on a bot's turn waits before it passes
    /// by itself (`o` takes it, any other key passes at once). At `fast` and `instant` it
    /// passes at once: a person who wants to make a bot active player an offer slows down.
    pub fn floor(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Slow => 4000,
            Pace::Normal => 500,
            Pace::Fast | Pace::Instant => 0,
        })
    }

    /// How many times as fast as the wall the bots' stopwatch runs: a bot that thinks by
    /// the clock (`expert`, `mcts`) thinks a `think_haste`-th of its thinking time, so a
    /// faster pace is not held up by thinking the screen cannot hide. Bots that think by a
    /// count of playouts are not hurried.
    pub fn think_haste(self) -> u32 {
        match self {
            Pace::Slow => 1,
            Pace::Normal => 8,
            Pace::Fast | Pace::Instant => 16,
        }
    }

    /// The next pace towards `slow` (`<`), or this one if it is the slowest.
    pub fn slower(self) -> Pace {
        self.step(-1)
    }

    /// The next pace towards `instant` (`>`), or this one if it is the fastest.
    pub fn faster(self) -> Pace {
        self.step(1)
    }

    fn step(self, by: isize) -> Pace {
        let i = PACES.iter().position(|&p| p == self).unwrap_or(1) as isize;
        PACES[(i + by).clamp(0, PACES.len() as isize - 1) as usize]
    }

    /// The pace `by` steps on (±1) among all four, round from one end to the other: the
    /// setup form's ←→.
    pub fn cycled(self, by: isize) -> Pace {
        let i = PACES.iter().position(|&p| p == self).unwrap_or(1) as isize;
        PACES[(i + by).rem_euclid(PACES.len() as isize) as usize]
    }
}

impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Pace {
    type Err = String;

    fn from_str(s: &str) -> Result<Pace, String> {
        PACES
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "no pace is called {:?}; say slow, normal, fast or instant",
                    crate::text::sanitize(s)
                )
            })
    }
}

/// The pace `key` asks for at a table now at `pace`: `<` slower, `>` faster; `None` for
/// any other key.
pub fn pace_key(pace: Pace, key: KeyEvent) -> Option<Pace> {
    match key.code {
        KeyCode::Char('<') => Some(pace.slower()),
        KeyCode::Char('>') => Some(pace.faster()),
        _ => None,
    }
}

impl crate::ui::App {
    /// Sets the pace of the game on screen, or of the game the setup form starts
    /// (`--pace`, or the form's pace line).
    pub fn set_pace(&mut self, pace: Pace) {
        match &mut self.screen {
            crate::ui::Screen::Table(t) => t.set_pace(pace),
            crate::ui::Screen::Setup(form) => form.pace = pace,
            crate::ui::Screen::Replay(_) => {}
        }
    }
}

/// A table whose pace the players set: the card table and the dice table, through the
/// shell every table holds.
pub trait Paced {
    /// The table's pace.
    fn pace(&self) -> Pace;
    /// Sets it.
    fn set_pace(&mut self, pace: Pace);
    /// Sets it from the table (`<` `>`), saying so on the message line.
    fn change_pace(&mut self, pace: Pace);
}

impl<T: crate::ui::coach::CoachedTable> Paced for T {
    fn pace(&self) -> Pace {
        self.shell().pace
    }

    fn set_pace(&mut self, pace: Pace) {
        self.shell_mut().pace = pace;
    }

    fn change_pace(&mut self, pace: Pace) {
        let shell = self.shell_mut();
        let news = if pace == shell.pace {
            format!(
                "The pace stays {pace}: it is the {}.",
                if pace == Pace::Slow {
                    "slowest"
                } else {
                    "fastest"
                }
            )
        } else {
            format!("Pace: {pace} (< slower, > faster).")
        };
        shell.pace = pace;
        shell.message = Some((news, false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paces_step_and_stop_at_the_ends() {
        assert_eq!(Pace::default().faster(), Pace::Fast);
        assert_eq!(Pace::Instant.faster(), Pace::Instant);
        assert_eq!(Pace::Slow.slower(), Pace::Slow);
        assert_eq!(Pace::Instant.cycled(1), Pace::Slow);
        assert_eq!("FAST".parse::<Pace>(), Ok(Pace::Fast));
        assert!(
            "quick"
                .parse::<Pace>()
                .unwrap_err()
                .contains("slow, normal")
        );
    }

    #[test]
    fn a_faster_pace_never_waits_longer() {
        for w in PACES.windows(2) {
            assert!(w[1].bot_move() < w[0].bot_move());
            assert!(w[1].bot_talk() < w[0].bot_talk());
            assert!(w[1].think_haste() >= w[0].think_haste());
            assert!(w[1].floor() <= w[0].floor());
        }
    }
}
