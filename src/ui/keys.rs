//! Key handling: the only way the screens change. Pure apart from saving, so it is tested
//! by feeding keys to an [`App`] and looking at the result, without a terminal.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};

use crate::ui::app::{App, Overlay, Screen};
use crate::ui::log_keys::{LogKey, log_key};
use crate::ui::log_scroll::{LogMove, LogScroll, WHEEL_LINES, heights};
use crate::ui::pace::pace_key;
use crate::ui::picker_keys::{Chooser, PickerCommand, pick};
use crate::ui::saved_games::ListOutcome;
use crate::ui::screen::TableKey;
use crate::ui::setup_keys::{SetupKey, setup_key};

impl App {
    /// How long the screen waits before playing the bot move it shows; `None` when no bot
    /// move waits (or a window is open over the table: the bots wait for it to close).
    pub fn bot_wait(&self) -> Option<std::time::Duration> {
        match (&self.screen, self.overlay) {
            (Screen::Table(t), None) if !self.too_small() => t.bot_wait(),
            _ => None,
        }
    }

    /// The pace's wait is over: plays the bot move on screen, if any.
    pub fn tick(&mut self) -> bool {
        let small = self.too_small();
        match (&mut self.screen, self.overlay) {
            (Screen::Table(t), None) if !small => t.tick(),
            _ => false,
        }
    }

    /// Plays every bot move until a person is needed or the game ends, without waiting
    /// (tests, and anyone who wants the bots to hurry); returns how many were played.
    pub fn run_bots(&mut self) -> usize {
        let Screen::Table(t) = &mut self.screen else {
            return 0;
        };
        let mut n = 0;
        while t.play_bot() {
            n += 1;
        }
        n
    }

    /// Handles one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q'))
        {
            self.interrupt();
            return;
        }
        if self.too_small() {
            // Nothing of the game shows: a key must not act on it unseen.
            return;
        }
        // The replay viewers read their log keys from their own table.
        let replay = matches!(self.screen, Screen::Replay(_));
        let window = self.overlay == Some(Overlay::Log);
        match log_key(key.code, window) {
            Some(LogKey::Go(to))
                if (window || (self.overlay.is_none() && !replay)) && self.scroll_log(to) =>
            {
                return;
            }
            Some(LogKey::Close) if window => {
                self.overlay = None;
                return;
            }
            _ if window => return,
            _ => {}
        }
        if let Some(overlay) = self.overlay {
            self.overlay = None;
            match overlay {
                // `?` in a table's help turns to what the table's symbols mean.
                Overlay::Help
                    if key.code == KeyCode::Char('?')
                        && matches!(self.screen, Screen::Table(_)) =>
                {
                    self.overlay = Some(Overlay::Symbols);
                }
                Overlay::ConfirmQuit => {
                    if pick(Chooser::Quit, key.code) == Some(PickerCommand::Yes) {
                        self.leave_table();
                    }
                }
                Overlay::Help | Overlay::Beanometer | Overlay::Log | Overlay::Symbols => {}
            }
            return;
        }
        match &mut self.screen {
            Screen::Setup(_) => self.setup_screen_key(key),
            Screen::Replay(_) => self.replay_key(key),
            Screen::Table(table)
                if table.takes_pace_keys()
                    && let Some(pace) = pace_key(table.pace(), key) =>
            {
                table.change_pace(pace);
            }
            Screen::Table(table) => match table.on_key(key) {
                Some(TableKey::Window(o)) => self.overlay = Some(o),
                Some(TableKey::Quit) => self.leave_table(),
                None => {}
            },
        }
    }
}

impl App {
    /// Ctrl-C (or Ctrl-Q) agrees with `q`: during a game it asks first ("Quit? The game is
    /// saved"), and a second Ctrl-C answers yes (a trial from the review goes back to it);
    /// elsewhere, and once the game is over, it quits.
    fn interrupt(&mut self) {
        let playing = matches!(&self.screen, Screen::Table(t) if t.playing());
        let asking = self.overlay == Some(Overlay::ConfirmQuit);
        if playing && !asking && !self.too_small() {
            self.overlay = Some(Overlay::ConfirmQuit);
            return;
        }
        // The second answers yes as `y` does, but never back to the saved games list.
        if !(playing && asking && self.back_from_trial()) {
            self.quit = true;
        }
    }

