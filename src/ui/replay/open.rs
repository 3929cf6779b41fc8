//! `bohnanza replay FILE`: the viewer on a saved game, on the save's game.

use std::path::Path;

use crate::game::BotOptions;
use crate::rules::{Rules, WorkForGame};
use crate::store;
use crate::store::SavedGame;
use crate::text::sanitize;
use crate::ui::replay::{Replay, Replayed};
use crate::ui::screen::ReplayScreen;

/// The viewer on the save file at `path`, a game continued from it played by bots made with
/// the screen's options, or why it cannot be replayed.
pub fn open(path: &Path) -> Result<Box<dyn ReplayScreen>, String> {
    open_with(path, &crate::rules::screen_bot_options())
}

/// The viewer on the save file at `path`, on the save's game (a game continued from it has bots made with `options`), or why it cannot be
/// replayed: the save layer's message, or the action that does not replay.
pub fn open_with(path: &Path, options: &BotOptions) -> Result<Box<dyn ReplayScreen>, String> {
    let shown = sanitize(&path.display().to_string()).into_owned();
    let why = |e: String| format!("the saved game {shown} cannot be replayed: {e}");
    let record = store::read(path).map_err(|e| why(e.to_string()))?;
    let rules = record.ruleset.clone();
    Rules::meant_for(&rules.origin, &rules.toml, Open(record, &shown, options))
        .map_err(|e| format!("{shown}: {e}"))
}

/// The viewer on a save (read from the file named second) as the game it was meant for,
/// picked by [`Rules::meant_for`] as a resumed game's table is; a game continued from it
/// has bots made with the options.
struct Open<'a>(SavedGame, &'a str, &'a BotOptions);

impl<G: Replayed> WorkForGame<G> for Open<'_> {
    type Output = Result<Box<dyn ReplayScreen>, String>;
    fn pick(self) -> Self::Output {
        let mut replay = Replay::<G>::new(self.0, self.1)?;
        replay.bot_options = *self.2;
        Ok(replay.into())
    }
}
