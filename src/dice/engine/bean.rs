//! The six bean kinds on the dice, and sets of them for slots that accept a choice.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A bean kind a die face can show. Actions, events and views name beans by these names.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Bean {
    Garden,
    Green,
    Red,
    Stink,
    Soy,
    Blue,
}

impl Bean {
    /// Every kind, in the order the rulebook introduces them.
    pub const ALL: [Bean; 6] = [
        Bean::Garden,
        Bean::Green,
        Bean::Red,
        Bean::Stink,
        Bean::Soy,
        Bean::Blue,
    ];

    /// The name used in ruleset files, JSON and on screen.
    pub fn name(self) -> &'static str {
        match self {
            Bean::Garden => "Garden",
            Bean::Green => "Green",
            Bean::Red => "Red",
            Bean::Stink => "Stink",
            Bean::Soy => "Soy",
            Bean::Blue => "Blue",
        }
    }

    /// The kind called `name`, as written in a ruleset file.
    pub fn from_name(name: &str) -> Option<Bean> {
        Bean::ALL.into_iter().find(|b| b.name() == name)
    }

    /// The kind's position in [`Bean::ALL`], for compact tables.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Bean {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of bean kinds: what one slot of an order accepts.
///
/// A bit per kind keeps the fulfilment check, run thousands of times per loaded ruleset, to a
/// single `and`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BeanSet(u8);

impl BeanSet {
    /// The set holding only `bean`.
    pub fn only(bean: Bean) -> BeanSet {
        BeanSet(1 << bean.index())
    }

    /// This set with `bean` added.
    pub fn with(self, bean: Bean) -> BeanSet {
        BeanSet(self.0 | (1 << bean.index()))
    }

    /// Whether `bean` is in the set.
    pub fn contains(self, bean: Bean) -> bool {
        self.0 & (1 << bean.index()) != 0
    }

    /// The kinds in the set, in [`Bean::ALL`] order.
    pub fn beans(self) -> impl Iterator<Item = Bean> {
        Bean::ALL.into_iter().filter(move |b| self.contains(*b))
    }

    /// How many kinds the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no kind.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every kind in either set.
    pub fn union(self, other: BeanSet) -> BeanSet {
        BeanSet(self.0 | other.0)
    }

    /// Whether every kind in this set is in `other`.
    pub fn is_subset(self, other: BeanSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The set's position among the 64 sets of the six kinds, for compact tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl Serialize for BeanSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.beans())
    }
}

impl<'de> Deserialize<'de> for BeanSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(BeanSetVisitor)
    }
}

/// Reads a list of bean names one at a time, so a long list from untrusted input allocates
/// nothing.
struct BeanSetVisitor;

impl<'de> serde::de::Visitor<'de> for BeanSetVisitor {
    type Value = BeanSet;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of bean names")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<BeanSet, A::Error> {
        let mut set = BeanSet::default();
        while let Some(bean) = seq.next_element::<Bean>()? {
            set = set.with(bean);
        }
        Ok(set)
    }
}
