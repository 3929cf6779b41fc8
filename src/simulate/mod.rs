//! The simulator: many games played by bots alone, headless, on every core, and what they
//! say about the bots and the ruleset.
//!
//! A run is cut into units: a unit is one game, or in duplicate mode one deal played once
//! per rotation of the seats. Unit `i` is dealt from seed `S + i`; outside duplicate mode
//! its seats are rotated `i` places (unless rotation is off), so every entrant sits in every
//! position equally often. Each game is the same whichever worker plays it, and each worker
//! keeps running totals that add up exactly ([`RunTotals`]), so the same seed gives the same
//! report for any number of jobs or shards (with a playout budget for `mcts`; a time budget
//! depends on the machine), and memory stays flat however many games are played.
//!
//! A game is played at the one table driver ([`crate::game::Table`]) by [`SimGame`], which
//! reaches the game only through [`crate::rules::Rules::dispatch`]; each game's counters are
//! an observer of that table kept beside the game's bots (`bots/counts.rs`,
//! `dice/bots/counts.rs`). The result is a [`GameRecord`]; the totals, report, charts and
//! ladder know only records.

pub mod chart;
pub mod compare;
pub mod compare_render;
pub mod duplicate;
pub mod entrant;
pub mod figures;
pub mod ladder;
pub mod play;
pub mod progress;
pub mod record;
pub mod render;
pub mod report;
pub mod shard;
pub mod stats;
pub mod tally;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::game::BotOptions;

pub use crate::game::BotName;
pub use duplicate::PairedTally;
pub use entrant::Entrant;
pub use play::SimGame;
pub use progress::Progress;
pub use record::GameRecord;
pub use render::Format;
pub use report::{Report, Timing};
pub use shard::{Shard, UnitRange};
pub use stats::{MergeError, wilson};
pub use tally::RunTotals;

/// The most games one run may play: far beyond what a machine plays in a week, and
/// refused before anything is allocated.
pub const MAX_GAMES: u64 = 1_000_000_000;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The game and its rules.
    pub game: SimGame,
    /// The entrants, one per seat, in seat order for game 0.
    pub seats: Vec<Entrant>,
    /// Units in the whole run: games, or deals in duplicate mode.
    pub games: u64,
    /// Unit `i` is dealt from `seed + i`.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Rotate the seats one place each game, so position luck evens out.
    pub rotate: bool,
    /// Play each deal once per rotation of the seats and compare entrants deal by deal.
    pub duplicate: bool,
    /// The slice of the run to play.
    pub shard: Shard,
    /// How bots are made (the `mcts` budget).
    pub options: BotOptions,
}

impl SimConfig {
    /// Games each unit plays.
    pub fn games_per_unit(&self) -> u64 {
        if self.duplicate {
            self.seats.len() as u64
        } else {
            1
        }
    }

    /// The games of the whole run, if within [`MAX_GAMES`].
    pub fn total_games(&self) -> Option<u64> {
        self.games
            .checked_mul(self.games_per_unit())
            .filter(|&g| g <= MAX_GAMES)
    }

    /// The seats' rotation for game `rotation` of unit `unit`: `seating[pos]` is the
    /// configured seat at each position (seat `e` sits at position `(e + shift) % n`).
    pub fn seating(&self, unit: u64, rotation: u64) -> Vec<usize> {
        let n = self.seats.len();
        let shift = if self.duplicate {
            rotation as usize % n
        } else if self.rotate {
            (unit % n as u64) as usize
        } else {
            0
        };
        (0..n).map(|pos| (pos + n - shift) % n).collect()
    }
}

/// Why a run did not start.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum SimError {
    /// The game cannot seat these players.
    #[error("{0}")]
    Setup(String),
    /// More games than [`MAX_GAMES`].
    #[error("a run plays at most {MAX_GAMES} games")]
    TooManyGames,
}

