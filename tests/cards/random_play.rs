//! Random play: thousands of games choosing random legal actions, with every invariant
//! checked after every action. One generic test body, run against every ruleset and player count.

use bohnanza::few;
use std::sync::Arc;

use bohnanza::cards::{
    Action, BeanKind, CardRef, Event, Field, FinalHarvest, GameState, Phase, Ruleset,
};
use bohnanza::rulesets;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Enough for any game: a game that has not ended by then is stuck.
const MAX_ACTIONS: usize = 50_000;

struct Chooser(ChaCha8Rng);

impl Chooser {
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n.max(1) as u64) as usize
    }
}

/// An action with arbitrary small numbers: mostly illegal, sometimes legal.
fn arbitrary_action(c: &mut Chooser, state: &GameState) -> (usize, Action) {
    let n = state.player_count();
    let kinds = state.ruleset().beans.len();
    let small = |c: &mut Chooser| c.below(7);
    let card = |c: &mut Chooser| match c.below(3) {
        0 => CardRef::Hand(c.below(8)),
        1 => CardRef::FaceUp(c.below(3)),
        _ => CardRef::SetAside(c.below(3)),
    };
    let player = c.below(n + 1);
    let action = match c.below(9) {
        0 => Action::Plant { field: small(c) },
        1 => Action::TurnOver,
        2 => Action::Propose {
            to: c.below(n + 1),
            give: (0..c.below(3)).map(|_| card(c)).collect(),
            want: (0..c.below(3))
                .map(|_| BeanKind::new(c.below(kinds + 1)))
                .collect(),
        },
        3 => Action::Accept {
            offer: c.below(40) as u32,
            give: (0..c.below(3)).map(|_| card(c)).collect(),
        },
        4 => Action::Decline {
            offer: c.below(40) as u32,
        },
        5 => Action::Withdraw {
            offer: c.below(40) as u32,
        },
        6 => Action::EndTrading,
        7 => Action::PlantSetAside {
            card: small(c),
            field: small(c),
        },
        _ => Action::Harvest { field: small(c) },
    };
    (player, action)
}

/// What `p`'s hand must be after `action`: the front card gone if planted, the cards of an
/// agreed trade (or the bean duel's one discard) gone, drawn cards added at the back.
/// Nothing else may change a hand.
fn expected_hand(
    before: &GameState,
    actor: usize,
    action: &Action,
    events: &[Event],
    p: usize,
) -> Vec<BeanKind> {
    let mut hand: Vec<BeanKind> = before.player(p).hand().iter().collect();
    let remove = |refs: &[CardRef], hand: &mut Vec<BeanKind>| {
        let mut positions: Vec<usize> = refs
            .iter()
            .filter_map(|r| match r {
                CardRef::Hand(i) => Some(*i),
                _ => None,
            })
            .collect();
        positions.sort_unstable_by(|a, b| b.cmp(a));
        for i in positions {
            hand.remove(i);
        }
    };
    match action {
        Action::Plant { .. } if actor == p => {
            hand.remove(0);
        }
        // The bean duel's one discard from anywhere in the hand, after planting.
        Action::Discard { card } if actor == p => {
            hand.remove(*card);
        }
        Action::Accept { offer, give } => {
            let offer = before.offers().iter().find(|o| o.id == *offer).unwrap();
            if offer.from == p {
                remove(&offer.give, &mut hand);
            }
            if actor == p {
                remove(give, &mut hand);
            }
        }
        _ => {}
    }
    for e in events {
        if let Event::Drew { player, card } = e
            && *player == p
        {
            hand.push(*card);
        }
    }
    hand
}

