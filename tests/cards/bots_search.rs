//! The search bot (the `hard` and `expert` levels) and the `easy` level: the search's
//! hygiene (it never sees a hidden card, a sampled deal replays from its seed, a forced
//! decision is not searched) and whole games in every ruleset without an illegal action.

use bohnanza::cards::bots::names;
use std::sync::Arc;

use bohnanza::cards::Cards;
use bohnanza::cards::bots::eval::Appraiser;
use bohnanza::cards::bots::legal::actions_without_offers;
use bohnanza::cards::bots::search::deal::{Deals, deal};
use bohnanza::cards::bots::search::evaluation::Weights;
use bohnanza::cards::bots::search::halving::{Ground, cut_rollout};
use bohnanza::cards::bots::{
    Agent, BotOptions, Decision, EasyBot, Next, Playouts, Prompt, SearchBot, SearchBudget,
    SeatKind, Table,
};
use bohnanza::cards::{Action, GameState, IgnoreEvents, Phase, Ruleset};
use bohnanza::game::{Seated, WallStopwatch};
use bohnanza::rulesets;

use crate::support::cards::every_ruleset;

/// Every position of one greedy 4-player base game, with who acts there and why.
fn positions(seed: u64) -> Vec<(GameState, usize, Prompt)> {
    let base = rulesets::load("base").unwrap();
    let mut state = GameState::new(&base, 4, seed).unwrap();
    let mut table = Table::new(
        &[SeatKind::Bot(names::GREEDY); 4],
        seed,
        &BotOptions::default(),
    )
    .unwrap();
    let mut out = Vec::new();
    while let Next::Bot { player, action } = table.next(&state) {
        let prompt = match action {
            Action::Accept { offer, .. } | Action::Decline { offer } => Prompt::Answer { offer },
            _ => Prompt::Act,
        };
        out.push((state.clone(), player, prompt));
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .unwrap();
    }
    out
}

/// The search bot's decision for `me` in `state`, from `me`'s view only.
pub(crate) fn decide(
    bot: &mut SearchBot,
    state: &GameState,
    me: usize,
    prompt: Prompt,
) -> Option<Action> {
    let mut legal = Vec::new();
    actions_without_offers(state, me, &mut legal);
    let view = state.view(me);
    bot.decide(&Decision {
        me,
        view: &view,
        ruleset: state.ruleset(),
        legal: &legal,
        prompt,
        stopwatch: &WallStopwatch::started(),
    })
}

fn small_search(seed: u64) -> SearchBot {
    SearchBot::new(names::EXPERT, seed, SearchBudget::playouts(24))
}

#[test]
fn the_search_never_sees_a_hidden_card() {
    let mut compared = 0;
    for (i, (state, me, prompt)) in positions(3).into_iter().enumerate().step_by(9) {
        // The same game for `me`, the cards `me` cannot see dealt anew.
        let view = state.view(me);
        let Ok(other) = GameState::from_view(state.ruleset(), &view, 1_000 + i as u64) else {
            continue;
        };
        if other.view(me) != view || other == state {
            continue;
        }
        let here = decide(&mut small_search(5), &state, me, prompt);
        let there = decide(&mut small_search(5), &other, me, prompt);
        assert_eq!(
            here, there,
            "position {i}: the hidden cards changed the decision"
        );
        compared += 1;
    }
    assert!(compared >= 10, "only {compared} positions compared");
}

#[test]
fn a_sampled_deal_replays_from_its_seed() {
    let (state, me, _) = positions(4).swap_remove(40);
    let view = state.view(me);
    let ruleset = state.ruleset();
    let (mut a, mut b) = (Deals::new(77), Deals::new(77));
    let mut differ = false;
    for _ in 0..20 {
        let seed = a.next_seed();
        assert_eq!(seed, b.next_seed(), "the same seed, the same deal seeds");
        let once = deal(ruleset, &view, seed).unwrap();
        let again = deal(ruleset, &view, seed).unwrap();
        assert_eq!(once, again, "deal {seed} replays identically");
        assert_eq!(once.view(me), view, "a deal keeps all that the seat sees");
        differ |= once != deal(ruleset, &view, seed ^ 1).unwrap();
    }
    assert!(differ, "other seeds deal other games");
}

#[test]
fn a_forced_decision_skips_the_search() {
    let mut forced = 0;
    for (state, me, prompt) in positions(5) {
        let mut legal = Vec::new();
        actions_without_offers(&state, me, &mut legal);
        if legal.len() != 1 || state.phase() == Phase::Trade || prompt != Prompt::Act {
            continue;
        }
        let mut bot = small_search(1);
        let action = decide(&mut bot, &state, me, prompt);
        assert_eq!(action.as_ref(), legal.first());
        assert_eq!((bot.searches, bot.playouts), (0, 0), "{:?}", legal[0]);
        forced += 1;
    }
    assert!(forced >= 10, "only {forced} forced decisions");
    // A decision with a choice is searched.
    let (state, me, prompt) = positions(5)
        .into_iter()
        .find(|(s, me, _)| {
            let mut legal = Vec::new();
            actions_without_offers(s, *me, &mut legal);
            legal.len() > 2 && s.phase() != Phase::Trade
        })
        .unwrap();
    let mut bot = small_search(1);
    decide(&mut bot, &state, me, prompt);
    assert_eq!(bot.searches, 1);
    assert!(bot.playouts >= 2);
}

