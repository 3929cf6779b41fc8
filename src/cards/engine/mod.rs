//! The rules engine: pure, deterministic, and driven only by actions.
//!
//! Nothing here touches the terminal, files, the clock or the environment. A game is
//! `(ruleset, seed, actions)`: [`GameState`] holds a seeded shuffler, so the same inputs
//! replay the same game on every machine.

mod action;
mod arrange;
mod bean;
mod beanometer;
mod deck;
mod determinize;
mod duel;
mod error;
mod event;
mod event_kind;
mod event_sink;
mod few;
mod field;
mod fields;
mod hand;
mod legal;
mod order;
mod outcome;
mod phase;
mod position;
mod position_check;
mod position_error;
mod position_load;
mod ruleset;
mod ruleset_error;
mod ruleset_file;
mod ruleset_shape;
mod seam;
mod setup;
mod shuffle;
mod state;
mod trading;
mod view;
pub mod wire;

pub use action::{Action, CardRefs};
pub use bean::{BeanInfo, BeanKind};
pub use beanometer::Beanometer;
pub use deck::Deck;
pub use determinize::FromViewError;
pub use error::RuleError;
pub use event::{Event, Kinds, OfferClosed};
pub use event_kind::EventKind;
pub use event_sink::{EventSink, IgnoreEvents};
pub use few::{Few, MAX_READ};
pub use field::Field;
pub use fields::MAX_FIELDS;
pub use hand::Hand;
pub use order::{BadOrderCard, OrderCard};
pub use outcome::Outcome;
pub use phase::Phase;
pub use position::{
    HandOrder, MAX_POSITION_BYTES, OfferPosition, Planted, PlayerPosition, Position, Unplaced,
};
pub use position_error::{PositionError, PositionProblem};
pub use ruleset::{
    BeanProtection, CoinSource, DrawRule, FinalHarvest, Ruleset, TableRules, TieBreak,
    TurnedOverRule,
};
pub use ruleset_error::{LocatedProblem, RulesetError, RulesetProblem};
pub use ruleset_shape::MAX_RULESET_BYTES;
pub use seam::Cards;
pub use setup::{FieldSetup, Setup, SetupError};
pub use shuffle::ShufflerPosition;
pub use state::{GameState, NewGameError, PlayerZones};
pub use trading::{CardRef, MAX_OPEN_OFFERS, Offer};
pub use view::{OfferView, PlayerView, SeatView};
