//! The real binary in a real terminal, driven through tmux as a person would.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A tmux server of our own (its own socket), killed when the test ends.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// A server for the test called `name`. Every tmux test shares one binary and so one
    /// process id; a count kept per process makes each server's socket its own even when two
    /// tests pick the same name, so tests run side by side.
    pub fn new(name: &str) -> Tmux {
        static SERVERS: AtomicUsize = AtomicUsize::new(0);
        let n = SERVERS.fetch_add(1, Ordering::Relaxed);
        Tmux {
            socket: format!("bohnanza-{name}-{}-{n}", std::process::id()),
        }
    }

    pub fn run(&self, args: &[&str]) -> String {
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
    pub fn start(&self, session: &str, command: &str) {
        let shell = format!("{command}; echo EXITED $?; sleep 60");
        self.start_raw(session, &["sh", "-c", &shell]);
    }

    /// Starts `argv` in a 120×40 window.
    pub fn start_raw(&self, session: &str, argv: &[&str]) {
        let mut args = vec!["new-session", "-d", "-s", session, "-x", "120", "-y", "40"];
        args.extend_from_slice(argv);
        self.run(&args);
    }

    pub fn screen(&self, session: &str) -> String {
        self.run(&["capture-pane", "-p", "-t", session])
    }

    /// A tmux format for the pane (`#{cursor_flag}`, `#{alternate_on}`, `#{pane_pid}`).
    pub fn pane(&self, session: &str, format: &str) -> String {
        self.run(&["display-message", "-p", "-t", session, format])
            .trim()
            .to_string()
    }

    /// Waits until the screen shows `text`, and returns the screen.
    pub fn wait_for(&self, session: &str, text: &str) -> String {
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

    /// Sends keys: tmux key names ("Enter", "Space", "C-z") or literal text.
    pub fn keys(&self, session: &str, keys: &[&str]) {
        for k in keys {
            let named = matches!(
                *k,
                "Enter" | "Space" | "Escape" | "Tab" | "Up" | "Down" | "Left" | "Right" | "C-z"
            );
            if named {
                self.run(&["send-keys", "-t", session, k]);
            } else {
                self.run(&["send-keys", "-t", session, "-l", k]);
            }
        }
    }
}

impl Tmux {
    /// Quits the game on screen: `q` until the question shows (a hand-off ignores keys for
    /// a moment after it appears), then `y` (a window drops the keys typed before it is
    /// drawn, so `y` typed with `q` would be lost).
    pub fn quit(&self, session: &str) {
        self.pressed_until(session, "q", |screen| screen.contains("Quit?"));
        self.keys(session, &["y"]);
    }

    /// Presses `key` until the screen shows what `done` looks for, and returns that screen:
    /// again when a second has passed without it (the key was dropped, not just slow), for
    /// 15 s at most.
    fn pressed_until(&self, session: &str, key: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            self.keys(session, &[key]);
            let pressed = Instant::now();
            while pressed.elapsed() < Duration::from_secs(1) {
                std::thread::sleep(Duration::from_millis(50));
                let screen = self.screen(session);
                if done(&screen) {
                    return screen;
                }
            }
            if start.elapsed() > Duration::from_secs(15) {
                panic!(
                    "{key} pressed for 15 s did not do it:\n{}",
                    self.screen(session)
                );
            }
        }
    }

    /// Takes the seat of the hand-off on screen with `key` (the player's initial or seat
    /// number): a hand-off ignores keys for a moment after it appears, so the key is pressed
    /// again until the hand-off has gone.
    pub fn take_seat(&self, session: &str, key: &str) {
        self.pressed_until(session, key, |screen| !screen.contains("Pass to "));
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

pub fn has_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The shell command running the game with its data in `dir`.
pub fn command(dir: &Path, args: &str) -> String {
    format!(
        "BOHNANZA_DATA_DIR='{}' TERM=xterm-256color '{}' {args}",
        dir.display(),
        env!("CARGO_BIN_EXE_bohnanza")
    )
}
