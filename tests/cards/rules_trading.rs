//! Trading in phase 2 (rules/000): "You may continue trading for as long as you like, even
//! after the turned-over cards are gone. When you want to stop, tell the other players."
//! Offers are counted per proposer, and only the active player ends trading.

use std::sync::Arc;

use crate::support::cards::{play, propose, refuse};
use bohnanza::cards::{Action, CardRef, GameState, MAX_OPEN_OFFERS, RuleError, Ruleset, Setup};
use bohnanza::rulesets;
use serde_json::json;

/// The base game with a cap of `cap` offers per player and turn, as a ruleset author may set.
fn capped_base(cap: &str) -> Arc<Ruleset> {
    let text = format!(
        "extends = \"base\"\nname = \"capped\"\ntitle = \"Capped\"\nsummary = \"s\"\nmax_offers_per_turn = {cap}\n"
    );
    Arc::new(rulesets::parse("capped.toml", &text).expect("valid ruleset"))
}

/// Timon (player 0) has planted and turned over a Soy and a Blue bean; Nina and Cy hold cards.
fn trading_in(ruleset: &Arc<Ruleset>) -> GameState {
    let setup: Setup = serde_json::from_value(json!({
        "hands": [["Green", "Chili", "Stink"], ["Red", "Green"], ["Garden"]],
        "draw_pile_top": ["Soy", "Blue"]
    }))
    .unwrap();
    let mut g = GameState::from_setup(ruleset, 3, &setup, 7, &mut Vec::new()).unwrap();
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    g
}

/// `player` proposes to `to` and `to` declines, `times` times.
fn offer_and_decline(g: &mut GameState, player: usize, to: usize, times: u32) {
    for _ in 0..times {
        let give = if player == g.active_player() {
            CardRef::FaceUp(0)
        } else {
            CardRef::Hand(0)
        };
        play(g, player, propose(to, vec![give], &["Red"]));
        let id = g.offers().last().unwrap().id;
        play(g, to, Action::Decline { offer: id });
    }
}

#[test]
fn other_players_offers_do_not_use_up_the_active_players() {
    let mut g = trading_in(&capped_base("3"));
    // Nina and Cy spend all of their own offers on ones Timon declines ...
    offer_and_decline(&mut g, 1, 0, 3);
    offer_and_decline(&mut g, 2, 0, 3);
    assert_eq!(
        refuse(&mut g, 1, propose(0, vec![CardRef::Hand(0)], &["Soy"])),
        RuleError::OfferLimit(3)
    );
    // ... and Timon still has all three of his.
    assert!(g.may_offer_again(0));
    offer_and_decline(&mut g, 0, 1, 3);
    assert_eq!(
        refuse(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Red"])),
        RuleError::OfferLimit(3)
    );
    assert_eq!(g.offers_made_by_seat(), &[3, 3, 3]);
    // Only "you" stop trading: no one else can end it, cap or not.
    assert_eq!(
        refuse(&mut g, 1, Action::EndTrading),
        RuleError::NotActivePlayer
    );
    play(&mut g, 0, Action::EndTrading);
}

#[test]
fn the_count_starts_again_each_turn() {
    let mut g = trading_in(&capped_base("1"));
    offer_and_decline(&mut g, 0, 1, 1);
    offer_and_decline(&mut g, 2, 0, 1);
    play(&mut g, 0, Action::EndTrading);
    // Phase 3: plant (harvesting where no field fits) until the next turn begins.
    while g.active_player() == 0 {
        let legal = g.legal_actions(0);
        let step = legal
            .iter()
            .find(|a| matches!(a, Action::PlantSetAside { .. }))
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Harvest { .. })))
            .cloned()
            .unwrap();
        play(&mut g, 0, step);
    }
    assert_eq!(g.offers_made_by_seat(), &[0, 0, 0]);
}

#[test]
fn with_no_cap_trading_goes_on_as_long_as_the_active_player_likes() {
    let mut g = trading_in(&rulesets::load("base").unwrap());
    offer_and_decline(&mut g, 0, 1, 1500);
    offer_and_decline(&mut g, 2, 0, 1500);
    assert!(g.may_offer_again(0) && g.may_offer_again(2));
    assert_eq!(g.offers_made(0), 1500);
    play(&mut g, 0, Action::EndTrading);
}

#[test]
fn every_built_in_ruleset_sets_no_cap_as_the_rulebooks_do() {
    for built_in in rulesets::BUILT_IN {
        let r = rulesets::load(built_in.name).unwrap();
        assert_eq!(r.max_offers_per_turn, None, "{}", built_in.name);
    }
}

#[test]
fn a_cap_is_a_number_or_none_and_none_is_the_same_as_leaving_it_out() {
    assert_eq!(capped_base("\"none\"").max_offers_per_turn, None);
    assert_eq!(capped_base("0").max_offers_per_turn, Some(0));
    assert_eq!(capped_base("1000").max_offers_per_turn, Some(1000));
    let left_out = "extends = \"base\"\nname = \"open\"\ntitle = \"Open\"\nsummary = \"s\"\n";
    let r = rulesets::parse("open.toml", left_out).unwrap();
    assert_eq!(r.max_offers_per_turn, None);
    for (bad, says) in [
        (
            "\"lots\"",
            "must be a number of offers, or \"none\" for no limit",
        ),
        ("1001", "must be at most 1000"),
    ] {
        let text = format!(
            "extends = \"base\"\nname = \"bad\"\ntitle = \"Bad\"\nsummary = \"s\"\nmax_offers_per_turn = {bad}\n"
        );
        let err = rulesets::parse("bad.toml", &text).unwrap_err().to_string();
        assert!(
            err.contains("max_offers_per_turn") && err.contains(says),
            "{err}"
        );
    }
}

#[test]
fn a_player_keeps_at_most_twenty_offers_waiting_for_an_answer() {
    // No rulebook number: at a real table no one keeps more than a few offers open, and a
    // script that proposes without end must not grow the table without end.
    let mut g = trading_in(&rulesets::load("base").unwrap());
    for i in 0..MAX_OPEN_OFFERS {
        play(
            &mut g,
            0,
            propose(1 + i % 2, vec![CardRef::FaceUp(0)], &["Red"]),
        );
    }
    assert!(!g.may_offer_again(0));
    assert_eq!(
        refuse(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Red"])),
        RuleError::TooManyOpenOffers(MAX_OPEN_OFFERS)
    );
    // Each player's waiting offers are their own: Cy may still propose.
    play(&mut g, 2, propose(0, vec![CardRef::Hand(0)], &["Soy"]));
    // An answer or a withdrawal makes room again.
    play(&mut g, 1, Action::Decline { offer: 0 });
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Red"]));
}
