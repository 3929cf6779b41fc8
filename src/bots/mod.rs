//! Bots: programs that fill seats at the table, from a random player to a search bot.
//!
//! A bot is asked for one action at a time and told only what its seat may see: a
//! [`Decision`] holds the seat's [`PlayerView`] (other hands are `None` in it), the seat's
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

pub mod driver;
mod duel;
pub mod easy;
pub mod eval;
pub mod greedy;
pub mod legal;
pub mod mcts;
pub mod playout;
pub mod random;
pub mod search;
pub mod sight;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::{Action, PlayerView, Ruleset};

pub use driver::{Next, Table};
pub use easy::EasyBot;
pub use greedy::GreedyBot;
pub use mcts::{MctsBot, MctsBudget};
pub use playout::Playouts;
pub use random::RandomBot;
pub use search::{SearchBot, SearchBudget};

/// Why a bot is asked to act, so it knows which answers make sense.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

/// Everything a bot is given to decide: its seat's view, legal actions and the ruleset.
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
}

/// A program that plays a seat.
///
/// `decide` returns the action to take, or `None` to pass where the prompt allows it
/// ([`Prompt::MayPropose`]). Where it does not, `None` or an illegal action makes the driver
/// play a legal action instead, so a bot never stalls the game, even on a rule it does not
/// understand.
pub trait Bot: Send {
    /// Which bot this is.
    fn kind(&self) -> BotKind;
    /// The seat's next action.
    fn decide(&mut self, decision: &Decision<'_>) -> Option<Action>;
}

/// The bots there are: the difficulty levels, weakest first, then the bots by their own
/// names (which saves and scripts use).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotKind {
    /// A random legal action, offers capped.
    Random,
    /// Sensible planting, harvesting and trading by heuristics.
    Greedy,
    /// Information-set Monte Carlo search with greedy playouts.
    Mcts,
    /// The easy level: greedy with careless moves, no offers of its own.
    Easy,
    /// The normal level: the greedy bot.
    Normal,
    /// The hard level: the search bot with a small budget.
    Hard,
    /// The expert level: the search bot with the whole thinking time.
    Expert,
}

impl BotKind {
    /// Every bot: the levels, weakest first, then `random`, `greedy` and `mcts`.
    pub const ALL: [BotKind; 7] = [
        BotKind::Easy,
        BotKind::Normal,
        BotKind::Hard,
        BotKind::Expert,
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Mcts,
    ];

    /// The name users type (`--seats greedy,expert`).
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::Mcts => "mcts",
            BotKind::Easy => "easy",
            BotKind::Normal => "normal",
            BotKind::Hard => "hard",
            BotKind::Expert => "expert",
        }
    }

    /// Whether this bot searches, so a budget of playouts means something to it.
    pub fn searches(self) -> bool {
        matches!(self, BotKind::Mcts | BotKind::Hard | BotKind::Expert)
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "no bot is called {s:?}; the bots are easy, normal, hard, expert, random, \
                     greedy, mcts"
                )
            })
    }
}

/// Who plays a seat: a person at the keyboard or a bot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person.
    Human,
    /// A bot of this kind.
    Bot(BotKind),
}

impl SeatKind {
    /// The bot playing this seat, if any.
    pub fn bot(self) -> Option<BotKind> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(k) => Some(k),
        }
    }
}

impl fmt::Display for SeatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatKind::Human => f.write_str("human"),
            SeatKind::Bot(k) => k.fmt(f),
        }
    }
}

impl FromStr for SeatKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.trim().eq_ignore_ascii_case("human") {
            Ok(SeatKind::Human)
        } else {
            s.parse::<BotKind>().map(SeatKind::Bot).map_err(|_| {
                format!(
                    "no seat kind is called {s:?}; say human, easy, normal, hard, expert, \
                     random, greedy or mcts"
                )
            })
        }
    }
}

/// How bots are made: the search budget of `mcts`, whose thinking time (if set) is also
/// the time of `expert` and a bound on `hard` (the others need nothing).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct BotOptions {
    /// What one `mcts` decision may spend.
    pub mcts: MctsBudget,
}

/// A bot of `kind`, its chance drawn from `seed` (same seed, same decisions).
///
/// `hard` makes a small fixed number of rollouts a decision (stopping early if a thinking
/// time runs out). Without a thinking time (the simulator) `expert` makes a fixed number
/// too, so results are reproducible; with one (on screen) it thinks for all of it.
pub fn make_bot(kind: BotKind, seed: u64, options: &BotOptions) -> Box<dyn Bot> {
    let mut hard = SearchBudget::playouts(search::HARD_PLAYOUTS);
    hard.time = options.mcts.time;
    let mut expert = SearchBudget::playouts(search::EXPERT_PLAYOUTS);
    if let Some(t) = options.mcts.time {
        expert.playouts = search::MAX_PLAYOUTS;
        expert.time = Some(t);
    }
    match kind {
        BotKind::Random => Box::new(RandomBot::new(seed)),
        BotKind::Greedy | BotKind::Normal => Box::new(GreedyBot::new()),
        BotKind::Mcts => Box::new(MctsBot::new(seed, options.mcts)),
        BotKind::Easy => Box::new(EasyBot::new(seed)),
        BotKind::Hard => Box::new(SearchBot::new(kind, seed, hard)),
        BotKind::Expert => Box::new(SearchBot::new(kind, seed, expert)),
    }
}

/// A seed for seat `seat` from a game's seed, so each seat's bot draws its own numbers.
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    // SplitMix64's finaliser: nearby game seeds give unrelated seat seeds.
    let mut z = game_seed
        .wrapping_add((seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The default thinking time shown to people: `mcts` stops searching after this long.
pub const DEFAULT_THINK_TIME: Duration = Duration::from_millis(200);
