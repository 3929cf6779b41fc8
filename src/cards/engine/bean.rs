//! Bean kinds: the cards of the game.

use serde::{Deserialize, Serialize};

use super::beanometer::Beanometer;

/// One kind of bean, as its position in the ruleset's list of kinds.
///
/// Cards of one kind are interchangeable, so a bean card *is* its kind: zones hold
/// `BeanKind`s and conservation is counted per kind. The index is only meaningful
/// together with the [`Ruleset`](super::Ruleset) that defined it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BeanKind(pub(crate) u8);

impl BeanKind {
    /// The kind at `index` in the ruleset's list of kinds.
    pub fn new(index: usize) -> Self {
        BeanKind(u8::try_from(index).expect("a ruleset has at most 255 bean kinds"))
    }

    /// Position in the ruleset's list of kinds, for indexing per-kind tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// What a ruleset says about one bean kind: its name, how many cards it has and its beanometer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BeanInfo {
    /// The name printed on the card, without "bean" ("Blue", "Black-eyed").
    pub name: String,
    /// One letter that stands for the kind where colour cannot (NO_COLOR, colour-blind players).
    pub letter: char,
    /// How many cards of this kind the deck holds.
    pub count: u16,
    /// How many cards must be harvested together for each number of coins.
    pub beanometer: Beanometer,
    /// Field beans: harvesting exactly this many gives the player a third bean field
    /// instead of coins (or nothing if they have one already).
    pub gives_third_field_at: Option<u32>,
}
