//! The screens the host serves to joined seats (`bohnanza join`), drawn on the host from its
//! own game: each shows its own seat's hand and no other, its keys act for its seat alone,
//! and one person composing an offer holds up nobody. In process (the relay over TCP is in
//! `host_screen_relay`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use bohnanza::cards::screen::{CardTable, Mode};
use bohnanza::game::BotOptions;
use bohnanza::host::screen::seat::{catch_up, seat_app};
use bohnanza::host::tcp::{Shared, lock};
use bohnanza::host::{Host, HostConfig, Viewer};
use bohnanza::rules::Rules;
use bohnanza::store::{Actions, RulesetSource, SavedGame, SavedSeat};
use bohnanza::ui::{App, Theme};

use crate::support::card_screen::render;

/// A host of `variant` with these seats ("human" or a bot's name), named Ana, Ben, Cy…,
/// dealt from `seed`, not saved.
pub fn shared_host(variant: &str, seats: &[&str], seed: u64) -> Shared {
    let seats: Vec<SavedSeat> = seats
        .iter()
        .map(|s| match *s {
            "human" => SavedSeat::Human,
            bot => SavedSeat::Bot(bot.to_string()),
        })
        .collect();
    let names = ["Ana", "Ben", "Cy", "Dot", "Eve"][..seats.len()]
        .iter()
        .map(ToString::to_string)
        .collect();
    let host = Host::open(HostConfig {
        rules: Rules::variant(variant).unwrap(),
        record: SavedGame {
            ruleset: RulesetSource::variant(variant).unwrap(),
            names,
            seats,
            seed,
            open_hands: false,
            actions: Actions::new(),
            finished: false,
            position: None,
            tutor_asked: Vec::new(),
        },
        saver: None,
        stand_in: None,
        grace: Duration::from_secs(600),
        watch: true,
        bots: BotOptions::default(),
    })
    .unwrap();
    Arc::new(Mutex::new(host))
}

/// The screen the host serves to `seat`.
fn screen(host: &Shared, seat: usize) -> App {
    let locked = lock(host);
    seat_app(&locked, host, seat, Theme::plain()).unwrap()
}

fn table(app: &App) -> &CardTable {
    app.shown::<CardTable>().unwrap()
}

/// Types `keys` at a screen, which then catches up with the host, as the relay does.
fn type_keys(app: &mut App, host: &Shared, keys: &[KeyCode]) {
    for &code in keys {
        app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
        catch_up(app, host).unwrap();
    }
}

/// The names of the bean kinds in `seat`'s hand, as the host sends the seat its view.
pub fn hand_names(host: &Shared, seat: usize) -> Vec<String> {
    let view = lock(host).view(Viewer::Seat(seat));
    let hand = view["players"][seat]["hand"].as_array().unwrap();
    hand.iter()
        .map(|k| k.as_str().unwrap().to_string())
        .collect()
}

/// The text of the hand's box on a screen: the lines from its title to its bottom edge.
fn hand_box(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.contains("'s hand")).unwrap();
    let end = start + lines[start..].iter().position(|l| l.contains('└')).unwrap();
    lines[start..=end].join("\n")
}

#[test]
fn each_seat_sees_its_own_hand_and_no_other() {
    let host = shared_host("base", &["human", "human", "greedy"], 7);
    let ana = render(&screen(&host, 0), 120, 40);
    let ben = render(&screen(&host, 1), 120, 40);
    assert!(ana.contains("Ana's hand · 5 cards") && !ana.contains("Ben's hand"));
    assert!(ben.contains("Ben's hand · 5 cards") && !ben.contains("Ana's hand"));
    let (ana_hand, ben_hand) = (hand_box(&ana), hand_box(&ben));
    for name in hand_names(&host, 0) {
        assert!(ana_hand.contains(&name), "{name} missing from\n{ana_hand}");
    }
    for name in hand_names(&host, 1) {
        assert!(ben_hand.contains(&name), "{name} missing from\n{ben_hand}");
    }
    // Ana plants first: Ben's screen says whom it waits for, not what she holds.
    let ana_front = &hand_names(&host, 0)[0];
    let situation = ben.lines().rev().nth(1).unwrap();
    assert_eq!(
        situation.trim_matches(['"', ' ']),
        "Waiting for Ana to play."
    );
    assert!(!ben.contains(&format!("plant the front card of your hand, {ana_front}")));
    insta::assert_snapshot!("join_screen_ana", ana);
    insta::assert_snapshot!("join_screen_ben", ben);
}

