//! The coach at the dice table: the hint for the person whose turn it is (or the one person
//! at the table), the tutor's check before their move, and the search stepped between keys.
//! Nothing of the dice game is hidden but the deck's order and the rolls to come, which the
//! coach samples.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};

use crate::coach::Coached;
use crate::dice::Dice;
use crate::dice::{DiceAction, TurnPhase};
use crate::game::Game as _;
use crate::ui::coach::{Decision, HINT_SAMPLES, HintWindow, Thinker, hint_seed};
use crate::ui::dice::DiceTable;
use crate::ui::dice::keys::{DiceCommand, DicePlace, command};

impl DiceTable {
    /// The decision of the person at the keyboard: the active player's when a person plays
    /// that seat, else the one person's at a table of bots; `None` while a bot's move shows.
    pub fn decision_at_keyboard(&self) -> Option<Decision> {
        if self.pending.is_some() || self.state.view().phase == TurnPhase::Over {
            return None;
        }
        let active = self.state.active();
        let humans: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.is_human(s))
            .collect();
        let player = match humans.as_slice() {
            _ if self.is_human(active) => active,
            [one] => *one,
            _ => return None,
        };
        if Dice::legal_actions(&self.state, player).is_empty() {
            return None;
        }
        Some(Decision {
            player,
            at: self.record.actions.len(),
        })
    }

    fn think_about(&self, decision: Decision) -> Thinker<DiceAction> {
        Thinker::new(Dice::think(
            &self.state,
            decision.player,
            &self.names,
            hint_seed(self.seed, decision),
            HINT_SAMPLES,
        ))
    }

    /// `!`: opens the hint window for the person at the keyboard, or says why there is none.
    pub fn open_hint(&mut self) {
        let Some(decision) = self.decision_at_keyboard() else {
            let why = "Nothing to decide now: the hint is for a move of yours.".to_string();
            self.message = Some((why, true));
            return;
        };
        let thinker = self
            .coach
            .tutor
            .as_ref()
            .and_then(|t| t.thinker(decision).cloned())
            .unwrap_or_else(|| self.think_about(decision));
        self.coach.hint = Some(HintWindow { decision, thinker });
    }

    /// The hint window to draw: only while its player's hand is on screen and the game has
    /// not moved on since it was asked for.
    pub fn hint_shown(&self) -> Option<&HintWindow<DiceAction>> {
        self.coach.hint_for(self.decision_at_keyboard())
    }

    /// Whether the coach has work to do between keys.
    pub fn coach_busy(&self) -> bool {
        self.coach.busy(self.decision_at_keyboard())
    }

    /// Thinks for at most `budget` (see [`crate::ui::coach::Coach::think`]).
    pub fn coach_think(&mut self, budget: Duration) {
        let at_keyboard = self.decision_at_keyboard();
        let mut coach = std::mem::take(&mut self.coach);
        coach.think(at_keyboard, budget, |d| self.think_about(d));
        self.coach = coach;
    }

    /// Whether the tutor holds back `action` by `seat` to ask about it first.
    pub(crate) fn tutor_stops(&mut self, seat: usize, action: &DiceAction) -> bool {
        let Some(decision) = self.decision_at_keyboard().filter(|d| d.player == seat) else {
            return false;
        };
        let Some(mut tutor) = self.coach.tutor.take() else {
            return false;
        };
        let (state, names) = (&self.state, &self.names);
        let actions = std::slice::from_ref(action);
        let stops = tutor.stops(decision, actions, |a| Dice::label(state, seat, a, names));
        self.coach.tutor = Some(tutor);
        if stops {
            self.coach.hint = None;
        }
        stops
    }

    /// The coach's keys, before the table's: the review and its keys on the final scores,
    /// the tutor's question and the hint window while they show, and `!` opens the hint.
    /// `false` when the key is not theirs.
    pub(crate) fn coach_key(&mut self, key: KeyEvent) -> bool {
        if self.review_key(key) {
            return true;
        }
        if self.state.view().phase == TurnPhase::Over {
            let review = command(DicePlace::GameOver, key.code) == Some(DiceCommand::Review);
            if review {
                self.open_review();
            }
            return review;
        }
        let question = self.coach.question().cloned();
        if let Some(q) = question.filter(|q| self.decision_at_keyboard() == Some(q.decision)) {
            match key.code {
                KeyCode::Enter | KeyCode::Esc | KeyCode::Char('!') => {
                    if let Some(t) = self.coach.tutor.as_mut() {
                        t.question = None;
                    }
                }
                _ => return true,
            }
            match key.code {
                KeyCode::Enter => {
                    for action in &q.actions {
                        self.act(q.decision.player, action);
                    }
                }
                KeyCode::Char('!') => self.open_hint(),
                _ => {}
            }
            return true;
        }
        if self.hint_shown().is_some() {
            self.coach.hint = None;
            return true;
        }
        if command(DicePlace::Table, key.code) == Some(DiceCommand::Hint) {
            self.open_hint();
            return true;
        }
        false
    }
}
