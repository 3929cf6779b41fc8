//! The terminal is always given back, and saves never lie, tried on the real binary in tmux:
//! SIGTERM, SIGHUP and SIGINT restore the terminal with the game on disk; Ctrl-Z and
//! SIGTSTP suspend cleanly and `fg` redraws; a read-only data directory is said on screen
//! and at quitting; `--resume` with several unfinished games asks which.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::card_screen;
use crate::support::tmux::{Tmux, command, has_tmux};
use bohnanza::cards::screen::CardTable;
use bohnanza::game::SeatKind;
use bohnanza::store::{self, Saver, library};

fn skip_without_tmux() -> bool {
    if has_tmux() {
        return false;
    }
    eprintln!("NOTE: tmux is not installed, so the end-to-end test did not run (CI installs it)");
    true
}

/// The game's process id: the child of the pane's shell.
fn game_pid(t: &Tmux, session: &str) -> String {
    let shell = t.pane(session, "#{pane_pid}");
    let start = Instant::now();
    loop {
        let children =
            std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).unwrap();
        if let Some(pid) = children.split_whitespace().next() {
            return pid.to_string();
        }
        assert!(start.elapsed() < Duration::from_secs(10), "no game process");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn signal(pid: &str, name: &str) {
    let ok = Command::new("kill")
        .args([&format!("-{name}"), pid])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -{name} {pid}");
}

/// The terminal is a shell's again: the normal screen, the cursor shown.
fn assert_given_back(t: &Tmux, session: &str) {
    assert_eq!(
        t.pane(session, "#{alternate_on}"),
        "0",
        "the alternate screen is left"
    );
    assert_eq!(
        t.pane(session, "#{cursor_flag}"),
        "1",
        "the cursor is shown"
    );
}

/// `stty -a` output says the line discipline is a shell's: canonical input, echo.
fn assert_cooked(screen: &str) {
    let words: Vec<&str> = screen.split_whitespace().collect();
    assert!(
        words.contains(&"icanon") && words.contains(&"echo"),
        "{screen}"
    );
}

fn the_only_save(dir: &Path) -> store::SavedGame {
    let (games, problems) = library::list(dir);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games.len(), 1);
    games.into_iter().next().unwrap().game
}

#[test]
fn sigterm_sighup_and_sigint_give_the_terminal_back_with_the_game_on_disk() {
    if skip_without_tmux() {
        return;
    }
    let t = Tmux::new("signals");
    for (name, status) in [("TERM", 143), ("HUP", 129), ("INT", 130)] {
        let dir = tempfile::tempdir().unwrap();
        let game = command(
            dir.path(),
            "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
        );
        let shell = format!("{game}; echo EXITED $?; stty -a; sleep 60");
        t.start_raw(name, &["sh", "-c", &shell]);
        t.wait_for(name, "Pass to Ana — press");
        t.take_seat(name, "1");
        t.wait_for(name, "Ana's hand");
        t.keys(name, &["Enter"]);
        t.wait_for(name, "Ana planted");
        signal(&game_pid(&t, name), name);
        let after = t.wait_for(name, &format!("EXITED {status}"));
        assert!(after.contains(&format!("ended by SIG{name}")), "{after}");
        assert!(after.contains("The game is saved in"), "{after}");
        assert_given_back(&t, name);
        assert_cooked(&t.wait_for(name, "icanon"));
        assert_eq!(
            the_only_save(dir.path()).actions.len(),
            1,
            "the plant is on disk"
        );
    }
}

