//! The engine benchmark's planting game, shared by `benches/engine.rs` (criterion) and
//! `examples/planting_speed.rs` (the floor ratio, `benches/floor_ratio.sh`), so both time
//! exactly the same policy.

use std::sync::Arc;

use bohnanza::engine::{Action, BeanKind, GameState, IgnoreEvents, Phase, Ruleset};

/// The best field for `card`: one already growing that kind, else an empty one.
fn field_for(state: &GameState, p: usize, card: BeanKind) -> Option<usize> {
    let fields = state.player(p).fields();
    fields
        .iter()
        .position(|f| f.kind() == Some(card))
        .or_else(|| fields.iter().position(|f| f.is_empty()))
}

/// Harvests the field that pays most (the bean protection rule allowing).
fn harvest_best(state: &mut GameState, p: usize) {
    let ruleset = state.ruleset();
    let best = (0..state.player(p).fields().len())
        .filter(|&f| state.check_harvest(p, f).is_ok())
        .max_by_key(|&f| {
            let field = state.player(p).fields()[f];
            field
                .kind()
                .map_or(0, |k| ruleset.bean(k).beanometer.coins_for(field.count()))
        });
    if let Some(field) = best {
        state
            .apply_with(p, &Action::Harvest { field }, &mut IgnoreEvents)
            .unwrap();
    }
}

/// One game of sensible planting and no trading: plant where the kind grows, harvest the
/// best field when forced, keep the turned-over cards.
/// Returns the turns played (kept from the optimizer by the caller).
pub fn planting_game(ruleset: &Arc<Ruleset>, seed: u64) -> u32 {
    let mut state = GameState::new(ruleset, 4, seed).unwrap();
    let mut turns = 0;
    while !state.is_over() {
        let p = state.active_player();
        let action = match state.phase() {
            Phase::Plant { planted } => match state.player(p).hand().front() {
                Some(card) => match field_for(&state, p, card) {
                    // The second card only where its kind already grows.
                    Some(field)
                        if planted == 0 || state.player(p).fields()[field].kind() == Some(card) =>
                    {
                        Action::Plant { field }
                    }
                    None if planted == 0 => {
                        harvest_best(&mut state, p);
                        continue;
                    }
                    _ => Action::TurnOver,
                },
                None => Action::TurnOver,
            },
            Phase::Trade => {
                turns += 1;
                Action::EndTrading
            }
            Phase::PlantTraded => {
                let card = state.player(p).set_aside()[0];
                match field_for(&state, p, card) {
                    Some(field) => Action::PlantSetAside { card: 0, field },
                    None => {
                        harvest_best(&mut state, p);
                        continue;
                    }
                }
            }
            // The bean duel's steps (not in the base game): discard the offer, plant nothing.
            Phase::PlantOffered => Action::DiscardOffered { card: 0 },
            Phase::PlantTurnedOver => Action::EndTurn,
            Phase::GameOver => break,
        };
        state.apply_with(p, &action, &mut IgnoreEvents).unwrap();
    }
    turns
}
