//! The card games' bots by the names users type (`--seats normal,mcts`), each ranked in
//! the order reports list them. [`super::driver`] says how each is made.

use crate::game::{BotName, Effort};

/// A random legal action, its own offers capped.
pub const RANDOM: BotName = BotName::new(0, "random", Effort::ByRule);
/// Sensible play by the greedy heuristics.
pub const GREEDY: BotName = BotName::new(1, "greedy", Effort::ByRule);
/// Information-set Monte Carlo search with greedy playouts, on the caller's budget.
pub const MCTS: BotName = BotName::new(2, "mcts", Effort::CallersBudget).titled("MCTS");
/// The easy level: greedy with careless moves, no offers of its own.
pub const EASY: BotName = BotName::new(3, "easy", Effort::ByRule);
/// The normal level: the greedy bot.
pub const NORMAL: BotName = BotName::new(4, "normal", Effort::ByRule);
/// The hard level: the search bot with a small budget.
pub const HARD: BotName = BotName::new(5, "hard", Effort::OwnBudget);
/// The expert level: the search bot with the whole thinking time.
pub const EXPERT: BotName = BotName::new(6, "expert", Effort::OwnBudget);
