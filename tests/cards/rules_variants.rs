//! The rules that differ from the base game, one or more scenarios per built-in variant.

use crate::support::cards::{self, play};
use bohnanza::cards::{Action, Event, GameState, PositionProblem, RuleError, Setup};
use bohnanza::few;
use bohnanza::rulesets;
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
    let mut g = cards::game(4, json!({ "hands": [["Blue"]], "coins": [5] }));
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
    let mut g = cards::game(
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
        Err(e) if matches!(e.problem, PositionProblem::TooManyFields { .. })
    ));
}

// ---- order cards (expansion-order-cards, expansion-field-beans-orders) ----

fn order_game(players: usize, setup: serde_json::Value) -> (GameState, Vec<Event>) {
    let setup: Setup = serde_json::from_value(setup).expect("setup JSON");
    let ruleset = rulesets::load("expansion-order-cards").unwrap();
    let mut events = Vec::new();
    let g = GameState::from_setup(&ruleset, players, &setup, 3, &mut events).unwrap();
    (g, events)
}

fn order(text: &str) -> bohnanza::cards::OrderCard {
    text.parse().unwrap()
}

#[test]
fn uwes_order_card_is_laid_out_and_one_bean_planted_behind_it() {
    // "At the start of his turn, Uwe's order card is the first card in his hand. He puts it
    // next to his fields. Then, he plants the stink bean behind it."
    let (mut g, events) = order_game(3, json!({ "hands": [["3/4", "Stink", "Blue", "Red"]] }));
    assert!(events.contains(&Event::OrderLaidOut {
        player: 0,
        order: order("3/4")
    }));
    assert_eq!(g.player(0).laid_out_order(), Some(order("3/4")));
    assert!(g.player(0).hand().order().is_none());
    play(&mut g, 0, Action::Plant { field: 0 });
    // "exactly one bean card": the cards are turned over at once.
    assert_eq!(g.phase(), bohnanza::cards::Phase::Trade);
    assert_eq!(g.player(0).hand().iter().count(), 2);
}

#[test]
fn after_laying_out_an_order_planting_is_a_choice() {
    let (mut g, _) = order_game(3, json!({ "hands": [["3/4", "Stink"]] }));
    play(&mut g, 0, Action::TurnOver);
    assert_eq!(g.player(0).hand().len(), 1);
}

#[test]
fn an_order_is_fulfilled_from_anywhere_in_the_hand_with_adjacent_fields_in_order() {
    // Example 1: "The 3/4 order is fulfilled if you have three beans in your 1st bean field
    // and four beans in your 2nd." Two fields with four players.
    let (mut g, _) = order_game(
        4,
        json!({
            "hands": [["Red", "Soy", "3/4", "Green"]],
            "fields": [[{ "bean": "Blue", "count": 3 }, { "bean": "Chili", "count": 4 }]]
        }),
    );
    let events = play(&mut g, 0, Action::FulfillOrder { field: 0 });
    assert_eq!(
        events,
        vec![Event::OrderFulfilled {
            player: 0,
            order: order("3/4"),
            field: 0
        }]
    );
    // "You don't have to harvest the beans when you fulfill an order."
    assert_eq!(g.player(0).fields()[1].count(), 4);
    assert_eq!(g.player(0).fulfilled_orders(), &[order("3/4")]);
    assert_eq!(g.player(0).score(), 1);
    assert_eq!(
        refuse(&mut g, 0, Action::FulfillOrder { field: 0 }),
        RuleError::NoOrder
    );

    let (mut g, _) = order_game(
        4,
        json!({
            "hands": [["Red", "3/4"]],
            "fields": [[{ "bean": "Blue", "count": 4 }, { "bean": "Chili", "count": 3 }]]
        }),
    );
    let err = refuse(&mut g, 0, Action::FulfillOrder { field: 0 });
    assert_eq!(
        err.to_string(),
        "Order 3/4 needs its two numbers in fields 1 and 2"
    );
}

