//! The rules that differ from the base game, one or more scenarios per built-in variant.

mod common;

use bohnanza::engine::{Action, Event, GameState, RuleError, Setup, SetupError};
use bohnanza::rulesets;
use common::play;
use serde_json::json;

fn game_in(variant: &str, players: usize, setup: serde_json::Value) -> GameState {
    let setup: Setup = serde_json::from_value(setup).expect("setup JSON");
    let ruleset = rulesets::load(variant).unwrap();
    GameState::from_setup(&ruleset, players, &setup, 3, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{variant}: {e}"))
}

fn refuse(state: &mut GameState, player: usize, action: Action) -> RuleError {
    let before = state.clone();
    let err = state.apply(player, &action).expect_err("should be refused");
    assert_eq!(*state, before);
    err
}

fn kinds_in_play(variant: &str, players: usize) -> Vec<String> {
    let r = rulesets::load(variant).unwrap();
    r.deck_counts(players)
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, _)| r.beans[k].name.clone())
        .collect()
}

fn total_cards(variant: &str, players: usize) -> u32 {
    let g = GameState::new(&rulesets::load(variant).unwrap(), players, 1).unwrap();
    g.card_counts().iter().sum()
}

// ---- base-7 and expansion-beans: more beans, removed by player count ----

#[test]
fn three_to_seven_players_remove_kinds_by_player_count() {
    for variant in ["base-7", "expansion-beans", "classic"] {
        let kinds_3 = kinds_in_play(variant, 3);
        assert!(!kinds_3.contains(&"Cocoa".to_string()), "{variant}");
        assert!(kinds_3.contains(&"Coffee".to_string()), "{variant}");
        for n in [4, 5] {
            let kinds = kinds_in_play(variant, n);
            assert!(!kinds.contains(&"Coffee".to_string()), "{variant}");
            assert!(kinds.contains(&"Cocoa".to_string()), "{variant}");
        }
        for n in [6, 7] {
            let kinds = kinds_in_play(variant, n);
            assert!(!kinds.contains(&"Cocoa".to_string()), "{variant}");
            assert!(!kinds.contains(&"Garden".to_string()), "{variant}");
            assert!(kinds.contains(&"Coffee".to_string()), "{variant}");
        }
        assert_eq!(total_cards(variant, 3), 154 - 4);
        assert_eq!(total_cards(variant, 4), 154 - 24);
        assert_eq!(total_cards(variant, 7), 154 - 4 - 6);
    }
    assert!(kinds_in_play("base-7", 4).contains(&"Wax".to_string()));
    assert!(kinds_in_play("expansion-beans", 4).contains(&"Brandy".to_string()));
    assert!(!kinds_in_play("expansion-beans", 4).contains(&"Wax".to_string()));
}

#[test]
fn three_players_have_three_fields_four_to_seven_have_two() {
    for variant in ["base-7", "expansion-beans", "classic"] {
        let r = rulesets::load(variant).unwrap();
        assert_eq!(r.table(3).unwrap().bean_fields, 3);
        for n in 4..=7 {
            assert_eq!(r.table(n).unwrap().bean_fields, 2, "{variant} {n}");
        }
    }
}

#[test]
fn in_phase_4_every_player_draws_one_card_starting_with_the_active_player() {
    for variant in ["base-7", "expansion-beans", "expansion-field-beans"] {
        let mut g = game_in(
            variant,
            4,
            json!({
                "active_player": 2,
                "hands": [[], [], ["Blue", "Blue"]],
                "draw_pile_top": ["Red", "Red", "Soy", "Green", "Chili", "Stink"]
            }),
        );
        play(&mut g, 2, Action::Plant { field: 0 });
        play(&mut g, 2, Action::Plant { field: 0 });
        play(&mut g, 2, Action::EndTrading);
        play(&mut g, 2, Action::PlantSetAside { card: 0, field: 1 });
        let events = play(&mut g, 2, Action::PlantSetAside { card: 0, field: 1 });
        let draws: Vec<(usize, String)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Drew { player, card } => {
                    Some((*player, g.ruleset().bean(*card).name.clone()))
                }
                _ => None,
            })
            .collect();
        assert_eq!(
            draws,
            vec![
                (2, "Soy".to_string()),
                (3, "Green".to_string()),
                (0, "Chili".to_string()),
                (1, "Stink".to_string())
            ],
            "{variant}"
        );
        assert_eq!(g.active_player(), 3);
    }
}

