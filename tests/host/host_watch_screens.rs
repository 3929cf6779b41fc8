//! The screens of people who watch a hosted game, drawn on the host from its own game: a
//! spectator's (`bohnanza join` or `ssh` with the spectators' code) shows the public table
//! and no hand, and no key on it acts; the host's own screen shows the same table beside
//! the seats, who is connected, and the codes. In process (over TCP and in real terminals:
//! `host_screen_relay` and the tmux tests).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use bohnanza::cards::screen::watched::CANNOT_ACT;
use bohnanza::host::Outbox;
use bohnanza::host::screen::at_host::{HostScreen, JoinInfo};
use bohnanza::host::screen::seat::{catch_up, seat_app};
use bohnanza::host::screen::spectator::{self, spectator_app};
use bohnanza::host::tcp::{Shared, lock};
use bohnanza::ui::{App, GameScreen, Overlay, Theme};

use super::host_screens::{hand_names, shared_host};
use crate::support::card_screen::render;
use crate::support::table_keys::hand_column;

fn press(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Checks that `screen` is the public table of `host`'s game: every hand shown as its
/// count and none of its cards (each seat's own screen's hand line is nowhere on it).
fn public_only(screen: &str, host: &Shared) {
    assert!(screen.contains("Hands are hidden"), "{screen}");
    assert!(
        !screen.contains("'s hand") && !screen.contains("front▶"),
        "{screen}"
    );
    let names = ["Ana", "Ben", "Cy"];
    let counts: Vec<usize> = (0..3).map(|p| hand_names(host, p).len()).collect();
    assert_eq!(hand_column(screen, &names), counts, "{screen}");
    for seat in 0..2 {
        let own = render(
            &seat_app(&lock(host), host, seat, Theme::plain()).unwrap(),
            120,
            40,
        );
        let line = own.lines().find(|l| l.contains("front▶")).unwrap();
        let hand = line.trim_matches(['│', ' ', '"']);
        assert!(!screen.contains(hand), "{hand} is on\n{screen}");
    }
}

#[test]
fn a_spectator_sees_the_public_table_follow_the_game_and_cannot_act() {
    let host = shared_host("base", &["human", "human", "greedy"], 7);
    let mut watcher = spectator_app(&lock(&host), Theme::plain()).unwrap();
    let first = render(&watcher, 120, 40);
    public_only(&first, &host);
    assert!(first.contains("Watching · it is Ana's turn."), "{first}");
    insta::assert_snapshot!("watch_screen", first);
    // A key that would act says so, and the game does not move.
    for code in [KeyCode::Enter, KeyCode::Char('p'), KeyCode::Char('h')] {
        press(&mut watcher, code);
        let said = render(&watcher, 120, 40);
        assert!(said.contains(CANNOT_ACT), "{said}");
        assert_eq!(lock(&host).record().actions.len(), 0);
    }
    press(&mut watcher, KeyCode::Char('?'));
    let help = render(&watcher, 120, 40);
    assert!(help.contains("You are watching") && help.contains("Nothing here acts"));
    press(&mut watcher, KeyCode::Esc);
    // Ana plants her front card from her screen: the spectator's table follows.
    let mut ana = seat_app(&lock(&host), &host, 0, Theme::plain()).unwrap();
    press(&mut ana, KeyCode::Enter);
    catch_up(&mut ana, &host).unwrap();
    spectator::catch_up(&mut watcher, &host).unwrap();
    let after = render(&watcher, 120, 40);
    assert!(after.contains("Ana planted"), "{after}");
    public_only(&after, &host);
    // Leaving is one key: nothing is lost.
    press(&mut watcher, KeyCode::Char('q'));
    assert!(watcher.quit);
}

/// Every code of `host`'s seats and spectators in `text` written as `xxxx-…`, so a
/// snapshot does not depend on the random codes.
fn without_codes(text: &str, host: &Shared) -> String {
    let host = lock(host);
    let seats = host.seats();
    let codes = (seats.seats.iter().filter_map(|s| s.code.as_ref())).chain(seats.watch.as_ref());
    codes.fold(text.to_string(), |text, code| {
        text.replace(code.as_str(), "xxxx-xxxx-xxxx-xxxx")
    })
}

#[test]
fn the_hosts_screen_shows_the_table_the_codes_and_who_is_connected() {
    let host = shared_host("base", &["human", "human", "greedy"], 7);
    let join = JoinInfo {
        listen: "192.168.1.20:7777".into(),
        ssh: Some(("0.0.0.0:2222".into(), "SHA256:hostkeyfingerprint".into())),
        save: Some("/home/ana/.local/share/bohnanza/games/base.json".into()),
    };
    let notices = Arc::new(Mutex::new(VecDeque::new()));
    let screen = HostScreen::new(Arc::clone(&host), join, Arc::clone(&notices)).unwrap();
    let mut app = App::playing(screen, Theme::plain());
    let first = render(&app, 130, 40);
    for p in 0..2 {
        let code = lock(&host).seats().seats[p].code.clone().unwrap();
        assert!(first.contains(code.as_str()), "{first}");
    }
    let watch = lock(&host).seats().watch.clone().unwrap();
    assert!(first.contains(watch.as_str()), "{first}");
    assert!(first.contains("bohnanza join 192.168.1.20:7777") && first.contains("--code CODE"));
    assert!(first.contains("ssh -p 2222 CODE@HOST") && first.contains("SHA256:hostkeyfingerp"));
    assert_eq!(
        first.matches("person · not joined yet").count(),
        2,
        "{first}"
    );
    assert!(first.contains("2 Cy bot (greedy)"), "{first}");
    assert!(first.contains("Hands are hidden") && !first.contains("'s hand"));
    insta::assert_snapshot!("host_screen", without_codes(&first, &host));

    // Ana joins and a spectator watches; Ben's grace runs out and a stand-in plays for
    // him; then Ana drops.
    let ana_code = lock(&host).seats().seats[0].code.clone().unwrap();
    let (outbox, _queue) = Outbox::new(64);
    let ana = lock(&host).join(ana_code.as_str(), None, outbox).unwrap();
    let (outbox, _watching) = Outbox::new(64);
    lock(&host).join(watch.as_str(), None, outbox).unwrap();
    lock(&host).tick(Instant::now() + Duration::from_secs(601));
    app.tick();
    let joined = render(&app, 130, 40);
    assert!(joined.contains("0 Ana person · connected"), "{joined}");
    assert!(
        joined.contains("1 Ben person · away, a stand-in plays"),
        "{joined}"
    );
    assert!(joined.contains("Spectators: 1 watching"), "{joined}");
    lock(&host).leave(ana);
    notices
        .lock()
        .unwrap()
        .push_back("the save failed: disk full".into());
    app.tick();
    let dropped = render(&app, 130, 40);
    assert!(
        dropped.contains("0 Ana person · dropped, seat kept"),
        "{dropped}"
    );
    assert!(dropped.contains("the save failed: disk full"), "{dropped}");

    // Narrower, the panel opens over the table, and `c` puts it away.
    let narrow = render(&app, 100, 40);
    assert!(narrow.contains("Hosting · c hides") && narrow.contains("How to join"));
    press(&mut app, KeyCode::Char('c'));
    let hidden = render(&app, 100, 40);
    assert!(!hidden.contains("How to join") && hidden.contains("c seats and codes"));

    // `q` asks first; `n` keeps hosting, `y` stops.
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    let asked = render(&app, 130, 40);
    assert!(asked.contains("Stop hosting?"), "{asked}");
    assert!(
        asked.contains("bohnanza host --resume /home/ana/.local/share/bohnanza/games/base.json")
    );
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.quit && app.overlay.is_none());
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
    assert!(app.shown::<HostScreen>().unwrap().playing());
}

