//! Which viewer a saved game opens in.
//! The file is only read: a damaged one is reported, not moved aside as resuming does.
//! A card game opens the card viewer, a dice game the dice viewer.

use std::path::Path;

use super::{DiceReplay, Replay};
use crate::store;
use crate::text::sanitize;

/// A viewer on a saved game of either kind.
#[derive(Clone, Debug)]
pub enum Viewer {
    /// A card game.
    Cards(Box<Replay>),
    /// A dice game.
    Dice(Box<DiceReplay>),
}

impl From<Replay> for Viewer {
    fn from(replay: Replay) -> Viewer {
        Viewer::Cards(Box::new(replay))
    }
}

impl From<DiceReplay> for Viewer {
    fn from(replay: DiceReplay) -> Viewer {
        Viewer::Dice(Box::new(replay))
    }
}

/// The viewer on the save file at `path`, the card or the dice viewer as the save's game
/// is, or why it cannot be replayed: the save layer's message, or the action that does not
/// replay.
pub fn open(path: &Path) -> Result<Viewer, String> {
    let shown = sanitize(&path.display().to_string()).into_owned();
    let why = |e: String| format!("the saved game {shown} cannot be replayed: {e}");
    let record = store::read(path).map_err(|e| why(e.to_string()))?;
    if is_dice_ruleset(record.ruleset.origin.as_str(), &record.ruleset.toml) {
        return DiceReplay::new(record, &shown)
            .map(Viewer::from)
            .map_err(|e| format!("{shown}: {e}"));
    }
    Replay::new(record, &shown)
        .map(Viewer::from)
        .map_err(|e| format!("{shown}: {e}"))
}

/// Whether a saved game's ruleset is the dice game's: the built-in `dice`, or a ruleset
/// with `[[die]]` tables.
fn is_dice_ruleset(origin: &str, toml_text: &str) -> bool {
    origin == crate::rules::DICE_VARIANT || crate::rules::Rules::is_dice_text(toml_text)
}
