//! What happened: the engine's report of every change, for logs, screens and testers.

use serde::{Deserialize, Serialize};

use super::bean::BeanKind;
use super::few::Few;
use super::order::OrderCard;

/// Why an offer left the table without a trade. Generic over how a bean kind is written,
/// like [`Event`]; on the wire its name is the event's `why`, beside the offer's number.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum OfferClosed<K = BeanKind> {
    /// The player it was made to said no.
    Declined,
    /// The proposer took it back.
    Withdrawn,
    /// A card the offer names left in another trade: one the proposer gives (`player` is
    /// the proposer), or, where hands lie open, the last of a kind it wants that the player
    /// asked held (`player` is the one asked). The card was named aloud in that trade;
    /// where in a hand it lay is not told.
    CardsMoved {
        /// The card that moved.
        card: K,
        /// Whose card it was.
        player: usize,
    },
    /// The active player ended trading.
    TradingEnded,
}

impl<K> OfferClosed<K> {
    /// The same reason with its card written another way.
    pub fn map_kind<L>(self, f: impl FnOnce(K) -> L) -> OfferClosed<L> {
        match self {
            OfferClosed::Declined => OfferClosed::Declined,
            OfferClosed::Withdrawn => OfferClosed::Withdrawn,
            OfferClosed::CardsMoved { card, player } => OfferClosed::CardsMoved {
                card: f(card),
                player,
            },
            OfferClosed::TradingEnded => OfferClosed::TradingEnded,
        }
    }
}

/// The cards an offer, a trade or the end of trading names, by kind: held inline (a trade
/// names a few cards), so that telling of them does not allocate.
pub type Kinds<K> = Few<[K; 16]>;

/// One thing that happened. Generic over how a bean kind is written, like [`Action`](super::Action).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Event<K = BeanKind> {
    /// A player was dealt their starting hand (front card first).
    Dealt { player: usize, cards: Vec<K> },
    /// A player's turn began.
    TurnBegan { player: usize },
    /// A phase began, by its number in the rulebook (phase 4 is reported by its draws).
    PhaseBegan { phase: u8 },
    /// The mixed-patch rule: `count` beans of `card` in a field were covered by another kind.
    Buried {
        player: usize,
        field: usize,
        card: K,
        count: u32,
    },
    /// A card went to the discard pile from a hand or from an offer (the bean duel).
    Discarded { player: usize, card: K },
    /// The bean duel: the top card of the discard pile matched a turned-over card and joined them.
    PulledFromDiscard { card: K },
    /// The bean duel: the turned-over cards not planted are left as an offer to the next player.
    LeftAsOffer { player: usize, cards: Vec<K> },
    /// A bean was planted in a field.
    Planted {
        player: usize,
        card: K,
        field: usize,
    },
    /// A card was turned over from the draw pile.
    TurnedOver { card: K },
    /// The draw pile ran out; `times` counts how often so far.
    DrawPileRanOut { times: u32 },
    /// The discard pile was shuffled into a new draw pile.
    Reshuffled { cards: usize },
    /// An offer was put on the table.
    Offered {
        offer: u32,
        from: usize,
        to: usize,
        give: Kinds<K>,
        want: Kinds<K>,
    },
    /// An offer left the table without a trade, and why (on the wire, `why` and the
    /// reason's own fields sit beside `offer`).
    OfferClosed {
        offer: u32,
        #[serde(flatten)]
        why: OfferClosed<K>,
    },
    /// Both sides agreed: `from` gave `gave` and received `got`; the cards are set aside.
    Traded {
        offer: u32,
        from: usize,
        to: usize,
        gave: Kinds<K>,
        got: Kinds<K>,
    },
    /// The active player ended trading; `kept` turned-over cards are set aside to plant.
    TradingEnded { kept: Kinds<K> },
    /// A field was harvested: `coins` of its cards became coins, the rest were discarded.
    Harvested {
        player: usize,
        field: usize,
        card: K,
        cards: u32,
        coins: u32,
    },
    /// A player gained a third bean field: bought for `paid` coins, or (paid 0) from a
    /// harvest of field beans.
    GainedBeanField { player: usize, paid: u32 },
    /// Field beans: after gaining the third field, a player placed their beans anew, field
    /// `i` taking the beans that were in field `from[i]`.
    FieldsRearranged { player: usize, from: Vec<usize> },
    /// A player drew an order card to the back of their hand (private to them).
    DrewOrder { player: usize, order: OrderCard },
    /// The active player's order card was the front card: it is laid out beside the fields.
    OrderLaidOut { player: usize, order: OrderCard },
    /// An order was fulfilled with fields `field` and `field + 1`; it is worth a coin at the end.
    OrderFulfilled {
        player: usize,
        order: OrderCard,
        field: usize,
    },
    /// A laid-out order not fulfilled by the end of phase 3 went under the order card pile.
    OrderReturned { player: usize, order: OrderCard },
    /// A player drew a card to the back of their hand (the card is private to them).
    Drew { player: usize, card: K },
    /// The game ended: every player's coins and the winners.
    GameEnded {
        coins: Vec<u32>,
        winners: Vec<usize>,
    },
}

