//! Orders: what the dice must show to cover one line of a harvest card.
//!
//! An order is one or more alternatives ("2 Green or 2 Soy"); an alternative is a list of
//! slots, each needing its own die; a slot names one bean or a choice of two ("1 Soy or
//! Green"). One die result may serve several orders, but within one alternative each slot
//! needs a die of its own.

use serde::{Deserialize, Serialize};

use super::bean::{Bean, BeanSet};
use super::bohnus::Bohnus;

/// One die's worth of an order: the kinds it accepts.
pub type Slot = BeanSet;

/// One way to fulfil an order: every slot matched by a different die.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Alternative {
    pub slots: Vec<Slot>,
}

impl Alternative {
    /// Whether the shown beans give every slot a die of its own.
    pub fn fulfilled_by(&self, shown: &[Bean]) -> bool {
        self.slots.len() <= shown.len() && match_slots(&self.slots, shown, 0)
    }
}

/// Tries to give the first slot one of the unused dice, then the rest recursively; at most
/// five slots and five dice, so the search is tiny.
fn match_slots(slots: &[Slot], shown: &[Bean], used: u8) -> bool {
    let Some((first, rest)) = slots.split_first() else {
        return true;
    };
    shown.iter().enumerate().any(|(i, bean)| {
        used & (1 << i) == 0 && first.contains(*bean) && match_slots(rest, shown, used | (1 << i))
    })
}

/// One line of a harvest card, with its Bohnus figure worked out from the dice.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Order {
    /// Alternatives, any of which fulfils the order.
    pub needs: Vec<Alternative>,
    /// The chance that one roll of all five dice fulfils the order.
    pub bohnus: Bohnus,
}

impl Order {
    /// Whether the shown beans (the dice just rolled, or the bean field) fulfil the order.
    pub fn fulfilled_by(&self, shown: &[Bean]) -> bool {
        self.needs.iter().any(|a| a.fulfilled_by(shown))
    }
}
