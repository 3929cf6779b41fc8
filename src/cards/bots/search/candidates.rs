//! The candidates: the actions worth searching at one decision.
//!
//! Outside trading they are the legal moves (harvests only where the greedy policy would
//! harvest, one empty field standing for all). In trading they are many offers: the greedy
//! policy's best, then offers built from the seat's spare cards, 1-for-1 swaps, donations
//! and 2-for-1s, ordered so that the likeliest come first and the search widens to the
//! others as its budget allows. An offer likely to be refused is still a candidate: the
//! rollouts' other seats answer it, and a refusal only costs the turn's time.

use crate::cards::{Action, BeanKind, CardRef, CardRefs, Kinds, Phase};
use crate::few;

use crate::cards::bots::duel;
use crate::cards::bots::eval::Appraiser;
use crate::cards::bots::greedy::{Greedy, in_doubt};
use crate::cards::bots::legal::offer_allowed;
use crate::cards::bots::offer_key::OfferKey;
use crate::cards::bots::sight::ViewSight;
use crate::cards::bots::{Decision, Prompt};

/// Offers the greedy policy suggests, best first.
const GREEDY_OFFERS: usize = 6;
/// Offers searched at most per decision, the greedy policy's included.
pub const MAX_OFFERS: usize = 16;

/// The actions to search at `d`, the greedy policy's choice first (it is played when the
/// search cannot run); `None` is passing on the floor. `made` are the offers this seat
/// already made this turn, by what they say: none is proposed again, whatever places its
/// cards would now come from.
pub fn candidates(
    planner: &Greedy,
    a: &Appraiser,
    d: &Decision<'_>,
    made: &[OfferKey],
) -> Vec<Option<Action>> {
    let add_offers = |out: &mut Vec<Option<Action>>| offers(out, planner, a, d, made);
    listed(planner, a, d, made, usize::MAX, add_offers)
}

/// The candidates at `d` as [`candidates`] lists them, with `add_offers` adding the offers
/// worth searching where offering is a choice, and only the first `most` kept (before
/// passing is dropped where it is no choice): the search bot builds offers of its own,
/// `mcts` takes a few of the greedy policy's.
pub(crate) fn listed(
    planner: &Greedy,
    a: &Appraiser,
    d: &Decision<'_>,
    made: &[OfferKey],
    most: usize,
    mut add_offers: impl FnMut(&mut Vec<Option<Action>>),
) -> Vec<Option<Action>> {
    let sight = ViewSight::new(d.view, d.me, d.legal);
    let mut out: Vec<Option<Action>> = Vec::new();
    let greedy = match planner.clone().decide(a, &sight, d.ruleset, d.prompt) {
        Some(g @ Action::Propose { .. }) => Some(g),
        Some(g) if d.legal.contains(&g) => Some(g),
        None if d.prompt == Prompt::MayPropose => None,
        _ => in_doubt(a, d),
    };
    if fresh(d, made, greedy.as_ref()) {
        push(&mut out, greedy);
    }
    match d.prompt {
        Prompt::Answer { offer } => answers(&mut out, d, offer),
        Prompt::MayPropose => {
            push(&mut out, None);
            add_offers(&mut out);
        }
        Prompt::Act if trading_as_active(d) => {
            push(&mut out, Some(Action::EndTrading));
            add_offers(&mut out);
        }
        Prompt::Act => moves(&mut out, d),
    }
    out.truncate(most);
    // Passing is a choice only on the floor; elsewhere every candidate acts.
    if d.prompt != Prompt::MayPropose {
        out.retain(Option::is_some);
    }
    out
}

/// Adds `x` unless it is already listed.
pub(crate) fn push(out: &mut Vec<Option<Action>>, x: Option<Action>) {
    if !out.contains(&x) {
        out.push(x);
    }
}

/// Whether `x` is not an offer said before: no offer, or one whose player and kinds differ
/// from each of `made`. Comparing actions would not do, as an action names cards by place:
/// the same kinds from another place (a turned-over card for the hand's, another hand
/// position) are the same offer to the player who just declined it.
fn fresh(d: &Decision<'_>, made: &[OfferKey], x: Option<&Action>) -> bool {
    made.is_empty()
        || x.and_then(|x| OfferKey::of(d.view, d.me, x))
            .is_none_or(|key| !made.contains(&key))
}

fn trading_as_active(d: &Decision<'_>) -> bool {
    d.view.phase == Phase::Trade
        && d.me == d.view.active_player
        && d.view.must_plant_received_cards.is_none()
}

