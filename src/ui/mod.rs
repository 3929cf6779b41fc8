//! The hot-seat game in the terminal: friends share one keyboard and screen.
//!
//! The UI is split so that everything but the terminal itself can be tested without one:
//! [`App`] holds the state of the screens, [`App::on_key`] is the only way keys change it
//! (and it changes the game only through [`GameState::apply`](crate::engine::GameState::apply)),
//! and `impl Widget for &App` draws it into any buffer. [`terminal::run`] is the thin loop
//! that joins them to a real terminal.

mod app;
mod arrange;
mod game;
mod keys;
mod log;
pub mod save;
mod setup;
pub mod terminal;
mod theme;
mod trade;
mod view;

pub use app::{App, Overlay, Screen};
pub use arrange::ArrangePicker;
pub use game::{
    BOT_PACE, BotMove, Bots, Game, GameConfig, Handoff, HarvestPicker, Mode, PlantChoice, Seat,
    screen_bot_options,
};
pub use save::{RulesetSource, SavedAction, SavedGame, data_dir, save_path};
pub use setup::SetupForm;
pub use theme::Theme;
pub use trade::{Answer, Column, Composer};
pub use view::{MIN_HEIGHT, MIN_WIDTH};