#[test]
fn closing_the_window_ends_the_game_with_its_moves_on_disk() {
    if skip_without_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("close");
    t.start(
        "win",
        &command(
            dir.path(),
            "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
        ),
    );
    t.wait_for("win", "Pass to Ana — press");
    t.take_seat("win", "1");
    t.wait_for("win", "Ana's hand");
    t.keys("win", &["Enter"]);
    t.wait_for("win", "Ana planted");
    let pid = game_pid(&t, "win");
    t.run(&["kill-session", "-t", "win"]);
    let start = Instant::now();
    while Path::new(&format!("/proc/{pid}")).exists() {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        if state.split_whitespace().nth(2) == Some("Z") {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the game is still running"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        the_only_save(dir.path()).actions.len(),
        1,
        "the plant is on disk"
    );
}

#[test]
fn ctrl_z_and_sigtstp_suspend_cleanly_and_fg_redraws() {
    if skip_without_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("suspend");
    let s = "job";
    t.start_raw(s, &["bash", "--norc", "--noprofile", "-i"]);
    t.keys(s, &["PS1='ready$ '", "Enter"]);
    t.wait_for(s, "ready$");
    let game = command(
        dir.path(),
        "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
    );
    t.keys(s, &[&game, "Enter"]);
    t.wait_for(s, "Pass to Ana — press");
    let pid = game_pid(&t, s);
    for (round, stop) in ["Ctrl-Z", "SIGTSTP"].into_iter().enumerate() {
        if stop == "Ctrl-Z" {
            t.keys(s, &["C-z"]);
        } else {
            signal(&pid, "TSTP");
        }
        t.wait_for(s, "Stopped");
        assert_given_back(&t, s);
        t.keys(s, &["stty -a", "Enter"]);
        assert_cooked(&t.wait_for(s, "icanon"));
        // The shell's screen is cleared before `fg`, so the next "Stopped" is new.
        t.keys(s, &["clear; fg", "Enter"]);
        let back = t.wait_for(s, "Pass to Ana — press");
        assert!(
            !back.contains("Stopped"),
            "{stop}: the screen is drawn anew:\n{back}"
        );
        assert_eq!(t.pane(s, "#{alternate_on}"), "1", "{stop}, round {round}");
    }
    // The game goes on after both suspensions.
    t.take_seat(s, "1");
    t.wait_for(s, "Ana's hand");
    t.quit(s);
    // Nobody made a move: the game is not kept.
    t.wait_for(s, "Nothing was played, so the game is not kept.");
}

#[test]
fn a_read_only_data_directory_is_said_on_screen_and_at_quitting() {
    if skip_without_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let mode = |p: &Path, m: u32| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    };
    mode(dir.path(), 0o755);
    mode(&data, 0o555);
    let game = command(
        &data,
        "--variant base --players 3 --names Ana,Ben,Cy --seed 7",
    );
    // Root writes anywhere: the game runs as nobody then, as a player would.
    let root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    let game = if root {
        format!("setpriv --reuid=65534 --regid=65534 --clear-groups env {game}")
    } else {
        game
    };
    let t = Tmux::new("readonly");
    t.start("ro", &game);
    t.wait_for("ro", "Pass to Ana — press");
    t.take_seat("ro", "1");
    let screen = t.wait_for("ro", "NOT SAVED");
    assert!(
        screen.contains("nothing of this game is on disk"),
        "{screen}"
    );
    t.keys("ro", &["Enter"]);
    t.wait_for("ro", "Ana planted");
    t.wait_for("ro", "NOT SAVED");
    t.keys("ro", &["q"]);
    t.wait_for("ro", "Quit anyway? What is not on disk is lost.");
    t.keys("ro", &["y"]);
    let after = t.wait_for("ro", "EXITED 1");
    assert!(after.contains("The game is NOT saved in"), "{after}");
    assert!(!after.contains("The game is saved"), "{after}");
    mode(&data, 0o755);
}

#[test]
fn resume_with_several_unfinished_games_asks_which() {
    if skip_without_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for names in [["Ana", "Ben", "Cy"], ["Di", "Ed", "Flo"]] {
        let mut c = card_screen::config(3, 5, false);
        c.names = names.iter().map(|n| n.to_string()).collect();
        c.seats = vec![SeatKind::Human; 3];
        let saver = Saver::for_new_game(dir.path(), &c.ruleset.name, &c.names);
        CardTable::new(c, Some(saver)).unwrap();
        // Files a second apart are listed in the order they were played.
        std::thread::sleep(Duration::from_millis(1100));
    }
    let t = Tmux::new("pick");
    t.start("pick", &command(dir.path(), "--resume"));
    let list = t.wait_for("pick", "Which one (1-2, Enter for 1)?");
    assert!(
        list.contains("1. ") && list.contains("(Di, Ed, Flo; 0 moves)"),
        "{list}"
    );
    assert!(
        list.contains("2. ") && list.contains("(Ana, Ben, Cy; 0 moves)"),
        "{list}"
    );
    t.keys("pick", &["2", "Enter"]);
    t.wait_for("pick", "Pass to Ana — press");
    t.quit("pick");
    t.wait_for("pick", "EXITED 0");
}

