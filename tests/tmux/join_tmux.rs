//! `bohnanza join` in real terminals: a headless host, two people each in a tmux pane of
//! their own and a greedy bot play a whole base game. A pane shows its own seat's hand and
//! never another's, keys go to the seat whose pane they are typed in, and the game ends
//! with the final scores on both screens and in the save.

use std::time::Duration;

use crate::support::host::HostProcess;
use crate::support::table_keys::{only_own_hand, play_to_the_end};
use crate::support::tmux::{Tmux, command, has_tmux};

/// The longest the whole game may take (it takes well under a minute).
const GAME_WAIT: Duration = Duration::from_secs(240);

/// The players, by pane.
const PANES: [(&str, &str); 2] = [("ana", "Ana"), ("ben", "Ben")];

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
        only_own_hand(&tmux.wait_for(pane, "'s hand"), name, &["Ana", "Ben", "Cy"]);
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
    // Ana leaves; her terminal is given back with a word on her seat.
    tmux.keys("ana", &["q"]);
    let said = tmux.wait_for("ana", "EXITED 0");
    assert!(said.contains("The game is over."), "{said}");
    assert_eq!(host.wait(), Some(0), "the host ends after the game");
}
