//! The real binary in a real terminal: tmux plays a game as people would, quits, and resumes.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of our own (its own socket), killed when the test ends.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts `command` in a 120×40 window; the shell stays after it exits so its last
    /// words can be read.
    fn start(&self, session: &str, command: &str) {
        let shell = format!("{command}; echo EXITED $?; sleep 60");
        self.run(&[
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            "120",
            "-y",
            "40",
            "sh",
            "-c",
            &shell,
        ]);
    }

    fn screen(&self, session: &str) -> String {
        self.run(&["capture-pane", "-p", "-t", session])
    }

    /// Waits until the screen shows `text`, and returns the screen.
    fn wait_for(&self, session: &str, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen(session);
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(15) {
                panic!("waited for {text:?}; the screen shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Sends keys: tmux key names ("Enter", "Space") or literal text.
    fn keys(&self, session: &str, keys: &[&str]) {
        for k in keys {
            let named = matches!(
                *k,
                "Enter" | "Space" | "Escape" | "Tab" | "Up" | "Down" | "Left" | "Right"
            );
            if named {
                self.run(&["send-keys", "-t", session, k]);
            } else {
                self.run(&["send-keys", "-t", session, "-l", k]);
            }
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

fn has_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn command(dir: &Path, args: &str) -> String {
    format!(
        "BOHNANZA_DATA_DIR='{}' TERM=xterm-256color '{}' {args}",
        dir.display(),
        env!("CARGO_BIN_EXE_bohnanza")
    )
}

#[test]
fn plant_trade_quit_and_resume_in_tmux() {
    if !has_tmux() {
        eprintln!(
            "NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux {
        socket: format!("bohnanza-e2e-{}", std::process::id()),
    };

    // A new game straight from the flags.
    t.start(
        "play",
        &command(
            dir.path(),
            "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
        ),
    );
    t.wait_for("play", "Pass to Ana — press Enter");
    t.keys("play", &["Enter"]);
    t.wait_for("play", "Ana's hand");
    // Plant the front card, then turn over instead of a second plant.
    t.keys("play", &["Enter"]);
    t.wait_for("play", "Ana planted Chili in field 1.");
    t.keys("play", &["t"]);
    t.wait_for("play", "Ana trades. Nobody wants to trade?");
    // Give the first turned-over card to Ben; Ben accepts; Ana takes the seat back.
    t.keys("play", &["o", "Space", "Enter"]);
    let handoff = t.wait_for("play", "Pass to Ben — press Enter");
    assert!(
        !handoff.contains("Ana's hand"),
        "no hand behind the hand-off:\n{handoff}"
    );
    t.keys("play", &["Enter"]);
    t.wait_for("play", "Ben, Ana makes you an offer");
    t.keys("play", &["a"]);
    t.wait_for("play", "Ana donated Stink to Ben.");
    t.keys("play", &["Enter"]);
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
    assert!(dir.path().join("last-game.json").exists());

    // Resume: Ben still has the Stink to plant in phase 3.
    t.start("resume", &command(dir.path(), "--resume"));
    t.wait_for("resume", "Game resumed.");
    t.wait_for("resume", "Ben plants Stink.");
    t.keys("resume", &["Enter"]);
    t.wait_for("resume", "Pass to Ben — press Enter");
    t.keys("resume", &["Enter"]);
    t.wait_for("resume", "Ben's hand");
    t.keys("resume", &["q", "y"]);
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
    let t = Tmux {
        socket: format!("bohnanza-e2e-talk-{}", std::process::id()),
    };
    t.start(
        "talk",
        &command(
            dir.path(),
            "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
        ),
    );
    t.wait_for("talk", "Pass to Ana — press Enter");
    t.keys("talk", &["Enter", "Enter", "t"]);
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
    t.wait_for("talk", "Pass to Ben — press Enter");
    t.keys("talk", &["Enter"]);
    t.wait_for("talk", "Ben, Ana makes you an offer");
    t.keys("talk", &["a"]);
    t.wait_for("talk", "Pass to Ana — press Enter");
    t.keys("talk", &["Enter"]);
    let screen = t.wait_for("talk", "Ana traded Stink to Ben for Blue.");
    assert!(
        screen.contains("Ana → Ben [S] Stink for [B] Blue  ✓ accepted"),
        "{screen}"
    );
    t.keys("talk", &["q", "y"]);
    t.wait_for("talk", "EXITED 0");
}
