//! The bean duel on screen: keys in, game state out, for each of its steps; a whole duel by
//! keys alone; and snapshots of each step at 80×24 and 120×40.

use crate::support::card_screen::*;
use bohnanza::cards::screen::{CardTable, Mode};
use bohnanza::cards::{Action, Phase};
use bohnanza::store::{self, Saver};
use bohnanza::ui::{App, Overlay, Theme};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn snap(name: &str, app: &App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), render(app, w, h));
    }
}

/// A duel from a position (the protocol's setup), with Ana (seat 0) at the keyboard.
fn duel(setup: &str) -> App {
    let mut app = app_from_setup("duel", 2, setup, &[]);
    assert_eq!(game(&app).handoff().map(|h| h.to), Some(0));
    take_seat(&mut app);
    assert_eq!(game(&app).viewer(), Some(0));
    app
}

fn names(app: &App, kinds: &[bohnanza::cards::BeanKind]) -> Vec<String> {
    kinds
        .iter()
        .map(|&k| game(app).ruleset().bean(k).name.clone())
        .collect()
}

fn refusal(app: &App) -> String {
    let (m, err) = game(app).shell.message.clone().expect("a message");
    assert!(err, "a refusal: {m}");
    m
}

fn logged(app: &App, line: &str) -> bool {
    game(app).shell.log.iter().any(|l| l == line)
}

#[test]
fn step_1_plants_or_discards_each_offered_card_one_key_each() {
    let mut app = duel(
        r#"{"hands": [["Blue", "Green"], ["Soy"]],
            "fields": [[{"bean": "Chili", "count": 2}, null, {"bean": "Soy", "count": 1}]],
            "offered": ["Stink", "Chili", "Red"]}"#,
    );
    let g = game(&app);
    assert_eq!(g.state.phase(), Phase::PlantOffered);
    // The card that grows a field is chosen: Enter plants it there.
    assert_eq!(g.plant().card, 1);
    let screen = render(&app, 80, 24);
    assert!(screen.contains("▶1 Offer◀"), "{screen}");
    assert!(
        screen.contains("Offered by Ben: [S] Stink  [C] Chili  [R] Red"),
        "{screen}"
    );
    assert!(
        screen.contains("Ana: plant or discard the cards Ben left as an offer (3 left)."),
        "{screen}"
    );
    assert!(screen.contains("Enter plant in field 1"), "{screen}");
    assert!(screen.contains("d discard it"), "{screen}");
    // The turn can't end before the offer is dealt with.
    press(&mut app, "e");
    assert_eq!(
        refusal(&app),
        "First plant or discard each card left as an offer (Enter or 1-3 plants, d discards)."
    );

    assert_eq!(press(&mut app, "\n"), 1);
    assert_eq!(game(&app).state.player(0).fields()[0].count(), 3);
    assert!(logged(&app, "Ana planted Chili in field 1."));
    // Stink is chosen now; d discards it.
    assert_eq!(press(&mut app, "d"), 1);
    assert!(logged(&app, "Ana discarded Stink."));
    let g = game(&app);
    assert_eq!(names(&app, g.state.deck().discard_pile()), ["Stink"]);
    assert_eq!(names(&app, g.state.offered()), ["Red"]);
    // Field 3 holds Soy: refused in the rulebook's words; field 2 is empty.
    press(&mut app, "3");
    assert_eq!(
        refusal(&app),
        "You can only plant one kind of bean in each field: field 3 holds Soy beans."
    );
    assert_eq!(press(&mut app, "2"), 1);
    let g = game(&app);
    assert!(logged(&app, "Ana planted Red in field 2."));
    // The offer is dealt with: step 2, planting from the hand, as usual.
    assert_eq!(g.state.phase(), Phase::Plant { planted: 0 });
    assert!(g.state.offered().is_empty());
    assert!(render(&app, 80, 24).contains("▶2 Plant & discard◀"));
}

#[test]
fn step_1_with_no_space_says_to_harvest_or_discard() {
    let mut app = duel(
        r#"{"hands": [["Blue"]],
            "fields": [[{"bean": "Chili", "count": 2}, {"bean": "Blue", "count": 2},
                        {"bean": "Soy", "count": 2}]],
            "offered": ["Red", "Green"]}"#,
    );
    press(&mut app, "\n");
    assert_eq!(
        refusal(&app),
        "No field has space for this Red bean: harvest a field first (h), or discard it (d)."
    );
    // ← → choose the card: both ways round.
    press(&mut app, "→");
    assert_eq!(game(&app).plant().card, 1);
    press(&mut app, "→");
    assert_eq!(game(&app).plant().card, 0);
    // Harvest the Soy (2 pay a coin), then the Red goes there.
    press(&mut app, "h3\n");
    assert!(logged(&app, "Ana harvested 2 Soy beans for 1 coin."));
    press(&mut app, "\n");
    assert_eq!(game(&app).state.player(0).fields()[2].count(), 1);
    assert!(logged(&app, "Ana planted Red in field 3."));
}

