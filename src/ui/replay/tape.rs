//! A saved game replayed once on a [`game::Tape`](crate::game::Tape), keeping what every
//! step of the viewer needs: where each action left the game (turn, phase, log lines told)
//! and a copy of the trade panel every [`CHECKPOINT_EVERY`] actions (further apart in a game
//! longer than [`MAX_CHECKPOINTS`] of them), so the game and its panel after any action are
//! rebuilt by the tape replaying at most that many actions, however long the game.

use std::ops::Range;
use std::sync::Arc;

use super::super::game::Seat;
use super::super::retell::{CardRecord, Panel, Telling, deal, does_not_replay, read_saved};
use crate::engine::Cards;
use crate::engine::{Action, Event, GameState, Phase, Ruleset};
use crate::game::{CHECKPOINT_EVERY, Listener, MAX_CHECKPOINTS};
use crate::store::SavedGame;

/// Actions between two kept copies of a game of `actions` actions: [`CHECKPOINT_EVERY`],
/// or more in a game so long that [`MAX_CHECKPOINTS`] copies would not cover it (a step
/// then replays up to about `actions / MAX_CHECKPOINTS` actions: 150 in the longest save).
pub fn checkpoint_spacing(actions: usize) -> usize {
    CHECKPOINT_EVERY.max(actions.div_ceil(MAX_CHECKPOINTS))
}

/// Where the game stood after one action (or after the deal, at stop 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stop {
    /// The turn, counted from 1.
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
    /// The phase's number in the turn as the rulebook counts it (the bean duel its steps);
    /// 0 once the game is over.
    pub step: u8,
    /// How many log lines had been told by then.
    pub told: usize,
}

/// Which way the cursor moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    /// One action back.
    Back,
    /// One action on.
    Forward,
    /// To the start of the phase, or of the one before when already there.
    PhaseBack,
    /// To the start of the next phase (in the last, to the last action).
    PhaseForward,
    /// To the start of the turn, or of the one before when already there.
    TurnBack,
    /// To the start of the next turn (in the last, to the last action).
    TurnForward,
    /// To the deal.
    Start,
    /// To the last action.
    End,
    /// To the start of this turn (counted from 1).
    Turn(u32),
}

/// A saved game, replayed once.
#[derive(Debug)]
pub struct Tape {
    record: SavedGame,
    /// The saved game without its actions (rules, players, seats, seed): what a picture of
    /// it needs, cheap to copy at every step.
    outline: SavedGame,
    /// The same game in the card engine's types.
    card: CardRecord,
    /// The game, replayed.
    tape: crate::game::Tape<Cards>,
    /// The trade panel after actions 0, `every`, 2 × `every`, …
    checkpoints: Vec<Panel>,
    /// Actions between two checkpoints ([`checkpoint_spacing`]).
    every: usize,
    /// Where the game stood after each action; `stops[0]` is the deal.
    stops: Vec<Stop>,
    /// The whole game's log.
    log: Vec<String>,
}

impl Tape {
    /// Replays `record` once; the error says which action does not replay.
    pub fn new(record: SavedGame) -> Result<Tape, String> {
        let card = read_saved(&record)?;
        let (state, log) = deal(&card)?;
        let every = checkpoint_spacing(card.actions.len());
        let mut marking = Marking {
            stops: vec![stop(&state, log.len())],
            checkpoints: vec![Panel::default()],
            every,
            telling: Telling::new(&card, Panel::default()),
        };
        marking.telling.lines = log;
        let tape = crate::game::Tape::replay(state, card.actions.iter().cloned(), &mut marking)
            .map_err(does_not_replay)?;
        let Marking {
            stops,
            checkpoints,
            telling,
            ..
        } = marking;
        let log = telling.lines;
        Ok(Tape {
            outline: SavedGame {
                actions: crate::store::Actions::new(),
                ..record.clone()
            },
            record,
            card,
            tape,
            checkpoints,
            every,
            stops,
            log,
        })
    }

    /// How many actions the game holds.
    pub fn actions(&self) -> usize {
        self.stops.len() - 1
    }

    /// Where the game stood after action `n` (0: the deal); past the end, after the last.
    pub fn stop(&self, n: usize) -> Stop {
        self.stops[n.min(self.actions())]
    }

    /// The game after action `n` (0: the deal), rebuilt from the nearest copy before it.
    pub fn state_at(&self, n: usize) -> GameState {
        self.tape.state_at(n)
    }

    /// The game and its trade panel after action `n` (0: the deal), the panel taken up at
    /// the nearest copy before it.
    pub(crate) fn panel_at(&self, n: usize) -> (GameState, Panel) {
        let n = n.min(self.actions());
        let from = n - n % self.every;
        let mut telling = Telling::new(&self.card, self.checkpoints[from / self.every].clone());
        let state = self.tape.retell(from, n, &mut telling);
        (state, telling.panel)
    }

    /// The whole game's log.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// The log lines action `n` told (the deal's for 0); none for a decline told with the
    /// counter-offer after it.
    pub fn lines_of(&self, n: usize) -> Range<usize> {
        let n = n.min(self.actions());
        let from = if n == 0 { 0 } else { self.stops[n - 1].told };
        from..self.stops[n].told
    }

    /// The saved game.
    pub fn record(&self) -> &SavedGame {
        &self.record
    }

    /// The saved game without its actions: its rules, players, seats and seed.
    pub fn outline(&self) -> &SavedGame {
        &self.outline
    }

    /// The saved game cut after action `n`: the game as it stood then.
    pub fn record_until(&self, n: usize) -> SavedGame {
        let mut record = self.record.clone();
        record.actions.truncate(n);
        record.finished = self.stop(n).phase == Phase::GameOver;
        record
    }

    /// The rules the game is played by.
    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.card.ruleset
    }

    /// The players' names, made safe to show.
    pub fn names(&self) -> &[String] {
        &self.card.names
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[Seat] {
        &self.card.seats
    }

    /// The last turn the game reached.
    pub fn turns(&self) -> u32 {
        self.stop(self.actions()).turn
    }

    /// Where the cursor at `from` goes for `m`, or why it stays.
    pub fn target(&self, from: usize, m: Move) -> Result<usize, String> {
        super::cursor::target(&self.stops, from, m)
    }
}

/// Where an action left the game, as the viewer marks it.
fn stop(state: &GameState, told: usize) -> Stop {
    Stop {
        turn: state.turn(),
        phase: state.phase(),
        step: match state.phase() {
            Phase::GameOver => 0,
            p => state.step_number(p),
        },
        told,
    }
}

/// The viewer's marks, made while the game is replayed once: a stop after every action, a
/// copy of the trade panel every `every` actions, the log told.
struct Marking<'a> {
    stops: Vec<Stop>,
    checkpoints: Vec<Panel>,
    every: usize,
    telling: Telling<'a>,
}

impl Listener<Cards> for Marking<'_> {
    fn before(&mut self, state: &GameState, n: usize, player: usize, action: &Action) {
        self.telling.before(state, n, player, action);
    }

    fn after(&mut self, state: &GameState, events: &[Event]) {
        self.telling.after(state, events);
        self.stops.push(stop(state, self.telling.lines.len()));
        if (self.stops.len() - 1).is_multiple_of(self.every) {
            self.checkpoints.push(self.telling.panel.clone());
        }
    }
}

impl super::cursor::Mark for Stop {
    fn turn(&self) -> u32 {
        self.turn
    }

    fn step(&self) -> u8 {
        self.step
    }
}
