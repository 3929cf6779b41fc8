//! The review after the game (`r` on the final scores): each person's costliest decisions,
//! worked out a step at a time with progress on screen, and Enter on one opens the game at
//! that decision to try again, the hint then saying how the new choice compares.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::coach::{Coached, Mistake, Reviewing};

/// Sampled deals each decision of a review is judged on first: fewer than a hint's, as a
/// whole game's decisions are judged one after another while the players wait; the same
/// as `bohnanza review`'s.
pub use crate::coach::REVIEW_SAMPLES;

/// The review on screen: the coach's work, shared between clones of the table, and the
/// entry under the cursor.
#[derive(Clone)]
pub struct ReviewList<G: Coached> {
    reviewing: Arc<Mutex<Reviewing<G>>>,
    /// The entry under the cursor.
    pub selected: usize,
}

impl<G: Coached> std::fmt::Debug for ReviewList<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (done, planned) = self.progress();
        write!(f, "ReviewList({done}/{planned}, at {})", self.selected)
    }
}

impl<G: Coached> ReviewList<G> {
    /// Holds `reviewing` for the screen.
    pub fn new(reviewing: Reviewing<G>) -> ReviewList<G> {
        ReviewList {
            reviewing: Arc::new(Mutex::new(reviewing)),
            selected: 0,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Reviewing<G>> {
        self.reviewing.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// (judged, planned) decisions.
    pub fn progress(&self) -> (u32, u32) {
        self.lock().progress()
    }

    /// Whether every decision is judged.
    pub fn ready(&self) -> bool {
        let (done, planned) = self.progress();
        done >= planned
    }

    /// The costly decisions found so far, costliest first.
    pub fn mistakes(&self) -> Vec<Mistake> {
        self.lock().mistakes()
    }

    /// Thinks until done or `budget` is spent.
    pub fn think_for(&self, budget: Duration) {
        let start = Instant::now();
        let mut reviewing = self.lock();
        while !reviewing.step() && start.elapsed() < budget {}
    }
}

/// A position opened from the review: whose decision it is, and what was done there in the
/// game, so the hint and the move played say how the new choice compares.
#[derive(Clone, Debug)]
pub struct Retry {
    /// The decision being tried again.
    pub decision: crate::ui::coach::DecisionPoint,
    /// What was done in the game, in the rulebook's words.
    pub done: String,
    /// What it lost against the best choice.
    pub loss: crate::coach::Loss,
}
