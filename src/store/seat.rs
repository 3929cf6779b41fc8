//! Who plays a seat, in the one form both games' saves share.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::{SeatKind, Seated};

/// A saved seat: `"human"`, or `{"bot": NAME}` naming one of the game's bots (the card
/// game's random, greedy, mcts; the dice game's random, greedy, expect, strong). It is read for
/// its game ([`SavedSeat::read`]), so a bot the game does not have is refused there, by
/// name.
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

    /// The seat kind in game `G`, or its message naming the kinds it has.
    pub fn read<G: Seated>(&self) -> Result<SeatKind, String> {
        match self {
            SavedSeat::Human => Ok(SeatKind::Human),
            SavedSeat::Bot(name) => SeatKind::parse_for::<G>(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::cards::bots::names::MCTS;
    use crate::dice::Dice;
    use crate::dice::bots::names::EXPECT;

    #[test]
    fn both_games_seats_round_trip_and_refuse_the_others_bots() {
        for seat in [SeatKind::Human, SeatKind::Bot(MCTS)] {
            assert_eq!(SavedSeat::of(seat).read::<Cards>(), Ok(seat));
        }
        let expect = SeatKind::Bot(EXPECT);
        assert_eq!(SavedSeat::of(expect).read::<Dice>(), Ok(expect));
        assert!(SavedSeat::of(expect).read::<Cards>().is_err());
        let json = serde_json::to_string(&SavedSeat::of(expect)).unwrap();
        assert_eq!(json, r#"{"bot":"expect"}"#);
        assert_eq!(
            serde_json::to_string(&SavedSeat::Human).unwrap(),
            r#""human""#
        );
    }
}
