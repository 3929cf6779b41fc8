//! The real binary in a real terminal: tmux plays a game as people would, quits, and resumes.

use crate::support::tmux::{Tmux, command, has_tmux};

#[test]
fn plant_trade_quit_and_resume_in_tmux() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("e2e");

    // A new game straight from the flags.
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
    // Plant the front card, then turn over instead of a second plant.
    t.keys("play", &["Enter"]);
    t.wait_for("play", "Ana planted Chili in field 1.");
    t.keys("play", &["t"]);
    t.wait_for("play", "Ana trades. Nobody wants to trade?");
    // Give the first turned-over card to Ben; Ben accepts; Ana takes the seat back.
    t.keys("play", &["o", "Space", "Enter"]);
    let handoff = t.wait_for("play", "Pass to Ben — press");
    assert!(
        !handoff.contains("Ana's hand"),
        "no hand behind the hand-off:\n{handoff}"
    );
    t.take_seat("play", "2");
    t.wait_for("play", "Ben, Ana makes you an offer");
    t.keys("play", &["a"]);
    t.wait_for("play", "Ana donated Stink to Ben.");
    t.take_seat("play", "1");
    t.wait_for("play", "Ana trades.");
    // End trading; Ana plants the kept Green from the shared screen.
    t.keys("play", &["e"]);
    t.wait_for("play", "Ana plants Green.");
    t.keys("play", &["Enter"]);
    t.wait_for("play", "Ana planted Green in field 2.");
    // Quit: asked first, told the game is saved.
    t.keys("play", &["q"]);
    t.wait_for("play", "Quit? The game is saved");
    t.keys("play", &["y"]);
    let after = t.wait_for("play", "EXITED 0");
    assert!(after.contains("bohnanza --resume"), "{after}");
    let saves: Vec<_> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .collect();
    assert_eq!(saves.len(), 1, "one file for the one game");

    // Resume: Ben still has the Stink to plant in phase 3.
    t.start("resume", &command(dir.path(), "--resume"));
    t.wait_for("resume", "Game resumed.");
    t.wait_for("resume", "Ben plants Stink.");
    t.keys("resume", &["Enter"]);
    t.wait_for("resume", "Pass to Ben — press");
    t.take_seat("resume", "2");
    t.wait_for("resume", "Ben's hand");
    t.quit("resume");
    t.wait_for("resume", "EXITED 0");
}

#[test]
fn a_trade_by_letters_and_a_terminal_too_small_in_tmux() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("e2e-talk");
    t.start(
        "talk",
        &command(
            dir.path(),
            "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
        ),
    );
    t.wait_for("talk", "Pass to Ana — press");
    t.take_seat("talk", "1");
    t.keys("talk", &["Enter", "t"]);
    t.wait_for("talk", "Ana trades. Nobody wants to trade?");
    // Too small: the screen says so, and keys typed there do nothing.
    t.run(&["resize-window", "-t", "talk", "-x", "60", "-y", "20"]);
    t.wait_for("talk", "Bohnanza needs a bigger terminal.");
    t.keys("talk", &["e", "o"]);
    t.run(&["resize-window", "-t", "talk", "-x", "120", "-y", "40"]);
    let screen = t.wait_for("talk", "Ana trades. Nobody wants to trade?");
    assert!(!screen.contains("Trading ended"), "{screen}");
    // "Stink for a Blue?" to Ben: o, Space, b, Enter; Ben takes the seat and accepts;
    // Ana takes the seat back. Seven keys.
    t.keys("talk", &["o", "Space", "b", "Enter"]);
    t.wait_for("talk", "Pass to Ben — press");
    t.take_seat("talk", "2");
    t.wait_for("talk", "Ben, Ana makes you an offer");
    t.keys("talk", &["a"]);
    t.wait_for("talk", "Pass to Ana — press");
    t.take_seat("talk", "1");
    let screen = t.wait_for("talk", "Ana traded Stink to Ben for Blue.");
    assert!(
        screen.contains("Ana → Ben [S] Stink for [B] Blue  ✓ accepted"),
        "{screen}"
    );
    t.quit("talk");
    t.wait_for("talk", "EXITED 0");
}
