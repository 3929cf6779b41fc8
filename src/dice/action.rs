//! What a player can do in the dice game.

use serde::{Deserialize, Serialize};

use super::die::DieId;

/// One thing one player does; who acts is given beside it
/// ([`DiceState::apply`](super::DiceState::apply)).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum DiceAction {
    /// The active player rolls every die not in the bean field.
    Roll,
    /// The active player lays the bean piece on its back and rolls the dice just rolled again.
    RepeatRoll,
    /// The active player places these dice (ids 0–4, from the dice just rolled) in the bean
    /// field; at least one.
    Save { dice: Vec<DieId> },
    /// With all five dice in the bean field, the active player hands the bean piece on.
    PassBeanPiece,
    /// Any player with enough covered orders harvests their top card.
    Harvest,
}
