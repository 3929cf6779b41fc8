//! Bots play the bean duel: every step (the offer, discarding after planting, the turned-over
//! cards left as an offer), many games to the end without an illegal action, and the greedy
//! bot well ahead of the random one.

use bohnanza::cards::bots::names;
use std::collections::BTreeMap;

use bohnanza::cards::bots::{BotName, BotOptions, Next, SeatKind, Table, ThinkingBudget};
use bohnanza::cards::{GameState, IgnoreEvents};
use bohnanza::rulesets;

/// Plays one duel with these bots; returns the end and how often each kind of action was
/// taken, by the action's name.
fn duel(
    seats: [BotName; 2],
    seed: u64,
    options: &BotOptions,
) -> (GameState, BTreeMap<String, u32>) {
    let ruleset = rulesets::load("duel").unwrap();
    let kinds = seats.map(SeatKind::Bot);
    let mut state = GameState::new(&ruleset, 2, seed).unwrap();
    let mut table = Table::new(&kinds, seed, options).unwrap();
    let mut taken: BTreeMap<String, u32> = BTreeMap::new();
    loop {
        match table.next(&state) {
            Next::Bot { player, action } => {
                if let Err(e) = state.apply_with(player, &action, &mut IgnoreEvents) {
                    panic!("seed {seed}: an illegal action for {player}: {action:?}: {e}");
                }
                let name = format!("{action:?}");
                let name = name
                    .split([' ', '{'])
                    .next()
                    .unwrap_or_default()
                    .to_string();
                *taken.entry(name).or_default() += 1;
                assert!(taken.values().sum::<u32>() < 5_000, "seed {seed}: no end");
            }
            Next::GameOver => break,
            other => panic!("seed {seed}: bots only, yet {other:?}"),
        }
    }
    assert_eq!(
        table.fallbacks(),
        0,
        "seed {seed}: a bot gave an illegal action or none"
    );
    assert!(state.outcome().is_some());
    (state, taken)
}

#[test]
fn random_and_greedy_bots_finish_many_duels() {
    let options = BotOptions::default();
    let tables = [
        [names::RANDOM, names::RANDOM],
        [names::GREEDY, names::GREEDY],
        [names::GREEDY, names::RANDOM],
        [names::RANDOM, names::GREEDY],
    ];
    for seats in tables {
        for seed in 0..40 {
            let (state, _) = duel(seats, seed, &options);
            // The duel ends the first time the draw pile runs out.
            assert_eq!(state.deck().runs_out(), 1);
        }
    }
}

#[test]
fn the_greedy_bot_plays_every_step_of_the_duel() {
    let mut all: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..10 {
        let (_, taken) = duel([names::GREEDY, names::GREEDY], seed, &BotOptions::default());
        for (k, n) in taken {
            *all.entry(k).or_default() += n;
        }
    }
    for step in [
        "PlantOffered",
        "DiscardOffered",
        "Plant",
        "Discard",
        "TurnOver",
        "PlantTurnedOver",
        "EndTurn",
        "Harvest",
    ] {
        assert!(all.get(step).copied().unwrap_or(0) > 0, "{step}: {all:?}");
    }
    // No trading in the duel.
    assert!(!all.contains_key("Propose") && !all.contains_key("EndTrading"));
}

#[test]
fn the_greedy_bot_beats_the_random_bot_at_the_duel() {
    let mut wins = 0;
    for seed in 0..20 {
        let seats = if seed % 2 == 0 {
            [names::GREEDY, names::RANDOM]
        } else {
            [names::RANDOM, names::GREEDY]
        };
        let greedy = seed as usize % 2;
        let (state, _) = duel(seats, seed, &BotOptions::default());
        if state.outcome().unwrap().winners == [greedy] {
            wins += 1;
        }
    }
    assert!(wins >= 18, "greedy won {wins} of 20");
}

#[test]
fn the_search_bot_finishes_duels() {
    let options = BotOptions {
        search: ThinkingBudget {
            playouts: 6,
            time: None,
        },
    };
    for (seed, seats) in [
        (0, [names::MCTS, names::GREEDY]),
        (1, [names::GREEDY, names::MCTS]),
    ] {
        let (state, taken) = duel(seats, seed, &options);
        assert!(state.is_over());
        assert!(taken.contains_key("EndTurn") && taken.contains_key("PlantOffered"));
    }
}