/// Plays one game with these bots; panics on an illegal action, a fallback or no end.
fn play(ruleset: &Arc<Ruleset>, bots: Vec<Box<dyn Agent<Cards>>>, seed: u64) {
    let kinds = vec![SeatKind::Bot(names::EXPERT); bots.len()];
    let mut state = GameState::new(ruleset, bots.len(), seed).unwrap();
    let mut table = Table::with_agents(kinds, bots.into_iter().map(Some).collect());
    let mut actions = 0;
    while let Next::Bot { player, action } = table.next(&state) {
        if let Err(e) = state.apply_with(player, &action, &mut IgnoreEvents) {
            panic!("{}: seed {seed}: illegal {action:?}: {e}", ruleset.name);
        }
        actions += 1;
        assert!(actions < 200_000, "{}: seed {seed}: no end", ruleset.name);
    }
    assert!(state.is_over(), "{}: seed {seed}", ruleset.name);
    assert_eq!(table.fallbacks(), 0, "{}: seed {seed}", ruleset.name);
}

#[test]
fn the_levels_finish_games_in_every_ruleset() {
    for ruleset in every_ruleset() {
        for players in ruleset.player_counts().collect::<Vec<_>>() {
            let seed = players as u64 * 31;
            let bots: Vec<Box<dyn Agent<Cards>>> = (0..players)
                .map(|p| -> Box<dyn Agent<Cards>> {
                    let s = seed + p as u64;
                    match p % 3 {
                        0 => Box::new(SearchBot::new(names::HARD, s, SearchBudget::playouts(6))),
                        1 => Box::new(EasyBot::new(s)),
                        _ => Box::new(bohnanza::cards::bots::GreedyBot::new()),
                    }
                })
                .collect();
            play(&ruleset, bots, seed);
        }
    }
}

#[test]
fn levels_are_named_and_made() {
    for (name, kind) in [
        ("easy", names::EASY),
        ("normal", names::NORMAL),
        ("hard", names::HARD),
        ("expert", names::EXPERT),
        ("mcts", names::MCTS),
    ] {
        assert_eq!(bohnanza::rules::bot_named(name).unwrap(), kind);
        let bot = Cards::make_agent(kind, 1, &BotOptions::default()).unwrap();
        let expected = if kind == names::NORMAL {
            names::GREEDY
        } else {
            kind
        };
        assert_eq!(bot.name(), expected);
    }
}

#[test]
fn a_timed_search_stops_when_its_time_is_up() {
    let (state, me, prompt) = positions(6)
        .into_iter()
        .find(|(s, me, _)| {
            let mut legal = Vec::new();
            actions_without_offers(s, *me, &mut legal);
            legal.len() > 2 && s.phase() != Phase::Trade
        })
        .unwrap();
    let budget = SearchBudget {
        playouts: 1_000_000,
        time: Some(std::time::Duration::from_nanos(1)),
        turns: 8,
    };
    let mut bot = SearchBot::new(names::EXPERT, 2, budget);
    assert!(decide(&mut bot, &state, me, prompt).is_some());
    // One deal for every candidate, then the time is found to be up.
    assert!(
        (2..=40).contains(&bot.playouts),
        "{} rollouts",
        bot.playouts
    );
}

/// A duel position where the active player may plant a turned-over card or end the turn.
fn duel_step_3(seed: u64) -> (GameState, usize) {
    let duel = rulesets::load("duel").unwrap();
    let mut state = GameState::new(&duel, 2, seed).unwrap();
    let mut table = Table::new(
        &[SeatKind::Bot(names::GREEDY); 2],
        seed,
        &BotOptions::default(),
    )
    .unwrap();
    while let Next::Bot { player, action } = table.next(&state) {
        let mut legal = Vec::new();
        actions_without_offers(&state, player, &mut legal);
        let plants = legal
            .iter()
            .any(|a| matches!(a, Action::PlantTurnedOver { .. }));
        if state.phase() == Phase::PlantTurnedOver && state.turn() > 4 && plants {
            return (state, player);
        }
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .unwrap();
    }
    panic!("seed {seed}: no step 3 in the duel");
}

/// Ending the duel's turn (leaving the rest as an offer) and planting a turned-over card are
/// judged at the same turn: counted from after the action, ending the turn bought its rollout
/// a turn more, and the search lost the duel to greedy.
#[test]
fn every_candidate_is_cut_at_the_same_turn() {
    for seed in [1, 2, 3] {
        let (state, me) = duel_step_3(seed);
        let view = state.view(me);
        let appraiser = Appraiser::shared(state.ruleset());
        let weights = Weights::default();
        let g = Ground {
            me,
            view: &view,
            ruleset: state.ruleset(),
            appraiser: &appraiser,
            weights: &weights,
        };
        let world = deal(state.ruleset(), &view, seed).unwrap();
        let mut legal = Vec::new();
        actions_without_offers(&state, me, &mut legal);
        let plant = legal
            .iter()
            .find(|a| matches!(a, Action::PlantTurnedOver { .. }));
        assert!(plant.is_some(), "seed {seed}: nothing to plant");
        let mut rollout = Playouts::new();
        for action in [Some(&Action::EndTurn), plant] {
            let cut = cut_rollout(&g, action, &world, &mut rollout, 3).unwrap();
            assert_eq!(cut.turn(), state.turn() + 3, "seed {seed}: {action:?}");
        }
    }
}

/// The levels search the duel's own decisions: the offered cards, the discard after
/// planting, the turned-over cards and ending the turn.
#[test]
fn the_levels_search_the_duel() {
    let (state, me) = duel_step_3(4);
    let mut bot = small_search(3);
    let action = decide(&mut bot, &state, me, Prompt::Act).unwrap();
    let mut legal = Vec::new();
    actions_without_offers(&state, me, &mut legal);
    assert!(legal.contains(&action), "{action:?}");
    assert_eq!(bot.searches, 1);
    assert!(bot.playouts >= 2);
}
