//! Harvest cards: five orders each, covered from the bottom up.

use serde::Serialize;

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