fn check_invariants(state: &GameState) {
    let expected: Vec<u32> = state
        .ruleset()
        .cards_in_game(state.player_count())
        .iter()
        .map(|&c| u32::from(c))
        .collect();
    assert_eq!(state.card_counts(), expected, "cards were created or lost");
    let mut orders: Vec<String> = state.order_deck().iter().map(|o| o.to_string()).collect();
    for p in 0..state.player_count() {
        let z = state.player(p);
        // The bots' yes-or-no question agrees with the checked one, a field past the last
        // included.
        for field in 0..=z.fields().len() {
            assert_eq!(
                state.may_harvest(p, field),
                state.check_harvest(p, field).is_ok(),
                "may_harvest and check_harvest disagree on player {p}'s field {field}"
            );
        }
        // The harvest choices are the fields may_harvest allows, with what each pays.
        let choices: Vec<(usize, Field, u32)> = state.harvest_choices(p).collect();
        let allowed: Vec<(usize, Field, u32)> = (0..z.fields().len())
            .filter(|&f| state.may_harvest(p, f))
            .map(|f| (f, z.fields()[f], state.ruleset().field_pays(z.fields()[f])))
            .collect();
        assert_eq!(choices, allowed, "player {p}'s harvest choices");
        orders.extend(z.hand().order().map(|(_, o)| o.to_string()));
        orders.extend(z.laid_out_order().map(|o| o.to_string()));
        orders.extend(z.fulfilled_orders().iter().map(|o| o.to_string()));
        if p != state.active_player() {
            assert!(
                z.laid_out_order().is_none(),
                "an order stayed laid out after its turn"
            );
        }
    }
    let mut all: Vec<String> = state
        .ruleset()
        .order_cards
        .iter()
        .map(|o| o.to_string())
        .collect();
    orders.sort();
    all.sort();
    assert_eq!(orders, all, "order cards were created or lost");
    // Every open offer points at the cards it gives, wherever trades moved them.
    for o in state.offers() {
        let hand: Vec<_> = state.player(o.from).hand().iter().collect();
        let at: Vec<_> = o
            .give
            .iter()
            .map(|r| match *r {
                CardRef::Hand(i) => hand.get(i).copied(),
                CardRef::FaceUp(i) => state.face_up().get(i).copied(),
                CardRef::SetAside(_) => None,
            })
            .collect();
        let giving: Vec<_> = o.giving.iter().map(|&g| Some(g)).collect();
        assert_eq!(at, giving, "offer {} no longer points at its cards", o.id);
    }
    if state.must_plant_received_cards().is_some() {
        for p in 0..state.player_count() {
            assert!(
                state.legal_actions(p).iter().all(|a| !matches!(
                    a,
                    Action::Propose { .. }
                        | Action::Accept { .. }
                        | Action::Decline { .. }
                        | Action::Withdraw { .. }
                        | Action::EndTrading
                )),
                "trading went on while received cards waited to be planted"
            );
        }
    }
    for p in 0..state.player_count() {
        for f in state.player(p).fields() {
            assert_eq!(
                f.kind().is_some(),
                f.count() > 0,
                "a field's kind and count disagree"
            );
        }
    }
    if state.is_over() {
        assert!(state.outcome().is_some());
        let ruleset = state.ruleset();
        for p in 0..state.player_count() {
            for f in state.player(p).fields() {
                let pays = f
                    .kind()
                    .is_some_and(|k| ruleset.bean(k).beanometer.coins_for(f.count()) > 0);
                match ruleset.final_harvest {
                    FinalHarvest::All => assert!(f.is_empty(), "the final harvest left a field"),
                    FinalHarvest::FieldsThatPay => assert!(!pays, "a field that pays was left"),
                    FinalHarvest::None => {}
                }
            }
        }
    }
}

/// A game built from one player's view looks the same to that player and allows the same.
fn check_determinization(state: &GameState, p: usize, seed: u64) {
    let view = state.view(p);
    let imagined = GameState::from_view(state.ruleset(), &view, seed)
        .unwrap_or_else(|e| panic!("from_view failed: {e}"));
    check_invariants(&imagined);
    let mut expected = view.clone();
    // Offers whose cards the viewer can see (their own, or any with open hands) are kept.
    expected
        .offers
        .retain(|o| o.from == p || o.to == p || o.give.is_some());
    assert_eq!(
        imagined.view(p),
        expected,
        "the imagined game looks different to player {p}"
    );
    assert_eq!(imagined.legal_actions(p), state.legal_actions(p));
}

