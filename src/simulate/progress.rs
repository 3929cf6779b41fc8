//! The progress bar of a long run.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A progress bar on standard error, shown only on a terminal and only once a run has
/// taken a while (short runs print nothing extra), for `simulate`, `ladder` and `review`
/// alike: each calls [`Progress::update`] every few tens of milliseconds, however slow its
/// work.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    total: u64,
    started: Instant,
    /// How long the run goes before the bar shows.
    after: Duration,
    shown: AtomicBool,
}

impl Progress {
    /// A bar for `total` games, shown after a second (hidden unless standard error is a
    /// terminal).
    pub fn new(total: u64) -> Self {
        Progress::counting(total, "games", Duration::from_secs(1))
    }

    /// A bar for `total` pieces of work called `unit` ("decisions"), shown once the run has
    /// taken `after`.
    pub fn counting(total: u64, unit: &str, after: Duration) -> Self {
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} gone, {{eta}} left");
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(total),
                indicatif::ProgressDrawTarget::hidden(),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        });
        Progress {
            bar,
            total,
            started: Instant::now(),
            after,
            shown: AtomicBool::new(false),
        }
    }

    /// Games done so far.
    pub fn update(&self, done: u64) {
        let Some(bar) = &self.bar else { return };
        if !self.shown.load(Ordering::Relaxed)
            && self.started.elapsed() >= self.after
            && done < self.total
        {
            self.shown.store(true, Ordering::Relaxed);
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            // Slow games (a search bot's) keep the clock moving between updates.
            bar.enable_steady_tick(Duration::from_millis(250));
        }
        bar.set_position(done);
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
