//! Programs that play the dice game: `random`, `greedy`, `expect` and `strong`, kept apart from the
//! card game's bots. Each is an [`Agent`](crate::game::Agent) of the dice game; nothing in
//! it is secret, so a bot reads the whole state ([`DiceAsk`]).

mod card_value;
mod counts;
mod driver;
mod expect;
pub(crate) mod greedy;
pub mod names;
mod random;
mod strong;
mod turn_search;
mod worth;

pub use card_value::CardOutlook;
pub use driver::{DiceAsk, DiceGameRecord, GameDidNotEnd, play_game};
pub use expect::ExpectBot;
pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use strong::{StrongBot, StrongWeights};
pub use worth::{goal_harvest_wins, harvest_rate, progress_worth};
