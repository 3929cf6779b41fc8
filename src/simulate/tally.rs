//! The running totals of a run: what every game adds, kept as counts and histograms so
//! memory stays flat however many games are played, and so totals from shards add up to
//! exactly the totals of one run.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::record::GameRecord;
use super::stats::{Distribution, MergeError};

/// Histogram buckets for actions per game (games run to hundreds of actions).
const ACTION_BUCKET: u64 = 25;

/// The longest name of a counter or an ending a report may carry.
pub const MAX_NAME: usize = 64;

/// Whether a name read from a file is short and printable (it reaches the terminal).
pub fn is_plain_name(name: &str) -> bool {
    name.chars().count() <= MAX_NAME && !name.chars().any(char::is_control)
}

/// How one seat or position did over the run.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SideTally {
    /// Games played there.
    pub games: u64,
    /// Games won there (a shared win counts for each winner).
    pub wins: u64,
    /// Final scores there.
    pub scores: Distribution,
}

impl SideTally {
    /// Nothing played yet.
    pub fn new() -> Self {
        SideTally {
            games: 0,
            wins: 0,
            scores: Distribution::new(1),
        }
    }

    fn add(&mut self, score: u32, won: bool) {
        self.games += 1;
        self.wins += u64::from(won);
        self.scores.add(u64::from(score));
    }

    /// Adds another side's totals.
    pub fn merge(&mut self, other: &SideTally, what: &str) -> Result<(), MergeError> {
        let damaged = || MergeError::Damaged(format!("{what} overflows"));
        self.games = self.games.checked_add(other.games).ok_or_else(damaged)?;
        self.wins = self.wins.checked_add(other.wins).ok_or_else(damaged)?;
        self.scores.merge(&other.scores, what)
    }
}

impl Default for SideTally {
    fn default() -> Self {
        Self::new()
    }
}

/// Every total of a run, by entrant (the configured seats) and by table position.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RunTotals {
    /// Games counted.
    pub games: u64,
    /// Per configured seat, following its entrant round the table.
    pub per_seat: Vec<SideTally>,
    /// Per table position (position 1 moves first).
    pub per_position: Vec<SideTally>,
    /// Turns per game.
    pub turns: Distribution,
    /// Actions per game.
    pub actions: Distribution,
    /// Games by where they ended.
    pub ended_in: BTreeMap<String, u64>,
    /// The top score less the next best (0 on a tie at the top).
    pub margin: Distribution,
    /// The top score.
    pub winning_score: Distribution,
    /// Games where two or more players ended on the top score.
    pub ties: u64,
    /// Games won by more than one player (the tie break shared the win).
    pub shared_wins: u64,
    /// Changes of the sole leader per game.
    pub lead_changes: Distribution,
    /// How far behind the eventual winner was at their worst.
    pub winner_worst_deficit: Distribution,
    /// The game's own counters, per game.
    pub counters: BTreeMap<String, Distribution>,
    /// Bot answers replaced by a legal action.
    pub fallbacks: u64,
    /// Games that stopped before their end.
    pub stuck: u64,
}

impl RunTotals {
    /// Empty totals for `players` seats.
    pub fn new(players: usize) -> Self {
        RunTotals {
            games: 0,
            per_seat: vec![SideTally::new(); players],
            per_position: vec![SideTally::new(); players],
            turns: Distribution::new(1),
            actions: Distribution::new(ACTION_BUCKET),
            ended_in: BTreeMap::new(),
            margin: Distribution::new(1),
            winning_score: Distribution::new(1),
            ties: 0,
            shared_wins: 0,
            lead_changes: Distribution::new(1),
            winner_worst_deficit: Distribution::new(1),
            counters: BTreeMap::new(),
            fallbacks: 0,
            stuck: 0,
        }
    }

    /// Counts one game, `seating[pos]` being the configured seat at each position.
    pub fn add(&mut self, record: &GameRecord, seating: &[usize]) {
        self.games += 1;
        for (pos, &score) in record.scores.iter().enumerate() {
            let won = record.winners.contains(&pos);
            self.per_position[pos].add(score, won);
            self.per_seat[seating[pos]].add(score, won);
        }
        self.turns.add(u64::from(record.turns));
        self.actions.add(record.actions);
        *self.ended_in.entry(record.ended_in.clone()).or_insert(0) += 1;
        self.margin.add(u64::from(record.margin()));
        self.winning_score.add(u64::from(record.winning_score()));
        self.ties += u64::from(record.tied_at_top());
        self.shared_wins += u64::from(record.winners.len() > 1);
        self.lead_changes.add(u64::from(record.lead.changes));
        self.winner_worst_deficit
            .add(u64::from(record.lead.winner_worst_deficit));
        for &(name, value) in &record.counters {
            self.counters
                .entry(name.to_string())
                .or_insert_with(|| Distribution::new(1))
                .add(value);
        }
        self.fallbacks += record.fallbacks;
        self.stuck += u64::from(record.stuck);
    }

