//! The end of the game: who won.

use serde::{Deserialize, Serialize};

use super::ruleset::TieBreak;

/// The final result: every player's coins and who won.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// Coins of each player after the final harvest, by seat.
    pub coins: Vec<u32>,
    /// The winners, by seat: one player unless the tie break shares the win.
    pub winners: Vec<usize>,
}

impl Outcome {
    /// Decides the winners from the final coins, breaking ties as the ruleset says.
    pub(crate) fn decide(
        coins: Vec<u32>,
        hand_sizes: &[usize],
        starting_player: usize,
        tie_break: TieBreak,
    ) -> Outcome {
        let best = coins.iter().copied().max().unwrap_or(0);
        let n = coins.len();
        // The tied players are counted out again for each tie break rather than listed, so
        // deciding allocates only the winners.
        let tied = || (0..n).filter(|&p| coins[p] == best);
        let winners = match tie_break {
            TieBreak::FurthestFromStartingPlayer => {
                let distance = |p: usize| (p + n - starting_player) % n;
                tied().max_by_key(|&p| distance(p)).into_iter().collect()
            }
            TieBreak::MostCardsInHand => {
                let most = tied().map(|p| hand_sizes[p]).max().unwrap_or(0);
                tied().filter(|&p| hand_sizes[p] == most).collect()
            }
            TieBreak::Shared => tied().collect(),
        };
        Outcome { coins, winners }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_goes_to_the_player_furthest_clockwise_from_the_starting_player() {
        // Starting player 2 of 4: clockwise order is 2, 3, 0, 1, so player 1 sits furthest.
        let o = Outcome::decide(
            vec![9, 9, 5, 9],
            &[0; 4],
            2,
            TieBreak::FurthestFromStartingPlayer,
        );
        assert_eq!(o.winners, vec![1]);
        let o = Outcome::decide(
            vec![9, 3, 9, 4],
            &[0; 4],
            2,
            TieBreak::FurthestFromStartingPlayer,
        );
        assert_eq!(o.winners, vec![0]);
    }

    #[test]
    fn other_tie_breaks() {
        let o = Outcome::decide(vec![7, 7, 2], &[1, 4, 9], 0, TieBreak::MostCardsInHand);
        assert_eq!(o.winners, vec![1]);
        let o = Outcome::decide(vec![7, 7, 2], &[1, 4, 9], 0, TieBreak::Shared);
        assert_eq!(o.winners, vec![0, 1]);
    }
}
