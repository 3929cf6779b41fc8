//! Offers refused in the trading phase under way: the coach's hint does not suggest one
//! again (an offer accepted or never made changes nothing), and the bots' own proposers
//! (greedy, search) do not make one again either.

use bohnanza::cards::bots::names;
use bohnanza::cards::bots::{BotOptions, Next, SeatKind, Table};
use bohnanza::cards::{Action, BeanKind, Cards, Event, GameState, OfferClosed, Phase};
use bohnanza::coach::{Coached, Hint, Refusals};
use bohnanza::game::Tape;

use crate::coach::{finish, names, play_until};
use crate::support::cards::base;

/// Few deals: enough to rank, cheap in a debug build.
const SAMPLES: u32 = 6;
const SEATS: usize = 4;
/// The hint's seed in these tests.
const HINT_SEED: u64 = 9;

/// The hint remembering what its player saw this trading phase, as the table, the review
/// and the protocol ask for it.
fn remembering(tape: &Tape<Cards>, me: usize) -> Hint<Action> {
    let names = names(SEATS);
    let thinking = Cards::think_on(tape, tape.len(), me, &names, HINT_SEED, SAMPLES, None);
    finish(thinking).0
}

/// The hint from the position alone, as it was made before it remembered refusals.
fn forgetting(tape: &Tape<Cards>, me: usize) -> Hint<Action> {
    finish(Cards::think(
        tape.now(),
        me,
        &names(SEATS),
        HINT_SEED,
        SAMPLES,
    ))
    .0
}

fn labels(hint: &Hint<Action>) -> Vec<String> {
    let mut labels: Vec<String> = hint.choices.iter().map(|c| c.label.clone()).collect();
    labels.sort();
    labels
}

/// A base game of greedy players from `seed` at the active player's first decision of
/// trading in turn 3 or later, before any offer this turn.
fn opening_of_trading(seed: u64) -> Tape<Cards> {
    play_until(&base(), SEATS, seed, |s: &GameState| {
        s.turn() >= 3
            && s.phase() == Phase::Trade
            && s.must_plant_received_cards().is_none()
            && s.offers_made(s.active_player()) == 0
    })
}

/// The hint's first offer at the opening of trading, made on `tape`.
struct Made {
    to: usize,
    label: String,
    offer: u32,
    /// The kinds given and wanted, as the table heard them.
    give: Vec<BeanKind>,
    want: Vec<BeanKind>,
}

fn make_first_offer(tape: &mut Tape<Cards>) -> Option<Made> {
    let me = tape.now().active_player();
    let hint = remembering(tape, me);
    let choice = hint
        .choices
        .iter()
        .find(|c| matches!(c.actions[0], Action::Propose { .. }))?;
    let Action::Propose { to, .. } = choice.actions[0] else {
        return None;
    };
    let events = tape.play(me, choice.actions[0].clone()).ok()?;
    events.into_iter().find_map(|e| match e {
        Event::Offered {
            offer, give, want, ..
        } => Some(Made {
            to,
            label: choice.label.clone(),
            offer,
            give: give.to_vec(),
            want: want.to_vec(),
        }),
        _ => None,
    })
}

#[test]
fn a_refused_offer_is_not_suggested_again_in_the_same_trading_phase() {
    let mut shown = 0;
    for seed in 1..40 {
        let mut tape = opening_of_trading(seed);
        let me = tape.now().active_player();
        let Some(made) = make_first_offer(&mut tape) else {
            continue;
        };
        let (to, label) = (made.to, made.label.clone());
        tape.play(to, Action::Decline { offer: made.offer })
            .expect("the player asked may refuse");
        let refused = Refusals::recall(&tape, tape.len(), me);
        assert!(refused.refused(to, &made.give, &made.want));
        // Only the player who refused it is spared it: the same cards are still an offer
        // to weigh for anyone else.
        let other = (0..SEATS)
            .find(|&p| p != me && p != to)
            .expect("four seats");
        assert!(!refused.refused(other, &made.give, &made.want));
        let before = forgetting(&tape, me);
        if !labels(&before).contains(&label) {
            continue;
        }
        // The position alone suggests the same offer again; remembering, it does not,
        // and every other choice stays.
        let after = remembering(&tape, me);
        assert!(!labels(&after).contains(&label), "{label}: {after:#?}");
        let mut others = labels(&before);
        others.retain(|l| *l != label);
        assert_eq!(labels(&after), others);
        shown += 1;
        if shown == 2 {
            return;
        }
    }
    panic!("no game where the position alone suggests a refused offer again ({shown})");
}

