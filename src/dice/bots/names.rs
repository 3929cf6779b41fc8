//! The dice game's bots by the names users type (`--seats expect,strong`), each ranked in
//! the order reports list them. [`super::driver`] says how each is made.

use crate::game::{BotName, Effort};

/// A random legal action.
pub const RANDOM: BotName = BotName::new(0, "random", Effort::ByRule);
/// Saves the dice that serve its next orders, harvests at once.
pub const GREEDY: BotName = BotName::new(1, "greedy", Effort::ByRule);
/// Keeps dice by exact expectation over the rest of its turn.
pub const EXPECT: BotName = BotName::new(2, "expect", Effort::ByRule);
/// Expect's turn search, played for the dollars cards earn until the end.
pub const STRONG: BotName = BotName::new(3, "strong", Effort::ByRule);
