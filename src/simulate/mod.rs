//! The simulator: many games played by bots alone, headless, on every core, and what they
//! say about the bots and the ruleset.
//!
//! A run is cut into units: a unit is one game, or in duplicate mode one deal played once
//! per rotation of the seats. Unit `i` is dealt from seed `S + i`; outside duplicate mode
//! its seats are rotated `i` places (unless rotation is off), so every entrant sits in every
//! position equally often. Each game is the same whichever worker plays it, and each worker
//! keeps running totals that add up exactly ([`Tally`]), so the same seed gives the same
//! report for any number of jobs or shards (with a playout budget for `mcts`; a time budget
//! depends on the machine), and memory stays flat however many games are played.
//!
//! The game itself is behind an adapter ([`card_game`]) that plays one game and returns a
//! [`GameRecord`]; the totals, report and charts know only records.

pub mod card_game;
pub mod chart;
pub mod duplicate;
pub mod entrant;
pub mod figures;
pub mod progress;
pub mod record;
pub mod render;
pub mod report;
pub mod shard;
pub mod stats;
pub mod tally;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::bots::BotOptions;
use crate::engine::{GameState, NewGameError, Ruleset};

pub use duplicate::PairedTally;
pub use entrant::Entrant;
pub use progress::Progress;
pub use record::GameRecord;
pub use render::Format;
pub use report::{Report, Timing};
pub use shard::{Shard, UnitRange};
pub use stats::{MergeError, wilson};
pub use tally::Tally;

/// The most games one run may play: far beyond what a machine plays in a week, and
/// refused before anything is allocated.
pub const MAX_GAMES: u64 = 1_000_000_000;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The rules.
    pub ruleset: Arc<Ruleset>,
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
    /// The ruleset cannot seat these players.
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// More games than [`MAX_GAMES`].
    #[error("a run plays at most {MAX_GAMES} games")]
    TooManyGames,
}

/// Plays unit `unit` of a run: its games, each with the configured seat at every position.
pub fn play_unit(
    config: &SimConfig,
    unit: u64,
) -> Result<Vec<(GameRecord, Vec<usize>)>, NewGameError> {
    let seed = config.seed.wrapping_add(unit);
    (0..config.games_per_unit())
        .map(|rotation| {
            let seating = config.seating(unit, rotation);
            let entrants: Vec<Entrant> = seating.iter().map(|&e| config.seats[e]).collect();
            let record = card_game::play(&config.ruleset, seed, &entrants, &config.options)?;
            Ok((record, seating))
        })
        .collect()
}

/// One worker's totals.
struct Totals {
    tally: Tally,
    paired: Vec<PairedTally>,
}

impl Totals {
    fn new(config: &SimConfig) -> Self {
        Totals {
            tally: Tally::new(config.seats.len()),
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

/// Plays the run's slice, calling `progress` with the number of games done now and then.
pub fn run(config: &SimConfig, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, SimError> {
    if config.total_games().is_none() {
        return Err(SimError::TooManyGames);
    }
    // Fail early (and once) on a player count the ruleset does not allow.
    GameState::new(&config.ruleset, config.seats.len(), config.seed)?;
    let started = Instant::now();
    let jobs = config.jobs.max(1);
    let units = config.shard.units(config.games);
    let next = AtomicU64::new(units.start);
    let done = AtomicU64::new(0);
    let mut totals = Totals::new(config);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Totals::new(config);
                    loop {
                        let unit = next.fetch_add(1, Ordering::Relaxed);
                        if unit >= units.end {
                            break;
                        }
                        if let Ok(games) = play_unit(config, unit) {
                            mine.add(config, &games);
                        }
                        done.fetch_add(config.games_per_unit(), Ordering::Relaxed);
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
            let mine = w.join().expect("a simulation worker panicked");
            totals
                .merge(&mine)
                .expect("one run's totals add up: same seats, same buckets");
        }
    });
    progress(done.load(Ordering::Relaxed));
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
