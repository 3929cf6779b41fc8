//! The protocol for harnesses: `"viewer": P` beside `new` or `act` gives the reply's events
//! as player P may see them, and `started.beans` lists only the kinds in play.

use crate::support::session::ask;
use bohnanza::protocol::Session;
use bohnanza::rules::variants;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

fn events(reply: &Value) -> &Vec<Value> {
    reply["events"].as_array().expect("an events list")
}

/// The body of every event tagged `tag`.
fn tagged<'a>(reply: &'a Value, tag: &str) -> Vec<&'a Value> {
    events(reply).iter().filter_map(|e| e.get(tag)).collect()
}

#[test]
fn the_deal_shows_a_viewer_only_their_own_hand() {
    let mut s = Session::new();
    let reply = ask(
        &mut s,
        json!({"new": {"variant": "base", "players": 3, "seed": 4}, "viewer": 1}),
    );
    let dealt = tagged(&reply, "dealt");
    assert_eq!(dealt.len(), 3, "{reply}");
    for deal in dealt {
        let cards = deal["cards"].as_array().unwrap();
        assert_eq!(cards.len(), 5, "every hand keeps its size: {deal}");
        if deal["player"] == 1 {
            assert!(cards.iter().all(Value::is_string), "{deal}");
        } else {
            assert!(cards.iter().all(Value::is_null), "{deal}");
        }
    }
    // Without a viewer the reply is a tester's: every card named.
    let all = ask(
        &mut s,
        json!({"new": {"variant": "base", "players": 3, "seed": 4}}),
    );
    assert!(
        tagged(&all, "dealt").iter().all(|d| d["cards"]
            .as_array()
            .unwrap()
            .iter()
            .all(Value::is_string))
    );
}

/// Plays `variant` with random legal actions, each act asked with a viewer who is not the
/// acting player, beside a session without a viewer: both replies must be the same but for
/// the cards that went to another player's hand, which the viewer's reply leaves unnamed.
fn compare_views(variant: &str, players: usize, seed: u64, open_hands: bool) -> usize {
    let new = json!({"variant": variant, "players": players, "seed": seed});
    let mut seen = Session::new();
    let mut all = Session::new();
    ask(&mut seen, json!({"new": new, "viewer": 0}));
    ask(&mut all, json!({ "new": new }));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut hidden = 0;
    for _ in 0..600 {
        let acting: Vec<Value> = (0..players)
            .flat_map(|p| {
                let legal = ask(&mut all, json!({ "legal": p }));
                legal["legal"].as_array().unwrap().clone()
            })
            .filter(|a| a["type"] != "propose")
            .collect();
        if acting.is_empty() {
            break;
        }
        let action = acting[rng.next_u64() as usize % acting.len()].clone();
        let viewer = (action["player"].as_u64().unwrap() as usize + 1) % players;
        let partial = ask(&mut seen, json!({"act": action, "viewer": viewer}));
        let whole = ask(&mut all, json!({ "act": action }));
        assert_eq!(events(&partial).len(), events(&whole).len());
        for (p, w) in events(&partial).iter().zip(events(&whole)) {
            if p == w {
                continue;
            }
            assert!(
                !open_hands,
                "{variant}: hands are open, nothing is hidden: {w}"
            );
            hidden += 1;
            let (tag, body) = w.as_object().unwrap().iter().next().unwrap();
            assert!(
                ["dealt", "drew", "drew_order"].contains(&tag.as_str()),
                "{variant}: only cards going to a hand are hidden, not {w}"
            );
            assert_ne!(body["player"], json!(viewer), "{variant}: {w}");
            let key = if tag == "drew_order" { "order" } else { "card" };
            assert_eq!(p[tag][key], Value::Null, "{variant}: {p} for {w}");
        }
    }
    assert_eq!(
        ask(&mut seen, json!({"state": null})),
        ask(&mut all, json!({"state": null}))
    );
    hidden
}

#[test]
fn acts_hide_only_the_cards_another_player_draws_in_every_variant() {
    for variant in variants().unwrap() {
        let name = variant.name.as_str();
        if name == "dice" {
            continue;
        }
        let rules = bohnanza::rules::Rules::variant(name).unwrap();
        let players = rules.player_counts()[0];
        let open = match &rules {
            bohnanza::rules::Rules::Cards(r) => r.open_hands,
            bohnanza::rules::Rules::Dice(_) => true,
        };
        let hidden = compare_views(name, players, 11, open);
        if !open {
            assert!(
                hidden > 0,
                "{name}: some drawn card was hidden from the viewer"
            );
        }
    }
}

#[test]
fn the_dice_game_hides_nothing() {
    assert_eq!(compare_views("dice", 3, 2, true), 0);
}

