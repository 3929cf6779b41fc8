//! The replay viewer (`bohnanza replay`): a saved game stepped through on the game screen
//! with every hand shown, and continued from any point as a new game.
//!
//! The viewer never changes a game: the [`Tape`] replays the saved actions once, and each
//! step builds the picture at the cursor from it ([`Game::picture`]). Continuing cuts a copy
//! of the record at the cursor and resumes that in a new save file; the original file is
//! only ever read.
//!
//! A dice game is stepped through on the dice screen by [`DiceReplay`] the same way, with
//! the same keys ([`command`]) and cursor moves (but the phases: its turn has none).

mod cursor;
mod dice;
pub(crate) mod dice_view;
mod keys;
mod open;
mod tape;
pub(crate) mod view;

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use crossterm::event::KeyEvent;

use super::game::Game;
use crate::bots::BotOptions;
use crate::engine::Phase;
use crate::store::{SavedGame, Saver};

pub use crate::game::CHECKPOINT_EVERY;
pub use dice::DiceReplay;
pub use keys::{Command, MAX_TURN_DIGITS, command};
pub use open::{Viewer, open, running_game};
pub use tape::{Move, Stop, Tape};

/// How many of the log's last lines the picture at the cursor carries: more than any log
/// panel shows.
const LOG_TAIL: usize = 300;

/// What the marked log lines of the action at the cursor begin with.
pub const MARK: &str = "▶ ";

/// What the app does for a key the viewer does not handle itself.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Show the viewer's keys.
    Help,
    /// Leave the viewer.
    Leave,
    /// Continue playing from the cursor as a new game ([`Replay::continued`]).
    Continue,
}

/// The replay viewer: a replayed game, the cursor on one of its actions, and the picture of
/// the table as it stood after that action.
#[derive(Clone, Debug)]
pub struct Replay {
    tape: Arc<Tape>,
    cursor: usize,
    picture: Box<Game>,
    /// The turn number being typed after `g`.
    typed: Option<String>,
    /// The last refusal or notice, shown until the next key.
    pub message: Option<String>,
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
            typed: None,
            message: None,
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

    /// The turn number being typed after `g`, if one is.
    pub fn typed(&self) -> Option<&str> {
        self.typed.as_deref()
    }

    /// Where the game was read from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Handles one key press; what the app must do, if anything.
    pub fn on_key(&mut self, key: KeyEvent) -> Option<Outcome> {
        self.message = None;
        match handle_key(&key, &mut self.typed, &mut self.message)? {
            Handled::Go(m) => self.go(m),
            Handled::Out(o) => return Some(o),
        }
        None
    }

    /// Moves the cursor, or says why it stays.
    pub fn go(&mut self, m: Move) {
        match self.tape.target(self.cursor, m) {
            Ok(n) => {
                self.cursor = n;
                *self.picture = picture_at(&self.tape, n);
            }
            Err(e) => self.message = Some(e),
        }
    }

    /// A new game that goes on from the cursor: the record cut there, the same seats,
    /// saved in a new file in `data_dir` (the replayed file is left as it is); its bots
    /// are made with [`Replay::bot_options`].
    pub fn continued(&self, data_dir: Option<&Path>) -> Result<Game, String> {
        let over = self.tape.stop(self.cursor).phase == Phase::GameOver;
        let record = self.tape.record_until(self.cursor);
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

/// The table after action `n` of `tape`, every hand shown, the log as told by then with the
/// lines of action `n` marked.
fn picture_at(tape: &Tape, n: usize) -> Game {
    let place = tape.place_at(n);
    Game::picture(
        place.state().clone(),
        place.notes().to_vec(),
        tape.outline().clone(),
        tape.seats().to_vec(),
        marked_log(tape.log(), tape.lines_of(n)),
    )
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

/// What a key asks of either viewer once the turn number being typed is dealt with.
enum Handled {
    /// Move the cursor.
    Go(Move),
    /// Something for the app to do.
    Out(Outcome),
}

/// The keys both viewers share: the turn number typed after `g` is kept in `typed`, a
/// complaint about it goes to `message`; `None` when nothing more is to be done.
fn handle_key(
    key: &KeyEvent,
    typed: &mut Option<String>,
    message: &mut Option<String>,
) -> Option<Handled> {
    match command(key, typed.is_some())? {
        Command::Go(m) => return Some(Handled::Go(m)),
        Command::AskTurn => *typed = Some(String::new()),
        Command::Digit(d) => {
            if let Some(t) = typed.as_mut().filter(|t| t.len() < MAX_TURN_DIGITS) {
                t.push(char::from(b'0' + d));
            }
        }
        Command::Erase => {
            if let Some(t) = typed {
                t.pop();
            }
        }
        Command::JumpToTyped => match typed.take().map(|t| t.parse::<u32>()) {
            Some(Ok(turn)) => return Some(Handled::Go(Move::Turn(turn))),
            _ => *message = Some("Type a turn number after g, then Enter.".to_string()),
        },
        Command::StopTyping => *typed = None,
        Command::Continue => return Some(Handled::Out(Outcome::Continue)),
        Command::Leave => return Some(Handled::Out(Outcome::Leave)),
        Command::Help => return Some(Handled::Out(Outcome::Help)),
    }
    None
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
