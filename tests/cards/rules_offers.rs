//! Offers stand until something they name is gone (issue 36): a trade closes only the
//! offers that give a card it took (or, with open hands, want the last card of a kind it
//! took from the player asked), says which card, and every other offer follows its cards
//! to their new places in the hand and among the turned-over cards.

use std::sync::Arc;

use crate::support::cards::{base, hand, k, ks, play, propose};
use bohnanza::cards::{Action, CardRef, Event, GameState, OfferClosed, Ruleset, Setup};
use serde_json::json;

/// The table: Ana has planted her Green (her hand is Blue, Chili) and turned over a
/// Soy and a Stink bean; Ben holds Red, Green, Red.
fn setup() -> serde_json::Value {
    json!({
        "hands": [["Green", "Blue", "Chili"], ["Red", "Green", "Red"], ["Garden"]],
        "fields": [[{ "bean": "Green", "count": 1 }, null, null]],
        "draw_pile_top": ["Soy", "Stink"]
    })
}

fn trading_in(ruleset: &Arc<Ruleset>) -> GameState {
    let setup: Setup = serde_json::from_value(setup()).unwrap();
    let mut g = GameState::from_setup(ruleset, 3, &setup, 1, &mut Vec::new()).unwrap();
    play(&mut g, 0, Action::Plant { field: 0 });
    play(&mut g, 0, Action::TurnOver);
    assert_eq!(hand(&g, 0), ks(&["Blue", "Chili"]));
    assert_eq!(g.face_up(), ks(&["Soy", "Stink"]).as_slice());
    g
}

/// The three offers from Ana to Ben: her Blue for a Red, her Chili for nothing, the
/// turned-over Soy for a Green.
fn three_offers(ruleset: &Arc<Ruleset>) -> GameState {
    let mut g = trading_in(ruleset);
    play(&mut g, 0, propose(1, vec![CardRef::Hand(0)], &["Red"]));
    play(&mut g, 0, propose(1, vec![CardRef::Hand(1)], &[]));
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Green"]));
    g
}

fn accept(g: &mut GameState, player: usize, offer: u32, give: &[CardRef]) -> Vec<Event> {
    play(
        g,
        player,
        Action::Accept {
            offer,
            give: give.iter().copied().collect(),
        },
    )
}

fn closed(events: &[Event]) -> Vec<(u32, OfferClosed)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::OfferClosed { offer, why } => Some((*offer, *why)),
            _ => None,
        })
        .collect()
}

#[test]
fn accepting_one_offer_leaves_the_others_whose_cards_did_not_move() {
    let mut g = three_offers(&base());
    let events = accept(&mut g, 1, 0, &[CardRef::Hand(0)]);
    assert_eq!(closed(&events), []);
    let open: Vec<u32> = g.offers().iter().map(|o| o.id).collect();
    assert_eq!(open, [1, 2]);
    // The Chili was Ana's second card; the Blue before it left, so the offer points at the
    // front card now, still the Chili.
    assert_eq!(hand(&g, 0), ks(&["Chili"]));
    assert_eq!(g.offers()[0].give.to_vec(), [CardRef::Hand(0)]);
    assert_eq!(g.offers()[1].give.to_vec(), [CardRef::FaceUp(0)]);
}

#[test]
fn an_offer_that_followed_its_card_gives_that_card() {
    let mut g = three_offers(&base());
    accept(&mut g, 1, 0, &[CardRef::Hand(0)]);
    accept(&mut g, 1, 1, &[]);
    assert_eq!(g.player(1).set_aside(), ks(&["Blue", "Chili"]).as_slice());
    assert!(hand(&g, 0).is_empty());
    // Ben still holds a Green: the Soy offer stands, and he can meet it.
    accept(&mut g, 1, 2, &[CardRef::Hand(0)]);
    assert_eq!(g.player(0).set_aside(), ks(&["Red", "Green"]).as_slice());
}

