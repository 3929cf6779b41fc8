//! The phases of a turn.

/// Where the game stands. Phase 4 (drawing) has no choices, so the game passes through it
/// without stopping; it is reported by events.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Phase 1: the active player must plant the front card of their hand and may plant the next.
    Plant {
        /// Cards planted from the hand so far this turn.
        planted: usize,
    },
    /// Phase 2: cards are turned over and the active player trades.
    Trade,
    /// Phase 3: every player plants the cards they received, the active player also the kept turned-over cards.
    PlantTraded,
    /// The bean duel's first step: the active player plants or discards the cards the
    /// opponent left as an offer.
    PlantOffered,
    /// The bean duel's third step: the active player plants any of the turned-over cards and
    /// leaves the rest as an offer to the opponent.
    PlantTurnedOver,
    /// The game has ended and the final harvest is done.
    GameOver,
}

impl Phase {
    /// The phase's number in the rulebook (1–4), or `None` once the game is over.
    pub fn number(&self) -> Option<u8> {
        match self {
            Phase::Plant { .. } => Some(1),
            Phase::Trade => Some(2),
            Phase::PlantTraded => Some(3),
            Phase::PlantOffered => Some(1),
            Phase::PlantTurnedOver => Some(3),
            Phase::GameOver => None,
        }
    }

    /// A short name for the phase, as the protocol writes it.
    pub fn key(&self) -> &'static str {
        match self {
            Phase::Plant { .. } => "plant",
            Phase::Trade => "trade",
            Phase::PlantTraded => "plant_traded",
            Phase::PlantOffered => "plant_offered",
            Phase::PlantTurnedOver => "plant_turned_over",
            Phase::GameOver => "game_over",
        }
    }

    /// The rulebook's name for the phase.
    pub fn title(&self) -> &'static str {
        match self {
            Phase::Plant { .. } => "Plant bean cards from your hand",
            Phase::Trade => "Turn over and trade bean cards",
            Phase::PlantTraded => "Plant turned-over and traded bean cards",
            Phase::PlantOffered => "Plant or discard the offered bean cards",
            Phase::PlantTurnedOver => "Draw, plant, and offer beans",
            Phase::GameOver => "The end of the game",
        }
    }
}
