//! What a run found: the run's description and its totals. Reports of slices of one run
//! merge into exactly the report of the whole run.

use serde::{Deserialize, Serialize};

use super::duplicate::PairedTally;
use super::entrant::Entrant;
use super::shard::{UnitRange, union};
use super::stats::MergeError;
use super::tally::RunTotals;
use super::{MAX_GAMES, SimConfig};
use crate::text::sanitize;

/// The largest report file `simulate-merge` reads.
pub const MAX_REPORT_BYTES: u64 = 64 * 1024 * 1024;

/// How long a run took: printed for people, left out of the JSON report so that merged
/// slices equal one run.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Timing {
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Worker threads.
    pub jobs: usize,
}

impl Timing {
    /// "1.20 s on 2 jobs", as a text report's last line says it.
    pub(super) fn spent(&self) -> String {
        let jobs = self.jobs;
        let s = if jobs == 1 { "" } else { "s" };
        format!("{:.2} s on {jobs} job{s}", self.seconds)
    }
}

/// The rules `variant` (from `file`, when they came from a ruleset file) as a report or a
/// ladder names them: a built-in variant by its name, a file by its path and the name
/// inside it (which may be a built-in's).
pub(super) fn rules_named(variant: &str, file: Option<&str>) -> String {
    match file {
        Some(file) => format!("the ruleset file {} (named {variant})", sanitize(file)),
        None => variant.to_string(),
    }
}

/// A run (or slices of one) and its totals.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The ruleset's name.
    pub variant: String,
    /// The ruleset file played, when the rules came from a file rather than a built-in
    /// variant (as the command line named it; absent for built-ins).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset_file: Option<String>,
    /// Players per game.
    pub players: usize,
    /// The entrants as configured, in seat order for game 0.
    pub seats: Vec<Entrant>,
    /// The first unit's seed.
    pub seed: u64,
    /// Units in the whole run (games, or deals in duplicate mode).
    pub units: u64,
    /// Whether seats were rotated.
    pub rotate: bool,
    /// Whether each deal was played once per rotation of the seats.
    pub duplicate: bool,
    /// The `mcts` playouts per decision (for entrants without their own).
    pub mcts_playouts: u32,
    /// The `mcts` time budget per decision, in milliseconds, if any.
    pub mcts_time_ms: Option<u64>,
    /// The units these totals count (all of them for a whole run).
    pub played: Vec<UnitRange>,
    /// The totals.
    pub totals: RunTotals,
    /// Duplicate mode: every entrant against the first seat's, deal by deal.
    pub paired: Vec<PairedTally>,
    /// How long it took (not in the JSON report).
    #[serde(skip)]
    pub timing: Option<Timing>,
    /// The command line that made the report, for the HTML page (not in the JSON report:
    /// slices of one run are made by different commands).
    #[serde(skip)]
    pub command: Option<String>,
}

impl Report {
    /// The report of a run's slice `units`.
    pub fn new(
        config: &SimConfig,
        units: UnitRange,
        totals: RunTotals,
        paired: Vec<PairedTally>,
        timing: Timing,
    ) -> Self {
        Report {
            variant: config.game.variant().to_string(),
            ruleset_file: None,
            players: config.seats.len(),
            seats: config.seats.clone(),
            seed: config.seed,
            units: config.games,
            rotate: config.rotate,
            duplicate: config.duplicate,
            mcts_playouts: config.options.search.playouts,
            mcts_time_ms: config.options.search.time.map(|t| t.as_millis() as u64),
            played: if units.is_empty() {
                Vec::new()
            } else {
                vec![units]
            },
            totals,
            paired,
            timing: Some(timing),
            command: None,
        }
    }

    /// The rules as a report names them: a built-in variant by its name, a ruleset file by
    /// its path and the name inside it (which may be a built-in's).
    pub fn rules_named(&self) -> String {
        rules_named(&self.variant, self.ruleset_file.as_deref())
    }

