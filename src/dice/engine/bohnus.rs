//! The Bohnus figure: the exact chance that one roll of all five dice fulfils an order.
//!
//! The rulebook prints it beside each order; we count it from the dice when a ruleset is
//! loaded, so it can never disagree with the dice.

use serde::{Serialize, Serializer};

use super::bean::{Bean, BeanSet};
use super::die::{DICE, Die};
use super::order::{Alternative, Slot};

/// All equally likely results of rolling every die once: 6^5 = 7,776 for five dice.
pub const OUTCOMES: u32 = 7776;

/// A chance out of [`OUTCOMES`]: `hits` of the 7,776 equally likely rolls fulfil the order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Bohnus {
    pub hits: u32,
}

impl Bohnus {
    /// The chance as a percentage, as printed beside an order.
    pub fn percent(self) -> f64 {
        f64::from(self.hits) * 100.0 / f64::from(OUTCOMES)
    }

    /// The chance as a fraction in lowest terms, `(numerator, denominator)`.
    pub fn fraction(self) -> (u32, u32) {
        let g = gcd(self.hits, OUTCOMES);
        (self.hits / g, OUTCOMES / g)
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

impl Serialize for Bohnus {
    /// The percentage rounded to two decimals, as the rulebook prints it.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64((self.percent() * 100.0).round() / 100.0)
    }
}

/// Every distinct result of rolling the dice once, with how many of the 7,776 face
/// combinations show it. An order asks only which beans show, not on which die, so a result
/// is the beans shown in sorted order: at most 252 of them (five of six kinds, repeats
/// allowed), however the dice are made.
///
/// Each result keeps, for every set of kinds, how many of its dice show a kind of the set.
/// By Hall's theorem an alternative's slots each get a die of their own exactly when, for
/// every set of kinds, the slots accepting only kinds of that set are no more than the dice
/// showing one ([`Demands`]): a few comparisons per result, where trying every way of giving
/// slots dice took up to hundreds of steps. So checking a ruleset costs a fixed amount per
/// alternative, linear in its cards, and a hostile one of hundreds of cards is refused at once.
#[derive(Clone, Debug)]
pub struct RollTable {
    results: Vec<Roll>,
}

/// One distinct result of a roll.
#[derive(Clone, Debug)]
struct Roll {
    /// How many of the 7,776 face combinations show it.
    weight: u32,
    /// For each set of kinds (by [`BeanSet::index`]), how many dice show a kind in it.
    showing: [u8; SETS],
}

/// How many sets of the six kinds there are.
const SETS: usize = 64;

/// The most distinct results a roll of five dice has: five of six kinds, repeats allowed.
const MAX_RESULTS: usize = 252;

/// Which results of a [`RollTable`] fulfil something: a bit per result.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Hits([u64; MAX_RESULTS.div_ceil(64)]);

impl Hits {
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn contains(self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }

    fn union(self, other: Hits) -> Hits {
        Hits(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }
}

/// Hall's condition for one alternative: for each set of kinds that is a union of some of
/// its slots' sets, how many slots accept only kinds of it. The slots each get a die of
/// their own exactly when every such set has at least that many dice showing one of its
/// kinds. An alternative a roll can fulfil has at most five slots, so at most 31 such sets.
struct Demands(Vec<(BeanSet, u8)>);

impl Demands {
    /// The demands of `alternative`, which has at most [`DICE`] slots.
    fn of(alternative: &Alternative) -> Demands {
        let mut distinct: Vec<Slot> = Vec::new();
        for slot in &alternative.slots {
            if !distinct.contains(slot) {
                distinct.push(*slot);
            }
        }
        let mut demands: Vec<(BeanSet, u8)> = Vec::new();
        for pick in 1..1u32 << distinct.len() {
            let kinds = (distinct.iter().enumerate())
                .filter(|(d, _)| pick & (1 << d) != 0)
                .fold(BeanSet::default(), |set, (_, slot)| set.union(*slot));
            if demands.iter().any(|(set, _)| *set == kinds) {
                continue;
            }
            let slots = alternative
                .slots
                .iter()
                .filter(|s| s.is_subset(kinds))
                .count();
            demands.push((kinds, slots as u8));
        }
        Demands(demands)
    }

    fn met_by(&self, roll: &Roll) -> bool {
        self.0
            .iter()
            .all(|(kinds, slots)| roll.showing[kinds.index()] >= *slots)
    }
}

/// The chances of one order: the whole order's, and each of its alternatives' alone.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chances {
    /// The chance that one roll fulfils any of the alternatives: the order's Bohnus.
    pub order: Bohnus,
    /// The chance of each alternative alone, in the order's order.
    pub alternatives: Vec<Bohnus>,
}

impl RollTable {
    /// Counts the results of rolling `dice` (exactly five) once.
    pub fn new(dice: &[Die; 5]) -> RollTable {
        let mut results = vec![([Bean::Garden; 5], 1)];
        for (i, die) in dice.iter().enumerate() {
            let kinds = die.weighted_kinds();
            results = results
                .iter()
                .flat_map(|(shown, weight)| {
                    kinds.iter().map(move |(bean, faces)| {
                        let mut next = *shown;
                        next[i] = *bean;
                        (next, weight * faces)
                    })
                })
                .collect();
        }
        for (shown, _) in &mut results {
            shown.sort_unstable();
        }
        results.sort_unstable();
        let mut merged: Vec<([Bean; 5], u32)> = Vec::with_capacity(MAX_RESULTS);
        for (shown, weight) in results {
            match merged.last_mut() {
                Some((last, w)) if *last == shown => *w += weight,
                _ => merged.push((shown, weight)),
            }
        }
        let results = merged
            .into_iter()
            .map(|(shown, weight)| Roll {
                weight,
                showing: std::array::from_fn(|set| {
                    let shows = |bean: &&Bean| set & (1 << bean.index()) != 0;
                    shown.iter().filter(shows).count() as u8
                }),
            })
            .collect();
        RollTable { results }
    }

    /// The chance that one roll fulfils any of the alternatives.
    pub fn bohnus(&self, needs: &[Alternative]) -> Bohnus {
        self.chances(needs).order
    }

    /// The chance of the order made of `needs`, and of each alternative alone: each
    /// alternative is checked against the table once.
    pub fn chances(&self, needs: &[Alternative]) -> Chances {
        let each: Vec<Hits> = needs.iter().map(|a| self.hits(a)).collect();
        let any = each.iter().fold(Hits::default(), |all, h| all.union(*h));
        Chances {
            order: self.weigh(any),
            alternatives: each.into_iter().map(|h| self.weigh(h)).collect(),
        }
    }

    /// The results that fulfil `alternative`.
    fn hits(&self, alternative: &Alternative) -> Hits {
        let mut hits = Hits::default();
        if alternative.slots.len() > DICE {
            return hits;
        }
        let demands = Demands::of(alternative);
        for (i, roll) in self.results.iter().enumerate() {
            if demands.met_by(roll) {
                hits.insert(i);
            }
        }
        hits
    }

    /// The chance of the results in `hits`.
    fn weigh(&self, hits: Hits) -> Bohnus {
        let hits = (self.results.iter().enumerate())
            .filter(|(i, _)| hits.contains(*i))
            .map(|(_, roll)| roll.weight)
            .sum();
        Bohnus { hits }
    }
}
