//! Two rulesets compared in one run: unit `i` is played under both from the same seed, with
//! the same bots in the same seats, and every figure that is a mean per game is compared
//! unit by unit (a paired difference), so the luck the seed brings to both cancels out of
//! the difference and its interval.

use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;

use super::record::GameRecord;
use super::report::{Report, Timing};
use super::stats::{Estimate, SignedMoments};
use super::{SimConfig, SimError, SimGame, Totals, check_run, play_unit, play_units};

/// What a figure is: a share of games (printed as a percentage) or an amount per game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Games won, or games of a kind, per game played.
    Share,
    /// Turns, coins, changes of lead and counters, per game.
    PerGame,
    /// A figure on a scale of its own, not a mean per game (balance, 0 to 1).
    Index,
}

/// A figure of a game as a whole: its name as the report names it, its unit, and its value
/// in one game.
type GameFigure = (&'static str, Unit, fn(&GameRecord) -> u64);

/// The figures of a game as a whole, in the order printed (after the seats' and the
/// positions').
const GAME_FIGURES: [GameFigure; 8] = [
    ("turns", Unit::PerGame, |r| r.turns.into()),
    ("actions", Unit::PerGame, |r| r.actions),
    ("winning score", Unit::PerGame, |r| r.winning_score().into()),
    ("winner's margin", Unit::PerGame, |r| r.margin().into()),
    ("lead changes", Unit::PerGame, |r| r.lead.changes.into()),
    ("winner's worst deficit", Unit::PerGame, |r| {
        r.lead.winner_worst_deficit.into()
    }),
    ("ties at the top", Unit::Share, |r| r.tied_at_top().into()),
    ("shared wins", Unit::Share, |r| (r.winners.len() > 1).into()),
];

/// A figure both rulesets have, as one unit adds it up from its games.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Measure {
    SeatWins(usize),
    SeatScore(usize),
    PositionWins(usize),
    /// The figure [`GAME_FIGURES`] lists at this index.
    Game(usize),
}

impl Measure {
    /// Every measure of a run with `players` seats, in the order they are printed.
    fn all(players: usize) -> Vec<Measure> {
        use Measure::*;
        let mut all: Vec<Measure> = (0..players)
            .flat_map(|e| [SeatWins(e), SeatScore(e)])
            .collect();
        all.extend((0..players).map(PositionWins));
        all.extend((0..GAME_FIGURES.len()).map(Game));
        all
    }

    /// The unit's total of this measure over its games.
    fn total(&self, games: &[(GameRecord, Vec<usize>)]) -> i64 {
        let per_game = |r: &GameRecord, seating: &[usize]| -> u64 {
            let seat_at = |e: usize| seating.iter().position(|&s| s == e);
            match *self {
                Measure::SeatWins(e) => seat_at(e).is_some_and(|p| r.winners.contains(&p)).into(),
                Measure::SeatScore(e) => seat_at(e).map_or(0, |p| r.scores[p].into()),
                Measure::PositionWins(p) => r.winners.contains(&p).into(),
                Measure::Game(i) => GAME_FIGURES[i].2(r),
            }
        };
        let sum: u64 = games.iter().map(|(r, s)| per_game(r, s)).sum();
        i64::try_from(sum).unwrap_or(i64::MAX)
    }

    fn unit(&self) -> Unit {
        match *self {
            Measure::SeatWins(_) | Measure::PositionWins(_) => Unit::Share,
            Measure::SeatScore(_) => Unit::PerGame,
            Measure::Game(i) => GAME_FIGURES[i].1,
        }
    }

    fn name(&self, config: &SimConfig) -> String {
        let seat = |e: usize| format!("seat {} ({})", e + 1, config.seats[e]);
        match *self {
            Measure::SeatWins(e) => format!("{} win rate", seat(e)),
            Measure::SeatScore(e) => format!("{} score", seat(e)),
            Measure::PositionWins(p) => format!("position {} win rate", p + 1),
            Measure::Game(i) => GAME_FIGURES[i].0.into(),
        }
    }
}

