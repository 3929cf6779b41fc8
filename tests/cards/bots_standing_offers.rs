//! Issue 36: offers stand after other trades, so at a table of people and bots a bot's
//! offers still wait after a person accepts one of them. The driver must not rely on the old
//! closing: every offer it asks a person to answer is open, a bot never answers with an
//! illegal action, and games end. The people here accept every offer they can meet, so
//! several of a bot's offers are accepted in one turn.

use bohnanza::cards::bots::names;
use bohnanza::cards::bots::{BotOptions, Next, Prompt, SeatKind, Table};
use bohnanza::cards::{Action, Event, GameState, OfferClosed};

use crate::support::cards::base;

/// A person who takes every offer they can meet, makes none, ends trading at once and
/// otherwise plays the first legal action.
fn eager_person(state: &GameState, player: usize, prompt: Prompt) -> Action {
    let legal = state.legal_actions(player);
    if let Prompt::Answer { offer } = prompt {
        assert!(
            state
                .offers()
                .iter()
                .any(|o| o.id == offer && o.to == player),
            "the driver asked about offer {offer}, which is not open to player {player}"
        );
        return legal
            .iter()
            .find(|a| matches!(a, Action::Accept { offer: o, .. } if *o == offer))
            .cloned()
            .unwrap_or(Action::Decline { offer });
    }
    legal
        .iter()
        .find(|a| matches!(a, Action::EndTrading))
        .or_else(|| legal.iter().find(|a| !matches!(a, Action::Propose { .. })))
        .cloned()
        .expect("a person asked to act has a legal action")
}

#[test]
fn a_bots_offers_stand_after_a_person_accepts_one_and_games_end() {
    let ruleset = base();
    let seats = [
        SeatKind::Bot(names::GREEDY),
        SeatKind::Human,
        SeatKind::Human,
    ];
    let (mut stood, mut lapsed) = (0, 0);
    for seed in 0..40 {
        let mut state = GameState::new(&ruleset, 3, seed).unwrap();
        let mut table = Table::new(&seats, seed, &BotOptions::default()).unwrap();
        for _ in 0..100_000 {
            let (player, action) = match table.next(&state) {
                Next::Bot { player, action } => (player, action),
                Next::Human {
                    player,
                    prompt: Prompt::MayPropose,
                } => {
                    table.pass(player);
                    continue;
                }
                Next::Human { player, prompt } => (player, eager_person(&state, player, prompt)),
                Next::GameOver => break,
                Next::Stuck => panic!("seed {seed}: stuck"),
            };
            let open_before = state.offers().len();
            let events = state
                .apply(player, &action)
                .unwrap_or_else(|e| panic!("seed {seed}: {action:?} by {player}: {e}"));
            if events.iter().any(|e| matches!(e, Event::Traded { .. })) {
                let closed = events
                    .iter()
                    .filter(|e| {
                        matches!(
                            e,
                            Event::OfferClosed {
                                why: OfferClosed::CardsMoved { .. },
                                ..
                            }
                        )
                    })
                    .count();
                lapsed += closed;
                stood += state.offers().len();
                assert_eq!(state.offers().len() + closed + 1, open_before);
            }
        }
        assert!(state.is_over(), "seed {seed}: the game does not end");
        assert_eq!(
            table.fallbacks(),
            0,
            "seed {seed}: a bot's answer was replaced"
        );
    }
    assert!(stood > 0, "some offer stood after another trade");
    assert!(lapsed > 0, "some offer lapsed when its card was traded");
}

/// A person who declines every offer, makes none and ends trading at once: the bots' offers
/// are answered, never met.
fn declining_person(state: &GameState, player: usize, prompt: Prompt) -> Action {
    if let Prompt::Answer { offer } = prompt {
        return Action::Decline { offer };
    }
    eager_person(state, player, prompt)
}

/// Issue 36: a bot makes at most one standing offer to a person at a time. Every offer a
/// bot makes to a person finds none of its own still open to them; and bots do offer the
/// same person again once the first is answered, so the rule is met by waiting, not by
/// bots that never offer twice.
#[test]
fn a_bot_with_an_open_offer_to_a_person_makes_them_no_other_until_it_is_answered() {
    let ruleset = base();
    let mut again = 0;
    for (seed, bot) in (0..30).zip([names::GREEDY, names::NORMAL, names::RANDOM].iter().cycle()) {
        let seats = [
            SeatKind::Bot(*bot),
            SeatKind::Human,
            SeatKind::Bot(*bot),
            SeatKind::Human,
        ];
        let mut state = GameState::new(&ruleset, 4, seed).unwrap();
        let mut table = Table::new(&seats, seed, &BotOptions::default()).unwrap();
        let mut offered: Vec<(u32, usize, usize)> = Vec::new();
        for _ in 0..100_000 {
            let (player, action) = match table.next(&state) {
                Next::Bot { player, action } => (player, action),
                Next::Human {
                    player,
                    prompt: Prompt::MayPropose,
                } => {
                    table.pass(player);
                    continue;
                }
                Next::Human { player, prompt } => {
                    (player, declining_person(&state, player, prompt))
                }
                Next::GameOver => break,
                Next::Stuck => panic!("seed {seed}: stuck"),
            };
            if let Action::Propose { to, .. } = action
                && seats[to] == SeatKind::Human
            {
                let standing = state
                    .offers()
                    .iter()
                    .find(|o| o.from == player && o.to == to);
                assert!(
                    standing.is_none(),
                    "seed {seed}: player {player} offers {to} again while offer {:?} stands",
                    standing.map(|o| o.id)
                );
                let turn = state.turn();
                again += usize::from(
                    offered
                        .iter()
                        .any(|&(t, f, p)| (t, f, p) == (turn, player, to)),
                );
                offered.push((turn, player, to));
            }
            state
                .apply(player, &action)
                .unwrap_or_else(|e| panic!("seed {seed}: {action:?} by {player}: {e}"));
        }
        assert!(state.is_over(), "seed {seed}: the game does not end");
    }
    assert!(again > 0, "some bot offered a person again after an answer");
}
