//! Every bot plays thousands of whole games over every built-in ruleset and player count: it
//! never picks an illegal action (the driver would have to replace it), never stalls, and
//! every game ends.

use bohnanza::cards::bots::names;
use std::sync::Arc;

use bohnanza::cards::bots::{BotName, BotOptions, Next, SeatKind, Table, ThinkingBudget};
use bohnanza::cards::{GameState, IgnoreEvents, Ruleset};
use bohnanza::rulesets;

use crate::support::cards::every_ruleset;

/// Far more actions than any game takes: a game still running by then is stuck.
const MAX_ACTIONS: u64 = 200_000;

/// Plays one game with `seats`, checking every action the driver hands out is legal.
fn play(ruleset: &Arc<Ruleset>, seats: &[BotName], seed: u64, options: &BotOptions) -> GameState {
    let kinds: Vec<SeatKind> = seats.iter().map(|&k| SeatKind::Bot(k)).collect();
    let mut state = GameState::new(ruleset, seats.len(), seed).expect("allowed player count");
    let mut table = Table::new(&kinds, seed, options).unwrap();
    let mut actions = 0;
    loop {
        match table.next(&state) {
            Next::Bot { player, action } => {
                if let Err(e) = state.apply_with(player, &action, &mut IgnoreEvents) {
                    panic!(
                        "{}: seed {seed}: the driver handed out an illegal action for player {player}: {action:?}: {e}",
                        ruleset.name
                    );
                }
                actions += 1;
                assert!(
                    actions < MAX_ACTIONS,
                    "{}: seed {seed}: the game does not end",
                    ruleset.name
                );
            }
            Next::GameOver => break,
            other => panic!("{}: seed {seed}: bots only, yet {other:?}", ruleset.name),
        }
    }
    assert_eq!(
        table.fallbacks(),
        0,
        "{}: seed {seed}: a bot answered with an illegal action or none",
        ruleset.name
    );
    assert!(state.outcome().is_some());
    state
}

/// Plays `games_per_table` games at every player count of every built-in ruleset, game
/// `seed` with `seats_for(players, seed)`; returns how many games were played.
fn play_everywhere(
    seats_for: impl Fn(usize, u64) -> Vec<BotName>,
    games_per_table: u64,
    options: &BotOptions,
) -> u64 {
    let mut played = 0;
    for ruleset in every_ruleset() {
        for players in ruleset.player_counts().collect::<Vec<_>>() {
            for seed in 0..games_per_table {
                play(
                    &ruleset,
                    &seats_for(players, seed),
                    seed * 7919 + players as u64,
                    options,
                );
                played += 1;
            }
        }
    }
    played
}

/// Thousands of games for each bot, over every built-in ruleset and player count.
const THOUSANDS: u64 = 2_000;

#[test]
fn random_bots_finish_games_in_every_ruleset() {
    let played = play_everywhere(|n, _| vec![names::RANDOM; n], 45, &BotOptions::default());
    assert!(played >= THOUSANDS, "{played} games");
}

#[test]
fn greedy_bots_finish_games_in_every_ruleset() {
    let played = play_everywhere(|n, _| vec![names::GREEDY; n], 45, &BotOptions::default());
    assert!(played >= THOUSANDS, "{played} games");
}

#[test]
fn mixed_tables_finish_games_in_every_ruleset() {
    let options = BotOptions {
        search: ThinkingBudget {
            playouts: 4,
            time: None,
        },
    };
    // From game to game each seat is played by each bot in turn, a search bot among them.
    let played = play_everywhere(
        |n, game| {
            (0..n as u64)
                .map(|i| [names::GREEDY, names::RANDOM, names::MCTS][((i + game) % 3) as usize])
                .collect()
        },
        45,
        &options,
    );
    assert!(played >= THOUSANDS, "{played} games");
}

#[test]
fn base_game_greedy_against_random_many_deals() {
    // Tens of thousands of decisions over many deals, in the game people play most.
    let base = rulesets::load("base").unwrap();
    for seed in 0..60 {
        play(
            &base,
            &[names::GREEDY, names::RANDOM, names::GREEDY, names::RANDOM],
            seed,
            &BotOptions::default(),
        );
    }
}

#[test]
fn same_seed_same_game() {
    let base = rulesets::load("base").unwrap();
    let options = BotOptions {
        search: ThinkingBudget {
            playouts: 6,
            time: None,
        },
    };
    let seats = [names::MCTS, names::GREEDY, names::RANDOM];
    let a = play(&base, &seats, 11, &options);
    let b = play(&base, &seats, 11, &options);
    assert_eq!(a, b);
}
