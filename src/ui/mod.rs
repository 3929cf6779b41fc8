//! The hot-seat game in the terminal: friends share one keyboard and screen.
//!
//! The UI is split so that everything but the terminal itself can be tested without one:
//! [`App`] holds the state of the screens, [`App::on_key`] is the only way keys change it
//! (and it changes the game only through [`GameState::apply`](crate::cards::GameState::apply)),
//! and `impl Widget for &App` draws it into any buffer. [`terminal::run`] is the thin loop
//! that joins them to a real terminal.

pub(crate) mod app;
pub(crate) mod arrange;
pub(crate) mod bindings;
pub(crate) mod card_replay;
pub(crate) mod card_screen;
pub mod coach;
pub(crate) mod config;

pub(crate) mod farewell;
pub(crate) mod game;
pub(crate) mod harvest;
pub(crate) mod keys;
pub(crate) mod log;
pub(crate) mod log_keys;
pub(crate) mod log_scroll;
pub(crate) mod peek;
pub mod picker_keys;
pub mod replay;
pub(crate) mod retell;
pub mod saved_games;

pub mod screen;
pub(crate) mod screen_backend;
pub(crate) mod setup;
pub(crate) mod setup_keys;
pub(crate) mod table_keys;
pub(crate) mod table_shell;
pub mod terminal;
pub(crate) mod theme;
pub(crate) mod trade;
pub(crate) mod trading;
pub mod undo;
pub(crate) mod view;

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