/// The lines of `screen` above its last two (the prompt and the keys), which differ
/// between a seat's screen and a spectator's.
fn above_footer(screen: &str) -> Vec<&str> {
    let lines: Vec<&str> = screen.lines().collect();
    lines[..lines.len() - 2].to_vec()
}

#[test]
fn a_dice_spectator_sees_the_public_table_follow_the_game_and_cannot_act() {
    let host = shared_host("dice", &["human", "human", "greedy"], 7);
    let mut watcher = spectator_app(&lock(&host), Theme::plain()).unwrap();
    let first = render(&watcher, 100, 30);
    assert!(first.contains("Watching · Ana rolls the dice."), "{first}");
    assert!(first.contains("3  Cy (greedy)"), "{first}");
    insta::assert_snapshot!("watch_dice_screen", first);
    // A key that would act on a seat's screen (roll, choose, save, harvest, pass, take
    // back, the coach's hint) says so, and the game does not move.
    for code in ['r', '1', 'h', 'p', 'u', '!']
        .map(KeyCode::Char)
        .into_iter()
        .chain([KeyCode::Enter])
    {
        press(&mut watcher, code);
        let said = render(&watcher, 100, 30);
        assert!(said.contains(CANNOT_ACT), "{said}");
        assert_eq!(lock(&host).record().actions.len(), 0);
    }
    press(&mut watcher, KeyCode::Char('?'));
    let help = render(&watcher, 100, 30);
    assert!(help.contains("You are watching") && help.contains("Nothing here acts"));
    assert!(help.contains("The dice game hides"), "{help}");
    press(&mut watcher, KeyCode::Char('?'));
    let symbols = render(&watcher, 100, 30);
    assert!(symbols.contains("The table's symbols"), "{symbols}");
    press(&mut watcher, KeyCode::Esc);
    press(&mut watcher, KeyCode::Char('l'));
    assert_eq!(watcher.overlay, Some(Overlay::Log));
    press(&mut watcher, KeyCode::Esc);
    // Ana rolls from her screen: the spectator's table follows, and shows what her own
    // screen shows above its prompt (the dice game hides nothing from a seat), so nothing
    // a seat may not see.
    let mut ana = seat_app(&lock(&host), &host, 0, Theme::plain()).unwrap();
    press(&mut ana, KeyCode::Char('r'));
    catch_up(&mut ana, &host).unwrap();
    spectator::catch_up(&mut watcher, &host).unwrap();
    let after = render(&watcher, 100, 30);
    assert!(
        after.contains("Watching · Ana saves at least one die just rolled."),
        "{after}"
    );
    assert!(after.contains("Ana rolled"), "{after}");
    let anas = render(&ana, 100, 30);
    assert_eq!(above_footer(&after), above_footer(&anas), "{after}\n{anas}");
    press(&mut watcher, KeyCode::Char('q'));
    assert!(watcher.quit);
}

