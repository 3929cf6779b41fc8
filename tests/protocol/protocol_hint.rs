//! `{"hint": {"player": P, "playouts": N}}`: the coach's ranked choices through the
//! protocol, for the card games and the dice game, with its errors.

use crate::support::session::ask;
use bohnanza::protocol::Session;
use serde_json::{Value, json};

fn started(variant: &str, players: usize, seed: u64) -> Session {
    let mut session = Session::new();
    let names: Vec<String> = ["Ann", "Bob", "Cy", "Di"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let reply = ask(
        &mut session,
        json!({ "new": { "variant": variant, "players": players, "seed": seed, "names": names } }),
    );
    assert!(reply.get("started").is_some(), "{reply}");
    session
}

/// Checks the reply's shape: the player, the deals its best choice was played on (`Some`:
/// exactly these; `None`: at least one, as a card hint's halving decides), the choices.
fn check_hint(reply: &Value, player: usize, samples: Option<u64>) -> &Vec<Value> {
    let hint = &reply["hint"];
    assert_eq!(hint["player"], json!(player), "{reply}");
    match samples {
        Some(n) => assert_eq!(hint["samples"], json!(n), "{reply}"),
        None => assert!(hint["samples"].as_u64().is_some_and(|n| n >= 1), "{reply}"),
    }
    let choices = hint["choices"].as_array().expect("a list of choices");
    assert!(!choices.is_empty(), "{reply}");
    assert_eq!(choices[0]["behind"], json!(0.0));
    assert_eq!(choices[0]["win_behind"], json!(0.0));
    // The one ranking, said: the chance to win, then the coins, among the choices played
    // on the same deals.
    assert_eq!(hint["ranking"], json!(bohnanza::coach::RANKING), "{reply}");
    assert!(
        hint["horizon"] == json!("end") || hint["horizon"] == json!(8),
        "{reply}"
    );
    for pair in choices.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if a["deals"] == b["deals"] {
            let (wa, wb) = (a["win"].as_f64().unwrap(), b["win"].as_f64().unwrap());
            assert!(wa >= wb, "{a} before {b}");
        }
    }
    for c in choices {
        let coins = &c["coins"];
        let (low, mean, high) = (
            coins["low"].as_f64(),
            coins["mean"].as_f64(),
            coins["high"].as_f64(),
        );
        assert!(low <= mean && mean <= high, "{c}");
        assert!((0.0..=1.0).contains(&c["win"].as_f64().unwrap()), "{c}");
        let label = c["label"].as_str().unwrap();
        assert!(c["why"].as_str().unwrap().starts_with(label), "{c}");
    }
    choices
}

#[test]
fn a_hint_ranks_the_active_players_choices_and_each_is_accepted() {
    let mut session = started("base", 3, 7);
    // Player 0 plants the front card; then: plant the next, turn over, or harvest.
    let reply = ask(
        &mut session,
        json!({ "act": { "player": 0, "type": "plant", "field": 0 } }),
    );
    assert!(reply.get("events").is_some(), "{reply}");
    let reply = ask(
        &mut session,
        json!({ "hint": { "player": 0, "playouts": 6 } }),
    );
    let choices = check_hint(&reply, 0, None).clone();
    let state = ask(&mut session, json!({ "state": null }))["state"].clone();
    for c in &choices {
        let mut copy = Session::new();
        let new = json!({ "new": { "variant": "base", "position": state } });
        assert!(ask(&mut copy, new).get("started").is_some());
        let action = &c["actions"][0];
        let reply = ask(&mut copy, json!({ "act": action }));
        assert!(reply.get("events").is_some(), "{action}: {reply}");
    }
}

#[test]
fn the_same_hint_request_at_the_same_moment_gives_the_same_hint() {
    let mut session = started("base", 4, 3);
    let a = ask(
        &mut session,
        json!({ "hint": { "player": 0, "playouts": 4 } }),
    );
    let b = ask(
        &mut session,
        json!({ "hint": { "player": 0, "playouts": 4 } }),
    );
    assert_eq!(a, b);
}

#[test]
fn a_player_with_nothing_to_decide_gets_an_empty_list() {
    let mut session = started("base", 4, 3);
    let reply = ask(
        &mut session,
        json!({ "hint": { "player": 2, "playouts": 4 } }),
    );
    assert_eq!(reply["hint"]["choices"], json!([]), "{reply}");
}

