//! The ladder: bots rated from mixed tables (Weng-Lin, the Bayesian rating of the
//! skillratings crate). Each game seats a shuffle of the entrants, so every entrant meets
//! every other from every position; games are played on every core and rated in game
//! order, so the same seed gives the same table for any number of jobs.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use serde::Serialize;
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::game::{BotOptions, seat_seed};

use super::entrant::Entrant;
use super::play::SimGame;
use super::record::GameRecord;
use super::report::rules_named;
use super::stats::wilson;
use super::{MAX_GAMES, SimError};

/// The most entrants a ladder rates.
pub const MAX_ENTRANTS: usize = 32;

/// What a ladder plays.
#[derive(Clone, Debug)]
pub struct LadderConfig {
    /// The game and its rules.
    pub game: SimGame,
    /// The bots rated (two or more).
    pub entrants: Vec<Entrant>,
    /// Players per game: a table seats this many of the entrants (all of them, some twice,
    /// when there are fewer entrants than seats).
    pub players: usize,
    /// Games to play.
    pub games: u64,
    /// Game `i` is dealt from `seed + i`, and its table drawn from it.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// How bots are made (the `mcts` budget of entrants without their own).
    pub options: BotOptions,
}

/// One entrant's rating and record.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Rated {
    /// The entrant.
    pub entrant: Entrant,
    /// Weng-Lin's skill estimate (mu; everyone starts at 25).
    pub rating: f64,
    /// Its uncertainty (sigma; everyone starts at 25/3).
    pub uncertainty: f64,
    /// Seat-games played.
    pub games: u64,
    /// Games won (a shared win counts for each winner).
    pub wins: u64,
    /// The 95% interval of the win rate (Wilson).
    pub win_rate_ci: (f64, f64),
    /// Mean final score.
    pub mean_score: f64,
}

impl Rated {
    /// The conservative rating (mu − 3 sigma) the table is sorted by.
    pub fn conservative(&self) -> f64 {
        self.rating - 3.0 * self.uncertainty
    }
}

/// The ladder after its games, strongest first.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Ladder {
    /// The ruleset's name.
    pub variant: String,
    /// The ruleset file played, when the rules came from a file (absent for built-ins).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruleset_file: Option<String>,
    /// Players per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// Entrants, by conservative rating, best first.
    pub table: Vec<Rated>,
}

/// The entrants (indices into the configured list) at each position of game `index`: a
/// shuffle drawn from the game's seed, repeated round the table if there are fewer
/// entrants than seats.
pub fn seating(config: &LadderConfig, index: u64) -> Vec<usize> {
    let k = config.entrants.len();
    let mut order: Vec<usize> = (0..k).collect();
    let game_seed = config.seed.wrapping_add(index) ^ 0x5EA7_1AD0_EA5E_u64;
    for j in (1..k).rev() {
        let r = (seat_seed(game_seed, j) % (j as u64 + 1)) as usize;
        order.swap(j, r);
    }
    (0..config.players).map(|p| order[p % k]).collect()
}

/// Finishing places (1 is best): the winners first, then the rest by score, equal scores
/// sharing a place.
pub fn places(record: &GameRecord) -> Vec<usize> {
    let n = record.scores.len();
    let won = |p: usize| record.winners.contains(&p);
    (0..n)
        .map(|p| {
            if won(p) {
                return 1;
            }
            let above = (0..n)
                .filter(|&q| won(q) || record.scores[q] > record.scores[p])
                .count();
            1 + above
        })
        .collect()
}

/// An entrant on the ladder so far: its rating and its games, wins and scores.
struct EntrantRecord {
    rating: WengLinRating,
    games: u64,
    wins: u64,
    score_sum: u64,
}

impl EntrantRecord {
    /// An entrant before its first game: the rating every entrant starts from.
    fn new() -> EntrantRecord {
        EntrantRecord {
            rating: WengLinRating::new(),
            games: 0,
            wins: 0,
            score_sum: 0,
        }
    }
}

/// Rates one game: every seat a team of one. An entrant in two seats takes the mean of
/// its seats' new ratings.
fn rate(standings: &mut [EntrantRecord], seats: &[usize], record: &GameRecord) {
    let places = places(record);
    let before: Vec<[WengLinRating; 1]> = seats.iter().map(|&e| [standings[e].rating]).collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = before
        .iter()
        .zip(&places)
        .map(|(r, &place)| (&r[..], MultiTeamOutcome::new(place)))
        .collect();
    let after = weng_lin_multi_team(&teams, &WengLinConfig::new());
    let mut sums: BTreeMap<usize, (f64, f64, f64)> = BTreeMap::new();
    for (pos, &e) in seats.iter().enumerate() {
        let new = after[pos][0];
        let slot = sums.entry(e).or_insert((0.0, 0.0, 0.0));
        *slot = (slot.0 + new.rating, slot.1 + new.uncertainty, slot.2 + 1.0);
        let s = &mut standings[e];
        s.games += 1;
        s.wins += u64::from(record.winners.contains(&pos));
        s.score_sum += u64::from(record.scores[pos]);
    }
    for (e, (rating, uncertainty, n)) in sums {
        standings[e].rating = WengLinRating {
            rating: rating / n,
            uncertainty: uncertainty / n,
        };
    }
}

