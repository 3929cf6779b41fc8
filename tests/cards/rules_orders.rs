//! Order cards (rules/001, variant 3): the turn's planting rules follow from the order having
//! been laid out this turn, whatever becomes of it afterwards.

use crate::support::cards::{play, refuse};
use bohnanza::cards::{Action, Event, GameState, Phase, RuleError, Setup};
use bohnanza::rulesets;
use serde_json::json;

/// An order-card game whose active player starts the turn with "3/0" in front of the hand and
/// three Blue beans in the first field: laid out, the order can be fulfilled at once.
fn order_in_front_and_already_met() -> GameState {
    let setup: Setup = serde_json::from_value(json!({
        "hands": [["3/0", "Stink", "Red", "Chili"]],
        "fields": [[{ "bean": "Blue", "count": 3 }, null]]
    }))
    .unwrap();
    let ruleset = rulesets::load("expansion-order-cards").unwrap();
    let mut events = Vec::new();
    let mut g = GameState::from_setup(&ruleset, 3, &setup, 3, &mut events).unwrap();
    // "If you are the active player and your order card is the first card in your hand ...
    // you must put it next to your fields, face up."
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::OrderLaidOut { .. }))
    );
    // "You can still try to fulfill an order you've put next to your fields this turn, up to
    // and including in Phase 3." Here it is fulfilled before anything is planted.
    play(&mut g, 0, Action::FulfillOrder { field: 0 });
    assert_eq!(g.player(0).laid_out_order(), None);
    assert_eq!(g.player(0).fulfilled_orders().len(), 1);
    assert!(g.order_laid_out_this_turn());
    g
}

#[test]
fn fulfilling_the_laid_out_order_before_planting_leaves_planting_a_choice() {
    // "Then, you may choose to plant exactly one bean card": still a choice once fulfilled.
    let mut g = order_in_front_and_already_met();
    assert!(g.legal_actions(0).contains(&Action::TurnOver));
    play(&mut g, 0, Action::TurnOver);
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.player(0).hand().len(), 3, "nothing was planted");
}

#[test]
fn fulfilling_the_laid_out_order_before_planting_still_allows_only_one_bean() {
    // "... exactly one bean card": one, even though the order is no longer beside the fields.
    let mut g = order_in_front_and_already_met();
    assert_eq!(g.max_planted_from_hand(), 1);
    play(&mut g, 0, Action::Plant { field: 1 });
    assert_eq!(g.phase(), Phase::Trade, "the cards are turned over at once");
    assert!(matches!(
        refuse(&mut g, 0, Action::Plant { field: 1 }),
        RuleError::WrongPhase { .. }
    ));
}

#[test]
fn the_next_turn_without_a_laid_out_order_plants_as_usual() {
    let mut g = order_in_front_and_already_met();
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, Action::EndTrading);
    while g.active_player() == 0 {
        let step = g
            .legal_actions(0)
            .into_iter()
            .find(|a| matches!(a, Action::PlantSetAside { .. } | Action::Harvest { .. }))
            .unwrap();
        play(&mut g, 0, step);
    }
    assert!(!g.order_laid_out_this_turn());
    assert_eq!(
        refuse(&mut g, 1, Action::TurnOver),
        RuleError::MustPlantFirst
    );
}
