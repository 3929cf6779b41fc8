//! Which saved game the viewer opens: a file, or the running game in the data directory.
//! The file is only read: a damaged one is reported, not moved aside as resuming does.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::super::save::{self, MAX_SAVE_BYTES, library};
use super::Replay;
use crate::text::sanitize;

/// The viewer on the save file at `path`, or why it cannot be replayed: the save layer's
/// message, or that the file holds a dice game.
pub fn open(path: &Path) -> Result<Replay, String> {
    let shown = sanitize(&path.display().to_string()).into_owned();
    let dice =
        || format!("{shown} is a dice game: the replay viewer steps through card games only");
    let record = match save::read(path) {
        Ok(record) => record,
        Err(_) if is_dice_save(path) => return Err(dice()),
        Err(e) => return Err(format!("the saved game {shown} cannot be replayed: {e}")),
    };
    if is_dice_ruleset(record.ruleset.origin.as_str(), &record.ruleset.toml) {
        return Err(dice());
    }
    Replay::new(record, &shown).map_err(|e| format!("{shown}: {e}"))
}

/// Whether the file at `path` looks like a saved dice game ([`is_dice_ruleset`]), read
/// when the save layer cannot read it as a card game.
fn is_dice_save(path: &Path) -> bool {
    let small = std::fs::metadata(path).is_ok_and(|m| m.len() <= MAX_SAVE_BYTES);
    let Some(text) = small.then(|| std::fs::read_to_string(path).ok()).flatten() else {
        return false;
    };
    let Ok(outer) = serde_json::from_str::<Value>(&text) else {
        return false;
    };
    let ruleset = &outer["game"]["ruleset"];
    is_dice_ruleset(
        ruleset["origin"].as_str().unwrap_or_default(),
        ruleset["toml"].as_str().unwrap_or_default(),
    )
}

/// Whether a saved game's ruleset is the dice game's: the built-in `dice`, or a ruleset
/// with `[[die]]` tables.
fn is_dice_ruleset(origin: &str, toml_text: &str) -> bool {
    origin == crate::game::DICE_VARIANT
        || toml::from_str::<toml::Table>(toml_text).is_ok_and(|t| t.contains_key("die"))
}

/// The running game in the data directory `data_dir`: the unfinished game played most
/// recently. Also returns a message for each file that could not be read there.
pub fn running_game(data_dir: &Path) -> (Result<PathBuf, String>, Vec<String>) {
    let (games, problems) = library::list(data_dir);
    let kept = match games.iter().filter(|g| g.game.finished).count() {
        1 => "1 finished game is kept there".to_string(),
        n => format!("{n} finished games are kept there"),
    };
    let running = games.into_iter().find(|g| !g.game.finished).map(|g| g.path);
    let found = running.ok_or_else(|| {
        format!(
            "no unfinished game in {} ({kept}; `bohnanza replay FILE` opens one)",
            sanitize(&library::games_dir(data_dir).display().to_string())
        )
    });
    (found, problems)
}
