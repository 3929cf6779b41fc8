//! What a game's screens do for the app shell, so the shell is written once: the keys that
//! reach a table or a replay viewer, the bots' pace, the coach's thinking, the log panes and
//! the quit question are the shell's; each game's screen says only what differs (its table
//! drawing, its keys, its log lines).

use std::any::Any;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::game::BotOptions;
use crate::game::{Game, Seated};
use crate::rules::{Rules, WorkForGame};
use crate::store::{SavedGame, SavedSeat, Saver};
use crate::ui::app::Overlay;
use crate::ui::barrier::Holder;
use crate::ui::coach::Coaching;
use crate::ui::config::GameConfig;
use crate::ui::log_scroll::LogScroll;
use crate::ui::replay::ReplayRequest;
use crate::ui::served::{SeatHost, ServedTable};
use crate::ui::theme::Theme;
use crate::ui::view::LogSource;
use crate::ui::watched::WatchedTable;

/// What a key at a game's table asks of the shell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TableKey {
    /// Open this window over the table.
    Window(Overlay),
    /// Leave the program (the final scores' `q`).
    Quit,
}

/// What the shell prints when the screen closes: the final scores, if the game ended, and
/// the save to report on.
pub struct Closing<'a> {
    /// The final scores as text, once the game is over.
    pub scores: Option<String>,
    /// The game's save, if it is saved.
    pub saver: &'a mut Option<Saver>,
    /// The record the save holds.
    pub record: &'a SavedGame,
}

impl<'a> Closing<'a> {
    /// What a table of game `G` at `state`, its seats named `names`, prints when it closes:
    /// the final scores once the game is over, and its save.
    pub fn of<G: Game>(
        state: &G::State,
        names: &[String],
        saver: &'a mut Option<Saver>,
        record: &'a SavedGame,
    ) -> Closing<'a> {
        let scores = G::outcome(state).map(|o| crate::ui::final_scores(names, &G::standing(&o)));
        Closing {
            scores,
            saver,
            record,
        }
    }
}

/// A game's table on screen (the card table or the dice table): what the shell asks of it,
/// the coach's part ([`Coaching`]) and the pace ([`Paced`](crate::ui::pace::Paced)) provided
/// for both.
pub trait GameScreen: std::fmt::Debug + AsAny + Coaching + crate::ui::pace::Paced {
    /// Handles one key the shell does not handle itself.
    fn on_key(&mut self, key: KeyEvent) -> Option<TableKey>;
    /// Who may type now: a bot's move, a hand-off, or a person (see [`crate::ui::barrier`]).
    fn holder(&self) -> Holder;
    /// How long to wait before the bot move on screen is played; `None` when none waits.
    fn bot_wait(&self) -> Option<Duration>;
    /// Whether `<` `>` change the pace now: at the table itself, not in a chooser, a
    /// composer, a question, a coach's window or a hand-off, whose keys are their own.
    fn takes_pace_keys(&self) -> bool;
    /// The wait is over: plays what waited; `false` when nothing did.
    fn tick(&mut self) -> bool;
    /// Plays the next bot move at once; `false` when a person is needed or the game is over.
    fn play_bot(&mut self) -> bool;
    /// Whether the game is still being played (so `Ctrl-C` asks before quitting).
    fn playing(&self) -> bool;
    /// The log and its reader's place.
    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll);
    /// The whole log for the `l` window.
    fn log_source(&self) -> LogSource<'_>;
    /// Draws the table and `overlay` over it (the `l` window is the shell's).
    fn render(&self, overlay: Option<Overlay>, theme: Theme, area: Rect, buf: &mut Buffer);
    /// What to print when the screen closes.
    fn closing(&mut self) -> Closing<'_>;
    /// A copy of the table (the app is `Clone`).
    fn boxed(&self) -> Box<dyn GameScreen>;
    /// The table as the host serves it to one seat, to keep up with the host's game;
    /// `None` on a hot-seat table.
    fn served_mut(&mut self) -> Option<&mut dyn ServedTable> {
        None
    }
    /// The table as a spectator watches it, to keep up with the host's game; `None` on any
    /// other table.
    fn watched_mut(&mut self) -> Option<&mut dyn WatchedTable> {
        None
    }
}

/// A saved game stepped through (`bohnanza replay`): the one viewer,
/// [`Replay<G>`](crate::ui::replay::Replay), on its game.
pub trait ReplayScreen: std::fmt::Debug + AsAny {
    /// Handles one key press; what the shell must do, if anything.
    fn on_key(&mut self, key: KeyEvent) -> Option<ReplayRequest>;
    /// A new game going on from the cursor with `seats`, saved in `data_dir`.
    fn continued(
        &self,
        data_dir: Option<&Path>,
        seats: Vec<SavedSeat>,
    ) -> Result<Box<dyn GameScreen>, String>;
    /// Says why something could not be done.
    fn refuse(&mut self, why: String);
    /// The log told up to the cursor and its reader's place.
    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll);
    /// The whole log up to the cursor for the `l` window.
    fn log_source(&self) -> LogSource<'_>;
    /// Draws the viewer, with its keys' help over it when `help`.
    fn render(&self, help: bool, theme: Theme, area: Rect, buf: &mut Buffer);
    /// A copy of the viewer (the app is `Clone`).
    fn boxed(&self) -> Box<dyn ReplayScreen>;
    /// `--open-hands`: asks whether to show every hand where the viewer hides them.
    fn ask_to_open_hands(&mut self);
}

