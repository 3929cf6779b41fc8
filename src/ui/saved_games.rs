//! The saved games list on the setup screen (and `bohnanza replay` without a file): every
//! game in the data directory, unfinished and finished, newest first, to resume, replay or
//! delete (deleting asks first). Its keys are one table ([`LIST_KEYS`]) that the key
//! handling, the key bar and the help all read.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent};

use crate::rules::Rules;
use crate::store::{SavedGame, check, library};
use crate::text::{sanitize, sanitize_all};
use crate::ui::bindings::{self, Binding, bind};
use crate::ui::picker_keys::{Chooser, PickerCommand, pick};

/// Games whose standing (whose turn, who won) is worked out by replaying them, newest first:
/// a list far longer is shown at once, the older games without it.
const STANDING_OF: usize = 50;

/// One saved game, as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Its file.
    pub path: PathBuf,
    /// When it was last played, in UTC: "2026-11-25 23:45".
    pub date: String,
    /// When it was started, in UTC, read from its file's name (which begins with it);
    /// `None` for a file named otherwise.
    pub started: Option<String>,
    /// The rules' name.
    pub variant: String,
    /// The players, made safe to show.
    pub names: Vec<String>,
    /// Actions played.
    pub moves: usize,
    /// Whether the game is over.
    pub finished: bool,
    /// Whose turn it is, or who won: "Ben's turn", "Ana won"; empty when not worked out.
    pub standing: String,
    /// Whether its replay shows the public table only: a card game not over whose hands
    /// are hidden (a finished game, or one with open hands, shows every hand).
    pub hides_hands: bool,
}

impl GameRow {
    /// What `r` does with this game, as the key bar says it.
    pub fn replay_word(&self) -> &'static str {
        if self.hides_hands {
            "replay: public table"
        } else {
            "replay: every hand"
        }
    }
}

/// What a key on the list does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ListAction {
    /// The game above.
    Up,
    /// The game below.
    Down,
    /// Resume an unfinished game, replay a finished one (Enter).
    Open,
    /// Replay the game (`r`).
    Replay,
    /// The coach's review of a finished game (`v`).
    Review,
    /// Delete the game, after asking (`d`).
    Delete,
    /// Back to the new game form, or out where there is none (Esc).
    Back,
    /// The keys (`?`).
    Help,
}

/// Every key of the saved games list; each binding's scope is its word on the key bar
/// (the list is one place).
#[rustfmt::skip]
pub const LIST_KEYS: &[Binding<ListAction, &str>] = &[
    bind(&[KeyCode::Up, KeyCode::Down], &[ListAction::Up, ListAction::Down], "game", "↑↓", ("↑ ↓", "the game above / below")),
    bind(&[KeyCode::Enter], &[ListAction::Open], "resume", "Enter", ("Enter", "resume an unfinished game (a finished one is replayed)")),
    bind(&[KeyCode::Char('r')], &[ListAction::Replay], "replay", "r", ("r", "replay: every hand if over, else the public table")),
    bind(&[KeyCode::Char('v')], &[ListAction::Review], "review", "v", ("v", "the coach's review of a finished game")),
    bind(&[KeyCode::Char('d'), KeyCode::Delete], &[ListAction::Delete], "delete", "d", ("d Del", "delete the game's file (asks first)")),
    bind(&[KeyCode::Esc], &[ListAction::Back], "back", "Esc", ("Esc", "back to a new game")),
    bind(&[KeyCode::Char('?')], &[ListAction::Help], "help", "?", ("?", "this help")),
];

/// What the app must do after a key on the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListOutcome {
    /// Resume the game in this file.
    Resume(PathBuf),
    /// Replay the game in this file.
    Replay(PathBuf),
    /// Open the finished game in this file at its table, its review started.
    Review(PathBuf),
    /// Leave the list.
    Back,
    /// Show the keys.
    Help,
}

/// The list of saved games and its cursor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedGames {
    /// The games, newest first.
    pub rows: Vec<GameRow>,
    /// The game under the cursor.
    pub selected: usize,
    /// The game asked about before deleting it.
    pub confirm_delete: Option<usize>,
    /// Files that could not be read, and what was done with them; the last refusal.
    pub problems: Vec<String>,
    /// What the last key did or why it did nothing, until the next key.
    pub message: Option<String>,
    /// Whether Enter replays every game (`bohnanza replay`) rather than resuming one.
    pub replay_only: bool,
}

impl SavedGames {
    /// The saved games in the data directory `data_dir`, newest first (damaged files are
    /// moved aside and said in [`SavedGames::problems`]).
    pub fn load(data_dir: &Path) -> SavedGames {
        let (games, problems) = library::list(data_dir);
        let rows = games
            .into_iter()
            .enumerate()
            .map(|(i, g)| row(g.path, &g.game, g.modified, i < STANDING_OF))
            .collect();
        SavedGames {
            rows,
            problems,
            ..SavedGames::default()
        }
    }

