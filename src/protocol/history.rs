//! The session's history of one game, for `{"undo": null}`.
//!
//! As in boardgame.io, the log is the source of undo: no action has an inverse written
//! for it. The history keeps the play as it was where the history begins and every action
//! accepted since, and takes the last one back by replaying all the others from there. A
//! game's randomness lives in its state (the seed), so the replay deals, turns over and
//! rolls exactly as the game did.
//!
//! The card games have no limit on the offers made and withdrawn in a turn, so a game has
//! no natural bound on its length: the history holds at most [`MAX_UNDO_ACTIONS`] actions,
//! and beyond that the oldest is played into the starting point, where it can no longer be
//! taken back.

use std::collections::VecDeque;

use serde_json::Value;

use crate::game::{Play, PlayError};

/// How many of the last accepted actions undo can take back, one after another: many
/// times what a game played to its end takes (a few hundred to a few thousand), so only a
/// client that offers and withdraws without end reaches it.
pub const MAX_UNDO_ACTIONS: usize = 10_000;

/// The accepted actions of the game in progress, and the play they start from.
pub struct History {
    start: Box<dyn Play>,
    actions: VecDeque<Value>,
    /// Whether actions were played into `start` (so the deal is out of undo's reach).
    folded: bool,
}

impl History {
    /// The history of a game that begins at `start` (a copy of the play just started).
    pub fn new(start: Box<dyn Play>) -> History {
        History {
            start,
            actions: VecDeque::new(),
            folded: false,
        }
    }

    /// How many actions undo can take back now.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether nothing can be taken back.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// Notes an action the game in progress (`now`, after it) has just accepted.
    pub fn record(&mut self, action: Value, now: &dyn Play) {
        self.actions.push_back(action);
        if self.actions.len() <= MAX_UNDO_ACTIONS {
            return;
        }
        self.folded = true;
        let oldest = self.actions.pop_front();
        if oldest.is_some_and(|a| self.start.act(a).is_err()) {
            // Replaying an accepted action from the same state cannot fail; should it all
            // the same, the history starts again here rather than ever rebuild wrongly.
            self.start = now.fork();
            self.actions.clear();
        }
    }

    /// Takes back the last action: the play as it was before it, and the action as it was
    /// sent. Nothing changes on error.
    pub fn undo(&mut self) -> Result<(Box<dyn Play>, Value), PlayError> {
        let Some(undone) = self.actions.back().cloned() else {
            return Err(self.nothing_to_undo());
        };
        let mut play = self.start.fork();
        let kept = self.actions.len() - 1;
        for (i, action) in self.actions.iter().take(kept).enumerate() {
            play.act(action.clone()).map_err(|e| {
                PlayError::new(
                    "undo",
                    format!(
                        "the game does not replay: its action {} was refused: {e}",
                        i + 1
                    ),
                )
            })?;
        }
        self.actions.pop_back();
        Ok((play, undone))
    }

    fn nothing_to_undo(&self) -> PlayError {
        let message = if self.folded {
            format!(
                "nothing more to take back: undo reaches back {MAX_UNDO_ACTIONS} actions, and they have all been taken back"
            )
        } else {
            "nothing to take back: no action has been accepted since the game began".to_string()
        };
        PlayError::new("nothing_to_undo", message)
    }
}