/// What a batch of random games went through, to show the suite exercises every rule.
#[derive(Default, Debug)]
struct Seen {
    actions: usize,
    trades: usize,
    donations: usize,
    harvests: usize,
    ended_after_last_turn: usize,
    ended_in_phase_4: usize,
    fields_bought: usize,
    fields_from_field_beans: usize,
    orders_laid_out: usize,
    orders_fulfilled: usize,
    orders_returned: usize,
    buried: usize,
    automatic_harvests: usize,
    discarded: usize,
    pulled_from_discard: usize,
    left_as_offer: usize,
    planted_while_trading: usize,
    fields_rearranged: usize,
}

/// Plays one random game, checking everything after every action.
/// A game dealt again in `state`'s storage is the game [`GameState::new`] deals from the
/// same seed, wherever `state` stood (every zone, pile, counter and the random stream).
fn check_dealt_again(state: &GameState, seed: u64) {
    let again = seed.wrapping_add(0x9e37);
    let mut dealt = state.clone();
    dealt.deal_again(again);
    let fresh = GameState::new(state.ruleset(), state.player_count(), again).unwrap();
    assert_eq!(dealt, fresh, "dealt again at turn {}", state.turn());
}

fn play_checked(ruleset: &Arc<Ruleset>, players: usize, seed: u64, seen: &mut Seen) {
    let mut state = GameState::new(ruleset, players, seed).unwrap();
    let mut c = Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x5eed));
    check_invariants(&state);
    for step in 0..MAX_ACTIONS {
        if state.is_over() {
            check_dealt_again(&state, seed);
            seen.actions += step;
            return;
        }
        if step % 61 == 30 {
            check_dealt_again(&state, seed);
        }
        // Random illegal input never changes anything.
        let (who, wild) = arbitrary_action(&mut c, &state);
        let mut probe = state.clone();
        if probe.apply(who, &wild).is_err() {
            assert_eq!(
                probe, state,
                "refused {wild:?} by {who} but the state changed"
            );
        }

        let mut legal: Vec<(usize, Action)> = Vec::new();
        for p in 0..players {
            legal.extend(state.legal_actions(p).into_iter().map(|a| (p, a)));
        }
        assert!(!legal.is_empty(), "nobody can act in {:?}", state.phase());
        // Every listed action is legal (a sample, to keep the suite fast).
        for _ in 0..2 {
            let (p, a) = &legal[c.below(legal.len())];
            let mut probe = state.clone();
            if let Err(e) = probe.apply(*p, a) {
                panic!("listed action {a:?} by {p} was refused: {e}");
            }
        }
        // Favour the turn's progress over endless offers and harvests, as players do.
        let (p, action) = if c.below(4) == 0 {
            legal[c.below(legal.len())].clone()
        } else {
            let progress: Vec<&(usize, Action)> = legal
                .iter()
                .filter(|(_, a)| !matches!(a, Action::Propose { .. } | Action::Harvest { .. }))
                .collect();
            if progress.is_empty() {
                legal[c.below(legal.len())].clone()
            } else {
                progress[c.below(progress.len())].clone()
            }
        };
        if c.below(4) == 0 {
            check_determinization(&state, c.below(players), c.0.next_u64());
        }
        let before = state.clone();
        let events = state.apply(p, &action).unwrap();
        for e in &events {
            match e {
                Event::Traded { gave, got, .. } if gave.is_empty() || got.is_empty() => {
                    seen.donations += 1
                }
                Event::Traded { .. } => seen.trades += 1,
                Event::Harvested { .. }
                    if !matches!(action, Action::Harvest { .. }) && !state.is_over() =>
                {
                    seen.automatic_harvests += 1
                }
                Event::Harvested { .. } if !state.is_over() => seen.harvests += 1,
                Event::GameEnded { .. } if before.is_last_turn() => seen.ended_after_last_turn += 1,
                Event::GameEnded { .. } => seen.ended_in_phase_4 += 1,
                Event::GainedBeanField { paid: 0, .. } => seen.fields_from_field_beans += 1,
                Event::GainedBeanField { .. } => seen.fields_bought += 1,
                Event::OrderLaidOut { .. } => seen.orders_laid_out += 1,
                Event::OrderFulfilled { .. } => seen.orders_fulfilled += 1,
                Event::OrderReturned { .. } => seen.orders_returned += 1,
                Event::Buried { .. } => seen.buried += 1,
                Event::Discarded { .. } => seen.discarded += 1,
                Event::PulledFromDiscard { .. } => seen.pulled_from_discard += 1,
                Event::LeftAsOffer { .. } => seen.left_as_offer += 1,
                Event::FieldsRearranged { from, .. }
                    if from.iter().enumerate().any(|(i, &f)| i != f) =>
                {
                    seen.fields_rearranged += 1
                }
                Event::Planted { .. } if before.phase() == Phase::Trade => {
                    seen.planted_while_trading += 1
                }
                _ => {}
            }
        }
        for q in 0..players {
            let hand: Vec<BeanKind> = state.player(q).hand().iter().collect();
            assert_eq!(
                hand,
                expected_hand(&before, p, &action, &events, q),
                "player {q}'s hand changed other than at the back, the front or by a trade"
            );
        }
        check_invariants(&state);
    }
    panic!("the game did not end within {MAX_ACTIONS} actions");
}

