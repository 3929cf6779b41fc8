//! Duplicate play: each deal is played once per rotation of the seats, so every entrant
//! meets the same cards from every seat, and entrants are compared deal by deal (a paired
//! difference), which cancels the luck of the deal.

use serde::{Deserialize, Serialize};

use super::entrant::Entrant;
use super::record::GameRecord;
use super::stats::{Estimate, MergeError, SignedMoments};

/// How one entrant did against the reference entrant (the first seat's), deal by deal.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PairedTally {
    /// The reference entrant.
    pub reference: String,
    /// The entrant compared with it.
    pub other: String,
    /// What one deal's scaled difference is divided by to give a difference per game
    /// (the reference's seat-games per deal times the other's).
    pub scale: u64,
    /// Per deal: the reference's coins less the other's, per seat-game, times `scale`.
    pub coins: SignedMoments,
    /// Per deal: the reference's wins less the other's, per seat-game, times `scale`.
    pub wins: SignedMoments,
}

/// A paired difference with its interval, for printing.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Paired {
    /// The reference entrant.
    pub reference: String,
    /// The entrant compared with it.
    pub other: String,
    /// Deals compared.
    pub deals: u64,
    /// The reference's coins per game less the other's, with its 95% interval.
    pub coins: Estimate,
    /// The reference's win rate less the other's, with its 95% interval.
    pub win_rate: Estimate,
}

impl PairedTally {
    /// One comparison for every entrant unlike the first seat's (none when all are alike).
    pub fn for_seats(seats: &[Entrant]) -> Vec<PairedTally> {
        let Some(reference) = seats.first() else {
            return Vec::new();
        };
        let mut others: Vec<Entrant> = seats.iter().copied().filter(|e| e != reference).collect();
        others.sort();
        others.dedup();
        let rotations = seats.len() as u64;
        let seats_of = |e: &Entrant| seats.iter().filter(|s| *s == e).count() as u64 * rotations;
        others
            .iter()
            .map(|other| PairedTally {
                reference: reference.to_string(),
                other: other.to_string(),
                scale: seats_of(reference) * seats_of(other),
                coins: SignedMoments::default(),
                wins: SignedMoments::default(),
            })
            .collect()
    }

    /// Counts one deal: its games, each with the configured seat at every position.
    pub fn add_deal(&mut self, seats: &[Entrant], games: &[(GameRecord, Vec<usize>)]) {
        let total = |label: &str| {
            let mut coins = 0i64;
            let mut wins = 0i64;
            let mut count = 0i64;
            for (record, seating) in games {
                for (pos, &seat) in seating.iter().enumerate() {
                    if seats[seat].to_string() == label {
                        coins += i64::from(record.scores[pos]);
                        wins += i64::from(record.winners.contains(&pos));
                        count += 1;
                    }
                }
            }
            (coins, wins, count)
        };
        let (ref_coins, ref_wins, ref_count) = total(&self.reference);
        let (coins, wins, count) = total(&self.other);
        self.coins.add(ref_coins * count - coins * ref_count);
        self.wins.add(ref_wins * count - wins * ref_count);
    }

    /// Adds another run's comparison of the same pair.
    pub fn merge(&mut self, other: &PairedTally) -> Result<(), MergeError> {
        if (&self.reference, &self.other, self.scale)
            != (&other.reference, &other.other, other.scale)
        {
            return Err(MergeError::DifferentRuns(
                "duplicate comparisons of different entrants".into(),
            ));
        }
        self.coins.merge(&other.coins)?;
        self.wins.merge(&other.wins)
    }

    /// The differences with their intervals.
    pub fn figures(&self) -> Paired {
        Paired {
            reference: self.reference.clone(),
            other: self.other.clone(),
            deals: self.coins.count,
            coins: self.coins.estimate(self.scale as f64),
            win_rate: self.wins.estimate(self.scale as f64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::bots::names::{GREEDY, RANDOM};

    fn game(scores: Vec<u32>, winners: Vec<usize>) -> GameRecord {
        GameRecord::scored(scores, winners)
    }

    #[test]
    fn a_deal_compares_the_same_cards_from_every_seat() {
        let seats = [Entrant::plain(GREEDY), Entrant::plain(RANDOM)];
        let mut pairs = PairedTally::for_seats(&seats);
        assert_eq!(pairs.len(), 1);
        assert_eq!(pairs[0].scale, 4, "two seat-games each per deal");
        // Deal 1: position 0 is dealt better cards; greedy scores 10 and 6 from the two
        // positions, random 4 and 2: greedy is (16 - 6) / 2 = 5 coins a game better.
        pairs[0].add_deal(
            &seats,
            &[
                (game(vec![10, 2], vec![0]), vec![0, 1]),
                (game(vec![4, 6], vec![1]), vec![1, 0]),
            ],
        );
        // Deal 2: greedy 1 coin a game better; greedy won both games, random shared one.
        pairs[0].add_deal(
            &seats,
            &[
                (game(vec![3, 3], vec![0, 1]), vec![0, 1]),
                (game(vec![3, 1], vec![0]), vec![0, 1]),
            ],
        );
        let f = pairs[0].figures();
        assert_eq!(f.deals, 2);
        assert_eq!(f.coins.mean, 3.0);
        assert!(f.coins.low < 3.0 && f.coins.high > 3.0);
        // Deal 1: greedy won 2 of 2, random 0; deal 2: greedy 2 of 2, random 1 of 2.
        assert_eq!(f.win_rate.mean, (1.0 + 0.5) / 2.0);
    }

    #[test]
    fn alike_entrants_are_not_compared() {
        let seats = [Entrant::plain(GREEDY); 3];
        assert!(PairedTally::for_seats(&seats).is_empty());
    }
}
