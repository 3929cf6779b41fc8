//! A saved game played again through its own game's checks, so a file whose actions the
//! rules refuse is known as damaged before anything is resumed or exported from it.

use super::SavedGame;
use super::file::{SaveError, damaged};
use crate::game::{NewPlay, Play, Rules};

/// The start of `game`'s play: its rules, its table and its seed, as the protocol's `new`
/// would start it.
pub fn new_play(game: &SavedGame) -> NewPlay {
    NewPlay {
        players: game.names.len(),
        seed: game.seed,
        names: game.names.clone(),
        setup: None,
        position: game.position.clone(),
    }
}

/// The saved game's rules, or why they are no longer valid (the file is damaged).
pub fn rules(game: &SavedGame) -> Result<Rules, SaveError> {
    game.ruleset
        .rules()
        .map_err(|e| damaged(format!("its ruleset is not valid: {e}")))
}

/// Plays every saved action again through [`Play::act`], which checks each one before it
/// applies it; the first action refused makes the file damaged, and says which and why.
pub fn replay(game: &SavedGame) -> Result<Box<dyn Play>, SaveError> {
    let rules = rules(game)?;
    let mut play = rules
        .start(new_play(game))
        .map_err(|e| damaged(format!("its game cannot be set up: {e}")))?
        .play;
    for (i, action) in game.actions.iter().enumerate() {
        play.act(action)
            .map_err(|e| damaged(format!("action {} is refused: {e}", i + 1)))?;
    }
    if game.finished && play.outcome().is_none() {
        return Err(damaged(format!(
            "it says the game is over, but after its {} actions it is not",
            game.actions.len()
        )));
    }
    Ok(play)
}
