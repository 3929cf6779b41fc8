//! The dice game over the network in real terminals: a guest over SSH, a person with
//! `bohnanza join` and a greedy bot play a whole dice game against a headless host. Each pane
//! shows the same table, its keys acting for its own seat alone, and the game ends with the
//! final scores on both screens and in the save.

use std::time::Duration;

use crate::support::dice_keys::play_dice_to_the_end;
use crate::support::host::HostProcess;
use crate::support::tmux::{Tmux, command, has_tmux};

/// The longest the whole game may take (it takes well under a minute).
const GAME_WAIT: Duration = Duration::from_secs(240);

/// The players, by pane, with their seats: Ana over SSH, Cy by `bohnanza join`.
const PANES: [(&str, &str, usize); 2] = [("ana", "Ana", 0), ("cy", "Cy", 2)];

/// Whether the `ssh` client is installed.
fn has_ssh() -> bool {
    std::process::Command::new("ssh")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn a_guest_over_ssh_a_joined_person_and_a_greedy_bot_play_a_whole_dice_game() {
    if !has_tmux() || !has_ssh() {
        eprintln!("tmux or ssh is not installed; skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--ssh",
        "127.0.0.1:0",
        "--variant",
        "dice",
        "--names",
        "Ana,Ben,Cy",
        "--seats",
        "human,greedy,human",
        "--seed",
        "7",
    ];
    let mut host = HostProcess::start(dir.path(), &args);
    let ssh = host.line["ssh"].as_str().unwrap().to_string();
    let (address, port) = ssh.rsplit_once(':').unwrap();
    let tmux = Tmux::new("joindice");
    let guest = format!(
        "ssh -p {port} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR {}@{address}",
        host.code(0)
    );
    tmux.start("ana", &guest);
    let join = format!("join {} --code {}", host.address(), host.code(2));
    tmux.start("cy", &command(dir.path(), &join));
    for (pane, _, _) in PANES {
        let first = tmux.wait_for(pane, "Ana rolls the dice.");
        assert!(first.contains("Ben (greedy)"), "{first}");
    }
    // Cy's r on Ana's turn rolls for nobody.
    tmux.keys("cy", &["r"]);
    tmux.wait_for("cy", "That is Ana's to do: you play Cy.");
    assert!(tmux.screen("ana").contains("Rolled:     —"));
    play_dice_to_the_end(&tmux, &PANES, GAME_WAIT);
    for (pane, _, _) in PANES {
        let screen = tmux.wait_for(pane, "Game over");
        assert!(screen.contains('★'), "{screen}");
    }
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(host.save()).unwrap()).unwrap();
    assert_eq!(
        saved["game"]["finished"],
        serde_json::json!(true),
        "the save ends the game"
    );
    // Both people played from their panes: each rolled, and each harvested at least once.
    let actions = saved["game"]["actions"].as_array().unwrap();
    for (_, name, seat) in PANES {
        let took = |kind: &str| {
            actions
                .iter()
                .any(|a| a["player"] == serde_json::json!(seat) && a["type"] == kind)
        };
        assert!(took("roll") && took("harvest"), "{name}: {actions:?}");
    }
    // Both leave: the quit question, then their terminals are given back.
    for (pane, _, _) in PANES {
        tmux.quit(pane);
        tmux.wait_for(pane, "EXITED 0");
    }
    assert!(tmux.screen("cy").contains("The game is over."));
    assert_eq!(host.wait(), Some(0), "the host ends after the game");
}
