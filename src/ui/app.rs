//! The application: which screen is up, and what floats over it.

use std::path::PathBuf;

use crate::store::Saver;
use crate::ui::barrier::{Holder, Keyboard, ScreenKind};
use crate::ui::replay::ReplayRequest;
use crate::ui::saved_games::SavedGames;
use crate::ui::screen::{GameScreen, ReplayScreen};
use crate::ui::setup::SetupForm;
use crate::ui::theme::Theme;

/// The screen under any overlay.
#[derive(Clone, Debug)]
pub enum Screen {
    /// Choosing the variant, players and names.
    Setup(SetupForm),
    /// Playing, at the table of the game chosen.
    Table(Box<dyn GameScreen>),
    /// Stepping through a saved game (`bohnanza replay`), on its game's viewer.
    Replay(Box<dyn ReplayScreen>),
}

/// A window over the screen: any key closes it, but the log, which scrolls.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Overlay {
    /// Keys and the rules of the current phase.
    Help,
    /// What the table's symbols mean (`?` again in the help).
    Symbols,
    /// The beanometers of the ruleset in play.
    Beanometer,
    /// "Quit? The game is saved."
    ConfirmQuit,
    /// The whole log, full screen, by turn; scrolls, and Esc, `l` or `q` closes it.
    Log,
}

/// Everything the terminal shows, changed only by [`App::on_key`].
#[derive(Clone, Debug)]
pub struct App {
    /// The screen.
    pub screen: Screen,
    /// What floats over it.
    pub overlay: Option<Overlay>,
    /// Colours or not.
    pub theme: Theme,
    /// Where games are saved; `None` to not save.
    pub data_dir: Option<PathBuf>,
    /// The seed for a game started from the setup screen without `--seed`.
    pub next_seed: u64,
    /// Set when the program should end.
    pub quit: bool,
    /// Why the setup form cannot start a game.
    pub setup_error: Option<String>,
    /// The terminal's size when last drawn, once known ([`App::resize`]).
    pub size: Option<(u16, u16)>,
    /// The setup screen whose saved games list the replay on screen was opened from: leaving
    /// the replay goes back to it.
    pub back_to_list: Option<Box<SetupForm>>,
}

impl App {
    /// The app at the setup screen.
    pub fn setup(form: SetupForm, theme: Theme, data_dir: Option<PathBuf>, seed: u64) -> App {
        App {
            screen: Screen::Setup(form),
            overlay: None,
            theme,
            data_dir,
            next_seed: seed,
            quit: false,
            setup_error: None,
            size: None,
            back_to_list: None,
        }
    }

    /// The app at `games`, the saved games list of the data directory `data_dir`
    /// (`bohnanza replay` without a file): Enter replays a game, and leaving it comes back.
    pub fn game_list(theme: Theme, data_dir: PathBuf, mut games: SavedGames) -> App {
        let mut form = SetupForm::new();
        games.replay_only = true;
        form.games = Some(Box::new(games));
        form.listing = true;
        App::setup(form, theme, Some(data_dir), 0)
    }

    /// The app playing `table`, the card game's or the dice game's.
    pub fn playing(table: impl Into<Box<dyn GameScreen>>, theme: Theme) -> App {
        App::showing(Screen::Table(table.into()), theme)
    }

    /// The app showing `screen`, with no data directory to start another game in.
    pub fn showing(screen: Screen, theme: Theme) -> App {
        let mut app = App::setup(SetupForm::new(), theme, None, 0);
        app.screen = screen;
        app
    }

    /// The app showing the replay viewer (on a card or a dice game); a game continued from
    /// it is saved in `data_dir`.
    pub fn replaying(
        viewer: impl Into<Box<dyn ReplayScreen>>,
        theme: Theme,
        data_dir: Option<PathBuf>,
    ) -> App {
        let mut app = App::setup(SetupForm::new(), theme, data_dir, 0);
        app.screen = Screen::Replay(viewer.into());
        app
    }

    /// A key for the replay viewer: it moves its own cursor and answers its own prompts;
    /// the app leaves, opens the help or the log, scrolls the log or, for `c`, puts the game
    /// continued from the cursor on screen.
    pub(crate) fn replay_key(&mut self, key: crossterm::event::KeyEvent) {
        let Screen::Replay(replay) = &mut self.screen else {
            return;
        };
        match replay.on_key(key) {
            Some(ReplayRequest::Continue(seats)) => {
                match replay.continued(self.data_dir.as_deref(), seats) {
                    Ok(table) => {
                        // A game continued is left by quitting, not back to the list.
                        self.back_to_list = None;
                        self.screen = Screen::Table(table);
                    }
                    Err(e) => replay.refuse(e),
                }
            }
            Some(ReplayRequest::Help) => self.overlay = Some(Overlay::Help),
            Some(ReplayRequest::FullLog) => self.overlay = Some(Overlay::Log),
            Some(ReplayRequest::Scroll(to)) => {
                self.scroll_log(to);
            }
            Some(ReplayRequest::Leave) => self.leave_replay(),
            None => {}
        }
    }