#[test]
fn step_2_discards_one_hand_card_chosen_after_planting() {
    let mut app = duel(
        r#"{"hands": [["Blue", "Chili", "Red", "Soy"], ["Green"]],
            "draw_pile_top": ["Green", "Stink", "Blue"]}"#,
    );
    // Not before planting.
    press(&mut app, "d");
    assert_eq!(refusal(&app), "You must plant the first card in your hand.");
    assert_eq!(game(&app).discard(), None);
    press(&mut app, "\n");
    // d opens the chooser on the card that fits worst (none grows: the front one).
    press(&mut app, "d");
    assert_eq!(game(&app).discard(), Some(0));
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("Ana's hand · 3 cards · choose the card to discard"),
        "{screen}"
    );
    assert!(
        screen.contains("Ana: discard Chili (card 1 of 3)?"),
        "{screen}"
    );
    // Esc keeps every card.
    press(&mut app, "\x1b");
    assert_eq!(game(&app).discard(), None);
    assert_eq!(game(&app).state.player(0).hand().len(), 3);
    // The Red, from the middle of the hand: three keys.
    assert_eq!(press(&mut app, "d→\n"), 3);
    let g = game(&app);
    assert!(logged(&app, "Ana discarded Red."));
    let hand: Vec<_> = g.state.player(0).hand().iter().collect();
    assert_eq!(names(&app, &hand), ["Chili", "Soy"]);
    assert_eq!(g.state.discards_made(), 1);
    // Discarding ends the planting: step 3 turns over three cards.
    assert_eq!(g.state.phase(), Phase::PlantTurnedOver);
    assert_eq!(names(&app, g.state.face_up()), ["Green", "Stink", "Blue"]);
}

#[test]
fn step_2_moves_on_without_discarding() {
    let mut app = duel(r#"{"hands": [["Blue", "Chili", "Red"], ["Green"]]}"#);
    press(&mut app, "\n\n");
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("Ana: you may discard one card from your hand (d), or turn over (t)."),
        "{screen}"
    );
    // After two plants the turn waits: one key turns over.
    assert_eq!(game(&app).state.phase(), Phase::Plant { planted: 2 });
    assert_eq!(press(&mut app, "t"), 1);
    let g = game(&app);
    assert_eq!(g.state.phase(), Phase::PlantTurnedOver);
    assert_eq!(g.state.discards_made(), 0);
    assert!(!g.shell.log.iter().any(|l| l.contains("discarded")));
}

#[test]
fn step_3_plants_turned_over_cards_and_leaves_the_rest_as_an_offer() {
    let mut app = duel(
        r#"{"hands": [["Blue", "Stink"], ["Green", "Green"]],
            "draw_pile_top": ["Red", "Soy", "Blue"],
            "discard_pile": ["Soy"]}"#,
    );
    press(&mut app, "\nt");
    let g = game(&app);
    assert_eq!(g.state.phase(), Phase::PlantTurnedOver);
    // Turning over again is refused for what it is, not as step 1's unplanted offer.
    press(&mut app, "t");
    assert_eq!(
        refusal(&app),
        "The cards are turned over: plant them, or end the turn (e) to leave them as an offer."
    );
    let g = game(&app);
    // The Soy on the discard pile matches a turned-over card and joins them.
    assert_eq!(
        names(&app, g.state.face_up()),
        ["Red", "Soy", "Blue", "Soy"]
    );
    assert!(logged(
        &app,
        "Soy from the discard pile matches: it joins the turned-over cards."
    ));
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("Turned over: [R] Red  [Y] Soy  [B] Blue  [Y] Soy"),
        "{screen}"
    );
    assert!(screen.contains("▶3 Draw, plant, offer◀"), "{screen}");
    assert!(
        screen.contains("The cards Ana does not plant are left as an offer to Ben."),
        "{screen}"
    );
    // The Blue grows field 1: it is chosen, and Enter plants it there.
    assert!(screen.contains("Enter plant in field 1"), "{screen}");
    assert_eq!(press(&mut app, "\n"), 1);
    assert_eq!(game(&app).state.player(0).fields()[0].count(), 2);
    // Turned-over cards are not discarded.
    press(&mut app, "d");
    assert!(refusal(&app).starts_with("The turned-over cards are not discarded"));
    // → to a Soy, 2 plants it in field 2; the other Soy is chosen next, Enter plants it too.
    press(&mut app, "→2");
    assert_eq!(game(&app).plant().card, 1, "the other Soy");
    press(&mut app, "\n");
    let g = game(&app);
    assert_eq!(g.state.player(0).fields()[1].count(), 2);
    assert_eq!(names(&app, g.state.face_up()), ["Red"]);
    // e ends the turn: the Red is left as an offer, Ana draws two, Ben takes the seat.
    assert_eq!(press(&mut app, "e"), 1);
    let g = game(&app);
    assert!(logged(&app, "Ana left Red as an offer to Ben."));
    assert!(logged(&app, "Ana drew 2 cards."));
    assert_eq!(g.state.active_player(), 1);
    assert_eq!(g.state.phase(), Phase::PlantOffered);
    assert_eq!(g.handoff().map(|h| h.to), Some(1));
    let screen = render(&app, 80, 24);
    assert!(!screen.contains("front▶"), "no hand behind the hand-off");
    assert!(screen.contains("Ana, please look away from the screen."));
    take_seat(&mut app);
    assert!(render(&app, 80, 24).contains("Offered by Ana: [R] Red"));
}

