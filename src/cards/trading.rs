//! Trade offers: what each side gives, and the agreement that lets cards leave a hand.

use serde::{Deserialize, Serialize};

use super::action::CardRefs;
use super::bean::BeanKind;
use super::event::Kinds;

/// The most offers one player may have waiting on the table for an answer. The rulebook sets
/// no number; at a real table no one keeps more than a few open, and the bound keeps a client
/// that proposes without end from growing the table (and every view of it) without end.
pub const MAX_OPEN_OFFERS: usize = 20;

/// Where a card lies, as a player points at it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardRef {
    /// Position in the player's own hand, the front card being 0.
    Hand(usize),
    /// One of the cards turned over this turn (the active player's to trade or keep).
    FaceUp(usize),
    /// One of the player's cards set aside from trades (or kept turned-over cards), to plant in phase 3.
    SetAside(usize),
}

/// A trade offer on the table: nothing has moved yet.
///
/// The proposer names the exact cards they give; what they want is named by kind, since
/// they cannot see the other hand. The receiver picks the exact cards when accepting.
/// An offer that wants nothing is a donation; one that gives nothing asks for one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Offer {
    /// Number of the offer, unique in the game.
    pub id: u32,
    /// Who proposes.
    pub from: usize,
    /// Who is asked to answer.
    pub to: usize,
    /// The proposer's cards, exactly.
    pub give: CardRefs,
    /// The kinds of the cards in `give`, in the same order (public: offers are said aloud).
    pub giving: Kinds<BeanKind>,
    /// The kinds wanted in return, as a multiset.
    pub want: Kinds<BeanKind>,
}

/// Proof that both sides agreed to a trade. Only this module can make one, so cards can leave
/// a hand from the middle only through an accepted offer (see [`Hand`](super::hand::Hand)).
#[derive(Debug)]
pub struct AgreedTrade(());

impl AgreedTrade {
    /// Both sides have agreed to `offer`: the accepter has named cards matching its want.
    pub(crate) fn accepted(_offer: &Offer) -> Self {
        AgreedTrade(())
    }
}

/// Whether `given` is exactly the multiset `wanted`.
pub(crate) fn same_kinds(given: &[BeanKind], wanted: &[BeanKind]) -> bool {
    let count = |cards: &[BeanKind], kind: BeanKind| cards.iter().filter(|&&k| k == kind).count();
    given.len() == wanted.len()
        && wanted
            .iter()
            .enumerate()
            .all(|(i, &k)| wanted[..i].contains(&k) || count(given, k) == count(wanted, k))
}

/// `positions` (distinct) smallest first, without sorting them into a buffer: trades name
/// only a few cards.
pub(crate) fn ascending(
    positions: impl Iterator<Item = usize> + Clone,
) -> impl Iterator<Item = usize> {
    let mut last = None;
    std::iter::from_fn(move || {
        let next = positions
            .clone()
            .filter(|&p| last.is_none_or(|l| p > l))
            .min()?;
        last = Some(next);
        Some(next)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(indices: &[usize]) -> Vec<BeanKind> {
        indices.iter().map(|&i| BeanKind::new(i)).collect()
    }

    #[test]
    fn same_kinds_compares_multisets() {
        let same = |a: &[usize], b: &[usize]| same_kinds(&kinds(a), &kinds(b));
        assert!(same(&[], &[]));
        assert!(same(&[1, 2, 1], &[1, 1, 2]));
        assert!(!same(&[1, 2, 2], &[1, 1, 2]));
        assert!(!same(&[1, 2], &[1, 2, 2]));
        assert!(!same(&[3], &[]));
    }

    #[test]
    fn ascending_orders_positions() {
        let order = |p: &[usize]| ascending(p.iter().copied()).collect::<Vec<_>>();
        assert_eq!(order(&[]), Vec::<usize>::new());
        assert_eq!(order(&[4, 0, 9, 2]), [0, 2, 4, 9]);
    }
}
