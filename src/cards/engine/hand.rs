//! A player's hand: the most important rule of the game, as a type.

use std::fmt;

use super::bean::BeanKind;
use super::duel::DiscardAllowed;
use super::order::OrderCard;
use super::trading::{AgreedTrade, ascending};

/// The cards in a player's hand, in the order received.
///
/// "You cannot change the order of the cards in your hand at any point during the game."
/// There is no method to reorder a hand: cards join only at the back ([`Hand::push_back`]),
/// leave from the front to be planted ([`Hand::pop_front`]), and leave from anywhere only
/// through a trade both sides agreed to, which needs an [`AgreedTrade`] that only the trading
/// rules can make.
///
/// With order cards (The Expansion), a hand also holds at most one order card — "you will
/// always have exactly one order" — in its place among the beans. Positions
/// ([`Hand::get`], trades) count beans only, so an order card can never be named in a trade:
/// "You can't trade order cards."
///
/// The beans lie in a vector from `front` on: planting only moves `front` on, and the places
/// before it are reused when the vector is full, so the cards planted and drawn in a turn
/// move nothing and reading the front card is one comparison.
#[derive(Clone, Default)]
pub struct Hand {
    /// The beans, the front one at `front`; the places before it held beans since planted.
    cards: Vec<BeanKind>,
    front: usize,
    /// The order card and how many beans lie in front of it.
    order: Option<(usize, OrderCard)>,
}

impl PartialEq for Hand {
    fn eq(&self, other: &Self) -> bool {
        self.beans() == other.beans() && self.order == other.order
    }
}

impl Eq for Hand {}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Hand")
            .field("beans", &self.beans())
            .field("order", &self.order)
            .finish()
    }
}

impl Hand {
    /// An empty hand.
    pub fn new() -> Self {
        Hand::default()
    }

    /// An empty hand with room for `cards` cards before it allocates again.
    pub(crate) fn with_room(cards: usize) -> Self {
        Hand {
            cards: Vec::with_capacity(cards),
            front: 0,
            order: None,
        }
    }

    /// Empties the hand, keeping its storage.
    pub(crate) fn clear(&mut self) {
        self.cards.clear();
        self.front = 0;
        self.order = None;
    }

    /// The beans front to back, as a slice.
    #[inline]
    fn beans(&self) -> &[BeanKind] {
        self.cards.get(self.front..).unwrap_or_default()
    }

    /// Takes the bean at `position` (counted from the front bean) out of the vector, the
    /// beans behind it moving up.
    fn remove_at(&mut self, position: usize) -> Option<BeanKind> {
        let at = self.front.checked_add(position)?;
        (at < self.cards.len()).then(|| self.cards.remove(at))
    }

    /// The front bean, planted next (`None` if there is none, or the order card is in front).
    #[inline]
    pub fn front(&self) -> Option<BeanKind> {
        match self.order {
            Some((0, _)) => None,
            _ => self.cards.get(self.front).copied(),
        }
    }

    /// The order card, if it is the front card.
    #[inline]
    pub fn order_in_front(&self) -> Option<OrderCard> {
        match self.order {
            Some((0, order)) => Some(order),
            _ => None,
        }
    }

    /// The order card held, and how many beans lie in front of it.
    #[inline]
    pub fn order(&self) -> Option<(usize, OrderCard)> {
        self.order
    }

    /// Cards in the hand, the order card included.
    #[inline]
    pub fn card_count(&self) -> usize {
        self.len() + usize::from(self.order.is_some())
    }

    /// Adds an order card behind the last card.
    pub(crate) fn push_order(&mut self, order: OrderCard) {
        debug_assert!(self.order.is_none(), "a hand holds one order card at most");
        self.order = Some((self.len(), order));
    }

    /// Puts an order card behind the first `beans_in_front` beans (a position being loaded);
    /// the caller has checked that the hand holds that many and no order card yet.
    pub(crate) fn insert_order(&mut self, beans_in_front: usize, order: OrderCard) {
        debug_assert!(self.order.is_none() && beans_in_front <= self.len());
        self.order = Some((beans_in_front, order));
    }

    /// Takes the order card out, wherever it is (to lay it out or fulfil it).
    pub(crate) fn take_order(&mut self) -> Option<OrderCard> {
        self.order.take().map(|(_, o)| o)
    }

    /// The bean at `position`, counting the front bean as 0.
    #[inline]
    pub fn get(&self, position: usize) -> Option<BeanKind> {
        self.beans().get(position).copied()
    }

    /// How many beans are in the hand (the order card not counted).
    #[inline]
    pub fn len(&self) -> usize {
        self.cards.len().saturating_sub(self.front)
    }

