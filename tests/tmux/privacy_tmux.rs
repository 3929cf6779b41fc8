//! Hidden stays hidden in a real terminal: tmux plays a whole (short) game of three people
//! and a greedy bot at 80×24 through the real binary, and after every key checks that no
//! hand is on screen but the one whose hand-off was just taken, and that every bot move,
//! floor line and hand-off shows the public table.

use std::time::{Duration, Instant};

use crate::support::tmux::{Tmux, command, has_tmux};

/// Four bean kinds, 30 cards, 3 dealt, the game ends when the draw pile first runs out:
/// four turns, one each (the bot's is the third).
pub(crate) const SHORT: &str = r#"extends = "base"
name = "short"
title = "A short game"
summary = "Four bean kinds, few cards: a game of four turns, for tests"
cards_dealt = 3
game_ends_when_draw_pile_runs_out = 1

[[bean]]
name = "Blue"
letter = "B"
cards = 9
beanometer = { 1 = 2, 2 = 3, 3 = 4, 4 = 5 }

[[bean]]
name = "Chili"
letter = "C"
cards = 9
beanometer = { 1 = 2, 2 = 3, 3 = 4, 4 = 5 }

[[bean]]
name = "Stink"
letter = "S"
cards = 6
beanometer = { 1 = 2, 2 = 3, 3 = 4, 4 = 5 }

[[bean]]
name = "Red"
letter = "R"
cards = 6
beanometer = { 1 = 2, 2 = 3, 3 = 4, 4 = 5 }
"#;

const NAMES: [&str; 4] = ["Ana", "Ben", "Cy", "Di"];

/// The private and public moments the game must walk through, as the bottom lines say them.
const MOMENTS: [(&str, &str); 7] = [
    ("a hand-off", "Waiting for"),
    ("a bot's move", "any key faster"),
    ("the floor", "presses o"),
    ("an answer", "answers the offer"),
    ("composing", "Enter make the offer"),
    ("a peek", "any key when done"),
    ("phase 3", "Phase 3"),
];

/// The screen once it has stopped changing (a key's effect fully drawn).
fn settled(t: &Tmux, s: &str) -> String {
    let mut last = t.screen(s);
    let start = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(40));
        let now = t.screen(s);
        if now == last || start.elapsed() > Duration::from_secs(2) {
            return now;
        }
        last = now;
    }
}

/// The screen once `key`'s effect is drawn: changed from `before` (or after a while, for a
/// key that changes nothing), then settled.
fn changed(t: &Tmux, s: &str, before: &str) -> String {
    let start = Instant::now();
    while t.screen(s) == before && start.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(20));
    }
    settled(t, s)
}

/// Who may be seen: the person who took the last hand-off, until a public moment.
struct Watch {
    seated: Option<usize>,
    checks: usize,
}

impl Watch {
    fn check(&mut self, screen: &str, after: &str) {
        self.checks += 1;
        let public = screen.contains("Pass to ")
            || screen.contains("(the greedy bot)")
            || screen.contains("presses o");
        if public {
            self.seated = None;
        }
        for (p, name) in NAMES.iter().enumerate() {
            if Some(p) == self.seated {
                continue;
            }
            for private in [
                format!("┌ {name}'s hand"),
                format!("┌ {name}, "),
                format!("┌ {name} makes an offer"),
                format!("┌ {name}'s counter-offer"),
                format!("┌ {name} may make"),
            ] {
                assert!(
                    !screen.contains(&private),
                    "after {after}: {private:?} on screen, seated {:?}:\n{screen}",
                    self.seated
                );
            }
        }
        if self.seated.is_none() {
            assert!(
                !screen.contains("front▶"),
                "after {after}: a hand on the public table:\n{screen}"
            );
        }
    }
}

/// The bottom two lines: what the game says and the keys it offers.
fn bottom(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    lines[lines.len().saturating_sub(2)..].join("\n")
}

