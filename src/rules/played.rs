//! [`Played`]: one play of any [`Wire`] game as a [`Play`], written once for both games,
//! with undo from its [`Tape`].
//!
//! The card games have no limit on the offers made and withdrawn in a turn, so a game has
//! no natural bound on its length: undo reaches back at most [`MAX_UNDO_ACTIONS`] actions,
//! and beyond that the oldest is played into the tape's start, where it can no longer be
//! taken back.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::Arc;

use serde_json::Value;

use crate::coach::{Coached, hint_json};
use crate::game::{Game, NewPlay, Play, PlayError, PlayOutcome, Started, Tape, Wire};

/// How many of the last accepted actions undo can take back, one after another: many
/// times what a game played to its end takes (a few hundred to a few thousand), so only a
/// client that offers and withdraws without end reaches it.
pub const MAX_UNDO_ACTIONS: usize = 10_000;

/// One play of a game: its tape (the game now, and the actions undo may take back) with
/// the table's names and the seed.
pub struct Played<G: Game> {
    tape: Tape<G>,
    /// The tape's actions as they were sent, which undo repeats.
    sent: VecDeque<Value>,
    names: Vec<String>,
    seed: u64,
}

impl<G: Wire + Coached> Played<G> {
    /// Starts a play of `rules` as the protocol's `new` asks.
    pub fn start(rules: &Arc<G::Rules>, new: NewPlay) -> Result<Started, PlayError> {
        let (begun, started) = G::start(rules, &new)?;
        let events = G::events_json(&begun.state, &begun.events);
        let play = Played::<G> {
            tape: Tape::new(begun.state),
            sent: VecDeque::new(),
            names: new.names,
            seed: new.seed,
        };
        Ok(Started {
            play: Box::new(play),
            started,
            events,
        })
    }

    /// The engine's state.
    pub fn state(&self) -> &G::State {
        self.tape.now()
    }

    fn nothing_to_undo(&self) -> PlayError {
        let message = if self.tape.forgot_any() {
            format!(
                "nothing more to take back: undo reaches back {MAX_UNDO_ACTIONS} actions, and they have all been taken back"
            )
        } else {
            "nothing to take back: no action has been accepted since the game began".to_string()
        };
        PlayError::new("nothing_to_undo", message)
    }
}

impl<G: Wire + Coached> Play for Played<G> {
    fn player_count(&self) -> usize {
        G::player_count(self.tape.now())
    }

    fn acting(&self) -> Vec<usize> {
        G::acting(self.tape.now())
    }

    fn legal(&self, player: usize) -> Value {
        G::legal_json(self.tape.now(), player)
    }

    fn act(&mut self, sent: Value) -> Result<Vec<Value>, PlayError> {
        let (player, action) = G::parse_action(self.tape.now(), sent.clone())?;
        let events = self.tape.play(player, action).map_err(|e| G::refusal(&e))?;
        self.sent.push_back(sent);
        if self.tape.len() > MAX_UNDO_ACTIONS {
            self.tape.forget_oldest();
            self.sent.pop_front();
        }
        Ok(G::events_json(self.tape.now(), &events))
    }

    fn undo(&mut self) -> Result<Value, PlayError> {
        let Some(undone) = self.sent.pop_back() else {
            return Err(self.nothing_to_undo());
        };
        self.tape.cut(self.tape.len() - 1);
        Ok(undone)
    }

    fn view(&self, player: usize) -> Value {
        G::view_json(self.tape.now(), &self.names, player)
    }

    fn state(&self) -> Value {
        G::state_json(self.tape.now(), &self.names, self.seed)
    }

    fn events_seen_by(&self, events: Vec<Value>, viewer: usize) -> Vec<Value> {
        G::events_seen_by(self.tape.now(), events, viewer)
    }

    /// Seeded by the game's seed and the actions so far, so the same request at the same
    /// moment gives the same hint (the seed only draws deals among cards the player cannot
    /// see).
    fn hint(&self, player: usize, samples: u32) -> Value {
        let seed = self.seed ^ (self.tape.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        hint_json::<G>(&self.tape, &self.names, player, seed, samples)
    }

    fn outcome(&self) -> Option<PlayOutcome> {
        G::outcome(self.tape.now()).map(|o| G::standing(&o))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
