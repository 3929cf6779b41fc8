//! What a bot sees: only its seat's view (no other hand), the legal actions the engine
//! would list, and a view cache that always equals the engine's view.

use bohnanza::cards::bots::names;
use bohnanza::few;
use std::sync::{Arc, Mutex};

use bohnanza::cards::Cards;
use bohnanza::cards::bots::eval::Appraiser;
use bohnanza::cards::bots::legal::{
    Listing, actions_without_offers, left_to_engine, offer_is_legal,
};
use bohnanza::cards::bots::sight::ViewCache;
use bohnanza::cards::bots::{
    Agent, BotName, BotOptions, CardAgent, Decision, GreedyBot, MctsBot, Next, Playouts, Prompt,
    RandomBot, SeatKind, Table, ThinkingBudget,
};
use bohnanza::cards::{Action, BeanKind, CardRef, GameState, IgnoreEvents, PlayerView, Ruleset};
use bohnanza::game::{Seated, StoppedStopwatch};
use bohnanza::rulesets;

use crate::support::cards::every_ruleset;

/// Plays a game with random and greedy bots, calling `check` before every action.
fn walk(ruleset: &Arc<Ruleset>, players: usize, seed: u64, mut check: impl FnMut(&GameState)) {
    let seats: Vec<SeatKind> = (0..players)
        .map(|p| {
            SeatKind::Bot(if p % 2 == 0 {
                names::RANDOM
            } else {
                names::GREEDY
            })
        })
        .collect();
    let mut state = GameState::new(ruleset, players, seed).unwrap();
    let mut table = Table::new(&seats, seed, &BotOptions::default()).unwrap();
    while let Next::Bot { player, action } = table.next(&state) {
        check(&state);
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .unwrap();
    }
    assert!(state.is_over());
}

#[test]
fn legal_list_is_the_engines_without_offers() {
    let mut mine = Vec::new();
    let mut engines = Vec::new();
    for ruleset in every_ruleset() {
        let players = ruleset.player_counts().next().unwrap();
        for seed in 0..3 {
            walk(&ruleset, players, seed, |state| {
                for p in 0..players {
                    actions_without_offers(state, p, &mut mine);
                    engines.clear();
                    state.legal_actions_into(p, &mut engines);
                    engines.retain(|a| !matches!(a, Action::Propose { .. }));
                    assert_eq!(mine, engines, "{} seed {seed} player {p}", ruleset.name);
                }
            });
        }
    }
}

/// Actions to ask [`Listing::contains`] about in `state` for `player`: the listed ones and
/// near misses of every kind it answers without listing (other fields, cards, offers and
/// cards given).
fn probes(state: &GameState, player: usize, listed: &[Action]) -> Vec<Action> {
    let mut probes = listed.to_vec();
    probes.extend([Action::EndTrading, Action::TurnOver, Action::BuyThirdField]);
    for i in 0..6 {
        probes.push(Action::Harvest { field: i });
        probes.push(Action::Plant { field: i });
        for card in 0..4 {
            probes.push(Action::PlantSetAside { card, field: i });
        }
    }
    for offer in state.offers() {
        for id in [offer.id, offer.id + 1000] {
            probes.extend([
                Action::Decline { offer: id },
                Action::Withdraw { offer: id },
            ]);
            let mut gives = vec![
                few![],
                few![CardRef::Hand(0)],
                few![CardRef::FaceUp(0)],
                few![CardRef::Hand(1), CardRef::Hand(0)],
            ];
            if player < state.player_count() {
                gives.extend(state.frontmost_match(player, &offer.want));
            }
            probes.extend(
                gives
                    .into_iter()
                    .map(|give| Action::Accept { offer: id, give }),
            );
        }
    }
    probes
}

#[test]
fn listing_contains_what_its_list_holds() {
    let mut listed = Vec::new();
    for ruleset in every_ruleset() {
        let players = ruleset.player_counts().next().unwrap();
        for seed in 0..3 {
            walk(&ruleset, players, seed, |state| {
                for p in 0..players + 1 {
                    actions_without_offers(state, p, &mut listed);
                    for probe in probes(state, p, &listed) {
                        let mut listing = Listing::default();
                        assert_eq!(
                            listing.contains(state, p, &probe),
                            listed.contains(&probe),
                            "{} seed {seed} player {p} {probe:?}",
                            ruleset.name
                        );
                    }
                }
            });
        }
    }
}

/// Offers to try in `state`: to each seat (itself and one past the table
/// too), giving nothing, a hand card, a turned-over card, one card twice or one it lacks,
/// wanting nothing, a kind or a kind the ruleset lacks.
fn offer_probes(state: &GameState) -> Vec<Action> {
    let kinds = state.ruleset().beans.len();
    let gives = [
        few![],
        few![CardRef::Hand(0)],
        few![CardRef::FaceUp(1)],
        few![CardRef::Hand(0), CardRef::Hand(0)],
        few![CardRef::Hand(40)],
        few![CardRef::SetAside(0)],
    ];
    let wants = [few![], few![BeanKind::new(0)], few![BeanKind::new(kinds)]];
    let mut probes = Vec::new();
    for to in 0..=state.player_count() {
        for give in &gives {
            for want in &wants {
                probes.push(Action::Propose {
                    to,
                    give: give.clone(),
                    want: want.clone(),
                });
            }
        }
    }
    probes
}

