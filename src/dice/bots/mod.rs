//! Programs that play the dice game: `random`, `greedy` and `expect`, kept apart from the
//! card game's bots. Each is an [`Agent`](crate::game::Agent) of the dice game; nothing in
//! it is secret, so a bot reads the whole state ([`DiceAsk`]).

mod driver;
mod expect;
mod greedy;
mod random;
mod worth;

pub use driver::{DiceAsk, DiceGameRecord, GameDidNotEnd, play_game};
pub use expect::ExpectBot;
pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use worth::{harvest_rate, progress_worth};