    /// Leaves the replay viewer (or a table opened from the list): back to the saved games
    /// list it was opened from (read again), else out.
    pub(crate) fn leave_replay(&mut self) {
        let (Some(mut form), Some(dir)) = (self.back_to_list.take(), self.data_dir.as_deref())
        else {
            self.quit = true;
            return;
        };
        if let Some(games) = &mut form.games {
            let mut fresh = SavedGames::load(dir);
            fresh.replay_only = games.replay_only;
            fresh.selected = games.selected.min(fresh.rows.len().saturating_sub(1));
            **games = fresh;
        }
        self.screen = Screen::Setup(*form);
        self.overlay = None;
    }

    /// Opens the saved game at `path` from the saved games list: resumed, or replayed
    /// (`replay`); what went wrong stays on the list.
    pub(crate) fn open_saved(&mut self, path: &std::path::Path, replay: bool) {
        let Some(dir) = self.data_dir.clone() else {
            return;
        };
        let opened = if replay {
            crate::ui::replay::open(path).map(Screen::Replay)
        } else {
            resume_saved(&dir, path)
        };
        match opened {
            Ok(screen) => {
                let list = std::mem::replace(&mut self.screen, screen);
                if let (true, Screen::Setup(form)) = (replay, list) {
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

    /// Who holds the keyboard now: the terminal drops the keys typed before a change of
    /// holder was drawn ([`crate::ui::barrier`]).
    pub fn keyboard(&self) -> Keyboard {
        let (screen, holder) = match &self.screen {
            Screen::Setup(_) => (ScreenKind::Setup, Holder::Person(None)),
            Screen::Table(t) => (ScreenKind::Table, t.holder()),
            Screen::Replay(_) => (ScreenKind::Replay, Holder::Person(None)),
        };
        Keyboard {
            screen,
            overlay: self.overlay,
            holder,
        }
    }

    /// Tells the app the terminal's size, so that keys typed while the "terminal too small"
    /// screen shows do nothing unseen.
    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = Some((width, height));
    }

    /// Whether the terminal is too small to draw the screens: then keys and bots wait.
    pub fn too_small(&self) -> bool {
        self.size
            .is_some_and(|(w, h)| w < crate::ui::MIN_WIDTH || h < crate::ui::MIN_HEIGHT)
    }

    /// The table or replay viewer on screen as its own type `T`, if it is one.
    pub fn shown<T: 'static>(&self) -> Option<&T> {
        match &self.screen {
            Screen::Table(t) => t.as_any().downcast_ref(),
            Screen::Replay(r) => r.as_any().downcast_ref(),
            Screen::Setup(_) => None,
        }
    }

    /// The table or replay viewer on screen as its own type `T`, to change, if it is one.
    pub fn shown_mut<T: 'static>(&mut self) -> Option<&mut T> {
        match &mut self.screen {
            Screen::Table(t) => t.as_any_mut().downcast_mut(),
            Screen::Replay(r) => r.as_any_mut().downcast_mut(),
            Screen::Setup(_) => None,
        }
    }

    /// The table on screen taken back as its own type `T`, if it is one.
    pub fn into_shown<T: 'static>(self) -> Option<T> {
        match self.screen {
            Screen::Table(t) => t.into_any().downcast().ok().map(|t| *t),
            Screen::Replay(r) => r.into_any().downcast().ok().map(|r| *r),
            Screen::Setup(_) => None,
        }
    }

    /// Starts the game the setup form describes.
    pub(crate) fn start_from_setup(&mut self) {
        let Screen::Setup(form) = &self.screen else {
            return;
        };
        match form.start(self.next_seed, self.data_dir.as_deref()) {
            Ok(mut table) => {
                table.set_tutor(form.tutor);
                table.set_pace(form.pace);
                self.screen = Screen::Table(table);
                self.setup_error = None;
            }
            Err(e) => self.setup_error = Some(e),
        }
    }
}

/// The unfinished game saved at `path` in the data directory `data_dir`, resumed on its own
/// screen, its save replayed once, by the screen (a damaged file is moved aside, and the
/// message says so).
fn resume_saved(data_dir: &std::path::Path, path: &std::path::Path) -> Result<Screen, String> {
    crate::store::library::open_with(Some(data_dir), path, |saved| {
        if saved.finished {
            crate::store::check::replay(&saved)?;
            return Ok(Err("That game is over: r replays it.".to_string()));
        }
        let saver = Some(Saver::resumed(path.to_path_buf(), saved.actions.len()));
        let options = crate::rules::screen_bot_options();
        Screen::resumed(saved, saver, &options)
            .map(Ok)
            .map_err(|e| {
                let why = e.strip_prefix("the saved game is damaged: ").unwrap_or(&e);
                crate::store::damaged(why.to_string())
            })
    })?
}

impl Screen {
    /// The unfinished game `saved` on its own game's screen, its save replayed once; its
    /// bots (if any) think within `options`, and each move is saved by `saver`.
    pub fn resumed(
        saved: crate::store::SavedGame,
        saver: Option<Saver>,
        options: &crate::game::BotOptions,
    ) -> Result<Screen, String> {
        crate::ui::screen::resumed_table(saved, saver, options).map(Screen::Table)
    }
}
