//! Whole 4-player base games played by the bots through the public API, one core, and the
//! search bot's thinking time.

use bohnanza::cards::bots::names;
use std::hint::black_box;
use std::sync::Arc;

use bohnanza::cards::bots::eval::Appraiser;
use bohnanza::cards::bots::legal::actions_without_offers;
use bohnanza::cards::bots::{
    Agent, BotOptions, Decision, MctsBot, Next, Playouts, Prompt, SeatKind, Table, ThinkingBudget,
};
use bohnanza::cards::{Action, GameState, IgnoreEvents, Phase, Ruleset};
use bohnanza::game::StoppedStopwatch;
use bohnanza::rulesets;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// A game of greedy bots seated at a [`Table`]: each decision from the seat's view.
fn table_game(ruleset: &Arc<Ruleset>, seed: u64) -> u64 {
    let seats = [SeatKind::Bot(names::GREEDY); 4];
    let mut state = GameState::new(ruleset, 4, seed).unwrap();
    let mut table = Table::new(&seats, seed, &BotOptions::default()).unwrap();
    table.play(&mut state).actions
}

/// A position in the middle of a game (from turn 12) where the search bot has a real choice:
/// phase 1 after the first planting, with a second card it may plant or not.
fn midgame(ruleset: &Arc<Ruleset>, seed: u64) -> GameState {
    let seats = [SeatKind::Bot(names::GREEDY); 4];
    let mut state = GameState::new(ruleset, 4, seed).unwrap();
    let mut table = Table::new(&seats, seed, &BotOptions::default()).unwrap();
    let mut legal = Vec::new();
    loop {
        if state.turn() >= 12 && state.phase() == (Phase::Plant { planted: 1 }) {
            actions_without_offers(&state, state.active_player(), &mut legal);
            if legal.iter().any(|a| matches!(a, Action::Plant { .. })) {
                return state;
            }
        }
        let Next::Bot { player, action } = table.next(&state) else {
            return state;
        };
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .unwrap();
    }
}

/// The actions of a game of greedy bots at a [`Table`], to replay through the engine alone.
fn record_table_game(ruleset: &Arc<Ruleset>, seed: u64) -> Vec<(usize, Action)> {
    let seats = [SeatKind::Bot(names::GREEDY); 4];
    let mut state = GameState::new(ruleset, 4, seed).unwrap();
    let mut table = Table::new(&seats, seed, &BotOptions::default()).unwrap();
    let mut actions = Vec::new();
    while let Next::Bot { player, action } = table.next(&state) {
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .unwrap();
        actions.push((player, action));
    }
    actions
}

fn bench(c: &mut Criterion) {
    let base = rulesets::load("base").unwrap();
    let appraiser = Appraiser::new(&base);
    let mut group = c.benchmark_group("full 4-player base game");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    let mut planting = Playouts::planting_only();
    group.bench_function("greedy planting policy, no trades", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = GameState::new(&base, 4, seed).unwrap();
            black_box(planting.play(&appraiser, &mut state, None).actions)
        })
    });
    let mut trading = Playouts::new();
    group.bench_function("greedy policy trading, each seat's sight", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = GameState::new(&base, 4, seed).unwrap();
            black_box(trading.play(&appraiser, &mut state, None).actions)
        })
    });
    group.bench_function("greedy bots trading at a table, each seat's view", |b| {
        b.iter(|| {
            seed += 1;
            black_box(table_game(&base, seed))
        })
    });
    // The engine's share of a trading game: the same games' actions without the bots.
    let recorded: Vec<(u64, Vec<(usize, Action)>)> = (0..64)
        .map(|seed| (seed, record_table_game(&base, seed)))
        .collect();
    let mut next = recorded.iter().cycle();
    group.bench_function("replaying greedy bots' trading games, engine alone", |b| {
        b.iter(|| {
            let (seed, actions) = next.next().unwrap();
            let mut state = GameState::new(&base, 4, *seed).unwrap();
            for (player, action) in actions {
                state
                    .apply_with(*player, action, &mut IgnoreEvents)
                    .unwrap();
            }
            black_box(state.turn())
        })
    });
    group.finish();

    let mut group = c.benchmark_group("mcts decision");
    group.sample_size(10);
    let state = midgame(&base, 3);
    let me = state.active_player();
    let view = state.view(me);
    let mut legal = Vec::new();
    actions_without_offers(&state, me, &mut legal);
    let mut bot = MctsBot::new(1, ThinkingBudget::default());
    group.bench_function(
        "default budget, plant a second card or not, mid-game",
        |b| {
            b.iter(|| {
                black_box(bot.decide(&Decision {
                    me,
                    view: &view,
                    ruleset: &base,
                    legal: &legal,
                    prompt: Prompt::Act,
                    stopwatch: &StoppedStopwatch,
                }))
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