    /// Leaves the table on screen: a trial goes back to its game's review, a finished game
    /// opened from the saved games list back to the list, anything else quits.
    fn leave_table(&mut self) {
        if !self.back_from_trial() {
            self.leave_replay();
        }
    }

    /// A trial from the review on screen goes back to the review; `false` when the table
    /// is no trial.
    fn back_from_trial(&mut self) -> bool {
        let back = match &mut self.screen {
            Screen::Table(t) => t.back_to_review(),
            _ => false,
        };
        if back {
            self.overlay = None;
        }
        back
    }

    /// The log on screen and its reader's place; `None` on the setup screen.
    fn log_and_scroll(&mut self) -> Option<(&[String], &mut LogScroll)> {
        match &mut self.screen {
            Screen::Table(t) => Some(t.log_and_scroll()),
            Screen::Replay(r) => Some(r.log_and_scroll()),
            Screen::Setup(_) => None,
        }
    }

    /// Moves through the log on screen, paged as it was last drawn; `false` where no log is
    /// on screen.
    pub fn scroll_log(&mut self, to: LogMove) -> bool {
        let Some((log, scroll)) = self.log_and_scroll() else {
            return false;
        };
        let area = scroll.area();
        let heights = heights(log, area.width as usize);
        scroll.go(to, &heights, area.height as usize);
        true
    }

    /// Handles the mouse: the wheel over the log (anywhere on the full-screen log) scrolls
    /// it; nothing else the mouse does means anything.
    pub fn on_mouse(&mut self, event: MouseEvent) {
        let to = match event.kind {
            MouseEventKind::ScrollUp => LogMove::LinesBack(WHEEL_LINES),
            MouseEventKind::ScrollDown => LogMove::LinesOn(WHEEL_LINES),
            _ => return,
        };
        if self.too_small() || !matches!(self.overlay, None | Some(Overlay::Log)) {
            return;
        }
        let over = self
            .log_and_scroll()
            .is_some_and(|(_, s)| s.is_over(event.column, event.row));
        if over {
            self.scroll_log(to);
        }
    }
}

impl App {
    /// A key on the setup screen: the form, or the saved games list over it.
    fn setup_screen_key(&mut self, key: KeyEvent) {
        let Screen::Setup(form) = &mut self.screen else {
            return;
        };
        if form.listing {
            let replay_only = form.games.as_ref().is_some_and(|g| g.replay_only);
            let outcome = form.games.as_mut().and_then(|g| g.on_key(key));
            match outcome {
                Some(ListOutcome::Resume(path)) => self.open_saved(&path, false),
                Some(ListOutcome::Replay(path)) => self.open_saved(&path, true),
                Some(ListOutcome::Review(path)) => self.review_saved(&path),
                Some(ListOutcome::Back) if replay_only => self.quit = true,
                Some(ListOutcome::Back) => form.listing = false,
                Some(ListOutcome::Help) => self.overlay = Some(Overlay::Help),
                None => {}
            }
            return;
        }
        match setup_key(form, key) {
            SetupKey::Stay => self.setup_error = None,
            SetupKey::Quit => self.quit = true,
            SetupKey::Help => self.overlay = Some(Overlay::Help),
            SetupKey::Start => self.start_from_setup(),
        }
    }
}

/// The digit `1`–`9` a key types, as a 0-based index: a field, a player or a die.
pub(crate) fn digit(key: &KeyEvent) -> Option<usize> {
    match key.code {
        KeyCode::Char(c) => c.to_digit(10).filter(|&d| d >= 1).map(|d| d as usize - 1),
        _ => None,
    }
}
