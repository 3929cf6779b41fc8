//! The simulator: many games played by bots alone, headless, on every core, and what they
//! say about the bots and the ruleset.
//!
//! Game `i` of a run is dealt from seed `S + i` and its seats are rotated `i` places (unless
//! rotation is off), so every bot sits in every position equally often, and each game is
//! the same whichever worker plays it: results are merged in game order, so the same seed
//! gives the same report for any number of jobs (with a playout budget for `mcts`; a time
//! budget depends on the machine).

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::bots::{BotKind, BotOptions, SeatKind, Table};
use crate::engine::{GameState, NewGameError, Ruleset};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The rules.
    pub ruleset: Arc<Ruleset>,
    /// The bots, one per seat, in seat order for game 0.
    pub seats: Vec<BotKind>,
    /// Games to play.
    pub games: u64,
    /// Game `i` is dealt from `seed + i`.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Rotate the seats one place each game, so position luck evens out.
    pub rotate: bool,
    /// How bots are made (the `mcts` budget).
    pub options: BotOptions,
}

/// One finished game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct GameRecord {
    /// The game's number in the run.
    pub index: u64,
    /// Its deal.
    pub seed: u64,
    /// Which entrant (index into the configured seats) sat in each position.
    pub seating: Vec<usize>,
    /// Coins by position.
    pub coins: Vec<u32>,
    /// Winners by position.
    pub winners: Vec<usize>,
    /// Turns played.
    pub turns: u32,
    /// Actions applied.
    pub actions: u64,
    /// Bot answers that were illegal or missing and replaced by a legal action.
    pub fallbacks: u64,
    /// Whether the game stopped before its end (a bug: no one could act).
    pub stuck: bool,
}

/// Plays game `index` of a run.
pub fn play_game(config: &SimConfig, index: u64) -> Result<GameRecord, NewGameError> {
    let n = config.seats.len();
    let seed = config.seed.wrapping_add(index);
    let shift = if config.rotate {
        (index % n as u64) as usize
    } else {
        0
    };
    // Entrant e sits at position (e + shift) % n.
    let seating: Vec<usize> = (0..n).map(|pos| (pos + n - shift) % n).collect();
    let seats: Vec<SeatKind> = seating
        .iter()
        .map(|&e| SeatKind::Bot(config.seats[e]))
        .collect();
    let mut state = GameState::new(&config.ruleset, n, seed)?;
    let mut table = Table::new(&seats, seed, &config.options);
    let stats = table.play(&mut state);
    let (coins, winners) = match state.outcome() {
        Some(o) => (o.coins.clone(), o.winners.clone()),
        None => (
            (0..n).map(|p| state.player(p).score()).collect(),
            Vec::new(),
        ),
    };
    Ok(GameRecord {
        index,
        seed,
        seating,
        coins,
        winners,
        turns: state.turn(),
        actions: stats.actions,
        fallbacks: stats.fallbacks,
        stuck: stats.stuck,
    })
}

/// Mean and spread of a sample.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The standard deviation (of the sample, n − 1).
    pub sd: f64,
}

impl Spread {
    fn of(xs: impl Iterator<Item = f64> + Clone) -> Spread {
        let n = xs.clone().count() as f64;
        if n == 0.0 {
            return Spread::default();
        }
        let mean = xs.clone().sum::<f64>() / n;
        let var = if n > 1.0 {
            xs.map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Spread {
            mean,
            sd: var.sqrt(),
        }
    }
}

/// How one entrant, bot or position did.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Standing {
    /// What is counted: `seat 1 (greedy)`, `greedy`, `position 1`.
    pub label: String,
    /// Seats-games counted (a bot in two seats counts each).
    pub games: u64,
    /// Games won (a shared win counts for each winner).
    pub wins: u64,
    /// Wins per game.
    pub win_rate: f64,
    /// The 95% confidence interval of the win rate (Wilson score).
    pub win_rate_ci: (f64, f64),
    /// Coins at the end.
    pub coins: Spread,
}

