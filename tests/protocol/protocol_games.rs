//! Both games through one protocol: every built-in variant, the card games and the dice
//! game alike, is played from `new` to `game_ended` by a client that knows nothing of either
//! game but the shapes every game shares (`legal`, `act`, `view`, `state`).

use crate::support::session::ask;
use bohnanza::protocol::Session;
use bohnanza::rules::variants;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

/// Plays one game by picking among the listed legal actions (offers rarely, so that a
/// turn's trading ends), returning the `game_ended` event.
fn play_to_the_end(variant: &str, players: usize, seed: u64) -> Value {
    let mut s = Session::new();
    let started = ask(
        &mut s,
        json!({"new": {"variant": variant, "players": players, "seed": seed}}),
    );
    assert!(started.get("started").is_some(), "{variant}: {started}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..200_000 {
        let mut choices = Vec::new();
        for p in 0..players {
            let legal = ask(&mut s, json!({ "legal": p }));
            choices.extend(legal["legal"].as_array().expect("a legal list").clone());
        }
        assert!(
            !choices.is_empty(),
            "{variant}: nobody may act before the end"
        );
        let calm: Vec<&Value> = choices
            .iter()
            .filter(|a| !matches!(a["type"].as_str(), Some("propose" | "harvest")))
            .collect();
        let roll = rng.next_u64() as usize;
        let pick = if !calm.is_empty() && !roll.is_multiple_of(10) {
            calm[(roll / 10) % calm.len()].clone()
        } else {
            choices[(roll / 10) % choices.len()].clone()
        };
        let before = ask(&mut s, json!({ "state": null }));
        let reply = ask(&mut s, json!({ "act": pick }));
        let Some(events) = reply["events"].as_array() else {
            // A listed action can be refused only if listing it was wrong.
            panic!("{variant}: {pick} was listed but refused: {reply}");
        };
        assert_ne!(
            before,
            ask(&mut s, json!({ "state": null })),
            "{variant}: {pick} changed nothing"
        );
        if let Some(end) = events.iter().find_map(|e| e.get("game_ended")) {
            return end.clone();
        }
    }
    panic!("{variant} with {players} players did not end");
}

#[test]
fn every_variant_of_both_games_plays_to_the_end_through_the_protocol() {
    for v in variants().unwrap() {
        let mut s = Session::new();
        let refused = ask(&mut s, json!({"new": {"variant": v.name, "players": 0}}));
        assert_eq!(refused["error"]["kind"], "players", "{}: {refused}", v.name);
        let min = (1..=10)
            .find(|&n| {
                let r = ask(&mut s, json!({"new": {"variant": v.name, "players": n}}));
                r.get("started").is_some()
            })
            .unwrap();
        let end = play_to_the_end(&v.name, min, 7);
        let winners = end["winners"].as_array().expect("winners");
        assert!(!winners.is_empty(), "{}: {end}", v.name);
    }
}

#[test]
fn the_dice_game_starts_with_its_dice_and_harvest_cards() {
    let mut s = Session::new();
    let reply = ask(
        &mut s,
        json!({"new": {"variant": "dice", "players": 3, "seed": 1}}),
    );
    let started = &reply["started"];
    assert_eq!(started["game"], "dice");
    assert_eq!(started["goal"], 10);
    let dice = started["dice"].as_array().unwrap();
    assert_eq!(dice.len(), 5);
    assert!(
        dice.iter()
            .all(|d| d["faces"].as_array().unwrap().len() == 6)
    );
    let cards = started["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 55);
    // The rulebook's first example, "1 Stink, 1 Soy and 1 Red", with its Bohnus figure.
    // Slots may be listed in any order.
    let sorted = |needs: &Value| -> Vec<Vec<String>> {
        needs
            .as_array()
            .unwrap()
            .iter()
            .map(|alt| {
                let mut slots: Vec<String> = alt
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(Value::to_string)
                    .collect();
                slots.sort();
                slots
            })
            .collect()
    };
    let example = sorted(&json!([[["Stink"], ["Soy"], ["Red"]]]));
    let bohnus = cards
        .iter()
        .flat_map(|c| c["orders"].as_array().unwrap())
        .find(|o| sorted(&o["needs"]) == example)
        .map(|o| o["bohnus"].as_f64().unwrap());
    assert_eq!(bohnus, Some(13.99));
    for card in cards {
        let orders = card["orders"].as_array().unwrap();
        assert_eq!(orders.len(), 5);
        let odds: Vec<f64> = orders
            .iter()
            .map(|o| o["bohnus"].as_f64().unwrap())
            .collect();
        assert!(
            odds.windows(2).all(|w| w[0] >= w[1]),
            "{odds:?}: harder upwards"
        );
    }
}

#[test]
fn a_dice_error_names_the_rule_and_changes_nothing() {
    let mut s = Session::new();
    ask(
        &mut s,
        json!({"new": {"variant": "dice", "players": 2, "seed": 3}}),
    );
    let before = ask(&mut s, json!({ "state": null }));
    let reply = ask(&mut s, json!({"act": {"player": 1, "type": "roll"}}));
    assert_eq!(reply["error"]["kind"], "not_active_player", "{reply}");
    let reply = ask(
        &mut s,
        json!({"act": {"player": 0, "type": "save", "dice": [0]}}),
    );
    assert_eq!(reply["error"]["kind"], "nothing_rolled", "{reply}");
    let reply = ask(&mut s, json!({"act": {"player": 0, "type": "juggle"}}));
    assert_eq!(reply["error"]["kind"], "bad_request", "{reply}");
    assert_eq!(before, ask(&mut s, json!({ "state": null })));
    let reply = ask(&mut s, json!({"act": {"player": 0, "type": "roll"}}));
    assert!(reply["events"][0].get("rolled").is_some(), "{reply}");
}

#[test]
fn a_dice_position_from_state_starts_a_game_that_continues_identically() {
    let mut a = Session::new();
    ask(
        &mut a,
        json!({"new": {"variant": "dice", "players": 3, "seed": 9}}),
    );
    ask(&mut a, json!({"act": {"player": 0, "type": "roll"}}));
    let state = ask(&mut a, json!({ "state": null }));
    let position = state["state"]["position"].clone();
    let mut b = Session::new();
    let reply = ask(
        &mut b,
        json!({"new": {"variant": "dice", "players": 3, "seed": 9, "setup": position}}),
    );
    assert!(reply.get("started").is_some(), "{reply}");
    assert_eq!(state, ask(&mut b, json!({ "state": null })));
    for request in [
        json!({"act": {"player": 0, "type": "save", "dice": [0, 1]}}),
        json!({"act": {"player": 0, "type": "roll"}}),
    ] {
        assert_eq!(ask(&mut a, request.clone()), ask(&mut b, request));
    }
    assert_eq!(
        ask(&mut a, json!({ "state": null })),
        ask(&mut b, json!({ "state": null }))
    );
}
