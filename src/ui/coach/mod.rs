//! The coach at the table: the hint window (`!`), the tutor that asks before a costly move,
//! and the review after the game. The thinking is the coach's ([`crate::coach`]); what is
//! here holds it for a screen, steps it between keys, and keeps it private to the player
//! at the keyboard, once for both games ([`CoachedTable`]); each game's table implements
//! it beside its screen (`cards.rs` here, `ui/dice/coach.rs`).

pub(crate) mod app;
pub(crate) mod hint;
pub(crate) mod keys;
pub(crate) mod review;
pub(crate) mod table;
pub(crate) mod thinker;
pub(crate) mod tutor;

pub use app::THINK_SLICE;
pub use hint::{HINT_SAMPLES, HintWindow, hint_seed};
pub use review::{REVIEW_SAMPLES, Retry, ReviewList};
pub use table::{ActionOf, AtTable, CoachedTable, Coaching};
pub use thinker::Thinker;

use crate::coach::Coached;
use crate::ui::screen::GameScreen;
pub use tutor::{Question, TUTOR_THRESHOLD, Tutor};

/// The help's first line in a position tried again from the review, so `?` shows the way
/// back.
pub const TRIAL_HELP: &str =
    "Trying a position again from the review, not saved: Esc or q goes back to the review.";

/// One player's decision: whose, and after how many actions of the game. A hint or a
/// tutor's question is about one decision and is stale once the game moves on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DecisionPoint {
    /// The player deciding.
    pub player: usize,
    /// The actions played before it.
    pub at: usize,
}

/// The coach's state at one table of game `G`.
#[derive(Clone, Debug)]
pub struct Coach<G: Coached> {
    /// The open hint window, if any.
    pub hint: Option<HintWindow<G::Action>>,
    /// The tutor, when it is on.
    pub tutor: Option<Tutor<G::Action>>,
    /// The review of the finished game, when asked for.
    pub review: Option<ReviewList<G>>,
    /// A position opened from the review to try again.
    pub retry: Option<Retry>,
    /// The finished game this table is a trial of, its review open at the entry tried:
    /// Esc or `q` goes back to it, and nothing of the trial is saved.
    pub trial_of: Option<Box<dyn GameScreen>>,
}

impl<G: Coached> Default for Coach<G> {
    fn default() -> Self {
        Coach {
            hint: None,
            tutor: None,
            review: None,
            retry: None,
            trial_of: None,
        }
    }
}

impl<G: Coached> Coach<G> {
    /// Turns the tutor on or off.
    pub fn set_tutor(&mut self, on: bool) {
        self.tutor = on.then(Tutor::default);
    }

    /// Whether the tutor is on.
    pub fn tutoring(&self) -> bool {
        self.tutor.is_some()
    }

    /// The tutor's question waiting for an answer, if any.
    pub fn question(&self) -> Option<&Question<G::Action>> {
        self.tutor.as_ref().and_then(|t| t.question.as_ref())
    }

    /// The hint window to draw, given the decision at the keyboard: only while that decision
    /// is the one the hint was asked for (its player's hand on screen, the game not moved on).
    pub fn hint_for(&self, at_keyboard: Option<DecisionPoint>) -> Option<&HintWindow<G::Action>> {
        let hint = self.hint.as_ref()?;
        (at_keyboard == Some(hint.decision)).then_some(hint)
    }

    /// Whether there is work to do between keys: the review after the game, the hint on
    /// screen, or the tutor's search for the decision at the keyboard.
    pub fn busy(&self, at_keyboard: Option<DecisionPoint>) -> bool {
        self.review.as_ref().is_some_and(|r| !r.ready())
            || self
                .hint_for(at_keyboard)
                .is_some_and(|h| !h.thinker.done())
            || self.tutor.as_ref().is_some_and(|t| t.busy(at_keyboard))
    }

    /// Thinks for at most `budget`: the review, else the hint on screen, else the tutor's
    /// search for the decision at the keyboard, started by `start` when it is new.
    pub fn think(
        &mut self,
        at_keyboard: Option<DecisionPoint>,
        budget: std::time::Duration,
        start: impl FnOnce(DecisionPoint) -> Thinker<G::Action>,
    ) {
        if let Some(review) = self.review.as_ref().filter(|r| !r.ready()) {
            review.think_for(budget);
            return;
        }
        if let Some(hint) = self.hint_for(at_keyboard)
            && !hint.thinker.done()
        {
            hint.thinker.think_for(budget);
            return;
        }
        if let Some(tutor) = self.tutor.as_mut() {
            tutor.watch(at_keyboard, start);
            if let Some(t) = tutor.working() {
                t.think_for(budget);
            }
        }
    }
}
