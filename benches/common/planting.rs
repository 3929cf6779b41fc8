//! The engine benchmark's planting game, shared by `benches/engine.rs` (criterion) and
//! `examples/planting_speed.rs` (the floor ratio, `benches/floor_ratio.sh`), so both time
//! exactly the same policy: the floor's `SAME=1` policy (`../shared/floor`), choice for choice.
//!
//! The policy only reads the state through borrowed views (a player's fields, the hand's
//! front card, the set-aside cards) and asks for the fields it may harvest in one question
//! (`GameState::harvest_choices`), so what it costs is the choosing, not the asking. Each
//! game is dealt in the storage of the one before (`GameState::deal_again`), as the floor
//! builds each of its games in place without allocating.

use bohnanza::engine::{Action, BeanKind, Field, GameState, IgnoreEvents, Phase};

/// The field for `card`: the first one already growing that kind, else the first empty one,
/// found in one pass over the row.
#[inline]
fn field_for(fields: &[Field], card: BeanKind) -> Option<usize> {
    let mut empty = None;
    for (f, field) in fields.iter().enumerate() {
        if field.kind() == Some(card) {
            return Some(f);
        }
        if empty.is_none() && field.is_empty() {
            empty = Some(f);
        }
    }
    empty
}

/// The field to harvest when `card` has nowhere to go: the one paying most, a field of fewer
/// beans first among equal pay, the first among equals, of those the bean protection rule
/// lets `p` harvest (the engine's [`GameState::harvest_choices`]).
#[inline]
fn field_to_harvest(state: &GameState, p: usize) -> Option<usize> {
    let mut best = None;
    let mut best_worth = i64::MIN;
    for (f, field, pays) in state.harvest_choices(p) {
        let worth = i64::from(pays) * 16 - i64::from(field.count());
        if worth > best_worth {
            best_worth = worth;
            best = Some(f);
        }
    }
    best
}

/// Harvests the field [`field_to_harvest`] names; inlined where the policy decides, with no
/// call of its own.
#[inline(always)]
fn harvest_best(state: &mut GameState, p: usize) {
    if let Some(field) = field_to_harvest(state, p) {
        play(state, p, Action::Harvest { field });
    }
}

/// Applies an action the policy chose; every one is legal, so a refusal is a bug. Inlined
/// with the engine's [`GameState::apply_inline`], so each place the policy writes an action
/// compiles to that action's checks and changes alone.
#[inline(always)]
fn play(state: &mut GameState, p: usize, action: Action) {
    state.apply_inline(p, &action, &mut IgnoreEvents).unwrap();
    // No action the policy writes holds memory: forgotten, it needs no call to drop it.
    std::mem::forget(action);
}

/// One game of sensible planting and no trading: plant where the kind grows, else in an
/// empty field, else harvest the field that pays most; a second card from the hand only where
/// its kind already grows; keep the turned-over cards.
/// The game is dealt from `seed` in `state`'s storage ([`GameState::deal_again`]), as the
/// floor builds each of its games in place without allocating.
/// Returns the turns played (kept from the optimizer by the caller).
pub fn planting_game(state: &mut GameState, seed: u64) -> u32 {
    state.deal_again(seed);
    let mut turns = 0;
    loop {
        let p = state.active_player();
        match state.phase() {
            Phase::Plant { planted } => {
                let zones = state.player(p);
                let Some(card) = zones.hand().front() else {
                    play(state, p, Action::TurnOver);
                    continue;
                };
                let fields = zones.fields();
                match field_for(fields, card) {
                    // The second card only where its kind already grows.
                    Some(field) if planted == 0 || !fields[field].is_empty() => {
                        play(state, p, Action::Plant { field })
                    }
                    None if planted == 0 => harvest_best(state, p),
                    _ => play(state, p, Action::TurnOver),
                }
            }
            Phase::Trade => {
                turns += 1;
                play(state, p, Action::EndTrading);
            }
            Phase::PlantTraded => {
                let zones = state.player(p);
                match field_for(zones.fields(), zones.set_aside()[0]) {
                    Some(field) => play(state, p, Action::PlantSetAside { card: 0, field }),
                    None => harvest_best(state, p),
                }
            }
            // The bean duel's steps (not in the base game): discard the offer, plant nothing.
            Phase::PlantOffered => play(state, p, Action::DiscardOffered { card: 0 }),
            Phase::PlantTurnedOver => play(state, p, Action::EndTurn),
            Phase::GameOver => break,
        }
    }
    turns
}