#[test]
fn a_viewer_must_be_a_seat_and_goes_only_with_new_and_act() {
    let mut s = Session::new();
    let reply = ask(
        &mut s,
        json!({"new": {"variant": "base", "players": 3}, "viewer": 3}),
    );
    assert_eq!(reply["error"]["kind"], "no_such_player", "{reply}");
    let reply = ask(
        &mut s,
        json!({"new": {"variant": "base", "players": 3}, "viewer": "me"}),
    );
    assert_eq!(reply["error"]["kind"], "bad_request", "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("seat number")
    );
    ask(&mut s, json!({"new": {"variant": "base", "players": 3}}));
    let reply = ask(&mut s, json!({"legal": 0, "viewer": 1}));
    assert_eq!(reply["error"]["kind"], "bad_request", "{reply}");
    let reply = ask(
        &mut s,
        json!({"act": {"player": 0, "type": "plant", "field": 0}, "viewer": 7}),
    );
    assert_eq!(reply["error"]["kind"], "no_such_player", "{reply}");
    let planted = ask(&mut s, json!({"state": null}))["state"]["players"][0]["fields"][0].clone();
    assert_eq!(planted, Value::Null, "a refused request changed nothing");
    let reply = s.handle_line(r#"{"legal": 0, "viewer": 1, "viewer": 2}"#);
    assert!(reply.contains("bad_request"), "{reply}");
}

#[test]
fn started_lists_only_the_kinds_in_play() {
    let mut s = Session::new();
    let names = |reply: &Value| -> Vec<String> {
        reply["started"]["beans"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["name"].as_str().unwrap().to_string())
            .collect()
    };
    let three = ask(&mut s, json!({"new": {"variant": "classic", "players": 3}}));
    assert!(!names(&three).contains(&"Cocoa".to_string()), "{three}");
    assert!(names(&three).contains(&"Coffee".to_string()));
    let four = ask(&mut s, json!({"new": {"variant": "classic", "players": 4}}));
    assert!(!names(&four).contains(&"Coffee".to_string()), "{four}");
    assert!(names(&four).contains(&"Cocoa".to_string()));
    let seven = ask(&mut s, json!({"new": {"variant": "classic", "players": 7}}));
    for gone in ["Cocoa", "Garden"] {
        assert!(!names(&seven).contains(&gone.to_string()), "{seven}");
    }
    // Every kind named anywhere in the game is one `started` listed.
    let state = ask(&mut s, json!({"state": null}))["state"].to_string();
    assert!(!state.contains("\"Cocoa\"") && !state.contains("\"Garden\""));
}

/// Issue 36: a lapsed offer names the card that moved and whose it was, which the trade in
/// the same reply said aloud, and never where in a hand it lay; and with hidden hands an
/// offer wanting a kind the asked player gave away stands, so no viewer learns from it
/// what that hand still holds.
#[test]
fn a_lapsed_offer_tells_a_viewer_only_what_the_trade_said_aloud() {
    let (mut s, _) = crate::protocol_offers::after_the_issue_lines();
    // Ana offers the Chili to Cy too, and Cy takes it; Ben watches.
    ask(
        &mut s,
        json!({"act": {"player": 0, "type": "propose", "to": 2, "give": [{"hand": 0}], "want": []}, "viewer": 1}),
    );
    let view = ask(&mut s, json!({"view": 1}));
    for offer in view["view"]["offers"].as_array().unwrap() {
        assert!(
            offer.get("give").is_none(),
            "Ben sees Ana's places: {offer}"
        );
    }
    let reply = ask(
        &mut s,
        json!({"act": {"player": 2, "type": "accept", "offer": 3, "give": []}, "viewer": 1}),
    );
    let traded = tagged(&reply, "traded");
    let closed = tagged(&reply, "offer_closed");
    assert_eq!(closed.len(), 1, "{reply}");
    let mut keys: Vec<&String> = closed[0].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["card", "offer", "player", "why"], "{reply}");
    assert_eq!(closed[0]["player"], traded[0]["from"]);
    assert!(
        traded[0]["gave"]
            .as_array()
            .unwrap()
            .contains(&closed[0]["card"]),
        "the card named was said aloud in the trade: {reply}"
    );
    // Ana asks Ben for another Green for the Stink; Ben gives his only Green for the Soy.
    ask(
        &mut s,
        json!({"act": {"player": 0, "type": "propose", "to": 1, "give": [{"face_up": 1}], "want": ["Green"]}}),
    );
    let reply = ask(
        &mut s,
        json!({"act": {"player": 1, "type": "accept", "offer": 2, "give": [{"hand": 0}]}, "viewer": 2}),
    );
    assert_eq!(
        reply,
        json!({"events": [{"traded": {"offer": 2, "from": 0, "to": 1, "gave": ["Soy"], "got": ["Green"]}}]})
    );
    let ben = ask(&mut s, json!({"view": 1}));
    let hand = ben["view"]["players"][1]["hand"].as_array().unwrap();
    assert!(!hand.contains(&json!("Green")), "Ben holds no Green now");
    let open = ask(&mut s, json!({"view": 2}));
    let ids: Vec<&Value> = open["view"]["offers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| &o["id"])
        .collect();
    assert_eq!(ids, [&json!(4)], "the offer for a Green stands");
}
