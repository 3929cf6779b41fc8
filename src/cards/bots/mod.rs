//! Bots: programs that fill seats at the table, from a random player to a search bot.
//!
//! A bot is an [`Agent`] of the card game ([`Cards`]): it is asked for one action at a
//! time and told only what its seat may see: a [`Decision`] holds the seat's [`PlayerView`] (other hands are `None` in it), the seat's
//! legal actions and the ruleset, never the game state. The same seed gives the same
//! decisions. Which seat is asked, and when, is the [`Table`]'s business (the driver): the
//! engine lets several players act at once in phases 2 and 3, so something must decide who
//! speaks, and must end trading in bounded time.
//!
//! The bots, by name:
//! - [`RandomBot`] (`random`): a random legal action, with its own trade offers capped;
//! - [`GreedyBot`] (`greedy`): sensible planting, harvesting and trading by the [`eval`]
//!   heuristics;
//! - [`MctsBot`] (`mcts`): information-set Monte Carlo search with greedy playouts;
//!
//! and the difficulty levels players choose, each a clear step over the one below:
//! - `easy`: [`EasyBot`], the greedy policy with careless moves and no offers of its own;
//! - `normal`: the greedy bot;
//! - `hard` and `expert`: the [`SearchBot`] ([`search`]), with a small budget of rollouts
//!   and with the whole thinking time.

mod counts;
pub mod driver;
mod duel;
pub mod easy;
pub mod eval;
pub mod greedy;
pub mod legal;
pub mod mcts;
pub mod names;
pub mod offer_key;
pub mod playout;
pub mod random;
pub mod search;
pub mod sight;
pub mod sighted;

use std::sync::Arc;
use std::time::Duration;

use crate::cards::Cards;
use crate::cards::{Action, PlayerView, Ruleset};

pub use crate::game::{Agent, BotName, BotOptions, SeatKind, Stopwatch, ThinkingBudget, seat_seed};
pub use driver::{CardTurns, Next, Table};
pub use easy::EasyBot;
pub use greedy::GreedyBot;
pub use mcts::MctsBot;
pub use playout::Playouts;
pub use random::RandomBot;
pub use search::{SearchBot, SearchBudget};

/// Why a bot is asked to act, so it knows which answers make sense; a network client is told
/// it in its wire form (`"act"`, `{"answer": {"offer": 3}}`, `"may_propose"`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prompt {
    /// It is this seat's move: phase 1 and phase 2 as the active player (plant, turn over,
    /// propose, end trading), phase 3 with cards to plant. A bot must act (it may harvest first).
    Act,
    /// Phase 2: answer this offer made to the seat, accepting or declining it.
    Answer {
        /// The offer's number.
        offer: u32,
    },
    /// Phase 2, not the active player: the seat has the floor to propose one trade to the
    /// active player, or to pass (`None`).
    MayPropose,
}

/// A card game bot: what every bot of the card game is to the table.
pub type CardAgent = dyn Agent<Cards>;

/// Everything a bot is given to decide: its seat's view, legal actions and the ruleset,
/// and the caller's stopwatch to measure a thinking time by.
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a> {
    /// The seat deciding.
    pub me: usize,
    /// What the seat may see (other hands are `None`).
    pub view: &'a PlayerView,
    /// The rules of the game.
    pub ruleset: &'a Arc<Ruleset>,
    /// Every action the seat may take now except trade offers, which are open-ended: a bot
    /// composes its own (see [`legal::offer_allowed`]); the engine checks them as any other.
    pub legal: &'a [Action],
    /// What the seat is asked for.
    pub prompt: Prompt,
    /// The caller's time: a bot with a thinking time notes its reading when it starts and
    /// stops once it has moved on that far (bots never read the machine's clock).
    pub stopwatch: &'a dyn Stopwatch,
}

/// The default thinking time shown to people: `mcts` stops searching after this long.
pub const DEFAULT_THINK_TIME: Duration = Duration::from_millis(200);

/// How bots are made in the terminal game: `mcts` and `expert` think for
/// [`DEFAULT_THINK_TIME`] per decision (`hard` for a share of it), by time rather than by a
/// count of playouts, so they use what the machine gives and the screen never freezes for
/// long.
///
/// [`DEFAULT_THINK_TIME`]: DEFAULT_THINK_TIME
pub fn screen_bot_options() -> BotOptions {
    BotOptions {
        search: ThinkingBudget {
            time: Some(DEFAULT_THINK_TIME),
            playouts: mcts::TIMED_PLAYOUTS,
        },
    }
}