fn every_ruleset() -> Vec<(Arc<Ruleset>, usize)> {
    let mut out = Vec::new();
    for built_in in rulesets::BUILT_IN {
        let r = rulesets::load(built_in.name).unwrap();
        for n in r.player_counts().collect::<Vec<_>>() {
            out.push((Arc::clone(&r), n));
        }
    }
    out
}

proptest! {
    #![proptest_config(crate::support::regressions::config(400))]

    /// Every built-in ruleset at every allowed player count, from random seeds.
    #[test]
    fn random_games_keep_every_invariant_and_end(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let all = every_ruleset();
        let (ruleset, players) = &all[pick.index(all.len())];
        play_checked(ruleset, *players, seed, &mut Seen::default());
    }
}

/// The base game at 3, 4 and 5 players, a thousand seeds each.
#[test]
fn a_thousand_base_games_at_each_player_count() {
    let base = rulesets::load("base").unwrap();
    for players in 3..=5 {
        let mut seen = Seen::default();
        for seed in 0..1000 {
            play_checked(&base, players, seed, &mut seen);
        }
        println!("{players} players: {seen:?}");
        assert!(seen.trades > 1000, "{seen:?}");
        assert!(seen.donations > 100, "{seen:?}");
        assert!(seen.harvests > 10_000, "{seen:?}");
        assert!(seen.ended_after_last_turn > 100, "{seen:?}");
        assert!(seen.ended_in_phase_4 > 100, "{seen:?}");
    }
}

/// Every built-in ruleset, a thousand seeds spread over its player counts.
fn a_thousand_games_in(variants: &[&str]) {
    for &variant in variants {
        let r = rulesets::load(variant).unwrap();
        let counts: Vec<usize> = r.player_counts().collect();
        let mut seen = Seen::default();
        for seed in 0..1000u64 {
            let players = counts[seed as usize % counts.len()];
            play_checked(&r, players, seed, &mut seen);
        }
        assert_eq!(
            seen.ended_after_last_turn + seen.ended_in_phase_4,
            1000,
            "{variant}: every game ends, when the draw pile runs out for the last time: {seen:?}"
        );
    }
}

