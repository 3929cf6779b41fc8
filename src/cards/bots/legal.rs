//! The legal actions a bot chooses among, cheaply.
//!
//! The engine's [`GameState::legal_actions_into`] also lists every one-card donation and
//! one-for-one offer: hundreds of actions in phase 2, each allocating. Bots compose their own
//! offers, so the driver lists everything else: [`actions_without_offers`] equals the
//! engine's list with the offers left out (a test checks it over whole games). Whether a
//! bot's answer is among them is mostly answered without the list ([`Listing::contains`]).

use crate::cards::{
    Action, BeanKind, CardRef, GameState, MAX_OPEN_OFFERS, Phase, PlayerView, Ruleset,
};

use super::Prompt;
use super::driver::checks_answer;

/// Every action `player` may take now except trade offers, in the engine's order.
pub fn actions_without_offers(state: &GameState, player: usize, out: &mut Vec<Action>) {
    out.clear();
    if state.is_over() || player >= state.player_count() {
        return;
    }
    if state.phase() != Phase::Trade || state.must_plant_received_cards().is_some() {
        // Outside phase 2, and while received cards wait to be planted, the engine lists no
        // offers.
        state.legal_actions_into(player, out);
        return;
    }
    let fields = state.player(player).fields().len();
    for field in 0..fields {
        if state.check_harvest(player, field).is_ok() {
            out.push(Action::Harvest { field });
        }
    }
    if state.check_buy_third_field(player).is_ok() {
        out.push(Action::BuyThirdField);
    }
    state.push_arrangements(player, out);
    for field in 0..fields.saturating_sub(1) {
        if state.check_fulfill_order(player, field).is_ok() {
            out.push(Action::FulfillOrder { field });
        }
    }
    if player == state.active_player() {
        out.push(Action::EndTrading);
    }
    for offer in state.offers() {
        if offer.from == player {
            out.push(Action::Withdraw { offer: offer.id });
        }
        if offer.to == player {
            out.push(Action::Decline { offer: offer.id });
            if let Some(give) = state.frontmost_match(player, &offer.want) {
                out.push(Action::Accept {
                    offer: offer.id,
                    give,
                });
            }
        }
    }
}

/// A seat's legal actions without offers ([`actions_without_offers`]), listed only when
/// first asked for after [`Listing::forget`]: most decisions of the greedy policy never need
/// them (an offer, or passing on the floor), and listing is a good part of a table's time.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    actions: Vec<Action>,
    listed: bool,
    /// Whether the seat being asked found its answer here ([`Listing::vouch`]).
    vouched: bool,
    /// Whether the table applies the answer at once and hands a refusal back to the driver
    /// (a table of bots alone), so an answer may be left to the engine ([`Listing::leave`]).
    applying: bool,
    /// Whether the seat being asked left its answer to the engine ([`Listing::leave`]).
    left: bool,
}

impl Listing {
    /// Forgets the list: the state or the seat changed.
    pub fn forget(&mut self) {
        self.listed = false;
        self.vouched = false;
        self.left = false;
    }

    /// Whether answers are applied at once and a refusal handed back to the driver: set by
    /// the driver for a table of bots alone, never for a table a person watches.
    pub(crate) fn set_applying(&mut self, applying: bool) {
        self.applying = applying;
    }

    /// Whether answers are applied at once and a refusal handed back ([`Listing::leave`]).
    pub fn applying(&self) -> bool {
        self.applying
    }

    /// Whether the seat being asked may give `action` by `player` in `state`, asked for
    /// `prompt`, without looking for it among its legal actions, and if so notes that it
    /// did: the table applies it at once ([`Listing::applying`]), the engine's own checks of
    /// it answer exactly as the list would ([`left_to_engine`]), and the driver looks at every
    /// answer of its kind to that prompt ([`checks_answer`]). A refusal comes back to the
    /// driver, which asks the seat again ([`Listing::take_left`]).
    pub fn leave(
        &mut self,
        state: &GameState,
        player: usize,
        prompt: Prompt,
        action: &Action,
    ) -> bool {
        self.left =
            self.applying && checks_answer(prompt, action) && left_to_engine(state, player, action);
        self.left
    }

    /// Whether the seat left the answer about to be vetted to the engine ([`Listing::leave`]).
    /// Spent by asking, as [`Listing::take_vouch`] is.
    pub fn take_left(&mut self) -> bool {
        std::mem::take(&mut self.left)
    }