/// Plays unit `unit` of a run: its games, each with the configured seat at every position.
pub fn play_unit(config: &SimConfig, unit: u64) -> Result<Vec<(GameRecord, Vec<usize>)>, String> {
    let seed = config.seed.wrapping_add(unit);
    (0..config.games_per_unit())
        .map(|rotation| {
            let seating = config.seating(unit, rotation);
            let entrants: Vec<Entrant> = seating.iter().map(|&e| config.seats[e]).collect();
            let record = config.game.play(seed, &entrants, &config.options)?;
            Ok((record, seating))
        })
        .collect()
}

/// One worker's totals.
struct Totals {
    tally: RunTotals,
    paired: Vec<PairedTally>,
}

impl Totals {
    fn new(config: &SimConfig) -> Self {
        Totals {
            tally: RunTotals::new(config.seats.len()),
            paired: if config.duplicate {
                PairedTally::for_seats(&config.seats)
            } else {
                Vec::new()
            },
        }
    }

    fn add(&mut self, config: &SimConfig, games: &[(GameRecord, Vec<usize>)]) {
        for (record, seating) in games {
            self.tally.add(record, seating);
        }
        for pair in &mut self.paired {
            pair.add_deal(&config.seats, games);
        }
    }

    fn merge(&mut self, other: &Totals) -> Result<(), MergeError> {
        self.tally.merge(&other.tally)?;
        for (a, b) in self.paired.iter_mut().zip(&other.paired) {
            a.merge(b)?;
        }
        Ok(())
    }
}

/// Refuses a run before it starts (once, not game by game): too many games, a player count
/// the ruleset does not allow, or a bot the game does not have.
fn check_run(config: &SimConfig) -> Result<(), SimError> {
    if config.total_games().is_none() {
        return Err(SimError::TooManyGames);
    }
    config
        .game
        .check_players(config.seats.len())
        .map_err(SimError::Setup)?;
    for entrant in &config.seats {
        config
            .game
            .check_entrant(entrant)
            .map_err(SimError::Setup)?;
    }
    Ok(())
}

/// Plays `units` on the run's worker threads, each folding the units it takes into its own
/// `T` (from `fresh`) with `work`; the workers' `T`s are then merged in the order the
/// workers started, so the result is the same for any number of jobs when `merge` is
/// exact. `progress` hears of `games_each` games per unit done, now and then.
pub(crate) fn play_units<T: Send>(
    config: &SimConfig,
    units: UnitRange,
    games_each: u64,
    fresh: impl Fn() -> T + Sync,
    work: impl Fn(&mut T, u64) + Sync,
    merge: impl Fn(&mut T, T),
    progress: &(dyn Fn(u64) + Sync),
) -> T {
    let next = AtomicU64::new(units.start);
    let done = AtomicU64::new(0);
    let mut all = fresh();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..config.jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = fresh();
                    loop {
                        let unit = next.fetch_add(1, Ordering::Relaxed);
                        if unit >= units.end {
                            break;
                        }
                        work(&mut mine, unit);
                        done.fetch_add(games_each, Ordering::Relaxed);
                    }
                    mine
                })
            })
            .collect();
        while workers.iter().any(|w| !w.is_finished()) {
            progress(done.load(Ordering::Relaxed));
            std::thread::sleep(Duration::from_millis(50));
        }
        for w in workers {
            merge(&mut all, w.join().expect("a simulation worker panicked"));
        }
    });
    progress(done.load(Ordering::Relaxed));
    all
}

/// Plays the run's slice, calling `progress` with the number of games done now and then.
pub fn run(config: &SimConfig, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, SimError> {
    check_run(config)?;
    let started = Instant::now();
    let jobs = config.jobs.max(1);
    let units = config.shard.units(config.games);
    let totals = play_units(
        config,
        units,
        config.games_per_unit(),
        || Totals::new(config),
        |mine, unit| {
            if let Ok(games) = play_unit(config, unit) {
                mine.add(config, &games);
            }
        },
        |totals, mine| {
            totals
                .merge(&mine)
                .expect("one run's totals add up: same seats, same buckets")
        },
        progress,
    );
    let timing = Timing {
        seconds: started.elapsed().as_secs_f64(),
        jobs,
    };
    Ok(Report::new(
        config,
        units,
        totals.tally,
        totals.paired,
        timing,
    ))
}
