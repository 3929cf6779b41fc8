//! The figures a designer reads, worked out from a report's totals: win rates with
//! intervals, balance, game length, score spread, drama and the game's own counters.

use serde::Serialize;

use super::duplicate::Paired;
use super::report::Report;
use super::stats::{Summary, wilson};
use super::tally::SideTally;

/// How one entrant, bot or position did.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Performance {
    /// What is counted: `seat 1 (greedy)`, `greedy`, `position 1`.
    pub label: String,
    /// Seat-games counted (an entrant in two seats counts each).
    pub games: u64,
    /// Games won (a shared win counts for each winner).
    pub wins: u64,
    /// Wins per game.
    pub win_rate: f64,
    /// The 95% confidence interval of the win rate (Wilson score).
    pub win_rate_ci: (f64, f64),
    /// Final scores.
    pub scores: Summary,
}

impl Performance {
    fn of(label: String, side: &SideTally) -> Performance {
        Performance {
            label,
            games: side.games,
            wins: side.wins,
            win_rate: ratio(side.wins, side.games),
            win_rate_ci: wilson(side.wins, side.games),
            scores: side.scores.summary(),
        }
    }
}

/// One of the game's own counters, per game.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Counter {
    /// Its name (`trades`).
    pub name: String,
    /// Per game.
    pub per_game: Summary,
    /// Its total over the run.
    pub total: u128,
}

/// How often games ended somewhere.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Ending {
    /// Where (`phase 2`).
    pub ended_in: String,
    /// Games.
    pub games: u64,
    /// Share of the games.
    pub share: f64,
}

/// Everything the report says, worked out.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Figures {
    /// Games counted.
    pub games: u64,
    /// Per configured seat.
    pub per_seat: Vec<Performance>,
    /// Per entrant, over all its seats.
    pub per_bot: Vec<Performance>,
    /// Per table position: the first player's advantage is position 1's win rate.
    pub per_position: Vec<Performance>,
    /// One less the largest gap between two positions' win rates (1 is perfectly fair).
    pub balance: f64,
    /// Turns per game.
    pub turns: Summary,
    /// Actions per game.
    pub actions: Summary,
    /// Where games ended.
    pub endings: Vec<Ending>,
    /// The winner's margin over the next best.
    pub margin: Summary,
    /// The winning score.
    pub winning_score: Summary,
    /// Games with two or more players on the top score.
    pub ties: u64,
    /// Share of games tied at the top.
    pub tie_rate: f64,
    /// Games won by more than one player.
    pub shared_wins: u64,
    /// Changes of the sole leader per game.
    pub lead_changes: Summary,
    /// How far behind the eventual winner was at their worst.
    pub winner_worst_deficit: Summary,
    /// The game's own counters.
    pub counters: Vec<Counter>,
    /// Cards per trade (cards traded over trades), when the game trades.
    pub cards_per_trade: Option<f64>,
    /// Duplicate mode: each entrant against the first seat's.
    pub paired: Vec<Paired>,
    /// Bot answers replaced by a legal action.
    pub fallbacks: u64,
    /// Games that stopped before their end.
    pub stuck: u64,
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

impl Figures {
    /// The figures of `report`.
    pub fn of(report: &Report) -> Figures {
        let t = &report.totals;
        let per_seat = t
            .per_seat
            .iter()
            .enumerate()
            .map(|(e, s)| Performance::of(format!("seat {} ({})", e + 1, report.seats[e]), s))
            .collect();
        let mut entrants = report.seats.clone();
        entrants.sort();
        entrants.dedup();
        let per_bot = entrants
            .iter()
            .map(|entrant| {
                let mut all = SideTally::new();
                for (e, side) in t.per_seat.iter().enumerate() {
                    if report.seats[e] == *entrant {
                        all.merge(side, "a bot").expect("seats of one run merge");
                    }
                }
                Performance::of(entrant.to_string(), &all)
            })
            .collect();
        let per_position: Vec<Performance> = t
            .per_position
            .iter()
            .enumerate()
            .map(|(p, s)| Performance::of(format!("position {}", p + 1), s))
            .collect();
        let rates = per_position.iter().map(|s| s.win_rate);
        let gap = rates.clone().fold(f64::MIN, f64::max) - rates.fold(f64::MAX, f64::min);
        let counter = |name: &str| t.counters.get(name).map(|d| d.sum);
        let cards_per_trade = match (counter("cards traded"), counter("trades")) {
            (Some(cards), Some(trades)) if trades > 0 => Some(cards as f64 / trades as f64),
            _ => None,
        };
        Figures {
            games: t.games,
            per_seat,
            per_bot,
            balance: if per_position.is_empty() {
                1.0
            } else {
                1.0 - gap
            },
            per_position,
            turns: t.turns.summary(),
            actions: t.actions.summary(),
            endings: t
                .ended_in
                .iter()
                .map(|(ended_in, &games)| Ending {
                    ended_in: ended_in.clone(),
                    games,
                    share: ratio(games, t.games),
                })
                .collect(),
            margin: t.margin.summary(),
            winning_score: t.winning_score.summary(),
            ties: t.ties,
            tie_rate: ratio(t.ties, t.games),
            shared_wins: t.shared_wins,
            lead_changes: t.lead_changes.summary(),
            winner_worst_deficit: t.winner_worst_deficit.summary(),
            counters: t
                .counters
                .iter()
                .map(|(name, d)| Counter {
                    name: name.clone(),
                    per_game: d.summary(),
                    total: d.sum,
                })
                .collect(),
            cards_per_trade,
            paired: report.paired.iter().map(|p| p.figures()).collect(),
            fallbacks: t.fallbacks,
            stuck: t.stuck,
        }
    }
}
