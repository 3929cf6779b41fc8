//! An event's kind without its contents: what an observer says it reads, so the engine
//! builds only the events someone reads (see [`EventSink::wants`](super::EventSink::wants)).

use super::event::Event;

/// Which [`Event`] it is, one bit each in a set of kinds ([`EventKind::bit`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum EventKind {
    Dealt,
    TurnBegan,
    PhaseBegan,
    Buried,
    Discarded,
    PulledFromDiscard,
    LeftAsOffer,
    Planted,
    TurnedOver,
    DrawPileRanOut,
    Reshuffled,
    Offered,
    OfferClosed,
    Traded,
    TradingEnded,
    Harvested,
    GainedBeanField,
    FieldsRearranged,
    DrewOrder,
    OrderLaidOut,
    OrderFulfilled,
    OrderReturned,
    Drew,
    GameEnded,
}

impl EventKind {
    /// This kind's bit in a set of kinds, as an observer names the events it reads.
    pub const fn bit(self) -> u64 {
        1 << self as u8
    }
}

impl<K> Event<K> {
    /// Which event this is.
    pub fn kind(&self) -> EventKind {
        match self {
            Event::Dealt { .. } => EventKind::Dealt,
            Event::TurnBegan { .. } => EventKind::TurnBegan,
            Event::PhaseBegan { .. } => EventKind::PhaseBegan,
            Event::Buried { .. } => EventKind::Buried,
            Event::Discarded { .. } => EventKind::Discarded,
            Event::PulledFromDiscard { .. } => EventKind::PulledFromDiscard,
            Event::LeftAsOffer { .. } => EventKind::LeftAsOffer,
            Event::Planted { .. } => EventKind::Planted,
            Event::TurnedOver { .. } => EventKind::TurnedOver,
            Event::DrawPileRanOut { .. } => EventKind::DrawPileRanOut,
            Event::Reshuffled { .. } => EventKind::Reshuffled,
            Event::Offered { .. } => EventKind::Offered,
            Event::OfferClosed { .. } => EventKind::OfferClosed,
            Event::Traded { .. } => EventKind::Traded,
            Event::TradingEnded { .. } => EventKind::TradingEnded,
            Event::Harvested { .. } => EventKind::Harvested,
            Event::GainedBeanField { .. } => EventKind::GainedBeanField,
            Event::FieldsRearranged { .. } => EventKind::FieldsRearranged,
            Event::DrewOrder { .. } => EventKind::DrewOrder,
            Event::OrderLaidOut { .. } => EventKind::OrderLaidOut,
            Event::OrderFulfilled { .. } => EventKind::OrderFulfilled,
            Event::OrderReturned { .. } => EventKind::OrderReturned,
            Event::Drew { .. } => EventKind::Drew,
            Event::GameEnded { .. } => EventKind::GameEnded,
        }
    }
}
