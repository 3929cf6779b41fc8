//! The dice bots: every kind finishes games at every player count, and expect beats greedy
//! beats random over seeded games.

use std::sync::Arc;

use bohnanza::dice::bots::{DiceBot, DiceBotKind, play_game};
use bohnanza::dice::{DiceRuleset, DiceState};

const MAX_ACTIONS: usize = 20_000;

fn ruleset() -> Arc<DiceRuleset> {
    Arc::new(DiceRuleset::standard())
}

/// Plays `games` two-player games of `a` against `b`, swapping seats every game; returns
/// `a`'s share of the wins (a shared win counts half).
fn share_of_wins(a: DiceBotKind, b: DiceBotKind, games: u64) -> f64 {
    let ruleset = ruleset();
    let mut score = 0.0;
    for seed in 0..games {
        let a_seat = (seed % 2) as usize;
        let mut bots: Vec<Box<dyn DiceBot>> = vec![b.make(seed), b.make(seed + 1)];
        bots[a_seat] = a.make(seed + 2);
        let mut state = DiceState::new(&ruleset, 2, seed).unwrap();
        let record = play_game(&mut state, &mut bots, MAX_ACTIONS).unwrap();
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
            let mut bots: Vec<Box<dyn DiceBot>> = (0..players)
                .map(|s| {
                    DiceBotKind::ALL[(s + seed as usize) % DiceBotKind::ALL.len()]
                        .make(seed + s as u64)
                })
                .collect();
            let mut state = DiceState::new(&ruleset, players, seed).unwrap();
            let record = play_game(&mut state, &mut bots, MAX_ACTIONS).unwrap();
            let best = *record.outcome.dollars.iter().max().unwrap();
            assert!(best >= ruleset.goal, "someone reached the goal");
        }
    }
}

/// Over seeded two-player games with seats swapped each game: expect beats greedy, and
/// greedy beats random, each winning clearly more than half.
#[test]
fn expect_beats_greedy_beats_random() {
    let greedy_vs_random = share_of_wins(DiceBotKind::Greedy, DiceBotKind::Random, 200);
    let expect_vs_greedy = share_of_wins(DiceBotKind::Expect, DiceBotKind::Greedy, 200);
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
