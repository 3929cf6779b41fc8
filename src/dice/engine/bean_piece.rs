//! The bean piece: who holds it is the active player, and laid on its back it shows that
//! this turn's one repeated roll is spent.

use serde::{Deserialize, Serialize};

/// Whether the active player may still repeat a roll this turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BeanPiece {
    /// Standing: the roll just made may be repeated once.
    Ready,
    /// On its back: this turn's repeat is used.
    Used,
}
