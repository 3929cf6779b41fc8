//! Positions are files: thousands of random positions in every built-in ruleset, each taken
//! from a game played with random legal actions, written in its wire form, read back and
//! loaded. The loaded game must be the same position, and must go on exactly as the
//! original with the same actions (so the shuffler's place in its stream is right too).

use std::mem::discriminant;
use std::sync::Arc;

use bohnanza::cards::{Action, GameState, IgnoreEvents, Position, Ruleset};
use bohnanza::protocol::Session;
use bohnanza::rulesets;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

/// Positions loaded and continued per built-in ruleset.
const POSITIONS: usize = 1000;
/// One position in this many is taken, loaded and continued.
const TAKE_ONE_IN: u64 = 4;
/// Actions played on from each loaded position, comparing after every one.
const CONTINUATION: usize = 12;
/// Enough for any game with the chooser below.
const MAX_ACTIONS: usize = 20_000;

struct Chooser(ChaCha8Rng);

impl Chooser {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }

    /// A random legal action of a random player who may act: first a kind of action, then
    /// one of that kind, so that the many possible offers do not drown ending the trading.
    fn action(&mut self, state: &GameState) -> Option<(usize, Action)> {
        let acting: Vec<(usize, Vec<Action>)> = (0..state.player_count())
            .map(|p| (p, state.legal_actions(p)))
            .filter(|(_, actions)| !actions.is_empty())
            .collect();
        if acting.is_empty() {
            return None;
        }
        let (player, actions) = &acting[self.below(acting.len())];
        let mut kinds: Vec<&Action> = Vec::new();
        for a in actions {
            if !kinds.iter().any(|k| discriminant(*k) == discriminant(a)) {
                kinds.push(a);
            }
        }
        let kind = discriminant(kinds[self.below(kinds.len())]);
        let of_kind: Vec<&Action> = actions
            .iter()
            .filter(|a| discriminant(*a) == kind)
            .collect();
        Some((*player, of_kind[self.below(of_kind.len())].clone()))
    }
}

/// The position through its wire form and back, loaded: must be the same position.
fn reload(ruleset: &Arc<Ruleset>, state: &GameState, case: &str) -> GameState {
    let position = state.position();
    let wire = serde_json::to_string(&position).expect("a position serializes");
    let read: Position = serde_json::from_str(&wire).expect("a position reads back");
    assert_eq!(read, position, "{case}: wire form round trip");
    let loaded = GameState::from_position(
        ruleset,
        state.player_count(),
        &read,
        u64::MAX,
        &mut IgnoreEvents,
    )
    .unwrap_or_else(|e| panic!("{case}: the position does not load: {e}\n{wire}"));
    assert_eq!(loaded.position(), position, "{case}: loaded position");
    loaded
}

/// Plays both games on with the same random actions, comparing events and positions after
/// every action.
fn continue_both(original: &GameState, loaded: &mut GameState, c: &mut Chooser, case: &str) {
    let mut original = original.clone();
    for step in 0..CONTINUATION {
        let Some((player, action)) = c.action(&original) else {
            assert!(original.is_over(), "{case}: nobody may act");
            assert!(loaded.legal_actions(0).is_empty());
            return;
        };
        let a = original.apply(player, &action).expect("a legal action");
        let b = loaded
            .apply(player, &action)
            .unwrap_or_else(|e| panic!("{case}, step {step}: {action:?} refused: {e}"));
        assert_eq!(a, b, "{case}, step {step}: events of {action:?}");
        assert_eq!(
            original.position(),
            loaded.position(),
            "{case}, step {step}: after {action:?}"
        );
    }
}

/// Plays games of `variant` (every player count in turn) until [`POSITIONS`] positions have
/// been loaded and continued; returns how many games that took.
fn positions_round_trip_in(variant: &str) -> usize {
    let ruleset = rulesets::load(variant).unwrap();
    let counts: Vec<usize> = ruleset.player_counts().collect();
    let mut taken = 0;
    let mut games = 0;
    while taken < POSITIONS || games < counts.len() {
        let players = counts[games % counts.len()];
        let seed = (games as u64) << 8 | players as u64;
        let mut c = Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x5eed));
        let mut state = GameState::new(&ruleset, players, seed).unwrap();
        for depth in 0..MAX_ACTIONS {
            let over = state.is_over();
            if over || c.0.next_u64().is_multiple_of(TAKE_ONE_IN) {
                let case = format!("{variant}, {players} players, seed {seed}, depth {depth}");
                let mut loaded = reload(&ruleset, &state, &case);
                continue_both(&state, &mut loaded, &mut c, &case);
                taken += 1;
            }
            if over {
                break;
            }
            let (player, action) = c.action(&state).expect("someone may act");
            state.apply(player, &action).expect("a legal action");
        }
        assert!(state.is_over(), "{variant}: the game ended");
        games += 1;
    }
    games
}

