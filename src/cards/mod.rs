//! The card games' home: the rules engine in [`engine`], the bots in [`bots`], the screen in
//! [`screen`] and the coach's card part in [`coach`]. The engine's types are re-exported here,
//! so `crate::cards::GameState` names the same type as `crate::cards::engine::GameState`.

pub mod bots;
pub mod coach;
pub mod engine;
pub mod screen;

pub use engine::*;
