//! The coach at a game's table, written once for both games: the hint window (`!`), the
//! tutor's check before a person's move and its question, the review after the game with
//! its list's keys, a decision opened again to try another choice and the verdict on it.
//! Each game's table says only what is its own ([`CoachedTable`]'s required methods): who
//! is at the keyboard with a decision, who is a person, its record as a tape, the record
//! played again at its table, and how a move held back is played.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};

use crate::coach::Coached;
use crate::game::{Game, Tape};
use crate::store::SavedGame;
use crate::store::review::review_saved;
use crate::ui::coach::keys::{CoachCommand, CoachWindow, coach_command};
use crate::ui::coach::{
    Coach, DecisionPoint, HINT_SAMPLES, HintWindow, REVIEW_SAMPLES, Retry, ReviewList, Thinker,
    hint_seed,
};
use crate::ui::screen::GameScreen;
use crate::ui::table_shell::TableShell;

/// An action of the game at table `T`.
pub type ActionOf<T> = <<T as CoachedTable>::G as Game>::Action;

/// What the coach reads of a table: the game as it stands, the seats' names, the seed the
/// game was dealt with (a hint's seed is drawn from it, so the same decision gets the same
/// hint) and the record of its actions.
pub struct AtTable<'a, G: Game> {
    /// The game as it stands.
    pub state: &'a G::State,
    /// The seats' names, by seat.
    pub names: &'a [String],
    /// The seed the game was dealt with.
    pub seed: u64,
    /// The game's record.
    pub record: &'a SavedGame,
}

/// What the app shell asks of the coach at a table on screen, provided once for every
/// [`CoachedTable`] (a supertrait of the shell's `GameScreen`, so neither game's screen
/// repeats it).
pub trait Coaching {
    /// Whether the coach has work to do between keys.
    fn coach_busy(&self) -> bool;
    /// Thinks for at most `budget` (see [`Coach::think`]).
    fn coach_think(&mut self, budget: Duration);
    /// Turns the tutor on or off.
    fn set_tutor(&mut self, on: bool);
    /// Whether the table is a position tried again from the review, not saved.
    fn in_trial(&self) -> bool;
    /// Starts the review of the finished game on screen, or says why there is none.
    fn review_now(&mut self) -> Result<(), String>;
    /// Leaves a trial: the table becomes the finished game again, its review open at the
    /// entry tried. `false` when the table is no trial.
    fn back_to_review(&mut self) -> bool;
}

impl<T: CoachedTable + 'static> Coaching for T {
    fn coach_busy(&self) -> bool {
        self.coach().busy(self.decision_at_keyboard())
    }

    fn coach_think(&mut self, budget: Duration) {
        let at_keyboard = self.decision_at_keyboard();
        let mut coach = std::mem::take(self.coach_mut());
        coach.think(at_keyboard, budget, |d| self.hint_search(d));
        *self.coach_mut() = coach;
    }

    fn set_tutor(&mut self, on: bool) {
        self.coach_mut().set_tutor(on);
    }

    fn in_trial(&self) -> bool {
        self.coach().trial_of.is_some()
    }

    fn review_now(&mut self) -> Result<(), String> {
        self.open_review();
        match (&self.coach().review, &self.shell().message) {
            (Some(_), _) => Ok(()),
            (None, Some((why, _))) => Err(why.clone()),
            (None, None) => Err("No review.".to_string()),
        }
    }

    fn back_to_review(&mut self) -> bool {
        let Some(back) = self.coach_mut().trial_of.take() else {
            return false;
        };
        match back.into_any().downcast::<T>() {
            Ok(finished) => {
                *self = *finished;
                let back = "Back from the trial: nothing of it was saved.";
                self.say(back.to_string(), false);
                true
            }
            // A trial is always of its own game's table; were it not, it stays a trial.
            Err(_) => false,
        }
    }
}