/// What a table of bots alone leaves to the engine's `apply` ([`left_to_engine`]) the
/// engine takes exactly when the driver's own check would: the list without offers, or
/// [`offer_is_legal`] for an offer. So a refusal handed back means the driver's check would
/// have refused it, and an action the engine takes would have passed it.
#[test]
fn what_is_left_to_the_engine_it_takes_as_the_list_does() {
    let mut listed = Vec::new();
    let mut left = 0;
    for ruleset in every_ruleset() {
        let players = ruleset.player_counts().next().unwrap();
        for seed in 0..2 {
            walk(&ruleset, players, seed, |state| {
                for p in 0..players + 1 {
                    actions_without_offers(state, p, &mut listed);
                    let mut probes = probes(state, p, &listed);
                    probes.extend(offer_probes(state));
                    for probe in probes.iter().filter(|a| left_to_engine(state, p, a)) {
                        left += 1;
                        let legal = match probe {
                            Action::Propose { to, give, want } => {
                                offer_is_legal(state, p, *to, give, want)
                            }
                            other => listed.contains(other),
                        };
                        let taken = state
                            .clone()
                            .apply_with(p, probe, &mut IgnoreEvents)
                            .is_ok();
                        assert_eq!(
                            taken, legal,
                            "{} seed {seed} player {p} {probe:?}",
                            ruleset.name
                        );
                    }
                }
            });
        }
    }
    assert!(
        left > 10_000,
        "the probes left {left} actions to the engine"
    );
}

#[test]
fn view_cache_equals_the_engines_view() {
    for ruleset in every_ruleset() {
        let players = *ruleset.player_counts().collect::<Vec<_>>().last().unwrap();
        let mut caches: Vec<ViewCache> = (0..players).map(|_| ViewCache::new()).collect();
        for seed in 0..3 {
            walk(&ruleset, players, seed, |state| {
                for (p, cache) in caches.iter_mut().enumerate() {
                    assert_eq!(
                        *cache.refresh(state, p),
                        state.view(p),
                        "{} seed {seed}",
                        ruleset.name
                    );
                }
            });
        }
    }
}

/// A bot that records every view it is given, then plays as `inner` does.
struct Spy {
    inner: Box<dyn Agent<Cards>>,
    seen: Arc<Mutex<Vec<(usize, PlayerView)>>>,
}

impl Agent<Cards> for Spy {
    fn name(&self) -> BotName {
        self.inner.name()
    }
    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        self.seen.lock().unwrap().push((d.me, d.view.clone()));
        self.inner.decide(d)
    }
}

#[test]
fn bots_are_given_their_own_hand_and_no_other() {
    let base = rulesets::load("base").unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let kinds = [names::RANDOM, names::GREEDY, names::MCTS, names::GREEDY];
    let options = BotOptions {
        search: ThinkingBudget {
            playouts: 4,
            time: None,
        },
    };
    let bots: Vec<Option<Box<dyn Agent<Cards>>>> = kinds
        .iter()
        .enumerate()
        .map(|(p, &k)| {
            Some(Box::new(Spy {
                inner: Cards::make_agent(k, p as u64, &options).unwrap(),
                seen: Arc::clone(&seen),
            }) as Box<dyn Agent<Cards>>)
        })
        .collect();
    let mut table = Table::with_agents(kinds.iter().map(|&k| SeatKind::Bot(k)).collect(), bots);
    let mut state = GameState::new(&base, 4, 5).unwrap();
    while let Next::Bot { player, action } = table.next(&state) {
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .unwrap();
    }
    let seen = seen.lock().unwrap();
    assert!(seen.len() > 200);
    for (me, view) in seen.iter() {
        assert_eq!(view.viewer, Some(*me));
        for (p, seat) in view.seats.iter().enumerate() {
            assert_eq!(seat.hand.is_some(), p == *me, "seat {p} seen by {me}");
        }
        for offer in &view.offers {
            assert_eq!(offer.give.is_some(), offer.from == *me);
        }
    }
}

/// Two deals that look the same to player 0 (same hand, fields, piles' sizes) but differ in
/// every card player 0 cannot see.
fn twins(ruleset: &Arc<Ruleset>) -> (GameState, GameState) {
    let setup = |others: [&str; 3], pile: [&str; 4]| {
        let json = serde_json::json!({
            "hands": [["Blue", "Chili", "Soy", "Blue", "Green"],
                      vec![others[0]; 5], vec![others[1]; 5], vec![others[2]; 5]],
            "fields": [[{"bean": "Blue", "count": 2}, null], [{"bean": "Red", "count": 1}, null]],
            "draw_pile_top": pile,
        });
        let setup: bohnanza::cards::Setup = serde_json::from_value(json).unwrap();
        GameState::from_setup(ruleset, 4, &setup, 3, &mut Vec::new()).unwrap()
    };
    (
        setup(
            ["Stink", "Green", "Soy"],
            ["Red", "Garden", "Chili", "Chili"],
        ),
        setup(
            ["Garden", "Black-eyed", "Stink"],
            ["Soy", "Soy", "Blue", "Green"],
        ),
    )
}

