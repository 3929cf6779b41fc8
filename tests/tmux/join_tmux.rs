//! `bohnanza join` in real terminals: a headless host, two people each in a tmux pane of
//! their own and a greedy bot play a whole base game. A pane shows its own seat's hand and
//! never another's, keys go to the seat whose pane they are typed in, and the game ends
//! with the final scores on both screens and in the save.

use std::time::{Duration, Instant};

use crate::support::host::HostProcess;
use crate::support::tmux::{Tmux, command, has_tmux};

/// The longest the whole game may take (it takes well under a minute).
const GAME_WAIT: Duration = Duration::from_secs(240);

/// The players, by pane.
const PANES: [(&str, &str); 2] = [("ana", "Ana"), ("ben", "Ben")];

/// The situation line (what to do now) and the key bar: the screen's last two lines.
fn bottom(screen: &str) -> (String, String) {
    let lines: Vec<&str> = screen.trim_end().lines().collect();
    let at = |from_end: usize| {
        lines
            .len()
            .checked_sub(from_end)
            .map_or("", |i| lines[i])
            .trim()
            .to_string()
    };
    (at(2), at(1))
}

/// What a person who never trades presses on `screen`: plant what must be planted
/// (harvesting when nothing fits), turn over, end trading, decline offers, pass the floor.
/// `None` when it is someone else's move; `Some("")` once the game is over.
fn key_for(screen: &str) -> Option<&'static str> {
    let (situation, bar) = bottom(screen);
    if situation.contains("The game is over.") {
        return Some("");
    }
    if bar.starts_with("Enter harvest") {
        return Some("Enter");
    }
    let said = |s: &str| situation.contains(s);
    if said("Waiting for") || said("the others plant") || said("trades: o makes") {
        None
    } else if said("answers the offer") {
        Some("d")
    } else if said("trades —") {
        Some("Escape")
    } else if said("plant the front card") || said("Phase 3: everyone plants") {
        Some("Enter")
    } else if said("may plant one more") || said("no cards left to plant") {
        Some("t")
    } else if said(" trades. ") && said("waits for") {
        Some("a")
    } else if said(" trades. ") {
        Some("e")
    } else {
        None
    }
}

/// Checks that the pane of `own` shows `own`'s hand, and no other player's.
fn only_own_hand(screen: &str, own: &str) {
    for name in ["Ana", "Ben", "Cy"] {
        let shown = screen.contains(&format!("{name}'s hand"));
        assert_eq!(
            shown,
            name == own,
            "{own}'s pane and {name}'s hand:\n{screen}"
        );
    }
    assert!(!screen.contains("Hands are hidden"), "{screen}");
}

#[test]
fn two_people_and_a_greedy_bot_play_a_whole_game_each_in_their_own_terminal() {
    if !has_tmux() {
        eprintln!("tmux is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut host = HostProcess::start(
        dir.path(),
        &[
            "--names",
            "Ana,Ben,Cy",
            "--seats",
            "human,human,greedy",
            "--seed",
            "7",
        ],
    );
    let tmux = Tmux::new("join");
    for (p, (pane, _)) in PANES.iter().enumerate() {
        let join = format!("join {} --code {}", host.address(), host.code(p));
        tmux.start(pane, &command(dir.path(), &join));
    }
    for (pane, name) in PANES {
        only_own_hand(&tmux.wait_for(pane, "'s hand"), name);
    }
    let started = Instant::now();
    let mut last: [Option<(String, &str)>; 2] = [None, None];
    let mut over = [false; 2];
    let mut presses = 0;
    while !over.iter().all(|&o| o) {
        assert!(
            started.elapsed() < GAME_WAIT,
            "the game did not end in time ({presses} keys); the panes show:\n{}\n{}",
            tmux.screen("ana"),
            tmux.screen("ben")
        );
        for (i, (pane, name)) in PANES.iter().enumerate() {
            let screen = tmux.screen(pane);
            if !screen.contains("'s hand") {
                // Between two frames: nothing to judge yet.
                continue;
            }
            only_own_hand(&screen, name);
            match key_for(&screen) {
                Some("") => over[i] = true,
                Some(mut key) => {
                    // Enter that changed nothing was refused (the harvest chooser on a
                    // field the bean protection rule keeps): try the next field.
                    if key == "Enter" && last[i].as_ref() == Some(&(screen.clone(), "Enter")) {
                        key = "Right";
                    }
                    tmux.keys(pane, &[key]);
                    presses += 1;
                    last[i] = Some((screen, key));
                }
                None => {}
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    for (pane, name) in PANES {
        let screen = tmux.wait_for(pane, "The end of the game");
        only_own_hand(&screen, name);
        assert!(screen.contains("wins"), "{screen}");
    }
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(host.save()).unwrap()).unwrap();
    assert_eq!(
        saved["game"]["finished"],
        serde_json::json!(true),
        "the save ends the game"
    );
    // Ana leaves; her terminal is given back with a word on her seat.
    tmux.keys("ana", &["q"]);
    let said = tmux.wait_for("ana", "EXITED 0");
    assert!(said.contains("The game is over."), "{said}");
    assert_eq!(host.wait(), Some(0), "the host ends after the game");
}
