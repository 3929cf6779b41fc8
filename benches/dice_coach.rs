//! The dice coach: one hint at the default budget at a decision after a roll, and the
//! review of one seat's decisions in a whole 4-player game (the review's budget on screen
//! and on the command line). docs/coach.md gives the goals: 0.3 s and 2 s on one core.

use std::hint::black_box;
use std::sync::Arc;

use bohnanza::coach::{Coached, DEFAULT_SAMPLES, REVIEW_SAMPLES, review};
use bohnanza::dice::bots::{GreedyBot, play_game};
use bohnanza::dice::{Dice, DiceRuleset, DiceState};
use bohnanza::game::{Agent, Tape};
use criterion::{Criterion, criterion_group, criterion_main};

const PLAYERS: usize = 4;
const MAX_ACTIONS: usize = 20_000;

fn names() -> Vec<String> {
    ["Ann", "Bob", "Cy", "Di"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A whole greedy game of seed `seed`, as a record.
fn greedy_tape(ruleset: &Arc<DiceRuleset>, seed: u64) -> Tape<Dice> {
    let start = DiceState::new(ruleset, PLAYERS, seed).expect("4 players");
    let bots = (0..PLAYERS)
        .map(|_| Box::new(GreedyBot) as Box<dyn Agent<Dice>>)
        .collect();
    let mut state = start.clone();
    let record = play_game(&mut state, bots, MAX_ACTIONS).expect("a greedy game ends");
    let mut tape = Tape::new(start);
    for (player, action) in record.actions {
        tape.play(player, action).expect("a recorded move");
    }
    tape
}

/// The first decision of the record with more than one legal move for the active player.
fn a_decision(tape: &Tape<Dice>) -> (DiceState, usize) {
    (0..tape.len())
        .map(|at| tape.state_at(at))
        .find(|s| s.legal_actions(s.active()).len() > 2)
        .map(|s| {
            let me = s.active();
            (s, me)
        })
        .expect("a decision")
}

fn dice_coach(c: &mut Criterion) {
    let ruleset = Arc::new(DiceRuleset::standard());
    let tape = greedy_tape(&ruleset, 1);
    let (state, me) = a_decision(&tape);
    c.bench_function("dice coach: one hint at the default budget", |b| {
        b.iter(|| {
            let mut thinking = Dice::think(&state, me, &names(), 7, DEFAULT_SAMPLES);
            while !thinking.step() {}
            black_box(thinking.hint().choices.len())
        })
    });
    c.bench_function("dice coach: the review of one seat's whole game", |b| {
        b.iter(|| {
            let mut reviewing = review(&tape, &names(), &[0], 1, REVIEW_SAMPLES, DEFAULT_SAMPLES);
            while !reviewing.step() {}
            black_box(reviewing.mistakes().len())
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = dice_coach
}
criterion_main!(benches);
