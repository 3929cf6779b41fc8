//! The host as a program in the same process uses it (a screen client to come): join with a
//! code and an outbox, act for the seat, read its lines; no network.

use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use bohnanza::game::BotOptions;
use bohnanza::host::{Host, HostConfig, Outbox, Viewer};
use bohnanza::rules::Rules;
use bohnanza::store::{Actions, RulesetSource, SavedGame, SavedSeat};

/// A host of `variant` with `seats` ("human" or a bot's name), not saved.
fn host(variant: &str, seats: &[&str], grace: Duration) -> Host {
    let seats: Vec<SavedSeat> = seats
        .iter()
        .map(|s| match *s {
            "human" => SavedSeat::Human,
            bot => SavedSeat::Bot(bot.to_string()),
        })
        .collect();
    let names = (1..=seats.len()).map(|i| format!("P{i}")).collect();
    Host::open(HostConfig {
        rules: Rules::variant(variant).unwrap(),
        record: SavedGame {
            ruleset: RulesetSource::variant(variant).unwrap(),
            names,
            seats,
            seed: 4,
            open_hands: false,
            actions: Actions::new(),
            finished: false,
            position: None,
            tutor_asked: Vec::new(),
        },
        saver: None,
        stand_in: None,
        grace,
        watch: true,
        bots: BotOptions::default(),
    })
    .unwrap()
}

fn code(host: &Host, seat: usize) -> String {
    host.seats().seats[seat]
        .code
        .as_ref()
        .unwrap()
        .as_str()
        .to_string()
}

/// Joins with `code`; the lines go to the receiver.
fn join(host: &mut Host, code: &str) -> Receiver<Arc<str>> {
    let (outbox, lines) = Outbox::new(64);
    host.join(code, None, outbox).unwrap();
    lines
}

/// Joins seat `seat` with its code.
fn join_seat(host: &mut Host, seat: usize) -> Receiver<Arc<str>> {
    let code = code(host, seat);
    join(host, &code)
}

/// Every line queued so far.
fn drain(lines: &Receiver<Arc<str>>) -> Vec<Value> {
    lines
        .try_iter()
        .flat_map(|text| {
            text.lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn a_seat_sees_its_own_hand_and_a_spectator_none() {
    let mut host = host(
        "base",
        &["human", "human", "greedy"],
        Duration::from_secs(60),
    );
    let ana = drain(&join_seat(&mut host, 0));
    let players = &ana[0]["joined"]["view"]["players"];
    assert!(players[0].get("hand").is_some(), "{ana:?}");
    assert!(players[1].get("hand").is_none() && players[2].get("hand").is_none());
    let watch = host.seats().watch.as_ref().unwrap().as_str().to_string();
    let spectator = drain(&join(&mut host, &watch));
    let view = &spectator[0]["joined"]["view"];
    assert_eq!(view["viewer"], Value::Null);
    for seat in view["players"].as_array().unwrap() {
        assert!(seat.get("hand").is_none(), "a spectator saw {seat}");
    }
    assert_eq!(host.view(Viewer::Spectator), *view);
}

#[test]
fn an_action_for_another_seat_changes_nothing() {
    let mut host = host(
        "base",
        &["human", "human", "greedy"],
        Duration::from_secs(60),
    );
    let lines = join_seat(&mut host, 1);
    drain(&lines);
    let refused = host.act(1, json!({ "player": 0, "type": "plant", "field": 0 }));
    assert_eq!(refused.unwrap_err().kind, "not_your_seat");
    assert_eq!(host.seq(), 0);
    assert!(drain(&lines).is_empty(), "a refusal reaches nobody else");
}

#[test]
fn an_accepted_action_reaches_every_seat_once_as_its_viewer_sees_it() {
    let mut host = host(
        "base",
        &["human", "human", "greedy"],
        Duration::from_secs(60),
    );
    let ana = join_seat(&mut host, 0);
    let ben = join_seat(&mut host, 1);
    drain(&ana);
    drain(&ben);
    let seq = host
        .act(0, json!({ "player": 0, "type": "plant", "field": 0 }))
        .unwrap();
    assert_eq!(seq, 1);
    let seq_lines = |lines: Vec<Value>| -> Vec<Value> {
        lines
            .into_iter()
            .filter(|l| l.get("seq").is_some())
            .collect()
    };
    let (to_ana, to_ben) = (seq_lines(drain(&ana)), seq_lines(drain(&ben)));
    assert_eq!(to_ana.len(), 1);
    assert_eq!(to_ana, to_ben, "planting shows nothing hidden");
    assert_eq!(to_ana[0]["seq"], json!(1));
}

#[test]
fn the_dice_game_has_no_floor_to_pass() {
    let mut host = host("dice", &["human", "human"], Duration::from_secs(60));
    join_seat(&mut host, 0);
    assert_eq!(host.pass(1).unwrap_err().kind, "not_waited_for");
    assert_eq!(host.pass(0).unwrap_err().kind, "no_floor");
}

#[test]
fn a_stand_in_plays_an_absent_seat_after_the_grace_and_hands_it_back() {
    let grace = Duration::from_secs(30);
    let mut host = host("dice", &["human", "greedy"], grace);
    let watch = host.seats().watch.as_ref().unwrap().as_str().to_string();
    let spectator = join(&mut host, &watch);
    host.tick(Instant::now());
    assert_eq!(host.seq(), 0, "nobody stands in before the grace is over");
    host.tick(Instant::now() + grace);
    let seen = drain(&spectator);
    assert!(
        seen.iter().any(|l| l["stand_in"] == json!(true)),
        "the stand-in's moves say so: {seen:?}"
    );
    assert!(
        seen.iter()
            .any(|l| l["table"]["seats"][0]["stand_in"] == json!(true))
    );
    let played = host.seq();
    assert!(played > 0);
    let back = join_seat(&mut host, 0);
    let lines = drain(&back);
    let table = lines.iter().find(|l| l.get("table").is_some()).unwrap();
    assert_eq!(
        table["table"]["seats"][0]["stand_in"],
        json!(false),
        "{table}"
    );
    if !host.is_over() {
        assert!(
            lines.iter().any(|l| l["waiting"]["player"] == json!(0)),
            "the seat is the person's again: {lines:?}"
        );
    }
}

#[test]
fn a_taken_seat_is_refused_until_its_client_leaves() {
    let mut host = host(
        "base",
        &["human", "human", "greedy"],
        Duration::from_secs(60),
    );
    let code = code(&host, 0);
    let (first, _lines) = Outbox::new(8);
    let id = host.join(&code, None, first).unwrap();
    let (second, _) = Outbox::new(8);
    assert_eq!(
        host.join(&code, None, second).unwrap_err().kind,
        "seat_taken"
    );
    host.leave(id);
    let (third, _kept) = Outbox::new(8);
    assert!(host.join(&code, None, third).is_ok());
    let (wrong, _) = Outbox::new(8);
    assert_eq!(
        host.join("abcd", None, wrong).unwrap_err().kind,
        "wrong_code"
    );
}