#[test]
fn four_zero_with_three_fields_uses_the_first_and_second_or_the_second_and_third() {
    // Example 2: "The 4/0 order can be fulfilled either using the 1st and 2nd bean field or
    // using the 2nd and 3rd bean field."
    for (fields, at) in [
        (
            json!([{ "bean": "Blue", "count": 4 }, null, { "bean": "Red", "count": 2 }]),
            0,
        ),
        (
            json!([{ "bean": "Red", "count": 2 }, { "bean": "Blue", "count": 4 }, null]),
            1,
        ),
    ] {
        let (mut g, _) = order_game(3, json!({ "hands": [["Red", "4/0"]], "fields": [fields] }));
        assert_eq!(
            g.legal_actions(0)
                .into_iter()
                .filter(|a| matches!(a, Action::FulfillOrder { .. }))
                .collect::<Vec<_>>(),
            vec![Action::FulfillOrder { field: at }]
        );
        play(&mut g, 0, Action::FulfillOrder { field: at });
    }
}

#[test]
fn orders_are_fulfilled_only_during_your_own_turn() {
    let (mut g, _) = order_game(
        4,
        json!({
            "hands": [["Red"], ["Soy", "3/4"]],
            "fields": [[], [{ "bean": "Blue", "count": 3 }, { "bean": "Chili", "count": 4 }]]
        }),
    );
    assert_eq!(
        refuse(&mut g, 1, Action::FulfillOrder { field: 0 }),
        RuleError::NotYourTurnToFulfill
    );
}

#[test]
fn an_unfulfilled_laid_out_order_goes_under_the_pile_and_a_new_one_is_drawn() {
    let (mut g, _) = order_game(3, json!({ "hands": [["3/4", "Stink"]] }));
    let top_before = *g.order_deck().last().unwrap();
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    let events = play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    assert!(events.contains(&Event::OrderReturned {
        player: 0,
        order: order("3/4")
    }));
    assert_eq!(g.order_deck()[0], order("3/4"), "under the order card pile");
    // Phase 4: one bean each, then a new order at the back of the active player's hand.
    assert!(events.contains(&Event::DrewOrder {
        player: 0,
        order: top_before
    }));
    let hand = g.player(0).hand();
    assert_eq!(hand.order(), Some((hand.len(), top_before)));
}

#[test]
fn a_laid_out_order_met_by_the_end_of_phase_3_is_fulfilled() {
    // "You can still try to fulfill an order you've put next to your fields this turn, up to
    // and including in Phase 3."
    // Blue ×2 and Red ×1; Uwe turns over Red and Green, donates the Green bean and plants
    // the Red one: the fields now read 2/2.
    let (mut g, _) = order_game(
        4,
        json!({
            "hands": [["2/2", "Soy"]],
            "fields": [[{ "bean": "Blue", "count": 2 }, { "bean": "Red", "count": 1 }]],
            "draw_pile_top": ["Red", "Green"]
        }),
    );
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, propose_green_away());
    play(
        &mut g,
        1,
        Action::Accept {
            offer: 0,
            give: few![],
        },
    );
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    // Phase 3 ends when the Green bean's new owner has planted it too.
    let events = play(&mut g, 1, Action::PlantSetAside { card: 0, field: 0 });
    assert!(events.contains(&Event::OrderFulfilled {
        player: 0,
        order: order("2/2"),
        field: 0
    }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::OrderReturned { .. }))
    );
}

fn propose_green_away() -> Action {
    Action::Propose {
        to: 1,
        give: few![bohnanza::cards::CardRef::FaceUp(1)],
        want: few![],
    }
}

