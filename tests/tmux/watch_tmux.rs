//! Watching a hosted game in real terminals: while two people play by `bohnanza join` with a
//! greedy bot, one spectator watches by `bohnanza join` and one by `ssh`, both with the
//! spectators' code. Their panes follow the game to its end and never show a card of any
//! hand: each hand shows only as its count, checked against the real hands in the host's
//! save. And the host's own screen (no `--headless`): the codes, and who is connected.

use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use crate::support::host::{Client, HostProcess};
use crate::support::table_keys::{hand_column, play_to_the_end};
use crate::support::tmux::{Tmux, command, has_tmux};

/// The longest the whole game may take (it takes well under a minute).
const GAME_WAIT: Duration = Duration::from_secs(240);

/// The players, by pane.
const PANES: [(&str, &str); 2] = [("ana", "Ana"), ("ben", "Ben")];

/// The players' names.
const NAMES: [&str; 3] = ["Ana", "Ben", "Cy"];

/// The spectators' panes: by `bohnanza join`, and by `ssh`.
const WATCHERS: [&str; 2] = ["watcher", "guest"];

fn has_ssh() -> bool {
    Command::new("ssh")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Every player's hand now, as the saved game `save` gives it to that player's view
/// (`bohnanza export`, then `{"view": P}` for each P through `bohnanza script`).
fn real_hands(save: &std::path::Path) -> Vec<Vec<String>> {
    let export = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .arg("export")
        .arg(save)
        .output()
        .unwrap();
    assert!(export.status.success());
    let mut input = String::from_utf8(export.stdout).unwrap();
    for p in 0..NAMES.len() {
        input.push_str(&format!("{}\n", json!({ "view": p })));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("look.jsonl");
    std::fs::write(&path, input).unwrap();
    let script = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .arg("script")
        .stdin(std::fs::File::open(&path).unwrap())
        .output()
        .unwrap();
    let replies: Vec<Value> = String::from_utf8(script.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let views = &replies[replies.len() - NAMES.len()..];
    (views.iter().enumerate())
        .map(|(p, v)| {
            let hand = v["view"]["players"][p]["hand"].as_array().unwrap();
            hand.iter()
                .map(|k| k.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

/// The line of a player's own pane that shows their hand, as drawn.
fn hand_line(screen: &str) -> String {
    let line = screen.lines().find(|l| l.contains("front▶"));
    let line = line.unwrap_or_else(|| panic!("no hand on\n{screen}"));
    line.trim_matches(['│', ' ']).to_string()
}

/// Checks that a spectator's `screen` is the public table: each of `hands` (the real ones)
/// shows as its count, and none of the hand lines the players' own panes show is on it.
fn public_only(screen: &str, hands: &[Vec<String>], own_lines: &[String]) {
    assert!(screen.contains("Hands are hidden"), "{screen}");
    assert!(
        !screen.contains("'s hand") && !screen.contains("front▶"),
        "{screen}"
    );
    let counts: Vec<usize> = hands.iter().map(Vec::len).collect();
    assert_eq!(hand_column(screen, &NAMES), counts, "{screen}");
    for line in own_lines {
        assert!(!screen.contains(line.as_str()), "{line} is on\n{screen}");
    }
}

/// Checks both spectators' panes against the real hands and the players' panes now.
fn check_watchers(tmux: &Tmux, host: &HostProcess, settled_on: &str) {
    let own: Vec<String> = PANES
        .iter()
        .map(|(pane, _)| hand_line(&tmux.wait_for(pane, "front▶")))
        .collect();
    let hands = real_hands(&host.save());
    for watcher in WATCHERS {
        public_only(&tmux.wait_for(watcher, settled_on), &hands, &own);
    }
}

#[test]
fn spectators_by_join_and_by_ssh_watch_a_whole_game_and_never_see_a_hand() {
    if !has_tmux() || !has_ssh() {
        eprintln!("tmux or ssh is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let host = HostProcess::start(
        dir.path(),
        &[
            "--names",
            "Ana,Ben,Cy",
            "--seats",
            "human,human,greedy",
            "--seed",
            "7",
            "--watch",
            "--ssh",
            "127.0.0.1:0",
        ],
    );
    let watch = host.line["watch"].as_str().unwrap().to_string();
    let ssh = host.line["ssh"].as_str().unwrap().to_string();
    let (address, port) = ssh.rsplit_once(':').unwrap();
    let tmux = Tmux::new("watch");
    for (p, (pane, _)) in PANES.iter().enumerate() {
        let join = format!("join {} --code {}", host.address(), host.code(p));
        tmux.start(pane, &command(dir.path(), &join));
    }
    let join = format!("join {} --code {watch}", host.address());
    tmux.start("watcher", &command(dir.path(), &join));
    tmux.start(
        "guest",
        &format!(
            "ssh -p {port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR {watch}@{address}"
        ),
    );
    check_watchers(&tmux, &host, "Hands are hidden");
    // Keys that would act on a player's screen say that a spectator cannot.
    tmux.keys("watcher", &["Enter"]);
    tmux.wait_for("watcher", "You are watching");
    tmux.keys("guest", &["h"]);
    tmux.wait_for("guest", "You are watching");
    // Ana plants her front card: both spectators see it, and still no hand.
    tmux.keys("ana", &["Enter"]);
    tmux.wait_for("ana", "Ana planted");
    check_watchers(&tmux, &host, "Ana planted");
    play_to_the_end(&tmux, &PANES, &NAMES, GAME_WAIT);
    for watcher in WATCHERS {
        // The final scores' window covers the rows: no hand is under it either.
        let end = tmux.wait_for(watcher, "The end of the game");
        assert!(end.contains("wins"), "{end}");
        assert!(!end.contains("'s hand") && !end.contains("front▶"), "{end}");
    }
    tmux.keys("watcher", &["q"]);
    let said = tmux.wait_for("watcher", "EXITED 0");
    assert!(said.contains("The game is over."), "{said}");
    tmux.keys("guest", &["q"]);
    tmux.wait_for("guest", "EXITED 0");
}

#[test]
fn the_hosts_own_screen_shows_the_codes_and_who_is_connected_and_q_stops_hosting() {
    if !has_tmux() {
        eprintln!("tmux is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tmux = Tmux::new("hostscreen");
    let hosting =
        "host --listen 127.0.0.1:0 --watch --names Ana,Ben,Cy --seats human,human,greedy --seed 7";
    tmux.start("host", &command(dir.path(), hosting));
    let screen = tmux.wait_for("host", "How to join");
    // The first line is printed for scripts before the screen takes the terminal: it is
    // on the terminal's main screen, under the host's.
    let under = tmux.run(&["capture-pane", "-p", "-a", "-J", "-t", "host"]);
    let first: Value = serde_json::from_str(under.lines().next().unwrap()).unwrap();
    for p in 0..2 {
        let code = first["seats"][p]["code"].as_str().unwrap();
        assert!(screen.contains(code), "{code} is not on\n{screen}");
    }
    assert!(
        screen.contains(first["watch"].as_str().unwrap()),
        "{screen}"
    );
    let address = first["listen"].as_str().unwrap();
    assert!(screen.contains(&format!("bohnanza join {address}")) && screen.contains("--code CODE"));
    assert_eq!(screen.matches("not joined yet").count(), 2, "{screen}");
    let code = first["seats"][0]["code"].as_str().unwrap();
    let (ana, _) = Client::join(address, code, None);
    tmux.wait_for("host", "0 Ana person · connected");
    ana.drop_connection();
    tmux.wait_for("host", "0 Ana person · dropped, seat kept");
    tmux.keys("host", &["q"]);
    tmux.wait_for("host", "Stop hosting?");
    tmux.keys("host", &["y"]);
    let said = tmux.wait_for("host", "EXITED 0");
    assert!(
        said.contains("Stopped hosting. The game is saved"),
        "{said}"
    );
    assert!(said.contains("bohnanza host --resume"), "{said}");
}
