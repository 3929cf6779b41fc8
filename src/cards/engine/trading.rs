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

/// The cards one trade took: the proposer's and the accepter's, each as they named them.
/// Only the active player names turned-over cards, so those are taken from one place.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Taken<'a> {
    /// Each trader and the cards they gave.
    pub traders: [(usize, &'a [CardRef]); 2],
}

impl Taken<'_> {
    /// The hand places `player` gave from (none if they did not trade).
    fn hand_places(&self, player: usize) -> impl Iterator<Item = usize> + '_ {
        self.traders
            .iter()
            .filter(move |(p, _)| *p == player)
            .flat_map(|(_, refs)| refs.iter())
            .filter_map(|r| match *r {
                CardRef::Hand(i) => Some(i),
                _ => None,
            })
    }

    /// The turned-over places given.
    fn face_up_places(&self) -> impl Iterator<Item = usize> + '_ {
        self.traders
            .iter()
            .flat_map(|(_, refs)| refs.iter())
            .filter_map(|r| match *r {
                CardRef::FaceUp(i) => Some(i),
                _ => None,
            })
    }

    /// Where the card at `place` lies once `taken` places before it are gone; `None` if it
    /// was taken itself.
    fn place_after(place: usize, taken: impl Iterator<Item = usize>) -> Option<usize> {
        let mut before = 0;
        for t in taken {
            if t == place {
                return None;
            }
            before += usize::from(t < place);
        }
        Some(place - before)
    }

    /// Where `r`, a card of `owner`'s, lies after this trade; `None` if the trade took it.
    fn after(&self, owner: usize, r: CardRef) -> Option<CardRef> {
        match r {
            CardRef::Hand(i) => Self::place_after(i, self.hand_places(owner)).map(CardRef::Hand),
            CardRef::FaceUp(i) => Self::place_after(i, self.face_up_places()).map(CardRef::FaceUp),
            CardRef::SetAside(_) => Some(r),
        }
    }
}

impl Offer {
    /// Follows the offer's cards after a trade took `taken`: where the places before them
    /// emptied, the offer points at the places they moved to, as the cards in a hand keep
    /// their order. Returns the place in `give` of a card the trade took, leaving the offer
    /// unchanged: an offer that gives a card no longer held must close.
    pub(crate) fn follow(&mut self, taken: &Taken) -> Option<usize> {
        let mut moved = CardRefs::default();
        for (i, &r) in self.give.iter().enumerate() {
            match taken.after(self.from, r) {
                Some(now) => moved.push(now),
                None => return Some(i),
            }
        }
        self.give = moved;
        None
    }
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

    fn offer(from: usize, give: &[CardRef]) -> Offer {
        Offer {
            id: 0,
            from,
            to: 1,
            give: give.iter().copied().collect(),
            giving: give.iter().map(|_| BeanKind::new(0)).collect(),
            want: Kinds::default(),
        }
    }

    #[test]
    fn an_offer_follows_its_cards_when_places_before_them_empty() {
        let taken_from_0 = [CardRef::Hand(0), CardRef::FaceUp(0)];
        let taken_from_1 = [CardRef::Hand(2)];
        let taken = Taken {
            traders: [(0, &taken_from_0[..]), (1, &taken_from_1[..])],
        };
        let mut o = offer(0, &[CardRef::Hand(3), CardRef::FaceUp(1)]);
        assert_eq!(o.follow(&taken), None);
        assert_eq!(o.give.to_vec(), [CardRef::Hand(2), CardRef::FaceUp(0)]);
        // Another player's hand places are theirs alone.
        let mut other = offer(2, &[CardRef::Hand(3)]);
        assert_eq!(other.follow(&taken), None);
        assert_eq!(other.give.to_vec(), [CardRef::Hand(3)]);
        // Player 1 gave its hand card 2; its hand card 1 stays where it was.
        let mut before = offer(1, &[CardRef::Hand(1), CardRef::Hand(4)]);
        assert_eq!(before.follow(&taken), None);
        assert_eq!(before.give.to_vec(), [CardRef::Hand(1), CardRef::Hand(3)]);
    }

    #[test]
    fn an_offer_whose_card_was_taken_says_which_and_stays_as_it_was() {
        let given = [CardRef::FaceUp(1)];
        let taken = Taken {
            traders: [(0, &given[..]), (1, &[][..])],
        };
        let mut o = offer(0, &[CardRef::Hand(0), CardRef::FaceUp(1)]);
        assert_eq!(o.follow(&taken), Some(1));
        assert_eq!(o.give.to_vec(), [CardRef::Hand(0), CardRef::FaceUp(1)]);
    }

    #[test]
    fn ascending_orders_positions() {
        let order = |p: &[usize]| ascending(p.iter().copied()).collect::<Vec<_>>();
        assert_eq!(order(&[]), Vec::<usize>::new());
        assert_eq!(order(&[4, 0, 9, 2]), [0, 2, 4, 9]);
    }
}
