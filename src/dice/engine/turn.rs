//! A turn: roll, let the others check, save at least one die, repeat once with the bean
//! piece, check your own card when all five are saved, and pass the bean piece on.
//!
//! [`DiceState::check`] decides whether an action is allowed before anything changes, so the
//! steps below may assume it.

use super::action::DiceAction;
use super::bean_piece::BeanPiece;
use super::die::{DICE, DieId};
use super::error::DiceError;
use super::event::{DiceEvent, RolledDie};
use super::phase::TurnPhase;
use super::state::{DiceState, Seat};

impl DiceState {
    /// Whether `seat` may do `action` now; the whole check, made before any change.
    pub(super) fn check(&self, seat: Seat, action: &DiceAction) -> Result<(), DiceError> {
        if self.phase == TurnPhase::Over {
            return Err(DiceError::GameOver);
        }
        if seat >= self.players.len() {
            return Err(DiceError::NoSuchPlayer(seat));
        }
        if let DiceAction::Harvest = action {
            let (covered, min) = (self.players[seat].covered, self.ruleset.min_harvest());
            return if covered >= min {
                Ok(())
            } else {
                Err(DiceError::TooFewOrders { covered, min })
            };
        }
        if seat != self.active {
            return Err(DiceError::NotActivePlayer);
        }
        match (action, self.phase) {
            (DiceAction::Roll, TurnPhase::Roll) => Ok(()),
            (DiceAction::Roll, TurnPhase::Save) => Err(DiceError::SaveBeforeRolling),
            (DiceAction::Roll | DiceAction::RepeatRoll, TurnPhase::Pass) => {
                Err(DiceError::StopRolling)
            }
            (DiceAction::RepeatRoll, TurnPhase::Save) => match self.bean_piece {
                BeanPiece::Ready => Ok(()),
                BeanPiece::Used => Err(DiceError::BeanPieceUsed),
            },
            (DiceAction::Save { dice }, TurnPhase::Save) => self.check_save(dice),
            (DiceAction::Save { .. }, TurnPhase::Pass) => Err(DiceError::StopRolling),
            (DiceAction::RepeatRoll | DiceAction::Save { .. }, _) => Err(DiceError::NothingRolled),
            (DiceAction::PassBeanPiece, TurnPhase::Pass) => Ok(()),
            (DiceAction::PassBeanPiece, _) => Err(DiceError::DiceStillToPlace),
            (DiceAction::Harvest, _) | (_, TurnPhase::Over) => unreachable!("handled above"),
        }
    }

    fn check_save(&self, dice: &[DieId]) -> Result<(), DiceError> {
        if dice.is_empty() {
            return Err(DiceError::MustSaveOne);
        }
        let mut seen = [false; DICE];
        for &die in dice {
            if die >= DICE {
                return Err(DiceError::NoSuchDie(die));
            }
            if seen[die] {
                return Err(DiceError::DieListedTwice(die));
            }
            seen[die] = true;
            if self.field.dice[die].saved {
                return Err(DiceError::AlreadySaved(die));
            }
        }
        Ok(())
    }

    pub(super) fn roll(&mut self, events: &mut Vec<DiceEvent>) {
        let rolled = self.field.roll_unsaved(&self.ruleset.dice, &mut self.rng);
        self.after_roll(rolled, false, events);
    }

    pub(super) fn repeat_roll(&mut self, events: &mut Vec<DiceEvent>) {
        self.bean_piece = BeanPiece::Used;
        let rolled = self
            .field
            .reroll_just_rolled(&self.ruleset.dice, &mut self.rng);
        self.after_roll(rolled, true, events);
    }

    /// After every roll, before the active player saves, every other player checks the dice
    /// just rolled against their top card.
    fn after_roll(
        &mut self,
        rolled: Vec<(DieId, super::bean::Bean)>,
        repeated: bool,
        events: &mut Vec<DiceEvent>,
    ) {
        let seat = self.active;
        let dice = rolled
            .into_iter()
            .map(|(die, bean)| RolledDie { die, bean })
            .collect();
        events.push(DiceEvent::Rolled {
            seat,
            dice,
            repeated,
        });
        self.phase = TurnPhase::Save;
        let shown = self.field.just_rolled();
        let count = self.players.len();
        for other in (1..count).map(|i| (seat + i) % count) {
            self.cover_orders(other, &shown, events);
        }
    }

    pub(super) fn save(&mut self, dice: &[DieId], events: &mut Vec<DiceEvent>) {
        let mut dice = dice.to_vec();
        dice.sort_unstable();
        self.field.save(&dice);
        events.push(DiceEvent::DiceSaved {
            seat: self.active,
            dice,
        });
        if !self.field.all_saved() {
            self.phase = TurnPhase::Roll;
            return;
        }
        self.own_check(events);
        self.phase = TurnPhase::Pass;
        if self.final_phase.is_some() {
            self.finish(events);
        }
    }

    /// With all five dice in the bean field, the active player checks their own top card.
    pub(super) fn own_check(&mut self, events: &mut Vec<DiceEvent>) {
        let shown = self.field.saved();
        self.cover_orders(self.active, &shown, events);
    }

    pub(super) fn pass_bean_piece(&mut self, events: &mut Vec<DiceEvent>) {
        let from = self.active;
        self.active = (from + 1) % self.players.len();
        self.bean_piece = BeanPiece::Ready;
        self.field.take_up();
        self.phase = TurnPhase::Roll;
        events.push(DiceEvent::BeanPiecePassed {
            from,
            to: self.active,
        });
        events.push(DiceEvent::TurnStarted { seat: self.active });
    }
}
