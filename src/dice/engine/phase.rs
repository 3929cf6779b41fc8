//! The steps of a turn.

use serde::{Deserialize, Serialize};

/// Where the active player is in their turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnPhase {
    /// The active player rolls every die not in the bean field.
    Roll,
    /// The dice just rolled lie on the table and the others have checked them: the active
    /// player saves at least one of them, or repeats the roll with the bean piece.
    Save,
    /// All five dice are in the bean field and the active player has checked their own card:
    /// they hand the bean piece on.
    Pass,
    /// The game is over.
    Over,
}
