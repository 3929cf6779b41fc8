//! Slices of a run, so a big run can be spread over machines and its reports merged.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The most slices a run may be cut into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// The `index`-th (from 1) of `count` slices of a run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The units (games, or deals in duplicate mode) of a run of `total` that this slice
    /// plays: consecutive, so the slices' seeds do not interleave.
    pub fn units(&self, total: u64) -> UnitRange {
        let cut = |k: u64| (u128::from(total) * u128::from(k) / u128::from(self.count)) as u64;
        UnitRange {
            start: cut(self.index - 1),
            end: cut(self.index),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N`, with 1 ≤ K ≤ N ≤ [`MAX_SHARDS`].
    fn from_str(s: &str) -> Result<Self, String> {
        let wanted = || format!("a shard is K/N with 1 <= K <= N <= {MAX_SHARDS}, like 2/8");
        let (k, n) = s.split_once('/').ok_or_else(wanted)?;
        let (index, count) = match (k.trim().parse::<u64>(), n.trim().parse::<u64>()) {
            (Ok(k), Ok(n)) => (k, n),
            _ => return Err(wanted()),
        };
        if index == 0 || index > count || count > MAX_SHARDS {
            return Err(wanted());
        }
        Ok(Shard { index, count })
    }
}

/// Units `start..end` of a run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct UnitRange {
    /// The first unit.
    pub start: u64,
    /// One past the last.
    pub end: u64,
}

impl UnitRange {
    /// How many units.
    pub fn len(&self) -> u64 {
        self.end.saturating_sub(self.start)
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The union of two sorted lists of disjoint ranges, adjacent ranges joined; `Err` with
/// the first overlap.
pub fn union(a: &[UnitRange], b: &[UnitRange]) -> Result<Vec<UnitRange>, UnitRange> {
    let mut all: Vec<UnitRange> = a
        .iter()
        .chain(b)
        .copied()
        .filter(|r| !r.is_empty())
        .collect();
    all.sort_by_key(|r| r.start);
    let mut out: Vec<UnitRange> = Vec::with_capacity(all.len());
    for r in all {
        match out.last_mut() {
            Some(last) if r.start < last.end => {
                return Err(UnitRange {
                    start: r.start,
                    end: r.end.min(last.end),
                });
            }
            Some(last) if r.start == last.end => last.end = r.end,
            _ => out.push(r),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_the_run_once() {
        let total = 10;
        let mut covered = Vec::new();
        for k in 1..=3 {
            let shard: Shard = format!("{k}/3").parse().unwrap();
            covered = union(&covered, &[shard.units(total)]).unwrap();
        }
        assert_eq!(covered, vec![UnitRange { start: 0, end: 10 }]);
        assert_eq!(Shard::WHOLE.units(7), UnitRange { start: 0, end: 7 });
        let huge = Shard { index: 2, count: 2 }.units(u64::MAX);
        assert_eq!(huge.end, u64::MAX);
    }

    #[test]
    fn overlaps_are_found() {
        let a = [UnitRange { start: 0, end: 5 }];
        let b = [UnitRange { start: 4, end: 8 }];
        assert_eq!(union(&a, &b), Err(UnitRange { start: 4, end: 5 }));
    }

    #[test]
    fn bad_shards_are_refused() {
        for bad in ["0/3", "4/3", "1", "a/b", "1/0", "1/2000000"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
