//! A card game as a [`Play`].

use std::any::Any;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Value, json};

use crate::engine::{EventSink, GameState, Position, Ruleset, Setup};

use super::card_wire::{
    beans_in_play_json, check_offer_size, error_kind, events_json, hide_from, legal_json,
    parse_action, view_json,
};
use super::play::{NewPlay, Play, PlayError, PlayOutcome, Started};

/// One play of a card game: the engine's state with the table's names and the seed.
#[derive(Clone)]
pub struct CardPlay {
    state: GameState,
    names: Vec<String>,
    seed: u64,
}

impl CardPlay {
    /// Deals a new game of `ruleset`, or starts one at the position `new.position` gives
    /// (or the older `new.setup`). The engine checks the number of players (and every
    /// number in a position) before it builds anything.
    pub fn start(ruleset: &Arc<Ruleset>, new: NewPlay) -> Result<Started, PlayError> {
        let mut events = Vec::new();
        let state = match (&new.setup, &new.position) {
            (None, None) => GameState::new_with_events(ruleset, new.players, new.seed, &mut events)
                .map_err(|e| PlayError::new("players", e))?,
            (Some(value), _) => {
                let setup: Setup = serde_json::from_value(value.clone())
                    .map_err(|e| PlayError::new("bad_request", e))?;
                GameState::from_setup(ruleset, new.players, &setup, new.seed, &mut events)
                    .map_err(|e| PlayError::new("setup", e))?
            }
            (None, Some(value)) => load_position(ruleset, &new, value, &mut events)?,
        };
        let started = json!({
            "game": "cards",
            "ruleset": ruleset.name,
            "title": ruleset.title,
            "players": new.players,
            "names": new.names,
            "seed": new.seed,
            "bean_fields": state.table().bean_fields,
            "beans": beans_in_play_json(ruleset, new.players),
        });
        let events = events_json(ruleset, events);
        let play = CardPlay {
            state,
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
    pub fn state(&self) -> &GameState {
        &self.state
    }
}

impl Play for CardPlay {
    fn player_count(&self) -> usize {
        self.state.player_count()
    }

    fn names(&self) -> &[String] {
        &self.names
    }

    fn acting(&self) -> Vec<usize> {
        if self.state.is_over() {
            return Vec::new();
        }
        (0..self.player_count())
            .filter(|&p| !self.state.legal_actions(p).is_empty())
            .collect()
    }

    fn legal(&self, player: usize) -> Value {
        legal_json(
            self.state.ruleset(),
            player,
            self.state.legal_actions(player),
        )
    }

    fn act(&mut self, action: Value) -> Result<Vec<Value>, PlayError> {
        let ruleset = Arc::clone(self.state.ruleset());
        let (player, action) = parse_action(&ruleset, action)?;
        check_offer_size(&self.state, &action)?;
        if player >= self.player_count() {
            return Err(no_such_player(player, self.player_count()));
        }
        match self.state.apply(player, &action) {
            Ok(events) => Ok(events_json(&ruleset, events)),
            Err(e) => Err(PlayError::new(&error_kind(&e), e)),
        }
    }

    fn view(&self, player: usize) -> Value {
        view_json(self.state.ruleset(), &self.names, &self.state.view(player))
    }

    /// The whole position: loaded again with `new`'s `position`, it starts this game anew.
    fn state(&self) -> Value {
        let mut position = self.state.position();
        for (seat, name) in position.players.iter_mut().zip(&self.names) {
            seat.name = Some(name.clone());
        }
        position.seed = Some(self.seed);
        serde_json::to_value(position).unwrap_or(Value::Null)
    }

    fn events_seen_by(&self, mut events: Vec<Value>, viewer: usize) -> Vec<Value> {
        if !self.state.ruleset().open_hands {
            for event in &mut events {
                hide_from(viewer, event);
            }
        }
        events
    }

    fn outcome(&self) -> Option<PlayOutcome> {
        self.state.outcome().map(|o| PlayOutcome {
            scores: o.coins.clone(),
            winners: o.winners.clone(),
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn fork(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }
}

/// Reads and loads the position `value`, after checking that its seed and names agree with
/// the request's.
fn load_position(
    ruleset: &Arc<Ruleset>,
    new: &NewPlay,
    value: &Value,
    events: &mut impl EventSink,
) -> Result<GameState, PlayError> {
    let refuse = |message: String| PlayError::new("position", message);
    let position = Position::deserialize(value).map_err(|e| refuse(e.to_string()))?;
    position
        .check_table(&new.names, new.seed)
        .map_err(|e| refuse(e.to_string()))?;
    GameState::from_position(ruleset, new.players, &position, new.seed, events)
        .map_err(|e| refuse(e.to_string()))
}

/// The error for a seat the table does not have.
pub fn no_such_player(player: usize, players: usize) -> PlayError {
    PlayError::new(
        "no_such_player",
        format!(
            "there is no player {player}: players are numbered 0 to {}",
            players - 1
        ),
    )
}
