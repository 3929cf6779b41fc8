//! The coach in a real terminal, as a new player meets it: `!` on Ana's turn, the tutor's
//! question before a costly move (Esc thinks again, the hint, then the move once more), the
//! game played to its end, `r` for the review on the final scores, and Enter on its first
//! entry to try that decision again.

use crate::support::card_screen::{config_for, game, press};
use crate::support::tmux::{Tmux, command, has_tmux};
use bohnanza::cards::bots::names::GREEDY;
use bohnanza::cards::screen::CardTable;
use bohnanza::cards::{Phase, Position};
use bohnanza::game::SeatKind;
use bohnanza::ui::{App, Theme};

const SEED: u64 = 5;

/// Ana and two greedy bots at `position`, as `--position` opens it (every hand shown), the
/// tutor on.
fn at(position: &Position) -> App {
    let mut c = config_for("base", 3, SEED, true);
    c.seats = vec![
        SeatKind::Human,
        SeatKind::Bot(GREEDY),
        SeatKind::Bot(GREEDY),
    ];
    let mut a = App::playing(
        CardTable::at_position(c, position.clone(), None).unwrap(),
        Theme::plain(),
    );
    a.set_tutor(true);
    a
}

/// A position late in a greedy game where Ana trades and the tutor asks before she ends
/// trading: the last such one, so the game ends soon after.
fn costly_end_of_trading() -> Position {
    let mut c = config_for("base", 3, SEED, true);
    c.seats = vec![SeatKind::Bot(GREEDY); 3];
    let mut g = CardTable::new(c, None).unwrap();
    let mut trading = Vec::new();
    while !g.state.is_over() {
        let s = &g.state;
        if s.active_player() == 0
            && s.phase() == Phase::Trade
            && s.must_plant_received_cards().is_none()
            && s.offers().is_empty()
        {
            trading.push(s.position());
        }
        assert!(g.play_bot(), "the bots play on");
    }
    for p in trading.iter().rev() {
        let mut a = at(p);
        a.run_bots();
        a.think_all();
        press(&mut a, "e");
        if game(&a).shell.coach.question().is_some() {
            return p.clone();
        }
    }
    panic!("no position where ending trading costs Ana");
}

/// Esc, then a pause: a key sent straight after it would be read with it as Alt and the key.
fn escape(t: &Tmux, s: &str) {
    t.keys(s, &["Escape"]);
    std::thread::sleep(std::time::Duration::from_millis(300));
}

/// Plays Ana's moves with the keys the bottom line offers, answering the tutor "do it
/// anyway", until the final scores show.
fn play_to_the_end(t: &Tmux, s: &str) -> String {
    for _ in 0..400 {
        std::thread::sleep(std::time::Duration::from_millis(150));
        let screen = t.screen(s);
        if screen.contains("The end of the game") {
            return screen;
        }
        let bar = screen
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        // Enter answers the tutor "do it anyway", and plants or harvests.
        let enter = ["The tutor asks", "Enter plant", "Enter harvest"];
        let key = if enter.iter().any(|e| screen.contains(e)) {
            "Enter"
        } else if bar.contains("t turn over") {
            "t"
        } else if bar.contains("e end trading") {
            "e"
        } else if bar.contains("d decline") {
            "d"
        } else {
            continue;
        };
        t.keys(s, &[key]);
    }
    panic!("the game should end: {}", t.screen(s));
}

#[test]
fn a_new_player_meets_the_hint_the_tutor_and_the_review_in_tmux() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the coach's end-to-end test did not run");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("late.json");
    std::fs::write(
        &file,
        serde_json::to_string(&costly_end_of_trading()).unwrap(),
    )
    .unwrap();
    let t = Tmux::new("coach");
    let s = "coach";
    let args = format!(
        "--position '{}' --seats human,greedy,greedy --names Ana,Ben,Cy --seed {SEED} --tutor",
        file.display()
    );
    t.start(s, &command(dir.path(), &args));
    let table = t.wait_for(s, "e end trading");
    assert!(table.contains("! hint"), "{table}");
    // The hint: a progress line, then the top choices in the game's words.
    t.keys(s, &["!"]);
    let hint = t.wait_for(s, "$ expected 8 turns on (");
    assert!(hint.contains("Hint for Ana"), "{hint}");
    assert!(hint.contains(" 1. "), "{hint}");
    escape(&t, s);
    // The tutor asks before ending trading; Esc thinks again, ! shows the hint.
    t.keys(s, &["e"]);
    let asked = t.wait_for(s, "The tutor asks");
    assert!(asked.contains("End trading?"), "{asked}");
    assert!(asked.contains("? Against"), "{asked}");
    t.keys(s, &["!"]);
    t.wait_for(s, "Hint for Ana");
    escape(&t, s);
    // Asked once: ending trading again is done at once.
    t.keys(s, &["e"]);
    t.wait_for(s, "Trading ended");
    let over = play_to_the_end(&t, s);
    assert!(over.contains("r review"), "{over}");
    // The review, with its progress, then the costliest decisions.
    t.keys(s, &["r"]);
    let review = t.wait_for(s, "Review: the costliest decisions");
    let list = if review.contains("Better:") || review.contains("No decision cost") {
        review
    } else {
        let start = std::time::Instant::now();
        loop {
            let screen = t.screen(s);
            if screen.contains("Better:") || screen.contains("No decision cost") {
                break screen;
            }
            assert!(start.elapsed().as_secs() < 60, "the review ends: {screen}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    };
    // The decision the tutor asked about is listed, whatever the review's first few deals
    // said of it: the review judges it on the hint's own deals, as the tutor did (this
    // game's review listed nothing before).
    assert!(!list.contains("No decision cost"), "{list}");
    assert!(list.contains("Ana, turn"), "Ana's decisions: {list}");
    // Enter opens the first again, and the hint says what was done in the game.
    t.keys(s, &["Enter"]);
    t.wait_for(s, "Trying again");
    t.keys(s, &["!"]);
    let again = t.wait_for(s, "In the game:");
    assert!(again.contains("Hint for Ana"), "{again}");
    escape(&t, s);
    // Issue 36: `q` leaves the trial for the review, not the program; Esc closes the review
    // and `q` on the final scores quits.
    t.keys(s, &["q"]);
    t.wait_for(s, "Back from the trial");
    t.wait_for(s, "Review: the costliest decisions");
    escape(&t, s);
    t.keys(s, &["q"]);
    t.wait_for(s, "EXITED 0");
}
