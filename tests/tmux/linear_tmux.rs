//! The linear mode in a real terminal that cannot move its cursor: `TERM=dumb` alone
//! chooses it, and its output scrolls as lines (no alternate screen, no colour, earlier
//! lines kept above as the history grows).

use crate::support::tmux::{Tmux, has_tmux};

#[test]
fn term_dumb_plays_in_lines_that_scroll() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the linear mode's tmux test did not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("linear");
    let command = format!(
        "BOHNANZA_DATA_DIR='{}' TERM=dumb '{}' --variant base --seats human,normal,normal \
         --names Ana,Ben,Cy --seed 5",
        dir.path().display(),
        env!("CARGO_BIN_EXE_bohnanza")
    );
    t.start("linear", &command);
    t.wait_for("linear", "ask: Ana, type a number");
    assert_eq!(
        t.pane("linear", "#{alternate_on}"),
        "0",
        "no alternate screen"
    );
    let before: usize = t.pane("linear", "#{history_size}").parse().unwrap();
    for round in 0.. {
        let all = t.run(&["capture-pane", "-p", "-S", "-", "-t", "linear"]);
        if all.contains("event: Ben planted ") {
            break;
        }
        assert!(round < 60, "no bot's move after 60 rounds:\n{all}");
        for typed in ["look", "1"] {
            let asked = asks(&t);
            t.keys("linear", &[typed, "Enter"]);
            wait_for_ask(&t, asked);
        }
    }
    t.keys("linear", &["quit", "Enter"]);
    t.wait_for("linear", "EXITED 0");
    let after: usize = t.pane("linear", "#{history_size}").parse().unwrap();
    assert!(
        after > before,
        "the history grew from {before} to {after} lines"
    );
    let all = t.run(&["capture-pane", "-p", "-e", "-S", "-", "-t", "linear"]);
    assert!(
        !all.contains('\u{1b}'),
        "a colour or cursor escape in:\n{all}"
    );
    let first = all
        .find("say: A new game of Bohnanza")
        .expect("the first line is kept");
    let asked = all.find("ask: Ana, type a number").unwrap();
    let saved = all.find("say: The game is saved in").expect(&all);
    assert!(
        first < asked && asked < saved,
        "the lines stay in the order said:\n{all}"
    );
    assert!(
        all.contains("say: Your hand (Ana), front card first: "),
        "{all}"
    );
    assert!(
        all.contains("event: Ben planted "),
        "the bots' moves are told: {all}"
    );
}

/// How many times the whole history asks for a line.
fn asks(t: &Tmux) -> usize {
    let all = t.run(&["capture-pane", "-p", "-S", "-", "-t", "linear"]);
    all.matches("ask: ").count()
}

/// Waits until the program has asked again since `asked` asks.
fn wait_for_ask(t: &Tmux, asked: usize) {
    let start = std::time::Instant::now();
    while asks(t) <= asked {
        assert!(start.elapsed().as_secs() < 30, "no new ask after {asked}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
