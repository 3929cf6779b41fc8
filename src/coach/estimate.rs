//! Expected coins with a 95% interval, and the running sums they come from.

/// Expected final coins, with a 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExpectedCoins {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

/// Running sums of one quantity over sampled deals: enough for a mean and its interval.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RunningSums {
    n: u32,
    sum: f64,
    squares: f64,
}

impl RunningSums {
    /// Counts one sample.
    pub(crate) fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.squares += x * x;
    }

    /// The mean so far (0 before any sample).
    pub(crate) fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / f64::from(self.n)
        }
    }

    /// Half the width of the mean's 95% interval (normal approximation; 0 with fewer than
    /// two samples, when nothing is known of the spread).
    pub(crate) fn half_width(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let n = f64::from(self.n);
        let variance = ((self.squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        1.96 * (variance / n).sqrt()
    }

    /// The mean with its 95% interval.
    pub(crate) fn estimate(&self) -> ExpectedCoins {
        let (mean, h) = (self.mean(), self.half_width());
        ExpectedCoins {
            mean,
            low: mean - h,
            high: mean + h,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_narrows_with_samples_and_holds_the_mean() {
        let mut few = RunningSums::default();
        let mut many = RunningSums::default();
        for i in 0..10 {
            few.add(f64::from(i % 3));
        }
        for i in 0..1000 {
            many.add(f64::from(i % 3));
        }
        assert!((many.mean() - 1.0).abs() < 0.01);
        assert!(many.half_width() < few.half_width());
        let e = few.estimate();
        assert!(e.low < e.mean && e.mean < e.high);
    }

    #[test]
    fn one_sample_has_no_spread_and_none_has_no_mean() {
        let mut t = RunningSums::default();
        assert_eq!(t.mean(), 0.0);
        t.add(4.0);
        assert_eq!(
            t.estimate(),
            ExpectedCoins {
                mean: 4.0,
                low: 4.0,
                high: 4.0
            }
        );
    }
}
