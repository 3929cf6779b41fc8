//! Who plays a seat, for both games: a person or a bot by name ([`SeatKind`], [`BotName`]),
//! the one trait every bot of either game implements ([`Agent`]), how bots are made
//! ([`BotOptions`]) and how each seat's bot is seeded ([`seat_seed`]).
//!
//! Each game says which bot names it has ([`super::Seated::BOTS`]) and makes its bots
//! ([`super::Seated::make_agent`]); a name the game does not have is refused there, by name.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::table::Seated;

/// Every bot of either game by the name users type (`--seats greedy,mcts`). Adding a bot is
/// a variant and its name here, and one line in its game's table ([`Seated::BOTS`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BotName {
    /// Either game: a random legal action (the card game's offers capped).
    Random,
    /// Either game: sensible play by heuristics.
    Greedy,
    /// The card games: information-set Monte Carlo search with greedy playouts.
    Mcts,
    /// The dice game: keeps dice by exact expectation over the rest of its turn.
    Expect,
    /// The dice game: expect's turn search, played for the dollars cards earn until the end.
    Strong,
    /// The card games' easy level: greedy with careless moves, no offers of its own.
    Easy,
    /// The card games' normal level: the greedy bot.
    Normal,
    /// The card games' hard level: the search bot with a small budget.
    Hard,
    /// The card games' expert level: the search bot with the whole thinking time.
    Expert,
}

/// Every bot by the name users type, as `--bots` takes them.
const NAMES: [(BotName, &str); 9] = [
    (BotName::Random, "random"),
    (BotName::Greedy, "greedy"),
    (BotName::Mcts, "mcts"),
    (BotName::Expect, "expect"),
    (BotName::Strong, "strong"),
    (BotName::Easy, "easy"),
    (BotName::Normal, "normal"),
    (BotName::Hard, "hard"),
    (BotName::Expert, "expert"),
];

impl BotName {
    /// The name as typed.
    pub fn name(self) -> &'static str {
        let named = NAMES.iter().find(|(b, _)| *b == self);
        named.expect("every bot is in NAMES").1
    }

    /// Whether the bot searches, so a count of playouts means something to it.
    pub fn searches(self) -> bool {
        matches!(self, BotName::Mcts | BotName::Hard | BotName::Expert)
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

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotName {
    type Err = String;

    /// Any bot of either game; each game refuses the others' bots when seating them.
    fn from_str(s: &str) -> Result<Self, String> {
        let all: Vec<BotName> = NAMES.iter().map(|(b, _)| *b).collect();
        BotName::among(s, &all)
    }
}

/// Who plays a seat, in either game: a person at the keyboard or a bot by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
            SeatKind::Bot(BotName::Mcts) => format!("MCTS {}", seat + 1),
            SeatKind::Bot(k) => {
                let name = k.name();
                format!("{}{} {}", name[..1].to_uppercase(), &name[1..], seat + 1)
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

/// The playouts `mcts` spends on a decision unless told otherwise.
pub const DEFAULT_PLAYOUTS: u32 = 400;

/// What one decision of the search bot may spend.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MctsBudget {
    /// Playouts per decision (over all candidates). Deterministic.
    pub playouts: u32,
    /// Stop early once this much time has passed (at least one playout per candidate is
    /// always made). Makes decisions depend on the machine's speed.
    pub time: Option<Duration>,
}

impl Default for MctsBudget {
    fn default() -> Self {
        MctsBudget {
            playouts: DEFAULT_PLAYOUTS,
            time: None,
        }
    }
}

/// How bots are made: the search budget of `mcts` (the others need nothing).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct BotOptions {
    /// What one `mcts` decision may spend.
    pub mcts: MctsBudget,
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
