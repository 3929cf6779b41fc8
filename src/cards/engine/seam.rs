//! The card games (`crate::cards`) through the seam: [`Cards`].

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::cards::{
    Action, Event, EventSink, GameState, NewGameError, Outcome, PlayerView, Position, RuleError,
    Ruleset, Setup,
};

use super::wire::{
    beans_in_play_json, check_offer_size, events_json, hide_from, legal_json, parse_action,
    view_json,
};
use crate::game::play::{NewPlay, PlayError, PlayOutcome};
use crate::game::{Begun, Game, Wire};

/// The card games: the base game, the Expansion, My First Bohnanza, the classic rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cards;

impl Game for Cards {
    type Rules = Ruleset;
    type State = GameState;
    type Action = Action;
    type Event = Event;
    type View = PlayerView;
    type Error = RuleError;
    type SetupError = NewGameError;
    type Outcome = Outcome;

    fn rules_name(rules: &Ruleset) -> &str {
        &rules.name
    }

    fn player_counts(rules: &Ruleset) -> Vec<usize> {
        rules.player_counts().collect()
    }

    fn deal(rules: &Arc<Ruleset>, players: usize, seed: u64) -> Result<Begun<Cards>, NewGameError> {
        let mut events = Vec::new();
        let state = GameState::new_with_events(rules, players, seed, &mut events)?;
        Ok(Begun { state, events })
    }

    fn rules(state: &GameState) -> &Arc<Ruleset> {
        state.ruleset()
    }

    fn player_count(state: &GameState) -> usize {
        state.player_count()
    }

    fn active(state: &GameState) -> usize {
        state.active_player()
    }

    fn acting(state: &GameState) -> Vec<usize> {
        if state.is_over() {
            return Vec::new();
        }
        (0..state.player_count())
            .filter(|&p| !state.legal_actions(p).is_empty())
            .collect()
    }

    fn legal_actions(state: &GameState, player: usize) -> Vec<Action> {
        state.legal_actions(player)
    }

    fn apply(
        state: &mut GameState,
        player: usize,
        action: &Action,
    ) -> Result<Vec<Event>, RuleError> {
        state.apply(player, action)
    }

    fn view(state: &GameState, player: usize) -> PlayerView {
        state.view(player)
    }

    fn outcome(state: &GameState) -> Option<Outcome> {
        state.outcome().cloned()
    }

    fn standing(outcome: &Outcome) -> PlayOutcome {
        PlayOutcome {
            scores: outcome.coins.clone(),
            winners: outcome.winners.clone(),
        }
    }

    /// Cards dealt, drawn or turned over, and an order card drawn or laid out from a hand
    /// (cards moved in a trade were named aloud in the offer, and fields are public).
    fn reveals(event: &Event) -> bool {
        matches!(
            event,
            Event::TurnedOver { .. }
                | Event::Drew { .. }
                | Event::DrewOrder { .. }
                | Event::OrderLaidOut { .. }
                | Event::Dealt { .. }
        )
    }
}

impl Wire for Cards {
    const KIND: &'static str = "cards";

    fn title(rules: &Ruleset) -> &str {
        &rules.title
    }

    /// Deals a new game, or starts one at the position `new.position` gives (or the older
    /// `new.setup`). The engine checks the number of players (and every number in a
    /// position) before it builds anything.
    fn begin(rules: &Arc<Ruleset>, new: &NewPlay) -> Result<Begun<Cards>, PlayError> {
        let mut events = Vec::new();
        let state = match (&new.setup, &new.position) {
            (None, None) => GameState::new_with_events(rules, new.players, new.seed, &mut events)
                .map_err(|e| PlayError::new("players", e))?,
            (Some(value), _) => {
                let setup: Setup = serde_json::from_value(value.clone())
                    .map_err(|e| PlayError::new("bad_request", e))?;
                GameState::from_setup(rules, new.players, &setup, new.seed, &mut events)
                    .map_err(|e| PlayError::new("setup", e))?
            }
            (None, Some(value)) => load_position(rules, new, value, &mut events)?,
        };
        Ok(Begun { state, events })
    }

    /// Each player's bean fields, and the bean kinds in play with their cards and
    /// beanometers.
    fn pieces_json(state: &GameState, new: &NewPlay) -> Map<String, Value> {
        let mut pieces = Map::new();
        pieces.insert("bean_fields".into(), json!(state.table().bean_fields));
        let beans = beans_in_play_json(state.ruleset(), new.players);
        pieces.insert("beans".into(), beans);
        pieces
    }

    /// Reads the action and refuses an offer longer than the game has cards.
    fn read_action(state: &GameState, value: Value) -> Result<(usize, Action), PlayError> {
        let (player, action) = parse_action(state.ruleset(), value)?;
        check_offer_size(state, &action)?;
        Ok((player, action))
    }

    fn action_json(state: &GameState, player: usize, action: &Action) -> Value {
        super::wire::action_json(state.ruleset(), player, action.clone())
    }

    fn events_json(state: &GameState, events: &[Event]) -> Vec<Value> {
        events_json(state.ruleset(), events.to_vec())
    }

    fn legal_json(state: &GameState, player: usize) -> Value {
        legal_json(state.ruleset(), player, state.legal_actions(player))
    }

    fn view_json(state: &GameState, names: &[String], player: usize) -> Value {
        view_json(state.ruleset(), names, &state.view(player))
    }

    /// The whole position: loaded again with `new`'s `position`, it starts this game anew.
    fn state_json(state: &GameState, names: &[String], seed: u64) -> Value {
        let mut position = state.position();
        for (seat, name) in position.players.iter_mut().zip(names) {
            seat.name = Some(name.clone());
        }
        position.seed = Some(seed);
        serde_json::to_value(position).unwrap_or(Value::Null)
    }

    /// Another player's dealt or drawn cards keep their place but lose their kind, unless
    /// the rules play with open hands.
    fn events_seen_by(state: &GameState, mut events: Vec<Value>, viewer: usize) -> Vec<Value> {
        if !state.ruleset().open_hands {
            for event in &mut events {
                hide_from(viewer, event);
            }
        }
        events
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