#[test]
fn step_3_enter_ends_the_turn_once_every_card_is_planted() {
    let mut app = duel(
        r#"{"hands": [["Blue", "Chili"], ["Green"]],
            "draw_pile_top": ["Blue", "Blue", "Chili"]}"#,
    );
    press(&mut app, "\n\nt");
    press(&mut app, "\n\n\n");
    let g = game(&app);
    assert!(g.state.face_up().is_empty());
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("Ana planted every turned-over card: end the turn (Enter)."),
        "{screen}"
    );
    press(&mut app, "\n");
    assert!(logged(
        &app,
        "Ana ended the turn with no cards left to offer."
    ));
    let g = game(&app);
    assert_eq!(g.state.active_player(), 1);
    // No offer: Ben's turn begins with step 2.
    assert_eq!(g.state.phase(), Phase::Plant { planted: 0 });
}

#[test]
fn in_the_duel_the_harvest_chooser_keeps_to_your_own_fields() {
    let mut app = duel(
        r#"{"hands": [["Blue"], ["Green"]],
            "fields": [[], [{"bean": "Chili", "count": 3}]]}"#,
    );
    // The chooser keeps to Ana's own fields: ↓ does not go to Ben's Chili.
    press(&mut app, "h↓");
    assert_eq!(game(&app).harvest().map(|h| h.player), Some(0));
    let screen = render(&app, 80, 24);
    assert!(!screen.contains("↑↓ player"), "{screen}");
    press(&mut app, "\x1b");
    // Ben's harvest, were it asked for, is refused in the rulebook's words.
    assert!(!game_mut(&mut app).act(1, Action::Harvest { field: 0 }));
    assert_eq!(
        refusal(&app),
        "In the bean duel a player may harvest only during their own turn."
    );
    press(&mut app, "?");
    assert_eq!(app.overlay, Some(Overlay::Help));
    let help = render(&app, 120, 40);
    assert!(
        help.contains("You may harvest your fields only during your own turn (h)"),
        "{help}"
    );
}

#[test]
fn help_explains_each_step_of_the_duel() {
    let mut app = duel(r#"{"hands": [["Blue", "Chili"], ["Green"]], "offered": ["Soy"]}"#);
    let help = |app: &mut App| {
        press(app, "?");
        let screen = render(app, 120, 40);
        press(app, "\x1b");
        screen
    };
    let screen = help(&mut app);
    assert!(
        screen.contains("Step 1 · Plant or discard the offered bean cards"),
        "{screen}"
    );
    assert!(screen.contains("The bean duel"), "{screen}");
    assert!(
        screen.contains("The game ends when the draw pile runs out the first time."),
        "{screen}"
    );
    press(&mut app, "d\n");
    let screen = help(&mut app);
    assert!(
        screen.contains("Step 2 · Plant bean cards & discard"),
        "{screen}"
    );
    assert!(screen.contains("discard one card from anywhere in your hand"));
    press(&mut app, "t");
    let screen = help(&mut app);
    assert!(
        screen.contains("Step 3 · Draw, plant, and offer beans"),
        "{screen}"
    );
    assert!(screen.contains("the rest are left as an offer to your opponent"));
    // It fits the smallest screen too.
    press(&mut app, "?");
    assert!(render(&app, 80, 24).contains("Step 3 · Draw, plant, and offer beans"));
}

#[test]
fn a_saved_duel_resumes_where_it_stood() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let mut app = App::playing(
        CardTable::new(
            config_for("duel", 2, 3, false),
            Some(Saver::at(path.clone())),
        )
        .unwrap(),
        Theme::colored(),
    );
    // Ana: plant, discard, plant a turned-over card, end the turn; Ben: the offer, planting.
    for _ in 0..40 {
        let k = keen_key(&app);
        press(&mut app, &k);
    }
    let saved = store::read(&path).unwrap();
    let resumed = CardTable::resume(saved, None).unwrap();
    assert_eq!(resumed.state, game(&app).state);
    assert_eq!(
        resumed.shell.log[..resumed.shell.log.len() - 1],
        game(&app).shell.log[..]
    );
}