#[test]
fn order_cards_cannot_be_traded_hand_positions_count_beans() {
    let (mut g, _) = order_game(
        4,
        json!({ "hands": [["Blue", "Blue"], ["Soy", "3/4", "Red"]] }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::Plant { field: 0 });
    // Position 1 of the second hand is the Red bean, not the order card behind the Soy bean.
    play(
        &mut g,
        1,
        Action::Propose {
            to: 0,
            give: few![bohnanza::cards::CardRef::Hand(1)],
            want: few![],
        },
    );
    play(
        &mut g,
        0,
        Action::Accept {
            offer: 0,
            give: few![],
        },
    );
    assert_eq!(
        g.player(0).set_aside(),
        &[g.ruleset().kind_named("Red").unwrap()]
    );
    assert_eq!(g.player(1).hand().order(), Some((1, order("3/4"))));
}

#[test]
fn each_fulfilled_order_is_worth_one_coin_at_the_end() {
    let (mut g, _) = order_game(
        3,
        json!({
            "hands": [["Blue", "Red", "1/2"]],
            "coins": [2, 3],
            "fields": [[null, { "bean": "Green", "count": 1 }, { "bean": "Soy", "count": 1 }]],
            "draw_pile_top": ["Soy"],
            "draw_pile_runs_out": 2,
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    // Blue ×1, Green ×1, Soy ×1: no pair is 1/2 yet; plant the turned-over Soy on Soy.
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, Action::EndTrading);
    let events = play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    // The last plant meets 1/2 with fields 2 and 3, so the order is fulfilled before the end.
    assert!(events.contains(&Event::OrderFulfilled {
        player: 0,
        order: order("1/2"),
        field: 1
    }));
    let outcome = g
        .outcome()
        .expect("the draw pile ran out for the last time");
    // Player 0: 2 coins + Soy ×2 harvested (1 coin) + 1 order = 4; player 1: 3.
    assert_eq!(outcome.coins, vec![4, 3, 0]);
    assert_eq!(outcome.winners, vec![0]);
}

#[test]
fn setups_hold_one_order_per_hand_from_the_deck() {
    let ruleset = rulesets::load("expansion-order-cards").unwrap();
    let two: Setup = serde_json::from_value(json!({ "hands": [["3/4", "4/0"]] })).unwrap();
    assert_eq!(
        GameState::from_setup(&ruleset, 3, &two, 1, &mut Vec::new())
            .unwrap_err()
            .to_string(),
        "hands[0]: a player has one order card at most, in the hand or laid out"
    );
    let unknown: Setup = serde_json::from_value(json!({ "hands": [["9/9"]] })).unwrap();
    assert_eq!(
        GameState::from_setup(&ruleset, 3, &unknown, 1, &mut Vec::new())
            .unwrap_err()
            .problem,
        PositionProblem::UnknownOrder("9/9".into())
    );
}

#[test]
fn order_variants_build_on_their_games_and_share_one_order_deck() {
    let orders = rulesets::load("expansion-order-cards").unwrap();
    let base = rulesets::load("base").unwrap();
    assert_eq!(orders.beans, base.beans);
    assert_eq!(orders.order_cards.len(), 39);
    assert_eq!(orders.phase_4_draws, bohnanza::cards::DrawRule::EveryPlayer);
    let both = rulesets::load("expansion-field-beans-orders").unwrap();
    let field = rulesets::load("expansion-field-beans").unwrap();
    assert_eq!(both.beans, field.beans);
    assert_eq!(both.order_cards, orders.order_cards);
    assert_eq!(both.player_counts().collect::<Vec<_>>(), vec![4, 5]);
    for o in &orders.order_cards {
        let sum = o.left + o.right;
        assert!(o.left <= 6 && o.right <= 6 && (3..=9).contains(&sum), "{o}");
    }
}

// ---- My First Bohnanza ----

fn names_of(g: &GameState, kinds: &[bohnanza::cards::BeanKind]) -> Vec<String> {
    kinds
        .iter()
        .map(|&k| g.ruleset().bean(k).name.clone())
        .collect()
}

fn top(g: &GameState, player: usize, field: usize) -> (String, u32) {
    let f = g.player(player).fields()[field];
    (
        f.kind()
            .map(|k| g.ruleset().bean(k).name.clone())
            .unwrap_or_default(),
        f.count(),
    )
}

#[test]
fn alans_mixed_patch_buries_the_sour_beans_until_the_mean_beans_are_harvested() {
    // Example 5: "Alan has a Stink Bean and two Sour Beans in his fields. He must plant the
    // Mean Bean ... so he decides to plant it in the field with the two Sour Beans."
    let mut g = game_in(
        "my-first",
        3,
        json!({
            "hands": [["Mean", "Sour"]],
            "fields": [[{ "bean": "Stink", "count": 1 }, { "bean": "Sour", "count": 2 }]]
        }),
    );
    let events = play(&mut g, 0, Action::Plant { field: 1 });
    let sour = g.ruleset().kind_named("Sour").unwrap();
    assert!(events.contains(&Event::Buried {
        player: 0,
        field: 1,
        card: sour,
        count: 2
    }));
    assert_eq!(top(&g, 0, 1), ("Mean".into(), 1));
    assert_eq!(g.player(0).buried(1).len(), 1);
    // The buried Sour beans cannot be planted on: the next Sour bean fits no field, so it
    // may go over either field.
    let legal = g.legal_actions(0);
    assert!(
        legal.contains(&Action::Plant { field: 0 }) && legal.contains(&Action::Plant { field: 1 })
    );
    // In the base game the same bean would need a harvest first.
    let mut base = cards::game(
        3,
        json!({ "hands": [["Soy"]], "fields": [[
            { "bean": "Blue", "count": 2 }, { "bean": "Red", "count": 2 }, { "bean": "Green", "count": 2 }
        ]] }),
    );
    assert!(matches!(
        refuse(&mut base, 0, Action::Plant { field: 0 }),
        RuleError::NoFieldFits(_)
    ));
}

#[test]
fn harvesting_the_top_beans_brings_the_buried_ones_back() {
    let mut g = game_in(
        "my-first",
        3,
        json!({
            "hands": [["Mean", "Sour"]],
            "fields": [[{ "bean": "Mean", "count": 4, "buried": [{ "bean": "Sour", "count": 2 }] }]]
        }),
    );
    // The fifth Mean bean earns its coin: the field is harvested at once, by itself.
    let events = play(&mut g, 0, Action::Plant { field: 0 });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Harvested {
            coins: 1,
            cards: 5,
            ..
        }
    )));
    assert_eq!(top(&g, 0, 0), ("Sour".into(), 2));
    assert!(g.player(0).buried(0).is_empty());
    assert_eq!(g.player(0).coins(), 1);
    // The coin came from the coin pile of unused kinds; all five Mean beans were discarded.
    assert_eq!(names_of(&g, g.deck().discard_pile()), vec!["Mean"; 5]);
    assert!(
        !g.player(0)
            .coins_pile()
            .iter()
            .any(|&k| g.ruleset().bean(k).name == "Mean")
    );
}

