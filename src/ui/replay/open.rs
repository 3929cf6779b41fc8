//! `bohnanza replay FILE`: the viewer on a saved game, on the save's game.

use std::path::Path;

use crate::bots::BotOptions;
use crate::store;
use crate::text::sanitize;
use crate::ui::screen::{ReplayScreen, screens_of};

/// The viewer on the save file at `path`, a game continued from it played by bots made with
/// the screen's options, or why it cannot be replayed.
pub fn open(path: &Path) -> Result<Box<dyn ReplayScreen>, String> {
    open_with(path, &crate::ui::screen_bot_options())
}

/// The viewer on the save file at `path`, on the save's game (a game continued from it has bots made with `options`), or why it cannot be
/// replayed: the save layer's message, or the action that does not replay.
pub fn open_with(path: &Path, options: &BotOptions) -> Result<Box<dyn ReplayScreen>, String> {
    let shown = sanitize(&path.display().to_string()).into_owned();
    let why = |e: String| format!("the saved game {shown} cannot be replayed: {e}");
    let record = store::read(path).map_err(|e| why(e.to_string()))?;
    screens_of(&record)
        .replay(record, &shown, options)
        .map_err(|e| format!("{shown}: {e}"))
}