    /// The seat being asked found the answer it is about to give among its legal actions
    /// (by [`Listing::contains`] or in [`Listing::get`]'s list), so the driver, vetting that
    /// same answer next, need not look again. Forgotten with the list.
    pub fn vouch(&mut self) {
        self.vouched = true;
    }

    /// Whether the answer about to be vetted was found legal by the seat that gives it. The
    /// word is spent by asking: it vouches for one answer, never for a later one.
    pub fn take_vouch(&mut self) -> bool {
        std::mem::take(&mut self.vouched)
    }

    /// `player`'s legal actions without offers in `state`, which must be the state and
    /// seat since the last [`Listing::forget`].
    pub fn get(&mut self, state: &GameState, player: usize) -> &[Action] {
        if !self.listed {
            actions_without_offers(state, player, &mut self.actions);
            self.listed = true;
        }
        &self.actions
    }

    /// Whether [`Listing::get`] holds `action`, answered without listing for the actions
    /// bots take most (planting, turning over, harvesting, answering offers, ending
    /// trading): checking a bot's answer is then a few comparisons, not a list built.
    pub fn contains(&mut self, state: &GameState, player: usize, action: &Action) -> bool {
        if self.listed {
            return self.actions.contains(action);
        }
        match listed_without_listing(state, player, action) {
            Some(listed) => listed,
            None => self.get(state, player).contains(action),
        }
    }
}

/// Whether [`actions_without_offers`] would list `action`, for the kinds of action decided
/// here without building the list; `None` for the others. A test compares the two over
/// whole games in every built-in ruleset.
fn listed_without_listing(state: &GameState, player: usize, action: &Action) -> Option<bool> {
    if state.is_over() || player >= state.player_count() {
        return Some(false);
    }
    let phase = state.phase();
    let receiving = state.must_plant_received_cards().is_some();
    let trading = phase == Phase::Trade && !receiving;
    let zone = state.player(player);
    let open_offer = |id: u32, mine: fn(usize, usize, usize) -> bool| {
        state
            .offers()
            .iter()
            .any(|o| o.id == id && mine(player, o.from, o.to))
    };
    Some(match action {
        Action::Harvest { field } => {
            *field < zone.fields().len() && state.check_harvest(player, *field).is_ok()
        }
        Action::EndTrading => trading && player == state.active_player(),
        Action::Decline { offer } => trading && open_offer(*offer, |me, _, to| to == me),
        Action::Withdraw { offer } => trading && open_offer(*offer, |me, from, _| from == me),
        Action::Accept { offer, give } => {
            trading
                && state.offers().iter().any(|o| {
                    o.id == *offer
                        && o.to == player
                        && state
                            .frontmost_match(player, &o.want)
                            .is_some_and(|g| g == *give)
                })
        }
        Action::PlantSetAside { card, field } => {
            let set_aside = zone.set_aside();
            (phase == Phase::PlantTraded || (phase == Phase::Trade && receiving))
                && set_aside.get(*card).is_some_and(|&kind| {
                    !set_aside[..*card].contains(&kind) && may_plant(state, player, kind, *field)
                })
        }
        Action::Plant { field } => match phase {
            Phase::Plant { planted } => {
                player == state.active_player()
                    && planted < state.max_planted_from_hand()
                    && zone
                        .hand()
                        .front()
                        .is_some_and(|kind| may_plant(state, player, kind, *field))
            }
            _ => false,
        },
        Action::TurnOver => match phase {
            Phase::Plant { planted } => {
                player == state.active_player() && (planted >= 1 || state.planting_optional())
            }
            _ => false,
        },
        _ => return None,
    })
}

/// Whether the engine's own checks of `action` by `player` in `state` answer exactly as the
/// seat's legal actions would (the list without offers, [`offer_is_legal`] for an offer), so
/// that a table applying it at once may leave the check to the engine's `apply`, which
/// changes nothing when it refuses. The engine takes more than the list holds in a few
/// places: any set-aside card of a kind, not only the first; any cards of the wanted kinds
/// for an offer, not only the frontmost; those are left to it only in the list's own form.
/// Actions a bot seldom takes are never left to it. A test compares the two in every
/// built-in ruleset.
pub fn left_to_engine(state: &GameState, player: usize, action: &Action) -> bool {
    match action {
        Action::Plant { .. }
        | Action::TurnOver
        | Action::Harvest { .. }
        | Action::EndTrading
        | Action::Decline { .. }
        | Action::Withdraw { .. }
        | Action::Propose { .. } => true,
        Action::PlantSetAside { card, .. } => {
            player < state.player_count() && {
                let set_aside = state.player(player).set_aside();
                set_aside
                    .get(*card)
                    .is_none_or(|kind| !set_aside[..*card].contains(kind))
            }
        }
        Action::Accept { offer, give } => {
            player < state.player_count()
                && state
                    .offers()
                    .iter()
                    .find(|o| o.id == *offer && o.to == player)
                    .and_then(|o| state.frontmost_match(player, &o.want))
                    .is_none_or(|frontmost| frontmost == *give)
        }
        _ => false,
    }
}

