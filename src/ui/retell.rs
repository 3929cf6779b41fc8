//! Retelling a saved game: replaying its actions one at a time from the deal, each told in
//! the log's words as it was told when it was played. Resuming a game and the replay viewer
//! both go through here, so a replayed log reads as the played one did, and only
//! `apply_saved` knows how a saved action is applied.

use std::sync::Arc;

use super::log;
use super::save::SavedGame;
use super::trading::{self, Answered, OfferNote, Retold};
use crate::engine::{Action, Event, GameState, Phase, Ruleset};

/// A saved game being replayed from its deal, one action at a time.
pub(crate) struct Retelling<'a> {
    saved: &'a SavedGame,
    names: Vec<String>,
    place: Place,
}

/// Where a retelling stands: all of it but the saved game and the names, so it can be kept
/// and taken up again later ([`Retelling::from_place`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Place {
    state: GameState,
    /// How many of the saved actions have been replayed.
    replayed: usize,
    /// The decline just replayed was sent with the counter-offer that comes next, and is
    /// told with it.
    counter: bool,
    /// This turn's offers and their answers, as the trade panel told them when played.
    notes: Vec<OfferNote>,
}

impl Place {
    /// The game after the actions replayed so far.
    pub(crate) fn state(&self) -> &GameState {
        &self.state
    }

    /// This turn's offers and their answers so far, for the trade panel.
    pub(crate) fn notes(&self) -> &[OfferNote] {
        &self.notes
    }

    /// How many of the saved actions have been replayed.
    pub(crate) fn replayed(&self) -> usize {
        self.replayed
    }
}

impl<'a> Retelling<'a> {
    /// Deals `saved` again (played by `ruleset`, checked from its source): the retelling
    /// before its first action, and the deal's log lines.
    pub(crate) fn deal(
        saved: &'a SavedGame,
        ruleset: &Arc<Ruleset>,
    ) -> Result<(Retelling<'a>, Vec<String>), String> {
        let mut events: Vec<Event> = Vec::new();
        let state = GameState::new_with_events(ruleset, saved.names.len(), saved.seed, &mut events)
            .map_err(|e| e.to_string())?;
        let names = crate::text::sanitize_all(&saved.names);
        let lines = log::describe(&events, ruleset, &names, &[]);
        let place = Place {
            state,
            replayed: 0,
            counter: false,
            notes: Vec::new(),
        };
        Ok((Retelling::from_place(saved, names, place), lines))
    }

    /// Takes up the retelling of `saved` at `place` (kept from a retelling of the same
    /// game), its players called `names` (made safe to show).
    pub(crate) fn from_place(
        saved: &'a SavedGame,
        names: Vec<String>,
        place: Place,
    ) -> Retelling<'a> {
        Retelling {
            saved,
            names,
            place,
        }
    }

    /// Replays the next saved action and returns its log lines (none for a decline told
    /// with the counter-offer after it); `None` once every action is replayed.
    pub(crate) fn step(&mut self) -> Option<Result<Vec<String>, String>> {
        let i = self.place.replayed;
        if i >= self.saved.actions.len() {
            return None;
        }
        let countered = std::mem::take(&mut self.place.counter);
        let retold = if countered {
            None
        } else {
            trading::retold(&self.place.state, self.saved, i)
        };
        let open = self.place.state.offers().to_vec();
        let declined = match self.saved.actions[i].action {
            Action::Decline { offer } => Some(offer),
            _ => None,
        };
        let events = match apply_saved(&mut self.place.state, self.saved, i) {
            Ok(events) => events,
            Err(e) => return Some(Err(e)),
        };
        self.place.replayed += 1;
        trading::record(&mut self.place.notes, &events);
        let lines = match retold {
            _ if countered => trading::counter_line(&self.place.state, &self.names, &events)
                .into_iter()
                .collect(),
            Some(Retold::Lacks(line, answer)) => {
                trading::set_answer(&mut self.place.notes, declined, answer);
                vec![line]
            }
            Some(Retold::Counter) => {
                trading::set_answer(&mut self.place.notes, declined, Answered::Countered);
                self.place.counter = true;
                Vec::new()
            }
            None => log::describe(&events, self.place.state.ruleset(), &self.names, &open),
        };
        if self.place.state.phase() != Phase::Trade {
            self.place.notes.clear();
        }
        Some(Ok(lines))
    }

    /// Where the retelling stands.
    pub(crate) fn place(&self) -> &Place {
        &self.place
    }

    /// Where the retelling stands, given up.
    pub(crate) fn into_place(self) -> Place {
        self.place
    }

    /// The game after the actions replayed so far and this turn's offers as the trade
    /// panel told them, given up.
    pub(crate) fn into_state_and_notes(self) -> (GameState, Vec<OfferNote>) {
        (self.place.state, self.place.notes)
    }

    /// The players' names, made safe to show.
    pub(crate) fn names(&self) -> &[String] {
        &self.names
    }
}

/// Applies saved action `i` to `state`, or says which action does not replay.
fn apply_saved(state: &mut GameState, saved: &SavedGame, i: usize) -> Result<Vec<Event>, String> {
    let a = &saved.actions[i];
    state.apply(a.player, &a.action).map_err(|e| {
        format!(
            "the saved game does not replay: action {} was refused: {e}",
            i + 1
        )
    })
}