/// What a lively table presses next, read off the screen; `n` counts keys so far, so the
/// players answer, offer and peek in different ways as the game goes.
fn next_key(screen: &str, n: usize, offered: &mut bool, peeked: &mut bool) -> &'static str {
    let said = bottom(screen);
    // A seat is taken by its number (a hand-off ignores keys for a moment: pressed again
    // until it goes).
    if let Some(p) = NAMES
        .iter()
        .position(|name| screen.contains(&format!("Pass to {name} — press")))
    {
        return ["1", "2", "3", "4"][p];
    }
    if said.contains("any key faster") {
        return "x";
    }
    if said.contains("presses o") {
        return if *offered { "x" } else { "o" };
    }
    if said.contains("Who wants to make") {
        *offered = true;
        return "4";
    }
    if said.contains("Whose hand?") {
        return "Enter";
    }
    if said.contains("any key when done") {
        return "x";
    }
    if said.contains("answers the offer") {
        return ["n", "d", "a", "c", "d"][n % 5];
    }
    if said.contains("You hold what it wants") {
        return "d";
    }
    if said.contains("counter") && said.contains("Enter make the offer") {
        return if screen.contains("✓") || screen.contains("you give [") {
            "Enter"
        } else {
            "Space"
        };
    }
    if said.contains("Enter make the offer") {
        return match n % 3 {
            0 => "Space",
            1 => "0",
            _ => "Enter",
        };
    }
    if said.contains("Choose whom to ask") {
        return "0";
    }
    if said.contains("Enter harvest") {
        return "Enter";
    }
    if said.contains("Nobody wants to trade") {
        if !*offered {
            *offered = true;
            return "o";
        }
        return "e";
    }
    if said.contains("The game is over") {
        return "";
    }
    if said.contains("t turn over") && said.contains("Enter plant") && n.is_multiple_of(2) {
        return "t";
    }
    if said.contains("Enter plant") || said.contains("Enter harvest first") {
        // Once a game, someone at the shared table looks at their hand.
        if !*peeked && said.contains("Phase 3") {
            *peeked = true;
            return "v";
        }
        return "Enter";
    }
    if said.contains("t turn over") {
        return "t";
    }
    if said.contains("e end trading") {
        return "e";
    }
    "Escape"
}

#[test]
fn a_whole_game_of_three_people_and_a_bot_shows_each_hand_only_to_its_owner_in_tmux() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("short.toml");
    std::fs::write(&rules, SHORT).unwrap();
    let t = Tmux::new("privacy");
    let s = "game";
    let args = format!(
        "--ruleset '{}' --seats human,human,greedy,human --names Ana,Ben,Cy,Di --seed 5",
        rules.display()
    );
    let shell = format!("{}; echo EXITED $?; sleep 60", command(dir.path(), &args));
    t.run(&[
        "new-session",
        "-d",
        "-s",
        s,
        "-x",
        "80",
        "-y",
        "24",
        "sh",
        "-c",
        &shell,
    ]);
    t.wait_for(s, "Pass to Ana");
    let mut watch = Watch {
        seated: None,
        checks: 0,
    };
    let mut offered = false;
    let mut peeked = false;
    let mut turn = String::new();
    let started = Instant::now();
    let mut seen = std::collections::BTreeSet::new();
    let mut keys = Vec::new();
    for n in 0..600 {
        let screen = settled(&t, s);
        watch.check(&screen, "the last key");
        // A new turn: each player may offer once more.
        let head = screen.lines().next().unwrap_or_default().to_string();
        let now = head.split("turn ").nth(1).unwrap_or_default().to_string();
        if now.split(' ').next() != turn.split(' ').next() {
            offered = false;
            turn = now;
        }
        let key = next_key(&screen, n, &mut offered, &mut peeked);
        let said = bottom(&screen);
        for (moment, text) in MOMENTS {
            if said.contains(text) {
                seen.insert(moment);
            }
        }
        keys.push(key);
        if key.is_empty() {
            eprintln!("keys: {keys:?}\nmoments: {seen:?}");
            for (moment, _) in MOMENTS {
                assert!(seen.contains(moment), "the game walked through {moment}");
            }
            assert!(screen.contains("win"), "the final scores:\n{screen}");
            assert!(watch.checks > 40, "a whole game was watched");
            assert!(started.elapsed() < Duration::from_secs(90));
            t.keys(s, &["q"]);
            t.wait_for(s, "EXITED 0");
            return;
        }
        let taking = NAMES
            .iter()
            .position(|name| screen.contains(&format!("Pass to {name} — press")));
        t.keys(s, &[key]);
        let after = changed(&t, s, &screen);
        if let Some(p) =
            taking.filter(|&p| key == ["1", "2", "3", "4"][p] && !after.contains("Pass to "))
        {
            watch.seated = Some(p);
        }
        watch.check(&after, key);
    }
    panic!("the game did not end:\n{}", t.screen(s));
}
