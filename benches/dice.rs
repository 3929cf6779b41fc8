//! Whole dice games: the engine alone replaying recorded games, and games played by each bot;
//! and the check of the slowest dice ruleset known (issue 37), refused.

use bohnanza::dice::bots::names;
use std::hint::black_box;
use std::sync::Arc;

use bohnanza::dice::Dice;
use bohnanza::dice::bots::play_game;
use bohnanza::dice::{DiceAction, DiceRuleset, DiceState};
use bohnanza::game::{Agent, BotName, BotOptions, Seated};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/hard_dice_ruleset.rs"]
mod hard_dice_ruleset;

const MAX_ACTIONS: usize = 20_000;

fn play(
    ruleset: &Arc<DiceRuleset>,
    kind: BotName,
    players: usize,
    seed: u64,
) -> Vec<(usize, DiceAction)> {
    let bots: Vec<Box<dyn Agent<Dice>>> =
        (0..players).map(|s| make(kind, seed + s as u64)).collect();
    let mut state = DiceState::new(ruleset, players, seed).unwrap();
    play_game(&mut state, bots, MAX_ACTIONS).unwrap().actions
}

fn whole_games(c: &mut Criterion) {
    let ruleset = Arc::new(DiceRuleset::standard());
    let recorded: Vec<Vec<(usize, DiceAction)>> = (0..16)
        .map(|seed| play(&ruleset, names::GREEDY, 4, seed))
        .collect();
    c.bench_function("dice: engine replays a 4-player greedy game", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % recorded.len();
            let mut state = DiceState::new(&ruleset, 4, i as u64).unwrap();
            for (seat, action) in &recorded[i] {
                black_box(state.apply(*seat, action).unwrap());
            }
            state
        })
    });
    for (kind, players) in [
        (names::RANDOM, 4),
        (names::GREEDY, 4),
        (names::EXPECT, 2),
        (names::EXPECT, 4),
    ] {
        let name = format!("dice: a {players}-player game of {} bots", kind.name());
        let mut seed = 0;
        c.bench_function(&name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(play(&ruleset, kind, players, seed))
            })
        });
    }
}

/// The 482-card ruleset whose every order is four 5-slot alternatives, read and refused:
/// what `bohnanza check` and `script` spend on it beyond starting.
fn hard_ruleset(c: &mut Criterion) {
    let text = hard_dice_ruleset::hard_dice_ruleset();
    c.bench_function(
        "dice: the 482-card ruleset of 5-slot alternatives refused",
        |b| b.iter(|| DiceRuleset::from_toml_str(black_box(&text)).expect_err("refused")),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = whole_games, hard_ruleset
}
criterion_main!(benches);

/// The dice game's bot called `kind`, seeded with `seed`.
fn make(kind: BotName, seed: u64) -> Box<dyn Agent<Dice>> {
    Dice::make_agent(kind, seed, &BotOptions::default()).expect("a dice bot")
}
