//! The replay viewer (`bohnanza replay`): a saved game of either game stepped through on
//! its game's screen with everything shown, and continued from any point as a new game. A
//! card game not yet over whose hands are hidden shows the public table only, as anyone at
//! the table sees it, so that no player can quit, look at the others' hands and resume;
//! `--open-hands` shows every hand after asking.
//!
//! The viewer is written once, over the seam: [`Replay<G>`] holds the cursor, the keys and
//! their prompts ([`control`]), and draws the header, the status line and the key bar
//! ([`view`]); each game's screen says only what differs ([`Replayed`]: the game replayed
//! once, its table at an action, its words). The viewer never changes a game: the [`ReplayedSave`]
//! replays the saved actions once, and each step builds the picture at the cursor from it.
//! Continuing cuts a copy of the record at the cursor and resumes that in a new save file;
//! the original file is only ever read.

pub(crate) mod control;
pub(crate) mod cursor;
pub mod keys;
pub(crate) mod open;
pub(crate) mod replayed;
pub(crate) mod replayed_save;
pub mod search;
pub mod seats;
pub(crate) mod view;

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::game::BotOptions;
use crate::store::{SavedGame, SavedSeat, Saver};
use crate::ui::log_scroll::{LogMove, LogScroll};
use crate::ui::screen::{GameScreen, ReplayScreen};
use crate::ui::theme::Theme;
use crate::ui::view::LogSource;

pub use control::{Controls, ReplayPrompt};
pub use cursor::Move;
pub use keys::{BINDINGS, MAX_TURN_DIGITS, ReplayBinding, ReplayCommand, command};
pub use open::{open, open_with};
pub use replayed::Replayed;
pub use replayed_save::{ReplayedSave, Stop};
pub use seats::SeatChooser;

/// How many of the log's last lines the picture at the cursor carries, so stepping costs
/// the same however long the game: more than a whole game tells (a game nobody ends can
/// tell more, and then its oldest lines are left out of the picture).
const LOG_TAIL: usize = 5_000;

/// Why a game cannot be continued from the cursor where it is over.
const OVER_HERE: &str = "The game is over here: step back to continue from an earlier action.";

/// What the marked log lines of the action at the cursor begin with.
pub const MARK: &str = "▶ ";

/// What the app does for a key the viewer does not handle itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ReplayRequest {
    /// Show the viewer's keys.
    Help,
    /// Leave the viewer.
    Leave,
    /// Continue playing from the cursor as a new game with these seats
    /// ([`Replay::continued`]).
    Continue(Vec<SavedSeat>),
    /// Show the whole log up to the cursor.
    FullLog,
    /// Move through the log on screen.
    Scroll(LogMove),
}

/// The replay viewer on a game of `G`: the game replayed once, the cursor on one of its
/// actions, and the picture of the table as it stood after that action.
#[derive(Clone, Debug)]
pub struct Replay<G: Replayed> {
    reel: Arc<ReplayedSave<G>>,
    cursor: usize,
    picture: Box<G::Picture>,
    /// The prompt, the last refusal or news, and the last search.
    pub controls: Controls,
    /// Where the game was read from, made safe to show.
    source: String,
    /// How the bots of a game continued from the cursor are made.
    pub bot_options: BotOptions,
    /// Whether every hand is shown: in a finished game, one that hides nothing, or once
    /// asked for ([`Replay::ask_to_open_hands`]); otherwise the public table only.
    hands: bool,
}

impl<G: Replayed> Replay<G> {
    /// The viewer on `record` (read from `source`, a file name shown in the header), the
    /// cursor on its last action; the error says which action does not replay.
    pub fn new(record: SavedGame, source: &str) -> Result<Replay<G>, String> {
        let reel = Arc::new(G::reel(record)?);
        let last = reel.actions();
        let hands = reel.record().finished || !G::hides_hands(&reel);
        Ok(Replay {
            picture: Box::new(picture_at(&reel, last, hands)),
            hands,
            reel,
            cursor: last,
            controls: Controls::default(),
            source: crate::text::sanitize(source).into_owned(),
            bot_options: crate::rules::screen_bot_options(),
        })
    }

    /// The replayed game.
    pub fn reel(&self) -> &ReplayedSave<G> {
        &self.reel
    }

    /// The action the cursor is on (0: the deal).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The table as it stood after the action at the cursor, everything shown.
    pub fn picture(&self) -> &G::Picture {
        &self.picture
    }

    /// The last refusal, if any.
    pub fn message(&self) -> Option<&str> {
        self.controls.message.as_deref()
    }

    /// The number being typed after `g`, if one is.
    pub fn typed(&self) -> Option<&str> {
        self.controls.typed()
    }

    /// Where the game was read from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Moves the cursor, or says why it stays.
    pub fn go(&mut self, m: Move) {
        match self.reel.target(self.cursor, m) {
            Ok(n) => self.put(n),
            Err(e) => self.controls.message = Some(e),
        }
    }

    /// Puts the cursor on action `n` (the last past the end).
    fn put(&mut self, n: usize) {
        self.cursor = n.min(self.reel.actions());
        *self.picture = picture_at(&self.reel, self.cursor, self.hands);
    }