    /// How many games are unfinished and finished.
    pub fn counts(&self) -> (usize, usize) {
        let done = self.rows.iter().filter(|r| r.finished).count();
        (self.rows.len() - done, done)
    }

    /// Handles a key; what the app must do, if anything. Deleting happens here.
    pub fn on_key(&mut self, key: KeyEvent) -> Option<ListOutcome> {
        self.message = None;
        if let Some(i) = self.confirm_delete.take() {
            if pick(Chooser::Question, key.code) == Some(PickerCommand::Yes) {
                self.delete(i);
            } else {
                self.message = Some("Nothing was deleted.".to_string());
            }
            return None;
        }
        let action = bindings::command(LIST_KEYS, |_| true, key.code)?;
        let row = self.rows.get(self.selected);
        match (action, row) {
            (ListAction::Down, _) => {
                self.selected = (self.selected + 1).min(self.rows.len().saturating_sub(1));
            }
            (ListAction::Up, _) => self.selected = self.selected.saturating_sub(1),
            (ListAction::Open, Some(r)) if !r.finished && !self.replay_only => {
                return Some(ListOutcome::Resume(r.path.clone()));
            }
            (ListAction::Open | ListAction::Replay, Some(r)) => {
                return Some(ListOutcome::Replay(r.path.clone()));
            }
            (ListAction::Review, Some(r)) if r.finished => {
                return Some(ListOutcome::Review(r.path.clone()));
            }
            (ListAction::Review, Some(_)) => {
                let why = "That game is not over: the review judges a finished game.";
                self.message = Some(why.to_string());
            }
            (ListAction::Delete, Some(_)) => self.confirm_delete = Some(self.selected),
            (ListAction::Back, _) => return Some(ListOutcome::Back),
            (ListAction::Help, _) => return Some(ListOutcome::Help),
            (_, None) => self.message = Some("No game is saved.".to_string()),
        }
        None
    }

    /// Deletes game `i`'s file and drops it from the list, or says why it cannot.
    fn delete(&mut self, i: usize) {
        let Some(row) = self.rows.get(i) else { return };
        let shown = sanitize(&row.path.display().to_string()).into_owned();
        match std::fs::remove_file(&row.path) {
            Ok(()) => {
                self.message = Some(format!("Deleted {shown}."));
                self.rows.remove(i);
                self.selected = self.selected.min(self.rows.len().saturating_sub(1));
            }
            Err(e) => self.message = Some(format!("{shown} could not be deleted: {e}")),
        }
    }
}

/// The list's row for `game`, saved in `path` and last written at `modified`; its standing
/// is worked out by replaying it when `standing`.
fn row(
    path: PathBuf,
    game: &SavedGame,
    modified: std::time::SystemTime,
    standing: bool,
) -> GameRow {
    let rules = game.ruleset.rules();
    let variant = match &rules {
        Ok(rules) => rules.name().to_string(),
        Err(_) => game.ruleset.origin.clone(),
    };
    let open_rules = matches!(&rules, Ok(Rules::Cards(r)) if r.open_hands);
    let hides_hands = !game.finished && !game.open_hands && !open_rules;
    let names = sanitize_all(&game.names);
    let standing = if standing {
        standing_of(game, &names)
    } else {
        String::new()
    };
    GameRow {
        started: started_of(&path),
        path,
        date: shown_date(modified),
        variant: sanitize(&variant).into_owned(),
        names,
        moves: game.actions.len(),
        finished: game.finished,
        standing,
        hides_hands,
    }
}

/// "2026-11-25 23:45" (UTC) for `time`.
fn shown_date(time: std::time::SystemTime) -> String {
    let stamp = library::timestamp(time);
    match stamp.split_once('_') {
        Some((day, minute)) => format!("{day} {}", minute.replace('-', ":")),
        None => stamp,
    }
}

/// "2026-11-25 23:45" read from a file named by its start, `2026-11-25_23-45_base_Ana-Ben`
/// (the form [`library::game_stem`] gives it).
fn started_of(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let bytes = name.as_bytes().get(..16)?;
    let shaped = bytes.iter().enumerate().all(|(i, &b)| match i {
        4 | 7 | 13 => b == b'-',
        10 => b == b'_',
        _ => b.is_ascii_digit(),
    });
    // Only ASCII passes: the slices are then on character boundaries.
    shaped.then(|| format!("{} {}", &name[..10], name[11..16].replace('-', ":")))
}

/// Whose turn it is in `game`, or who won: "Ben's turn", "Ana won", "Ana, Ben tied".
fn standing_of(game: &SavedGame, names: &[String]) -> String {
    let Ok(play) = check::replay(game) else {
        return "damaged".to_string();
    };
    let name = |p: usize| names.get(p).cloned().unwrap_or_else(|| "?".into());
    if let Some(o) = &play.outcome {
        let winners: Vec<String> = o.winners.iter().map(|&p| name(p)).collect();
        return match winners.len() {
            1 => format!("{} won", winners[0]),
            _ => format!("{} tied", winners.join(", ")),
        };
    }
    format!("{}'s turn", name(play.active))
}
