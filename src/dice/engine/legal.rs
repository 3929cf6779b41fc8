//! Every action a player may take now, for bots, tests and the protocol's listing.

use super::action::DiceAction;
use super::bean_piece::BeanPiece;
use super::die::{DICE, DieId};
use super::phase::TurnPhase;
use super::state::{DiceState, Seat};

impl DiceState {
    /// The actions `seat` may take now; empty when they may do nothing (or the game is over).
    /// Saves are listed as every non-empty choice of the dice just rolled, fewest dice first.
    pub fn legal_actions(&self, seat: Seat) -> Vec<DiceAction> {
        let mut actions = Vec::new();
        if seat >= self.players.len() || self.phase == TurnPhase::Over {
            return actions;
        }
        if seat == self.active {
            match self.phase {
                TurnPhase::Roll => actions.push(DiceAction::Roll),
                TurnPhase::Save => {
                    if self.bean_piece == BeanPiece::Ready {
                        actions.push(DiceAction::RepeatRoll);
                    }
                    let rolled: Vec<DieId> = (0..DICE)
                        .filter(|&d| self.field.dice[d].just_rolled)
                        .collect();
                    actions.extend(
                        choices(&rolled)
                            .into_iter()
                            .map(|dice| DiceAction::Save { dice }),
                    );
                }
                TurnPhase::Pass => actions.push(DiceAction::PassBeanPiece),
                TurnPhase::Over => {}
            }
        }
        if self.may_harvest(seat) {
            actions.push(DiceAction::Harvest);
        }
        actions
    }
}

/// Every non-empty subset of `dice`, smaller subsets first.
pub fn choices(dice: &[DieId]) -> Vec<Vec<DieId>> {
    let mut subsets: Vec<Vec<DieId>> = (1u32..(1 << dice.len()))
        .map(|mask| {
            (0..dice.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| dice[i])
                .collect()
        })
        .collect();
    subsets.sort_by_key(Vec::len);
    subsets
}