#[test]
fn marias_two_stink_beans_earn_a_coin() {
    // Example 6: "Maria has a Stink Bean, a Mean Bean, and two more Stink Beans in one field,
    // and two Broad Beans in the other. She can harvest the two Stink Beans."
    let mut g = game_in(
        "my-first",
        4,
        json!({
            "hands": [["Sour"], ["Mean"]],
            "fields": [[], [
                { "bean": "Stink", "count": 2, "buried": [
                    { "bean": "Stink", "count": 1 }, { "bean": "Mean", "count": 1 }
                ] },
                { "bean": "Broad", "count": 2 }
            ]]
        }),
    );
    // Two Broad beans earn nothing yet: "You cannot harvest one to three Sour Beans."
    assert_eq!(
        refuse(&mut g, 1, Action::Harvest { field: 1 }),
        RuleError::HarvestPaysNothing("Broad".into())
    );
    play(&mut g, 1, Action::Harvest { field: 0 });
    assert_eq!(g.player(1).coins(), 1);
    assert_eq!(top(&g, 1, 0), ("Mean".into(), 1));
}

#[test]
fn a_field_is_harvested_by_itself_even_in_another_players_turn() {
    // Player 1 receives a Stink bean from the active player: planting it makes two, which
    // earn Stink's coin, so the field is harvested at once although it is player 0's turn.
    let mut g = game_in(
        "my-first",
        3,
        json!({
            "hands": [["Mean", "Stink"], ["Sour"]],
            "fields": [[], [{ "bean": "Stink", "count": 1 }]]
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    play(
        &mut g,
        0,
        Action::Propose {
            to: 1,
            give: few![bohnanza::cards::CardRef::Hand(0)],
            want: few![],
        },
    );
    play(
        &mut g,
        1,
        Action::Accept {
            offer: 0,
            give: few![],
        },
    );
    // "You have to immediately plant them": before trading goes on.
    let events = play(&mut g, 1, Action::PlantSetAside { card: 0, field: 0 });
    assert_eq!(g.phase(), bohnanza::cards::Phase::Trade);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Harvested {
            player: 1,
            field: 0,
            cards: 2,
            coins: 1,
            ..
        }
    )));
    assert_eq!(g.player(1).coins(), 1);
    assert!(g.player(1).fields()[0].is_empty());
}

