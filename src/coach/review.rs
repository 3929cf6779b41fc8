//! A review of a finished game: each decision of the chosen seats judged by the coach, and
//! the costliest listed, with what was better and by how much.

use crate::game::Tape;

use super::{Coached, Thinking};

/// Expected coins a decision must lose to be listed as costly (the tutor's threshold too).
pub const COSTLY: f64 = 0.5;

/// One costly decision of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    /// Who decided.
    pub player: usize,
    /// The turn it was decided in, as the table's header counts it (a turn: one player's,
    /// in seat order).
    pub turn: u32,
    /// The decision's index in the record's actions (the position before it is
    /// `tape.state_at(at)`).
    pub at: usize,
    /// What was done, in the rulebook's words.
    pub done: String,
    /// What the coach found best.
    pub better: String,
    /// Expected coins lost against the best choice.
    pub lost: f64,
}

/// A decision waiting to be judged: its index in the record and its turn.
#[derive(Clone, Copy, Debug)]
struct Decision {
    at: usize,
    turn: u32,
}

/// The decision being judged and the search judging it.
type Judging<A> = (Decision, Box<dyn Thinking<A>>);

/// A review in progress, a step at a time so a screen can show progress.
pub struct Reviewing<G: Coached> {
    tape: Tape<G>,
    names: Vec<String>,
    seed: u64,
    samples: u32,
    todo: Vec<Decision>,
    next: usize,
    thinking: Option<Judging<G::Action>>,
    mistakes: Vec<Mistake>,
}

/// Starts a review of `tape`'s decisions by the seats in `players`, each judged on
/// `samples` sampled deals from `seed` (a decision with one legal action is not a choice
/// and is skipped).
pub fn review<G: Coached>(
    tape: &Tape<G>,
    names: &[String],
    players: &[usize],
    seed: u64,
    samples: u32,
) -> Reviewing<G> {
    let mut todo = Vec::new();
    let mut state = tape.start().clone();
    let mut turn = 1;
    let mut active = G::active(&state);
    for (at, (player, action)) in tape.actions().enumerate() {
        if G::active(&state) != active {
            active = G::active(&state);
            turn += 1;
        }
        if players.contains(player) {
            let legal = G::legal_actions(&state, *player);
            if legal.len() > 1 || !legal.contains(action) {
                let turn = G::turn(&state).unwrap_or(turn);
                todo.push(Decision { at, turn });
            }
        }
        if G::apply(&mut state, *player, action).is_err() {
            break;
        }
    }
    Reviewing {
        tape: tape.clone(),
        names: names.to_vec(),
        seed,
        samples,
        todo,
        next: 0,
        thinking: None,
        mistakes: Vec::new(),
    }
}

impl<G: Coached> Reviewing<G> {
    /// Does a slice of work (one sampled deal of one decision); true once every decision is
    /// judged.
    pub fn step(&mut self) -> bool {
        if let Some((decision, thinking)) = &mut self.thinking {
            if thinking.step() {
                let decision = *decision;
                self.judge(decision);
                self.thinking = None;
            }
            return false;
        }
        let Some(&decision) = self.todo.get(self.next) else {
            return true;
        };
        self.next += 1;
        if let Some((player, action)) = self.tape.action(decision.at) {
            let state = self.tape.state_at(decision.at);
            let seed = super::search::deal_seed(self.seed, decision.at as u32);
            let thinking = G::think_about(
                &state,
                *player,
                &self.names,
                seed,
                self.samples,
                Some(action),
            );
            self.thinking = Some((decision, thinking));
        }
        false
    }

    /// Lists the decision if what was done lost at least [`COSTLY`] against the best.
    fn judge(&mut self, decision: Decision) {
        let Some((_, thinking)) = &self.thinking else {
            return;
        };
        let Some((player, action)) = self.tape.action(decision.at) else {
            return;
        };
        let Some(lost) = thinking.loss(action) else {
            return;
        };
        let hint = thinking.hint();
        let Some(best) = hint.choices.first() else {
            return;
        };
        if lost >= COSTLY {
            let state = self.tape.state_at(decision.at);
            self.mistakes.push(Mistake {
                player: *player,
                turn: decision.turn,
                at: decision.at,
                done: G::label(&state, *player, action, &self.names),
                better: best.label.clone(),
                lost,
            });
        }
    }

    /// (judged, planned) decisions, for a progress line.
    pub fn progress(&self) -> (u32, u32) {
        let done = self.next - usize::from(self.thinking.is_some());
        (done as u32, self.todo.len() as u32)
    }

    /// The costly decisions found so far, costliest first.
    pub fn mistakes(&self) -> Vec<Mistake> {
        let mut list = self.mistakes.clone();
        list.sort_by(|a, b| b.lost.total_cmp(&a.lost).then(a.at.cmp(&b.at)));
        list
    }
}