#[test]
fn with_three_players_the_game_ends_when_the_draw_pile_runs_out_the_second_time() {
    for variant in ["base-7", "expansion-beans", "classic"] {
        let mut g = game_in(
            variant,
            3,
            json!({
                "hands": [["Blue", "Blue"]],
                "draw_pile_top": ["Red"],
                "draw_pile_runs_out": 1,
                "unplaced_cards": "discard_pile"
            }),
        );
        play(&mut g, 0, Action::Plant { field: 0 });
        let events = play(&mut g, 0, Action::TurnOver);
        assert!(
            events.contains(&Event::DrawPileRanOut { times: 2 }),
            "{variant}"
        );
        assert!(g.is_last_turn(), "{variant}");
        play(&mut g, 0, Action::EndTrading);
        play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
        assert!(g.is_over(), "{variant}");
    }
    // With four players the second time is not the end.
    let mut g = game_in(
        "base-7",
        4,
        json!({
            "hands": [["Blue", "Blue"]],
            "draw_pile_top": ["Red"],
            "draw_pile_runs_out": 1,
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    assert!(!g.is_last_turn());
}

#[test]
fn brandy_and_coffee_beanometers() {
    let mut g = game_in(
        "expansion-beans",
        6,
        json!({
            "hands": [["Blue", "Blue"]],
            "fields": [[], [{ "bean": "Brandy", "count": 9 }, { "bean": "Coffee", "count": 12 }]]
        }),
    );
    play(&mut g, 1, Action::Harvest { field: 0 });
    assert_eq!(g.player(1).coins(), 3);
    play(&mut g, 1, Action::Harvest { field: 1 });
    assert_eq!(g.player(1).coins(), 3 + 4);
}

// ---- expansion-field-beans ----

#[test]
fn two_field_beans_harvested_give_a_third_field_instead_of_coins() {
    let mut g = game_in(
        "expansion-field-beans",
        4,
        json!({
            "hands": [["Blue", "Blue"]],
            "fields": [[], [{ "bean": "Field", "count": 2 }, { "bean": "Red", "count": 3 }]]
        }),
    );
    // Harvesting is allowed at any time, even by another player than the active one.
    let events = play(&mut g, 1, Action::Harvest { field: 0 });
    assert!(events.contains(&Event::GainedBeanField { player: 1, paid: 0 }));
    assert_eq!(g.player(1).fields().len(), 3);
    assert_eq!(g.player(1).coins(), 0);
    // Both field beans went to the discard pile.
    let discard: Vec<String> = g
        .deck()
        .discard_pile()
        .iter()
        .map(|&k| g.ruleset().bean(k).name.clone())
        .collect();
    assert_eq!(discard, vec!["Field", "Field"]);
    // The beans in the other field stay where they are.
    assert_eq!(g.player(1).fields()[1].count(), 3);
}

#[test]
fn two_field_beans_earn_nothing_with_a_third_field_and_three_earn_three_coins() {
    let mut g = game_in(
        "expansion-field-beans",
        4,
        json!({
            "hands": [["Blue", "Blue"]],
            "fields": [[], [
                { "bean": "Field", "count": 2 },
                { "bean": "Red", "count": 3 },
                { "bean": "Soy", "count": 2 }
            ], [{ "bean": "Field", "count": 1 }, null]]
        }),
    );
    assert_eq!(g.player(1).fields().len(), 3);
    let events = play(&mut g, 1, Action::Harvest { field: 0 });
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::GainedBeanField { .. }))
    );
    assert_eq!(g.player(1).fields().len(), 3);
    assert_eq!(g.player(1).coins(), 0);

    let mut g = game_in(
        "expansion-field-beans",
        5,
        json!({
            "hands": [["Blue", "Blue"]],
            "fields": [[{ "bean": "Field", "count": 3 }]]
        }),
    );
    play(&mut g, 0, Action::Harvest { field: 0 });
    assert_eq!(g.player(0).coins(), 3);
    assert_eq!(g.player(0).fields().len(), 2);
}

#[test]
fn field_beans_are_played_by_four_or_five_only() {
    let r = rulesets::load("expansion-field-beans").unwrap();
    assert_eq!(r.player_counts().collect::<Vec<_>>(), vec![4, 5]);
    assert_eq!(total_cards("expansion-field-beans", 4), 104 + 22 + 3);
}

// ---- classic ----