#[test]
fn decisions_do_not_depend_on_hidden_cards() {
    let base = rulesets::load("base").unwrap();
    let (a, b) = twins(&base);
    assert_eq!(a.view(0), b.view(0), "the twins look the same to player 0");
    assert_ne!(a, b);
    let budget = ThinkingBudget {
        playouts: 12,
        time: None,
    };
    let makers: Vec<Box<dyn Fn() -> Box<CardAgent>>> = vec![
        Box::new(|| Box::new(RandomBot::new(9))),
        Box::new(|| Box::new(GreedyBot::new())),
        Box::new(move || Box::new(MctsBot::new(9, budget))),
    ];
    for make in &makers {
        let (mut bot_a, mut bot_b) = (make(), make());
        let (mut a, mut b) = (a.clone(), b.clone());
        // Player 0's whole first turn, phase by phase, while the views stay equal.
        for _ in 0..4 {
            if a.active_player() != 0 || a.view(0) != b.view(0) {
                break;
            }
            let mut legal = Vec::new();
            actions_without_offers(&a, 0, &mut legal);
            let view = a.view(0);
            let decide = |bot: &mut Box<dyn Agent<Cards>>| {
                bot.decide(&Decision {
                    me: 0,
                    view: &view,
                    ruleset: &base,
                    legal: &legal,
                    prompt: Prompt::Act,
                    stopwatch: &StoppedStopwatch,
                })
            };
            let (x, y) = (decide(&mut bot_a), decide(&mut bot_b));
            assert_eq!(
                x,
                y,
                "{:?} decided differently on the same view",
                bot_a.name()
            );
            let Some(action) = x.filter(|x| !matches!(x, Action::Propose { .. })) else {
                break;
            };
            a.apply_with(0, &action, &mut IgnoreEvents).unwrap();
            b.apply_with(0, &action, &mut IgnoreEvents).unwrap();
        }
    }
}

/// The actions of a whole game at `table`, from `seed`.
fn actions_at(table: &mut Table, ruleset: &Arc<Ruleset>, players: usize, seed: u64) -> Vec<Action> {
    let mut state = GameState::new(ruleset, players, seed).unwrap();
    let mut actions = Vec::new();
    while let Next::Bot { player, action } = table.next(&state) {
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .unwrap();
        actions.push(action);
    }
    assert!(
        state.is_over(),
        "{} seed {seed}: the game ends",
        ruleset.name
    );
    actions
}

/// The table's own greedy seats decide through what they may see of the game, without a
/// view; greedy bots handed to the table decide from their views. Both play every ruleset
/// action for action alike.
#[test]
fn the_tables_own_greedy_seats_play_as_the_greedy_bot_does() {
    for ruleset in every_ruleset() {
        let players = *ruleset.player_counts().collect::<Vec<_>>().last().unwrap();
        let seats = vec![SeatKind::Bot(names::GREEDY); players];
        for seed in 0..3 {
            let mut own = Table::new(&seats, seed, &BotOptions::default()).unwrap();
            let handed: Vec<Option<Box<CardAgent>>> = (0..players)
                .map(|_| Some(Box::new(GreedyBot::new()) as Box<CardAgent>))
                .collect();
            let mut given = Table::with_agents(seats.clone(), handed);
            assert_eq!(
                actions_at(&mut own, &ruleset, players, seed),
                actions_at(&mut given, &ruleset, players, seed),
                "{} seed {seed}",
                ruleset.name
            );
        }
    }
}

/// Playouts, which seat the greedy policy on the whole state for speed, play whole games as
/// the table's own greedy seats do (which play as the greedy bot does from its view): the same
/// scores on the same turn.
#[test]
fn playouts_play_as_the_tables_own_greedy_seats() {
    let ruleset = rulesets::load("base").unwrap();
    let appraiser = Appraiser::new(&ruleset);
    let seats = vec![SeatKind::Bot(names::GREEDY); 4];
    for seed in 0..6 {
        let mut played = GameState::new(&ruleset, 4, seed).unwrap();
        let stats = Playouts::new().play(&appraiser, &mut played, None);
        assert_eq!(stats.fallbacks, 0, "seed {seed}");
        let mut state = GameState::new(&ruleset, 4, seed).unwrap();
        let mut table = Table::new(&seats, seed, &BotOptions::default()).unwrap();
        table.play(&mut state);
        assert!(state.is_over() && played.is_over(), "seed {seed}");
        assert_eq!(played.turn(), state.turn(), "seed {seed}");
        for p in 0..4 {
            assert_eq!(
                played.player(p).score(),
                state.player(p).score(),
                "seed {seed} seat {p}"
            );
        }
    }
}
