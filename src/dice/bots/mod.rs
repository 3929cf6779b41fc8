//! Programs that play the dice game: `random`, `greedy`, `expect` and `strong`, kept apart from the
//! card game's bots. Nothing in the dice game is secret, so a bot reads the whole state.

mod card_value;
mod driver;
mod expect;
mod greedy;
mod random;
mod seat;
mod strong;
mod turn_search;
mod worth;

use serde::{Deserialize, Serialize};

pub use card_value::CardOutlook;
pub use driver::{DiceGameRecord, GameDidNotEnd, play_game};
pub use expect::ExpectBot;
pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use seat::DiceSeat;
pub use strong::{StrongBot, StrongWeights};
pub use worth::{goal_harvest_wins, harvest_rate, progress_worth};

use super::action::DiceAction;
use super::state::{DiceState, Seat};

/// A program that fills a seat.
pub trait DiceBot {
    /// What `seat` does now, or `None` to let the moment pass. The active player is always
    /// asked until they answer; others are asked only when they may harvest, and may wait.
    fn choose(&mut self, state: &DiceState, seat: Seat) -> Option<DiceAction>;
}

/// The dice bots by name, as seat kinds and command lines name them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceBotKind {
    /// Any legal action, harvesting now and then.
    Random,
    /// Saves the dice that serve its next orders; harvests as soon as it may.
    Greedy,
    /// Keeps dice by exact expectation over the remaining rolls; harvests by the rate of
    /// dollars a new card would earn.
    Expect,
    /// Expect's search played for the whole game: values cards by the dollars they can still
    /// earn before the end, harvests when that beats waiting, and watches the leader.
    Strong,
}

impl DiceBotKind {
    pub const ALL: [DiceBotKind; 4] = [
        DiceBotKind::Random,
        DiceBotKind::Greedy,
        DiceBotKind::Expect,
        DiceBotKind::Strong,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DiceBotKind::Random => "random",
            DiceBotKind::Greedy => "greedy",
            DiceBotKind::Expect => "expect",
            DiceBotKind::Strong => "strong",
        }
    }

    /// A bot of this kind; `seed` drives the random bot's choices.
    pub fn make(self, seed: u64) -> Box<dyn DiceBot> {
        match self {
            DiceBotKind::Random => Box::new(RandomBot::new(seed)),
            DiceBotKind::Greedy => Box::new(GreedyBot),
            DiceBotKind::Expect => Box::new(ExpectBot::default()),
            DiceBotKind::Strong => Box::new(StrongBot::default()),
        }
    }
}