#[test]
fn a_third_field_is_bought_once_for_three_coins_that_go_to_the_discard_pile() {
    let mut g = game_in(
        "classic",
        4,
        json!({ "hands": [["Blue", "Blue"]], "coins": [0, 4] }),
    );
    let coins_before: Vec<_> = g.player(1).coins_pile().to_vec();
    // Any time, even when not the active player.
    let events = play(&mut g, 1, Action::BuyThirdField);
    assert_eq!(events, vec![Event::GainedBeanField { player: 1, paid: 3 }]);
    assert_eq!(g.player(1).fields().len(), 3);
    assert_eq!(g.player(1).coins(), 1);
    // "taking the three topmost gold coins ... placing them, gold coin down, on the discard pile"
    let mut top_three = coins_before[1..].to_vec();
    top_three.reverse();
    assert_eq!(g.deck().discard_pile(), top_three.as_slice());
    assert_eq!(
        refuse(&mut g, 1, Action::BuyThirdField),
        RuleError::HasThirdField
    );
    assert_eq!(
        refuse(&mut g, 0, Action::BuyThirdField),
        RuleError::NotEnoughCoins { price: 3, coins: 0 }
    );
    // The new field is used at once.
    assert!(
        g.legal_actions(1)
            .iter()
            .all(|a| *a != Action::BuyThirdField)
    );
}

#[test]
fn with_three_players_no_field_is_for_sale_and_with_six_or_seven_it_costs_two() {
    let mut g = game_in("classic", 3, json!({ "hands": [["Blue"]], "coins": [5] }));
    assert_eq!(
        refuse(&mut g, 0, Action::BuyThirdField),
        RuleError::NoThirdFieldForSale
    );
    let mut g = game_in(
        "classic",
        7,
        json!({ "hands": [["Blue"]], "coins": [0, 0, 2] }),
    );
    play(&mut g, 2, Action::BuyThirdField);
    assert_eq!(g.player(2).coins(), 0);
    // The base game sells no field.
    let mut g = common::game(4, json!({ "hands": [["Blue"]], "coins": [5] }));
    assert_eq!(
        refuse(&mut g, 0, Action::BuyThirdField),
        RuleError::NoThirdFieldForSale
    );
}

#[test]
fn six_or_seven_players_are_dealt_three_four_five_then_six_and_draw_four() {
    let r = rulesets::load("classic").unwrap();
    for players in [6, 7] {
        let g = GameState::new(&r, players, 9).unwrap();
        let sizes: Vec<usize> = (0..players).map(|p| g.player(p).hand().len()).collect();
        let mut expected = vec![3, 4, 5];
        expected.resize(players, 6);
        assert_eq!(sizes, expected);
    }
    let mut g = game_in(
        "classic",
        6,
        json!({ "hands": [["Blue", "Blue"]], "draw_pile_top": ["Red", "Red", "Soy", "Soy", "Soy", "Soy"] }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    assert_eq!(g.player(0).hand().len(), 4);
}

#[test]
fn the_classic_protection_rule_needs_all_fields_to_hold_one_card() {
    let mut g = game_in(
        "classic",
        4,
        json!({
            "hands": [["Blue"]],
            "fields": [[{ "bean": "Red", "count": 1 }], [{ "bean": "Red", "count": 1 }, { "bean": "Soy", "count": 1 }]]
        }),
    );
    // One card beside an empty field: not all fields hold one card.
    let err = refuse(&mut g, 0, Action::Harvest { field: 0 });
    assert_eq!(err, RuleError::BeanProtectionAllFields);
    assert!(
        err.to_string()
            .contains("unless all your fields hold one bean")
    );
    // All fields hold one card: either may be harvested.
    play(&mut g, 1, Action::Harvest { field: 1 });
    // In the base game, a single bean beside an empty field may be harvested.
    let mut g = common::game(
        4,
        json!({ "hands": [["Blue"]], "fields": [[{ "bean": "Red", "count": 1 }]] }),
    );
    play(&mut g, 0, Action::Harvest { field: 0 });
}

#[test]
fn a_classic_tie_goes_to_the_most_cards_in_hand() {
    let mut g = game_in(
        "classic",
        4,
        json!({
            "hands": [["Blue", "Blue"], ["Red"], ["Soy", "Soy", "Soy"], ["Green", "Green"]],
            "coins": [4, 4, 4, 1],
            "draw_pile_top": ["Chili"],
            "draw_pile_runs_out": 2,
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    let outcome = g.outcome().expect("the game ended");
    assert_eq!(outcome.coins, vec![4, 4, 4, 1]);
    assert_eq!(outcome.winners, vec![2], "player 2 holds the most cards");
}

#[test]
fn setups_may_give_a_third_field_only_where_one_can_be_had() {
    let setup: Setup = serde_json::from_value(json!({ "fields": [[null, null, null]] })).unwrap();
    let classic = rulesets::load("classic").unwrap();
    assert!(GameState::from_setup(&classic, 4, &setup, 1, &mut Vec::new()).is_ok());
    let base = rulesets::load("base").unwrap();
    assert!(matches!(
        GameState::from_setup(&base, 4, &setup, 1, &mut Vec::new()),
        Err(SetupError::TooManyFields { .. })
    ));
}
