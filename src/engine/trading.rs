//! Trade offers: what each side gives, and the agreement that lets cards leave a hand.

use serde::{Deserialize, Serialize};

use super::bean::BeanKind;

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
    pub give: Vec<CardRef>,
    /// The kinds of the cards in `give`, in the same order (public: offers are said aloud).
    pub giving: Vec<BeanKind>,
    /// The kinds wanted in return, as a multiset.
    pub want: Vec<BeanKind>,
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
    let mut a = given.to_vec();
    let mut b = wanted.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}
