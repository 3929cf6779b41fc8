//! Running totals that merge exactly: counts, sums and histograms of whole numbers, never
//! floats whose value depends on the order they were added in. Shards of a run played on
//! different machines add up to the very totals of one run.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The 95% normal quantile.
const Z95: f64 = 1.959_964;

/// The Wilson score interval for `wins` of `n` at 95%.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + Z95 * Z95 / n;
    let centre = (p + Z95 * Z95 / (2.0 * n)) / denom;
    let half = Z95 * ((p * (1.0 - p) + Z95 * Z95 / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Why two sets of totals cannot be added up.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MergeError {
    /// Histograms bucketed differently come from different versions or are damaged.
    #[error("{2}: histograms with buckets {0} and {1} wide cannot be added")]
    BucketWidth(u64, u64, String),
    /// The reports describe different runs.
    #[error("the reports are of different runs: {0}")]
    DifferentRuns(String),
    /// Two reports counted the same games.
    #[error("the reports overlap: games {0} to {1} are in two of them")]
    Overlap(u64, u64),
    /// A total overflowed, or a report's numbers contradict each other.
    #[error("the report is damaged: {0}")]
    Damaged(String),
}

/// The distribution of a whole-number quantity over many games: exact count, sum and sum
/// of squares (for the mean and spread), extremes, and a histogram in buckets of a fixed
/// width.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Distribution {
    /// Values counted.
    pub count: u64,
    /// Their sum.
    pub sum: u128,
    /// The sum of their squares.
    pub sum_squares: u128,
    /// The smallest value, if any.
    pub min: Option<u64>,
    /// The largest value, if any.
    pub max: Option<u64>,
    /// How many values each histogram bucket holds (bucket `b` counts `b ..= b + w − 1`).
    pub bucket_width: u64,
    /// Values counted per bucket, keyed by the bucket's first value.
    pub buckets: BTreeMap<u64, u64>,
}

/// Mean, spread and quantiles of a distribution, for printing.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize)]
pub struct Summary {
    /// The mean.
    pub mean: f64,
    /// The standard deviation (of the sample, n − 1).
    pub sd: f64,
    /// The smallest value.
    pub min: u64,
    /// The 10th percentile (to the histogram's bucket).
    pub p10: u64,
    /// The median (to the histogram's bucket).
    pub median: u64,
    /// The 90th percentile (to the histogram's bucket).
    pub p90: u64,
    /// The largest value.
    pub max: u64,
}

impl Distribution {
    /// An empty distribution bucketed `bucket_width` values at a time (at least 1).
    pub fn new(bucket_width: u64) -> Self {
        Distribution {
            count: 0,
            sum: 0,
            sum_squares: 0,
            min: None,
            max: None,
            bucket_width: bucket_width.max(1),
            buckets: BTreeMap::new(),
        }
    }

    /// Counts one value.
    pub fn add(&mut self, x: u64) {
        self.count += 1;
        self.sum += u128::from(x);
        self.sum_squares += u128::from(x) * u128::from(x);
        self.min = Some(self.min.map_or(x, |m| m.min(x)));
        self.max = Some(self.max.map_or(x, |m| m.max(x)));
        let width = self.bucket_width.max(1);
        *self.buckets.entry(x / width * width).or_insert(0) += 1;
    }

    /// Adds another distribution's values to these.
    pub fn merge(&mut self, other: &Distribution, what: &str) -> Result<(), MergeError> {
        if self.bucket_width != other.bucket_width {
            return Err(MergeError::BucketWidth(
                self.bucket_width,
                other.bucket_width,
                what.to_string(),
            ));
        }
        let damaged = || MergeError::Damaged(format!("{what} overflows"));
        self.count = self.count.checked_add(other.count).ok_or_else(damaged)?;
        self.sum = self.sum.checked_add(other.sum).ok_or_else(damaged)?;
        self.sum_squares = (self.sum_squares)
            .checked_add(other.sum_squares)
            .ok_or_else(damaged)?;
        self.min = match (self.min, other.min) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        self.max = self.max.max(other.max);
        for (&bucket, &n) in &other.buckets {
            let slot = self.buckets.entry(bucket).or_insert(0);
            *slot = slot.checked_add(n).ok_or_else(damaged)?;
        }
        Ok(())
    }

    /// Whether the histogram agrees with the count and the extremes (a report read from a
    /// file may not).
    pub fn is_consistent(&self) -> bool {
        self.bucket_width > 0
            && self
                .buckets
                .values()
                .try_fold(0u64, |a, &n| a.checked_add(n))
                == Some(self.count)
            && self.min.is_some() == (self.count > 0)
            && self.max.is_some() == (self.count > 0)
            && self.min <= self.max
    }

    /// The mean (0 when empty).
    pub fn mean(&self) -> f64 {
        if self.count == 0 {
            0.0
        } else {
            self.sum as f64 / self.count as f64
        }
    }

    /// The sample standard deviation (0 for fewer than two values).
    pub fn sd(&self) -> f64 {
        sample_sd(self.count, self.sum as f64, self.sum_squares as f64)
    }

    /// The first value of the bucket that holds the `q`-th quantile (0 ≤ q ≤ 1), clamped to
    /// the extremes.
    pub fn quantile(&self, q: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((q * self.count as f64).ceil() as u64).clamp(1, self.count);
        let (low, high) = (self.min.unwrap_or(0), self.max.unwrap_or(0));
        let mut seen = 0u64;
        for (&bucket, &n) in &self.buckets {
            seen = seen.saturating_add(n);
            if seen >= rank {
                return bucket.clamp(low, high.max(low));
            }
        }
        high
    }

    /// Mean, spread and quantiles.
    pub fn summary(&self) -> Summary {
        Summary {
            mean: self.mean(),
            sd: self.sd(),
            min: self.min.unwrap_or(0),
            p10: self.quantile(0.1),
            median: self.quantile(0.5),
            p90: self.quantile(0.9),
            max: self.max.unwrap_or(0),
        }
    }
}

/// The sample standard deviation from a count, a sum and a sum of squares.
fn sample_sd(count: u64, sum: f64, sum_squares: f64) -> f64 {
    if count < 2 {
        return 0.0;
    }
    let n = count as f64;
    ((sum_squares - sum * sum / n) / (n - 1.0)).max(0.0).sqrt()
}

/// Exact sums of a signed whole-number quantity, for a paired difference's mean and interval.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct SignedMoments {
    /// Values counted.
    pub count: u64,
    /// Their sum.
    pub sum: i128,
    /// The sum of their squares.
    pub sum_squares: u128,
}

