//! An offer as the table hears it: who is asked, and the kinds given and wanted.
//!
//! An [`Action::Propose`] names its cards by place (a hand position, a turned-over card),
//! but the other players hear only kinds: offering a turned-over Stink Bean instead of the
//! Stink Bean in the hand is the same offer to them. Whoever remembers the offers made or
//! refused in a turn, so as not to put the same one to the same player again (the search
//! bot, the coach), compares them by this key, never by the action.

use crate::cards::{Action, BeanKind, CardRef, PlayerView, SeatView};

/// Who is asked and the kinds given and wanted, each sorted: equal for offers that say the
/// same, whatever places the cards come from and whatever order they are named in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferKey {
    to: usize,
    giving: Vec<BeanKind>,
    want: Vec<BeanKind>,
}

impl OfferKey {
    /// The offer to `to` giving `giving` for `want`, as heard (an `Offered` event's kinds).
    pub fn new(to: usize, giving: &[BeanKind], want: &[BeanKind]) -> OfferKey {
        let sorted = |kinds: &[BeanKind]| {
            let mut kinds = kinds.to_vec();
            kinds.sort_unstable();
            kinds
        };
        OfferKey {
            to,
            giving: sorted(giving),
            want: sorted(want),
        }
    }

    /// The offer `action` makes, read from the view of the seat `me` making it; `None` for
    /// any other action.
    pub fn of(view: &PlayerView, me: usize, action: &Action) -> Option<OfferKey> {
        let Action::Propose { to, give, want } = action else {
            return None;
        };
        let seat = view.seats.get(me)?;
        Some(OfferKey::new(*to, &kinds_given(view, seat, give), want))
    }
}

/// The kinds of `seat`'s cards that `give` names (its hand, the turned-over cards, its
/// set-aside cards), as the other players will hear them.
pub fn kinds_given(view: &PlayerView, seat: &SeatView, give: &[CardRef]) -> Vec<BeanKind> {
    let hand = seat.hand.as_deref().unwrap_or(&[]);
    give.iter()
        .filter_map(|r| match *r {
            CardRef::Hand(i) => hand.get(i).copied(),
            CardRef::FaceUp(i) => view.face_up.get(i).copied(),
            CardRef::SetAside(i) => seat.set_aside.get(i).copied(),
        })
        .collect()
}