/// What a run found.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Report {
    /// The ruleset's name.
    pub variant: String,
    /// Players per game.
    pub players: usize,
    /// The seats as configured.
    pub seats: Vec<BotKind>,
    /// Games played.
    pub games: u64,
    /// The first game's seed.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// Whether seats were rotated.
    pub rotate: bool,
    /// The `mcts` playouts per decision, and its time budget in milliseconds if any.
    pub mcts_playouts: u32,
    /// The `mcts` time budget per decision, in milliseconds, if any.
    pub mcts_time_ms: Option<u64>,
    /// Per configured seat (the entrant, following it round the table).
    pub per_seat: Vec<Standing>,
    /// Per bot kind, over all its seats.
    pub per_bot: Vec<Standing>,
    /// Per table position (who sat there varies when seats rotate): position luck.
    pub per_position: Vec<Standing>,
    /// Turns per game.
    pub turns: Spread,
    /// Actions per game.
    pub actions: Spread,
    /// Bot answers replaced by a legal action, over the run (0 for sound bots).
    pub fallbacks: u64,
    /// Games that stopped before their end (0 unless something is broken).
    pub stuck: u64,
    /// Wall-clock seconds the run took.
    pub seconds: f64,
    /// Games per second over the run.
    pub games_per_second: f64,
    /// Every game, in order (left out of the printed reports).
    #[serde(skip)]
    pub records: Vec<GameRecord>,
}

/// The Wilson score interval for `wins` of `n` at 95%.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let z = 1.959_964f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn standing(label: String, results: &[(u32, bool)]) -> Standing {
    let games = results.len() as u64;
    let wins = results.iter().filter(|r| r.1).count() as u64;
    Standing {
        label,
        games,
        wins,
        win_rate: if games == 0 {
            0.0
        } else {
            wins as f64 / games as f64
        },
        win_rate_ci: wilson(wins, games),
        coins: Spread::of(results.iter().map(|r| f64::from(r.0))),
    }
}

/// Plays the run, calling `progress` with the number of games done now and then.
pub fn run(config: &SimConfig, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, NewGameError> {
    // Fail early (and once) on a player count the ruleset does not allow.
    GameState::new(&config.ruleset, config.seats.len(), config.seed)?;
    let started = Instant::now();
    let jobs = config.jobs.max(1);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let mut records: Vec<GameRecord> = Vec::with_capacity(config.games as usize);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= config.games {
                            break;
                        }
                        if let Ok(r) = play_game(config, i) {
                            mine.push(r);
                        }
                        done.fetch_add(1, Ordering::Relaxed);
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
            records.extend(w.join().expect("a simulation worker panicked"));
        }
    });
    progress(done.load(Ordering::Relaxed));
    records.sort_by_key(|r| r.index);
    let seconds = started.elapsed().as_secs_f64();
    Ok(report(config, records, seconds))
}

/// The report of finished games.
pub fn report(config: &SimConfig, records: Vec<GameRecord>, seconds: f64) -> Report {
    let n = config.seats.len();
    let mut per_seat: Vec<Vec<(u32, bool)>> = vec![Vec::new(); n];
    let mut per_position: Vec<Vec<(u32, bool)>> = vec![Vec::new(); n];
    for r in &records {
        for pos in 0..n {
            let result = (r.coins[pos], r.winners.contains(&pos));
            per_seat[r.seating[pos]].push(result);
            per_position[pos].push(result);
        }
    }
    let mut kinds: Vec<BotKind> = config.seats.clone();
    kinds.sort();
    kinds.dedup();
    let per_bot = kinds
        .iter()
        .map(|&k| {
            let all: Vec<(u32, bool)> = (0..n)
                .filter(|&e| config.seats[e] == k)
                .flat_map(|e| per_seat[e].iter().copied())
                .collect();
            standing(k.to_string(), &all)
        })
        .collect();
    let games = records.len() as u64;
    Report {
        variant: config.ruleset.name.clone(),
        players: n,
        seats: config.seats.clone(),
        games,
        seed: config.seed,
        jobs: config.jobs.max(1),
        rotate: config.rotate,
        mcts_playouts: config.options.mcts.playouts,
        mcts_time_ms: config.options.mcts.time.map(|t| t.as_millis() as u64),
        per_seat: per_seat
            .iter()
            .enumerate()
            .map(|(e, rs)| standing(format!("seat {} ({})", e + 1, config.seats[e]), rs))
            .collect(),
        per_bot,
        per_position: per_position
            .iter()
            .enumerate()
            .map(|(p, rs)| standing(format!("position {}", p + 1), rs))
            .collect(),
        turns: Spread::of(records.iter().map(|r| f64::from(r.turns))),
        actions: Spread::of(records.iter().map(|r| r.actions as f64)),
        fallbacks: records.iter().map(|r| r.fallbacks).sum(),
        stuck: records.iter().filter(|r| r.stuck).count() as u64,
        seconds,
        games_per_second: if seconds > 0.0 {
            games as f64 / seconds
        } else {
            0.0
        },
        records,
    }
}

