//! The log in the real binary, driven through tmux: PgUp then End, the full-screen log
//! (`l`), and the mouse wheel. tmux cannot script a wheel (`send-keys -M` only replays a
//! mouse event it was bound to), so the wheel is the terminal's own report typed into the
//! pane (xterm's SGR form), which is what the program reads from a real terminal; the keys
//! and events are tested without a terminal in ui_log.rs and ui_log_dice.rs.

use crate::support::tmux::{Tmux, command, has_tmux};

/// The 1-based screen row just under the log pane's top border.
fn log_row(screen: &str) -> usize {
    screen
        .lines()
        .position(|l| l.contains("┌ Log"))
        .expect("the log pane shows")
        + 2
}

#[test]
fn page_up_end_the_whole_log_and_the_wheel_in_tmux() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("log");
    // Seven players at the smallest screen: a log pane of three lines.
    t.start(
        "log",
        &command(
            dir.path(),
            "--variant classic --players 7 --names Ana,Ben,Cy,Di,Ed,Flo,Gus --seed 3",
        ),
    );
    t.run(&["resize-window", "-t", "log", "-x", "80", "-y", "24"]);
    t.wait_for("log", "Pass to Ana — press");
    // Redrawn at the new size: the header shows the variant, the seed and the turn.
    t.wait_for("log", "classic · seed 3 · turn 1");
    // The mouse is reported for buttons and the wheel, never for its moves.
    assert_eq!(t.pane("log", "#{mouse_standard_flag}"), "1");
    assert_eq!(t.pane("log", "#{mouse_sgr_flag}"), "1");
    assert_eq!(t.pane("log", "#{mouse_all_flag}"), "0");
    assert_eq!(t.pane("log", "#{mouse_button_flag}"), "0");
    t.take_seat("log", "1");
    t.wait_for("log", "Ana's hand");
    t.keys("log", &["Enter"]);
    t.wait_for("log", "Ana planted");
    t.keys("log", &["t"]);
    let screen = t.wait_for("log", "Turned over");
    assert!(screen.contains("┌ Log ─"), "{screen}");

    t.run(&["send-keys", "-t", "log", "PPage"]);
    let back = t.wait_for("log", "End for the newest");
    assert!(back.contains("Log: lines 1–3 of "), "{back}");
    t.run(&["send-keys", "-t", "log", "End"]);
    t.wait_for("log", "┌ Log ─");

    t.keys("log", &["l"]);
    let full = t.wait_for("log", "Log · classic · seed 3 · turn 1");
    assert!(full.contains("Turn 1 — Ana"), "{full}");
    assert!(full.contains("Esc/l close"), "{full}");
    t.keys("log", &["Escape"]);
    let table = t.wait_for("log", "┌ Log ─");

    // The wheel over the log: up a notch, then down again.
    let row = log_row(&table);
    t.run(&[
        "send-keys",
        "-t",
        "log",
        "-l",
        &format!("\x1b[<64;10;{row}M"),
    ]);
    t.wait_for("log", "End for the newest");
    t.run(&[
        "send-keys",
        "-t",
        "log",
        "-l",
        &format!("\x1b[<65;10;{row}M"),
    ]);
    t.wait_for("log", "┌ Log ─");
    // The game goes on as before: Ana still chooses what to trade.
    t.keys("log", &["e"]);
    t.wait_for("log", "Trading ended");

    t.quit("log");
    t.wait_for("log", "EXITED 0");
    assert_eq!(t.pane("log", "#{mouse_any_flag}"), "0");
    assert_eq!(t.pane("log", "#{mouse_sgr_flag}"), "0");
}

#[test]
fn the_dice_log_scrolls_and_shows_whole_in_tmux() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("dicelog");
    t.start(
        "dice",
        &command(
            dir.path(),
            "--variant dice --players 3 --names Ana,Ben,Cy --seed 4",
        ),
    );
    t.run(&["resize-window", "-t", "dice", "-x", "80", "-y", "24"]);
    t.wait_for("dice", "dice · seed 4 · turn 1");
    // Roll, save the first die, roll again: more lines than the log's five.
    t.keys("dice", &["r"]);
    t.wait_for("dice", "Ana rolled");
    t.keys("dice", &["1", "Enter", "r"]);
    t.wait_for("dice", "Ana saved die 1");
    t.run(&["send-keys", "-t", "dice", "PPage"]);
    let back = t.wait_for("dice", "End for the newest");
    assert!(back.contains("Log: lines 1–"), "{back}");
    assert!(back.contains("── Ana's turn ──"), "{back}");
    t.run(&["send-keys", "-t", "dice", "End"]);
    t.keys("dice", &["l"]);
    let full = t.wait_for("dice", "Log · dice · seed 4 · turn 1");
    assert!(full.contains("Turn 1 — Ana"), "{full}");
    t.keys("dice", &["Escape"]);
    t.wait_for("dice", "1-5 choose");
    t.quit("dice");
    t.wait_for("dice", "EXITED 0");
}
