//! Field beans (rules/001, variant 2): "If you harvest a field with two field beans, you get a
//! third bean field ... If you have other beans in your fields, put them in your first and/or
//! second bean field after you turn over your mat." The player places their beans anew in one
//! action, legal only right after the harvest.

use crate::support::cards::{fields, play, refuse};
use bohnanza::cards::bots::names;
use bohnanza::cards::{Action, Event, GameState, RuleError, Setup};
use bohnanza::rulesets;
use serde_json::json;

fn game_in(variant: &str, setup: serde_json::Value) -> GameState {
    let setup: Setup = serde_json::from_value(setup).unwrap();
    let ruleset = rulesets::load(variant).unwrap();
    GameState::from_setup(&ruleset, 4, &setup, 3, &mut Vec::new()).unwrap()
}

/// Player 0 has three Blue beans in the first field and two field beans in the second.
fn blue_and_field_beans(variant: &str, hand: &[&str]) -> GameState {
    game_in(
        variant,
        json!({
            "hands": [hand, ["Red"], ["Red"], ["Red"]],
            "fields": [[{ "bean": "Blue", "count": 3 }, { "bean": "Field", "count": 2 }]]
        }),
    )
}

fn held(g: &GameState) -> Vec<(String, u32)> {
    fields(g, 0)
}

fn named(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|&(k, n)| (k.to_string(), n)).collect()
}

#[test]
fn after_gaining_the_third_field_the_player_places_their_beans_anew() {
    let mut g = blue_and_field_beans("expansion-field-beans", &["Chili"]);
    let events = play(&mut g, 0, Action::Harvest { field: 1 });
    assert!(events.contains(&Event::GainedBeanField { player: 0, paid: 0 }));
    assert_eq!(held(&g), named(&[("Blue", 3), ("", 0), ("", 0)]));
    assert_eq!(g.may_rearrange_fields(), Some(0));
    // Every distinct arrangement is listed, the current one first: the Blue beans may go to
    // the first or the second field, never to the new third one.
    let arrangements: Vec<Action> = g
        .legal_actions(0)
        .into_iter()
        .filter(|a| matches!(a, Action::RearrangeFields { .. }))
        .collect();
    assert_eq!(arrangements.len(), 2, "{arrangements:?}");
    assert_eq!(
        arrangements[0],
        Action::RearrangeFields {
            from: vec![0, 1, 2]
        }
    );
    let events = play(
        &mut g,
        0,
        Action::RearrangeFields {
            from: vec![1, 0, 2],
        },
    );
    assert!(events.contains(&Event::FieldsRearranged {
        player: 0,
        from: vec![1, 0, 2]
    }));
    assert_eq!(held(&g), named(&[("", 0), ("Blue", 3), ("", 0)]));
    assert_eq!(g.may_rearrange_fields(), None, "one action places them all");
    assert_eq!(
        refuse(
            &mut g,
            0,
            Action::RearrangeFields {
                from: vec![1, 0, 2]
            }
        ),
        RuleError::NoRearrangingNow
    );
}

#[test]
fn the_other_beans_go_in_the_first_and_or_second_field_never_the_new_third() {
    // "If you have other beans in your fields, put them in your first and/or second bean
    // field after you turn over your mat."
    let mut g = blue_and_field_beans("expansion-field-beans", &["Chili"]);
    play(&mut g, 0, Action::Harvest { field: 1 });
    for into_the_third in [vec![1, 2, 0], vec![2, 1, 0]] {
        assert_eq!(
            refuse(
                &mut g,
                0,
                Action::RearrangeFields {
                    from: into_the_third
                }
            ),
            RuleError::NewFieldStaysEmpty
        );
    }
    assert_eq!(held(&g), named(&[("Blue", 3), ("", 0), ("", 0)]));
    assert!(g.legal_actions(0).iter().all(|a| !matches!(
        a,
        Action::RearrangeFields { from } if from[2] == 0
    )));
}

#[test]
fn rearranging_is_legal_only_right_after_the_harvest() {
    let mut g = blue_and_field_beans("expansion-field-beans", &["Chili"]);
    play(&mut g, 0, Action::Harvest { field: 1 });
    assert_eq!(
        refuse(
            &mut g,
            1,
            Action::RearrangeFields {
                from: vec![0, 1, 2]
            }
        ),
        RuleError::NoRearrangingNow,
        "only the player who gained the field"
    );
    for bad in [vec![0, 0, 2], vec![1, 0], vec![0, 1, 3], vec![0, 1, 2, 0]] {
        assert_eq!(
            refuse(&mut g, 0, Action::RearrangeFields { from: bad }),
            RuleError::NotAnArrangement(3)
        );
    }
    // Any other action, by anyone, keeps the beans where they are.
    play(&mut g, 0, Action::Plant { field: 1 });
    assert_eq!(g.may_rearrange_fields(), None);
    assert_eq!(
        refuse(
            &mut g,
            0,
            Action::RearrangeFields {
                from: vec![1, 0, 2]
            }
        ),
        RuleError::NoRearrangingNow
    );
}

#[test]
fn with_order_cards_the_arrangement_decides_which_fields_are_adjacent() {
    // "If you have three bean fields, you can fulfill your order with your 1st and 2nd or
    // your 2nd and 3rd bean fields. Both fields have to be adjacent to each other."
    let mut g = blue_and_field_beans("expansion-field-beans-orders", &["Chili", "0/3"]);
    play(&mut g, 0, Action::Harvest { field: 1 });
    assert_eq!(held(&g), named(&[("Blue", 3), ("", 0), ("", 0)]));
    assert!(matches!(
        refuse(&mut g, 0, Action::FulfillOrder { field: 0 }),
        RuleError::OrderNotMet { .. }
    ));
    play(
        &mut g,
        0,
        Action::RearrangeFields {
            from: vec![1, 0, 2],
        },
    );
    let events = play(&mut g, 0, Action::FulfillOrder { field: 0 });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::OrderFulfilled { field: 0, .. }))
    );
}

#[test]
fn bought_fields_and_harvests_without_a_new_field_open_no_rearranging() {
    let mut g = game_in(
        "expansion-field-beans",
        json!({
            "hands": [["Chili"], ["Red"], ["Red"], ["Red"]],
            "fields": [[{ "bean": "Blue", "count": 4 }, { "bean": "Red", "count": 2 }]]
        }),
    );
    play(&mut g, 0, Action::Harvest { field: 0 });
    assert_eq!(g.may_rearrange_fields(), None);
    assert!(
        g.legal_actions(0)
            .iter()
            .all(|a| !matches!(a, Action::RearrangeFields { .. }))
    );
}

#[test]
fn a_greedy_bot_places_its_beans_to_meet_its_order() {
    use bohnanza::cards::bots::{BotOptions, Next, SeatKind, Table};
    let mut g = blue_and_field_beans("expansion-field-beans-orders", &["Chili", "0/3"]);
    play(&mut g, 0, Action::Harvest { field: 1 });
    let seats = vec![SeatKind::Bot(names::GREEDY); 4];
    let mut table = Table::new(&seats, 1, &BotOptions::default()).unwrap();
    assert_eq!(
        table.next(&g),
        Next::Bot {
            player: 0,
            action: Action::RearrangeFields {
                from: vec![1, 0, 2]
            }
        },
        "empty, three Blue: the order 0/3 is met by fields 1 and 2"
    );
}
