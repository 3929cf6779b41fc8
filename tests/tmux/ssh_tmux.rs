//! `bohnanza host --ssh` in real terminals: a guest with only `ssh`, a person with
//! `bohnanza join` and a greedy bot play a whole base game. The guest's pane shows the same
//! screen as a joined one, its own hand and no other, follows its terminal's size, and is
//! given back when the guest leaves.

use std::time::{Duration, Instant};

use crate::support::host::HostProcess;
use crate::support::table_keys::{only_own_hand, play_to_the_end};
use crate::support::tmux::{Tmux, command, has_tmux};

/// The longest the whole game may take (it takes well under a minute).
const GAME_WAIT: Duration = Duration::from_secs(240);

/// The players, by pane: Ana over SSH, Ben by `bohnanza join`.
const PANES: [(&str, &str); 2] = [("ana", "Ana"), ("ben", "Ben")];

/// Whether the `ssh` client is installed.
fn has_ssh() -> bool {
    std::process::Command::new("ssh")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The width of the table's frame on `screen`: the width the screen was drawn for.
fn drawn_width(screen: &str) -> usize {
    let top = screen.lines().find(|l| l.starts_with("┌ Table"));
    top.map_or(0, |l| l.trim_end().chars().count())
}

#[test]
fn a_guest_over_ssh_a_joined_person_and_a_greedy_bot_play_a_whole_game() {
    if !has_tmux() || !has_ssh() {
        eprintln!("tmux or ssh is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--names",
        "Ana,Ben,Cy",
        "--seats",
        "human,human,greedy",
        "--seed",
        "7",
    ];
    let host = HostProcess::start(dir.path(), &[&["--ssh", "127.0.0.1:0"][..], &args].concat());
    let ssh = host.line["ssh"].as_str().unwrap().to_string();
    let (address, port) = ssh.rsplit_once(':').unwrap();
    let tmux = Tmux::new("ssh");
    let guest = format!(
        "ssh -p {port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR {}@{address}",
        host.code(0)
    );
    tmux.start("ana", &guest);
    let join = format!("join {} --code {}", host.address(), host.code(1));
    tmux.start("ben", &command(dir.path(), &join));
    for (pane, name) in PANES {
        only_own_hand(&tmux.wait_for(pane, "'s hand"), name, &["Ana", "Ben", "Cy"]);
    }
    // The guest's terminal is resized: the screen is drawn again at its new size.
    assert_eq!(drawn_width(&tmux.screen("ana")), 120);
    tmux.run(&["resize-window", "-t", "ana", "-x", "90", "-y", "32"]);
    let started = Instant::now();
    while drawn_width(&tmux.screen("ana")) != 90 {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "{}",
            tmux.screen("ana")
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    only_own_hand(
        &tmux.wait_for("ana", "'s hand"),
        "Ana",
        &["Ana", "Ben", "Cy"],
    );
    // Back to 120×40, where an offer to answer leaves the hand in view (the game is played
    // by reading it).
    tmux.run(&["resize-window", "-t", "ana", "-x", "120", "-y", "40"]);
    let started = Instant::now();
    while drawn_width(&tmux.screen("ana")) != 120 {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "{}",
            tmux.screen("ana")
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    play_to_the_end(&tmux, &PANES, &["Ana", "Ben", "Cy"], GAME_WAIT);
    for (pane, name) in PANES {
        let screen = tmux.wait_for(pane, "The end of the game");
        only_own_hand(&screen, name, &["Ana", "Ben", "Cy"]);
        assert!(screen.contains("wins"), "{screen}");
    }
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(host.save()).unwrap()).unwrap();
    assert_eq!(
        saved["game"]["finished"],
        serde_json::json!(true),
        "the save ends the game"
    );
    // The guest leaves: the channel closes, `ssh` ends and the terminal is given back.
    tmux.keys("ana", &["q"]);
    tmux.wait_for("ana", "EXITED 0");
    assert_eq!(tmux.pane("ana", "#{alternate_on}"), "0");
}
