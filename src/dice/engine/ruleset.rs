//! A dice ruleset, checked: the dice, the harvest cards with their Bohnus figures, the
//! payouts, the goal and who may play.

use serde::{Deserialize, Serialize};

use super::die::{DICE, Die};
use super::harvest_card::{CardId, HarvestCard};
use super::ruleset_error::{DiceRulesetError, DiceRulesetProblem};
use super::ruleset_file::{DiceRulesetFile, MAX_RULESET_BYTES, syntax_problem};

/// What a harvest of a given number of covered orders earns.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Payout {
    /// Covered orders on the top card.
    pub orders: usize,
    /// Bean dollars earned.
    pub dollars: u32,
}

/// Everything a dice game needs to know besides the seed and the players' actions.
///
/// Only [`DiceRuleset::from_toml_str`] (and deserializing, which goes through the same
/// checks) makes one, so every ruleset in a game has five six-sided dice, cards whose orders
/// can be rolled and get harder upwards, and payouts that rise.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(into = "DiceRulesetFile", try_from = "DiceRulesetFile")]
pub struct DiceRuleset {
    pub name: String,
    pub title: String,
    /// The bean dollars that announce the final phase.
    pub goal: u32,
    /// The player counts the game supports, ascending.
    pub player_counts: Vec<usize>,
    pub dice: [Die; DICE],
    pub cards: Vec<HarvestCard>,
    /// Ascending by orders; the first entry is the fewest covered orders that may harvest.
    pub payouts: Vec<Payout>,
}

/// The built-in dice game's file.
pub const STANDARD_TOML: &str = include_str!("../../../rulesets/dice.toml");

impl DiceRuleset {
    /// Reads and checks a dice ruleset written in TOML (see `docs/dice.md`).
    pub fn from_toml_str(text: &str) -> Result<DiceRuleset, DiceRulesetError> {
        if text.len() > MAX_RULESET_BYTES {
            let problem = DiceRulesetProblem::TooLarge(MAX_RULESET_BYTES);
            return Err(DiceRulesetError::one("", problem));
        }
        let file: DiceRulesetFile = toml::from_str(text).map_err(|e| DiceRulesetError {
            problems: vec![syntax_problem(text, &e)],
        })?;
        DiceRuleset::try_from(file)
    }

    /// The dice game as the rulebook describes it, with our authored harvest cards.
    pub fn standard() -> DiceRuleset {
        DiceRuleset::from_toml_str(STANDARD_TOML)
            .expect("rulesets/dice.toml is checked by the tests")
    }

    /// The fewest covered orders that may be harvested.
    pub fn min_harvest(&self) -> usize {
        self.payouts[0].orders
    }

    /// What harvesting `covered` orders earns, or `None` if that is too few.
    pub fn dollars_for(&self, covered: usize) -> Option<u32> {
        self.payouts
            .iter()
            .rev()
            .find(|p| p.orders <= covered)
            .map(|p| p.dollars)
    }

    /// The harvest card with id `card`.
    pub fn card(&self, card: CardId) -> &HarvestCard {
        &self.cards[card]
    }

    /// Whether `players` may play this game.
    pub fn supports(&self, players: usize) -> bool {
        self.player_counts.contains(&players)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_ruleset_loads() {
        let ruleset = DiceRuleset::standard();
        assert_eq!(ruleset.cards.len(), 55);
        assert_eq!(ruleset.player_counts, vec![2, 3, 4, 5]);
        assert_eq!(ruleset.dollars_for(2), None);
        assert_eq!(ruleset.dollars_for(4), Some(2));
        assert_eq!(ruleset.min_harvest(), 3);
    }
}
