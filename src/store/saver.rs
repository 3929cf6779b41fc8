//! One game's save file, and whether everything played is on disk.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{SavedGame, disk, file, library};

/// How the bytes of a save reach the disk: write them into the temporary file and flush it.
/// Tests put a failing one in to act out a full disk.
pub type Fill = fn(&mut File, &[u8]) -> io::Result<()>;

/// The real [`Fill`]: writes every byte, then waits until the disk has them.
pub fn fill_and_sync(file: &mut File, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    file.sync_all()
}

/// Where one game is saved, and whether the last save reached the disk: the screen shows
/// [`Saver::problem`] for as long as it lasts, and nobody is told "the game is saved" while
/// an action is missing from the disk.
#[derive(Clone, Debug)]
pub struct Saver {
    path: PathBuf,
    fill: Fill,
    /// How many actions the file on disk holds (`None` before the first save succeeds).
    on_disk: Option<usize>,
    /// Why the last save failed, in a sentence for the screen.
    problem: Option<String>,
    /// How many actions the first save of a file this program made held (`None` for a
    /// resumed game's file, or before the first save): a game quit with no more is not kept.
    made_with: Option<usize>,
    /// Whether this program made the file (a new game), rather than resuming one.
    made_here: bool,
    /// For a copy not made yet ([`Saver::copy_when_played`]): the name its file is meant to
    /// have, without `.json`; the file is claimed, under this name or the next free one, by
    /// the first save.
    unclaimed: Option<String>,
}

impl Saver {
    /// Saves to `path`, which holds nothing of this game yet.
    pub fn at(path: PathBuf) -> Saver {
        Saver {
            path,
            fill: fill_and_sync,
            on_disk: None,
            problem: None,
            made_with: None,
            made_here: true,
            unclaimed: None,
        }
    }

    /// A file of its own for a new game in the data directory `data_dir`, named by the
    /// date, the ruleset's name (either game's) and the players.
    pub fn for_new_game(data_dir: &Path, ruleset_name: &str, names: &[String]) -> Saver {
        Saver::new_file_in(&library::games_dir(data_dir), ruleset_name, names)
    }

    fn new_file_in(games: &Path, ruleset_name: &str, names: &[String]) -> Saver {
        let stem = library::game_stem(SystemTime::now(), ruleset_name, names);
        Saver::at(library::claim_new_file(games, &stem))
    }

    /// A copy, in the data directory `data_dir`, of a game resumed from a file that is not
    /// one of its saves (a file a person named, which is only ever read), the first `actions`
    /// actions played there. Nothing is written until the first save, which comes with the
    /// first move: a file refused, a screen that never opens or a game quit before any move
    /// leaves the data directory as it was. Quit with no more than those actions, the copy is
    /// not kept.
    pub fn copy_when_played(
        data_dir: &Path,
        ruleset_name: &str,
        names: &[String],
        actions: usize,
    ) -> Saver {
        let stem = library::game_stem(SystemTime::now(), ruleset_name, names);
        Saver {
            made_with: Some(actions),
            unclaimed: Some(stem.clone()),
            ..Saver::at(library::games_dir(data_dir).join(format!("{stem}.json")))
        }
    }

    /// Saves to `path`, which already holds the first `actions` actions (a resumed game).
    pub fn resumed(path: PathBuf, actions: usize) -> Saver {
        Saver {
            on_disk: Some(actions),
            made_here: false,
            ..Saver::at(path)
        }
    }

    /// A file for the next game at the same table, beside this one (this game's file is
    /// kept), written the same way.
    pub fn for_next_game(&self, ruleset_name: &str, names: &[String]) -> Saver {
        let games = self.path.parent().unwrap_or(Path::new("."));
        Saver {
            fill: self.fill,
            ..Saver::new_file_in(games, ruleset_name, names)
        }
    }

    /// The same file, its bytes written by `fill` (tests: a full disk).
    pub fn filling_with(self, fill: Fill) -> Saver {
        Saver { fill, ..self }
    }

    /// The save file (for a copy not made yet, the name it is meant to have).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `game`; on failure remembers why and how much is not on disk. Returns whether
    /// the file now holds every action.
    pub fn save(&mut self, game: &SavedGame) -> bool {
        if let Some(stem) = self.unclaimed.take() {
            let games = self.path.parent().unwrap_or(Path::new("."));
            self.path = library::claim_new_file(games, &stem);
        }
        let text = file::encode(game);
        match disk::write_atomically(&self.path, text.as_bytes(), self.fill) {
            Ok(()) => {
                self.on_disk = Some(game.actions.len());
                if self.made_here && self.made_with.is_none() {
                    self.made_with = Some(game.actions.len());
                }
                self.problem = None;
                true
            }
            Err(e) => {
                let missing = match self.on_disk {
                    None => "nothing of this game is on disk".to_string(),
                    Some(n) => match game.actions.len().saturating_sub(n) {
                        1 => "the last move is not on disk".to_string(),
                        m => format!("the last {m} moves are not on disk"),
                    },
                };
                self.problem = Some(format!("NOT SAVED ({e}): {missing}."));
                false
            }
        }
    }

    /// Removes the file of a game this program started when nobody made a move in it
    /// (`game` holds no action more than its first save, or than the copy was made with), so
    /// a game started and quit at once is not kept; returns whether it is not kept (its file
    /// removed, or a copy never made). A resumed game's file stays.
    pub fn forget_if_unplayed(&mut self, game: &SavedGame) -> bool {
        let unplayed = self.made_with == Some(game.actions.len());
        if unplayed && self.unclaimed.is_some() {
            return true;
        }
        if !unplayed || std::fs::remove_file(&self.path).is_err() {
            return false;
        }
        self.on_disk = None;
        true
    }

    /// Why the game is not fully on disk, while that lasts.
    pub fn problem(&self) -> Option<&str> {
        self.problem.as_deref()
    }
}