/// One worker's share of the ladder: takes the next game number until all are taken,
/// plays it at its seating and seed, and sends the record (`None`: the game failed).
fn play_share(config: &LadderConfig, next: &AtomicU64, send: &mpsc::Sender<WorkerGame>) {
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= config.games {
            break;
        }
        let seats = seating(config, i);
        let entrants: Vec<Entrant> = seats.iter().map(|&e| config.entrants[e]).collect();
        let seed = config.seed.wrapping_add(i);
        let record = config.game.play(seed, &entrants, &config.options).ok();
        if send.send((i, seats, record)).is_err() {
            break;
        }
    }
}

/// A game as a worker sends it: its number, who sat where, and its record.
type WorkerGame = (u64, Vec<usize>, Option<GameRecord>);

/// `entrant`'s line in the table from its `standing` after every game.
fn rated(entrant: Entrant, s: &EntrantRecord) -> Rated {
    Rated {
        entrant,
        rating: s.rating.rating,
        uncertainty: s.rating.uncertainty,
        games: s.games,
        wins: s.wins,
        win_rate_ci: wilson(s.wins, s.games),
        mean_score: if s.games == 0 {
            0.0
        } else {
            s.score_sum as f64 / s.games as f64
        },
    }
}

/// Plays the ladder's games and rates them, calling `progress` with the games done.
pub fn run(config: &LadderConfig, progress: &(dyn Fn(u64) + Sync)) -> Result<Ladder, SimError> {
    if config.games > MAX_GAMES {
        return Err(SimError::TooManyGames);
    }
    config
        .game
        .check_players(config.players)
        .map_err(SimError::Setup)?;
    let mut standings: Vec<EntrantRecord> = config
        .entrants
        .iter()
        .map(|_| EntrantRecord::new())
        .collect();
    let next = AtomicU64::new(0);
    let (send, receive) = mpsc::channel::<WorkerGame>();
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.max(1) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || play_share(config, next, &send));
        }
        drop(send);
        // Games finish out of order; they are rated in order, holding only the few that
        // came early.
        let mut early = BTreeMap::new();
        let mut rated = 0u64;
        loop {
            // The bar hears from us even while a slow game is being played.
            let (i, seats, record) = match receive.recv_timeout(Duration::from_millis(100)) {
                Ok(game) => game,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    progress(rated);
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            early.insert(i, (seats, record));
            while let Some((seats, record)) = early.remove(&rated) {
                if let Some(record) = record.filter(|r| !r.stuck) {
                    rate(&mut standings, &seats, &record);
                }
                rated += 1;
                progress(rated);
            }
        }
    });
    let mut table: Vec<Rated> = config
        .entrants
        .iter()
        .zip(&standings)
        .map(|(&entrant, s)| rated(entrant, s))
        .collect();
    table.sort_by(|a, b| b.conservative().total_cmp(&a.conservative()));
    Ok(Ladder {
        variant: config.game.variant().to_string(),
        ruleset_file: None,
        players: config.players,
        games: config.games,
        table,
    })
}

impl Ladder {
    /// The ladder as a table for people.
    pub fn text(&self) -> String {
        let mut s = format!(
            "{} games of {}, {} players a table; Weng-Lin ratings, best first\n\n",
            self.games,
            rules_named(&self.variant, self.ruleset_file.as_deref()),
            self.players
        );
        s.push_str(&format!(
            "{:<4} {:<12} {:>8} {:>7} {:>10} {:>7} {:>7} {:>8} {:>17} {:>7}\n",
            "rank",
            "bot",
            "rating",
            "sigma",
            "mu-3sigma",
            "games",
            "wins",
            "win %",
            "95% CI",
            "score"
        ));
        for (i, r) in self.table.iter().enumerate() {
            let rate = if r.games == 0 {
                0.0
            } else {
                r.wins as f64 / r.games as f64
            };
            s.push_str(&format!(
                "{:<4} {:<12} {:>8.2} {:>7.2} {:>10.2} {:>7} {:>7} {:>7.1}% {:>7.1}% – {:>5.1}% {:>7.2}\n",
                i + 1,
                r.entrant.to_string(),
                r.rating,
                r.uncertainty,
                r.conservative(),
                r.games,
                r.wins,
                100.0 * rate,
                100.0 * r.win_rate_ci.0,
                100.0 * r.win_rate_ci.1,
                r.mean_score
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(scores: Vec<u32>, winners: Vec<usize>) -> GameRecord {
        GameRecord::scored(scores, winners)
    }

    #[test]
    fn places_follow_the_winners_then_the_scores() {
        // Player 1 won a tie at 9 on the tie break; player 0 is second on 9.
        assert_eq!(places(&record(vec![9, 9, 4, 4], vec![1])), [2, 1, 3, 3]);
        assert_eq!(places(&record(vec![5, 5, 2], vec![0, 1])), [1, 1, 3]);
    }

    #[test]
    fn winning_raises_a_rating() {
        let mut standings: Vec<EntrantRecord> = (0..3).map(|_| EntrantRecord::new()).collect();
        for _ in 0..20 {
            rate(&mut standings, &[0, 1, 2], &record(vec![12, 6, 1], vec![0]));
        }
        assert!(standings[0].rating.rating > standings[1].rating.rating);
        assert!(standings[1].rating.rating > standings[2].rating.rating);
        assert!(standings[0].rating.uncertainty < WengLinRating::new().uncertainty);
        assert_eq!(
            (
                standings[0].games,
                standings[0].wins,
                standings[0].score_sum
            ),
            (20, 20, 240)
        );
    }
}