    /// Whether the hand holds no beans.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The beans front to back.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = BeanKind> + '_ {
        self.beans().iter().copied()
    }

    /// Adds a bean behind the last card (dealing and drawing).
    #[inline]
    pub(crate) fn push_back(&mut self, card: BeanKind) {
        // When the vector is full and at least half of it lies before the front, the beans
        // move up to its start instead of it growing: each move is paid for by the plants
        // before it.
        if self.cards.len() == self.cards.capacity() && self.front * 2 >= self.cards.len() {
            self.cards.drain(..self.front);
            self.front = 0;
        }
        self.cards.push(card);
    }

    /// Adds the cards taken off a pile's top (`pile_top`, top card last, as
    /// [`Deck::take_top`](super::Deck) hands them) behind the last card, top card first, as
    /// drawing them one at a time with [`Hand::push_back`] would, in one copy.
    #[inline]
    pub(crate) fn push_back_from_top(&mut self, pile_top: &[BeanKind]) {
        // As in `push_back`: when the cards do not fit and at least half of the vector lies
        // before the front, the beans move up to its start instead of it growing.
        if self.cards.capacity() - self.cards.len() < pile_top.len()
            && self.front * 2 >= self.cards.len()
        {
            self.cards.drain(..self.front);
            self.front = 0;
        }
        self.cards.extend(pile_top.iter().rev().copied());
    }

    /// Takes the front bean, to plant it; the order card, if in front, stays.
    #[inline]
    pub(crate) fn pop_front(&mut self) -> Option<BeanKind> {
        if let Some((ahead, _)) = &mut self.order {
            if *ahead == 0 {
                return None;
            }
            *ahead -= 1;
        }
        let card = *self.cards.get(self.front)?;
        self.front += 1;
        if self.front == self.cards.len() {
            self.cards.clear();
            self.front = 0;
        }
        Some(card)
    }

    /// Takes the bean at `position` out of the hand, where the rules allow a discard from
    /// anywhere in it (the bean duel).
    pub(crate) fn discard_at(&mut self, position: usize, _: &DiscardAllowed) -> Option<BeanKind> {
        if let Some((ahead, _)) = &mut self.order
            && position < *ahead
        {
            *ahead -= 1;
        }
        self.remove_at(position)
    }

    /// Takes the cards at `positions` (distinct, in range, in any order) out of the hand for an
    /// agreed trade, pushing them onto `into` in hand order; the rest keep their order.
    pub(crate) fn take_traded(
        &mut self,
        positions: impl Iterator<Item = usize> + Clone,
        into: &mut Vec<BeanKind>,
        _: &AgreedTrade,
    ) {
        if let Some((ahead, _)) = &mut self.order {
            *ahead -= positions.clone().filter(|&p| p < *ahead).count();
        }
        for (removed, position) in ascending(positions).enumerate() {
            if let Some(card) = self.remove_at(position - removed) {
                into.push(card);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    #[test]
    fn planting_and_drawing_keep_the_order_however_the_vector_is_reused() {
        // A whole game's worth of plants and draws through a small vector: the beans read the
        // same as a plain queue's at every step, though the places before the front are reused.
        let mut hand = Hand::with_room(4);
        let mut queue = VecDeque::new();
        for step in 0..400usize {
            if step % 3 == 2 {
                assert_eq!(hand.pop_front(), queue.pop_front());
            } else {
                let card = BeanKind::new(step % 7);
                hand.push_back(card);
                queue.push_back(card);
            }
            assert!(hand.iter().eq(queue.iter().copied()), "step {step}");
            assert_eq!(hand.front(), queue.front().copied());
            assert_eq!(hand.len(), queue.len());
        }
        assert!(hand.cards.capacity() <= 4 * queue.len().max(4));
    }

    #[test]
    fn cards_taken_off_a_pile_join_as_if_drawn_one_by_one() {
        // Three cards at a time, as phase 4 draws them, through a small vector: the beans read
        // the same as a queue's that took each card from the top of the pile in turn.
        let mut hand = Hand::with_room(4);
        let mut queue = VecDeque::new();
        for step in 0..300usize {
            if step % 2 == 0 {
                let pile_top: Vec<BeanKind> =
                    (0..3).map(|i| BeanKind::new((step + i) % 7)).collect();
                hand.push_back_from_top(&pile_top);
                queue.extend(pile_top.iter().rev());
            } else {
                for _ in 0..step % 5 {
                    assert_eq!(hand.pop_front(), queue.pop_front());
                }
            }
            assert!(hand.iter().eq(queue.iter().copied()), "step {step}");
        }
        assert!(hand.cards.capacity() <= 4 * queue.len().max(4));
    }

    #[test]
    fn hands_with_the_same_beans_are_equal_wherever_their_front_lies() {
        let mut planted = Hand::new();
        for k in [1, 2, 3] {
            planted.push_back(BeanKind::new(k));
        }
        planted.pop_front();
        let mut dealt = Hand::new();
        for k in [2, 3] {
            dealt.push_back(BeanKind::new(k));
        }
        assert_eq!(planted, dealt);
        assert_eq!(format!("{planted:?}"), format!("{dealt:?}"));
        assert_eq!(planted.get(1), Some(BeanKind::new(3)));
        assert_eq!(planted.get(2), None);
    }
}
