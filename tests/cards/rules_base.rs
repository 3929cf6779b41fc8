//! The base game's rules, one scenario per rule, including the rulebook's own examples.

use crate::support::cards::*;
use bohnanza::cards::{Action, CardRef, Event, GameState, Phase, RuleError};
use bohnanza::few;
use serde_json::json;

// ---- setting up ----

#[test]
fn a_new_game_deals_five_cards_from_104_and_gives_fields_by_player_count() {
    let ruleset = base();
    for (players, fields_each) in [(3, 3), (4, 2), (5, 2)] {
        let state = GameState::new(&ruleset, players, 1).unwrap();
        let total: u32 = state.card_counts().iter().sum();
        assert_eq!(total, 104);
        for p in 0..players {
            assert_eq!(state.player(p).fields().len(), fields_each);
            // The active player has not planted yet; everyone holds five.
            assert_eq!(state.player(p).hand().len(), 5);
        }
        assert_eq!(state.deck().draw_pile_len(), 104 - 5 * players);
        assert_eq!(state.phase(), Phase::Plant { planted: 0 });
    }
    assert!(GameState::new(&ruleset, 2, 1).is_err());
    assert!(GameState::new(&ruleset, 6, 1).is_err());
}

#[test]
fn the_same_seed_deals_the_same_game() {
    let a = GameState::new(&base(), 4, 99).unwrap();
    let b = GameState::new(&base(), 4, 99).unwrap();
    let c = GameState::new(&base(), 4, 100).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

// ---- phase 1 and the hand order ----

#[test]
fn phase_1_plants_the_front_card_first_and_never_reorders_the_hand() {
    let mut g = game(4, json!({ "hands": [["Blue", "Chili", "Soy", "Red"]] }));
    let err = refuse(&mut g, 0, Action::TurnOver);
    assert_eq!(err, RuleError::MustPlantFirst);
    play(&mut g, 0, Action::Plant { field: 1 });
    assert_eq!(hand(&g, 0), ks(&["Chili", "Soy", "Red"]));
    assert_eq!(fields(&g, 0), vec![("".into(), 0), ("Blue".into(), 1)]);
    play(&mut g, 0, Action::Plant { field: 0 });
    assert_eq!(hand(&g, 0), ks(&["Soy", "Red"]));
    // "You can't plant a third bean": the second plant turned the cards over.
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.face_up().len(), 2);
    let err = refuse(&mut g, 0, Action::Plant { field: 0 });
    assert!(matches!(err, RuleError::WrongPhase { expected: 1, .. }));
}

#[test]
fn planting_one_card_then_turning_over_is_allowed() {
    let mut g = game(4, json!({ "hands": [["Blue", "Chili"]] }));
    play(&mut g, 0, Action::Plant { field: 0 });
    let events = play(&mut g, 0, Action::TurnOver);
    assert_eq!(g.phase(), Phase::Trade);
    let turned = events
        .iter()
        .filter(|e| matches!(e, Event::TurnedOver { .. }))
        .count();
    assert_eq!(turned, 2);
    assert_eq!(hand(&g, 0), ks(&["Chili"]));
}

#[test]
fn only_the_active_player_plants_in_phase_1() {
    let mut g = game(4, json!({ "hands": [["Blue"], ["Red"]] }));
    assert_eq!(
        refuse(&mut g, 1, Action::Plant { field: 0 }),
        RuleError::NotActivePlayer
    );
}

#[test]
fn an_empty_hand_skips_phase_1() {
    let g = game(
        4,
        json!({ "active_player": 2, "hands": [["Blue"], ["Red"]] }),
    );
    assert_eq!(g.active_player(), 2);
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.face_up().len(), 2);
}

#[test]
fn a_field_holds_one_kind_at_a_time() {
    let mut g = game(
        4,
        json!({ "hands": [["Soy"]], "fields": [[{ "bean": "Blue", "count": 2 }]] }),
    );
    let err = refuse(&mut g, 0, Action::Plant { field: 0 });
    assert_eq!(
        err.to_string(),
        "You can only plant one kind of bean in each field: field 1 holds Blue beans"
    );
    play(&mut g, 0, Action::Plant { field: 1 });
    assert_eq!(fields(&g, 0), vec![("Blue".into(), 2), ("Soy".into(), 1)]);
}