/// A game's table with the coach at it: the required methods are what differs between the
/// games' tables; everything the coach does there is provided, once for both.
pub trait CoachedTable: Sized {
    /// The game played at the table.
    type G: Coached;

    /// The players, log, message line, record and coach every table holds.
    fn shell(&self) -> &TableShell<Self::G>;
    /// The same, to change them.
    fn shell_mut(&mut self) -> &mut TableShell<Self::G>;
    /// What the coach reads of the table.
    fn at_table(&self) -> AtTable<'_, Self::G>;
    /// The decision of the person at the keyboard, if one waits: a hint or a question is
    /// about it, and is stale once the game moves on.
    fn decision_at_keyboard(&self) -> Option<DecisionPoint>;
    /// Whether a person plays `seat` (a bot's decisions are not reviewed).
    fn person(&self, seat: usize) -> bool;
    /// The game's record as a tape, from its deal (or its start position).
    fn tape(&self) -> Result<Tape<Self::G>, String>;
    /// `record` (this game's, cut short) played again at a table of the same seats, not
    /// saved: a decision of the review opened to try again.
    fn reopened(&self, record: SavedGame) -> Result<Self, String>;
    /// Plays the move the tutor held back, now that its player said to.
    fn play_held(&mut self, player: usize, actions: &[ActionOf<Self>]);
    /// Whether nothing is open at the table that Esc or `q` would act on (a chooser, the
    /// offer composer, a question, dice chosen): in a trial they then go back to the review.
    fn at_rest(&self) -> bool;

    /// The coach's state at the table.
    fn coach(&self) -> &Coach<Self::G> {
        &self.shell().coach
    }

    /// The coach's state, to change it.
    fn coach_mut(&mut self) -> &mut Coach<Self::G> {
        &mut self.shell_mut().coach
    }

    /// Adds a line to the table's log.
    fn note(&mut self, line: String) {
        self.shell_mut().log.push(line);
    }

    /// Says `text` on the table's message line (`problem`: as a refusal).
    fn say(&mut self, text: String, problem: bool) {
        self.shell_mut().message = Some((text, problem));
    }

    /// Whether a hint reads what only its player may see (a hand), so the others should look
    /// away: not where every card lies face up, nor in the dice game, which hides nothing.
    fn hint_is_private(&self) -> bool;

