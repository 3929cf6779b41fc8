//! Random dice games at 2–5 players, with every invariant checked after every action, and
//! arbitrary (mostly illegal) actions thrown in that must leave the state untouched.

use std::sync::Arc;

use bohnanza::dice::bots::{DiceAsk, RandomBot};
use bohnanza::dice::{
    DICE, DiceAction, DiceEvent, DiceRuleset, DiceState, SavedDiceGame, TurnPhase,
};
use bohnanza::game::Agent;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Far more than any game needs: a game that has not ended by then is stuck.
const MAX_ACTIONS: usize = 20_000;

fn ruleset() -> Arc<DiceRuleset> {
    Arc::new(DiceRuleset::standard())
}

/// An action with arbitrary small numbers: mostly illegal, sometimes legal.
fn arbitrary_action(rng: &mut ChaCha8Rng) -> (usize, DiceAction) {
    let seat = (rng.next_u32() % 6) as usize;
    let action = match rng.next_u32() % 5 {
        0 => DiceAction::Roll,
        1 => DiceAction::RepeatRoll,
        2 => DiceAction::PassBeanPiece,
        3 => DiceAction::Harvest,
        _ => DiceAction::Save {
            dice: (0..rng.next_u32() % 4)
                .map(|_| (rng.next_u32() % 7) as usize)
                .collect(),
        },
    };
    (seat, action)
}

/// What the invariants compare from one action to the next.
struct Turn {
    active: usize,
    repeats: usize,
    saved_at_last_roll: Option<usize>,
}

fn saved_dice(state: &DiceState) -> Vec<Option<bohnanza::dice::Bean>> {
    state
        .field()
        .dice
        .iter()
        .map(|d| d.saved.then_some(d.face).flatten())
        .collect()
}

