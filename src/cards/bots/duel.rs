//! The bean duel's choices for the bots (two players, no trading): which offered cards to
//! plant and which to discard (step 1), which hand card to discard after planting (step 2),
//! which turned-over cards to plant before ending the turn and leaving the rest as an offer
//! (step 3).
//!
//! The greedy policy asks here in the duel's steps, and so do the search bot's playouts and
//! candidates. Like the rest of the greedy policy, every choice compares the positions it
//! leads to with the [`eval`](super::eval) heuristics. Every answer is legal in the step it
//! is asked in (planting only where a field accepts the bean, harvesting only where the
//! rules allow), and each one plants, discards, harvests or moves the turn on, so a duel
//! played by bots always ends.

use crate::cards::{Action, BeanKind, Phase, Ruleset};

use super::eval::{Appraiser, Plot, position_worth};
use super::sight::Sight;

/// The action for step 1 or step 3 of the active player's turn; `None` outside them (or
/// when it is not my turn).
pub(crate) fn decide<S: Sight>(a: &Appraiser, h: f32, s: &S) -> Option<Action> {
    if s.active() != s.me() {
        return None;
    }
    match s.phase() {
        Phase::PlantOffered => Some(offered(a, h, s)),
        Phase::PlantTurnedOver => Some(turned_over(a, h, s)),
        _ => None,
    }
}

/// Step 2, where the greedy policy would turn over: discard the hand card that fits worst
/// if the hand is better without it, else turn over. Outside the duel (no discards after
/// planting) always turn over.
pub(crate) fn discard_or_turn_over<S: Sight>(
    a: &Appraiser,
    h: f32,
    s: &S,
    ruleset: &Ruleset,
) -> Action {
    let planted = matches!(s.phase(), Phase::Plant { planted } if planted >= 1);
    let len = s.my_hand_len();
    if ruleset.discards_after_planting == 0 || !planted || len == 0 {
        return Action::TurnOver;
    }
    let plot = Plot::of(s.fields(s.me()));
    let keep = worth(a, h, s, plot);
    let mut best: Option<(usize, f32)> = None;
    for i in 0..len {
        let hand = (0..len).filter(|&j| j != i).filter_map(|j| s.my_card(j));
        let w = position_worth(a, h, plot, std::iter::empty(), hand);
        if best.is_none_or(|(_, b)| w > b) {
            best = Some((i, w));
        }
    }
    match best {
        Some((card, w)) if w > keep + a.params.threshold => Action::Discard { card },
        _ => Action::TurnOver,
    }
}

/// Step 1: plant an offered card that is worth a field, else discard one.
fn offered<S: Sight>(a: &Appraiser, h: f32, s: &S) -> Action {
    // A discarded card helps nobody: no envy counts here.
    match best_move(a, h, s, s.offered(), |_| 0.0) {
        Some((m, gain)) if gain > a.params.threshold => m,
        _ => Action::DiscardOffered { card: 0 },
    }
}

/// Step 3: plant a turned-over card that is worth a field (counting what leaving it would
/// give the opponent), else end the turn and leave the rest as an offer.
fn turned_over<S: Sight>(a: &Appraiser, h: f32, s: &S) -> Action {
    let next = (s.me() + 1) % s.players().max(1);
    let theirs = Plot::of(s.fields(next));
    let envy = a.params.envy;
    let denied = |k: BeanKind| envy * their_gain(a, h, &theirs, k);
    match best_move(a, h, s, s.face_up(), denied) {
        Some((m, gain)) if gain > a.params.threshold => m,
        _ => Action::EndTurn,
    }
}

/// What my position is worth with my fields as `plot` and my hand planted after.
fn worth<S: Sight>(a: &Appraiser, h: f32, s: &S, plot: Plot) -> f32 {
    let hand = (0..s.my_hand_len()).filter_map(|i| s.my_card(i));
    position_worth(a, h, plot, std::iter::empty(), hand)
}

/// What a card of `kind` would be worth to the opponent, who may plant it (where it fits) or
/// discard it: never less than nothing.
fn their_gain(a: &Appraiser, h: f32, plot: &Plot, kind: BeanKind) -> f32 {
    let Some(field) = plot.home(kind) else {
        return 0.0;
    };
    let mut after = *plot;
    after.plant_in(field, kind);
    (after.worth(a, h) - plot.worth(a, h)).max(0.0)
}

/// The best thing to do with one of `cards` (offered or turned over) and what it gains over
/// leaving them all: plant every copy of a kind in a field that accepts it, or harvest a
/// field first to make room for them. `denied(k)` is what keeping a card of kind `k` from
/// the opponent is worth, per card. The action plants one card (or harvests); the next
/// decision weighs the rest again.
fn best_move<S: Sight>(
    a: &Appraiser,
    h: f32,
    s: &S,
    cards: &[BeanKind],
    denied: impl Fn(BeanKind) -> f32,
) -> Option<(Action, f32)> {
    let me = s.me();
    let step_1 = s.phase() == Phase::PlantOffered;
    let plot = Plot::of(s.fields(me));
    let base = worth(a, h, s, plot);
    let mut best: Option<(Action, f32)> = None;
    let mut consider = |action: Action, gain: f32| {
        if best.as_ref().is_none_or(|(_, b)| gain > *b) {
            best = Some((action, gain));
        }
    };
    for (card, &kind) in cards.iter().enumerate() {
        if cards[..card].contains(&kind) {
            continue;
        }
        let copies = cards.iter().filter(|&&c| c == kind).count();
        let bonus = denied(kind) * copies as f32;
        let mut fits = false;
        for (field, f) in plot.fields().iter().enumerate() {
            if !f.accepts(kind) {
                continue;
            }
            fits = true;
            let mut p = plot;
            for _ in 0..copies {
                p.plant_in(field, kind);
            }
            let action = if step_1 {
                Action::PlantOffered { card, field }
            } else {
                Action::PlantTurnedOver { card, field }
            };
            consider(action, worth(a, h, s, p) - base + bonus);
        }
        if fits {
            continue;
        }
        for field in 0..plot.fields().len() {
            if !s.can_harvest(field) {
                continue;
            }
            let mut p = plot;
            p.harvest(a, field);
            for _ in 0..copies {
                p.plant_in(field, kind);
            }
            consider(Action::Harvest { field }, worth(a, h, s, p) - base + bonus);
        }
    }
    best
}

/// The search bot's candidates in the duel's order: ending the turn first (a search that
/// lists only a few moves must not leave out the one that moves on), then the rest as the
/// engine lists them. Outside the duel the list is unchanged.
pub(crate) fn candidates(legal: &[Action]) -> impl Iterator<Item = &Action> {
    let end = legal.iter().filter(|a| matches!(a, Action::EndTurn));
    end.chain(legal.iter().filter(|a| !matches!(a, Action::EndTurn)))
}