#[test]
fn cards_lie_in_an_open_line_for_everyone_to_see() {
    let g = game_in(
        "my-first",
        3,
        json!({ "hands": [["Mean", "Sour"], ["Broad"]] }),
    );
    let view = g.view(1);
    assert!(
        view.seats[0].hand.is_some(),
        "My First Bohnanza has no hidden hands"
    );
    let g = game_in(
        "my-first-step-4",
        3,
        json!({ "hands": [["Mean", "Sour"], ["Broad"]] }),
    );
    assert!(
        g.view(1).seats[0].hand.is_none(),
        "step 4 takes the cards in hand"
    );
}

#[test]
fn my_first_ends_by_player_count_without_a_final_harvest_and_ties_share_the_win() {
    // "If there are three players, the game ends when the last card from the draw pile is
    // turned over. The player who turned the last card can still finish his or her turn."
    let mut g = game_in(
        "my-first",
        3,
        json!({
            "hands": [["Mean", "Mean"]],
            "fields": [[], [{ "bean": "Sour", "count": 3 }]],
            "coins": [2, 2, 1],
            "draw_pile_top": ["Sour"],
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    assert!(g.is_last_turn());
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    let outcome = g
        .outcome()
        .expect("over after the first time the pile runs out");
    // Beans left in fields are worth nothing; players 0 and 1 tie and both win.
    assert_eq!(outcome.coins, vec![2, 2, 1]);
    assert_eq!(outcome.winners, vec![0, 1]);
    assert_eq!(top(&g, 0, 0), ("Mean".into(), 1), "no final harvest");
    let r = rulesets::load("my-first").unwrap();
    assert_eq!(r.table(4).unwrap().game_ends_when_draw_pile_runs_out, 2);
    assert_eq!(r.table(5).unwrap().game_ends_when_draw_pile_runs_out, 3);
}

#[test]
fn two_coin_beans_are_harvested_when_the_player_chooses() {
    // Example 7: "You cannot harvest one or two Magic Beans. Three or four Magic Beans will
    // earn you one coin, but five of them will earn you two coins."
    let mut g = game_in(
        "my-first-two-coin",
        3,
        json!({
            "hands": [["Magic", "Sword"]],
            "fields": [[{ "bean": "Magic", "count": 2 }]]
        }),
    );
    assert_eq!(
        refuse(&mut g, 0, Action::Harvest { field: 0 }),
        RuleError::HarvestPaysNothing("Magic".into())
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    assert_eq!(top(&g, 0, 0), ("Magic".into(), 3), "no harvest by itself");
    assert!(g.legal_actions(0).contains(&Action::Harvest { field: 0 }));
    let r = rulesets::load("my-first-two-coin").unwrap();
    let magic = r.kind_named("Magic").unwrap();
    assert_eq!(r.bean(magic).beanometer.coins_for(5), 2);
}

#[test]
fn at_the_end_of_a_two_coin_game_fields_that_earn_a_coin_are_harvested() {
    let mut g = game_in(
        "my-first-two-coin",
        3,
        json!({
            "hands": [["Sword", "Sword"]],
            "fields": [[], [{ "bean": "Dragon", "count": 2 }, { "bean": "Giant", "count": 3 }]],
            "draw_pile_top": ["Magic"],
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    let outcome = g.outcome().unwrap();
    // Dragon ×2 earns a coin; Giant ×3 earns none and stays.
    assert_eq!(outcome.coins[1], 1);
    assert_eq!(top(&g, 1, 1), ("Giant".into(), 3));
}

#[test]
fn the_advanced_steps_add_their_rules_one_by_one() {
    let load = |v: &str| rulesets::load(v).unwrap();
    let step1 = load("my-first-step-1");
    assert_eq!(
        step1
            .deck_counts(3)
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>(),
        115
    );
    assert_eq!(step1.table(4).unwrap().bean_fields, 3);
    assert_eq!(
        step1.coins_from,
        bohnanza::cards::CoinSource::HarvestedCards
    );
    assert!(step1.mixed_patches);
    let step2 = load("my-first-step-2");
    assert!(!step2.mixed_patches && !step2.harvest_needs_a_coin);
    let step3 = load("my-first-step-3");
    assert_eq!(step3.table(4).unwrap().bean_fields, 2);
    assert_eq!(step3.table(4).unwrap().third_field_price, Some(3));
    assert!(step3.open_hands);
    assert!(!load("my-first-step-4").open_hands);
    assert_eq!(
        load("my-first-step-5").bean_protection_rule,
        bohnanza::cards::BeanProtection::WhileAnotherFieldHasMore
    );
    assert_eq!(
        load("my-first-step-4").bean_protection_rule,
        bohnanza::cards::BeanProtection::Off
    );

    // Step 1: coins are the harvested cards turned over ("Alan ... turns over one of the four
    // cards to show the coin side, and puts it aside. He then puts the other three Sour Beans
    // on the discard pile.").
    let mut g = game_in(
        "my-first-step-1",
        3,
        json!({ "hands": [["Mean"]], "fields": [[{ "bean": "Sour", "count": 4 }]] }),
    );
    play(&mut g, 0, Action::Harvest { field: 0 });
    assert_eq!(names_of(&g, g.player(0).coins_pile()), vec!["Sour"]);
    assert_eq!(g.deck().discard_pile().len(), 3);
    // Step 2: "Maria ... takes all three Sour Beans and puts them on the discard pile."
    let mut g = game_in(
        "my-first-step-2",
        3,
        json!({ "hands": [["Giant"]], "fields": [[
            { "bean": "Magic", "count": 2 }, { "bean": "Dragon", "count": 2 }, { "bean": "Sour", "count": 3 }
        ]] }),
    );
    assert!(matches!(
        refuse(&mut g, 0, Action::Plant { field: 2 }),
        RuleError::NoFieldFits(_)
    ));
    play(&mut g, 0, Action::Harvest { field: 2 });
    assert_eq!(g.player(0).coins(), 0);
    play(&mut g, 0, Action::Plant { field: 2 });
    // Step 3: a third field for three coins.
    let mut g = game_in(
        "my-first-step-3",
        3,
        json!({ "hands": [["Giant"]], "coins": [3] }),
    );
    play(&mut g, 0, Action::BuyThirdField);
    assert_eq!(g.player(0).fields().len(), 3);
}

#[test]
fn annas_single_sword_bean_is_protected_and_alans_single_beans_are_not() {
    // Example 10 (step 5): "Anna may not harvest the field with the single Sword Bean on her
    // board. Alan, however, may harvest any of his three single bean types."
    let mut g = game_in(
        "my-first-step-5",
        3,
        json!({
            "hands": [["Mean"]],
            "fields": [
                [{ "bean": "Sword", "count": 1 }, { "bean": "Giant", "count": 3 }],
                [{ "bean": "Dwarf", "count": 1 }, { "bean": "Magic", "count": 1 }, { "bean": "Princess", "count": 1 }]
            ]
        }),
    );
    assert_eq!(
        refuse(&mut g, 0, Action::Harvest { field: 0 }),
        RuleError::BeanProtection
    );
    for field in 0..3 {
        assert!(g.check_harvest(1, field).is_ok(), "Alan's field {field}");
    }
}
