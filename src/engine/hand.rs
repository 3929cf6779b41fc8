//! A player's hand: the most important rule of the game, as a type.

use std::collections::VecDeque;

use super::bean::BeanKind;
use super::trading::AgreedTrade;

/// The cards in a player's hand, in the order received.
///
/// "You cannot change the order of the cards in your hand at any point during the game."
/// There is no method to reorder a hand: cards join only at the back ([`Hand::push_back`]),
/// leave from the front to be planted ([`Hand::pop_front`]), and leave from anywhere only
/// through a trade both sides agreed to, which needs an [`AgreedTrade`] that only the trading
/// rules can make.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Hand(VecDeque<BeanKind>);

impl Hand {
    /// An empty hand.
    pub fn new() -> Self {
        Hand(VecDeque::new())
    }

    /// The front card, the one completely visible, planted next.
    pub fn front(&self) -> Option<BeanKind> {
        self.0.front().copied()
    }

    /// The card at `position`, counting the front card as 0.
    pub fn get(&self, position: usize) -> Option<BeanKind> {
        self.0.get(position).copied()
    }

    /// How many cards are in the hand.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the hand holds no cards.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The cards front to back.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = BeanKind> + '_ {
        self.0.iter().copied()
    }

    /// Adds a card behind the last one (dealing and drawing).
    pub(crate) fn push_back(&mut self, card: BeanKind) {
        self.0.push_back(card);
    }

    /// Takes the front card, to plant it.
    pub(crate) fn pop_front(&mut self) -> Option<BeanKind> {
        self.0.pop_front()
    }

    /// Takes the cards at `positions` (distinct, in range) out of the hand for an agreed trade;
    /// the rest keep their order. Returns the cards in hand order.
    pub(crate) fn take_traded(&mut self, positions: &[usize], _: &AgreedTrade) -> Vec<BeanKind> {
        let mut sorted = positions.to_vec();
        sorted.sort_unstable();
        let mut taken = Vec::with_capacity(sorted.len());
        for (removed, position) in sorted.into_iter().enumerate() {
            if let Some(card) = self.0.remove(position - removed) {
                taken.push(card);
            }
        }
        taken
    }
}
