//! The bots at a table on screen, for both games: their pace, and their driver shared by
//! the clones of one table.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::game::Seated;

/// How long a bot's move stays announced before it is played, so people can follow it.
pub const BOT_PACE: Duration = Duration::from_millis(550);

/// The driver of the bot seats, shared by clones of a table of either game (a clone of the
/// app is a view of the same table: the driver cannot be copied, its bots hold their own
/// chance, and a bot's memory is its own, not part of the game).
#[derive(Clone, Debug)]
pub struct Bots<G: Seated>(Arc<Mutex<crate::game::Table<G>>>);

impl<G: Seated> Bots<G> {
    /// Shares `table` between the clones of one table on screen.
    pub(crate) fn new(table: crate::game::Table<G>) -> Bots<G> {
        Bots(Arc::new(Mutex::new(table)))
    }

    /// The driver, to ask or tell it something.
    pub(crate) fn lock(&self) -> MutexGuard<'_, crate::game::Table<G>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}
