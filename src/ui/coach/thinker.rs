//! A coach's search held by a screen: shared between the clones of a table (a clone of the
//! app is a view of the same table, as the bots are), stepped by the event loop.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::coach::{Hint, Loss, Thinking};

/// A search for one player's decision, a step at a time.
pub struct Thinker<A>(Arc<Mutex<Box<dyn Thinking<A>>>>);

impl<A> Clone for Thinker<A> {
    fn clone(&self) -> Self {
        Thinker(Arc::clone(&self.0))
    }
}

impl<A> std::fmt::Debug for Thinker<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (done, planned) = self.progress();
        write!(f, "Thinker({done}/{planned})")
    }
}

impl<A> Thinker<A> {
    /// Holds `thinking` for the screen.
    pub fn new(thinking: Box<dyn Thinking<A>>) -> Thinker<A> {
        Thinker(Arc::new(Mutex::new(thinking)))
    }

    fn lock(&self) -> MutexGuard<'_, Box<dyn Thinking<A>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the search is over.
    pub fn done(&self) -> bool {
        let (done, planned) = self.progress();
        done >= planned
    }

    /// Thinks until done or until `budget` is spent (at least one step), so the screen can
    /// read keys between slices; true once done.
    pub fn think_for(&self, budget: Duration) -> bool {
        let start = Instant::now();
        let mut thinking = self.lock();
        loop {
            let (done, planned) = thinking.progress();
            if done >= planned || thinking.step() {
                return true;
            }
            if start.elapsed() >= budget {
                return false;
            }
        }
    }

    /// Thinks to the end (tests, and a screen that must answer now).
    pub fn finish(&self) {
        self.think_for(Duration::MAX);
    }

    /// (done, planned) sampled deals.
    pub fn progress(&self) -> (u32, u32) {
        self.lock().progress()
    }

    /// The ranked choices so far.
    pub fn hint(&self) -> Hint<A> {
        self.lock().hint()
    }

    /// What `action` gives up against the best choice, if it was judged.
    pub fn loss(&self, action: &A) -> Option<Loss> {
        self.lock().loss(action)
    }

    /// The choice `action` is judged as ([`Thinking::representative`]).
    pub fn representative(&self, action: &A) -> A {
        self.lock().representative(action)
    }
}
