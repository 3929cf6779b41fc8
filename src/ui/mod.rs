//! The hot-seat game in the terminal: friends share one keyboard and screen.
//!
//! The UI is split so that everything but the terminal itself can be tested without one:
//! [`App`] holds the state of the screens, [`App::on_key`] is the only way keys change it
//! (and it changes a game only through that game's own `apply`, behind the seam), and
//! `impl Widget for &App` draws it into any buffer. [`terminal::run`] is the thin loop
//! that joins them to a real terminal.

pub(crate) mod app;
pub mod barrier;
pub(crate) mod bindings;
pub(crate) mod bots;
pub mod coach;
pub(crate) mod config;

pub(crate) mod farewell;
pub(crate) mod keys;
pub mod linear;
pub(crate) mod log_keys;
pub(crate) mod log_scroll;
pub mod pace;
pub mod picker_keys;
pub(crate) mod read_back;
pub mod replay;
pub mod saved_games;

pub mod screen;
pub(crate) mod screen_backend;
pub mod seat_key;
pub mod served;
pub(crate) mod setup;
pub(crate) mod setup_keys;
pub(crate) mod shares;
pub(crate) mod table_shell;
pub mod terminal;
pub(crate) mod theme;
pub(crate) mod view;
pub mod watched;
pub mod words;

pub use app::{App, Overlay, Screen};
pub use bots::Bots;
pub use config::GameConfig;
pub use farewell::final_scores;
pub use log_scroll::{LogMove, LogScroll, ScrolledBack, WHEEL_LINES};
pub use pace::{PACES, Pace, Paced};
pub use replay::Replay;
pub use screen::{GameScreen, ReplayScreen, TableKey};
pub use table_shell::TableShell;

pub use setup::SetupForm;
pub use theme::Theme;
pub use view::{MIN_HEIGHT, MIN_WIDTH};
