//! What happened, in order, as the result of one action: for logs, screens and bots.

use serde::{Deserialize, Serialize};

use super::bean::Bean;
use super::die::DieId;
use super::harvest_card::CardId;
use super::state::Seat;

/// One die and what it came up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RolledDie {
    pub die: DieId,
    pub bean: Bean,
}

/// Something that happened in the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceEvent {
    /// `seat` took the bean piece and the dice.
    TurnStarted { seat: Seat },
    /// The active player rolled these dice; `repeated` when the bean piece repeated a roll.
    Rolled {
        seat: Seat,
        dice: Vec<RolledDie>,
        repeated: bool,
    },
    /// `seat` covered `count` orders on their top card, `covered` in all now.
    OrdersCovered {
        seat: Seat,
        count: usize,
        covered: usize,
    },
    /// The active player placed these dice in the bean field.
    DiceSaved { seat: Seat, dice: Vec<DieId> },
    /// The final phase stopped the turn: these dice were placed in the bean field as they lay.
    DicePlaced { dice: Vec<DieId> },
    /// `seat` harvested `orders` covered orders for `dollars`, `total` now; `new_bottom` is
    /// the card drawn to cover their new top card.
    Harvested {
        seat: Seat,
        orders: usize,
        dollars: u32,
        total: u32,
        new_bottom: CardId,
    },
    /// The deck ran out: the dollar cards already earned were shuffled into a new deck (the
    /// players keep their dollars, as with the rulebook's player-aid exchange).
    DeckRenewed { cards: usize },
    /// `seat` reached the goal: the final phase is announced.
    FinalPhaseAnnounced { seat: Seat },
    /// The bean piece went from one player to the next.
    BeanPiecePassed { from: Seat, to: Seat },
    /// The game is over.
    GameEnded {
        dollars: Vec<u32>,
        winners: Vec<Seat>,
    },
}
