//! Who plays a seat, in the one form both games' saves share.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A saved seat: `"human"`, or `{"bot": NAME}` naming one of the game's bots (the card
/// game's random, greedy, mcts; the dice game's random, greedy, expect, strong). Each game reads
/// it into its own seat kind ([`SavedSeat::read`]), so a bot the game does not have is
/// refused there, by name.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SavedSeat {
    /// A person at the keyboard.
    Human,
    /// A bot, by its name.
    Bot(String),
}

impl SavedSeat {
    /// The saved form of a game's own seat kind, which displays as `human` or the bot's name.
    pub fn of(seat: impl fmt::Display) -> SavedSeat {
        let name = seat.to_string();
        if name == "human" {
            SavedSeat::Human
        } else {
            SavedSeat::Bot(name)
        }
    }

    /// The game's own seat kind, or its message naming the kinds it has.
    pub fn read<T: FromStr<Err = String>>(&self) -> Result<T, String> {
        match self {
            SavedSeat::Human => "human".parse(),
            SavedSeat::Bot(name) => name.parse(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{BotKind, SeatKind};
    use crate::dice::bots::DiceBotKind;
    use crate::dice::bots::DiceSeat;

    #[test]
    fn both_games_seats_round_trip_and_refuse_the_others_bots() {
        for seat in [SeatKind::Human, SeatKind::Bot(BotKind::Mcts)] {
            assert_eq!(SavedSeat::of(seat).read::<SeatKind>(), Ok(seat));
        }
        let expect = DiceSeat::Bot(DiceBotKind::Expect);
        assert_eq!(SavedSeat::of(expect).read::<DiceSeat>(), Ok(expect));
        assert!(SavedSeat::of(expect).read::<SeatKind>().is_err());
        let json = serde_json::to_string(&SavedSeat::of(expect)).unwrap();
        assert_eq!(json, r#"{"bot":"expect"}"#);
        assert_eq!(
            serde_json::to_string(&SavedSeat::Human).unwrap(),
            r#""human""#
        );
    }
}
