//! The bean duel for 2 players (classic rules, with the extra rules in card-data.md).

use crate::support::cards::play;
use bohnanza::cards::{Action, Event, GameState, Phase, RuleError, Setup};
use bohnanza::few;
use bohnanza::rulesets;
use serde_json::json;

fn duel(setup: serde_json::Value) -> (GameState, Vec<Event>) {
    let setup: Setup = serde_json::from_value(setup).expect("setup JSON");
    let ruleset = rulesets::load("duel").unwrap();
    let mut events = Vec::new();
    let g = GameState::from_setup(&ruleset, 2, &setup, 5, &mut events).unwrap();
    (g, events)
}

fn names(g: &GameState, kinds: &[bohnanza::cards::BeanKind]) -> Vec<String> {
    kinds
        .iter()
        .map(|&k| g.ruleset().bean(k).name.clone())
        .collect()
}

fn refuse(g: &mut GameState, player: usize, action: Action) -> RuleError {
    let before = g.clone();
    let err = g.apply(player, &action).expect_err("should be refused");
    assert_eq!(*g, before);
    err
}

#[test]
fn the_duel_plays_like_three_players_without_garden_and_cocoa() {
    let r = rulesets::load("duel").unwrap();
    assert_eq!(r.player_counts().collect::<Vec<_>>(), vec![2]);
    let t = r.table(2).unwrap();
    assert_eq!(t.bean_fields, 3);
    assert_eq!(t.third_field_price, None);
    assert_eq!(t.game_ends_when_draw_pile_runs_out, 1);
    let g = GameState::new(&r, 2, 1).unwrap();
    assert_eq!(g.card_counts().iter().sum::<u32>(), 154 - 6 - 4);
    assert_eq!(g.player(0).hand().len(), 5);
    // The starting player has no offer to answer on the first turn.
    assert_eq!(g.phase(), Phase::Plant { planted: 0 });
}

#[test]
fn step_2_plants_then_discards_one_card_from_anywhere_in_the_hand() {
    let (mut g, _) = duel(json!({ "hands": [["Blue", "Chili", "Red", "Soy"]] }));
    assert_eq!(
        refuse(&mut g, 0, Action::Discard { card: 1 }),
        RuleError::MustPlantFirst
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::Plant { field: 1 });
    // Two planted: the turn waits, since a card may still be discarded.
    assert_eq!(g.phase(), Phase::Plant { planted: 2 });
    let events = play(&mut g, 0, Action::Discard { card: 0 });
    let red = g.ruleset().kind_named("Red").unwrap();
    assert!(events.contains(&Event::Discarded {
        player: 0,
        card: red
    }));
    assert_eq!(
        names(&g, &g.player(0).hand().iter().collect::<Vec<_>>()),
        vec!["Soy"]
    );
    // Discarding ends the planting: three cards are turned over.
    assert_eq!(g.phase(), Phase::PlantTurnedOver);
    assert!(g.face_up().len() >= 3);
}

#[test]
fn step_3_turns_over_three_and_pulls_matching_cards_from_the_discard_pile() {
    let (mut g, _) = duel(json!({
        "hands": [["Blue", "Stink"]],
        "draw_pile_top": ["Red", "Soy", "Chili"],
        "discard_pile": ["Red", "Stink", "Soy", "Red"]
    }));
    play(&mut g, 0, Action::Plant { field: 0 });
    let events = play(&mut g, 0, Action::TurnOver);
    // Red matches, then Soy matches, then Stink matches nothing: pulling stops.
    let pulled: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::PulledFromDiscard { .. }))
        .collect();
    assert_eq!(pulled.len(), 2);
    assert_eq!(
        names(&g, g.face_up()),
        vec!["Red", "Soy", "Chili", "Red", "Soy"]
    );
    assert_eq!(names(&g, g.deck().discard_pile()), vec!["Red", "Stink"]);
    // There is no trading in the duel.
    assert!(matches!(
        refuse(
            &mut g,
            0,
            Action::Propose {
                to: 1,
                give: few![],
                want: few![]
            }
        ),
        RuleError::WrongPhase { .. }
    ));
}

#[test]
fn cards_not_planted_are_left_as_an_offer_that_the_opponent_plants_or_discards() {
    let (mut g, _) = duel(json!({
        "hands": [["Blue", "Stink"], ["Green", "Green"]],
        "draw_pile_top": ["Red", "Soy", "Chili"],
    }));
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, Action::PlantTurnedOver { card: 0, field: 1 });
    let events = play(&mut g, 0, Action::EndTurn);
    let left: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::LeftAsOffer { player: 0, cards } => Some(names(&g, cards)),
            _ => None,
        })
        .collect();
    assert_eq!(left, vec![vec!["Soy".to_string(), "Chili".to_string()]]);
    // Step 4: two cards drawn; then the opponent's turn starts with the offer.
    assert_eq!(g.active_player(), 1);
    assert_eq!(g.phase(), Phase::PlantOffered);
    assert_eq!(names(&g, g.offered()), vec!["Soy", "Chili"]);
    play(&mut g, 1, Action::PlantOffered { card: 1, field: 2 });
    play(&mut g, 1, Action::DiscardOffered { card: 0 });
    // Then the opponent plants from the hand, as usual.
    assert_eq!(g.phase(), Phase::Plant { planted: 0 });
    assert_eq!(
        g.deck()
            .discard_pile()
            .last()
            .map(|&k| g.ruleset().bean(k).name.clone()),
        Some("Soy".into())
    );
}

#[test]
fn in_the_duel_a_player_harvests_only_on_their_own_turn() {
    let (mut g, _) = duel(json!({
        "hands": [["Blue"]],
        "fields": [[], [{ "bean": "Chili", "count": 3 }]]
    }));
    assert_eq!(
        refuse(&mut g, 1, Action::Harvest { field: 0 }),
        RuleError::HarvestOnlyOnOwnTurn
    );
}

#[test]
fn the_duel_ends_the_first_time_the_draw_pile_runs_out() {
    let (mut g, _) = duel(json!({
        "hands": [["Blue", "Stink"], ["Soy", "Soy"]],
        "coins": [1, 2],
        "draw_pile_top": ["Red", "Red"],
        "unplaced_cards": "discard_pile"
    }));
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    assert!(g.is_last_turn());
    // Step 3 still finishes.
    play(&mut g, 0, Action::PlantTurnedOver { card: 0, field: 1 });
    play(&mut g, 0, Action::PlantTurnedOver { card: 0, field: 1 });
    play(&mut g, 0, Action::EndTurn);
    let outcome = g.outcome().expect("over");
    // Red ×2 earns a coin in the final harvest.
    assert_eq!(outcome.coins, vec![2, 2]);
    // Tied: the classic tie break, most cards in hand.
    assert_eq!(outcome.winners, vec![1]);
}
