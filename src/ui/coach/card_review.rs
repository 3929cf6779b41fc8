//! The review at the card table: the finished game's record judged for the people who
//! played it, and a costly decision opened again to try another choice.

use super::{Decision, HINT_SAMPLES, Retry, ReviewList, hint_seed, review::REVIEW_SAMPLES};
use crate::coach::Coached;
use crate::engine::Action;
use crate::engine::Cards;
use crate::game::Tape;
use crate::ui::game::Game;
use crate::ui::retell::{read_saved, retell};

impl Game {
    /// The game's record as a tape, from its deal (or its start position).
    fn tape(&self) -> Result<Tape<Cards>, String> {
        let card = read_saved(&self.record)?;
        retell(&card).map(|(tape, _, _)| tape)
    }

    /// `r` on the final scores: starts the review of every person's decisions (a bot's are
    /// not reviewed), shown with its progress while the coach works.
    pub fn open_review(&mut self) {
        let people: Vec<usize> = (0..self.seats.len()).filter(|&p| !self.is_bot(p)).collect();
        match self.tape() {
            Ok(tape) => {
                let reviewing = crate::coach::review(
                    &tape,
                    &self.names,
                    &people,
                    self.record.seed,
                    REVIEW_SAMPLES,
                );
                self.coach.review = Some(ReviewList::new(reviewing));
            }
            Err(e) => self.message = Some((format!("No review: {e}"), true)),
        }
    }

    /// The game opened again at the review's entry `index`, to try another choice: played
    /// up to that decision from the record, by the same seats, and not saved (the finished
    /// game stays as it was).
    pub(crate) fn retry_at(&self, index: usize) -> Result<Game, String> {
        let list = self.coach.review.as_ref().ok_or("No review is open.")?;
        let m = list
            .mistakes()
            .get(index)
            .cloned()
            .ok_or("No such decision in the review.")?;
        let mut record = self.record.clone();
        record.actions.truncate(m.at);
        record.finished = false;
        let mut game = Game::resume_with(record, None, &self.bot_options)?;
        game.log.pop();
        game.log.push(format!(
            "Trying again: {}'s decision of turn {} (in the game: {}). Not saved.",
            game.name(m.player),
            m.turn,
            m.done
        ));
        game.coach.set_tutor(self.coach.tutoring());
        game.coach.retry = Some(Retry {
            decision: Decision {
                player: m.player,
                at: m.at,
            },
            done: m.done,
            lost: m.lost,
        });
        Ok(game)
    }

    /// How a move tried again compares, said once it is played: its cost against the best
    /// choice beside the cost of what was done in the game. `None` when `actions` are not
    /// the decision being tried again.
    pub(crate) fn retry_verdict(&mut self, player: usize, actions: &[Action]) -> Option<String> {
        let retry = self.coach.retry.clone()?;
        let first = actions.first()?;
        if self.decision_at_keyboard() != Some(retry.decision) || retry.decision.player != player {
            return None;
        }
        let decision = retry.decision;
        let thinking = Cards::think_about(
            &self.state,
            player,
            &self.names,
            hint_seed(self.record.seed, decision),
            HINT_SAMPLES,
            Some(first),
        );
        let thinker = super::Thinker::new(thinking);
        thinker.finish();
        let label = Cards::label(&self.state, player, first, &self.names);
        let now = match thinker.loss(first) {
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
