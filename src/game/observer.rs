//! Watching a game at the table: an [`Observer`] sees each action, its events and what the
//! state became; a [`Tally`] is an observer that counts what a designer reads in a report,
//! and [`SimulatedGame`] names each game's own. The simulator's figures start here, whatever the
//! game.

use std::sync::Arc;

use super::seam::Game;
use super::table::Seated;

/// Something that watches a game played at a table.
pub trait Observer<G: Game> {
    /// The events it reads, as a set of bits its game names (the card games'
    /// `engine::EventKind::bit`): a game may skip building the others, which an observer that
    /// reads an event only to count it can count from `before` and `after` instead. Every
    /// event by default.
    const EVENTS: u64 = u64::MAX;

    /// `player` is about to take `action` in `state`. An action the rules refuse (a bot's
    /// answer a table of bots left to the engine to check) gets no events and no
    /// [`Observer::after`]; the action taken in its place gets a `before` of its own.
    fn before(&mut self, state: &G::State, player: usize, action: &G::Action) {
        let _ = (state, player, action);
    }
    /// One thing that happened because of the action.
    fn event(&mut self, event: &G::Event) {
        let _ = event;
    }
    /// The action was applied and left `state`.
    fn after(&mut self, state: &G::State) {
        let _ = state;
    }
}

/// Watches nothing, and reads no event.
impl<G: Game> Observer<G> for () {
    const EVENTS: u64 = 0;
}

/// An observer that counts one game for the simulator's reports.
pub trait Tally<G: Game>: Observer<G> {
    /// The counters this game's rules have, by name, as reports print them.
    fn named(&self) -> Vec<(&'static str, u64)>;
    /// How the game came to its end, in the rulebook's words.
    fn ended_in(&self) -> String;
    /// Turns played, `state` being the game at its end.
    fn turns(&self, state: &G::State) -> u32;
}

/// A game the simulator counts: its tally, and each seat's score as the lead is followed.
pub trait SimulatedGame: Seated {
    /// What the simulator counts in one game.
    type Counts: Tally<Self>;
    /// Empty counters for one game under `rules`.
    fn counts(rules: &Arc<Self::Rules>) -> Self::Counts;
    /// Seat `player`'s score now.
    fn score(state: &Self::State, player: usize) -> u32;
}
