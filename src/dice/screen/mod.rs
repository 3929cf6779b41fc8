//! The dice game (rules/004) on screen, hot-seat with bots: nothing in it is secret, so every
//! player's card shows and there are no hand-offs.
//!
//! [`DiceTable`] holds the game, the seats, the bots, the log and the save (written after
//! every action, as the card game's), and changes the game only through
//! [`DiceState::apply`](crate::dice::DiceState::apply); [`dice_key`] turns a key into what to
//! do, as a pure function; `view` draws the table.

mod cells;
mod coach;
mod digest;
mod game_screen;
pub(crate) mod keys;
mod linear;
mod log;
mod replay;
mod served;
mod table;
mod undo;
pub(crate) mod view;
mod watched;

pub use keys::{DiceControls, DiceKeyOutcome, DiceKeyResult, DiceMode, dice_key, harvest_question};
pub use log::{describe, roll_report};
pub use served::DiceLink;
pub use table::DiceTable;
pub use watched::WatchedDice;