impl<K> Event<K> {
    /// The same event with every bean kind written another way.
    pub fn map_kinds<L>(self, mut f: impl FnMut(K) -> L) -> Event<L> {
        match self {
            Event::Dealt { player, cards } => Event::Dealt {
                player,
                cards: map_all(cards, &mut f),
            },
            Event::TurnBegan { player } => Event::TurnBegan { player },
            Event::PhaseBegan { phase } => Event::PhaseBegan { phase },
            Event::Planted {
                player,
                card,
                field,
            } => Event::Planted {
                player,
                card: f(card),
                field,
            },
            Event::TurnedOver { card } => Event::TurnedOver { card: f(card) },
            Event::Discarded { player, card } => Event::Discarded {
                player,
                card: f(card),
            },
            Event::PulledFromDiscard { card } => Event::PulledFromDiscard { card: f(card) },
            Event::LeftAsOffer { player, cards } => Event::LeftAsOffer {
                player,
                cards: map_all(cards, &mut f),
            },
            Event::Buried {
                player,
                field,
                card,
                count,
            } => Event::Buried {
                player,
                field,
                card: f(card),
                count,
            },
            Event::DrawPileRanOut { times } => Event::DrawPileRanOut { times },
            Event::Reshuffled { cards } => Event::Reshuffled { cards },
            Event::Offered {
                offer,
                from,
                to,
                give,
                want,
            } => Event::Offered {
                offer,
                from,
                to,
                give: give.into_iter().map(&mut f).collect(),
                want: want.into_iter().map(&mut f).collect(),
            },
            Event::OfferClosed { offer, why } => Event::OfferClosed {
                offer,
                why: why.map_kind(&mut f),
            },
            Event::Traded {
                offer,
                from,
                to,
                gave,
                got,
            } => Event::Traded {
                offer,
                from,
                to,
                gave: gave.into_iter().map(&mut f).collect(),
                got: got.into_iter().map(&mut f).collect(),
            },
            Event::TradingEnded { kept } => Event::TradingEnded {
                kept: kept.into_iter().map(&mut f).collect(),
            },
            Event::Harvested {
                player,
                field,
                card,
                cards,
                coins,
            } => Event::Harvested {
                player,
                field,
                card: f(card),
                cards,
                coins,
            },
            Event::GainedBeanField { player, paid } => Event::GainedBeanField { player, paid },
            Event::FieldsRearranged { player, from } => Event::FieldsRearranged { player, from },
            Event::DrewOrder { player, order } => Event::DrewOrder { player, order },
            Event::OrderLaidOut { player, order } => Event::OrderLaidOut { player, order },
            Event::OrderFulfilled {
                player,
                order,
                field,
            } => Event::OrderFulfilled {
                player,
                order,
                field,
            },
            Event::OrderReturned { player, order } => Event::OrderReturned { player, order },
            Event::Drew { player, card } => Event::Drew {
                player,
                card: f(card),
            },
            Event::GameEnded { coins, winners } => Event::GameEnded { coins, winners },
        }
    }
}

fn map_all<K, L>(cards: Vec<K>, f: &mut impl FnMut(K) -> L) -> Vec<L> {
    cards.into_iter().map(f).collect()
}