/// Any screen, reached again as its own type (tests, and the command line's farewell).
pub trait AsAny {
    /// The screen as `Any`, to read it as its own type.
    fn as_any(&self) -> &dyn Any;
    /// The screen as `Any`, to change it as its own type.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// The boxed screen as `Any`, to take it back as its own type.
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<T: 'static> AsAny for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

impl<T: GameScreen + 'static> From<T> for Box<dyn GameScreen> {
    fn from(table: T) -> Self {
        Box::new(table)
    }
}

impl Clone for Box<dyn GameScreen> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

impl Clone for Box<dyn ReplayScreen> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// The unfinished game `saved` at its own game's table, its save replayed once; its bots
/// think within `options`, and each move is saved by `saver`. The game is picked through
/// [`Rules::meant_for`], so a save whose rules do not load is opened by its own game's
/// screen and its problems are said by the game it was meant for.
pub fn resumed_table(
    saved: SavedGame,
    saver: Option<Saver>,
    options: &BotOptions,
) -> Result<Box<dyn GameScreen>, String> {
    struct Resume<'a>(SavedGame, Option<Saver>, &'a BotOptions);
    impl<G: OnScreen> WorkForGame<G> for Resume<'_> {
        type Output = Result<Box<dyn GameScreen>, String>;
        fn pick(self) -> Self::Output {
            G::resume(self.0, self.1, self.2)
        }
    }
    let rules = saved.ruleset.clone();
    Rules::meant_for(&rules.origin, &rules.toml, Resume(saved, saver, options))
}

/// A game whose table the screen shows, made new or opened at a position: each game's screen
/// implements it in its own folder, so the command line and the setup form make a table of
/// either game with one generic path (work bound by it, through [`Rules::dispatch`]).
pub trait OnScreen: Seated {
    /// A position this game's table opens at (`--position FILE`).
    type Position;

    /// The unfinished game `saved` at this game's table, its save replayed once; its bots
    /// think within `options`, and each move is saved by `saver`.
    fn resume(
        saved: SavedGame,
        saver: Option<Saver>,
        options: &BotOptions,
    ) -> Result<Box<dyn GameScreen>, String>;

    /// What the setup form says of a table of `rules` for `players`.
    fn setup_note(rules: &Self::Rules, players: usize) -> SetupNote;

    /// The table of a new game of `config`, each move saved by `saver`.
    fn new_table(
        config: GameConfig<Self>,
        saver: Option<Saver>,
    ) -> Result<Box<dyn GameScreen>, String>;

    /// A position file's bytes read as this game's position, with what it says of the table.
    fn read_position(bytes: &[u8]) -> Result<Placed<Self::Position>, String>;

    /// The table of a game of `config` opened at `position` (which must agree with it).
    fn table_at(
        config: GameConfig<Self>,
        position: Self::Position,
        saver: Option<Saver>,
    ) -> Result<Box<dyn GameScreen>, String>;

    /// Why `players` cannot sit at a game of `rules`, which allows `allowed`, in this game's
    /// words.
    fn players_refused(rules: &Self::Rules, allowed: &str, players: usize) -> String;

    /// The table of `seat` in the hosted game `record` (its actions so far played again),
    /// whose moves go to `host`: that seat's keys and what it may see, no hand-offs and no
    /// bots of its own ([`crate::ui::served`]).
    fn served(
        record: SavedGame,
        seat: usize,
        host: Arc<dyn SeatHost>,
    ) -> Result<Box<dyn GameScreen>, String>;

    /// The public table of the hosted game `record` (its actions so far played again), as
    /// a spectator watches it: no hand, no key that acts, and no bots of its own
    /// ([`crate::ui::watched`]).
    fn watched(record: SavedGame) -> Result<Box<dyn WatchedTable>, String>;
}

/// What the setup form says of the chosen game under its player line.
pub struct SetupNote {
    /// Who "plays with" the allowed counts: "this variant", or the game by name.
    pub who: &'static str,
    /// What the table gets at the chosen count, as one paragraph; `None` when the rules
    /// do not seat that count.
    pub facts: Option<String>,
}

/// A position file read for a game's table: the position and what it says of the table.
pub struct Placed<P> {
    /// The position.
    pub position: P,
    /// The players it seats; 0 when it leaves that to the flags.
    pub players: usize,
    /// The players' names, when it gives them.
    pub names: Option<Vec<String>>,
    /// The seed, when it gives one.
    pub seed: Option<u64>,
}
