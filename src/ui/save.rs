//! Never lose a game: the game is `(ruleset, players, seed, actions)`, written atomically
//! after every action, and resuming replays the actions.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::game::Seat;
use crate::engine::{Action, Ruleset};

/// The ruleset a saved game is played by. The TOML text is kept (not only a path or a
/// built-in name) so a saved game replays the same even if the file moves or a built-in
/// ruleset changes in a later version.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RulesetSource {
    /// Where the ruleset came from, for messages: a built-in name or a file path.
    pub origin: String,
    /// The ruleset's TOML text.
    pub toml: String,
}

impl RulesetSource {
    /// Checks the ruleset again, with the engine's message if it is not valid.
    pub fn load(&self) -> Result<Arc<Ruleset>, String> {
        crate::rulesets::parse(&self.origin, &self.toml)
            .map(Arc::new)
            .map_err(|e| e.to_string())
    }
}

/// One action with the seat that took it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedAction {
    /// The seat, 0-based.
    pub player: usize,
    /// What they did.
    pub action: Action,
}

/// Everything needed to replay a game exactly.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    /// The format of this file, raised when it changes incompatibly.
    pub format: u32,
    /// The rules.
    pub ruleset: RulesetSource,
    /// Players' names, in seat order.
    pub names: Vec<String>,
    /// Who plays each seat: `"human"`, or `{"bot": "greedy"}` (random, greedy, mcts).
    pub seats: Vec<Seat>,
    /// The shuffle.
    pub seed: u64,
    /// Whether every hand is shown (`--open-hands`).
    pub open_hands: bool,
    /// Every action taken, in order.
    pub actions: Vec<SavedAction>,
    /// Whether the game has ended (a finished game is not resumed).
    pub finished: bool,
}

impl SavedGame {
    /// The format this build writes and reads.
    pub const FORMAT: u32 = 1;
}

/// Where games are saved: `$BOHNANZA_DATA_DIR`, else `$XDG_DATA_HOME/bohnanza`, else
/// `~/.local/share/bohnanza` (the XDG default), so tests can point it at a temporary folder.
pub fn data_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("BOHNANZA_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = var("XDG_DATA_HOME") {
        return Some(PathBuf::from(dir).join("bohnanza"));
    }
    var("HOME").map(|home| PathBuf::from(home).join(".local/share/bohnanza"))
}

/// The file holding the last game, in `dir`.
pub fn save_path(dir: &Path) -> PathBuf {
    dir.join("last-game.json")
}

/// Writes `game` to `path` atomically: a temporary file beside it, flushed to disk, then
/// renamed over the old one, so a crash leaves either the old save or the new one.
pub fn write(path: &Path, game: &SavedGame) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let text = serde_json::to_string(game).map_err(std::io::Error::other)?;
    let tmp = path.with_extension("json.tmp");
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path)
}

/// Reads the saved game at `path`.
pub fn read(path: &Path) -> Result<SavedGame, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("no saved game at {}: {e}", path.display()))?;
    let game: SavedGame = serde_json::from_str(&text)
        .map_err(|e| format!("the saved game {} is damaged: {e}", path.display()))?;
    if game.format != SavedGame::FORMAT {
        return Err(format!(
            "the saved game {} was written by another version (format {})",
            path.display(),
            game.format
        ));
    }
    Ok(game)
}