/// How a report is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, clap::ValueEnum)]
pub enum Format {
    /// Tables for people.
    #[default]
    Text,
    /// One JSON object, for tools.
    Json,
    /// One row per standing, for spreadsheets.
    Csv,
}

impl Report {
    /// The report in `format`.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Text => self.text(),
            Format::Json => serde_json::to_string_pretty(self).expect("a report serializes") + "\n",
            Format::Csv => self.csv(),
        }
    }

    fn text(&self) -> String {
        let seats: Vec<String> = self.seats.iter().map(|s| s.to_string()).collect();
        let mut s = format!(
            "{} games of {}, {} players: {}{}; seed {}, {} job{}\n",
            self.games,
            self.variant,
            self.players,
            seats.join(", "),
            if self.rotate { " (seats rotated)" } else { "" },
            self.seed,
            self.jobs,
            if self.jobs == 1 { "" } else { "s" },
        );
        if self.seats.contains(&BotKind::Mcts) {
            match self.mcts_time_ms {
                Some(ms) => s.push_str(&format!(
                    "mcts: {} playouts or {ms} ms per decision\n",
                    self.mcts_playouts
                )),
                None => s.push_str(&format!(
                    "mcts: {} playouts per decision\n",
                    self.mcts_playouts
                )),
            }
        }
        let table = |title: &str, rows: &[Standing]| {
            let mut t = format!(
                "\n{title:<18} {:>7} {:>7} {:>8} {:>17} {:>7} {:>6}\n",
                "games", "wins", "win %", "95% CI", "coins", "sd"
            );
            for r in rows {
                t.push_str(&format!(
                    "{:<18} {:>7} {:>7} {:>7.1}% {:>7.1}% – {:>5.1}% {:>7.2} {:>6.2}\n",
                    r.label,
                    r.games,
                    r.wins,
                    100.0 * r.win_rate,
                    100.0 * r.win_rate_ci.0,
                    100.0 * r.win_rate_ci.1,
                    r.coins.mean,
                    r.coins.sd
                ));
            }
            t
        };
        s.push_str(&table("per seat", &self.per_seat));
        s.push_str(&table("per bot", &self.per_bot));
        s.push_str(&table("per position", &self.per_position));
        s.push_str(&format!(
            "\ngame length: {:.1} turns (sd {:.1}), {:.0} actions (sd {:.0})\n",
            self.turns.mean, self.turns.sd, self.actions.mean, self.actions.sd
        ));
        if self.fallbacks > 0 || self.stuck > 0 {
            s.push_str(&format!(
                "bot answers replaced by a legal action: {}; games stopped early: {}\n",
                self.fallbacks, self.stuck
            ));
        }
        s.push_str(&format!(
            "{:.2} s, {:.0} games per second\n",
            self.seconds, self.games_per_second
        ));
        s
    }

    fn csv(&self) -> String {
        let mut s =
            String::from("group,label,games,wins,win_rate,ci_low,ci_high,coins_mean,coins_sd\n");
        for (group, rows) in [
            ("seat", &self.per_seat),
            ("bot", &self.per_bot),
            ("position", &self.per_position),
        ] {
            for r in rows {
                s.push_str(&format!(
                    "{group},{},{},{},{:.6},{:.6},{:.6},{:.4},{:.4}\n",
                    r.label,
                    r.games,
                    r.wins,
                    r.win_rate,
                    r.win_rate_ci.0,
                    r.win_rate_ci.1,
                    r.coins.mean,
                    r.coins.sd
                ));
            }
        }
        s.push_str(&format!(
            "game,turns,{},,{:.6},,,{:.4},{:.4}\n",
            self.games, self.games_per_second, self.turns.mean, self.turns.sd
        ));
        s
    }
}

/// A progress bar on standard error, shown only on a terminal and only once a run has
/// taken a second (short runs print nothing extra).
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    total: u64,
    started: Instant,
    shown: std::sync::atomic::AtomicBool,
}

impl Progress {
    /// A bar for `total` games (hidden unless standard error is a terminal).
    pub fn new(total: u64) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(total),
                indicatif::ProgressDrawTarget::hidden(),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar
        });
        Progress {
            bar,
            total,
            started: Instant::now(),
            shown: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Games done so far.
    pub fn update(&self, done: u64) {
        let Some(bar) = &self.bar else { return };
        if !self.shown.load(Ordering::Relaxed)
            && self.started.elapsed() >= Duration::from_secs(1)
            && done < self.total
        {
            self.shown.store(true, Ordering::Relaxed);
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
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
