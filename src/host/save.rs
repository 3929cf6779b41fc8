//! The hosted game's save: the record written after every accepted action, as the game
//! screen writes it (`crate::ui::table_shell`), so a host killed at any moment resumes with
//! every action it told anyone of, and the screen can resume a hosted game and back.

use serde_json::Value;

use crate::store::{SavedGame, Saver};

/// The game as saved and where it goes.
#[derive(Debug)]
pub struct HostSave {
    /// The game: its actions so far in their wire form.
    pub record: SavedGame,
    /// Where it is written; `None` to keep it in memory only (tests).
    pub saver: Option<Saver>,
}

impl HostSave {
    /// Adds an accepted `action` and writes the record (before anyone is told of it); the
    /// game is marked finished once `over`. Returns why the write failed, if it did.
    pub fn record(&mut self, action: &Value, over: bool) -> Option<String> {
        self.record.actions.push(action);
        self.record.finished = over;
        self.write()
    }

    /// Writes the record; returns why it failed, if it did.
    pub fn write(&mut self) -> Option<String> {
        let saver = self.saver.as_mut()?;
        if saver.save(&self.record) {
            None
        } else {
            saver.problem().map(str::to_string)
        }
    }

    /// The save file's path, if the game is saved.
    pub fn path(&self) -> Option<&std::path::Path> {
        self.saver.as_ref().map(Saver::path)
    }
}