/// Accepting (the engine's first way of paying) and declining the offer.
fn answers(out: &mut Vec<Option<Action>>, d: &Decision<'_>, offer: u32) {
    let accept = d
        .legal
        .iter()
        .find(|l| matches!(l, Action::Accept { offer: o, .. } if *o == offer));
    let accepting = out
        .iter()
        .flatten()
        .any(|x| matches!(x, Action::Accept { .. }));
    if let Some(accept) = accept
        && !accepting
    {
        out.push(Some(accept.clone()));
    }
    push(out, Some(Action::Decline { offer }));
}

/// Plantings and moves on after the greedy choice already in `out`
/// ([`moves_worth_searching`], harvests only when that choice harvests).
fn moves(out: &mut Vec<Option<Action>>, d: &Decision<'_>) {
    let harvesting = matches!(out.first(), Some(Some(Action::Harvest { .. })));
    for l in moves_worth_searching(d, harvesting) {
        push(out, Some(l.clone()));
    }
}

/// The moves worth searching outside trading, in order: plantings and moves on; harvests
/// only when the greedy policy harvests (`harvesting`: when it must make room); of several
/// empty fields, only the first, as they are all alike. The duel's "end the turn" comes
/// first among them.
fn moves_worth_searching<'a>(d: &Decision<'a>, harvesting: bool) -> Vec<&'a Action> {
    let seat = &d.view.seats[d.me];
    let first_empty = seat.fields.iter().position(|f| f.is_empty());
    duel::candidates(d.legal)
        .filter(|l| match l {
            Action::Harvest { .. } => harvesting,
            Action::Plant { field } | Action::PlantSetAside { field, .. } => seat
                .fields
                .get(*field)
                .is_none_or(|f| !f.is_empty() || Some(*field) == first_empty),
            _ => true,
        })
        .collect()
}

/// The greedy policy's best offers, then built ones, up to [`MAX_OFFERS`] in all.
fn offers(
    out: &mut Vec<Option<Action>>,
    planner: &Greedy,
    a: &Appraiser,
    d: &Decision<'_>,
    made: &[OfferKey],
) {
    let sight = ViewSight::new(d.view, d.me, d.legal);
    let start = out.len();
    let suggested = planner
        .clone()
        .best_offers(a, &sight, d.ruleset, GREEDY_OFFERS);
    for offer in suggested.into_iter().chain(built_offers(d)) {
        if out.len() - start >= MAX_OFFERS {
            break;
        }
        if fresh(d, made, Some(&offer)) {
            push(out, Some(offer));
        }
    }
}

/// The seat's spare cards: those of kinds its fields do not grow, turned-over cards first
/// for the active player (who must otherwise plant them), then hand cards behind the front
/// one (the next to plant), one card of each kind.
fn spare_cards(d: &Decision<'_>, grown: &[BeanKind]) -> Vec<(CardRef, BeanKind)> {
    let view = d.view;
    let hand = view.seats[d.me].hand.as_deref().unwrap_or(&[]);
    let mut spare: Vec<(CardRef, BeanKind)> = Vec::new();
    if d.me == view.active_player {
        for (i, &k) in view.face_up.iter().enumerate() {
            if !grown.contains(&k) {
                spare.push((CardRef::FaceUp(i), k));
            }
        }
    }
    for (i, &k) in hand.iter().enumerate().skip(1) {
        if !grown.contains(&k) && !spare.iter().any(|&(_, s)| s == k) {
            spare.push((CardRef::Hand(i), k));
        }
    }
    spare
}

/// Offers built from the seat's spare cards: for each player it may propose to, each spare
/// card for each kind its fields grow (1-for-1) and for nothing (a donation), then two
/// spare cards for one wanted card (2-for-1).
fn built_offers(d: &Decision<'_>) -> Vec<Action> {
    let view = d.view;
    let grown: Vec<BeanKind> = view.seats[d.me]
        .fields
        .iter()
        .filter_map(|f| f.kind())
        .collect();
    let spare = spare_cards(d, &grown);
    let targets: Vec<usize> = (0..view.seats.len())
        .filter(|&q| offer_allowed(view, d.me, d.ruleset, q))
        .collect();
    let propose =
        |to: usize, give: CardRefs, want: Kinds<BeanKind>| Action::Propose { to, give, want };
    let mut out = Vec::new();
    for &(card, k) in &spare {
        for &to in &targets {
            for &w in grown.iter().filter(|&&w| w != k) {
                out.push(propose(to, few![card], few![w]));
            }
            out.push(propose(to, few![card], few![]));
        }
    }
    for pair in spare.windows(2) {
        for &to in &targets {
            for &w in &grown {
                out.push(propose(to, few![pair[0].0, pair[1].0], few![w]));
            }
        }
    }
    out
}