#[test]
fn the_same_kind_may_grow_in_two_fields() {
    let mut g = game(
        4,
        json!({ "hands": [["Blue"]], "fields": [[{ "bean": "Blue", "count": 2 }]] }),
    );
    play(&mut g, 0, Action::Plant { field: 1 });
    assert_eq!(fields(&g, 0), vec![("Blue".into(), 2), ("Blue".into(), 1)]);
}

#[test]
fn a_card_that_fits_no_field_forces_a_harvest_first() {
    let mut g = game(
        4,
        json!({
            "hands": [["Soy", "Red"]],
            "fields": [[{ "bean": "Blue", "count": 3 }, { "bean": "Chili", "count": 4 }]]
        }),
    );
    let err = refuse(&mut g, 0, Action::Plant { field: 0 });
    assert_eq!(
        err.to_string(),
        "No field has space for this Soy bean: you must harvest a field first"
    );
    // Only harvests are offered.
    let legal = g.legal_actions(0);
    assert_eq!(
        legal,
        vec![Action::Harvest { field: 0 }, Action::Harvest { field: 1 }]
    );
    play(&mut g, 0, Action::Harvest { field: 1 });
    assert_eq!(g.player(0).coins(), 1);
    play(&mut g, 0, Action::Plant { field: 1 });
    assert_eq!(fields(&g, 0)[1], ("Soy".into(), 1));
}

// ---- phase 2: trading ----

/// Timon (player 0) has turned over a Soy bean and a Blue bean (Examples #1–#4).
fn timon_and_nina() -> GameState {
    let mut g = game(
        3,
        json!({
            "hands": [["Green", "Chili", "Stink"], ["Red", "Green"], ["Garden"]],
            "fields": [[{ "bean": "Blue", "count": 1 }, null, { "bean": "Red", "count": 1 }]],
            "draw_pile_top": ["Soy", "Blue"]
        }),
    );
    play(&mut g, 0, Action::Plant { field: 1 });
    play(&mut g, 0, Action::TurnOver);
    assert_eq!(g.face_up(), ks(&["Soy", "Blue"]).as_slice());
    g
}

#[test]
fn timon_and_ninas_trade_from_the_rulebook() {
    let mut g = timon_and_nina();
    // Example #1: "Would anyone like this Soy Bean? I'd like to trade it for a Red Bean."
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Red"]));
    play(&mut g, 0, propose(2, vec![CardRef::FaceUp(0)], &["Red"]));
    play(&mut g, 1, Action::Decline { offer: 0 });
    play(&mut g, 2, Action::Decline { offer: 1 });
    // Example #2: "I'll give you the turned-over Soy Bean and a Chili Bean from my hand for a Red Bean."
    // Chili is at position 0 now that Green was planted.
    assert_eq!(hand(&g, 0), ks(&["Chili", "Stink"]));
    play(
        &mut g,
        0,
        propose(1, vec![CardRef::FaceUp(0), CardRef::Hand(0)], &["Red"]),
    );
    // "Only remove beans from your hand once a trade has been agreed on."
    assert_eq!(hand(&g, 0), ks(&["Chili", "Stink"]));
    // Example #3: Nina accepts and gives the Red bean.
    let events = play(
        &mut g,
        1,
        Action::Accept {
            offer: 2,
            give: few![CardRef::Hand(0)],
        },
    );
    assert!(events.contains(&Event::Traded {
        offer: 2,
        from: 0,
        to: 1,
        gave: ks(&["Soy", "Chili"]).into(),
        got: ks(&["Red"]).into(),
    }));
    assert_eq!(g.player(0).set_aside(), ks(&["Red"]).as_slice());
    assert_eq!(g.player(1).set_aside(), ks(&["Soy", "Chili"]).as_slice());
    assert_eq!(hand(&g, 0), ks(&["Stink"]));
    assert_eq!(hand(&g, 1), ks(&["Green"]));
    assert_eq!(g.face_up(), ks(&["Blue"]).as_slice());

    // Example #4: Timon plants the Red bean and the kept Blue bean; Nina the Soy and Chili.
    play(&mut g, 0, Action::EndTrading);
    assert_eq!(g.phase(), Phase::PlantTraded);
    assert_eq!(g.player(0).set_aside(), ks(&["Red", "Blue"]).as_slice());
    play(&mut g, 1, Action::PlantSetAside { card: 1, field: 1 });
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 0 });
    play(&mut g, 1, Action::PlantSetAside { card: 0, field: 0 });
    assert_eq!(
        fields(&g, 0),
        vec![("Blue".into(), 2), ("Green".into(), 1), ("Red".into(), 2)]
    );
    assert_eq!(
        fields(&g, 1),
        vec![("Soy".into(), 1), ("Chili".into(), 1), ("".into(), 0)]
    );
    // Phase 4 ran by itself: Timon drew three to the back of his hand, and Nina's turn began.
    assert_eq!(g.player(0).hand().len(), 4);
    assert_eq!(hand(&g, 0)[0], k("Stink"));
    assert_eq!(g.active_player(), 1);
    assert_eq!(g.phase(), Phase::Plant { planted: 0 });
}