/// A mean with its 95% interval.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl SignedMoments {
    /// Counts one value.
    pub fn add(&mut self, x: i64) {
        self.count += 1;
        self.sum += i128::from(x);
        self.sum_squares += u128::from(x.unsigned_abs()) * u128::from(x.unsigned_abs());
    }

    /// Adds another's values to these.
    pub fn merge(&mut self, other: &SignedMoments) -> Result<(), MergeError> {
        let damaged = || MergeError::Damaged("a paired difference overflows".into());
        self.count = self.count.checked_add(other.count).ok_or_else(damaged)?;
        self.sum = self.sum.checked_add(other.sum).ok_or_else(damaged)?;
        self.sum_squares = (self.sum_squares)
            .checked_add(other.sum_squares)
            .ok_or_else(damaged)?;
        Ok(())
    }

    /// The mean of the values divided by `scale`, with its 95% interval (normal
    /// approximation: the mean ± 1.96 standard errors).
    pub fn estimate(&self, scale: f64) -> Estimate {
        if self.count == 0 || scale == 0.0 {
            return Estimate::default();
        }
        let n = self.count as f64;
        let mean = self.sum as f64 / n;
        let sd = sample_sd(self.count, self.sum as f64, self.sum_squares as f64);
        let half = Z95 * sd / n.sqrt();
        Estimate {
            mean: mean / scale,
            low: (mean - half) / scale,
            high: (mean + half) / scale,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distribution_knows_its_mean_spread_and_quantiles() {
        let mut d = Distribution::new(1);
        for x in [2, 4, 4, 4, 5, 5, 7, 9] {
            d.add(x);
        }
        assert_eq!(d.mean(), 5.0);
        assert!((d.sd() - (32.0f64 / 7.0).sqrt()).abs() < 1e-12);
        let s = d.summary();
        assert_eq!((s.min, s.median, s.max), (2, 4, 9));
        assert_eq!((s.p10, s.p90), (2, 9));
        assert!(d.is_consistent());
    }

    #[test]
    fn wide_buckets_clamp_quantiles_to_the_extremes() {
        let mut d = Distribution::new(25);
        for x in [30, 31, 70] {
            d.add(x);
        }
        assert_eq!(d.buckets.get(&25), Some(&2));
        assert_eq!(d.buckets.get(&50), Some(&1));
        assert_eq!(d.quantile(0.0), 30, "bucket 25 clamped to the minimum");
        assert_eq!(d.quantile(1.0), 50);
    }

    #[test]
    fn merged_parts_equal_the_whole() {
        let mut whole = Distribution::new(10);
        let mut a = Distribution::new(10);
        let mut b = Distribution::new(10);
        for x in 0..200u64 {
            whole.add(x * 7 % 93);
            if x % 3 == 0 { &mut a } else { &mut b }.add(x * 7 % 93);
        }
        b.merge(&a, "test").unwrap();
        assert_eq!(b, whole);
        assert!(matches!(
            b.merge(&Distribution::new(1), "test"),
            Err(MergeError::BucketWidth(10, 1, _))
        ));
        let mut empty = Distribution::new(10);
        empty.merge(&whole, "test").unwrap();
        assert_eq!(empty, whole);
    }

    #[test]
    fn a_damaged_histogram_is_noticed() {
        let mut d = Distribution::new(1);
        d.add(3);
        d.count = 2;
        assert!(!d.is_consistent());
    }

    #[test]
    fn a_paired_difference_has_an_interval() {
        let mut m = SignedMoments::default();
        for x in [-2, 0, 2, 4] {
            m.add(x);
        }
        let e = m.estimate(2.0);
        assert_eq!(e.mean, 0.5);
        // The sd of (-2, 0, 2, 4) is sqrt(20/3); the half-width is 1.96 sd / sqrt(4), halved
        // by the scale.
        let half = Z95 * (20.0f64 / 3.0).sqrt() / 2.0 / 2.0;
        assert!((e.high - 0.5 - half).abs() < 1e-12 && (0.5 - e.low - half).abs() < 1e-12);
    }

    #[test]
    fn totals_survive_json() {
        let mut d = Distribution::new(5);
        d.add(u64::MAX);
        d.add(3);
        let text = serde_json::to_string(&d).unwrap();
        let back: Distribution = serde_json::from_str(&text).unwrap();
        assert_eq!(back, d);
    }

    #[test]
    fn wilson_interval() {
        let (lo, hi) = wilson(50, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
        assert_eq!(wilson(0, 0), (0.0, 0.0));
        let (lo, hi) = wilson(100, 100);
        assert!(lo > 0.96 && hi == 1.0);
    }
}
