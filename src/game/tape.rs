//! [`Tape`]: the one record of a play that replays, for either game: where it started and
//! every action since, with a copy of the game kept every [`CHECKPOINT_EVERY`] actions, so
//! the game after any action is rebuilt by replaying at most that many.
//!
//! As in boardgame.io, the record is the source of undo: no action has an inverse written
//! for it. A game's randomness lives in its state (the seed), so a replay deals, turns over
//! and rolls exactly as the game did.

use std::collections::VecDeque;

use super::seam::Game;

/// Actions between two kept copies of the game, in a game of up to
/// `CHECKPOINT_EVERY × MAX_CHECKPOINTS` actions.
pub const CHECKPOINT_EVERY: usize = 16;

/// The most copies of the game a tape keeps: past that, every other copy is dropped and
/// the spacing doubles, so the copies' memory stays bounded however long a record is (a
/// turn of offers made and taken back can fill a save with 300,000 actions), and a step
/// replays at most about `actions / MAX_CHECKPOINTS` actions.
pub const MAX_CHECKPOINTS: usize = 2048;

/// An action the rules refused while a record was replayed: which one (counted from 1) and
/// why, in the rulebook's words.
#[derive(Debug)]
pub struct Refused<E> {
    /// The action's number in the record, counted from 1.
    pub action: usize,
    /// The rules' reason.
    pub error: E,
}

/// What a replay tells as it goes: the game before each action (counted from 0 in the
/// whole game), and after it with the action's events. The log, the trade panel and the
/// replay viewer's marks are told this way, so replaying stays here.
pub trait Listener<G: Game> {
    /// Action `n`, `player`'s, is about to be played from `state`.
    fn before(&mut self, _state: &G::State, _n: usize, _player: usize, _action: &G::Action) {}
    /// It was played: the game now, and what happened.
    fn after(&mut self, state: &G::State, events: &[G::Event]);
}

/// A listener that only hears each action's events, as a function of the game after it.
pub struct After<F>(pub F);

impl<G: Game, F: FnMut(&G::State, &[G::Event])> Listener<G> for After<F> {
    fn after(&mut self, state: &G::State, events: &[G::Event]) {
        (self.0)(state, events)
    }
}

/// A play's start and its actions, with copies of the game along the way.
pub struct Tape<G: Game> {
    /// Where the tape begins: the start of the game, or later once older actions are
    /// forgotten ([`Tape::forget_oldest`]).
    start: G::State,
    /// How many actions were forgotten into `start`.
    forgotten: usize,
    /// Each action with the seat that took it.
    actions: VecDeque<(usize, G::Action)>,
    /// The game after action `k` of the whole game (counting forgotten ones), for each `k`
    /// a multiple of `every` after `forgotten`.
    checkpoints: VecDeque<(usize, G::State)>,
    /// Actions between two kept copies: [`CHECKPOINT_EVERY`], doubled each time more than
    /// [`MAX_CHECKPOINTS`] would be kept.
    every: usize,
    /// The game after every action.
    now: G::State,
}