/// The dice table on screen above its log: the dice, the bean field, every card.
fn dice_table_lines(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .take_while(|l| !l.starts_with("Log"))
        .map(str::trim_end)
        .collect()
}

#[test]
fn a_dice_game_quit_and_resumed_shows_the_same_table() {
    if skip_without_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("dicesave");
    t.start(
        "first",
        &command(
            dir.path(),
            "--variant dice --players 3 --seats human,human,human --names Ana,Ben,Cy --seed 7",
        ),
    );
    t.wait_for("first", "Ana rolls the dice.");
    t.keys("first", &["r"]);
    t.wait_for("first", "Ana saves at least one die just rolled.");
    t.keys("first", &["1", "Enter"]);
    let before = t.wait_for("first", "Ana saved die 1 in the bean field.");
    t.keys("first", &["q"]);
    t.wait_for("first", "The game is saved after every move");
    t.keys("first", &["y"]);
    let after = t.wait_for("first", "EXITED 0");
    assert!(after.contains("The game is saved in"), "{after}");
    assert_eq!(the_only_save(dir.path()).actions.len(), 2);

    t.start("again", &command(dir.path(), "--resume"));
    let resumed = t.wait_for("again", "Game resumed.");
    assert_eq!(dice_table_lines(&resumed), dice_table_lines(&before));
    assert!(
        resumed.contains("Ana saved die 1 in the bean field."),
        "{resumed}"
    );
    t.keys("again", &["r"]);
    t.wait_for("again", "Ana rolled");
    t.quit("again");
    t.wait_for("again", "EXITED 0");
    assert_eq!(
        the_only_save(dir.path()).actions.len(),
        3,
        "the roll is saved"
    );
}

/// A game played by a ruleset file named by a relative path keeps the file's whole path, so
/// `bohnanza export` run from any other folder names a file `bohnanza script` can read there,
/// and does not check the game against a file of the same name in the folder it is run from.
#[test]
fn a_ruleset_named_by_a_relative_path_is_saved_by_its_whole_path() {
    if skip_without_tmux() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules");
    std::fs::create_dir(&rules).unwrap();
    let base = concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/base.toml");
    std::fs::copy(base, rules.join("mine.toml")).unwrap();
    let t = Tmux::new("relative-ruleset");
    let game = command(
        dir.path(),
        "--ruleset mine.toml --players 3 --names Ana,Ben,Cy --seed 7",
    );
    t.start("s", &format!("cd '{}' && {game}", rules.display()));
    t.wait_for("s", "Pass to Ana — press");
    t.take_seat("s", "1");
    t.wait_for("s", "Ana's hand");
    t.keys("s", &["Enter"]);
    t.wait_for("s", "Ana planted");
    t.quit("s");
    t.wait_for("s", "EXITED 0");
    let saved = the_only_save(dir.path());
    let whole = rules.join("mine.toml");
    assert_eq!(saved.ruleset.origin, whole.display().to_string());
    let elsewhere = tempfile::tempdir().unwrap();
    std::fs::write(elsewhere.path().join("mine.toml"), "not the rules").unwrap();
    let (games, _) = library::list(dir.path());
    let out = Command::new(env!("CARGO_BIN_EXE_bohnanza"))
        .arg("export")
        .arg(&games[0].path)
        .current_dir(elsewhere.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let first = String::from_utf8(out.stdout).unwrap();
    assert!(
        first.contains(&format!("\"ruleset\":\"{}\"", whole.display())),
        "{first}"
    );
}
