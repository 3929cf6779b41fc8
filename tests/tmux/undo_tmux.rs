//! The real binary in tmux: `u` takes a planting back, the log and the save file follow,
//! and a turn-over cannot be taken back.

use crate::support::tmux::{Tmux, command, has_tmux};

#[test]
fn take_back_a_planting_in_tmux() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("undo");
    t.start(
        "play",
        &command(
            dir.path(),
            "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
        ),
    );
    t.wait_for("play", "Pass to Ana — press");
    t.take_seat("play", "1");
    t.wait_for("play", "Ana's hand");
    t.keys("play", &["Enter"]);
    t.wait_for("play", "Ana planted Chili in field 1.");
    t.keys("play", &["u"]);
    t.wait_for("play", "Ana took back: planted Chili in field 1.");
    // Planted again, then the cards turned over: that cannot be taken back.
    t.keys("play", &["Enter"]);
    t.wait_for("play", "Ana planted Chili in field 1.");
    t.keys("play", &["t"]);
    t.wait_for("play", "Ana trades.");
    t.keys("play", &["u"]);
    t.wait_for(
        "play",
        "Cannot take back: the top two cards were turned over.",
    );
    t.keys("play", &["q"]);
    t.wait_for("play", "Quit? The game is saved");
    t.keys("play", &["y"]);
    t.wait_for("play", "EXITED 0");
    let saves: Vec<_> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let text = std::fs::read_to_string(&saves[0]).unwrap();
    let saved = bohnanza::store::decode(&text).unwrap();
    let types: Vec<String> = saved
        .actions
        .iter()
        .map(|a| a["type"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        types,
        ["plant", "turn_over"],
        "the move taken back is not on disk"
    );
}
