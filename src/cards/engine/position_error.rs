//! Why a position is not one the game can be in, said with the key that is wrong.

use super::error::RuleError;
use super::state::NewGameError;

/// A position the loader refused: the key in the file's terms (`players[1].set_aside`,
/// `offers[0].from`) and what is wrong there.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{key}: {problem}")]
pub struct PositionError {
    pub key: String,
    pub problem: PositionProblem,
}

impl PositionError {
    pub(crate) fn at(key: impl Into<String>, problem: PositionProblem) -> Self {
        PositionError {
            key: key.into(),
            problem,
        }
    }
}

/// What is wrong with one key of a position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionProblem {
    #[error(transparent)]
    PlayerCount(#[from] NewGameError),
    #[error("the position seats {given} players, but {players} play")]
    SeatCount { given: usize, players: usize },
    #[error("there is no player {seat}: players are numbered 0 to {}", .players - 1)]
    NoSuchPlayer { seat: usize, players: usize },
    #[error("no bean kind is called {0:?}")]
    UnknownBean(String),
    #[error("{0:?} is not a phase of this game; its phases are {1}")]
    UnknownPhase(String, String),
    #[error("the position places {placed} {bean} cards, but only {in_play} are in play")]
    TooManyCards {
        bean: String,
        placed: u64,
        in_play: u32,
    },
    #[error("this ruleset plays no order cards")]
    NoOrderCards,
    #[error("order {0} is not in the order deck (or not that many times)")]
    UnknownOrder(String),
    #[error("a player has one order card at most, in the hand or laid out")]
    TwoOrders,
    #[error("only the active player has an order card laid out: it goes back at the turn's end")]
    LaidOutOffTurn,
    #[error("the order card lies behind {ahead} beans, but the hand holds {beans}")]
    OrderBeyondHand { ahead: usize, beans: usize },
    #[error("a player can have at most {max} bean fields, not {given}")]
    TooManyFields { max: usize, given: usize },
    #[error("only mixed patches bury beans under a field")]
    NoMixedPatches,
    #[error("{layers} layers are buried under {fields} fields")]
    BuriedWithoutField { layers: usize, fields: usize },
    #[error("a buried layer holds at least one bean")]
    EmptyLayer,
    #[error("this ruleset has no coin pile: coins are harvested cards turned over")]
    NoCoinPile,
    #[error("the coins need {needed} cards, but only {left} are left unplaced")]
    NotEnoughCardsForCoins { needed: u64, left: usize },
    #[error("{what} only {when}; the position is in {phase}")]
    WrongPhase {
        what: &'static str,
        when: &'static str,
        phase: String,
    },
    #[error("{0}")]
    Contradiction(&'static str),
    #[error("the position gives {given}, but the rest of it makes {actual}")]
    Disagrees { given: String, actual: String },
    #[error(
        "the draw pile has already run out {runs_out} times: the game would be over (it ends at {ends})"
    )]
    AlreadyOver { runs_out: u32, ends: u32 },
    #[error("{0}")]
    Offer(RuleError),
    #[error("two offers on the table have the id {0}")]
    OfferIdTwice(u32),
    #[error("offer {id} is on the table, so the next offer's id must be above it, not {next}")]
    OfferIdAhead { id: u32, next: u32 },
    #[error("a player makes at most {0} offers a turn")]
    OfferCap(u32),
    #[error("no player could act in this position, so the game could never go on")]
    Stuck,
    #[error("the position's seed is {given}, but the game's is {table}")]
    SeedDisagrees { given: u64, table: u64 },
    #[error("the position names this player {given:?}, but the table {table:?}")]
    NameDisagrees { given: String, table: String },
    #[error("a position is the whole state, not one player's view: leave viewer out")]
    Viewer,
}