#[test]
fn every_built_in_ruleset_reloads_thousands_of_random_positions() {
    for built_in in rulesets::BUILT_IN {
        let games = positions_round_trip_in(built_in.name);
        assert!(
            games >= 2,
            "{}: positions from {games} games",
            built_in.name
        );
    }
}

#[test]
fn the_shuffler_is_pinned_where_a_position_leaves_it() {
    // A reshuffle after loading must deal what the original deals: the shuffler's place is
    // part of the position. If this changes, saved positions stop continuing as they did.
    let ruleset = rulesets::load("base").unwrap();
    let state = GameState::new(&ruleset, 4, 42).unwrap();
    let at = state.position().shuffler.expect("the shuffler's place");
    assert_eq!((at.seed, at.words_used), (42, 103));
}

fn ask(session: &mut Session, request: &Value) -> Value {
    serde_json::from_str(&session.handle_line(&request.to_string())).unwrap()
}

#[test]
fn state_then_new_then_state_is_the_same_reply_in_every_ruleset() {
    for built_in in rulesets::BUILT_IN {
        let ruleset = rulesets::load(built_in.name).unwrap();
        let players = ruleset.player_counts().last().unwrap();
        let mut original = Session::new();
        let new = json!({"new": {"variant": built_in.name, "players": players, "seed": 9}});
        ask(&mut original, &new);
        let mut c = Chooser(ChaCha8Rng::seed_from_u64(9));
        for _ in 0..60 {
            let state = original.state().unwrap();
            let Some((player, action)) = c.action(state) else {
                break;
            };
            let act = bohnanza::protocol::action_json(&ruleset, player, action);
            ask(&mut original, &json!({ "act": act }));
        }
        let state = ask(&mut original, &json!({"state": null}))["state"].clone();
        let mut copy = Session::new();
        let started = ask(
            &mut copy,
            &json!({"new": {"variant": built_in.name, "position": state}}),
        );
        assert!(started.get("started").is_some(), "{started}");
        let again = ask(&mut copy, &json!({"state": null}));
        assert_eq!(again["state"], state, "{}", built_in.name);
        assert_eq!(again["state"].to_string(), state.to_string());
    }
}

#[test]
fn the_worked_example_in_the_protocol_docs_replies_as_shown() {
    let mut s = Session::new();
    let started = ask(
        &mut s,
        &json!({"new": {"variant": "base", "players": 3, "seed": 4, "position": {
            "phase": "plant_traded",
            "players": [{"hand": ["Red"]}, {"hand": ["Green"], "set_aside": ["Soy", "Chili"]}, {}],
            "draw_pile_cards": ["Blue", "Blue", "Stink"]}}}),
    );
    assert_eq!(started["events"], json!([]), "{started}");
    let planted = ask(
        &mut s,
        &json!({"act": {"player": 1, "type": "plant_set_aside", "card": 0, "field": 0}}),
    );
    assert_eq!(
        planted,
        json!({"events": [{"planted": {"player": 1, "card": "Soy", "field": 0}}]})
    );
    let state = ask(&mut s, &json!({"state": null}))["state"].clone();
    let draw = state["draw_pile_cards"].as_array().unwrap();
    assert_eq!(draw[..3], [json!("Blue"), json!("Blue"), json!("Stink")]);
    assert_eq!(state["players"][1]["set_aside"], json!(["Chili"]));
}

#[test]
fn the_dice_game_starts_from_its_state_replys_position_through_the_same_key() {
    let mut original = Session::new();
    ask(
        &mut original,
        &json!({"new": {"variant": "dice", "players": 3, "seed": 2}}),
    );
    ask(
        &mut original,
        &json!({"act": {"player": 0, "type": "roll"}}),
    );
    let state = ask(&mut original, &json!({"state": null}))["state"].clone();
    let mut copy = Session::new();
    let new = json!({"new": {"variant": "dice", "seed": 2, "position": state["position"]}});
    let started = ask(&mut copy, &new);
    assert!(started.get("started").is_some(), "{started}");
    let names = json!(["Player 1", "Player 2", "Player 3"]);
    assert_eq!(started["started"]["names"], names);
    assert_eq!(ask(&mut copy, &json!({"state": null}))["state"], state);
    let save = json!({"act": {"player": 0, "type": "save", "dice": [0]}});
    assert_eq!(ask(&mut copy, &save), ask(&mut original, &save));
}

#[test]
fn a_hostile_turn_count_is_refused_before_it_can_overflow() {
    let mut s = Session::new();
    let new = json!({"new": {"players": 3, "position": {"phase": "trade", "turn": u32::MAX}}});
    let reply = ask(&mut s, &new);
    assert_eq!(reply["error"]["kind"], "position", "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("turn: ")
    );
}