/// One figure's running totals under both rulesets and their difference, unit by unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct PairSums {
    a: i128,
    b: i128,
    difference: SignedMoments,
}

impl PairSums {
    fn add(&mut self, a: i64, b: i64) {
        self.a += i128::from(a);
        self.b += i128::from(b);
        self.difference.add(a.saturating_sub(b));
    }

    fn merge(&mut self, other: &PairSums) {
        self.a += other.a;
        self.b += other.b;
        self.difference
            .merge(&other.difference)
            .expect("a run's paired sums stay far from overflow");
    }
}

/// One worker's totals of a comparison: each ruleset's own, and the paired sums.
struct PairTotals {
    a: Totals,
    b: Totals,
    measures: Vec<PairSums>,
    /// The game's own counters, where both rulesets count them.
    counters: BTreeMap<String, PairSums>,
}

impl PairTotals {
    fn new(a: &SimConfig, b: &SimConfig) -> Self {
        PairTotals {
            a: Totals::new(a),
            b: Totals::new(b),
            measures: vec![PairSums::default(); Measure::all(a.seats.len()).len()],
            counters: BTreeMap::new(),
        }
    }

    /// Counts one unit played under both rulesets.
    fn add(
        &mut self,
        config: (&SimConfig, &SimConfig),
        a: &[(GameRecord, Vec<usize>)],
        b: &[(GameRecord, Vec<usize>)],
    ) {
        self.a.add(config.0, a);
        self.b.add(config.1, b);
        for (m, sums) in Measure::all(config.0.seats.len())
            .iter()
            .zip(&mut self.measures)
        {
            sums.add(m.total(a), m.total(b));
        }
        let counter = |games: &[(GameRecord, Vec<usize>)], name: &str| -> Option<i64> {
            games.iter().try_fold(0i64, |sum, (r, _)| {
                let (_, v) = r.counters.iter().find(|(n, _)| *n == name)?;
                Some(sum.saturating_add(i64::try_from(*v).unwrap_or(i64::MAX)))
            })
        };
        let names = a
            .first()
            .map(|(r, _)| r.counters.clone())
            .unwrap_or_default();
        for (name, _) in names {
            if let (Some(x), Some(y)) = (counter(a, name), counter(b, name)) {
                self.counters.entry(name.to_string()).or_default().add(x, y);
            }
        }
    }

    fn merge(&mut self, other: PairTotals) {
        self.a
            .merge(&other.a)
            .expect("one run's totals add up: same seats, same buckets");
        self.b
            .merge(&other.b)
            .expect("one run's totals add up: same seats, same buckets");
        for (mine, theirs) in self.measures.iter_mut().zip(&other.measures) {
            mine.merge(theirs);
        }
        for (name, theirs) in &other.counters {
            self.counters.entry(name.clone()).or_default().merge(theirs);
        }
    }
}

/// One figure under both rulesets, side by side, with their paired difference.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Difference {
    /// The figure, named as the report names it.
    pub figure: String,
    /// A share of games, or an amount per game.
    pub unit: Unit,
    /// Its value under ruleset A.
    pub a: f64,
    /// Its value under ruleset B.
    pub b: f64,
    /// A less B.
    pub difference: f64,
    /// The difference's 95% interval, from the spread of the units' differences (the mean
    /// ± 1.96 standard errors); `None` for a figure that is no mean per game (balance).
    pub interval: Option<(f64, f64)>,
}

/// A comparison of two rulesets: each one's report, and every figure side by side.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// The run under ruleset A (`--ruleset` or `--variant`).
    pub a: Report,
    /// The same units under ruleset B (`--against`).
    pub b: Report,
    /// Units played under both (a unit that failed under either is left out of both).
    pub units: u64,
    /// Every figure, in the order printed.
    pub differences: Vec<Difference>,
}

