//! The coach on screen: the hint window (`!`) at the card table of every built-in variant
//! and at the dice table, its snapshots, the tutor's question, the review after the game,
//! and that nothing of the hint shows across a hand-off.

use crate::support::card_screen::*;
use crate::support::dice_screen;
use bohnanza::cards::screen::{Handoff, Mode};
use bohnanza::dice::bots::names;
use bohnanza::game::SeatKind;
use bohnanza::rulesets;
use bohnanza::ui::coach::CoachedTable;
use bohnanza::ui::{App, Theme};

const H: SeatKind = SeatKind::Human;
const G: SeatKind = SeatKind::Bot(names::GREEDY);
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn snap(name: &str, app: &App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

/// Takes the seat if a hand-off waits, asks for the hint and lets the coach finish.
fn ask_hint(app: &mut App) {
    if game(app).handoff().is_some() {
        take_seat(app);
    }
    press(app, "!");
    app.think_all();
}

/// Ana (seed 7, 4 players) has planted her first card: plant the second, or turn over?
fn second_card() -> App {
    let mut a = app(4, 7);
    press(&mut a, "🪑\n");
    a
}

#[test]
fn a_hint_at_the_table_of_every_built_in_variant() {
    for b in rulesets::BUILT_IN {
        let players = rulesets::load(b.name)
            .unwrap()
            .player_counts()
            .next()
            .unwrap();
        let mut a = app_for(b.name, players, 5);
        ask_hint(&mut a);
        let screen = render(&a, 120, 40);
        let who = game(&a).shell.names[game(&a).viewer().unwrap()].clone();
        assert!(
            screen.contains(&format!("Hint for {who}")),
            "{}: {screen}",
            b.name
        );
        assert!(
            screen.contains(" 1. "),
            "{}: a first choice: {screen}",
            b.name
        );
        assert!(
            screen.contains("$ expected 8 turns on ("),
            "{}: {screen}",
            b.name
        );
        assert!(screen.contains("% "), "{}: {screen}", b.name);
        press(&mut a, "\x1b");
        assert!(!render(&a, 120, 40).contains("Hint for"), "{}", b.name);
    }
}

#[test]
fn a_hint_at_the_dice_table() {
    let mut a = dice_screen::app(3, 4, Theme::colored());
    dice_screen::type_keys(&mut a, "r!");
    a.think_all();
    let screen = render(&a, 80, 24);
    assert!(screen.contains("Hint for Ana"), "{screen}");
    assert!(screen.contains(" 1. "), "{screen}");
    assert!(screen.contains("$ expected at the end ("), "{screen}");
    insta::assert_snapshot!("dice_hint_80x24", screen);
    dice_screen::type_keys(&mut a, "x");
    assert!(!render(&a, 80, 24).contains("Hint for"));
}

/// The chances to win the hint window shows, top to bottom.
fn chances_shown(screen: &str) -> Vec<u32> {
    screen
        .split("wins ")
        .skip(1)
        .filter_map(|s| s.split('%').next()?.trim().parse().ok())
        .collect()
}

#[test]
fn the_dice_hint_says_its_ranking_and_its_order_keeps_it() {
    use bohnanza::coach::RANKING;
    for seed in [4, 5, 6] {
        let mut a = dice_screen::app(3, seed, Theme::plain());
        dice_screen::type_keys(&mut a, "r!");
        a.think_all();
        let screen = render(&a, 120, 40);
        assert!(screen.contains(&format!("ranked by {RANKING}")), "{screen}");
        assert_eq!(RANKING, "chance to win, then $");
        let shown = chances_shown(&screen);
        assert!(shown.len() >= 2, "{screen}");
        assert!(
            shown.windows(2).all(|w| w[0] >= w[1]),
            "{shown:?}: {screen}"
        );
    }
}

#[test]
fn the_hint_window_at_both_sizes() {
    let mut a = second_card();
    ask_hint(&mut a);
    snap("hint", &a);
}

#[test]
fn the_hint_is_the_same_for_the_same_decision() {
    let (mut a, mut b) = (second_card(), second_card());
    ask_hint(&mut a);
    ask_hint(&mut b);
    assert_eq!(render(&a, 120, 40), render(&b, 120, 40));
}

#[test]
fn the_hint_shows_its_progress_and_esc_stops_it() {
    let mut a = second_card();
    press(&mut a, "!");
    assert!(a.thinking());
    let screen = render(&a, 80, 24);
    assert!(screen.contains("Thinking… 0 of"), "{screen}");
    assert!(screen.contains("Esc stop thinking"), "{screen}");
    a.think(std::time::Duration::from_millis(1));
    press(&mut a, "\x1b");
    assert!(!a.thinking(), "Esc stops the search");
    assert!(game(&a).shell.coach.hint.is_none());
}

#[test]
fn the_hint_never_shows_across_a_hand_off() {
    let mut a = app(4, 7);
    // The hand-off screen: nobody's hand is shown, so there is no hint to give.
    press(&mut a, "!");
    assert!(game(&a).shell.coach.hint.is_none());
    let screen = render(&a, 80, 24);
    assert!(!screen.contains("Hint for"), "{screen}");
    // A hint open when the seat is to be handed on is not drawn behind the hand-off.
    press(&mut a, "🪑!");
    a.think_all();
    assert!(render(&a, 80, 24).contains("Hint for Ana"));
    let g = game_mut(&mut a);
    g.keyboard_mut().hand_off(Handoff {
        to: 1,
        reason: "It is Ben's turn.".into(),
    });
    let screen = render(&a, 80, 24);
    assert!(!screen.contains("Hint for"), "{screen}");
    assert!(!screen.contains("expected"), "{screen}");
}

/// A person and two greedy bots (seed 3), the tutor on: a lazy person plays until the
/// tutor asks, thinking between keys as the screen does.
fn until_the_tutor_asks() -> App {
    let mut a = app_with_seats("base", &[H, G, G], 3);
    a.set_tutor(true);
    for _ in 0..2000 {
        a.run_bots();
        a.think_all();
        if game(&a).shell.coach.question().is_some() {
            return a;
        }
        assert!(*game(&a).mode() != Mode::GameOver, "the tutor should ask");
        let k = lazy_key(&a);
        press(&mut a, &k);
    }
    panic!("the tutor never asked");
}

#[test]
fn the_tutor_asks_once_before_a_costly_move() {
    let mut a = until_the_tutor_asks();
    let before = game(&a).shell.record.actions.len();
    let q = game(&a).shell.coach.question().unwrap().clone();
    assert!(q.text.contains("? Against \""), "{}", q.text);
    assert!(
        q.text.contains("less often") || q.text.contains("poorer"),
        "{}",
        q.text
    );
    snap("tutor_question", &a);
    // Other keys wait for the answer; Esc thinks again, nothing played.
    press(&mut a, "t");
    assert!(game(&a).shell.coach.question().is_some());
    press(&mut a, "\x1b");
    assert!(game(&a).shell.coach.question().is_none());
    assert_eq!(game(&a).shell.record.actions.len(), before);
    // The same move again is not asked about twice.
    let k = lazy_key(&a);
    press(&mut a, &k);
    assert!(game(&a).shell.coach.question().is_none());
    assert!(
        game(&a).shell.record.actions.len() > before,
        "played without a second question"
    );
}

#[test]
fn the_tutors_question_leads_to_the_hint_and_enter_does_it_anyway() {
    let mut a = until_the_tutor_asks();
    press(&mut a, "!");
    a.think_all();
    assert!(render(&a, 80, 24).contains("Hint for Ana"));
    press(&mut a, "\x1b");
    let mut b = until_the_tutor_asks();
    let before = game(&b).shell.record.actions.len();
    press(&mut b, "\n");
    assert!(game(&b).shell.coach.question().is_none());
    assert!(
        game(&b).shell.record.actions.len() > before,
        "Enter plays the move held back"
    );
}

#[test]
fn the_setup_forms_start_line_switches_the_tutor() {
    let mut form = bohnanza::ui::SetupForm::new();
    form.names[0] = "Ana".into();
    form.row = form.start_row();
    let mut a = App::setup(form, Theme::colored(), None, 1);
    // Issue 36: the tutor shows on the Start line before anyone tries ←→ there.
    assert!(render(&a, 80, 24).contains("tutor off (←→)"));
    press(&mut a, "→");
    assert!(render(&a, 80, 24).contains("tutor on"));
    press(&mut a, "\n");
    assert!(game(&a).shell.coach.tutoring());
}

/// Ana and two greedy bots (seed 3), played to the end by a lazy Ana.
pub(crate) fn finished() -> App {
    let mut a = app_with_seats("base", &[H, G, G], 3);
    play_with_bots(&mut a, 5000);
    a
}

#[test]
fn the_review_lists_costly_decisions_and_opens_one_to_try_again() {
    let mut a = finished();
    press(&mut a, "r");
    assert!(render(&a, 80, 24).contains("Thinking…"));
    a.think_all();
    let list = game(&a).shell.coach.review.clone().unwrap();
    let mistakes = list.mistakes();
    assert!(!mistakes.is_empty());
    assert!(
        mistakes
            .windows(2)
            .all(|w| w[0].loss.worse_than(w[1].loss).is_ge()),
        "costliest first"
    );
    snap("review", &a);
    let (_, done) = game(&a)
        .tape()
        .unwrap()
        .action(mistakes[0].at)
        .cloned()
        .unwrap();
    press(&mut a, "↓");
    assert_eq!(game(&a).shell.coach.review.as_ref().unwrap().selected, 1);
    press(&mut a, "↑\n");
    let m = &mistakes[0];
    let g = game(&a);
    assert_eq!(
        g.shell.record.actions.len(),
        m.at,
        "the game is back at the decision"
    );
    assert!(
        g.shell.saver.is_none(),
        "the finished game's save is left alone"
    );
    assert!(g.shell.log.last().unwrap().starts_with("Trying again"));
    // The hint says what was done in the game, and judges it as the review did.
    ask_hint(&mut a);
    let screen = render(&a, 120, 40);
    assert!(screen.contains("In the game:"), "{screen}");
    let hint = game(&a).shell.coach.hint.clone().expect("the hint window");
    let loss = hint.thinker.loss(&done).expect("what was done is judged");
    assert_eq!(loss, m.loss, "hint against review {m:?}");
    assert_eq!(hint.thinker.hint().choices[0].label, m.better);
    press(&mut a, "\x1b");
    // The new choice is compared with the old once played.
    let k = lazy_key(&a);
    press(&mut a, &k);
    let (text, _) = game(&a).shell.message.clone().expect("a verdict");
    assert!(text.starts_with("Tried again"), "{text}");
}

#[test]
fn the_review_waits_for_esc_and_bots_are_not_reviewed() {
    let mut a = finished();
    press(&mut a, "r");
    a.think_all();
    let list = game(&a).shell.coach.review.clone().unwrap();
    assert!(list.mistakes().iter().all(|m| m.player == 0));
    press(&mut a, "\x1b");
    assert!(game(&a).shell.coach.review.is_none());
    assert_eq!(*game(&a).mode(), Mode::GameOver);
}

#[test]
fn the_dice_tutor_stays_silent_without_a_person() {
    // Bots only: nobody at the keyboard, no hint and no tutor's search.
    let t = dice_screen::table(
        &[SeatKind::Bot(names::EXPECT), SeatKind::Bot(names::GREEDY)],
        4,
    );
    let mut a = App::playing(t, Theme::colored());
    a.set_tutor(true);
    assert!(!a.thinking());
}

/// Ana and a greedy dice bot (seed 4), played to the end by a patient Ana.
pub(crate) fn finished_dice() -> App {
    let seats = [SeatKind::Human, SeatKind::Bot(names::GREEDY)];
    let mut a = App::playing(dice_screen::table(&seats, 4), Theme::colored());
    for _ in 0..3000 {
        a.run_bots();
        let t = dice_screen::dice(&a);
        if t.state.outcome().is_some() {
            return a;
        }
        let k = dice_screen::patient_keys(&a);
        dice_screen::type_keys(&mut a, &k);
    }
    panic!("the dice game should end");
}

#[test]
fn the_dice_review_lists_costly_decisions_and_opens_one_to_try_again() {
    let mut a = finished_dice();
    assert!(render(&a, 80, 24).contains("r review"));
    dice_screen::type_keys(&mut a, "r");
    a.think_all();
    let list = dice_screen::dice(&a).shell.coach.review.clone().unwrap();
    let mistakes = list.mistakes();
    assert!(!mistakes.is_empty(), "a patient player loses something");
    assert!(
        mistakes.iter().all(|m| m.player == 0),
        "the bot is not reviewed"
    );
    insta::assert_snapshot!("dice_review_80x24", render(&a, 80, 24));
    dice_screen::type_keys(&mut a, "\n");
    let t = dice_screen::dice(&a);
    assert_eq!(t.shell.record.actions.len(), mistakes[0].at);
    assert!(t.shell.saver.is_none());
    dice_screen::type_keys(&mut a, "!");
    a.think_all();
    let screen = render(&a, 120, 40);
    assert!(screen.contains("In the game:"), "{screen}");
    dice_screen::type_keys(&mut a, "x");
    let k = dice_screen::patient_keys(&a);
    dice_screen::type_keys(&mut a, &k);
    let (text, _) = dice_screen::dice(&a)
        .shell
        .message
        .clone()
        .expect("a verdict");
    assert!(text.starts_with("Tried again"), "{text}");
}

#[test]
fn the_dice_reviews_figure_is_the_hints_and_a_move_the_tutor_held_gets_its_verdict() {
    let mut a = finished_dice();
    a.set_tutor(true);
    dice_screen::type_keys(&mut a, "r");
    a.think_all();
    let t = dice_screen::dice(&a);
    let m = t.shell.coach.review.as_ref().unwrap().mistakes()[0].clone();
    let (_, done) = t.tape().unwrap().action(m.at).cloned().unwrap();
    dice_screen::type_keys(&mut a, "\n");
    a.think_all();
    // The hint at the reopened decision (the tutor's search, taken over) judges what was
    // done there as the review did: the same figure and the same better choice.
    dice_screen::type_keys(&mut a, "!");
    a.think_all();
    let hint = dice_screen::dice(&a)
        .shell
        .coach
        .hint
        .clone()
        .expect("the hint window");
    let loss = hint.thinker.loss(&done).expect("what was done is judged");
    assert_eq!(loss, m.loss, "hint against review {m:?}");
    assert_eq!(hint.thinker.hint().choices[0].label, m.better);
    dice_screen::type_keys(&mut a, "x");
    // The same move again: the tutor asks, Enter plays it, and the verdict is said.
    let k = dice_screen::patient_keys(&a);
    dice_screen::type_keys(&mut a, &k);
    let asked = dice_screen::dice(&a).shell.coach.question().cloned();
    assert_eq!(asked.expect("the tutor asks").actions, vec![done]);
    dice_screen::type_keys(&mut a, "\n");
    let t = dice_screen::dice(&a);
    assert_eq!(
        t.shell.record.actions.len(),
        m.at + 1,
        "the held move is played"
    );
    let (text, _) = t.shell.message.clone().expect("a verdict");
    let lost = m.loss.words();
    assert_eq!(
        text,
        format!(
            "Tried again — {}: against the best it {lost}; in the game, {}: it {lost}.",
            m.done, m.done
        )
    );
}

/// Ana plays the seed-`seed` game to its end with the tutor on, answering every question
/// "do it anyway"; returns the table and where in the record each question was asked.
pub(crate) fn finished_with_the_tutor(seed: u64) -> (App, Vec<usize>) {
    let mut a = app_with_seats("base", &[H, G, G], seed);
    a.set_tutor(true);
    let mut asked = Vec::new();
    for _ in 0..5000 {
        a.run_bots();
        a.think_all();
        if let Some(q) = game(&a).shell.coach.question() {
            asked.push(q.decision.at);
            press(&mut a, "\n");
            continue;
        }
        if *game(&a).mode() == Mode::GameOver {
            return (a, asked);
        }
        let k = lazy_key(&a);
        press(&mut a, &k);
    }
    panic!("the game should end within 5000 keys");
}

/// A game only bots played has nobody to review: its end offers no `r review`, and `r`
/// says why instead of opening an empty list.
#[test]
fn a_game_only_bots_played_offers_no_review() {
    let mut a = app_with_seats("base", &[G, G, G], 3);
    play_with_bots(&mut a, 5000);
    assert!(game(&a).state.is_over());
    let screen = render(&a, 80, 24);
    assert!(!screen.contains("review"), "{screen}");
    press(&mut a, "r");
    assert!(game(&a).shell.coach.review.is_none());
    let screen = render(&a, 120, 40);
    assert!(screen.contains("only bots played this game"), "{screen}");

    let seats = [SeatKind::Bot(names::GREEDY), SeatKind::Bot(names::GREEDY)];
    let mut a = App::playing(dice_screen::table(&seats, 4), Theme::colored());
    for _ in 0..3000 {
        a.run_bots();
    }
    assert!(dice_screen::dice(&a).state.outcome().is_some());
    let screen = render(&a, 80, 24);
    assert!(!screen.contains("review"), "{screen}");
    dice_screen::type_keys(&mut a, "r");
    assert!(dice_screen::dice(&a).shell.coach.review.is_none());
    let screen = render(&a, 120, 40);
    assert!(screen.contains("only bots played this game"), "{screen}");
}
