//! How a finished dice game ended.

use serde::{Deserialize, Serialize};

use super::state::Seat;

/// The result: most dollars wins, and tied players share the victory.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DiceOutcome {
    /// Each seat's bean dollars.
    pub dollars: Vec<u32>,
    /// Every seat with the most dollars.
    pub winners: Vec<Seat>,
}

impl DiceOutcome {
    /// The outcome of a game that ended with these dollars.
    pub fn from_dollars(dollars: Vec<u32>) -> DiceOutcome {
        let best = dollars.iter().copied().max().unwrap_or(0);
        let winners = (0..dollars.len()).filter(|&s| dollars[s] == best).collect();
        DiceOutcome { dollars, winners }
    }
}
