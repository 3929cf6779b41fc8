//! Who plays a seat, for both games: a person or a bot by name ([`SeatKind`], [`BotName`]),
//! the one trait every bot of either game implements ([`Agent`]), how bots are made
//! ([`BotOptions`]) and how each seat's bot is seeded ([`seat_seed`]).
//!
//! No bot is named here: each game declares its bots' names beside its bots
//! (`cards::bots::names`, `dice::bots::names`), lists them with how each is made
//! ([`super::Seated::BOTS`]), and refuses a name it does not have, by name
//! ([`SeatKind::parse_for`]).

use std::fmt;
use std::time::Duration;

use super::table::Seated;

/// A bot by the name users type (`--seats greedy,mcts`), with what the shared layers need
/// to know of it: how it thinks, and how a seat it plays is called. Two games' bots of one
/// name and kind (both games' `greedy`) are the same name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BotName {
    /// Where the bot stands in its game's list of names, which orders reports and tables.
    rank: u8,
    /// The name as typed.
    name: &'static str,
    /// How a seat it plays is called, where not its name capitalised ("MCTS 3").
    title: Option<&'static str>,
    /// What a decision of it spends.
    effort: Effort,
}

/// What one decision of a bot spends.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Effort {
    /// Nothing worth measuring: it plays by rules of thumb or exact sums.
    ByRule,
    /// A search with a budget of its own (a difficulty level's).
    OwnBudget,
    /// A search with the caller's budget ([`BotOptions::search`]), which the simulator's
    /// `NAME:PLAYOUTS` sets per bot.
    CallersBudget,
}

impl BotName {
    /// The bot called `name`, `rank`-th in its game's list, spending as `effort` says.
    pub const fn new(rank: u8, name: &'static str, effort: Effort) -> BotName {
        BotName {
            rank,
            name,
            title: None,
            effort,
        }
    }

    /// The same bot, its seats called `title` ("MCTS 3") rather than its name capitalised.
    pub const fn titled(self, title: &'static str) -> BotName {
        BotName {
            title: Some(title),
            ..self
        }
    }

    /// The name as typed.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// Whether the bot searches, so a count of playouts means something to it.
    pub fn searches(self) -> bool {
        self.effort != Effort::ByRule
    }

    /// Whether the bot spends the caller's search budget, which a run may set per bot.
    pub fn spends_the_callers_budget(self) -> bool {
        self.effort == Effort::CallersBudget
    }

    /// The bot called `s` among `names` (a game's bots), or a message listing them.
    pub fn among(s: &str, names: &[BotName]) -> Result<BotName, String> {
        names
            .iter()
            .copied()
            .find(|b| b.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "no bot is called {:?}; the bots are {}",
                    crate::text::sanitize(s),
                    listed(names, "and")
                )
            })
    }
}

/// `names` as a sentence's list: "random, greedy and mcts".
fn listed(names: &[BotName], last: &str) -> String {
    let names: Vec<&str> = names.iter().map(|b| b.name()).collect();
    match names.split_last() {
        Some((end, rest)) if !rest.is_empty() => format!("{} {last} {end}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// `word` with its first letter in capitals: "greedy" → "Greedy".
fn capitalised(word: &str) -> String {
    let mut letters = word.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// As a bot's name was debugged when the names were one list: `Greedy`, `Mcts`.
impl fmt::Debug for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&capitalised(self.name))
    }
}

/// Who plays a seat, in either game: a person at the keyboard or a bot by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SeatKind {
    /// A person.
    Human,
    /// A bot of this name.
    Bot(BotName),
}

impl SeatKind {
    /// The bot playing this seat, if any.
    pub fn bot(self) -> Option<BotName> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(k) => Some(k),
        }
    }

    /// Every seat kind of game `G`, the person first: the order setup screens step through.
    pub fn all<G: Seated>() -> Vec<SeatKind> {
        std::iter::once(SeatKind::Human)
            .chain(G::bot_names().into_iter().map(SeatKind::Bot))
            .collect()
    }

    /// The seat kind of game `G` called `s`, or a message naming the kinds it has.
    pub fn parse_for<G: Seated>(s: &str) -> Result<SeatKind, String> {
        if s.trim().eq_ignore_ascii_case("human") {
            return Ok(SeatKind::Human);
        }
        let names = G::bot_names();
        BotName::among(s, &names).map(SeatKind::Bot).map_err(|_| {
            format!(
                "no seat kind is called {:?}; say human, {}",
                crate::text::sanitize(s),
                listed(&names, "or")
            )
        })
    }

    /// The name a seat of this kind gets when none is given: "Player 1", "Expect 2", "MCTS 3".
    pub fn default_name(self, seat: usize) -> String {
        match self {
            SeatKind::Human => format!("Player {}", seat + 1),
            SeatKind::Bot(k) => {
                let title = k.title.map_or_else(|| capitalised(k.name), String::from);
                format!("{title} {}", seat + 1)
            }
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

/// A program that plays a seat of game `G`.
///
/// `decide` returns the action to take, or `None` to let the moment pass where the game's
/// turn policy allows it. Where it does not, the policy moves the game on without it (the
/// card game plays a legal action in its place), so a bot never stalls a game.
pub trait Agent<G: Seated>: Send {
    /// Which bot this is.
    fn name(&self) -> BotName;
    /// The seat's next action, from what the game gives its bots ([`Seated::Ask`]).
    fn decide(&mut self, ask: &G::Ask<'_>) -> Option<G::Action>;
    /// The seat took `action` from `ask`'s game before this bot was seated (a resumed game's
    /// record, played again): the bot remembers it as a choice of its own, so it goes on as
    /// if it had been there (a card bot never makes an offer again that was made this turn).
    /// Nothing is decided; a bot that remembers nothing of its moves ignores it.
    fn recall(&mut self, ask: &G::Ask<'_>, action: &G::Action) {
        let _ = (ask, action);
    }
}

/// A seat's bot, or `None` for a person's seat.
pub type SeatAgent<G> = Option<Box<dyn Agent<G>>>;

/// The playouts a bot that spends the caller's budget spends on a decision unless told
/// otherwise.
pub const DEFAULT_PLAYOUTS: u32 = 400;

/// What one decision of a bot that searches with the caller's budget may spend
/// ([`Effort::CallersBudget`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ThinkingBudget {
    /// Playouts per decision (over all candidates). Deterministic.
    pub playouts: u32,
    /// Stop early once this much time has passed (at least one playout per candidate is
    /// always made). Makes decisions depend on the machine's speed.
    pub time: Option<Duration>,
}

impl Default for ThinkingBudget {
    fn default() -> Self {
        ThinkingBudget {
            playouts: DEFAULT_PLAYOUTS,
            time: None,
        }
    }
}

/// How bots are made: the search budget of the bots that take the caller's (the others
/// need nothing).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct BotOptions {
    /// What one decision of a bot that spends the caller's budget may spend.
    pub search: ThinkingBudget,
}

/// A seed for seat `seat` from a game's seed, so each seat's bot draws its own numbers: the
/// one way both games seed their bots, on screen and in the simulator alike.
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    derived_seed(game_seed, seat as u64, 0x6A09_E667_F3BC_C909)
}

/// The seed numbered `n` of a stream drawn from `seed`, `salt` keeping streams of one seed
/// apart: SplitMix64's step and finaliser, so nearby seeds and numbers give unrelated seeds.
pub fn derived_seed(seed: u64, n: u64, salt: u64) -> u64 {
    let mut z = seed
        .wrapping_add(n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(salt);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