#[test]
fn only_the_active_player_trades() {
    let mut g = timon_and_nina();
    assert_eq!(
        refuse(&mut g, 1, propose(2, vec![CardRef::Hand(0)], &["Garden"])),
        RuleError::OnlyActivePlayerTrades
    );
    assert_eq!(
        refuse(&mut g, 1, propose(0, vec![CardRef::FaceUp(0)], &[])),
        RuleError::FaceUpCardsAreActivePlayers
    );
    assert_eq!(
        refuse(&mut g, 1, Action::EndTrading),
        RuleError::NotActivePlayer
    );
    // Others may offer to the active player, from anywhere in their hands.
    play(&mut g, 1, propose(0, vec![CardRef::Hand(1)], &["Soy"]));
    play(
        &mut g,
        0,
        Action::Accept {
            offer: 0,
            give: few![CardRef::FaceUp(0)],
        },
    );
    assert_eq!(hand(&g, 1), ks(&["Red"]));
}

#[test]
fn cards_received_in_a_trade_cannot_be_traded_again() {
    let mut g = timon_and_nina();
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Red"]));
    play(
        &mut g,
        1,
        Action::Accept {
            offer: 0,
            give: few![CardRef::Hand(0)],
        },
    );
    let err = refuse(&mut g, 1, propose(0, vec![CardRef::SetAside(0)], &[]));
    assert_eq!(
        err.to_string(),
        "Cards received in a trade cannot be traded again"
    );
    refuse(&mut g, 0, propose(2, vec![CardRef::SetAside(0)], &[]));
}

#[test]
fn fields_cannot_be_traded_and_cards_must_exist() {
    let mut g = timon_and_nina();
    assert_eq!(
        refuse(&mut g, 0, propose(1, vec![CardRef::Hand(9)], &[])),
        RuleError::NoSuchCard(CardRef::Hand(9))
    );
    assert_eq!(
        refuse(
            &mut g,
            0,
            propose(1, vec![CardRef::FaceUp(0), CardRef::FaceUp(0)], &[])
        ),
        RuleError::CardNamedTwice
    );
    assert_eq!(
        refuse(&mut g, 0, propose(0, vec![], &["Red"])),
        RuleError::TradeWithSelf
    );
    assert_eq!(
        refuse(&mut g, 0, propose(1, vec![], &[])),
        RuleError::EmptyOffer
    );
}

