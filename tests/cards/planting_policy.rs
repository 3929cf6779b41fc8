//! The engine benchmark's planting policy (`benches/common/planting.rs`, timed against the floor
//! by `benches/floor_ratio.sh`) reads the fields itself to choose a forced harvest, in one pass
//! for speed. Its choice must stay the policy's: the best-paying field of those the engine lets
//! the player harvest, a field of fewer beans first among equal pay, the first among equals.

use bohnanza::cards::{Action, GameState, IgnoreEvents};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

// The benchmark's game loop is timed by the benches; these tests read only its harvest choice.
#[allow(dead_code)]
#[path = "../../benches/common/planting.rs"]
mod planting;

/// The policy's choice worked out the plain way, from the fields the engine lists as
/// harvestable (`GameState::harvest_choices`).
fn chosen_plainly(state: &GameState, player: usize) -> Option<usize> {
    let mut best = None;
    let mut best_worth = i64::MIN;
    for (f, field, pays) in state.harvest_choices(player) {
        let worth = i64::from(pays) * 16 - i64::from(field.count());
        if worth > best_worth {
            best_worth = worth;
            best = Some(f);
        }
    }
    best
}

/// Random legal games of every built-in ruleset (each bean protection rule, and My First
/// Bohnanza's harvests that must pay a coin): after every action, the active player's forced
/// harvest is the field the plain reading chooses.
#[test]
fn the_forced_harvest_is_the_best_harvestable_field_in_every_ruleset() {
    let mut legal = Vec::new();
    let (mut positions, mut choices, mut lone_beans_chosen) = (0, 0, 0);
    for ruleset in crate::support::cards::every_ruleset() {
        let players = ruleset.player_counts().next().expect("a player count");
        for seed in 0..40 {
            let mut state = GameState::new(&ruleset, players, seed).expect("a new game");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !state.is_over() {
                let active = state.active_player();
                let chosen = planting::field_to_harvest(&state, active);
                assert_eq!(
                    chosen,
                    chosen_plainly(&state, active),
                    "{:?}",
                    state.player(active)
                );
                positions += 1;
                if let Some(field) = chosen {
                    choices += 1;
                    if state.player(active).fields()[field].count() == 1 {
                        lone_beans_chosen += 1;
                    }
                }
                let p = (rng.next_u32() as usize) % players;
                legal.clear();
                state.legal_actions_into(p, &mut legal);
                if legal.is_empty() {
                    continue;
                }
                let action: Action = legal[(rng.next_u32() as usize) % legal.len()].clone();
                state.apply_with(p, &action, &mut IgnoreEvents).unwrap();
            }
        }
    }
    assert!(positions > 10_000, "{positions} positions");
    assert!(
        choices > 5_000 && lone_beans_chosen > 100,
        "{choices} {lone_beans_chosen}"
    );
}
