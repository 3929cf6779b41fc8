//! The dice table the host serves to joined seats (`bohnanza join`, a guest over SSH), drawn
//! on the host from its own game: the same table, keys and log as the hot-seat dice
//! screen, its keys acting for its own seat alone, and a whole game played to its end
//! through two served screens and a bot. In process (the relay over TCP is in
//! `host_screen_relay`, the real terminals in `tests/tmux/join_dice_tmux.rs`).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use bohnanza::dice::TurnPhase;
use bohnanza::dice::screen::{DiceMode, DiceTable};
use bohnanza::host::screen::seat::{catch_up, seat_app};
use bohnanza::host::tcp::{Shared, lock};
use bohnanza::ui::{App, Overlay, Theme};

use super::host_screens::shared_host;
use crate::support::card_screen::render;

/// The screen the host serves to `seat`.
fn screen(host: &Shared, seat: usize) -> App {
    let locked = lock(host);
    seat_app(&locked, host, seat, Theme::plain()).unwrap()
}

fn table(app: &App) -> &DiceTable {
    app.shown::<DiceTable>().unwrap()
}

/// Types `keys` at a screen, which then catches up with the host, as the relay does.
fn type_keys(app: &mut App, host: &Shared, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            '\x1b' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
        catch_up(app, host).unwrap();
    }
}

/// The refusal on a screen's message line, if any.
fn refusal(app: &App) -> Option<String> {
    table(app).shell.message.clone().map(|(text, _)| text)
}

#[test]
fn a_served_dice_seat_shows_the_table_and_acts_for_its_own_seat_alone() {
    let host = shared_host("dice", &["human", "human", "greedy"], 7);
    let (mut ana, mut ben) = (screen(&host, 0), screen(&host, 1));
    insta::assert_snapshot!("join_dice_ben_before", render(&ben, 100, 30));
    // Ana's turn: Ben's r rolls for nobody.
    type_keys(&mut ben, &host, "r");
    assert_eq!(lock(&host).seq(), 0);
    assert_eq!(
        refusal(&ben).as_deref(),
        Some("That is Ana's to do: you play Ben.")
    );
    // The coach's hint is for the seat's own decisions only.
    type_keys(&mut ben, &host, "!");
    assert!(table(&ben).shell.coach.hint.is_none());
    type_keys(&mut ana, &host, "!");
    let hint = table(&ana).shell.coach.hint.as_ref().expect("Ana's hint");
    assert_eq!(hint.decision.player, 0);
    type_keys(&mut ana, &host, "\x1br");
    assert_eq!(lock(&host).seq(), 1, "Ana rolled");
    assert_eq!(table(&ana).actions_seen(), 1, "her own roll came back");
    catch_up(&mut ben, &host).unwrap();
    assert_eq!(table(&ben).state.phase(), TurnPhase::Save);
    let shown = render(&ben, 100, 30);
    assert!(
        shown.contains("Ana saves at least one die just rolled."),
        "{shown}"
    );
    insta::assert_snapshot!("join_dice_ben_after_roll", shown);
    // Ben may neither choose Ana's dice, nor harvest for her, nor take back her roll.
    type_keys(&mut ben, &host, "1\n");
    assert_eq!(lock(&host).seq(), 1);
    assert_eq!(table(&ben).controls.chosen_dice(), Vec::<usize>::new());
    type_keys(&mut ben, &host, "h1");
    assert_eq!(table(&ben).controls.mode, DiceMode::Table);
    assert_eq!(
        refusal(&ben).as_deref(),
        Some("That is Ana's to do: you play Ben.")
    );
    type_keys(&mut ana, &host, "u");
    assert_eq!(
        refusal(&ana).as_deref(),
        Some("A move played over the network stays played: nobody takes it back.")
    );
    // Ana saves a die from her screen; the save reaches Ben's.
    let die = table(&ana).state.field().unsaved()[0];
    type_keys(&mut ana, &host, &format!("{}\n", die + 1));
    assert_eq!(lock(&host).seq(), 2, "Ana saved die {}", die + 1);
    catch_up(&mut ben, &host).unwrap();
    assert_eq!(table(&ben).state, table(&ana).state);
}

#[test]
fn a_served_seat_harvests_only_for_itself_and_says_why_not_in_the_rulebooks_words() {
    let host = shared_host("dice", &["human", "human"], 7);
    let mut ben = screen(&host, 1);
    type_keys(&mut ben, &host, "h2");
    assert_eq!(lock(&host).seq(), 0);
    assert_eq!(
        refusal(&ben).as_deref(),
        Some("Ben has completed 0 orders: a harvest needs at least 3")
    );
}

#[test]
fn the_quit_question_of_a_served_seat_says_the_host_keeps_the_game() {
    let host = shared_host("dice", &["human", "human"], 7);
    let mut ana = screen(&host, 0);
    type_keys(&mut ana, &host, "q");
    assert_eq!(ana.overlay, Some(Overlay::ConfirmQuit));
    let shown = render(&ana, 80, 24);
    assert!(
        shown.contains("Quit? The host keeps the game and your seat:"),
        "{shown}"
    );
}

/// The key a patient player at `app`'s seat presses now: on their own turn roll, save the
/// first die just rolled, pass; harvest their own orders whenever they may. `None` while
/// nothing is theirs to do.
fn patient_key(app: &App) -> Option<String> {
    let t = table(app);
    let seat = t.served_seat().unwrap();
    let state = &t.state;
    if state.may_harvest(seat) {
        return Some(format!("h{}\n", seat + 1));
    }
    if state.active() != seat {
        return None;
    }
    Some(match state.phase() {
        TurnPhase::Roll => "r".into(),
        TurnPhase::Pass => "p".into(),
        TurnPhase::Save => format!("{}\n", state.field().unsaved()[0] + 1),
        TurnPhase::Over => return None,
    })
}

#[test]
fn two_served_screens_and_a_bot_play_a_whole_dice_game() {
    let host = shared_host("dice", &["human", "greedy", "human"], 11);
    let mut screens = [(0, screen(&host, 0)), (2, screen(&host, 2))];
    let mut presses = 0;
    while !lock(&host).is_over() {
        assert!(presses < 5_000, "the game did not end ({presses} keys)");
        let mut pressed = false;
        for (_, app) in &mut screens {
            catch_up(app, &host).unwrap();
            if let Some(keys) = patient_key(app) {
                type_keys(app, &host, &keys);
                presses += 1;
                pressed = true;
            }
        }
        assert!(pressed || lock(&host).is_over(), "nobody could move");
    }
    let record = lock(&host).record().clone();
    assert!(record.finished);
    for (seat, app) in &mut screens {
        catch_up(app, &host).unwrap();
        let t = table(app);
        assert_eq!(t.actions_seen(), record.actions.len(), "seat {seat}");
        assert!(t.state.outcome().is_some(), "seat {seat}");
        let shown = render(app, 100, 30);
        assert!(shown.contains("Game over"), "{shown}");
    }
    let (ana, cy) = (table(&screens[0].1), table(&screens[1].1));
    assert_eq!(ana.state, cy.state);
    assert_eq!(
        ana.shell.log, cy.shell.log,
        "both screens tell the same game"
    );
}