#[test]
fn an_offer_whose_card_was_traded_away_closes_naming_that_card() {
    let mut g = three_offers(&base());
    // The Chili offered to Cy too; Cy takes it, so the offer of it to Ben lapses.
    play(&mut g, 0, propose(2, vec![CardRef::Hand(1)], &[]));
    let events = accept(&mut g, 2, 3, &[]);
    assert_eq!(
        closed(&events),
        [(
            1,
            OfferClosed::CardsMoved {
                card: k("Chili"),
                player: 0
            }
        )]
    );
    let open: Vec<u32> = g.offers().iter().map(|o| o.id).collect();
    assert_eq!(open, [0, 2]);
    // The Blue before the Chili did not move.
    assert_eq!(g.offers()[0].give.to_vec(), [CardRef::Hand(0)]);
}

#[test]
fn a_turned_over_card_traded_away_closes_the_offers_of_it_and_moves_the_others_up() {
    let mut g = trading_in(&base());
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Red"]));
    play(&mut g, 0, propose(2, vec![CardRef::FaceUp(0)], &["Garden"]));
    play(&mut g, 0, propose(2, vec![CardRef::FaceUp(1)], &[]));
    let events = accept(&mut g, 1, 0, &[CardRef::Hand(0)]);
    assert_eq!(
        closed(&events),
        [(
            1,
            OfferClosed::CardsMoved {
                card: k("Soy"),
                player: 0
            }
        )]
    );
    assert_eq!(g.face_up(), ks(&["Stink"]).as_slice());
    assert_eq!(g.offers()[0].give.to_vec(), [CardRef::FaceUp(0)]);
    accept(&mut g, 2, 2, &[]);
    assert_eq!(g.player(2).set_aside(), ks(&["Stink"]).as_slice());
}

#[test]
fn with_hidden_hands_an_offer_wanting_a_kind_the_asked_player_gave_away_stands() {
    // Ben gives his only Green for the Soy; Ana's second offer asks him for a Green too.
    let mut g = trading_in(&base());
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Green"]));
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(1)], &["Green"]));
    let events = accept(&mut g, 1, 0, &[CardRef::Hand(1)]);
    // Whether Ben holds another Green is his to say: the table would learn it if the
    // offer closed.
    assert_eq!(closed(&events), []);
    assert_eq!(g.offers()[0].give.to_vec(), [CardRef::FaceUp(0)]);
    play(&mut g, 1, Action::Decline { offer: 1 });
}

#[test]
fn with_open_hands_an_offer_wanting_the_last_of_a_kind_given_away_closes_naming_it() {
    let mut open = (*base()).clone();
    open.open_hands = true;
    let open = Arc::new(open);
    let mut g = trading_in(&open);
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(0)], &["Green"]));
    play(&mut g, 0, propose(1, vec![CardRef::FaceUp(1)], &["Green"]));
    play(&mut g, 0, propose(1, vec![CardRef::Hand(0)], &["Red"]));
    let events = accept(&mut g, 1, 0, &[CardRef::Hand(1)]);
    assert_eq!(
        closed(&events),
        [(
            1,
            OfferClosed::CardsMoved {
                card: k("Green"),
                player: 1
            }
        )]
    );
    // Ben gave no Red: the offer for one stands.
    let open: Vec<u32> = g.offers().iter().map(|o| o.id).collect();
    assert_eq!(open, [2]);
    accept(&mut g, 1, 2, &[CardRef::Hand(0)]);
    assert_eq!(g.player(0).set_aside(), ks(&["Green", "Red"]).as_slice());
}

#[test]
fn the_accepters_own_offers_follow_their_cards_too() {
    let mut g = trading_in(&base());
    // Ben offers his second Red to Ana, then gives his front Red in another trade.
    play(&mut g, 1, propose(0, vec![CardRef::Hand(2)], &["Soy"]));
    play(&mut g, 0, propose(1, vec![CardRef::Hand(0)], &["Red"]));
    let events = accept(&mut g, 1, 1, &[CardRef::Hand(0)]);
    assert_eq!(closed(&events), []);
    assert_eq!(hand(&g, 1), ks(&["Green", "Red"]));
    assert_eq!(g.offers()[0].give.to_vec(), [CardRef::Hand(1)]);
    accept(&mut g, 0, 0, &[CardRef::FaceUp(0)]);
    assert_eq!(g.player(0).set_aside(), ks(&["Red", "Red"]).as_slice());
}
