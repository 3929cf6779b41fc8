//! The coach at the card table: the hint for the player whose hand is on screen, the
//! tutor's check before a person's move, and the search stepped between keys.

use std::time::Duration;

use super::{Decision, HINT_SAMPLES, HintWindow, Thinker, hint_seed};
use crate::coach::Coached;
use crate::engine::Action;
use crate::engine::Cards;
use crate::ui::game::{Game, Mode};
use crate::ui::trading::Telling;

impl Game {
    /// The decision of the player at the keyboard: the one whose hand is on screen, with a
    /// move of theirs to make; `None` on the public table, a hand-off or a bot's move.
    pub fn decision_at_keyboard(&self) -> Option<Decision> {
        let player = self.viewer?;
        if self.handoff.is_some() || self.pending.is_some() || self.is_bot(player) {
            return None;
        }
        if self.mode == Mode::GameOver || self.state.legal_actions(player).is_empty() {
            return None;
        }
        Some(Decision {
            player,
            at: self.record.actions.len(),
        })
    }

    /// A search for `decision`, seeded by the game so the same decision gets the same hint,
    /// built by the coach from that player's view alone.
    fn think_about(&self, decision: Decision) -> Thinker<Action> {
        Thinker::new(Cards::think(
            &self.state,
            decision.player,
            &self.names,
            hint_seed(self.record.seed, decision),
            HINT_SAMPLES,
        ))
    }

    /// `!`: opens the hint window for the player at the keyboard (the tutor's search is
    /// taken over when it is about the same decision), or says why there is none.
    pub fn open_hint(&mut self) {
        let Some(decision) = self.decision_at_keyboard() else {
            let why = if self.viewer.is_none() || self.handoff.is_some() {
                "The hint is for the player whose hand is on screen: nobody's is now."
            } else {
                "Nothing to decide now: the hint is for a move of yours."
            };
            self.message = Some((why.to_string(), true));
            return;
        };
        let tutor = self.coach.tutor.as_ref();
        let thinker = tutor
            .and_then(|t| t.thinker(decision).cloned())
            .unwrap_or_else(|| self.think_about(decision));
        self.coach.hint = Some(HintWindow { decision, thinker });
    }

    /// The hint window to draw: only while its player's hand is on screen and the game has
    /// not moved on since it was asked for.
    pub fn hint_shown(&self) -> Option<&HintWindow<Action>> {
        self.coach.hint_for(self.decision_at_keyboard())
    }

    /// Whether the coach has work to do between keys.
    pub fn coach_busy(&self) -> bool {
        self.coach.busy(self.decision_at_keyboard())
    }

    /// Thinks for at most `budget` (see [`super::Coach::think`]).
    pub fn coach_think(&mut self, budget: Duration) {
        let at_keyboard = self.decision_at_keyboard();
        let mut coach = std::mem::take(&mut self.coach);
        coach.think(at_keyboard, budget, |d| self.think_about(d));
        self.coach = coach;
    }

    /// Whether the tutor holds back `actions` by `player` to ask about them first.
    pub(crate) fn tutor_stops(
        &mut self,
        player: usize,
        actions: &[Action],
        told: &Telling,
    ) -> bool {
        let Some(decision) = self.decision_at_keyboard().filter(|d| d.player == player) else {
            return false;
        };
        let Some(mut tutor) = self.coach.tutor.take() else {
            return false;
        };
        let names = &self.names;
        let state = &self.state;
        let stops = tutor.stops(decision, actions, |a| Cards::label(state, player, a, names));
        self.coach.tutor = Some(tutor);
        if stops {
            self.coach.hint = None;
            self.tutor_told = told.clone();
        }
        stops
    }

    /// The answer to the tutor's question: `true` plays the move held back, `false` lets
    /// the player think again; either way the question is never asked again.
    pub fn answer_tutor(&mut self, go: bool) {
        let Some(q) = self.coach.tutor.as_mut().and_then(|t| t.question.take()) else {
            return;
        };
        if go {
            let told = std::mem::take(&mut self.tutor_told);
            if self.act_told(q.decision.player, &q.actions, told) {
                self.close_choosers();
            }
        }
    }
}