/// Every invariant between `before` and `after` the action that produced `events`.
fn check_invariants(before: &DiceState, after: &DiceState, events: &[DiceEvent], turn: &mut Turn) {
    let ruleset = after.ruleset();
    let position = SavedDiceGame::from(after.clone()).position;
    let cards = 2 * after.player_count() + position.deck.len() + position.dollar_cards.len();
    assert_eq!(
        cards,
        ruleset.cards.len(),
        "a harvest card was lost or made"
    );
    DiceState::from_position(ruleset, position).expect("every reachable state is a valid position");
    let harvested: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            DiceEvent::Harvested { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    for (seat, (b, a)) in before.players().iter().zip(after.players()).enumerate() {
        assert!(a.dollars >= b.dollars, "dollars only rise");
        if !harvested.contains(&seat) {
            assert!(
                a.covered >= b.covered,
                "covered orders only grow until a harvest"
            );
        }
    }
    if after.active() != turn.active {
        *turn = Turn {
            active: after.active(),
            repeats: 0,
            saved_at_last_roll: None,
        };
        return;
    }
    // Within a turn: dice once saved stay saved, showing what they showed.
    for (b, a) in saved_dice(before).iter().zip(saved_dice(after)) {
        if b.is_some() {
            assert_eq!(*b, a, "a saved die was unsaved or changed within a turn");
        }
    }
    for event in events {
        if let DiceEvent::Rolled { repeated, .. } = event {
            let saved = saved_dice(after).iter().filter(|d| d.is_some()).count();
            if *repeated {
                turn.repeats += 1;
                assert!(
                    turn.repeats <= 1,
                    "the bean piece is used at most once a turn"
                );
            } else if let Some(last) = turn.saved_at_last_roll {
                assert!(saved > last, "at least one die is saved after each roll");
            }
            turn.saved_at_last_roll = Some(saved);
        }
    }
}

/// Plays one random game with arbitrary actions mixed in; returns the number of actions.
fn play_checked(players: usize, seed: u64) -> usize {
    let mut state = DiceState::new(&ruleset(), players, seed).unwrap();
    let mut bots: Vec<RandomBot> = (0..players)
        .map(|s| RandomBot::new(seed * 10 + s as u64))
        .collect();
    let mut noise = ChaCha8Rng::seed_from_u64(seed);
    let mut turn = Turn {
        active: 0,
        repeats: 0,
        saved_at_last_roll: None,
    };
    let mut actions = 0;
    while state.outcome().is_none() {
        assert!(
            actions < MAX_ACTIONS,
            "game {seed} at {players} players never ended"
        );
        let (seat, action) = arbitrary_action(&mut noise);
        let before = state.clone();
        match state.apply(seat, &action) {
            Ok(events) => check_invariants(&before, &state, &events, &mut turn),
            Err(_) => assert_eq!(state, before, "a refused action changed the state"),
        }
        actions += 1;
        if state.outcome().is_some() {
            break;
        }
        let before = state.clone();
        let acting = state.acting_players();
        let seat = acting[(noise.next_u32() as usize) % acting.len()];
        if let Some(action) = bots[seat].decide(&DiceAsk::new(&state, seat)) {
            assert!(state.legal_actions(seat).contains(&action));
            let events = state.apply(seat, &action).expect("legal actions apply");
            check_invariants(&before, &state, &events, &mut turn);
        }
    }
    assert!(state.acting_players().is_empty());
    // The game ends with the dice placed, unless it ended before the last active player
    // rolled (docs/dice.md): then none is.
    let dice = &state.field().dice;
    assert!(
        dice.iter().all(|d| d.saved) || dice.iter().all(|d| !d.saved && !d.just_rolled),
        "the game ends with the dice placed, or none: {dice:?}"
    );
    assert_eq!(state.phase(), TurnPhase::Over);
    actions
}

#[test]
fn random_games_keep_every_invariant_at_every_player_count() {
    for players in 2..=5 {
        for seed in 0..80 {
            play_checked(players, seed);
        }
    }
}

#[test]
fn a_saved_state_continues_exactly_as_the_original() {
    for seed in 0..20 {
        let players = 2 + (seed as usize) % 4;
        let mut state = DiceState::new(&ruleset(), players, seed).unwrap();
        let mut bot = RandomBot::new(seed);
        for _ in 0..(40 + seed * 7) {
            if state.outcome().is_some() {
                break;
            }
            let seat = state.active();
            let action = bot.decide(&DiceAsk::new(&state, seat)).unwrap();
            state.apply(seat, &action).unwrap();
        }
        let json = serde_json::to_string(&state).unwrap();
        let mut restored: DiceState = serde_json::from_str(&json).unwrap();
        assert_eq!(restored, state);
        let (mut a, mut b) = (RandomBot::new(99), RandomBot::new(99));
        while state.outcome().is_none() {
            let seat = state.active();
            let action = a.decide(&DiceAsk::new(&state, seat)).unwrap();
            assert_eq!(
                Some(action.clone()),
                b.decide(&DiceAsk::new(&restored, seat))
            );
            let ea = state.apply(seat, &action).unwrap();
            let eb = restored.apply(seat, &action).unwrap();
            assert_eq!(ea, eb, "the restored game rolled differently");
        }
        assert_eq!(state.outcome(), restored.outcome());
        assert_eq!(
            serde_json::to_string(&state).unwrap(),
            serde_json::to_string(&restored).unwrap()
        );
    }
}

#[test]
fn the_same_seed_and_actions_replay_the_same_game() {
    let play = |seed| {
        let mut state = DiceState::new(&ruleset(), 3, seed).unwrap();
        let mut bot = RandomBot::new(5);
        let mut log = Vec::new();
        while state.outcome().is_none() {
            let seat = state.active();
            let action = bot.decide(&DiceAsk::new(&state, seat)).unwrap();
            log.extend(state.apply(seat, &action).unwrap());
        }
        log
    };
    assert_eq!(play(7), play(7));
    assert_ne!(play(7), play(8));
}

#[test]
fn every_die_is_rolled_on_the_first_roll() {
    let mut state = DiceState::new(&ruleset(), 2, 1).unwrap();
    let events = state.apply(0, &DiceAction::Roll).unwrap();
    let DiceEvent::Rolled { dice, .. } = &events[0] else {
        panic!("a roll comes first: {events:?}");
    };
    assert_eq!(dice.len(), DICE);
}
