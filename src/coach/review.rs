//! A review of a finished game: each decision of the chosen seats judged by the coach, and
//! the costliest listed, with what was better and by how much.

use crate::game::Tape;

use super::{Coached, Loss, Thinking, hint_seed};

/// Expected coins a decision must lose to be listed as costly (the tutor's threshold too).
pub const COSTLY: f64 = 0.5;

/// Chance to win a decision must lose to be listed as costly, whatever the coins (the
/// tutor's threshold too): five points, about what half a coin of lead is worth in an even
/// card game.
pub const COSTLY_CHANCE: f64 = 0.05;

/// How far below [`COSTLY`] a decision's figure on the review's first few deals may fall
/// and still be judged again on the hint's: a dozen deals are noisy, and a decision the
/// hint finds costly often looks cheaper there (see `docs/coach.md`). The chance to win
/// has a margin of the same share of its threshold.
pub const SIEVE_MARGIN: f64 = 0.25;

/// Sampled deals each decision of a review is first judged on, on screen, read aloud and
/// with `bohnanza review` alike, so the three list the same entries for the same game.
pub const REVIEW_SAMPLES: u32 = 12;

/// Whether a loss on the sieve's few deals comes near enough to costly to be judged again.
fn near_costly(loss: Loss) -> bool {
    let share = 1.0 - SIEVE_MARGIN / COSTLY;
    loss.coins >= COSTLY - SIEVE_MARGIN || loss.win >= COSTLY_CHANCE * share
}

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
    /// What the coach found best: its label, as the hint lists it.
    pub better: String,
    /// What to do instead, as a person can act on it: the best choice named as the kind of
    /// act it is when what was done was another kind, or with what differs when both are
    /// the same act on different offers ([`Coached::advice`]).
    pub advice: String,
    /// What was lost against the best choice: the chance to win and the expected coins.
    pub loss: Loss,
    /// Why, in the coach's words: what was done set against the best choice, with the
    /// figures that decide it.
    pub why: String,
}

/// A decision waiting to be judged: its index in the record and its turn.
#[derive(Clone, Copy, Debug)]
struct PendingDecision {
    at: usize,
    turn: u32,
}

/// A decision being judged and the search judging it; `again` once it is judged a second
/// time, as a hint would judge it.
struct Judging<A> {
    decision: PendingDecision,
    again: bool,
    thinking: Box<dyn Thinking<A>>,
}

/// A review in progress, a step at a time so a screen can show progress.
pub struct Reviewing<G: Coached> {
    tape: Tape<G>,
    names: Vec<String>,
    seed: u64,
    samples: u32,
    confirm: u32,
    todo: Vec<PendingDecision>,
    /// Decisions (by index in the record) judged on the hint's budget at once: those the
    /// tutor asked about at the table.
    flagged: Vec<usize>,
    next: usize,
    thinking: Option<Judging<G::Action>>,
    mistakes: Vec<Mistake>,
}

/// Starts a review of `tape`'s decisions by the seats in `players` (a decision with one
/// legal action is not a choice and is skipped), in the game dealt from `seed`.
///
/// Every decision is judged on `samples` sampled deals; one that is costly there
/// ([`Loss::costly`]), or nearly ([`SIEVE_MARGIN`]), is judged again as a hint would judge
/// it, on `confirm` deals (at least `samples`) from the hint's own seed ([`hint_seed`]) and
/// remembering what its player saw before it ([`Coached::think_on`]), and listed only if it
/// is costly there, with those figures. A few deals are a quick sieve but a noisy figure: the best of a
/// dozen choices on twelve deals is the luckiest, so what was done looked several dollars
/// worse than it is, or as good as the best; judged again, the review says what the hint
/// and the tutor say at the same decision. Decisions the tutor asked about skip the sieve
/// ([`Reviewing::confirming`]).
pub fn review<G: Coached>(
    tape: &Tape<G>,
    names: &[String],
    players: &[usize],
    seed: u64,
    samples: u32,
    confirm: u32,
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
                todo.push(PendingDecision { at, turn });
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
        confirm: confirm.max(samples),
        todo,
        flagged: Vec::new(),
        next: 0,
        thinking: None,
        mistakes: Vec::new(),
    }
}

