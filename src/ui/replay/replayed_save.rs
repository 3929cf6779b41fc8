//! A saved game replayed once for the viewer, whichever game it is: the game on a
//! [`game::Tape`](crate::game::Tape), the whole log as it was told, where each action left
//! the game, and what the game's own screen keeps beside them ([`Replayed::Own`]) to draw
//! the table after any action.

use std::ops::Range;

use crate::game::Tape;
use crate::store::SavedGame;
use crate::ui::replay::Replayed;
use crate::ui::replay::cursor::{self, Move};

/// Where the game stood after one action (or after the deal, at stop 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stop {
    /// The turn, counted from 1.
    pub turn: u32,
    /// The phase's number in the turn as the rulebook counts it (the bean duel its steps);
    /// 0 once the game is over, and always 0 in a game whose turn has no phases.
    pub step: u8,
    /// How many log lines had been told by then.
    pub told: usize,
    /// Whether the game was over.
    pub over: bool,
}

/// A saved game, replayed once.
#[derive(Debug)]
pub struct ReplayedSave<G: Replayed> {
    /// The saved game as read.
    pub(crate) record: SavedGame,
    /// The players' names, made safe to show.
    pub(crate) names: Vec<String>,
    /// The game, replayed from its start.
    pub(crate) tape: Tape<G>,
    /// Where the game stood after each action; `stops[0]` is the deal.
    pub(crate) stops: Vec<Stop>,
    /// The whole game's log.
    pub(crate) log: Vec<String>,
    /// What the game's screen keeps to draw the table after any action.
    pub(crate) own: G::Own,
}

impl<G: Replayed> ReplayedSave<G> {
    /// How many actions the game holds.
    pub fn actions(&self) -> usize {
        self.stops.len() - 1
    }

    /// Where the game stood after action `n` (0: the deal); past the end, after the last.
    pub fn stop(&self, n: usize) -> Stop {
        self.stops[n.min(self.actions())]
    }

    /// The game after action `n` (0: the deal), rebuilt from the nearest copy before it.
    pub fn state_at(&self, n: usize) -> G::State {
        self.tape.state_at(n)
    }

    /// The whole game's log.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The log lines action `n` told (the deal's for 0); none for a card game's decline
    /// told with the counter-offer after it.
    pub fn lines_of(&self, n: usize) -> Range<usize> {
        let n = n.min(self.actions());
        let from = if n == 0 { 0 } else { self.stops[n - 1].told };
        from.min(self.log.len())..self.stops[n].told.min(self.log.len())
    }

    /// The lines action `n` told.
    pub fn told(&self, n: usize) -> &[String] {
        &self.log[self.lines_of(n)]
    }

    /// The saved game.
    pub fn record(&self) -> &SavedGame {
        &self.record
    }

    /// The saved game cut after action `n`: the game as it stood then.
    pub fn record_until(&self, n: usize) -> SavedGame {
        let mut record = self.record.clone();
        record.take_back_to(n);
        record.finished = self.stop(n).over;
        record
    }

    /// The players' names, made safe to show.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The rules' short name.
    pub fn rules_name(&self) -> &str {
        G::rules_name(G::rules(self.tape.start()))
    }

    /// The last turn the game reached.
    pub fn turns(&self) -> u32 {
        self.stop(self.actions()).turn
    }

    /// Where the cursor at `from` goes for `m`, or why it stays.
    pub fn target(&self, from: usize, m: Move) -> Result<usize, String> {
        cursor::target(&self.stops, from, m)
    }
}
