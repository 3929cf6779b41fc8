//! A player's hand: the most important rule of the game, as a type.

use std::collections::VecDeque;

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
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Hand {
    beans: VecDeque<BeanKind>,
    /// The order card and how many beans lie in front of it.
    order: Option<(usize, OrderCard)>,
}

impl Hand {
    /// An empty hand.
    pub fn new() -> Self {
        Hand::default()
    }

    /// An empty hand with room for `cards` cards before it allocates again.
    pub(crate) fn with_room(cards: usize) -> Self {
        Hand {
            beans: VecDeque::with_capacity(cards),
            order: None,
        }
    }

    /// The front bean, planted next (`None` if there is none, or the order card is in front).
    #[inline]
    pub fn front(&self) -> Option<BeanKind> {
        match self.order {
            Some((0, _)) => None,
            _ => self.beans.front().copied(),
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
        self.beans.len() + usize::from(self.order.is_some())
    }

    /// Adds an order card behind the last card.
    pub(crate) fn push_order(&mut self, order: OrderCard) {
        debug_assert!(self.order.is_none(), "a hand holds one order card at most");
        self.order = Some((self.beans.len(), order));
    }

    /// Puts an order card behind the first `beans_in_front` beans (a position being loaded);
    /// the caller has checked that the hand holds that many and no order card yet.
    pub(crate) fn insert_order(&mut self, beans_in_front: usize, order: OrderCard) {
        debug_assert!(self.order.is_none() && beans_in_front <= self.beans.len());
        self.order = Some((beans_in_front, order));
    }

    /// Takes the order card out, wherever it is (to lay it out or fulfil it).
    pub(crate) fn take_order(&mut self) -> Option<OrderCard> {
        self.order.take().map(|(_, o)| o)
    }

    /// The bean at `position`, counting the front bean as 0.
    #[inline]
    pub fn get(&self, position: usize) -> Option<BeanKind> {
        self.beans.get(position).copied()
    }

    /// How many beans are in the hand (the order card not counted).
    #[inline]
    pub fn len(&self) -> usize {
        self.beans.len()
    }

    /// Whether the hand holds no beans.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.beans.is_empty()
    }

    /// The beans front to back.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = BeanKind> + '_ {
        self.beans.iter().copied()
    }

    /// Adds a bean behind the last card (dealing and drawing).
    #[inline]
    pub(crate) fn push_back(&mut self, card: BeanKind) {
        self.beans.push_back(card);
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
        self.beans.pop_front()
    }

    /// Takes the bean at `position` out of the hand, where the rules allow a discard from
    /// anywhere in it (the bean duel).
    pub(crate) fn discard_at(&mut self, position: usize, _: &DiscardAllowed) -> Option<BeanKind> {
        if let Some((ahead, _)) = &mut self.order
            && position < *ahead
        {
            *ahead -= 1;
        }
        self.beans.remove(position)
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
            if let Some(card) = self.beans.remove(position - removed) {
                into.push(card);
            }
        }
    }
}