impl<G: Coached> Reviewing<G> {
    /// Judges the decisions at `flagged` (indices in the record: those the tutor asked
    /// about at the table) on the hint's budget at once, without the sieve, so the review
    /// lists every one the tutor found costly: the same search gives the same figure.
    pub fn confirming(mut self, flagged: &[usize]) -> Self {
        self.flagged = flagged.to_vec();
        self
    }

    /// Does a slice of work (one sampled deal of one decision); true once every decision is
    /// judged.
    pub fn step(&mut self) -> bool {
        if let Some(judging) = &mut self.thinking {
            if judging.thinking.step() {
                let judging = self.thinking.take();
                self.thinking = judging.and_then(|j| self.judge(j));
            }
            return false;
        }
        let Some(&decision) = self.todo.get(self.next) else {
            return true;
        };
        self.next += 1;
        let flagged = self.flagged.contains(&decision.at);
        self.thinking = self.search(decision, flagged);
        false
    }

    /// The search judging `decision`: on the review's `samples` deals, or `again` on the
    /// hint's budget. Both draw their deals from the hint's seed for the decision, so the
    /// second judges it exactly as a hint at that position does.
    fn search(&self, decision: PendingDecision, again: bool) -> Option<Judging<G::Action>> {
        let (player, action) = self.tape.action(decision.at)?;
        let seed = hint_seed(self.seed, *player, decision.at);
        let samples = if again { self.confirm } else { self.samples };
        let (at, names) = (decision.at, &self.names);
        let thinking = G::think_on(&self.tape, at, *player, names, seed, samples, Some(action));
        Some(Judging {
            decision,
            again,
            thinking,
        })
    }

    /// What follows a finished search: what was done is listed if it is costly against the
    /// best on the hint's budget ([`Loss::costly`]); a search on fewer deals that finds it
    /// costly, or within [`SIEVE_MARGIN`] of it, hands on to one on the hint's budget.
    fn judge(&mut self, judging: Judging<G::Action>) -> Option<Judging<G::Action>> {
        let Judging {
            decision,
            again,
            thinking,
        } = judging;
        let (player, action) = self.tape.action(decision.at)?;
        let loss = thinking.loss(action)?;
        if !again && self.confirm > self.samples {
            return near_costly(loss)
                .then(|| self.search(decision, true))
                .flatten();
        }
        if !loss.costly() {
            return None;
        }
        let hint = thinking.hint();
        let best = hint.choices.first()?;
        let state = self.tape.state_at(decision.at);
        let judged_as = thinking.representative(action);
        let done = hint
            .choices
            .iter()
            .find(|c| c.actions.first() == Some(&judged_as));
        self.mistakes.push(Mistake {
            player: *player,
            turn: decision.turn,
            at: decision.at,
            done: G::label(&state, *player, action, &self.names),
            better: best.label.clone(),
            advice: G::advice(
                &state,
                *player,
                action,
                best.actions.first(),
                &best.label,
                &self.names,
            ),
            loss,
            why: done.map_or_else(String::new, |c| c.why.clone()),
        });
        None
    }

    /// (judged, planned) decisions, for a progress line.
    pub fn progress(&self) -> (u32, u32) {
        let done = self.next - usize::from(self.thinking.is_some());
        (done as u32, self.todo.len() as u32)
    }

    /// The costly decisions found so far, costliest first.
    pub fn mistakes(&self) -> Vec<Mistake> {
        let mut list = self.mistakes.clone();
        list.sort_by(|a, b| b.loss.worse_than(a.loss).then(a.at.cmp(&b.at)));
        list
    }
}
