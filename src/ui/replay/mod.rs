//! The replay viewer (`bohnanza replay`): a saved game stepped through on the game screen
//! with every hand shown, and continued from any point as a new game.
//!
//! The viewer never changes a game: the [`Tape`] replays the saved actions once, and each
//! step builds the picture at the cursor from it ([`Game::picture`]). Continuing cuts a copy
//! of the record at the cursor and resumes that in a new save file; the original file is
//! only ever read.
//!
//! A dice game is stepped through on the dice screen by its own viewer (`ui/dice/replay.rs`)
//! the same way, with the same keys ([`command`]) and cursor moves (but the phases: its turn
//! has none).

pub(crate) mod control;
pub(crate) mod cursor;
pub mod keys;
mod open;
pub mod search;
pub mod seats;
mod tape;
pub(crate) mod view;

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use crossterm::event::KeyEvent;

use super::game::Game;
use super::log_scroll::{LogMove, LogScroll};
use crate::bots::{BotOptions, SeatKind};
use crate::engine::Cards;
use crate::engine::Phase;
use crate::game::Seated;
use crate::store::{SavedGame, SavedSeat, Saver};

pub use crate::game::CHECKPOINT_EVERY;
pub use control::{Controls, Prompt};
pub use keys::{BINDINGS, Binding, Command, MAX_TURN_DIGITS, command};
pub use open::{open, open_with};
pub use seats::SeatChooser;
pub use tape::{Move, Stop, Tape};

/// How many of the log's last lines the picture at the cursor carries, so stepping costs
/// the same however long the game: more than a whole game tells (a game nobody ends can
/// tell more, and then its oldest lines are left out of the picture).
const LOG_TAIL: usize = 5_000;

/// What the marked log lines of the action at the cursor begin with.
pub const MARK: &str = "▶ ";

/// What the app does for a key the viewer does not handle itself.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
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

/// The replay viewer: a replayed game, the cursor on one of its actions, and the picture of
/// the table as it stood after that action.
#[derive(Clone, Debug)]
pub struct Replay {
    tape: Arc<Tape>,
    cursor: usize,
    picture: Box<Game>,
    /// The prompt, the last refusal or news, and the last search.
    pub controls: Controls,
    /// Where the game was read from, made safe to show.
    source: String,
    /// How the bots of a game continued from the cursor are made.
    pub bot_options: BotOptions,
}

impl Replay {
    /// The viewer on `record` (read from `source`, a file name shown in the header), the
    /// cursor on its last action; the error says which action does not replay.
    pub fn new(record: SavedGame, source: &str) -> Result<Replay, String> {
        let tape = Arc::new(Tape::new(record)?);
        let last = tape.actions();
        Ok(Replay {
            picture: Box::new(picture_at(&tape, last)),
            tape,
            cursor: last,
            controls: Controls::default(),
            source: crate::text::sanitize(source).into_owned(),
            bot_options: super::game::screen_bot_options(),
        })
    }

    /// The replayed game.
    pub fn tape(&self) -> &Tape {
        &self.tape
    }

    /// The action the cursor is on (0: the deal).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The table as it stood after the action at the cursor, every hand shown.
    pub fn picture(&self) -> &Game {
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

    /// The log in the picture and the reader's place in it.
    pub(crate) fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        let p: &mut Game = &mut self.picture;
        (&p.log, &mut p.log_scroll)
    }

    /// Handles one key press; what the app must do, if anything.
    pub fn on_key(&mut self, key: KeyEvent) -> Option<Outcome> {
        control::on_key(self, key)
    }

    /// Moves the cursor, or says why it stays.
    pub fn go(&mut self, m: Move) {
        match self.tape.target(self.cursor, m) {
            Ok(n) => self.put(n),
            Err(e) => self.controls.message = Some(e),
        }
    }

    /// Puts the cursor on action `n` (the last past the end).
    fn put(&mut self, n: usize) {
        self.cursor = n.min(self.tape.actions());
        *self.picture = picture_at(&self.tape, self.cursor);
    }

    /// A new game that goes on from the cursor: the record cut there, `seats` seated (as
    /// played when `None`), saved in a new file in `data_dir` (the replayed file is left as
    /// it is); its bots are made with [`Replay::bot_options`].
    pub fn continued(
        &self,
        data_dir: Option<&Path>,
        seats: Option<Vec<SavedSeat>>,
    ) -> Result<Game, String> {
        let over = self.tape.stop(self.cursor).phase == Phase::GameOver;
        let mut record = self.tape.record_until(self.cursor);
        if let Some(seats) = seats.filter(|s| s.len() == record.seats.len()) {
            record.seats = seats;
        }
        let (saver, told) = new_save(
            data_dir,
            over,
            &self.tape.ruleset().name,
            &record,
            self.cursor,
            &self.source,
        )?;
        let mut game = Game::resume_with(record, Some(saver), &self.bot_options)?;
        game.log.push(told);
        Ok(game)
    }
}

impl control::Stepped for Replay {
    fn controls(&mut self) -> &mut Controls {
        &mut self.controls
    }

    fn is_dice(&self) -> bool {
        false
    }

    fn actions(&self) -> usize {
        self.tape.actions()
    }

    fn at(&self) -> usize {
        self.cursor
    }

    fn step(&mut self, m: Move) {
        self.go(m);
    }

    fn put(&mut self, n: usize) {
        Replay::put(self, n);
    }

    fn told(&self, n: usize) -> &[String] {
        &self.tape.log()[self.tape.lines_of(n)]
    }

    fn position(&self) -> serde_json::Value {
        let mut position = self.picture.state.position();
        for (seat, name) in position.players.iter_mut().zip(&self.tape.record().names) {
            seat.name = Some(name.clone());
        }
        position.seed = Some(self.tape.record().seed);
        serde_json::to_value(position).unwrap_or_default()
    }

    fn rules_flags(&self) -> String {
        rules_flags(self.tape.record())
    }

    fn over_here(&self) -> bool {
        self.tape.stop(self.cursor).phase == Phase::GameOver
    }

    fn seating(&self) -> (Vec<String>, Vec<SavedSeat>, Vec<SavedSeat>) {
        let seats = self
            .tape
            .seats()
            .iter()
            .map(|&s| SavedSeat::of(s))
            .collect();
        let kinds = std::iter::once(SeatKind::Human)
            .chain(Cards::bot_names().into_iter().map(SeatKind::Bot))
            .map(SavedSeat::of)
            .collect();
        (self.tape.names().to_vec(), seats, kinds)
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

/// The table after action `n` of `tape`, every hand shown, the log as told by then with the
/// lines of action `n` marked.
fn picture_at(tape: &Tape, n: usize) -> Game {
    let (state, panel) = tape.panel_at(n);
    Game::picture(
        state,
        panel.notes,
        tape.outline().clone(),
        tape.seats().to_vec(),
        marked_log(tape.log(), tape.lines_of(n)),
    )
}

/// The last [`LOG_TAIL`] lines of `log` told up to the end of `marked`, the lines of
/// `marked` (what the action at the cursor told) beginning with [`MARK`].
pub(crate) fn marked_log(log: &[String], marked: Range<usize>) -> Vec<String> {
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
pub(crate) fn new_save(
    data_dir: Option<&Path>,
    over: bool,
    ruleset_name: &str,
    record: &SavedGame,
    cursor: usize,
    source: &str,
) -> Result<(Saver, String), String> {
    if over {
        return Err(
            "The game is over here: step back to continue from an earlier action.".to_string(),
        );
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
