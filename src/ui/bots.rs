//! The bots at a table on screen, for both games: their driver shared by the clones of one
//! table, and their thinking ahead.
//!
//! A bot's move is shown for a while before it is played ([`Pace`]). The
//! next move depends only on the game after the shown one, which is known as soon as the
//! move is decided, so the driver is asked about it on a thread of its own while the move
//! is on screen ([`Bots::think_ahead`]): a move then costs the longer of its thinking and
//! its showing, not both. The bots stay pure: the thread only calls the driver earlier, with
//! the state it would have been given, and the answer is used only if the game is that
//! state when the table asks ([`Bots::next`]).

use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

use crate::game::{Next, Seated, Table};
use crate::ui::pace::Pace;

/// The driver of the bot seats, shared by clones of a table of either game (a clone of the
/// app is a view of the same table: the driver cannot be copied, its bots hold their own
/// chance, and a bot's memory is its own, not part of the game).
#[derive(Clone, Debug)]
pub struct Bots<G: Seated>(Arc<SharedDriver<G>>);

/// The driver, and its answer being worked out ahead for the game after the shown move.
#[derive(Debug)]
struct SharedDriver<G: Seated> {
    table: Arc<Mutex<Table<G>>>,
    ahead: Mutex<Option<Ahead<G>>>,
}

/// The driver asked ahead: the game it was asked about, and the thread answering.
#[derive(Debug)]
struct Ahead<G: Seated> {
    after: G::State,
    answer: JoinHandle<Next<G>>,
}

fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<G: Seated> Bots<G> {
    /// Shares `table` between the clones of one table on screen.
    pub(crate) fn new(table: Table<G>) -> Bots<G> {
        Bots(Arc::new(SharedDriver {
            table: Arc::new(Mutex::new(table)),
            ahead: Mutex::new(None),
        }))
    }

    /// The driver, to ask or tell it something. An answer worked out ahead and not taken
    /// is finished first and dropped: the move it followed was not played, and the driver
    /// is told things in the game's order.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Table<G>> {
        if let Some(stale) = locked(&self.0.ahead).take() {
            let _ = stale.answer.join();
        }
        locked(&self.0.table)
    }
}

impl<G: Seated> Bots<G>
where
    G::State: PartialEq,
    G::Prompt: Send + 'static,
{
    /// Starts working out, on a thread, who acts after `player` plays `action` in `state`
    /// (the bot move now on screen), so the bots think while the move is shown. The game is
    /// played forward on a copy; the table's game is not touched.
    pub(crate) fn think_ahead(
        &self,
        state: &G::State,
        player: usize,
        action: &G::Action,
        pace: Pace,
    ) {
        let mut after = state.clone();
        if G::apply(&mut after, player, action).is_err() {
            return;
        }
        let mut ahead = locked(&self.0.ahead);
        if let Some(earlier) = ahead.take() {
            // Never two answers under way: the driver's memory follows one game.
            let _ = earlier.answer.join();
        }
        let (table, asked) = (Arc::clone(&self.0.table), after.clone());
        let answer = std::thread::spawn(move || {
            let mut table = locked(&table);
            table.hasten(pace.think_haste());
            table.next(&asked)
        });
        *ahead = Some(Ahead { after, answer });
    }

    /// Who acts next in `state`: the answer worked out ahead when it was for this game,
    /// else the driver asked now ([`Table::next`]). The game differs from the one thought
    /// about only when the shown move was not played as decided (the engine refused it,
    /// which the driver's checks prevent): that answer is dropped, its memory of the turn
    /// kept, as after any move the driver chose again.
    pub(crate) fn next(&self, state: &G::State, pace: Pace) -> Next<G> {
        let ahead = locked(&self.0.ahead).take();
        if let Some(Ahead { after, answer }) = ahead {
            let answered = answer.join();
            if after == *state
                && let Ok(next) = answered
            {
                return next;
            }
        }
        let mut table = locked(&self.0.table);
        table.hasten(pace.think_haste());
        table.next(state)
    }
}
