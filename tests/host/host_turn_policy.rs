//! The card game's turn policy survives `host --resume`: a host opened again from its save
//! goes on as the one that played it, so a bot never makes an offer again that was declined
//! earlier in the turn, before the save.

use std::collections::BTreeSet;
use std::time::Duration;

use serde_json::{Value, json};

use bohnanza::game::BotOptions;
use bohnanza::host::{Host, HostConfig, Viewer};
use bohnanza::rules::Rules;
use bohnanza::store::{Actions, RulesetSource, SavedGame, SavedSeat};

/// An offer as the table hears it, in the turn it was made: turn, who proposes, who is
/// asked, the kinds given and wanted (sorted).
type Heard = (u64, u64, u64, Vec<String>, Vec<String>);

/// The host of `record`'s base game, not saved: a new game, or one resumed.
fn open(record: SavedGame) -> Host {
    Host::open(HostConfig {
        rules: Rules::variant("base").unwrap(),
        record,
        saver: None,
        stand_in: None,
        grace: Duration::from_secs(600),
        watch: false,
        bots: BotOptions::default(),
    })
    .unwrap()
}

/// A new base game: Ana, a person, with a `normal` bot and a `greedy` one.
fn new_game(seed: u64) -> SavedGame {
    SavedGame {
        ruleset: RulesetSource::variant("base").unwrap(),
        names: vec!["Ana".into(), "Ben".into(), "Cy".into()],
        seats: vec![
            SavedSeat::Human,
            SavedSeat::Bot("normal".into()),
            SavedSeat::Bot("greedy".into()),
        ],
        seed,
        open_hands: false,
        actions: Actions::new(),
        finished: false,
        position: None,
        tutor_asked: Vec::new(),
    }
}

/// Offer `id` in Ana's view, as heard.
fn heard(view: &Value, id: &Value) -> Heard {
    let offer = (view["offers"].as_array().unwrap().iter())
        .find(|o| o["id"] == *id)
        .unwrap_or_else(|| panic!("offer {id} is open: {view}"));
    let kinds = |key: &str| -> Vec<String> {
        let mut kinds: Vec<String> = (offer[key].as_array().unwrap().iter())
            .map(|k| k.as_str().unwrap().to_string())
            .collect();
        kinds.sort();
        kinds
    };
    let number = |v: &Value| v.as_u64().unwrap();
    (
        number(&view["turn"]),
        number(&offer["from"]),
        number(&offer["to"]),
        kinds("giving"),
        kinds("want"),
    )
}

/// Ana's move when asked to act: end trading, else plant or turn over, else what is left.
fn lazy_move(host: &Host) -> Value {
    let legal = host.legal(0)["legal"].as_array().unwrap().clone();
    let kind = |a: &Value| a["type"].as_str().unwrap_or("").to_string();
    let pick = ["end_trading", "plant", "turn_over", "plant_set_aside"]
        .iter()
        .find_map(|t| legal.iter().find(|a| kind(a) == *t));
    let other = legal.iter().find(|a| kind(a) != "propose");
    pick.or(other).cloned().expect("Ana has a move")
}

/// Plays seed `seed` to the end with Ana declining every offer and the host resumed from
/// its record after each decline, checking that no offer she declined is made to her again
/// in the same turn; returns how many she declined.
fn declines_across_resumes(seed: u64) -> usize {
    let mut host = open(new_game(seed));
    let mut declined: BTreeSet<Heard> = BTreeSet::new();
    for _ in 0..3_000 {
        let Some((seat, prompt)) = host.waiting().map(|(s, p)| (s, p.clone())) else {
            break;
        };
        assert_eq!(seat, 0, "only Ana is a person");
        if let Some(id) = prompt.get("answer").map(|a| &a["offer"]) {
            let offer = heard(&host.view(Viewer::Seat(0)), id);
            assert!(
                !declined.contains(&offer),
                "seed {seed}: an offer declined before the resume was made again: {offer:?}"
            );
            let decline = json!({ "player": 0, "type": "decline", "offer": id });
            host.act(0, decline).unwrap();
            declined.insert(offer);
            // The host is killed and resumed from what it saved.
            host = open(host.record().clone());
        } else if prompt == json!("may_propose") {
            host.pass(0).unwrap();
        } else {
            let action = lazy_move(&host);
            host.act(0, action).unwrap();
        }
    }
    assert!(host.is_over(), "seed {seed}: the game ends");
    declined.len()
}

#[test]
fn a_bot_never_repeats_an_offer_declined_before_a_host_resume() {
    let mut declines = 0;
    for seed in 1..=3 {
        declines += declines_across_resumes(seed);
    }
    assert!(declines >= 10, "Ana declined {declines} offers");
}
