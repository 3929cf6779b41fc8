//! Who plays a seat in the dice game: a person or one of the dice bots (the screen, the
//! saves and the simulator all read it).

use std::fmt;
use std::str::FromStr;

use super::DiceBotKind;

/// A person at the keyboard, or a dice bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiceSeat {
    /// A person: the keys act for this seat.
    Human,
    /// A bot of this kind plays the seat at the screen's pace.
    Bot(DiceBotKind),
}

impl DiceSeat {
    /// Every seat kind, the person first: the order the setup screen steps through.
    pub fn all() -> Vec<DiceSeat> {
        std::iter::once(DiceSeat::Human)
            .chain(DiceBotKind::ALL.into_iter().map(DiceSeat::Bot))
            .collect()
    }

    /// The name a seat of this kind gets when none is given: "Player 1", "Expect 2".
    pub fn default_name(self, seat: usize) -> String {
        match self {
            DiceSeat::Human => format!("Player {}", seat + 1),
            DiceSeat::Bot(k) => {
                let name = k.name();
                format!("{}{} {}", name[..1].to_uppercase(), &name[1..], seat + 1)
            }
        }
    }
}

impl fmt::Display for DiceSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceSeat::Human => f.write_str("human"),
            DiceSeat::Bot(k) => f.write_str(k.name()),
        }
    }
}

impl FromStr for DiceSeat {
    type Err = String;
    fn from_str(s: &str) -> Result<DiceSeat, String> {
        DiceSeat::all()
            .into_iter()
            .find(|k| k.to_string().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "no dice seat kind is called {:?}; say human, random, greedy, expect or strong",
                    crate::text::sanitize(s)
                )
            })
    }
}
