//! Full-game throughput of the rules engine through its public API.

use std::hint::black_box;
use std::sync::Arc;

use bohnanza::engine::{Action, GameState, IgnoreEvents, Phase, Ruleset};
use bohnanza::rulesets;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// One game where every step picks a random legal action of a random player who has one,
/// preferring actions that move the turn on (as players do) three times in four.
fn random_game(ruleset: &Arc<Ruleset>, seed: u64, legal: &mut Vec<Action>) -> u32 {
    let mut state = GameState::new(ruleset, 4, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = 0;
    while !state.is_over() {
        let p = (rng.next_u32() % 4) as usize;
        legal.clear();
        state.legal_actions_into(p, legal);
        if !rng.next_u32().is_multiple_of(4) {
            legal.retain(|a| !matches!(a, Action::Propose { .. } | Action::Harvest { .. }));
        }
        if legal.is_empty() {
            continue;
        }
        let action = &legal[(rng.next_u32() as usize) % legal.len()];
        state.apply_with(p, action, &mut IgnoreEvents).unwrap();
        actions += 1;
    }
    actions
}

/// The best field for `card`: one already growing that kind, else an empty one.
fn field_for(state: &GameState, p: usize, card: bohnanza::engine::BeanKind) -> Option<usize> {
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
fn planting_game(ruleset: &Arc<Ruleset>, seed: u64) -> u32 {
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

fn bench(c: &mut Criterion) {
    let base = rulesets::load("base").unwrap();
    let mut group = c.benchmark_group("full 4-player base game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    let mut legal = Vec::new();
    group.bench_function("random legal actions", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&base, seed, &mut legal))
        })
    });
    group.bench_function("planting policy, no trades", |b| {
        b.iter(|| {
            seed += 1;
            black_box(planting_game(&base, seed))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
