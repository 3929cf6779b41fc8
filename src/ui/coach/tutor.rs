//! The tutor: before a costly move ([`crate::coach::Loss::costly`]: it wins
//! [`crate::coach::COSTLY_CHANCE`] less often or ends [`TUTOR_THRESHOLD`] poorer than the
//! coach's best choice) it asks once ("Harvest the 4 Blue? Against \"Plant the Red in field
//! 2\" it wins 6 points less often and ends 0.6$ poorer."), and never twice about the same
//! decision.
//!
//! So play stays quick, it thinks in the background while the player is choosing (the
//! screen steps its search between keys, as it does a hint's), and judges a move only when
//! that search is done, or nearly so: a move made faster than the search is let through
//! unasked rather than held up.

use std::time::Duration;

use crate::ui::coach::{DecisionPoint, Thinker};

/// Expected coins a move must give up for the tutor to ask about it: what makes a decision
/// costly in the review too, so the tutor asks about what the review would list.
pub const TUTOR_THRESHOLD: f64 = crate::coach::COSTLY;

/// How long a move may wait for the tutor's search to finish before it is let through
/// unasked.
pub const TUTOR_PATIENCE: Duration = Duration::from_millis(400);

/// The tutor's question about a move held back.
#[derive(Clone, Debug)]
pub struct Question<A> {
    /// The decision asked about.
    pub decision: DecisionPoint,
    /// The move held back, played as it was if the player answers Enter.
    pub actions: Vec<A>,
    /// "Harvest the 4 Blue? Against \"Plant the Red in field 2\" it ends 0.6$ poorer."
    pub text: String,
}

/// What the tutor is thinking about and what it has asked.
#[derive(Clone, Debug)]
pub struct Tutor<A> {
    /// The background search for the decision at hand.
    watch: Option<(DecisionPoint, Thinker<A>)>,
    /// Decisions already asked about: never asked again.
    asked: Vec<DecisionPoint>,
    /// The question on screen, if any.
    pub question: Option<Question<A>>,
}

impl<A> Default for Tutor<A> {
    fn default() -> Self {
        Tutor {
            watch: None,
            asked: Vec::new(),
            question: None,
        }
    }
}

impl<A: PartialEq + Clone> Tutor<A> {
    /// Makes sure the background search is about `decision` (`None`: nobody at the
    /// keyboard has one), starting it with `start` when it is not.
    pub fn watch(
        &mut self,
        decision: Option<DecisionPoint>,
        start: impl FnOnce(DecisionPoint) -> Thinker<A>,
    ) {
        let current = self.watch.as_ref().map(|(d, _)| *d);
        if current == decision {
            return;
        }
        self.watch = match decision {
            Some(d) if !self.asked.contains(&d) => Some((d, start(d))),
            _ => None,
        };
    }

    /// Whether there is thinking to do for `decision`: a search to start, or one to go on.
    pub fn busy(&self, decision: Option<DecisionPoint>) -> bool {
        let current = self.watch.as_ref().map(|(d, _)| *d);
        let new = decision.is_some_and(|d| current != Some(d) && !self.asked.contains(&d));
        new || self.working().is_some()
    }

    /// The background search, while it still has work to do.
    pub fn working(&self) -> Option<&Thinker<A>> {
        self.watch.as_ref().map(|(_, t)| t).filter(|t| !t.done())
    }

    /// Whether `actions` at `decision` must wait for the player's answer: then the
    /// question is set, and the decision is never asked about again.
    /// `label` says a move the coach did not list in the rulebook's words.
    pub fn stops(
        &mut self,
        decision: DecisionPoint,
        actions: &[A],
        label: impl Fn(&A) -> String,
    ) -> bool {
        let Some(first) = actions.first() else {
            return false;
        };
        // A question left from a decision the game has moved past gives way.
        let open = self
            .question
            .as_ref()
            .is_some_and(|q| q.decision == decision);
        if open || self.asked.contains(&decision) {
            return false;
        }
        let Some((_, thinker)) = self.watch.as_ref().filter(|(d, _)| *d == decision) else {
            return false;
        };
        if !thinker.think_for(TUTOR_PATIENCE) {
            return false;
        }
        let Some(loss) = thinker.loss(first).filter(|l| l.costly()) else {
            return false;
        };
        let hint = thinker.hint();
        let judged_as = thinker.representative(first);
        let chosen = hint
            .choices
            .iter()
            .find(|c| c.actions.first() == Some(&judged_as))
            .map_or_else(|| label(first), |c| c.label.clone());
        let best = hint
            .choices
            .first()
            .map_or("Another move", |c| c.label.as_str());
        let text = format!("{chosen}? Against \"{best}\" it {}.", loss.words());
        self.asked.push(decision);
        self.question = Some(Question {
            decision,
            actions: actions.to_vec(),
            text,
        });
        true
    }

    /// The background search about `decision`, if it is the one watched: a hint asked for
    /// from the tutor's question starts from it rather than afresh.
    pub fn thinker(&self, decision: DecisionPoint) -> Option<&Thinker<A>> {
        self.watch
            .as_ref()
            .filter(|(d, _)| *d == decision)
            .map(|(_, t)| t)
    }
}
