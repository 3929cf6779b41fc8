//! What a screen or a bot sees of the dice game. Nothing in it is secret; the view gathers
//! what a table shows, with the numbers a player would otherwise have to work out.

use serde::{Deserialize, Serialize};

use super::bean::Bean;
use super::bean_field::DieState;
use super::bean_piece::BeanPiece;
use super::die::Shade;
use super::harvest_card::CardId;
use super::order::Alternative;
use super::order_text::OrderText;
use super::phase::TurnPhase;
use super::state::{DiceState, Seat};

/// The table as everyone sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct DiceView {
    pub active: Seat,
    pub phase: TurnPhase,
    pub bean_piece: BeanPiece,
    pub final_phase: Option<Seat>,
    pub goal: u32,
    pub dice: Vec<DieView>,
    pub players: Vec<DicePlayerView>,
    pub deck: usize,
}

/// One die: its shade, its six faces, and how it lies.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct DieView {
    pub shade: Shade,
    pub faces: [Bean; 6],
    #[serde(flatten)]
    pub state: DieState,
}

/// One player: the top card with its orders, the dollars, and what a harvest would pay now.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct DicePlayerView {
    pub top: CardView,
    pub bottom: CardId,
    pub covered: usize,
    pub dollars: u32,
    /// The dollars a harvest would pay now, if the player may harvest.
    pub harvest_pays: Option<u32>,
}

/// A harvest card's orders, bottom first.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CardView {
    pub card: CardId,
    pub orders: Vec<OrderView>,
}

/// One order: what it needs, written out, and its Bohnus figure.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct OrderView {
    pub needs: Vec<Alternative>,
    /// The order in the rulesets' notation, such as `Green/Soy, 2 Garden/Red`.
    pub text: String,
    /// The Bohnus percentage, rounded to two decimals.
    pub bohnus: f64,
    pub covered: bool,
}

impl DiceState {
    /// The table as a screen or bot needs it.
    pub fn view(&self) -> DiceView {
        let dice = self
            .ruleset
            .dice
            .iter()
            .zip(self.field.dice)
            .map(|(die, state)| DieView {
                shade: die.shade,
                faces: die.faces,
                state,
            })
            .collect();
        let players = (0..self.players.len())
            .map(|s| self.player_view(s))
            .collect();
        DiceView {
            active: self.active,
            phase: self.phase,
            bean_piece: self.bean_piece,
            final_phase: self.final_phase,
            goal: self.ruleset.goal,
            dice,
            players,
            deck: self.deck.len(),
        }
    }

    fn player_view(&self, seat: Seat) -> DicePlayerView {
        let player = &self.players[seat];
        let orders = self
            .ruleset
            .card(player.top)
            .orders
            .iter()
            .enumerate()
            .map(|(i, order)| OrderView {
                needs: order.needs.clone(),
                text: OrderText(&order.needs).to_string(),
                bohnus: (order.bohnus.percent() * 100.0).round() / 100.0,
                covered: i < player.covered,
            })
            .collect();
        DicePlayerView {
            top: CardView {
                card: player.top,
                orders,
            },
            bottom: player.bottom,
            covered: player.covered,
            dollars: player.dollars,
            harvest_pays: self
                .may_harvest(seat)
                .then(|| self.ruleset.dollars_for(player.covered))
                .flatten(),
        }
    }
}