#[test]
fn a_donation_needs_the_receivers_consent() {
    let mut g = timon_and_nina();
    play(&mut g, 0, propose(2, vec![CardRef::FaceUp(0)], &[]));
    play(&mut g, 2, Action::Decline { offer: 0 });
    assert_eq!(g.face_up().len(), 2);
    assert!(g.player(2).set_aside().is_empty());
    play(&mut g, 0, propose(2, vec![CardRef::FaceUp(0)], &[]));
    play(
        &mut g,
        2,
        Action::Accept {
            offer: 1,
            give: few![],
        },
    );
    assert_eq!(g.player(2).set_aside(), ks(&["Soy"]).as_slice());
    // Players may also ask for a gift.
    play(&mut g, 1, propose(0, vec![], &["Blue"]));
    play(
        &mut g,
        0,
        Action::Accept {
            offer: 2,
            give: few![CardRef::FaceUp(0)],
        },
    );
    assert_eq!(g.player(1).set_aside(), ks(&["Blue"]).as_slice());
}

#[test]
fn accepting_must_give_exactly_what_was_asked() {
    let mut g = timon_and_nina();
    play(
        &mut g,
        0,
        propose(1, vec![CardRef::FaceUp(0)], &["Red", "Green"]),
    );
    let err = refuse(
        &mut g,
        1,
        Action::Accept {
            offer: 0,
            give: few![CardRef::Hand(0)],
        },
    );
    assert_eq!(
        err.to_string(),
        "The cards you give must be exactly those asked for: Red, Green"
    );
    assert_eq!(
        refuse(
            &mut g,
            2,
            Action::Accept {
                offer: 0,
                give: few![]
            }
        ),
        RuleError::NotOfferedToYou
    );
    assert_eq!(
        refuse(&mut g, 1, Action::Withdraw { offer: 0 }),
        RuleError::NotYourOffer
    );
    play(
        &mut g,
        1,
        Action::Accept {
            offer: 0,
            give: few![CardRef::Hand(1), CardRef::Hand(0)],
        },
    );
    assert_eq!(g.player(0).set_aside(), ks(&["Red", "Green"]).as_slice());
}

#[test]
fn a_trade_closes_the_offers_of_the_cards_it_took_naming_them() {
    let mut g = timon_and_nina();
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Red"]));
    play(&mut g, 0, propose(2, vec![CardRef::FaceUp(0)], &["Garden"]));
    play(&mut g, 2, propose(0, vec![CardRef::Hand(0)], &["Blue"]));
    let events = play(
        &mut g,
        1,
        Action::Accept {
            offer: 0,
            give: few![CardRef::Hand(0)],
        },
    );
    // Timon offered the Soy to Cy too: that offer lapses, and says which card moved.
    assert!(events.contains(&Event::OfferClosed {
        offer: 1,
        why: bohnanza::cards::OfferClosed::CardsMoved {
            card: k("Soy"),
            player: 0
        }
    }));
    // Cy's offer to Timon names Cy's cards, which did not move: it still stands.
    assert_eq!(g.offers().len(), 1);
    assert_eq!(g.offers()[0].id, 2);
}

#[test]
fn trading_ends_only_when_the_active_player_says_so_and_closes_open_offers() {
    let mut g = timon_and_nina();
    play(&mut g, 2, propose(0, vec![CardRef::Hand(0)], &["Soy"]));
    let events = play(&mut g, 0, Action::EndTrading);
    assert!(events.contains(&Event::OfferClosed {
        offer: 0,
        why: bohnanza::cards::OfferClosed::TradingEnded
    }));
    assert!(g.offers().is_empty());
    assert_eq!(hand(&g, 2), ks(&["Garden"]));
}

#[test]
fn set_aside_cards_are_planted_only_in_phase_3() {
    let mut g = timon_and_nina();
    assert!(matches!(
        refuse(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 }),
        RuleError::WrongPhase { expected: 3, .. }
    ));
}

// ---- harvesting ----

#[test]
fn kenos_three_chili_beans_earn_one_coin() {
    let mut g = game(
        4,
        json!({ "hands": [["Blue"]], "fields": [[], [{ "bean": "Chili", "count": 3 }]] }),
    );
    // Keno (player 1) is not the active player: harvesting is allowed at any time.
    let events = play(&mut g, 1, Action::Harvest { field: 0 });
    assert_eq!(
        events,
        vec![Event::Harvested {
            player: 1,
            field: 0,
            card: k("Chili"),
            cards: 3,
            coins: 1
        }]
    );
    assert_eq!(g.player(1).coins(), 1);
    assert_eq!(g.deck().discard_pile(), ks(&["Chili", "Chili"]).as_slice());
    assert!(g.player(1).fields()[0].is_empty());
}