/// Plays the run of `config` under its ruleset (A) and under `against` (B), unit by unit
/// from the same seeds, calling `progress` with the games done under both.
pub fn run(
    config: &SimConfig,
    against: SimGame,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Comparison, SimError> {
    let b_config = SimConfig {
        game: against,
        ..config.clone()
    };
    check_run(config)?;
    check_run(&b_config)?;
    let started = Instant::now();
    let units = config.shard.units(config.games);
    let totals = play_units(
        config,
        units,
        2 * config.games_per_unit(),
        || PairTotals::new(config, &b_config),
        |mine, unit| {
            if let (Ok(a), Ok(b)) = (play_unit(config, unit), play_unit(&b_config, unit)) {
                mine.add((config, &b_config), &a, &b);
            }
        },
        PairTotals::merge,
        progress,
    );
    let timing = Timing {
        seconds: started.elapsed().as_secs_f64(),
        jobs: config.jobs.max(1),
    };
    let scale = config.games_per_unit() as f64;
    let mut differences: Vec<Difference> = Measure::all(config.seats.len())
        .iter()
        .zip(&totals.measures)
        .map(|(m, sums)| difference(m.name(config), m.unit(), sums, scale))
        .collect();
    differences.extend(
        totals
            .counters
            .iter()
            .map(|(name, sums)| difference(name.clone(), Unit::PerGame, sums, scale)),
    );
    let a = Report::new(config, units, totals.a.tally, totals.a.paired, timing);
    let b = Report::new(&b_config, units, totals.b.tally, totals.b.paired, timing);
    let (balance_a, balance_b) = (
        super::figures::Figures::of(&a).balance,
        super::figures::Figures::of(&b).balance,
    );
    differences.push(Difference {
        figure: "balance".into(),
        unit: Unit::Index,
        a: balance_a,
        b: balance_b,
        difference: balance_a - balance_b,
        interval: None,
    });
    Ok(Comparison {
        units: totals.measures.first().map_or(0, |s| s.difference.count),
        a,
        b,
        differences,
    })
}

/// A figure's means under both rulesets and its paired difference per game.
fn difference(figure: String, unit: Unit, sums: &PairSums, scale: f64) -> Difference {
    let games = sums.difference.count as f64 * scale;
    let mean = |sum: i128| if games > 0.0 { sum as f64 / games } else { 0.0 };
    let Estimate { mean: d, low, high } = sums.difference.estimate(scale);
    Difference {
        figure,
        unit,
        a: mean(sums.a),
        b: mean(sums.b),
        difference: d,
        interval: Some((low, high)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_adds_each_measure_over_its_games() {
        let mut won = GameRecord::scored(vec![7, 9, 9], vec![1, 2]);
        won.turns = 12;
        let games = vec![(won, vec![2, 0, 1])];
        // Seat 0 sits at position 1, seat 1 at position 2: both share the win.
        assert_eq!(Measure::SeatWins(0).total(&games), 1);
        assert_eq!(Measure::SeatWins(2).total(&games), 0);
        assert_eq!(Measure::SeatScore(2).total(&games), 7);
        assert_eq!(Measure::PositionWins(0).total(&games), 0);
        let game = |name| {
            let i = GAME_FIGURES.iter().position(|f| f.0 == name);
            Measure::Game(i.expect("a figure of the table")).total(&games)
        };
        assert_eq!(game("turns"), 12);
        assert_eq!(game("ties at the top"), 1);
        assert_eq!(game("shared wins"), 1);
        assert_eq!(game("winner's margin"), 0);
    }

    #[test]
    fn the_difference_is_paired_unit_by_unit() {
        let mut sums = PairSums::default();
        // Two units of two games each: A's totals 10 and 20, B's 8 and 14.
        sums.add(10, 8);
        sums.add(20, 14);
        let d = difference("x".into(), Unit::PerGame, &sums, 2.0);
        assert_eq!((d.a, d.b), (7.5, 5.5));
        assert_eq!(d.difference, 2.0);
        let (low, high) = d.interval.unwrap();
        assert!(low < 2.0 && high > 2.0, "{low} {high}");
    }
}
