//! The engine benchmark's planting game, shared by `benches/engine.rs` (criterion) and
//! `examples/planting_speed.rs` (the floor ratio, `benches/floor_ratio.sh`), so both time
//! exactly the same policy: the floor's `SAME=1` policy (`../shared/floor`), choice for choice.
//!
//! The policy only reads the state through borrowed views (a player's fields, the hand's
//! front card, the set-aside cards, the beanometers), so what it costs is the choosing, not
//! the asking. Each game is dealt in the storage of the one before (`GameState::deal_again`),
//! as the floor builds each of its games in place without allocating.

use bohnanza::cards::{Action, BeanKind, BeanProtection, Field, GameState, IgnoreEvents, Phase};

/// The field for `card`: the first one already growing that kind, else the first empty one,
/// found in one pass over the row.
#[inline]
fn field_for(fields: &[Field], card: BeanKind) -> Option<usize> {
    let mut empty = None;
    for (f, field) in fields.iter().enumerate() {
        if field.kind() == Some(card) {
            return Some(f);
        }
        if empty.is_none() && field.is_empty() {
            empty = Some(f);
        }
    }
    empty
}

/// The field to harvest when a card has nowhere to go, as the floor's policy chooses it: the
/// one paying most, a field of fewer beans first among equal pay, the first among equals, of
/// those the rules let the active player `p` harvest (the fields
/// [`GameState::harvest_choices`] lists: not empty, paying a coin where a harvest must, and
/// not a lone bean the bean protection rule keeps).
///
/// One pass over the row, each field's pay read from its kind's beanometer. Whether the rule
/// keeps lone beans is known only at the end of the row, so the best lone bean is kept apart
/// from the best field of more, and the two are weighed after the pass. Each is held as one
/// number, [`rank`], so that weighing is one comparison.
#[inline(always)]
pub(crate) fn field_to_harvest(state: &GameState, p: usize) -> Option<usize> {
    let ruleset = state.ruleset();
    let needs_a_coin = ruleset.harvest_needs_a_coin;
    let (mut more, mut lone) = (NO_RANK, NO_RANK);
    let (mut any_more, mut any_not_one) = (false, false);
    for (f, field) in state.player(p).fields().iter().enumerate() {
        let count = field.count();
        any_more |= count > 1;
        any_not_one |= count != 1;
        let Some(kind) = field.kind() else {
            continue;
        };
        let pays = ruleset.bean(kind).beanometer.coins_for(count);
        if needs_a_coin && pays == 0 {
            continue;
        }
        let best = if count > 1 { &mut more } else { &mut lone };
        *best = (*best).max(rank(f, pays, count));
    }
    let lone_kept = match ruleset.bean_protection_rule {
        BeanProtection::Off => false,
        BeanProtection::WhileAnotherFieldHasMore => any_more,
        BeanProtection::UnlessAllFieldsHoldOne => any_not_one,
    };
    let chosen = if lone_kept { more } else { more.max(lone) };
    (chosen != NO_RANK).then(|| FIELD_MASK - (chosen & FIELD_MASK as i64) as usize)
}

/// Room in a [`rank`] for a field's number: a row holds at most 5 fields.
const FIELD_MASK: usize = 7;

/// The rank of no field: below every field's.
const NO_RANK: i64 = i64::MIN;

/// How much the policy would rather harvest field `f` of `count` beans paying `pays`: its
/// worth (16 a coin, less one a bean) above, and among equal worth the earlier field higher,
/// in the low bits, so the field to harvest is the one of the highest rank.
#[inline(always)]
fn rank(f: usize, pays: u32, count: u32) -> i64 {
    debug_assert!(f <= FIELD_MASK);
    let worth = i64::from(pays) * 16 - i64::from(count);
    worth * (FIELD_MASK as i64 + 1) + (FIELD_MASK - f) as i64
}

/// Harvests the field [`field_to_harvest`] names; inlined where the policy decides, with no
/// call of its own.
#[inline(always)]
fn harvest_best(state: &mut GameState, p: usize) {
    if let Some(field) = field_to_harvest(state, p) {
        play(state, p, Action::Harvest { field });
    }
}

/// Applies an action the policy chose; every one is legal, so a refusal is a bug. Inlined
/// with the engine's [`GameState::apply_inline`], so each place the policy writes an action
/// compiles to that action's checks and changes alone.
#[inline(always)]
fn play(state: &mut GameState, p: usize, action: Action) {
    state.apply_inline(p, &action, &mut IgnoreEvents).unwrap();
    // No action the policy writes holds memory: forgotten, it needs no call to drop it.
    std::mem::forget(action);
}

/// One game of sensible planting and no trading: plant where the kind grows, else in an
/// empty field, else harvest the field that pays most; a second card from the hand only where
/// its kind already grows; keep the turned-over cards.
/// The game is dealt from `seed` in `state`'s storage ([`GameState::deal_again`]), as the
/// floor builds each of its games in place without allocating.
/// Returns the turns played (kept from the optimizer by the caller).
pub fn planting_game(state: &mut GameState, seed: u64) -> u32 {
    state.deal_again(seed);
    let mut turns = 0;
    loop {
        let p = state.active_player();
        match state.phase() {
            Phase::Plant { planted } => {
                let zones = state.player(p);
                let Some(card) = zones.hand().front() else {
                    play(state, p, Action::TurnOver);
                    continue;
                };
                let fields = zones.fields();
                match field_for(fields, card) {
                    // The second card only where its kind already grows.
                    Some(field) if planted == 0 || !fields[field].is_empty() => {
                        play(state, p, Action::Plant { field })
                    }
                    None if planted == 0 => harvest_best(state, p),
                    _ => play(state, p, Action::TurnOver),
                }
            }
            Phase::Trade => {
                turns += 1;
                play(state, p, Action::EndTrading);
            }
            Phase::PlantTraded => {
                let zones = state.player(p);
                match field_for(zones.fields(), zones.set_aside()[0]) {
                    Some(field) => play(state, p, Action::PlantSetAside { card: 0, field }),
                    None => harvest_best(state, p),
                }
            }
            // The bean duel's steps (not in the base game): discard the offer, plant nothing.
            Phase::PlantOffered => play(state, p, Action::DiscardOffered { card: 0 }),
            Phase::PlantTurnedOver => play(state, p, Action::EndTurn),
            Phase::GameOver => break,
        }
    }
    turns
}