#[test]
fn a_thousand_games_in_every_ruleset() {
    let all: Vec<&str> = rulesets::BUILT_IN.iter().map(|b| b.name).collect();
    // Two halves, so the two run side by side.
    let (first, second) = all.split_at(all.len() / 2);
    let second = second.to_vec();
    let other = std::thread::spawn(move || a_thousand_games_in(&second));
    a_thousand_games_in(first);
    other.join().expect("the other half passes");
}

/// Each variant's own rules come up in random play, so the invariants above are checked on them.
#[test]
fn random_play_reaches_every_variants_own_rules() {
    let seen_in_games = |variant: &str, players: usize, games: u64| {
        let r = rulesets::load(variant).unwrap();
        let mut seen = Seen::default();
        for seed in 0..games {
            play_checked(&r, players, seed, &mut seen);
        }
        println!("{variant} at {players}: {seen:?}");
        seen
    };
    let seen_in = |variant: &str, players: usize| seen_in_games(variant, players, 150);
    assert!(seen_in("classic", 4).fields_bought > 20);
    // Only the player whose other beans could go in either old field has a choice, and only
    // right after the harvest, so it comes up seldom in random play.
    let field_beans = seen_in_games("expansion-field-beans", 4, 600);
    assert!(
        field_beans.fields_from_field_beans > 5 && field_beans.fields_rearranged > 2,
        "{field_beans:?}"
    );
    let orders = seen_in("expansion-order-cards", 3);
    assert!(orders.orders_laid_out > 50, "{orders:?}");
    assert!(orders.orders_fulfilled > 50, "{orders:?}");
    assert!(orders.orders_returned > 20, "{orders:?}");
    let my_first = seen_in("my-first", 4);
    assert!(
        my_first.buried > 50
            && my_first.automatic_harvests > 10
            && my_first.planted_while_trading > 50,
        "{my_first:?}"
    );
    assert!(seen_in("my-first-step-1", 3).buried > 20);
    assert!(seen_in("my-first-step-3", 5).fields_bought > 2);
    let duel = seen_in("duel", 2);
    assert!(
        duel.discarded > 100 && duel.pulled_from_discard > 20 && duel.left_as_offer > 100,
        "{duel:?}"
    );
    let both = seen_in("expansion-field-beans-orders", 5);
    assert!(
        both.orders_fulfilled > 10 && both.fields_from_field_beans > 1,
        "{both:?}"
    );
}

/// Two offers may offer the same card of a hand the viewer cannot see: the game imagined
/// from the viewer's view holds that card once, and both offers point at it.
#[test]
fn two_offers_of_one_hidden_card_are_one_card_in_the_imagined_game() {
    let base = rulesets::load("base").unwrap();
    let mut state = GameState::new(&base, 3, 1).unwrap();
    for action in [Action::Plant { field: 0 }, Action::TurnOver] {
        state.apply(0, &action).unwrap();
    }
    let card = state.player(0).hand().iter().next().unwrap();
    let wants = [BeanKind::new(0), BeanKind::new(1)];
    for want in wants {
        let propose = Action::Propose {
            to: 1,
            give: few![CardRef::Hand(0)],
            want: few![want],
        };
        state.apply(0, &propose).unwrap();
    }
    let view = state.view(1);
    for seed in 0..20 {
        let imagined = GameState::from_view(&base, &view, seed).unwrap();
        let gives: Vec<&[CardRef]> = imagined.offers().iter().map(|o| &o.give[..]).collect();
        assert_eq!(gives.len(), 2);
        assert_eq!(gives[0], gives[1], "seed {seed}: one card, offered twice");
        let [CardRef::Hand(at)] = gives[0] else {
            panic!("seed {seed}: {gives:?}");
        };
        assert_eq!(imagined.player(0).hand().iter().nth(*at), Some(card));
        check_determinization(&state, 1, seed);
    }
}