    /// Whether the viewer shows the public table only: the game is not over and its hands
    /// are hidden, and nobody asked to see them.
    pub fn hands_hidden(&self) -> bool {
        !self.hands
    }

    /// `--open-hands`: asks, in a window that says what it does, whether to show every hand
    /// of a game whose hands are hidden; nothing where they are shown already.
    pub fn ask_to_open_hands(&mut self) {
        if !self.hands {
            self.controls.prompt = Some(ReplayPrompt::OpenHands);
        }
    }

    /// Shows every hand from now on (answered yes to [`Replay::ask_to_open_hands`]).
    fn open_hands(&mut self) {
        self.hands = true;
        self.put(self.cursor);
    }

    /// A new game that goes on from the cursor: the record cut there, `seats` seated (as
    /// played when `None`), saved in a new file in `data_dir` (the replayed file is left as
    /// it is); its bots are made with [`Replay::bot_options`].
    pub fn continued(
        &self,
        data_dir: Option<&Path>,
        seats: Option<Vec<SavedSeat>>,
    ) -> Result<Box<dyn GameScreen>, String> {
        let mut record = self.reel.record_until(self.cursor);
        if let Some(seats) = seats.filter(|s| s.len() == record.seats.len()) {
            record.seats = seats;
        }
        let (saver, told) = new_save(
            data_dir,
            record.finished,
            self.reel.rules_name(),
            &record,
            self.cursor,
            &self.source,
        )?;
        G::continued(record, saver, &self.bot_options, told)
    }
}

impl<G: Replayed> ReplayScreen for Replay<G> {
    fn on_key(&mut self, key: KeyEvent) -> Option<ReplayRequest> {
        control::on_key(self, key)
    }

    fn continued(
        &self,
        data_dir: Option<&Path>,
        seats: Vec<SavedSeat>,
    ) -> Result<Box<dyn GameScreen>, String> {
        Replay::continued(self, data_dir, Some(seats))
    }

    fn refuse(&mut self, why: String) {
        self.controls.message = Some(why);
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        self.picture.log_and_scroll()
    }

    fn log_source(&self) -> LogSource<'_> {
        let mut source = self.picture.log_source();
        source.identity = format!("replay · {}", source.identity);
        source
    }

    fn render(&self, help: bool, theme: Theme, area: Rect, buf: &mut Buffer) {
        view::render(self, help, theme, area, buf);
    }

    fn boxed(&self) -> Box<dyn ReplayScreen> {
        Box::new(self.clone())
    }

    fn ask_to_open_hands(&mut self) {
        Replay::ask_to_open_hands(self);
    }
}

impl<G: Replayed> From<Replay<G>> for Box<dyn ReplayScreen> {
    fn from(replay: Replay<G>) -> Self {
        Box::new(replay)
    }
}

/// The flags that give a saved game's rules on the command line: `--variant base`, or
/// `--ruleset FILE` for rules read from a file.
pub(crate) fn rules_flags(record: &SavedGame) -> String {
    match record.ruleset.built_in() {
        Some(name) => format!("--variant {name}"),
        None => format!(
            "--ruleset {}",
            crate::text::sanitize(&record.ruleset.origin)
        ),
    }
}

/// The table after action `n` of `reel`, every hand shown where `hands`, the log as told by
/// then with the lines of action `n` marked.
fn picture_at<G: Replayed>(reel: &ReplayedSave<G>, n: usize, hands: bool) -> G::Picture {
    G::picture(reel, n, marked_log(reel.log(), reel.lines_of(n)), hands)
}

/// The last [`LOG_TAIL`] lines of `log` told up to the end of `marked`, the lines of
/// `marked` (what the action at the cursor told) beginning with [`MARK`].
fn marked_log(log: &[String], marked: Range<usize>) -> Vec<String> {
    let told = &log[..marked.end.min(log.len())];
    let from = told.len().saturating_sub(LOG_TAIL);
    told[from..]
        .iter()
        .enumerate()
        .map(|(i, line)| {
            if marked.contains(&(from + i)) {
                format!("{MARK}{line}")
            } else {
                line.clone()
            }
        })
        .collect()
}

/// The new save file a game continued from action `cursor` of `source` goes in, `record`
/// (the original cut there) already written to it, and the log line saying so; or why the
/// game cannot go on from there (`over`: it ended there).
fn new_save(
    data_dir: Option<&Path>,
    over: bool,
    ruleset_name: &str,
    record: &SavedGame,
    cursor: usize,
    source: &str,
) -> Result<(Saver, String), String> {
    if over {
        return Err(OVER_HERE.to_string());
    }
    let Some(dir) = data_dir else {
        return Err(
            "There is no data directory to save a new game in (set HOME or BOHNANZA_DATA_DIR)."
                .to_string(),
        );
    };
    let mut saver = Saver::for_new_game(dir, ruleset_name, &record.names);
    saver.save(record);
    let path = crate::text::sanitize(&saver.path().display().to_string()).into_owned();
    let told = format!("A new game, continued from action {cursor} of {source}: saved in {path}.");
    Ok((saver, told))
}