impl<G: Game> Clone for Tape<G> {
    fn clone(&self) -> Self {
        Tape {
            start: self.start.clone(),
            forgotten: self.forgotten,
            actions: self.actions.clone(),
            checkpoints: self.checkpoints.clone(),
            every: self.every,
            now: self.now.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Tape<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tape")
            .field("forgotten", &self.forgotten)
            .field("actions", &self.actions.len())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Tape<G> {
    /// A tape with no actions yet, beginning at `start`.
    pub fn new(start: G::State) -> Tape<G> {
        Tape {
            now: start.clone(),
            start,
            forgotten: 0,
            actions: VecDeque::new(),
            checkpoints: VecDeque::new(),
            every: CHECKPOINT_EVERY,
        }
    }

    /// Replays `actions` from `start`, each checked by the rules as it was when played,
    /// and tells `listener` the game before every one and its events after; the first
    /// refused says which and why.
    pub fn replay(
        start: G::State,
        actions: impl IntoIterator<Item = (usize, G::Action)>,
        listener: &mut impl Listener<G>,
    ) -> Result<Tape<G>, Refused<G::Error>> {
        let mut tape = Tape::new(start);
        for (i, (player, action)) in actions.into_iter().enumerate() {
            listener.before(&tape.now, i, player, &action);
            let events = tape.play(player, action).map_err(|error| Refused {
                action: i + 1,
                error,
            })?;
            listener.after(&tape.now, &events);
        }
        Ok(tape)
    }

    /// The game after the tape's first `to` actions, replayed from how it stood after the
    /// first `from`, telling `listener` about each action between (as [`Tape::replay`]
    /// did): what a viewer that keeps its own notes every few actions needs to take them
    /// up again.
    pub fn retell(&self, from: usize, to: usize, listener: &mut impl Listener<G>) -> G::State {
        let to = to.min(self.actions.len());
        let mut state = self.state_at(from);
        for n in from.min(to)..to {
            let (player, action) = &self.actions[n];
            listener.before(&state, self.forgotten + n, *player, action);
            // Every action on the tape was accepted from this same state once.
            match G::apply(&mut state, *player, action) {
                Ok(events) => listener.after(&state, &events),
                Err(_) => debug_assert!(false, "an accepted action replays"),
            }
        }
        state
    }

    /// Plays `player`'s `action` (checked fully first: on error nothing changes) and
    /// records it; returns its events.
    pub fn play(&mut self, player: usize, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
        let events = G::apply(&mut self.now, player, &action)?;
        self.actions.push_back((player, action));
        let done = self.forgotten + self.actions.len();
        if done.is_multiple_of(self.every) {
            self.checkpoints.push_back((done, self.now.clone()));
            if self.checkpoints.len() > MAX_CHECKPOINTS {
                self.every *= 2;
                let every = self.every;
                self.checkpoints.retain(|(k, _)| k.is_multiple_of(every));
            }
        }
        Ok(events)
    }

    /// The game after every action.
    pub fn now(&self) -> &G::State {
        &self.now
    }

    /// The game where the tape begins.
    pub fn start(&self) -> &G::State {
        &self.start
    }

    /// How many actions the tape holds.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether the tape holds no action.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// Whether older actions were forgotten into the start.
    pub fn forgot_any(&self) -> bool {
        self.forgotten > 0
    }

    /// The actions, oldest first, each with the seat that took it.
    pub fn actions(&self) -> impl ExactSizeIterator<Item = &(usize, G::Action)> {
        self.actions.iter()
    }

    /// The action `n` (counted from 0), with its seat.
    pub fn action(&self, n: usize) -> Option<&(usize, G::Action)> {
        self.actions.get(n)
    }

    /// The game after the tape's first `n` actions (0: its start; past the end, now),
    /// rebuilt from the nearest kept copy before it.
    pub fn state_at(&self, n: usize) -> G::State {
        let n = n.min(self.actions.len());
        if n == self.actions.len() {
            return self.now.clone();
        }
        let target = self.forgotten + n;
        let (mut done, mut state) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(k, _)| *k <= target)
            .map_or_else(
                || (self.forgotten, self.start.clone()),
                |(k, s)| (*k, s.clone()),
            );
        while done < target {
            let (player, action) = &self.actions[done - self.forgotten];
            // Every action on the tape was accepted from this same state once.
            let replayed = G::apply(&mut state, *player, action);
            debug_assert!(replayed.is_ok(), "an accepted action replays");
            done += 1;
        }
        state
    }

    /// Cuts the tape after its first `n` actions: the game goes back to how it stood then.
    pub fn cut(&mut self, n: usize) {
        if n >= self.actions.len() {
            return;
        }
        self.now = self.state_at(n);
        self.actions.truncate(n);
        let end = self.forgotten + n;
        self.checkpoints.retain(|(k, _)| *k <= end);
    }

    /// Plays the oldest action into the start, where it can no longer be taken back: keeps
    /// a tape of a game without a natural end bounded.
    pub fn forget_oldest(&mut self) {
        let Some((player, action)) = self.actions.pop_front() else {
            return;
        };
        self.forgotten += 1;
        match self.checkpoints.front() {
            Some((k, state)) if *k == self.forgotten => {
                self.start = state.clone();
                self.checkpoints.pop_front();
            }
            _ => {
                let replayed = G::apply(&mut self.start, player, &action);
                debug_assert!(replayed.is_ok(), "an accepted action replays");
            }
        }
    }
}
