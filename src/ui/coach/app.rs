//! The coach's place in the app: whether it has thinking to do between keys, a slice of
//! that thinking, the tutor switched on for whatever is on screen, and the review of a
//! finished game opened from the saved games list.

use std::path::Path;
use std::time::Duration;

use crate::ui::app::{App, Screen};

/// How long one slice of the coach's thinking may hold the event loop before it reads keys
/// again: short enough that typing never lags.
pub const THINK_SLICE: Duration = Duration::from_millis(25);

impl App {
    /// Whether the coach has thinking to do: the event loop then steps it between keys
    /// instead of sleeping ([`App::think`]).
    pub fn thinking(&self) -> bool {
        if self.too_small() || self.overlay.is_some() {
            return false;
        }
        matches!(&self.screen, Screen::Table(t) if t.coach_busy())
    }

    /// Thinks for at most `budget` on what the coach has to do.
    pub fn think(&mut self, budget: Duration) {
        if let Screen::Table(t) = &mut self.screen {
            t.coach_think(budget);
        }
    }

    /// Thinks until the coach has nothing left to do (tests: a hint or a review complete
    /// without a terminal's loop).
    pub fn think_all(&mut self) {
        while self.thinking() {
            self.think(Duration::from_secs(60));
        }
    }

    /// Turns the tutor on or off for the game on screen, or for the game the setup form
    /// starts (`--tutor`, or the form's tutor row).
    pub fn set_tutor(&mut self, on: bool) {
        match &mut self.screen {
            Screen::Table(t) => t.set_tutor(on),
            Screen::Setup(form) => form.tutor = on,
            Screen::Replay(_) => {}
        }
    }
}

impl App {
    /// `v` on the saved games list: the finished game at `path` at its table, never saved
    /// again, its review started; leaving the table comes back to the list. What went wrong
    /// stays on the list.
    pub(crate) fn review_saved(&mut self, path: &Path) {
        let options = crate::rules::screen_bot_options();
        let opened = crate::store::library::open(self.data_dir.as_deref(), path)
            .and_then(|saved| crate::ui::screen::resumed_table(saved, None, &options))
            .and_then(|mut table| table.review_now().map(|()| table));
        match opened {
            Ok(table) => {
                let list = std::mem::replace(&mut self.screen, Screen::Table(table));
                if let Screen::Setup(form) = list {
                    self.back_to_list = Some(Box::new(form));
                }
            }
            Err(e) => {
                if let Screen::Setup(form) = &mut self.screen
                    && let Some(games) = &mut form.games
                {
                    games.message = Some(e);
                }
            }
        }
    }
}
