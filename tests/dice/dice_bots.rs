//! The dice bots: every kind finishes games at every player count, and expect beats greedy
//! beats random over seeded games.

use bohnanza::dice::bots::names;
use std::sync::Arc;

use bohnanza::dice::Dice;
use bohnanza::dice::bots::play_game;
use bohnanza::dice::{DiceRuleset, DiceState};
use bohnanza::game::{Agent, BotName, BotOptions, Seated};

const MAX_ACTIONS: usize = 20_000;

fn ruleset() -> Arc<DiceRuleset> {
    Arc::new(DiceRuleset::standard())
}

/// Plays `games` two-player games of `a` against `b`, swapping seats every game; returns
/// `a`'s share of the wins (a shared win counts half).
fn share_of_wins(a: BotName, b: BotName, games: u64) -> f64 {
    let ruleset = ruleset();
    let mut score = 0.0;
    for seed in 0..games {
        let a_seat = (seed % 2) as usize;
        let mut bots: Vec<Box<dyn Agent<Dice>>> = vec![make(b, seed), make(b, seed + 1)];
        bots[a_seat] = make(a, seed + 2);
        let mut state = DiceState::new(&ruleset, 2, seed).unwrap();
        let record = play_game(&mut state, bots, MAX_ACTIONS).unwrap();
        let winners = &record.outcome.winners;
        if winners.contains(&a_seat) {
            score += 1.0 / winners.len() as f64;
        }
    }
    score / games as f64
}

#[test]
fn every_bot_finishes_games_at_every_player_count() {
    let ruleset = ruleset();
    for players in 2..=5 {
        for seed in 0..12 {
            let bots: Vec<Box<dyn Agent<Dice>>> = (0..players)
                .map(|s| {
                    make(
                        Dice::bot_names()[(s + seed as usize) % Dice::bot_names().len()],
                        seed + s as u64,
                    )
                })
                .collect();
            let mut state = DiceState::new(&ruleset, players, seed).unwrap();
            let record = play_game(&mut state, bots, MAX_ACTIONS).unwrap();
            let best = *record.outcome.dollars.iter().max().unwrap();
            assert!(best >= ruleset.goal, "someone reached the goal");
        }
    }
}

/// Over seeded two-player games with seats swapped each game: expect beats greedy, and
/// greedy beats random, each winning clearly more than half.
#[test]
fn expect_beats_greedy_beats_random() {
    let greedy_vs_random = share_of_wins(names::GREEDY, names::RANDOM, 200);
    let expect_vs_greedy = share_of_wins(names::EXPECT, names::GREEDY, 200);
    println!("greedy's share against random: {greedy_vs_random:.3}");
    println!("expect's share against greedy: {expect_vs_greedy:.3}");
    assert!(
        greedy_vs_random > 0.8,
        "greedy won only {greedy_vs_random:.3}"
    );
    assert!(
        expect_vs_greedy > 0.58,
        "expect won only {expect_vs_greedy:.3}"
    );
}

/// The dice game's bot called `kind`, seeded with `seed`.
fn make(kind: BotName, seed: u64) -> Box<dyn Agent<Dice>> {
    Dice::make_agent(kind, seed, &BotOptions::default()).expect("a dice bot")
}
