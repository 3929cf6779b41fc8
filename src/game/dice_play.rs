//! The dice game as a [`Play`].

use std::any::Any;
use std::sync::Arc;

use serde_json::{Value, json};

use crate::dice::{DicePosition, DiceRuleset, DiceState, SavedDiceGame};

use super::card_play::no_such_player;
use super::dice_wire::{action_json, parse_action, pieces_json, rule_error, to_json};
use super::play::{NewPlay, Play, PlayError, PlayOutcome, Started};

/// One play of the dice game: the engine's state with the table's names and the seed.
#[derive(Clone)]
pub struct DicePlay {
    state: DiceState,
    names: Vec<String>,
    seed: u64,
}

impl DicePlay {
    /// Deals a new dice game, or sets one up at the position `new.position` (or `new.setup`)
    /// gives (the shape of the `position` in a `state` reply), after checking it.
    pub fn start(ruleset: &Arc<DiceRuleset>, new: NewPlay) -> Result<Started, PlayError> {
        // Errors are of the kind of the key the position came in.
        let kind = if new.position.is_some() {
            "position"
        } else {
            "setup"
        };
        let state = match new.position.or(new.setup) {
            None => DiceState::new(ruleset, new.players, new.seed)
                .map_err(|e| PlayError::new("players", e))?,
            Some(value) => {
                let position: DicePosition =
                    serde_json::from_value(value).map_err(|e| PlayError::new(kind, e))?;
                if position.players.len() != new.players {
                    return Err(PlayError::new(
                        kind,
                        format!(
                            "players: the position seats {} players, not {}",
                            position.players.len(),
                            new.players
                        ),
                    ));
                }
                DiceState::from_position(ruleset, position).map_err(|e| PlayError::new(kind, e))?
            }
        };
        let mut started = json!({
            "game": "dice",
            "ruleset": ruleset.name,
            "title": ruleset.title,
            "players": new.players,
            "names": new.names,
            "seed": new.seed,
        });
        if let (Value::Object(s), Value::Object(pieces)) = (&mut started, pieces_json(ruleset)) {
            s.extend(pieces);
        }
        let play = DicePlay {
            state,
            names: new.names,
            seed: new.seed,
        };
        Ok(Started {
            play: Box::new(play),
            started,
            events: Vec::new(),
        })
    }

    /// The engine's state.
    pub fn state(&self) -> &DiceState {
        &self.state
    }
}

impl Play for DicePlay {
    fn player_count(&self) -> usize {
        self.state.player_count()
    }

    fn names(&self) -> &[String] {
        &self.names
    }

    fn acting(&self) -> Vec<usize> {
        self.state.acting_players()
    }

    fn legal(&self, player: usize) -> Value {
        let actions: Vec<Value> = self
            .state
            .legal_actions(player)
            .iter()
            .map(|a| action_json(player, a))
            .collect();
        json!({ "legal": actions })
    }

    fn act(&mut self, action: Value) -> Result<Vec<Value>, PlayError> {
        let (player, action) = parse_action(action)?;
        if player >= self.player_count() {
            return Err(no_such_player(player, self.player_count()));
        }
        let events = self
            .state
            .apply(player, &action)
            .map_err(|e| rule_error(&e))?;
        Ok(events.iter().map(to_json).collect())
    }

    /// Nothing in the dice game is secret: every player sees the whole table.
    fn view(&self, player: usize) -> Value {
        let mut view = to_json(&self.state.view());
        view["viewer"] = json!(player);
        view["names"] = json!(self.names);
        view
    }

    fn state(&self) -> Value {
        let mut state = to_json(&self.state.view());
        state["names"] = json!(self.names);
        state["seed"] = json!(self.seed);
        state["position"] = to_json(&SavedDiceGame::from(self.state.clone()).position);
        state
    }

    fn outcome(&self) -> Option<PlayOutcome> {
        self.state.outcome().map(|o| PlayOutcome {
            scores: o.dollars,
            winners: o.winners,
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn fork(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }
}
