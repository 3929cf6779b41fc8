//! The card game on screen, hot-seat with bots: [`CardTable`] holds the game, who is at the
//! keyboard, the hand-offs and the choosers, and changes the game only through
//! [`GameState::apply`](crate::cards::GameState::apply); its keys, drawing, log, trading,
//! undo and replay live beside it.

pub(crate) mod arrange;
pub mod bot_seats;
pub(crate) mod chooser;
pub(crate) mod coach;
pub mod digest;
pub(crate) mod game_screen;
pub(crate) mod harvest;
pub mod keyboard;
pub(crate) mod keys;
mod linear;
pub(crate) mod log;
pub(crate) mod peek;
pub(crate) mod replay;
pub(crate) mod retell;
pub mod served;
pub(crate) mod table;
pub(crate) mod table_keys;
pub(crate) mod trade;
pub mod trading;
pub mod undo;
pub(crate) mod view;
pub mod watched;

pub use arrange::ArrangePicker;
pub use chooser::Picker;
pub use harvest::HarvestPicker;
pub use keyboard::{AtKeyboard, Handoff};
pub use peek::Peek;
pub use served::SeatLink;
pub use table::{BotMove, CardTable, Mode, PlantChoice};
pub use trade::{Answer, Column, Composer};
pub use trading::{Answered, OfferNote, shortfall};
pub use watched::Watched;
