//! Harvest cards: five orders each, covered from the bottom up.

use serde::Serialize;

use super::bean::Bean;
use super::order::Order;

/// How many orders a harvest card shows.
pub const ORDERS_PER_CARD: usize = 5;

/// Which harvest card: its position in the ruleset's list.
pub type CardId = usize;

/// A harvest card. `orders[0]` is the bottom (easiest) order, covered first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct HarvestCard {
    pub orders: [Order; ORDERS_PER_CARD],
}

impl HarvestCard {
    /// How many orders in a row, starting at `from` (0 = the bottom), the shown beans fulfil:
    /// what a check covers on a card with `from` orders already covered.
    pub fn fulfilled_in_a_row(&self, from: usize, shown: &[Bean]) -> usize {
        self.orders
            .iter()
            .skip(from)
            .take_while(|order| order.fulfilled_by(shown))
            .count()
    }
}