#[test]
fn an_offer_accepted_or_never_made_leaves_the_hint_as_it_was() {
    for seed in 1..40 {
        let mut tape = opening_of_trading(seed);
        let me = tape.now().active_player();
        // Never made: nothing to remember.
        assert!(Refusals::recall(&tape, tape.len(), me).is_empty());
        assert_eq!(remembering(&tape, me), forgetting(&tape, me));
        let Some(Made { to, offer, .. }) = make_first_offer(&mut tape) else {
            continue;
        };
        let accept = tape
            .now()
            .legal_actions(to)
            .into_iter()
            .find(|a| matches!(a, Action::Accept { offer: o, .. } if *o == offer));
        let Some(accept) = accept else {
            continue;
        };
        tape.play(to, accept).expect("a legal acceptance");
        assert!(Refusals::recall(&tape, tape.len(), me).is_empty());
        if tape.now().legal_actions(me).is_empty() {
            continue;
        }
        assert_eq!(remembering(&tape, me), forgetting(&tape, me));
        return;
    }
    panic!("no game where an offer of the hint's is accepted");
}

#[test]
fn a_refusal_is_forgotten_when_the_trading_phase_ends() {
    let mut tape = opening_of_trading(3);
    let me = tape.now().active_player();
    let made = make_first_offer(&mut tape).expect("the hint weighs an offer");
    let refusal = Action::Decline { offer: made.offer };
    tape.play(made.to, refusal).expect("a refusal");
    assert!(!Refusals::recall(&tape, tape.len(), me).is_empty());
    tape.play(me, Action::EndTrading)
        .expect("the active player ends trading");
    assert!(Refusals::recall(&tape, tape.len(), me).is_empty());
    // Read back at the refusal, it is still there.
    assert!(!Refusals::recall(&tape, tape.len() - 1, me).is_empty());
}

/// What the bots proposed in one game: offers made, offers refused, and offers that said
/// the same as one the proposer saw refused in the same trading phase (`exact`: the very
/// same action, naming the same cards).
#[derive(Debug, Default)]
struct Proposals {
    made: usize,
    refused: usize,
    again: usize,
    exact: usize,
}

/// Plays `kinds` from `seed` until turn `turns`, counting the offers proposed again after
/// they were refused in the same trading phase.
fn proposals(kinds: &[SeatKind], seed: u64, turns: u32) -> Proposals {
    let state = GameState::new(&base(), kinds.len(), seed).expect("a player count");
    let mut table = Table::new(kinds, seed, &BotOptions::default()).expect("bot seats");
    let mut tape = Tape::<Cards>::new(state);
    let mut seen = Proposals::default();
    let mut this_turn: Vec<(usize, Action)> = Vec::new();
    while !tape.now().is_over() && tape.now().turn() < turns {
        let Next::Bot { player, action } = table.next(tape.now()) else {
            break;
        };
        if tape.now().phase() != Phase::Trade {
            this_turn.clear();
        }
        let refused = Refusals::recall(&tape, tape.len(), player);
        let proposed = (player, action.clone());
        let events = tape.play(player, action).expect("a legal action");
        for e in &events {
            match e {
                Event::Offered { to, give, want, .. } => {
                    seen.made += 1;
                    if refused.refused(*to, give, want) {
                        seen.again += 1;
                        seen.exact += usize::from(this_turn.contains(&proposed));
                    }
                    this_turn.push(proposed.clone());
                }
                Event::OfferClosed {
                    why: OfferClosed::Declined,
                    ..
                } => seen.refused += 1,
                _ => {}
            }
        }
    }
    seen
}

#[test]
fn the_greedy_bot_does_not_offer_again_what_was_refused() {
    let greedy = vec![SeatKind::Bot(names::GREEDY); SEATS];
    let (mut refused, mut again) = (0, 0);
    for seed in 1..=4 {
        let seen = proposals(&greedy, seed, u32::MAX);
        refused += seen.refused;
        again += seen.again;
    }
    assert!(refused > 10, "refusals it could repeat: {refused}");
    assert_eq!(again, 0, "offers made again after a refusal");
}

/// The search bot (`hard`, `expert`) remembers the offers it made this turn by player and
/// kinds, as the coach remembers refusals: it makes no refused offer again, neither as the
/// very same action nor with the same kinds from other places (search_reoffers.rs counts
/// it over whole games).
#[test]
fn the_search_bot_makes_no_refused_offer_again() {
    let kinds = vec![
        SeatKind::Bot(names::HARD),
        SeatKind::Bot(names::GREEDY),
        SeatKind::Bot(names::HARD),
        SeatKind::Bot(names::GREEDY),
    ];
    let seen = proposals(&kinds, 2, 8);
    assert!(seen.made > 0 && seen.refused > 0, "{seen:?}");
    assert_eq!((seen.again, seen.exact), (0, 0), "{seen:?}");
}
