//! The seam both games share, knowing neither: the card games (`crate::cards`) and the
//! dice game (`crate::dice`) each keep their own rules engine, and each implements
//! [`Game`] (in its own types) and [`Wire`] (the same in the protocol's JSON shapes) in its
//! own folder. The outer layers are written once here, generic over them: the [`Tape`],
//! the [`Table`] that seats people and bots, the [`Agent`] trait, [`Observer`]s.
//! `crate::rules` is the one place that says which game it is.
//!
//! As in OpenSpiel, a game's rules are loaded once (`crate::rules::Rules`) apart from one
//! play of it. [`Play`] is a play behind `dyn`, in the protocol's JSON, for the protocol
//! session and the save check.

mod agent;
mod observer;
pub mod play;
mod seam;
mod stopwatch;
mod table;
mod tape;
pub mod wire;

pub use agent::{
    Agent, BotName, BotOptions, DEFAULT_PLAYOUTS, Effort, SeatAgent, SeatKind, ThinkingBudget,
    derived_seed, seat_seed,
};
pub use observer::{Observer, SimulatedGame, Tally};
pub use play::{NewPlay, Play, PlayError, PlayOutcome, Started, no_such_player};
pub use seam::{Begun, Described, Game, Wire};
pub use stopwatch::{HastenedStopwatch, StoppedStopwatch, Stopwatch, WallStopwatch};
pub use table::{MakeAgent, Next, PlayStats, Seated, Table};
pub use tape::{After, CHECKPOINT_EVERY, Listener, MAX_CHECKPOINTS, Refused, Tape};
