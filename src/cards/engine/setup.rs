//! The older, shorter way to write a position: a setup places cards and the turn begins at
//! phase 1. It is read as a [`Position`], by the same loader.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::event_sink::EventSink;
use super::order::OrderCard;
use super::position::{HandOrder, Planted, PlayerPosition, Position, Unplaced};
use super::position_error::{PositionError, PositionProblem};
use super::ruleset::Ruleset;
use super::state::GameState;

/// A bean field in a setup.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldSetup {
    /// The kind's name, as in the ruleset.
    pub bean: String,
    /// How many are planted.
    pub count: u32,
    /// Mixed patches: the layers buried under these beans, bottom first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buried: Vec<FieldSetup>,
}

/// A position written as plain data, with bean kinds by name: nothing is checked until
/// [`GameState::from_setup`] turns it into a game (read as a [`Position`]).
///
/// The game starts at phase 1 of the active player's turn. Anything left out is empty.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Setup {
    /// Each player's hand, front card first. Where order cards are played, an order card is
    /// written as its numbers, such as "3/4" (one per hand at most).
    pub hands: Vec<Vec<String>>,
    /// Each player's fields, first field first; `null` (or a shorter list) for empty fields.
    pub fields: Vec<Vec<Option<FieldSetup>>>,
    /// Each player's coins; the coin cards are taken at random from the unplaced cards.
    pub coins: Vec<u32>,
    /// The top of the draw pile, the next card to be drawn first.
    pub draw_pile_top: Vec<String>,
    /// The discard pile, bottom first, top card last.
    pub discard_pile: Vec<String>,
    /// The bean duel: cards the opponent left as an offer, for the active player to plant or
    /// discard first.
    pub offered: Vec<String>,
    /// Whose turn it is.
    pub active_player: usize,
    /// Who started the game (ties are broken from this seat).
    pub starting_player: usize,
    /// How many times the draw pile has already run out.
    pub draw_pile_runs_out: u32,
    /// Where the cards not placed above go.
    pub unplaced_cards: Unplaced,
}

/// Why a setup is not a position the game can be in: the position's error, naming the key
/// of the position the setup was read as.
pub type SetupError = PositionError;

impl Setup {
    /// The same position in the [`Position`] form, for `players` seats. Order cards written
    /// in a hand become the hand's order card where `ruleset` plays them.
    pub fn to_position(&self, ruleset: &Ruleset, players: usize) -> Result<Position, SetupError> {
        for (key, given) in [
            ("hands", self.hands.len()),
            ("fields", self.fields.len()),
            ("coins", self.coins.len()),
        ] {
            if given > players {
                let problem = PositionProblem::SeatCount { given, players };
                return Err(PositionError::at(key, problem));
            }
        }
        let mut seats = vec![PlayerPosition::default(); players];
        for (p, hand) in self.hands.iter().enumerate() {
            for name in hand {
                let order = (!ruleset.order_cards.is_empty())
                    .then(|| name.parse::<OrderCard>().ok())
                    .flatten();
                let seat = &mut seats[p];
                match order {
                    Some(_) if seat.hand_order.is_some() => {
                        return Err(PositionError::at(
                            format!("hands[{p}]"),
                            PositionProblem::TwoOrders,
                        ));
                    }
                    Some(order) => {
                        seat.hand_order = Some(HandOrder {
                            order,
                            beans_in_front: seat.hand.len(),
                        });
                    }
                    None => seat.hand.push(name.clone()),
                }
            }
        }
        for (p, fields) in self.fields.iter().enumerate() {
            let planted = |f: &FieldSetup| Planted {
                bean: f.bean.clone(),
                count: f.count,
            };
            seats[p].fields = fields.iter().map(|f| f.as_ref().map(planted)).collect();
            let buried = fields
                .iter()
                .map(|f| {
                    f.iter()
                        .flat_map(|f| f.buried.iter().map(planted))
                        .collect()
                })
                .collect::<Vec<Vec<Planted>>>();
            if buried.iter().any(|layers| !layers.is_empty()) {
                seats[p].buried = Some(buried);
            }
        }
        for (seat, &coins) in seats.iter_mut().zip(&self.coins) {
            seat.coins = Some(coins);
        }
        Ok(Position {
            players: seats,
            draw_pile_cards: Some(self.draw_pile_top.clone()),
            discard_pile_cards: self.discard_pile.clone(),
            offered: self.offered.clone(),
            active_player: self.active_player,
            starting_player: self.starting_player,
            draw_pile_runs_out: self.draw_pile_runs_out,
            unplaced_cards: Some(self.unplaced_cards),
            ..Position::default()
        })
    }
}

impl GameState {
    /// Checks `setup` against the ruleset and starts the game there, at phase 1 of the active
    /// player's turn. `seed` shuffles the unplaced cards and every later reshuffle.
    pub fn from_setup(
        ruleset: &Arc<Ruleset>,
        players: usize,
        setup: &Setup,
        seed: u64,
        events: &mut impl EventSink,
    ) -> Result<GameState, SetupError> {
        let position = setup.to_position(ruleset, players)?;
        GameState::from_position(ruleset, players, &position, seed, events)
    }
}
