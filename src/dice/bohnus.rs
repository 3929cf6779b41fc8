//! The Bohnus figure: the exact chance that one roll of all five dice fulfils an order.
//!
//! The rulebook prints it beside each order; we count it from the dice when a ruleset is
//! loaded, so it can never disagree with the dice.

use serde::{Serialize, Serializer};

use super::bean::Bean;
use super::die::Die;
use super::order::Alternative;

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
/// allowed), however the dice are made, which keeps a ruleset of thousands of orders quick
/// to check.
#[derive(Clone, Debug)]
pub struct RollTable {
    results: Vec<([Bean; 5], u32)>,
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
        let mut merged: Vec<([Bean; 5], u32)> = Vec::with_capacity(252);
        for (shown, weight) in results {
            match merged.last_mut() {
                Some((last, w)) if *last == shown => *w += weight,
                _ => merged.push((shown, weight)),
            }
        }
        RollTable { results: merged }
    }

    /// The chance that one roll fulfils any of the alternatives.
    pub fn bohnus(&self, needs: &[Alternative]) -> Bohnus {
        let hits = self
            .results
            .iter()
            .filter(|(shown, _)| needs.iter().any(|a| a.fulfilled_by(shown)))
            .map(|(_, weight)| weight)
            .sum();
        Bohnus { hits }
    }
}