#[test]
fn keys_act_only_for_the_screens_own_seat() {
    let host = shared_host("base", &["human", "human", "greedy"], 7);
    let mut ben = screen(&host, 1);
    // Ana's turn: Ben's Enter, t and e plant, turn over and end trading for nobody.
    type_keys(
        &mut ben,
        &host,
        &[KeyCode::Enter, KeyCode::Char('t'), KeyCode::Char('e')],
    );
    assert_eq!(lock(&host).seq(), 0);
    assert!(table(&ben).handoff().is_none() && table(&ben).viewer() == Some(1));
    let mut ana = screen(&host, 0);
    type_keys(&mut ana, &host, &[KeyCode::Enter, KeyCode::Char('t')]);
    assert_eq!(lock(&host).seq(), 2, "Ana planted and turned over");
    catch_up(&mut ben, &host).unwrap();
    assert_eq!(table(&ben).actions_seen(), 2);
    // Trading: only the active player ends it.
    type_keys(&mut ben, &host, &[KeyCode::Char('e')]);
    assert_eq!(lock(&host).seq(), 2);
    let refused = table(&ben).shell.message.clone().unwrap().0;
    assert_eq!(refused, "That is Ana's to do: you play Ben.");
}

#[test]
fn one_person_composing_an_offer_holds_up_nobody() {
    let host = shared_host("base", &["human", "human", "greedy"], 7);
    let (mut ana, mut ben) = (screen(&host, 0), screen(&host, 1));
    type_keys(&mut ana, &host, &[KeyCode::Enter, KeyCode::Char('t')]);
    catch_up(&mut ben, &host).unwrap();
    // Ben starts an offer to Ana; Ana meanwhile ends trading and plants, and the turn
    // goes on without him.
    type_keys(&mut ben, &host, &[KeyCode::Char('o'), KeyCode::Char(' ')]);
    assert!(matches!(table(&ben).mode(), Mode::Compose(c) if c.proposer == 1));
    type_keys(&mut ana, &host, &[KeyCode::Char('e')]);
    assert_eq!(lock(&host).seq(), 3, "trading ended while Ben composed");
    catch_up(&mut ben, &host).unwrap();
    assert_eq!(table(&ben).actions_seen(), 3);
    assert!(
        !matches!(table(&ben).mode(), Mode::Compose(_)),
        "trading is over: the offer is dropped"
    );
}

#[test]
fn an_offer_made_on_one_screen_is_answered_on_the_other() {
    let host = shared_host("base", &["human", "human", "greedy"], 7);
    let (mut ana, mut ben) = (screen(&host, 0), screen(&host, 1));
    type_keys(&mut ana, &host, &[KeyCode::Enter, KeyCode::Char('t')]);
    catch_up(&mut ben, &host).unwrap();
    // Ben gives his front card for a Stink (turned over by Ana).
    let keys = [
        KeyCode::Char('o'),
        KeyCode::Char(' '),
        KeyCode::Char('s'),
        KeyCode::Enter,
    ];
    type_keys(&mut ben, &host, &keys);
    assert_eq!(lock(&host).seq(), 3, "the offer is made");
    catch_up(&mut ana, &host).unwrap();
    let shown = render(&ana, 120, 40);
    assert!(shown.contains("Ben → Ana"), "{shown}");
    type_keys(&mut ana, &host, &[KeyCode::Char('a'), KeyCode::Char('a')]);
    assert_eq!(lock(&host).seq(), 4, "Ana accepted");
    catch_up(&mut ben, &host).unwrap();
    let ben_text = render(&ben, 120, 40);
    assert!(
        ben_text.contains("Ben traded Blue to Ana for Stink."),
        "{ben_text}"
    );
    assert!(ben_text.contains("✓ accepted"), "{ben_text}");
}
