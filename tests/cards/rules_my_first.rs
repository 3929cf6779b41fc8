//! My First Bohnanza (rules/002), trading: "Do not put bean cards you receive from a trade
//! into your line, and you may not use them for further trades. You have to immediately plant
//! them in your own bean fields. The same goes for the two cards you turned over from the
//! pile, if you want to keep them."

use crate::support::cards::{play, refuse};
use bohnanza::cards::{Action, CardRef, Event, GameState, Phase, RuleError, Setup};
use bohnanza::few;
use bohnanza::rulesets;
use serde_json::json;

fn kind(g: &GameState, name: &str) -> bohnanza::cards::BeanKind {
    g.ruleset().kind_named(name).unwrap()
}

fn offer(g: &GameState, to: usize, give: Vec<CardRef>, want: &[&str]) -> Action {
    Action::Propose {
        to,
        give: give.into(),
        want: want.iter().map(|n| kind(g, n)).collect(),
    }
}

/// Anna (player 0) has planted and "has turned over a Mean Bean and a Sour Bean"; Maria
/// (player 1) holds the Stink Bean Anna wants.
fn anna_turned_over(variant: &str, maria_fields: serde_json::Value) -> GameState {
    let setup: Setup = serde_json::from_value(json!({
        "hands": [["Broad", "Broad", "Stink"], ["Stink", "Mean"], ["Sour"]],
        "fields": [[], maria_fields],
        "draw_pile_top": ["Mean", "Sour"]
    }))
    .unwrap();
    let ruleset = rulesets::load(variant).unwrap();
    let mut g = GameState::from_setup(&ruleset, 3, &setup, 5, &mut Vec::new()).unwrap();
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    assert_eq!(g.face_up(), &[kind(&g, "Mean"), kind(&g, "Sour")]);
    g
}

/// "I'm offering the Mean Bean I turned over, plus a Broad Bean from my own line, in exchange
/// for a Stink Bean." Maria accepts.
fn annas_trade(g: &mut GameState) {
    let o = offer(g, 1, vec![CardRef::FaceUp(0), CardRef::Hand(0)], &["Stink"]);
    play(g, 0, o);
    play(
        g,
        1,
        Action::Accept {
            offer: 0,
            give: few![CardRef::Hand(0)],
        },
    );
}

#[test]
fn received_cards_are_planted_before_trading_goes_on() {
    let mut g = anna_turned_over("my-first", json!([]));
    annas_trade(&mut g);
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.trades_this_turn(), 1);
    assert_eq!(g.must_plant_received_cards(), Some(0));
    // Other offers wait: no one proposes, answers or ends trading yet.
    let wait = RuleError::PlantReceivedCardsFirst { player: 0 };
    let o = offer(&g, 1, vec![CardRef::Hand(0)], &["Sour"]);
    assert_eq!(refuse(&mut g, 0, o), wait);
    let o = offer(&g, 0, vec![CardRef::Hand(0)], &["Sour"]);
    assert_eq!(refuse(&mut g, 2, o), wait);
    assert_eq!(refuse(&mut g, 0, Action::EndTrading), wait);
    assert!(
        (0..3).all(|p| g
            .legal_actions(p)
            .iter()
            .all(|a| !matches!(a, Action::Propose { .. } | Action::EndTrading))),
        "only plantings (and harvests) are listed"
    );
    // "Anna plants the Stink Bean she just got ... Maria also plants the Mean Bean and the
    // Broad Bean she received from the trade in her own fields."
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    assert_eq!(g.must_plant_received_cards(), Some(1));
    play(&mut g, 1, Action::PlantSetAside { card: 0, field: 0 });
    play(&mut g, 1, Action::PlantSetAside { card: 0, field: 1 });
    assert_eq!(g.must_plant_received_cards(), None);
    // Trading goes on, in phase 2.
    assert_eq!(g.phase(), Phase::Trade);
    let o = offer(&g, 2, vec![CardRef::Hand(0)], &["Sour"]);
    play(&mut g, 0, o);
}

#[test]
fn the_active_player_plants_the_kept_turned_over_cards_when_trading_ends() {
    let mut g = anna_turned_over("my-first", json!([]));
    annas_trade(&mut g);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 1 });
    play(&mut g, 1, Action::PlantSetAside { card: 0, field: 0 });
    play(&mut g, 1, Action::PlantSetAside { card: 0, field: 1 });
    // "... and the Sour Bean she turned over."
    let events = play(&mut g, 0, Action::EndTrading);
    assert!(events.contains(&Event::TradingEnded {
        kept: vec![kind(&g, "Sour")].into()
    }));
    assert_eq!(g.phase(), Phase::PlantTraded);
    assert_eq!(g.player(0).set_aside(), &[kind(&g, "Sour")]);
    play(&mut g, 0, Action::PlantSetAside { card: 0, field: 0 });
    assert_eq!(g.active_player(), 1, "phase 4 ran and the next turn began");
}

#[test]
fn a_received_card_that_completes_a_field_is_harvested_at_once_during_trading() {
    // "You always harvest a bean field as soon as it has the necessary number of beans of the
    // same type in an unbroken row, even if it is not your turn!" Maria's second Stink Bean,
    // a gift from Anna's line, earns its coin while trading still goes on.
    let mut g = anna_turned_over("my-first", json!([{ "bean": "Stink", "count": 1 }]));
    let o = offer(&g, 1, vec![CardRef::Hand(1)], &[]);
    play(&mut g, 0, o);
    play(
        &mut g,
        1,
        Action::Accept {
            offer: 0,
            give: few![],
        },
    );
    assert_eq!(g.must_plant_received_cards(), Some(1));
    let events = play(&mut g, 1, Action::PlantSetAside { card: 0, field: 0 });
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Harvested {
            player: 1,
            coins: 1,
            ..
        }
    )));
    assert_eq!(g.player(1).coins(), 1);
    assert_eq!(g.phase(), Phase::Trade);
    assert_eq!(g.must_plant_received_cards(), None);
}

#[test]
fn every_my_first_ruleset_plants_received_cards_at_once_and_no_other_does() {
    for built_in in rulesets::BUILT_IN {
        let r = rulesets::load(built_in.name).unwrap();
        assert_eq!(
            r.plant_received_cards_at_once,
            built_in.name.starts_with("my-first"),
            "{}",
            built_in.name
        );
    }
}
