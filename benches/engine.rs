//! Full-game throughput of the rules engine through its public API.

use std::hint::black_box;
use std::sync::Arc;

use bohnanza::cards::{Action, GameState, IgnoreEvents, Ruleset};
use bohnanza::rulesets;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

#[path = "common/planting.rs"]
mod planting;
use planting::planting_game;

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

fn bench(c: &mut Criterion) {
    let base = rulesets::load("base").unwrap();
    let mut group = c.benchmark_group("full 4-player base game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    let mut legal = Vec::new();
    let mut table = GameState::new(&base, 4, 0).unwrap();
    group.bench_function("random legal actions", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&base, seed, &mut legal))
        })
    });
    group.bench_function("planting policy, no trades", |b| {
        b.iter(|| {
            seed += 1;
            black_box(planting_game(&mut table, seed))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
