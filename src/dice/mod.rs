//! The dice game's home: the rules engine in [`engine`], the bots in [`bots`], the screen in
//! [`screen`] and the coach's dice part in [`coach`]. The engine's types are re-exported here,
//! so `crate::dice::DiceState` names the same type as `crate::dice::engine::DiceState`.

pub mod bots;
pub mod coach;
pub mod engine;
pub mod screen;

pub use engine::*;