#[test]
fn the_dice_game_is_hinted_after_a_roll() {
    let mut session = started("dice", 2, 5);
    let reply = ask(
        &mut session,
        json!({ "act": { "player": 0, "type": "roll" } }),
    );
    assert!(reply.get("events").is_some(), "{reply}");
    let reply = ask(
        &mut session,
        json!({ "hint": { "player": 0, "playouts": 5 } }),
    );
    let choices = check_hint(&reply, 0, None);
    assert!(choices.len() >= 2, "{reply}");
    assert!(
        choices
            .iter()
            .any(|c| c["actions"][0]["type"] == json!("save")),
        "{reply}"
    );
}

#[test]
fn the_default_budget_is_used_when_none_is_given() {
    let mut session = started("dice", 2, 5);
    let reply = ask(&mut session, json!({ "hint": { "player": 0 } }));
    let samples = u64::from(bohnanza::coach::DEFAULT_SAMPLES);
    check_hint(&reply, 0, Some(samples));
}

#[test]
fn a_hint_request_out_of_bounds_or_malformed_is_refused_clearly() {
    let mut session = Session::new();
    let reply = ask(&mut session, json!({ "hint": { "player": 0 } }));
    assert_eq!(reply["error"]["kind"], json!("no_game"), "{reply}");
    let mut session = started("base", 3, 1);
    let cases = [
        (
            json!({ "hint": { "player": 0, "playouts": 0 } }),
            "bad_request",
            "\"playouts\" must be 1 to 1000, not 0",
        ),
        (
            json!({ "hint": { "player": 0, "playouts": 1001 } }),
            "bad_request",
            "not 1001",
        ),
        (
            json!({ "hint": { "player": 0, "playouts": 99_999_999_999u64 } }),
            "bad_request",
            "not 99999999999",
        ),
        (
            json!({ "hint": { "player": 3 } }),
            "no_such_player",
            "there is no player 3",
        ),
        (
            json!({ "hint": { "player": 0, "samples": 4 } }),
            "bad_request",
            "unknown field `samples`",
        ),
        (
            json!({ "hint": { "playouts": 4 } }),
            "bad_request",
            "missing field `player`",
        ),
        (json!({ "hint": { "player": -1 } }), "bad_request", ""),
        (
            json!({ "hint": { "player": 0 }, "viewer": 0 }),
            "bad_request",
            "\"viewer\" goes with",
        ),
    ];
    for (request, kind, says) in cases {
        let reply = ask(&mut session, request.clone());
        assert_eq!(reply["error"]["kind"], json!(kind), "{request}: {reply}");
        let message = reply["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{request}: {message}");
    }
}

/// An offer the hint suggested, made and refused, is not suggested again in the same
/// trading phase: the refusal is in the game's actions, which every player saw.
#[test]
fn a_refused_offer_is_not_suggested_again() {
    let mut shown = 0;
    for seed in 1..12 {
        let mut session = started("base", 3, seed);
        for act in [
            json!({ "type": "plant", "field": 0 }),
            json!({ "type": "turn_over" }),
        ] {
            let mut act = act;
            act["player"] = json!(0);
            ask(&mut session, json!({ "act": act }));
        }
        let hint = json!({ "hint": { "player": 0, "playouts": 6 } });
        let reply = ask(&mut session, hint.clone());
        let choices = check_hint(&reply, 0, None).clone();
        let Some(offer) = choices
            .iter()
            .find(|c| c["actions"][0]["type"] == json!("propose"))
        else {
            continue;
        };
        let made = ask(&mut session, json!({ "act": offer["actions"][0] }));
        let offered = &made["events"][0]["offered"];
        let (id, to) = (offered["offer"].clone(), offered["to"].clone());
        let refusal = json!({ "act": { "player": to, "type": "decline", "offer": id } });
        assert!(ask(&mut session, refusal).get("events").is_some());
        let again = ask(&mut session, hint);
        let labels: Vec<&Value> = check_hint(&again, 0, None)
            .iter()
            .map(|c| &c["label"])
            .collect();
        assert!(!labels.contains(&&offer["label"]), "{offer} in {again}");
        shown += 1;
    }
    assert!(shown >= 3, "the hint weighs an offer in {shown} games");
}