    /// Why `!` shows no hint now.
    fn no_hint(&self) -> &'static str {
        "Nothing to decide now: the hint is for a move of yours."
    }

    /// A search for `decision`, seeded by the game so the same decision gets the same hint,
    /// built by the coach from that player's view alone and what they saw before it.
    fn hint_search(&self, decision: DecisionPoint) -> Thinker<ActionOf<Self>> {
        let t = self.at_table();
        Thinker::new(Self::G::think_about(
            t.state,
            decision.player,
            t.names,
            hint_seed(t.seed, decision),
            HINT_SAMPLES,
            None,
            &self.memory(decision),
        ))
    }

    /// What the coach remembers for `decision` of the play before it ([`Coached::recall`]:
    /// the offers refused this trading phase), read from the table's record where the
    /// game says there may be any, so a hint there judges as the review will.
    fn memory(&self, decision: DecisionPoint) -> <Self::G as Coached>::Memory {
        if !Self::G::recalls(self.at_table().state) {
            return Default::default();
        }
        self.tape()
            .map(|tape| Self::G::recall(&tape, decision.at, decision.player))
            .unwrap_or_default()
    }

    /// `!`: opens the hint window for the player at the keyboard (the tutor's search is
    /// taken over when it is about the same decision), or says why there is none.
    fn open_hint(&mut self) {
        let Some(decision) = self.decision_at_keyboard() else {
            let why = self.no_hint().to_string();
            self.say(why, true);
            return;
        };
        let tutor = self.coach().tutor.as_ref();
        let thinker = tutor
            .and_then(|t| t.thinker(decision).cloned())
            .unwrap_or_else(|| self.hint_search(decision));
        self.coach_mut().hint = Some(HintWindow { decision, thinker });
    }

    /// The hint window to draw: only while its player is at the keyboard and the game has
    /// not moved on since it was asked for.
    fn hint_shown(&self) -> Option<&HintWindow<ActionOf<Self>>> {
        self.coach().hint_for(self.decision_at_keyboard())
    }

    /// Whether the tutor holds back `actions` by `player` to ask about them first (the
    /// hint window then gives way to its question).
    fn tutor_stops(&mut self, player: usize, actions: &[ActionOf<Self>]) -> bool {
        let Some(decision) = self.decision_at_keyboard().filter(|d| d.player == player) else {
            return false;
        };
        let Some(mut tutor) = self.coach_mut().tutor.take() else {
            return false;
        };
        let t = self.at_table();
        let label = |a: &ActionOf<Self>| Self::G::label(t.state, player, a, t.names);
        let stops = tutor.stops(decision, actions, label);
        let coach = self.coach_mut();
        coach.tutor = Some(tutor);
        if stops {
            coach.hint = None;
            // Kept in the record, so the review judges it in full, here or from the file.
            self.shell_mut().record.tutor_asked_at(decision.at);
        }
        stops
    }

    /// A person's move as the coach sees it, the one way both tables play one: the tutor
    /// may hold it back to ask first (`None`: nothing played); else it is played by `play`
    /// (the table's own path, `true` when the rules took it), and a decision tried again
    /// from the review gets its verdict on the message line.
    fn play_coached(
        &mut self,
        player: usize,
        actions: &[ActionOf<Self>],
        play: impl FnOnce(&mut Self) -> bool,
    ) -> Option<bool> {
        if self.tutor_stops(player, actions) {
            return None;
        }
        let verdict = self.retry_verdict(player, actions);
        let played = play(self);
        if let Some(verdict) = verdict.filter(|_| played) {
            self.coach_mut().retry = None;
            self.say(verdict, false);
        }
        Some(played)
    }

    /// `r` on the final scores: starts the review of every person's decisions (a bot's are
    /// not reviewed), shown with its progress while the coach works. It is the saved
    /// game's review ([`review_saved`]), as `bohnanza review` starts it: the decisions the
    /// tutor asked about, kept in the record, are judged on the hint's budget at once, so
    /// each costly one is listed as the tutor found it.
    fn open_review(&mut self) {
        let tape = match self.tape() {
            Ok(tape) => tape,
            Err(e) => return self.say(format!("No review: {e}"), true),
        };
        let t = self.at_table();
        let people: Vec<usize> = (0..t.names.len()).filter(|&p| self.person(p)).collect();
        if people.is_empty() {
            let why =
                "No review: only bots played this game, and the review weighs people's decisions.";
            return self.say(why.to_string(), true);
        }
        let reviewing = review_saved(&tape, t.record, &people, REVIEW_SAMPLES);
        self.coach_mut().review = Some(ReviewList::new(reviewing));
    }

    /// The game opened again at the review's entry `index`, to try another choice: played
    /// up to that decision from the record, by the same seats, and not saved (the finished
    /// game stays as it was).
    fn retry_at(&self, index: usize) -> Result<Self, String> {
        let list = self.coach().review.as_ref().ok_or("No review is open.")?;
        let m = list
            .mistakes()
            .get(index)
            .cloned()
            .ok_or("No such decision in the review.")?;
        let mut record = self.at_table().record.clone();
        record.take_back_to(m.at);
        record.finished = false;
        let mut table = self.reopened(record)?;
        let name = table.at_table().names.get(m.player).cloned();
        table.note(format!(
            "Trying again: {}'s decision of turn {} (in the game: {}). Not saved: Esc or q \
             goes back to the review.",
            name.as_deref().unwrap_or("?"),
            m.turn,
            m.done
        ));
        let coach = table.coach_mut();
        coach.set_tutor(self.coach().tutoring());
        coach.retry = Some(Retry {
            decision: DecisionPoint {
                player: m.player,
                at: m.at,
            },
            done: m.done,
            loss: m.loss,
        });
        Ok(table)
    }

    /// How a move tried again compares, said once it is played: its cost against the best
    /// choice beside the cost of what was done in the game. `None` when `actions` are not
    /// the decision being tried again.
    fn retry_verdict(&self, player: usize, actions: &[ActionOf<Self>]) -> Option<String> {
        let retry = self.coach().retry.clone()?;
        let first = actions.first()?;
        if self.decision_at_keyboard() != Some(retry.decision) || retry.decision.player != player {
            return None;
        }
        let t = self.at_table();
        let seed = hint_seed(t.seed, retry.decision);
        let memory = self.memory(retry.decision);
        let thinking = Self::G::think_about(
            t.state,
            player,
            t.names,
            seed,
            HINT_SAMPLES,
            Some(first),
            &memory,
        );
        let thinker = Thinker::new(thinking);
        thinker.finish();
        let label = Self::G::label(t.state, player, first, t.names);
        let now = match thinker.loss(first) {
            Some(l) if l.level() => format!("{label}: the coach's best choice"),
            Some(l) => format!("{label}: against the best it {}", l.words()),
            None => format!("{label}: not a choice the coach weighed"),
        };
        Some(format!(
            "Tried again — {now}; in the game, {}: it {}.",
            retry.done,
            retry.loss.words()
        ))
    }

    /// The keys of the coach's windows, before the table's: the tutor's question and the
    /// hint window take every key while they show, and the review list its own. `false`
    /// when no window of the coach's is open (`!` and `r` that open them are in each
    /// table's key table).
    fn coach_window_key(&mut self, key: KeyEvent) -> bool
    where
        Self: GameScreen,
    {
        let here = self.decision_at_keyboard();
        let question = self.coach().question().filter(|q| here == Some(q.decision));
        if let Some(q) = question.cloned() {
            let Some(c) = coach_command(CoachWindow::Question, key.code) else {
                return true;
            };
            if let Some(t) = self.coach_mut().tutor.as_mut() {
                // Answered either way: never asked again.
                t.question = None;
            }
            match c {
                CoachCommand::DoIt => self.play_held(q.decision.player, &q.actions),
                CoachCommand::Hint => self.open_hint(),
                _ => {}
            }
            return true;
        }
        if self.hint_shown().is_some() {
            // Any key closes the hint (Esc stops a search still running).
            self.coach_mut().hint = None;
            return true;
        }
        if self.coach().review.is_some() {
            self.review_key(key);
            return true;
        }
        let leaves = matches!(key.code, KeyCode::Esc | KeyCode::Char('q'));
        leaves && self.in_trial() && self.at_rest() && self.back_to_review()
    }

    /// The review list's keys: move, open the position under the cursor (the table becomes
    /// that position, a trial that keeps the finished game to go back to), or leave.
    fn review_key(&mut self, key: KeyEvent)
    where
        Self: GameScreen,
    {
        let Some(list) = self.coach_mut().review.as_mut() else {
            return;
        };
        let count = list.mistakes().len();
        match coach_command(CoachWindow::Review, key.code) {
            Some(CoachCommand::Back) => self.coach_mut().review = None,
            Some(CoachCommand::Up) if list.selected > 0 => list.selected -= 1,
            Some(CoachCommand::Down) if list.selected + 1 < count => list.selected += 1,
            Some(CoachCommand::TryAgain) if list.ready() && count > 0 => {
                let selected = list.selected;
                match self.retry_at(selected) {
                    Ok(mut table) => {
                        table.coach_mut().trial_of = Some(self.boxed());
                        *self = table;
                    }
                    Err(e) => self.say(e, true),
                }
            }
            _ => {}
        }
    }
}
