//! Time as a bot's caller measures it. A bot with a thinking time ([`crate::game::ThinkingBudget`])
//! reads the [`Stopwatch`] it is handed with each decision, never the machine's clock, so
//! the bots stay pure and whoever asks them decides what time is: the table driver the
//! wall clock ([`WallStopwatch`]), run faster where the screen's pace asks for quicker bots
//! ([`HastenedStopwatch`]), a caller that sets no thinking time one that stands
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

/// The machine's monotonic clock run `haste` times as fast: a table whose players want its
/// bots quicker (the screen's pace) hands them this, and a bot that thinks for its thinking
/// time by the stopwatch thinks a `haste`-th of it by the wall. The bots need not know.
#[derive(Clone, Copy, Debug)]
pub struct HastenedStopwatch {
    start: Instant,
    haste: u32,
}

impl HastenedStopwatch {
    /// A stopwatch started now at the wall's own rate.
    pub fn started() -> Self {
        HastenedStopwatch {
            start: Instant::now(),
            haste: 1,
        }
    }

    /// Runs it `haste` times as fast as the wall from now on (at least as fast). A bot
    /// reads it from the start of a decision, so a change between decisions is clean.
    pub fn set_haste(&mut self, haste: u32) {
        self.haste = haste.max(1);
    }
}

impl Stopwatch for HastenedStopwatch {
    fn elapsed(&self) -> Duration {
        self.start.elapsed() * self.haste
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
