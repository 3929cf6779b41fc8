//! Saved dice games are untrusted input: a damaged or hostile one is refused with a reason,
//! never a panic, and one that is accepted plays on to its end.

use std::sync::Arc;

use bohnanza::dice::bots::{DiceAsk, RandomBot};
use bohnanza::dice::{DiceRuleset, DiceState};
use bohnanza::game::Agent;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A mid-game state as JSON.
fn saved_mid_game(seed: u64) -> String {
    let ruleset = Arc::new(DiceRuleset::standard());
    let mut state = DiceState::new(&ruleset, 3, seed).unwrap();
    let mut bot = RandomBot::new(seed);
    for _ in 0..60 {
        let seat = state.active();
        let action = bot.decide(&DiceAsk::new(&state, seat)).unwrap();
        state.apply(seat, &action).unwrap();
    }
    serde_json::to_string(&state).unwrap()
}

/// Changes one number or word of `json` at random.
fn damage(json: &str, rng: &mut ChaCha8Rng) -> String {
    let mut bytes = json.as_bytes().to_vec();
    for _ in 0..1 + rng.next_u32() % 3 {
        let at = rng.next_u32() as usize % bytes.len();
        bytes[at] = match rng.next_u32() % 4 {
            0 => b'0' + (rng.next_u32() % 10) as u8,
            1 => b'9',
            2 => b'"',
            _ => b' ',
        };
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn damaged_saves_are_refused_or_play_on_to_the_end() {
    let json = saved_mid_game(4);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..150 {
        let damaged = damage(&json, &mut rng);
        let Ok(mut state) = serde_json::from_str::<DiceState>(&damaged) else {
            refused += 1;
            continue;
        };
        accepted += 1;
        let mut bot = RandomBot::new(2);
        for _ in 0..20_000 {
            if state.outcome().is_some() {
                break;
            }
            let seat = state.active();
            let action = bot.decide(&DiceAsk::new(&state, seat)).unwrap();
            state.apply(seat, &action).unwrap();
        }
        assert!(state.outcome().is_some(), "an accepted save never ended");
    }
    assert!(
        refused > 0 && accepted > 0,
        "refused {refused}, accepted {accepted}"
    );
}

#[test]
fn a_save_with_a_card_in_two_places_says_so() {
    let json = saved_mid_game(5);
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let top = value["position"]["players"][0]["top"].clone();
    value["position"]["players"][1]["bottom"] = top.clone();
    let err = serde_json::from_value::<DiceState>(value)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("harvest card {top} is in two places")),
        "{err}"
    );
}

#[test]
fn a_save_with_a_broken_card_is_refused() {
    let json = saved_mid_game(6);
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["ruleset"]["cards"][0][1] = serde_json::json!("5 Garden");
    let err = serde_json::from_value::<DiceState>(value)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("no roll of the five dice can fulfil this order"),
        "{err}"
    );
}