#[test]
fn the_stink_beanometer_pays_as_the_rulebook_says() {
    for (cards, coins) in [
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 1),
        (5, 2),
        (6, 2),
        (7, 3),
        (8, 4),
        (9, 4),
    ] {
        let mut g = game(
            4,
            json!({ "hands": [["Blue"]], "fields": [[{ "bean": "Stink", "count": cards }]] }),
        );
        play(&mut g, 0, Action::Harvest { field: 0 });
        assert_eq!(g.player(0).coins(), coins, "{cards} stink beans");
        assert_eq!(g.deck().discard_pile().len() as u32, cards - coins);
    }
}

#[test]
fn the_bean_protection_rule() {
    let mut g = game(
        3,
        json!({
            "hands": [["Blue"]],
            "fields": [
                [{ "bean": "Blue", "count": 1 }, { "bean": "Chili", "count": 3 }],
                [{ "bean": "Red", "count": 1 }, { "bean": "Soy", "count": 1 }],
            ]
        }),
    );
    let err = refuse(&mut g, 0, Action::Harvest { field: 0 });
    assert_eq!(err, RuleError::BeanProtection);
    assert!(err.to_string().starts_with("The bean protection rule"));
    // Fields of one card each may be harvested; so may a field of more.
    play(&mut g, 1, Action::Harvest { field: 1 });
    play(&mut g, 0, Action::Harvest { field: 1 });
    // With the Chili field gone, the single Blue bean is no longer protected.
    play(&mut g, 0, Action::Harvest { field: 0 });
    assert_eq!(
        refuse(&mut g, 0, Action::Harvest { field: 0 }),
        RuleError::EmptyField(0)
    );
    assert_eq!(
        refuse(&mut g, 0, Action::Harvest { field: 3 }),
        RuleError::NoSuchField(3)
    );
}

// ---- phase 4 and the draw pile ----