    /// Adds another run's totals to these (the same seats and players).
    pub fn merge(&mut self, other: &RunTotals) -> Result<(), MergeError> {
        if self.per_seat.len() != other.per_seat.len()
            || self.per_position.len() != other.per_position.len()
        {
            return Err(MergeError::DifferentRuns(
                "different numbers of seats".into(),
            ));
        }
        let damaged = |what: &str| MergeError::Damaged(format!("{what} overflows"));
        let add = |a: &mut u64, b: u64, what: &str| {
            *a = a.checked_add(b).ok_or_else(|| damaged(what))?;
            Ok::<(), MergeError>(())
        };
        add(&mut self.games, other.games, "games")?;
        for (a, b) in self.per_seat.iter_mut().zip(&other.per_seat) {
            a.merge(b, "a seat")?;
        }
        for (a, b) in self.per_position.iter_mut().zip(&other.per_position) {
            a.merge(b, "a position")?;
        }
        self.turns.merge(&other.turns, "turns")?;
        self.actions.merge(&other.actions, "actions")?;
        for (name, &n) in &other.ended_in {
            add(self.ended_in.entry(name.clone()).or_insert(0), n, "endings")?;
        }
        self.margin.merge(&other.margin, "margin")?;
        self.winning_score
            .merge(&other.winning_score, "winning score")?;
        add(&mut self.ties, other.ties, "ties")?;
        add(&mut self.shared_wins, other.shared_wins, "shared wins")?;
        self.lead_changes
            .merge(&other.lead_changes, "lead changes")?;
        self.winner_worst_deficit
            .merge(&other.winner_worst_deficit, "worst deficit")?;
        for (name, d) in &other.counters {
            match self.counters.get_mut(name) {
                Some(mine) => mine.merge(d, name)?,
                None => {
                    self.counters.insert(name.clone(), d.clone());
                }
            }
        }
        add(&mut self.fallbacks, other.fallbacks, "fallbacks")?;
        add(&mut self.stuck, other.stuck, "stuck games")
    }

    /// Whether the totals agree with each other (a report read from a file may not): every
    /// histogram with its count, every seat and position with the games, and as many seats
    /// as `players`.
    pub fn check(&self, players: usize) -> Result<(), MergeError> {
        let bad = |what: &str| Err(MergeError::Damaged(format!("{what} do not add up")));
        if self.per_seat.len() != players || self.per_position.len() != players {
            return bad("the seats");
        }
        // Histograms are bucketed as this version buckets them, so that they add up.
        let fresh = RunTotals::new(players);
        let sides = self.per_seat.iter().chain(&self.per_position);
        if sides.clone().any(|s| {
            !s.scores.is_consistent()
                || s.scores.count != s.games
                || s.wins > s.games
                || s.scores.bucket_width != fresh.per_seat[0].scores.bucket_width
        }) {
            return bad("the scores");
        }
        let widths = |t: &RunTotals| {
            [
                t.turns.bucket_width,
                t.actions.bucket_width,
                t.margin.bucket_width,
                t.winning_score.bucket_width,
                t.lead_changes.bucket_width,
                t.winner_worst_deficit.bucket_width,
            ]
        };
        if widths(self) != widths(&fresh) || self.counters.values().any(|d| d.bucket_width != 1) {
            return bad("the histograms' buckets");
        }
        let per_game = [
            &self.turns,
            &self.actions,
            &self.margin,
            &self.winning_score,
            &self.lead_changes,
            &self.winner_worst_deficit,
        ];
        if per_game
            .into_iter()
            .chain(self.counters.values())
            .any(|d| !d.is_consistent() || d.count != self.games)
        {
            return bad("the figures per game");
        }
        if self
            .ended_in
            .values()
            .try_fold(0u64, |a, &n| a.checked_add(n))
            != Some(self.games)
        {
            return bad("the endings");
        }
        if !self
            .ended_in
            .keys()
            .chain(self.counters.keys())
            .all(|name| is_plain_name(name))
        {
            return Err(MergeError::Damaged(format!(
                "a name is longer than {MAX_NAME} characters or holds control characters"
            )));
        }
        Ok(())
    }
}