#[test]
fn a_whole_bean_duel_can_be_played_with_keys_alone() {
    let mut app = app_for("duel", 2, 7);
    let mut presses = 0;
    let mut keys = String::new();
    while *game(&app).mode() != Mode::GameOver {
        let k = keen_key(&app);
        presses += press(&mut app, &k);
        keys.push_str(&k);
        assert!(presses < 20_000, "the duel should end");
        if let Some((m, true)) = &game(&app).shell.message {
            panic!("{k:?} was refused: {m}");
        }
    }
    let g = game(&app);
    // Every step was played by its keys.
    for line in [
        " as an offer to ",
        " discarded ",
        "from the discard pile matches",
        "The draw pile ran out (1 time).",
        "The game is over: ",
    ] {
        assert!(
            g.shell.log.iter().any(|l| l.contains(line)),
            "{line}: {:?}",
            g.shell.log
        );
    }
    assert!(keys.contains('d') && keys.contains('e') && keys.contains('t'));
    let o = g.state.outcome().unwrap();
    assert_eq!(o.coins.len(), 2);
    assert!(!o.winners.is_empty());
    assert!(g.shell.record.finished);
    for (w, h) in SIZES {
        let screen = render(&app, w, h);
        assert!(screen.contains("The end of the game"), "{screen}");
        assert!(screen.contains("in hand"), "the tie break:\n{screen}");
    }
}

/// Ana's first turn (seed 3): step 2 from the start, the starting player having no offer.
fn seeded() -> App {
    let mut a = app_for("duel", 2, 3);
    take_seat(&mut a);
    a
}

#[test]
fn snapshot_step_2_plant_and_discard() {
    let mut a = seeded();
    assert_eq!(game(&a).state.phase(), Phase::Plant { planted: 0 });
    // Ana plants her Green; she may plant one more and discard one.
    press(&mut a, "\n");
    snap("duel_step_2", &a);
    press(&mut a, "d");
    snap("duel_step_2_discard", &a);
}

#[test]
fn snapshot_step_3_draw_plant_offer() {
    let mut a = seeded();
    // Plant Green, discard the Chili behind the Coffee: three cards are turned over.
    press(&mut a, "\nd→\n");
    assert_eq!(game(&a).state.phase(), Phase::PlantTurnedOver);
    snap("duel_step_3", &a);
    press(&mut a, "?");
    snap("duel_help_step_3", &a);
}

#[test]
fn snapshot_step_1_the_offer() {
    let mut a = seeded();
    // Ana plants the turned-over Green and leaves the rest as an offer to Ben.
    press(&mut a, "\nd→\n\ne🪑");
    assert_eq!(game(&a).state.phase(), Phase::PlantOffered);
    assert_eq!(game(&a).viewer(), Some(1));
    snap("duel_step_1", &a);
}

#[test]
fn snapshot_game_over() {
    let mut a = app_for("duel", 2, 7);
    while *game(&a).mode() != Mode::GameOver {
        let k = keen_key(&a);
        press(&mut a, &k);
    }
    snap("duel_game_over", &a);
}

/// The step line never runs whose turn it is into the last step's name: with a name just
/// too long for a space between them at 80 columns, the name gives way (it is on the table
/// and in the status line as well).
#[test]
fn whose_turn_never_touches_the_step_line() {
    for name in ["Ana", "Player 1", "Bartholomew Bold"] {
        let mut a = app_for("duel", 2, 2);
        game_mut(&mut a).shell.names[0] = name.to_string();
        for w in [80u16, 100, 120] {
            let screen = render(&a, w, 24);
            let steps = screen.lines().nth(1).expect("the step line");
            if let Some(at) = steps.find(&format!("{name}'s turn")) {
                assert!(
                    steps[..at].ends_with(' '),
                    "no space before whose turn at {w} columns:\n{steps}"
                );
            }
        }
    }
}
