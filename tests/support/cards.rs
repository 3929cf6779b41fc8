//! Helpers shared by the engine's integration tests.

use std::sync::Arc;

use bohnanza::cards::{Action, BeanKind, CardRef, Event, GameState, Ruleset, Setup};
use bohnanza::rulesets;

/// The built-in base game.
pub fn base() -> Arc<Ruleset> {
    rulesets::load("base").expect("the base ruleset is valid")
}

/// Every built-in ruleset.
pub fn every_ruleset() -> Vec<Arc<Ruleset>> {
    rulesets::BUILT_IN
        .iter()
        .map(|b| rulesets::load(b.name).expect("built-in rulesets are valid"))
        .collect()
}

/// A base game of `players` players started from a setup written as JSON.
pub fn game(players: usize, setup: serde_json::Value) -> GameState {
    let setup: Setup = serde_json::from_value(setup).expect("setup JSON");
    GameState::from_setup(&base(), players, &setup, 7, &mut Vec::new()).expect("valid setup")
}

/// The kind called `name` in the base game.
pub fn k(name: &str) -> BeanKind {
    base().kind_named(name).expect("known bean")
}

/// The kinds called `names`.
pub fn ks(names: &[&str]) -> Vec<BeanKind> {
    names.iter().map(|n| k(n)).collect()
}

/// Applies an action that must be legal.
pub fn play(state: &mut GameState, player: usize, action: Action) -> Vec<Event> {
    match state.apply(player, &action) {
        Ok(events) => events,
        Err(e) => panic!("player {player} could not {action:?}: {e}"),
    }
}

/// Applies an action that must be refused, checks the state is unchanged, and returns the message.
pub fn refuse(state: &mut GameState, player: usize, action: Action) -> bohnanza::cards::RuleError {
    let before = state.clone();
    let err = state
        .apply(player, &action)
        .expect_err("the rules should refuse this");
    assert_eq!(*state, before, "a refused action changed the state");
    err
}

/// A player's hand, front first.
pub fn hand(state: &GameState, player: usize) -> Vec<BeanKind> {
    state.player(player).hand().iter().collect()
}

/// A player's fields as (kind name, count), "" for empty.
pub fn fields(state: &GameState, player: usize) -> Vec<(String, u32)> {
    state
        .player(player)
        .fields()
        .iter()
        .map(|f| {
            (
                f.kind()
                    .map(|k| state.ruleset().bean(k).name.clone())
                    .unwrap_or_default(),
                f.count(),
            )
        })
        .collect()
}

pub fn propose(to: usize, give: Vec<CardRef>, want: &[&str]) -> Action {
    Action::Propose {
        to,
        give: give.into(),
        want: ks(want).into(),
    }
}
