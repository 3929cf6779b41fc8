//! Never lose a game, and never claim to have saved one that is not on disk.
//!
//! A game is `(ruleset, players, seed, actions)`. Each game has its own file in the data
//! directory's `games/` folder, named so a person can tell the games apart (date, variant,
//! names); finished games stay there. The file is rewritten after every action through a
//! uniquely named temporary file created exclusively, then renamed ([`disk`]); it carries a
//! format version and a checksum, and names bean kinds by name ([`file`]). Resuming replays
//! the actions; a damaged file is moved aside ([`library`]). [`Saver`] is one game's file
//! and whether its last write reached the disk. [`export`] turns a saved game into the
//! protocol's JSON lines.

pub mod disk;
pub mod export;
pub mod file;
pub mod library;
mod saver;

use std::path::PathBuf;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::game::Seat;
use crate::engine::{Action, Position, Ruleset};

pub use file::{FORMAT, MAX_SAVE_BYTES, SaveError, decode, encode, read};
pub use library::{SavedEntry, games_dir};
pub use saver::{Fill, Saver, fill_and_sync};

/// The ruleset a saved game is played by. The TOML text is kept (not only a path or a
/// built-in name) so a saved game replays the same even if the file moves or a built-in
/// ruleset changes in a later version.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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

    /// The built-in variant this is, if its name and text are a built-in's as this build
    /// has them.
    pub fn built_in(&self) -> Option<&'static str> {
        crate::rulesets::BUILT_IN
            .iter()
            .find(|b| b.name == self.origin && b.text == self.toml)
            .map(|b| b.name)
    }
}

/// One action with the seat that took it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedAction {
    /// The seat, 0-based.
    pub player: usize,
    /// What they did.
    pub action: Action,
}

/// Everything needed to replay a game exactly (in memory; [`file`] says how it is written).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedGame {
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
    /// Whether the game has ended (a finished game is kept, not resumed).
    pub finished: bool,
    /// The position the game started from (`--position`), as given; `None` for a game
    /// dealt from the seed.
    pub position: Option<Position>,
}

/// Where the program keeps its files: `$BOHNANZA_DATA_DIR`, else
/// `$XDG_DATA_HOME/bohnanza`, else `~/.local/share/bohnanza` (the XDG default), so tests
/// can point it at a temporary folder.
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

/// Text that may quote a file, made safe to print line by line ([`sanitize`]), keeping its
/// line breaks: for messages of several lines.
///
/// [`sanitize`]: crate::text::sanitize
pub fn shown_lines(text: &str) -> String {
    text.split('\n')
        .map(crate::text::sanitize)
        .collect::<Vec<_>>()
        .join("\n")
}