#[test]
fn the_hosts_screen_of_a_dice_game_shows_its_table_beside_the_seats() {
    let host = shared_host("dice", &["human", "human", "greedy"], 7);
    let join = JoinInfo {
        listen: "192.168.1.20:7777".into(),
        ssh: None,
        save: Some("/home/ana/.local/share/bohnanza/games/dice.json".into()),
    };
    let notices = Arc::new(Mutex::new(VecDeque::new()));
    let screen = HostScreen::new(Arc::clone(&host), join, notices).unwrap();
    let mut app = App::playing(screen, Theme::plain());
    let first = render(&app, 130, 40);
    for p in 0..2 {
        let code = lock(&host).seats().seats[p].code.clone().unwrap();
        assert!(first.contains(code.as_str()), "{first}");
    }
    assert!(first.contains("2 Cy bot (greedy)"), "{first}");
    assert!(first.contains("Watching · Ana rolls the dice."), "{first}");
    insta::assert_snapshot!("host_dice_screen", without_codes(&first, &host));
    // Nothing on it acts; Ana's roll from her screen shows on its next look at the game.
    press(&mut app, KeyCode::Char('r'));
    assert!(render(&app, 130, 40).contains(CANNOT_ACT));
    assert_eq!(lock(&host).record().actions.len(), 0);
    let mut ana = seat_app(&lock(&host), &host, 0, Theme::plain()).unwrap();
    press(&mut ana, KeyCode::Char('r'));
    app.tick();
    let rolled = render(&app, 130, 40);
    assert!(
        rolled.contains("Watching · Ana saves at least one die just rolled."),
        "{rolled}"
    );
    // `q` asks before it stops hosting.
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.overlay, Some(Overlay::ConfirmQuit));
    assert!(render(&app, 130, 40).contains("Stop hosting?"));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit);
}
