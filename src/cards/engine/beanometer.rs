//! The beanometer: how many coins a harvest of some number of cards earns.

/// The steps printed at the bottom of a bean card.
///
/// `steps[c - 1]` is how many cards must be harvested together to earn `c` coins; `None`
/// is a missing step (Garden beans have none for 1 coin): that many coins are never paid.
/// A checked ruleset guarantees the present steps rise strictly and that every step needs
/// at least as many cards as it pays coins, so a harvest can always turn over its coins.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Beanometer {
    steps: [Option<u8>; Beanometer::MAX_COINS],
    /// `paid[c]`: the coins for `c` cards, worked out once (harvests and bots ask often).
    paid: [u8; Beanometer::TABLE],
}

impl Beanometer {
    /// The most coins a beanometer can show.
    pub const MAX_COINS: usize = 4;

    /// Harvests of fewer cards than this are looked up rather than worked out.
    const TABLE: usize = 32;

    /// A beanometer from its steps; callers validate them (see [`Ruleset`](super::Ruleset)).
    pub(crate) fn from_steps(steps: [Option<u8>; Beanometer::MAX_COINS]) -> Self {
        let mut meter = Beanometer {
            steps,
            paid: [0; Beanometer::TABLE],
        };
        for cards in 0..Beanometer::TABLE {
            meter.paid[cards] = meter.count_coins(cards as u32) as u8;
        }
        meter
    }

    /// Coins earned by harvesting `cards` cards of this kind together: never more than the
    /// cards harvested, which are what the coins are made of.
    #[inline]
    pub fn coins_for(&self, cards: u32) -> u32 {
        match self.paid.get(cards as usize) {
            Some(&coins) => u32::from(coins),
            None => self.count_coins(cards),
        }
    }

    fn count_coins(&self, cards: u32) -> u32 {
        let mut coins = 0;
        for (i, step) in self.steps.iter().enumerate() {
            if let Some(needed) = step
                && cards >= u32::from(*needed)
            {
                coins = i as u32 + 1;
            }
        }
        // A checked ruleset's steps never pay more than their cards; a harvest can only
        // turn over the cards it has, whatever the steps say.
        coins.min(cards)
    }

    /// How many cards earn `coins` coins, or `None` where the beanometer has no such step.
    pub fn cards_for(&self, coins: usize) -> Option<u8> {
        coins
            .checked_sub(1)
            .and_then(|i| self.steps.get(i).copied().flatten())
    }

    /// The next step above `cards`: how many cards it needs and what it pays.
    pub fn next_step(&self, cards: u32) -> Option<(u32, u32)> {
        self.steps
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|n| (u32::from(n), i as u32 + 1)))
            .find(|&(needed, _)| needed > cards)
    }

    /// The steps, `steps[c - 1]` for `c` coins.
    pub fn steps(&self) -> [Option<u8>; Beanometer::MAX_COINS] {
        self.steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stink_beanometer_matches_the_rulebook_example() {
        let stink = Beanometer::from_steps([Some(3), Some(5), Some(7), Some(8)]);
        let paid: Vec<u32> = (1..=9).map(|n| stink.coins_for(n)).collect();
        assert_eq!(paid, vec![0, 0, 1, 1, 2, 2, 3, 4, 4]);
        assert_eq!(stink.coins_for(40), 4, "past the table");
    }

    #[test]
    fn missing_steps_are_skipped() {
        let garden = Beanometer::from_steps([None, Some(2), Some(3), None]);
        assert_eq!(garden.coins_for(1), 0);
        assert_eq!(garden.coins_for(2), 2);
        assert_eq!(garden.coins_for(6), 3);
        assert_eq!(garden.next_step(0), Some((2, 2)));
        assert_eq!(garden.next_step(3), None);
    }
}
