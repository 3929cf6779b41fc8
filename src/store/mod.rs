//! Never lose a game, and never claim to have saved one that is not on disk.
//!
//! A game is `(ruleset, players, seed, actions)`, whichever game it is: a card game or the
//! dice game is saved in the same record, its actions in the protocol's wire form, and the
//! ruleset's text says which game it is ([`crate::rules::Rules`]). Each game has its own file
//! in the data directory's `games/` folder, named so a person can tell the games apart
//! (date, variant, names); finished games stay there. The file is rewritten after every
//! action through a uniquely named temporary file created exclusively, then renamed
//! ([`disk`]); it carries a format version and a checksum ([`mod@file`]). Resuming replays the
//! actions through the game's own checks ([`check`]); a damaged file is moved aside
//! ([`library`]). [`Saver`] is one game's file and whether its last write reached the disk.
//! [`export`] turns a saved game into the protocol's JSON lines; [`review`] starts a saved
//! game's review, the same wherever it is asked for.

mod actions;
pub mod check;
pub mod disk;
pub mod export;
pub mod file;
pub mod library;
pub mod position_file;
pub mod review;
mod saver;
mod seat;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::rules::{DICE_VARIANT, Rules, variant_names, variant_text};

pub use actions::Actions;
pub use file::{FORMAT, MAX_SAVE_BYTES, SaveError, damaged, decode, encode, read};
pub use library::{SavedEntry, games_dir};
pub use saver::{Fill, Saver, fill_and_sync};
pub use seat::SavedSeat;

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
    /// Checks the rules again, with the game's message if they are not valid: a card
    /// ruleset or the dice game's, as the text says ([`Rules::from_text`]).
    pub fn rules(&self) -> Result<Rules, String> {
        Rules::from_text(&self.origin, &self.toml)
    }

    /// The built-in variant this is, if its name and text are a built-in's as this build
    /// has them.
    pub fn built_in(&self) -> Option<&'static str> {
        variant_names().find(|&n| n == self.origin && variant_text(n) == Some(&self.toml))
    }

    /// The built-in variant called `name`, of either game, as a save keeps it.
    pub fn variant(name: &str) -> Option<RulesetSource> {
        Some(RulesetSource {
            origin: name.to_string(),
            toml: variant_text(name)?.to_string(),
        })
    }

    /// The dice game's built-in rules.
    pub fn dice() -> RulesetSource {
        RulesetSource {
            origin: DICE_VARIANT.to_string(),
            toml: variant_text(DICE_VARIANT)
                .expect("the dice game is a built-in variant")
                .to_string(),
        }
    }
}

/// Everything needed to replay a game exactly, a card game or the dice game (in memory;
/// [`mod@file`] says how it is written).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SavedGame {
    /// The rules.
    pub ruleset: RulesetSource,
    /// Players' names, in seat order.
    pub names: Vec<String>,
    /// Who plays each seat: `"human"`, or `{"bot": "greedy"}` (the card game's random,
    /// greedy, mcts; the dice game's random, greedy, expect, strong).
    pub seats: Vec<SavedSeat>,
    /// The shuffle.
    pub seed: u64,
    /// Whether every hand is shown (`--open-hands`).
    pub open_hands: bool,
    /// Every action taken, in order, in the protocol's wire form (`{"player": P, "type":
    /// ...}`, bean kinds by name), as the game's [`crate::game::Play::act`] takes it; kept
    /// as compact text ([`Actions`]).
    pub actions: Actions,
    /// Whether the game has ended (a finished game is kept, not resumed).
    pub finished: bool,
    /// The position the game started from (`--position`) in its wire form, as the
    /// protocol's `new` takes it; `None` for a game dealt from the seed.
    pub position: Option<Value>,
    /// The decisions the tutor asked about, each as the number of actions before it, in
    /// the order asked: the review judges them in full whatever its first few deals say
    /// (`docs/coach.md`). Empty when the tutor asked nothing; written only when it did.
    pub tutor_asked: Vec<usize>,
}

impl SavedGame {
    /// Takes back every action from the `n`th on (an undo), and the tutor's questions
    /// about them.
    pub fn take_back_to(&mut self, n: usize) {
        self.actions.truncate(n);
        self.tutor_asked.retain(|&at| at < n);
    }

    /// Notes that the tutor asked about the decision after `at` actions (once).
    pub fn tutor_asked_at(&mut self, at: usize) {
        if !self.tutor_asked.contains(&at) {
            self.tutor_asked.push(at);
        }
    }
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
