//! The review at the dice table: the finished game's record judged for the people who
//! played it, a costly decision opened again to try another choice, and how the new choice
//! compares once played.

use crossterm::event::{KeyCode, KeyEvent};

use crate::coach::Coached;
use crate::dice::Dice;
use crate::dice::DiceAction;
use crate::game::Tape;
use crate::ui::coach::{
    Decision, HINT_SAMPLES, REVIEW_SAMPLES, Retry, ReviewList, Thinker, hint_seed,
};
use crate::ui::dice::DiceTable;

impl DiceTable {
    /// The game's record as a tape, from its deal (or its start position).
    fn tape(&self) -> Result<Tape<Dice>, String> {
        DiceTable::replayed(self.record.clone(), |_, _| {}).map(|(_, tape)| tape)
    }

    /// `r` on the final scores: starts the review of every person's decisions.
    pub fn open_review(&mut self) {
        let people: Vec<usize> = (0..self.seats.len())
            .filter(|&s| self.is_human(s))
            .collect();
        match self.tape() {
            Ok(tape) => {
                let reviewing =
                    crate::coach::review(&tape, &self.names, &people, self.seed, REVIEW_SAMPLES);
                self.coach.review = Some(ReviewList::new(reviewing));
            }
            Err(e) => self.message = Some((format!("No review: {e}"), true)),
        }
    }

    /// The game opened again at the review's entry `index`: played up to that decision from
    /// the record by the same seats, and not saved.
    fn retry_at(&self, index: usize) -> Result<DiceTable, String> {
        let list = self.coach.review.as_ref().ok_or("No review is open.")?;
        let m = list
            .mistakes()
            .get(index)
            .cloned()
            .ok_or("No such decision in the review.")?;
        let mut record = self.record.clone();
        record.actions.truncate(m.at);
        record.finished = false;
        let (mut table, _) = DiceTable::replayed(record, |_, _| {})?;
        table.log.push(format!(
            "Trying again: {}'s decision of turn {} (in the game: {}). Not saved.",
            table.names[m.player], m.turn, m.done
        ));
        table.coach.set_tutor(self.coach.tutoring());
        table.coach.retry = Some(Retry {
            decision: Decision {
                player: m.player,
                at: m.at,
            },
            done: m.done,
            lost: m.lost,
        });
        Ok(table)
    }

    /// The review's keys while it shows: move, open the entry under the cursor (the table
    /// becomes that position), or leave. `false` when no review is open.
    pub(crate) fn review_key(&mut self, key: KeyEvent) -> bool {
        let Some(list) = self.coach.review.as_mut() else {
            return false;
        };
        let count = list.mistakes().len();
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('r') => self.coach.review = None,
            KeyCode::Up | KeyCode::Char('k') if list.selected > 0 => list.selected -= 1,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab if list.selected + 1 < count => {
                list.selected += 1
            }
            KeyCode::Enter if list.ready() && count > 0 => {
                let selected = list.selected;
                match self.retry_at(selected) {
                    Ok(table) => *self = table,
                    Err(e) => self.message = Some((e, true)),
                }
            }
            _ => {}
        }
        true
    }

    /// How a move tried again compares with what was done in the game, once it is played;
    /// `None` when `action` is not the decision being tried again.
    pub(crate) fn retry_verdict(&self, seat: usize, action: &DiceAction) -> Option<String> {
        let retry = self.coach.retry.clone()?;
        if self.decision_at_keyboard() != Some(retry.decision) || retry.decision.player != seat {
            return None;
        }
        let seed = hint_seed(self.seed, retry.decision);
        let thinking = Dice::think_about(
            &self.state,
            seat,
            &self.names,
            seed,
            HINT_SAMPLES,
            Some(action),
        );
        let thinker = Thinker::new(thinking);
        thinker.finish();
        let label = Dice::label(&self.state, seat, action, &self.names);
        let now = match thinker.loss(action) {
            Some(l) if l < 0.05 => format!("{label}: the coach's best choice"),
            Some(l) => format!("{label}: {l:.1}$ behind the best"),
            None => format!("{label}: not a choice the coach weighed"),
        };
        Some(format!(
            "Tried again — {now}; in the game, {}: {:.1}$ behind.",
            retry.done, retry.lost
        ))
    }
}
