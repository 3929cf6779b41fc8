//! Field beans on screen: right after harvesting two field beans gives a person a third bean
//! field, a short chooser places their beans among the three fields, the current arrangement
//! first so that Enter keeps it.

use crate::support::card_screen::*;
use bohnanza::cards::Action;
use bohnanza::ui::App;

fn act(app: &mut App, player: usize, action: Action) {
    let Some(g) = app.shown_mut::<bohnanza::cards::screen::CardTable>() else {
        panic!("a game is being played")
    };
    assert!(
        g.act(player, action.clone()),
        "{action:?}: {:?}",
        g.shell.message
    );
}

/// Ana has three Blue beans in field 1 and harvests the two field beans in field 2.
fn ana_gains_a_third_field() -> App {
    let setup = r#"{"hands": [["Chili"], ["Red"], ["Red"], ["Red"]],
                    "fields": [[{"bean": "Blue", "count": 3}, {"bean": "Field", "count": 2}]]}"#;
    let mut app = app_from_setup("expansion-field-beans", 4, setup, &[]);
    take_seat(&mut app);
    act(&mut app, 0, Action::Harvest { field: 1 });
    app
}

fn field_counts(app: &App) -> Vec<u32> {
    game(app)
        .state
        .player(0)
        .fields()
        .iter()
        .map(|f| f.count())
        .collect()
}

#[test]
fn the_chooser_opens_right_after_the_harvest_and_enter_keeps_the_beans_where_they_are() {
    let mut app = ana_gains_a_third_field();
    let picker = game(&app).arrange().cloned().expect("the chooser is open");
    assert_eq!(picker.player, 0);
    assert_eq!(
        picker.choices[0],
        [0, 1, 2],
        "the current arrangement first"
    );
    let screen = render(&app, 100, 30);
    assert!(
        screen.contains("Ana gained a third bean field") && screen.contains("as they are"),
        "{screen}"
    );
    press(&mut app, "\n");
    assert!(game(&app).arrange().is_none());
    assert_eq!(field_counts(&app), [3, 0, 0]);
    assert!(
        game(&app)
            .shell
            .log
            .iter()
            .any(|l| l == "Ana kept their beans where they were."),
        "{:?}",
        game(&app).shell.log
    );
}

#[test]
fn the_chooser_places_the_beans_in_another_field() {
    let mut app = ana_gains_a_third_field();
    // The second arrangement moves the Blue beans to field 2.
    press(&mut app, "↓");
    let picker = game(&app).arrange().cloned().unwrap();
    assert_eq!(picker.cursor, 1);
    press(&mut app, "\n");
    assert_eq!(field_counts(&app), [0, 3, 0]);
    assert!(game(&app).arrange().is_none());
}

#[test]
fn esc_keeps_the_beans_and_any_other_action_closes_the_chance() {
    let mut app = ana_gains_a_third_field();
    press(&mut app, "\u{1b}");
    assert!(game(&app).arrange().is_none());
    assert_eq!(game(&app).state.may_rearrange_fields(), Some(0));
    act(&mut app, 0, Action::Plant { field: 1 });
    assert_eq!(game(&app).state.may_rearrange_fields(), None);
    assert!(game(&app).arrange().is_none());
}