    /// How the seats were placed game by game, as a text report says it after the seats.
    pub(super) fn seating_note(&self) -> &'static str {
        if self.duplicate {
            " (duplicate: each deal once per rotation)"
        } else if self.rotate {
            " (seats rotated)"
        } else {
            ""
        }
    }

    /// Each seat's own settings, one line a seat that has any: a searching seat's playouts
    /// (its own `NAME:N`, else the run's for `mcts` and the level's for `hard` and
    /// `expert`) and the run's time limit.
    pub fn seat_settings(&self) -> Vec<String> {
        use crate::cards::bots::{names, search};
        self.seats
            .iter()
            .enumerate()
            .filter(|(_, e)| e.kind.searches())
            .map(|(i, e)| {
                let default = match e.kind {
                    names::HARD => search::HARD_PLAYOUTS,
                    names::EXPERT => search::EXPERT_PLAYOUTS,
                    _ => self.mcts_playouts,
                };
                let playouts = e.playouts.unwrap_or(default);
                let time = self
                    .mcts_time_ms
                    .filter(|_| e.playouts.is_none() || e.kind.spends_the_callers_budget())
                    .map(|ms| format!(" or {ms} ms"))
                    .unwrap_or_default();
                format!(
                    "seat {} ({e}): {playouts} playouts{time} per decision",
                    i + 1
                )
            })
            .collect()
    }

    /// Whether every unit of the run is counted.
    pub fn is_whole(&self) -> bool {
        self.played
            == [UnitRange {
                start: 0,
                end: self.units,
            }]
            || self.units == 0
    }

    /// Adds another slice of the same run.
    pub fn merge(&mut self, other: &Report) -> Result<(), MergeError> {
        let same = |a: bool, what: &str| {
            if a {
                Ok(())
            } else {
                Err(MergeError::DifferentRuns(format!("different {what}")))
            }
        };
        same(self.variant == other.variant, "rulesets")?;
        same(self.seats == other.seats, "seats")?;
        same(
            (self.seed, self.units) == (other.seed, other.units),
            "seeds or numbers of games",
        )?;
        same(
            (self.rotate, self.duplicate) == (other.rotate, other.duplicate),
            "seatings (rotation, duplicate)",
        )?;
        same(
            (self.mcts_playouts, self.mcts_time_ms) == (other.mcts_playouts, other.mcts_time_ms),
            "mcts budgets",
        )?;
        let played = union(&self.played, &other.played)
            .map_err(|r| MergeError::Overlap(r.start, r.end - 1))?;
        self.totals.merge(&other.totals)?;
        if self.paired.len() != other.paired.len() {
            return Err(MergeError::DifferentRuns("different comparisons".into()));
        }
        for (a, b) in self.paired.iter_mut().zip(&other.paired) {
            a.merge(b)?;
        }
        self.played = played;
        self.timing = None;
        Ok(())
    }

    /// A report read back from its JSON, checked: its numbers must agree with each other.
    pub fn from_json(text: &str) -> Result<Report, String> {
        let mut report: Report = serde_json::from_str(text).map_err(|e| e.to_string())?;
        report.played = union(&report.played, &[])
            .map_err(|r| MergeError::Overlap(r.start, r.end - 1).to_string())?;
        report.check().map_err(|e| e.to_string())?;
        Ok(report)
    }

    /// Whether the report's numbers agree with each other and with its run.
    fn check(&self) -> Result<(), MergeError> {
        let damaged = |what: &str| Err(MergeError::Damaged(what.to_string()));
        if self.players == 0 || self.seats.len() != self.players {
            return damaged("the seats and players disagree");
        }
        if !super::tally::is_plain_name(&self.variant) {
            return damaged("the ruleset's name is too long or holds control characters");
        }
        self.totals.check(self.players)?;
        let mut units = 0u64;
        for r in &self.played {
            if r.start >= r.end || r.end > self.units {
                return damaged("a slice lies outside the run");
            }
            units += r.len();
        }
        let per_unit = if self.duplicate {
            self.players as u64
        } else {
            1
        };
        if units.checked_mul(per_unit) != Some(self.totals.games)
            || self
                .units
                .checked_mul(per_unit)
                .is_none_or(|g| g > MAX_GAMES)
        {
            return damaged("the games counted disagree with the slices played");
        }
        if self.duplicate && self.paired.len() != PairedTally::for_seats(&self.seats).len() {
            return damaged("the comparisons disagree with the seats");
        }
        Ok(())
    }
}
