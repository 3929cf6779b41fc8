//! Time as a bot's caller measures it. A bot with a thinking time ([`crate::game::MctsBudget`])
//! reads the [`Stopwatch`] it is handed with each decision, never the machine's clock, so
//! the bots stay pure and whoever asks them decides what time is: the table driver the
//! wall clock ([`WallStopwatch`]), a caller that sets no thinking time one that stands
//! still ([`StoppedStopwatch`]).

use std::fmt;
use std::time::{Duration, Instant};

/// How long since a stopwatch started. A bot notes the reading when it starts deciding and
/// stops thinking once the readings have moved on by its thinking time.
pub trait Stopwatch: fmt::Debug + Send + Sync {
    /// Time since the stopwatch started.
    fn elapsed(&self) -> Duration;
}

/// The machine's monotonic clock, from when the stopwatch was made.
#[derive(Clone, Copy, Debug)]
pub struct WallStopwatch(Instant);

impl WallStopwatch {
    /// A stopwatch started now.
    pub fn started() -> Self {
        WallStopwatch(Instant::now())
    }
}

impl Stopwatch for WallStopwatch {
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A stopwatch that never moves: for callers that set bots no thinking time (a bot whose
/// budget is a count of playouts never reads it), and for tests.
#[derive(Clone, Copy, Debug, Default)]
pub struct StoppedStopwatch;

impl Stopwatch for StoppedStopwatch {
    fn elapsed(&self) -> Duration {
        Duration::ZERO
    }
}