/// Whether the engine lists planting a bean of `kind` in `player`'s field `field`: a field
/// that accepts it, or any field under mixed patches when none does.
fn may_plant(state: &GameState, player: usize, kind: BeanKind, field: usize) -> bool {
    let fields = state.player(player).fields();
    field < fields.len()
        && (fields[field].accepts(kind)
            || (state.ruleset().mixed_patches && !fields.iter().any(|f| f.accepts(kind))))
}

/// Whether the seat whose view this is may propose a trade to `to` now (phase 2 with no
/// received cards waiting to be planted, the active player involved, its own offers not used
/// up this turn). The cards named must still be its own.
pub fn offer_allowed(view: &PlayerView, me: usize, ruleset: &Ruleset, to: usize) -> bool {
    view.phase == Phase::Trade
        && to < view.seats.len()
        && to != me
        && (me == view.active_player || to == view.active_player)
        && view.must_plant_received_cards.is_none()
        && view.offers.iter().filter(|o| o.from == me).count() < MAX_OPEN_OFFERS
        && ruleset.allows_another_offer(view.offers_made.get(me).copied().unwrap_or(0))
}

/// Whether `player` may propose giving `give` for `want` to `to` in `state`: the checks
/// the engine makes, so the driver can vet a bot's offer without trying it.
pub fn offer_is_legal(
    state: &GameState,
    player: usize,
    to: usize,
    give: &[CardRef],
    want: &[BeanKind],
) -> bool {
    let n = state.player_count();
    if state.phase() != Phase::Trade
        || player >= n
        || to >= n
        || to == player
        || (player != state.active_player() && to != state.active_player())
        || !state.may_offer_again(player)
        || state.must_plant_received_cards().is_some()
        || (give.is_empty() && want.is_empty())
        || want
            .iter()
            .any(|k| k.index() >= state.ruleset().beans.len())
    {
        return false;
    }
    let hand = state.player(player).hand().len();
    give.iter().enumerate().all(|(i, r)| {
        !give[..i].contains(r)
            && match *r {
                CardRef::Hand(p) => p < hand,
                CardRef::FaceUp(p) => player == state.active_player() && p < state.face_up().len(),
                CardRef::SetAside(_) => false,
            }
    })
}

/// Whether `action` by `player` is one the engine will take now: in `legal` (the list
/// without offers), or an offer that passes [`offer_is_legal`].
pub fn is_legal(state: &GameState, player: usize, action: &Action, legal: &[Action]) -> bool {
    match action {
        Action::Propose { to, give, want } => offer_is_legal(state, player, *to, give, want),
        other => legal.contains(other),
    }
}

/// The action that moves the game on when a bot gave none that is legal: plant, turn over,
/// end trading or answer before anything else, harvest only when nothing else is possible.
/// `None` only when `legal` is empty.
pub fn fallback(legal: &[Action]) -> Option<&Action> {
    fn rank(a: &Action) -> u8 {
        match a {
            Action::PlantSetAside { .. } => 0,
            Action::Plant { .. } => 1,
            Action::TurnOver => 2,
            Action::EndTrading => 3,
            Action::Decline { .. } => 4,
            Action::Withdraw { .. } => 5,
            Action::Accept { .. } => 6,
            Action::Harvest { .. } => 8,
            Action::Propose { .. } => 9,
            #[allow(unreachable_patterns)]
            _ => 7,
        }
    }
    legal.iter().min_by_key(|a| rank(a))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seat's word that its answer is legal lasts only until the list is forgotten (or the
    /// answer is vetted), so it never vouches for an answer given in another state or by
    /// another seat.
    #[test]
    fn a_vouched_answer_is_forgotten_with_the_list() {
        let mut listing = Listing::default();
        assert!(!listing.take_vouch());
        listing.vouch();
        assert!(listing.take_vouch());
        listing.vouch();
        listing.forget();
        assert!(!listing.take_vouch());
    }
}
