//! A saved game played again through its own game's checks, so a file whose actions the
//! rules refuse is known as damaged before anything is resumed or exported from it.

use std::sync::Arc;

use super::SavedGame;
use super::file::{SaveError, damaged};
use crate::game::{NewPlay, PlayOutcome, SimulatedGame, Tape, Wire};
use crate::rules::{Rules, WorkWithRules};

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

/// Where a saved game stands once replayed: whose turn it is, and how it ended if it is
/// over.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SaveStatus {
    /// The active player.
    pub active: usize,
    /// The scores and winners, once the game is over.
    pub outcome: Option<PlayOutcome>,
}

/// Plays every saved action again through the rules of the saved game, whichever game it
/// is ([`tape`]); the first action refused makes the file damaged, and says which and why.
pub fn replay(game: &SavedGame) -> Result<SaveStatus, SaveError> {
    struct Check<'a>(&'a SavedGame);
    impl<G: Wire + SimulatedGame> WorkWithRules<G> for Check<'_> {
        type Output = Result<SaveStatus, SaveError>;
        fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
            let tape = tape::<G>(rules, self.0)?;
            Ok(SaveStatus {
                active: G::active(tape.now()),
                outcome: G::outcome(tape.now()).map(|o| G::standing(&o)),
            })
        }
    }
    rules(game)?.dispatch(Check(game))
}

/// The saved game `game` of `rules` on a tape: set up as saved, and every action read and
/// checked by the rules before it is played. The file is damaged if one cannot be read or
/// is refused, or if it says the game is over when the actions do not end it.
pub fn tape<G: Wire>(rules: &Arc<G::Rules>, game: &SavedGame) -> Result<Tape<G>, SaveError> {
    let begun = G::begin(rules, &new_play(game))
        .map_err(|e| damaged(format!("its game cannot be set up: {e}")))?;
    let mut tape = Tape::<G>::new(begun.state);
    for (i, wire) in game.actions.iter().enumerate() {
        let refused = |e| damaged(format!("action {} is refused: {e}", i + 1));
        let (player, action) = G::parse_action(tape.now(), wire).map_err(refused)?;
        tape.play(player, action)
            .map_err(|e| refused(G::refusal(&e)))?;
    }
    if game.finished && G::outcome(tape.now()).is_none() {
        return Err(damaged(format!(
            "it says the game is over, but after its {} actions it is not",
            game.actions.len()
        )));
    }
    Ok(tape)
}
