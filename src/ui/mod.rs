//! The hot-seat game in the terminal: friends share one keyboard and screen.
//!
//! The UI is split so that everything but the terminal itself can be tested without one:
//! [`App`] holds the state of the screens, [`App::on_key`] is the only way keys change it
//! (and it changes the game only through [`GameState::apply`](crate::engine::GameState::apply)),
//! and `impl Widget for &App` draws it into any buffer. [`terminal::run`] is the thin loop
//! that joins them to a real terminal.

mod app;
mod arrange;
mod bindings;
mod card_replay;
mod card_screen;
pub mod coach;
mod config;
pub mod dice;
mod farewell;
mod game;
mod harvest;
mod keys;
pub mod linear;
mod log;
mod log_keys;
mod log_scroll;
mod peek;
pub mod picker_keys;
pub mod replay;
mod retell;
pub mod saved_games;

pub mod screen;
mod screen_backend;
mod setup;
mod setup_keys;
mod table_keys;
mod table_shell;
pub mod terminal;
mod theme;
mod trade;
mod trading;
pub mod undo;
mod view;

pub use app::{App, Overlay, Screen};
pub use arrange::ArrangePicker;
pub use farewell::final_scores;
pub use game::{
    BOT_PACE, BotMove, Bots, CardTable, GameConfig, Handoff, Mode, PlantChoice, screen_bot_options,
};
pub use harvest::HarvestPicker;
pub use log_scroll::{LogMove, LogScroll, ScrolledBack, WHEEL_LINES};
pub use peek::Peek;
pub use replay::Replay;
pub use screen::{GameScreen, ReplayScreen, TableKey};
pub use table_shell::TableShell;

pub use setup::SetupForm;
pub use theme::Theme;
pub use trade::{Answer, Column, Composer};
pub use trading::{Answered, FLOOR_PACE, OfferNote, shortfall};
pub use view::{MIN_HEIGHT, MIN_WIDTH};
