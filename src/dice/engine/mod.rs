//! Bohnanza — Das Würfelspiel (rules/004): the dice game's pure rules engine, beside the card
//! games' [`crate::cards`] and sharing nothing with it.
//!
//! Nothing here touches the terminal, files, the clock or the environment. A game is
//! `(ruleset, seed, actions)`: [`DiceState`] holds a seeded generator for the deck and the
//! dice, so the same inputs replay the same game, and a serialized state (which carries the
//! generator's position) continues as the original would. The rules as we play them,
//! including where the rulebook is silent, are in `docs/dice.md`.

mod action;
mod bean;
mod bean_field;
mod bean_piece;
mod bohnus;
mod die;
mod error;
mod event;
mod harvest;
mod harvest_card;
mod legal;
mod order;
mod order_text;
mod outcome;
mod phase;
mod position;
mod rng;
mod ruleset;
mod ruleset_error;
mod ruleset_file;
mod seam;
mod state;
mod turn;
mod view;
pub mod wire;

pub use action::DiceAction;
pub use bean::{Bean, BeanSet};
pub use bean_field::{BeanField, DieState};
pub use bean_piece::BeanPiece;
pub use bohnus::{Bohnus, Chances, OUTCOMES, RollTable};
pub use die::{DICE, Die, DieId, Shade};
pub use error::DiceError;
pub use event::{DiceEvent, RolledDie};
pub use harvest_card::{CardId, HarvestCard, ORDERS_PER_CARD};
pub use legal::choices;
pub use order::{Alternative, Order, Slot};
pub use order_text::{OrderText, OrderTextError, parse_order};
pub use outcome::DiceOutcome;
pub use phase::TurnPhase;
pub use position::{DicePosition, DicePositionError, MAX_DOLLARS, SavedDiceGame};
pub use rng::RngPosition;
pub use ruleset::{DiceRuleset, Payout, STANDARD_TOML};
pub use ruleset_error::{DiceRulesetError, DiceRulesetProblem, LocatedDiceProblem};
pub use ruleset_file::{DiceRulesetFile, DieFile};
pub use seam::Dice;
pub use state::{DicePlayer, DiceState, NewDiceGameError, Seat};
pub use view::{CardView, DicePlayerView, DiceView, DieView, OrderView};