#[test]
fn phase_4_draws_three_to_the_back_of_the_hand() {
    let mut g = game(
        4,
        json!({
            "hands": [["Blue", "Chili", "Red", "Green"]],
            "draw_pile_top": ["Soy", "Soy", "Stink", "Garden", "Black-eyed"]
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    assert_eq!(
        hand(&g, 0),
        ks(&["Chili", "Red", "Green", "Stink", "Garden", "Black-eyed"])
    );
    assert_eq!(g.active_player(), 1);
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile() {
    let mut g = game(
        4,
        json!({
            "hands": [["Blue", "Chili"]],
            "draw_pile_top": ["Soy"],
            "discard_pile": ["Red", "Red", "Red"],
            "unplaced_cards": "discard_pile"
        }),
    );
    let discarded = g.deck().discard_pile().len();
    play(&mut g, 0, Action::Plant { field: 0 });
    let events = play(&mut g, 0, Action::TurnOver);
    assert!(events.contains(&Event::DrawPileRanOut { times: 1 }));
    assert!(events.contains(&Event::Reshuffled { cards: discarded }));
    assert_eq!(g.face_up().len(), 2);
    assert_eq!(g.deck().draw_pile_len(), discarded - 1);
    assert!(g.deck().discard_pile().is_empty());
    assert!(!g.is_last_turn());
}

#[test]
fn running_out_for_the_third_time_in_phase_2_finishes_phases_2_and_3() {
    let mut g = game(
        3,
        json!({
            "hands": [["Blue", "Blue"], ["Soy"]],
            "fields": [[], [{ "bean": "Chili", "count": 4 }, { "bean": "Stink", "count": 1 }]],
            "coins": [3, 3],
            "draw_pile_top": ["Red"],
            "draw_pile_runs_out": 2,
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    let events = play(&mut g, 0, Action::TurnOver);
    // "even if you could only turn over one card instead of two"
    assert_eq!(g.face_up(), ks(&["Red"]).as_slice());
    assert!(events.contains(&Event::DrawPileRanOut { times: 3 }));
    assert!(g.is_last_turn());
    assert_eq!(g.phase(), Phase::Trade);
    // Phase 2 goes on: Nina donates her Soy bean and Timon accepts.
    play(&mut g, 1, propose(0, vec![CardRef::Hand(0)], &[]));
    play(
        &mut g,
        0,
        Action::Accept {
            offer: 0,
            give: few![],
        },
    );
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    assert!(!g.is_over(), "phase 3 is not finished yet");
    let events = play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    assert!(g.is_over());
    // No phase 4: nobody drew.
    assert!(!events.iter().any(|e| matches!(e, Event::Drew { .. })));
    let outcome = g.outcome().unwrap();
    // Final harvest: player 1's Chili field (4 → 1 coin) and single Stink (0); player 0's
    // single Blue, Soy and Red beans earn nothing.
    assert_eq!(outcome.coins, vec![3, 4, 0]);
    assert_eq!(outcome.winners, vec![1]);
}

#[test]
fn running_out_for_the_third_time_in_phase_4_ends_the_game_at_once() {
    let mut g = game(
        3,
        json!({
            "hands": [["Blue"], ["Soy"]],
            "fields": [[{ "bean": "Green", "count": 3 }]],
            "draw_pile_top": ["Red", "Red", "Stink"],
            "draw_pile_runs_out": 2,
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 1 });
    play(&mut g, 0, Action::EndTrading);
    assert!(!g.is_last_turn());
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    assert!(!g.is_over());
    let events = play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    // The Stink bean was the last card: the game ends during phase 4.
    assert!(events.contains(&Event::Drew {
        player: 0,
        card: k("Stink")
    }));
    assert!(events.contains(&Event::DrawPileRanOut { times: 3 }));
    assert!(g.is_over());
    assert_eq!(g.active_player(), 0, "no new turn began");
    // Final harvest: Green 3 → 1 coin, Blue 1 → 0, Red 2 → 1 coin.
    assert_eq!(g.outcome().unwrap().coins, vec![2, 0, 0]);
}

#[test]
fn the_final_harvest_ignores_the_protection_rule_and_hands_do_not_count() {
    let mut g = game(
        3,
        json!({
            "hands": [["Blue"], ["Red", "Red", "Red", "Red"]],
            "fields": [
                [{ "bean": "Garden", "count": 2 }, { "bean": "Soy", "count": 1 }],
                [{ "bean": "Red", "count": 1 }]
            ],
            "draw_pile_top": ["Blue", "Blue"],
            "draw_pile_runs_out": 2,
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 2 });
    play(&mut g, 0, Action::EndTrading);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 2 });
    assert!(g.is_over());
    let outcome = g.outcome().unwrap();
    // Garden 2 → 2 coins; Soy 1 → 0; Blue 3 → 0. Player 1's single Red → 0; hand ignored.
    assert_eq!(outcome.coins, vec![2, 0, 0]);
    assert_eq!(outcome.winners, vec![0]);
    for p in 0..3 {
        assert!(g.player(p).fields().iter().all(|f| f.is_empty()));
    }
}

#[test]
fn a_tie_goes_to_the_tied_player_furthest_clockwise_from_the_starting_player() {
    // Starting player 1; players 0 and 1 tie on 5 coins. Clockwise from 1: 1, 2, 0 — player 0
    // sits furthest, so player 0 wins although player 1 has the same coins.
    let mut g = game(
        3,
        json!({
            "hands": [["Blue", "Blue"]],
            "coins": [5, 5, 3],
            "starting_player": 1,
            "draw_pile_top": ["Blue"],
            "draw_pile_runs_out": 2,
            "unplaced_cards": "discard_pile"
        }),
    );
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    play(&mut g, 0, Action::EndTrading);
    let events = play(&mut g, 0, Action::PlantSetAside { card: 0, field: 0 });
    assert!(events.contains(&Event::GameEnded {
        coins: vec![5, 5, 3],
        winners: vec![0]
    }));
    assert_eq!(
        refuse(&mut g, 0, Action::Harvest { field: 0 }),
        RuleError::GameOver
    );
}
