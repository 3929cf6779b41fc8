//! The dice game (`crate::dice`) through the seam: [`Dice`].

use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::dice::{
    DiceAction, DiceError, DiceEvent, DiceOutcome, DicePosition, DiceRuleset, DiceState, DiceView,
    NewDiceGameError, SavedDiceGame,
};

use super::wire::{action_json, parse_action, pieces_json, to_json};
use crate::game::play::{NewPlay, PlayError, PlayOutcome};
use crate::game::{Begun, Game, Wire};

/// Bohnanza — Das Würfelspiel.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Dice;

impl Game for Dice {
    type Rules = DiceRuleset;
    type State = DiceState;
    type Action = DiceAction;
    type Event = DiceEvent;
    type View = DiceView;
    type Error = DiceError;
    type SetupError = NewDiceGameError;
    type Outcome = DiceOutcome;

    fn rules_name(rules: &DiceRuleset) -> &str {
        &rules.name
    }

    fn player_counts(rules: &DiceRuleset) -> Vec<usize> {
        rules.player_counts.clone()
    }

    /// The dice game deals nothing: its start has no events.
    fn deal(
        rules: &Arc<DiceRuleset>,
        players: usize,
        seed: u64,
    ) -> Result<Begun<Dice>, NewDiceGameError> {
        Ok(Begun {
            state: DiceState::new(rules, players, seed)?,
            events: Vec::new(),
        })
    }

    fn rules(state: &DiceState) -> &Arc<DiceRuleset> {
        state.ruleset()
    }

    fn player_count(state: &DiceState) -> usize {
        state.player_count()
    }

    fn active(state: &DiceState) -> usize {
        state.active()
    }

    /// The active player, and anyone who may harvest besides.
    fn acting(state: &DiceState) -> Vec<usize> {
        state.acting_players()
    }

    fn legal_actions(state: &DiceState, player: usize) -> Vec<DiceAction> {
        state.legal_actions(player)
    }

    fn apply(
        state: &mut DiceState,
        player: usize,
        action: &DiceAction,
    ) -> Result<Vec<DiceEvent>, DiceError> {
        state.apply(player, action)
    }

    /// Nothing in the dice game is secret: every player sees the whole table.
    fn view(state: &DiceState, _player: usize) -> DiceView {
        state.view()
    }

    fn outcome(state: &DiceState) -> Option<DiceOutcome> {
        state.outcome()
    }

    fn standing(outcome: &DiceOutcome) -> PlayOutcome {
        PlayOutcome {
            scores: outcome.dollars.clone(),
            winners: outcome.winners.clone(),
        }
    }

    /// Dice rolled, and harvest cards drawn from the deck or shuffled into a new one.
    fn reveals(event: &DiceEvent) -> bool {
        matches!(
            event,
            DiceEvent::Rolled { .. } | DiceEvent::Harvested { .. } | DiceEvent::DeckRenewed { .. }
        )
    }
}

impl Wire for Dice {
    const KIND: &'static str = "dice";

    fn title(rules: &DiceRuleset) -> &str {
        &rules.title
    }

    /// Deals a new dice game, or sets one up at the position `new.position` (or
    /// `new.setup`) gives (the shape of the `position` in a `state` reply), after checking
    /// it.
    fn begin(rules: &Arc<DiceRuleset>, new: &NewPlay) -> Result<Begun<Dice>, PlayError> {
        // Errors are of the kind of the key the position came in.
        let kind = if new.position.is_some() {
            "position"
        } else {
            "setup"
        };
        let state = match new.position.as_ref().or(new.setup.as_ref()) {
            None => DiceState::new(rules, new.players, new.seed)
                .map_err(|e| PlayError::new("players", e))?,
            Some(value) => {
                let position: DicePosition =
                    serde_json::from_value(value.clone()).map_err(|e| PlayError::new(kind, e))?;
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
                DiceState::from_position(rules, position).map_err(|e| PlayError::new(kind, e))?
            }
        };
        Ok(Begun {
            state,
            events: Vec::new(),
        })
    }

    fn pieces_json(state: &DiceState, _new: &NewPlay) -> Map<String, Value> {
        pieces_json(state.ruleset())
    }

    fn read_action(_state: &DiceState, value: Value) -> Result<(usize, DiceAction), PlayError> {
        parse_action(value)
    }

    fn action_json(_state: &DiceState, player: usize, action: &DiceAction) -> Value {
        action_json(player, action)
    }

    fn events_json(_state: &DiceState, events: &[DiceEvent]) -> Vec<Value> {
        events.iter().map(to_json).collect()
    }

    fn legal_json(state: &DiceState, player: usize) -> Value {
        let actions: Vec<Value> = state
            .legal_actions(player)
            .iter()
            .map(|a| action_json(player, a))
            .collect();
        json!({ "legal": actions })
    }

    fn view_json(state: &DiceState, names: &[String], player: usize) -> Value {
        let mut view = to_json(&state.view());
        view["viewer"] = json!(player);
        view["names"] = json!(names);
        view
    }

    fn state_json(state: &DiceState, names: &[String], seed: u64) -> Value {
        let mut json = to_json(&state.view());
        json["names"] = json!(names);
        json["seed"] = json!(seed);
        json["position"] = to_json(&SavedDiceGame::from(state.clone()).position);
        json
    }
}
