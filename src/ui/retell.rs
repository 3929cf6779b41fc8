//! Retelling a saved game: replaying its actions one at a time from the deal, each told in
//! the log's words as it was told when it was played. Resuming a game, taking a move back
//! and the replay viewer all go through here, so a replayed log reads as the played one did,
//! and only [`apply_saved`] knows how a saved action is applied.

use std::sync::Arc;

use super::game::{Seat, starting_state};
use super::log;
use super::trading::{self, Answered, OfferNote, Retold};
use crate::game::Cards;
use crate::store::{SavedGame, SavedSeat};
use serde::Deserialize;

use crate::engine::{Action, Event, GameState, Phase, Position, Ruleset};

/// A saved card game in the card engine's types: the save file keeps actions in their wire
/// form, for both games; a card game reads them once, here.
#[derive(Clone, Debug)]
pub(crate) struct CardRecord {
    pub(crate) ruleset: Arc<Ruleset>,
    pub(crate) seats: Vec<Seat>,
    /// The players' names, made safe to show.
    pub(crate) names: Vec<String>,
    /// The seed the game was dealt with.
    pub(crate) seed: u64,
    /// The position it started from, if it was not dealt from the seed.
    pub(crate) position: Option<Position>,
    /// Each action with the seat that took it.
    pub(crate) actions: Vec<(usize, Action)>,
}

/// A saved card game's ruleset, seats and actions in the card engine's types, or why the
/// save is not a card game this build can play.
pub(crate) fn read_saved(saved: &SavedGame) -> Result<CardRecord, String> {
    let damaged = |why: String| format!("the saved game is damaged: {why}");
    if saved.seats.len() != saved.names.len() {
        return Err(damaged(format!(
            "{} seats for {} players",
            saved.seats.len(),
            saved.names.len()
        )));
    }
    let ruleset = match saved.ruleset.rules()? {
        crate::game::Rules::Cards(r) => r,
        crate::game::Rules::Dice(_) => {
            return Err("the saved game is a dice game, not a card game".to_string());
        }
    };
    let seats = saved
        .seats
        .iter()
        .map(SavedSeat::read::<Cards>)
        .collect::<Result<Vec<Seat>, String>>()
        .map_err(damaged)?;
    let actions = saved
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| {
            crate::game::parse_action(&ruleset, a.clone())
                .map_err(|e| damaged(format!("action {} cannot be read: {e}", i + 1)))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let position = saved
        .position
        .as_ref()
        .map(Position::deserialize)
        .transpose()
        .map_err(|e| damaged(format!("its start position cannot be read: {e}")))?;
    Ok(CardRecord {
        ruleset,
        seats,
        names: crate::text::sanitize_all(&saved.names),
        seed: saved.seed,
        position,
        actions,
    })
}

/// A saved game being replayed from its deal, one action at a time.
pub(crate) struct Retelling<'a> {
    record: &'a CardRecord,
    place: Place,
}

/// Where a retelling stands: all of it but the saved game, so it can be kept and taken up
/// again later ([`Retelling::from_place`]).
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

    /// The game and this turn's offers as the trade panel told them, given up.
    pub(crate) fn into_state_and_notes(self) -> (GameState, Vec<OfferNote>) {
        (self.state, self.notes)
    }
}

impl<'a> Retelling<'a> {
    /// Deals `record` again: the retelling before its first action, and the deal's log
    /// lines.
    pub(crate) fn deal(record: &'a CardRecord) -> Result<(Retelling<'a>, Vec<String>), String> {
        let mut events: Vec<Event> = Vec::new();
        let state = starting_state(
            &record.ruleset,
            record.names.len(),
            record.seed,
            record.position.as_ref(),
            &mut events,
        )?;
        let mut lines = log::describe(&events, &record.ruleset, &record.names, &[]);
        if record.position.is_some() {
            lines.insert(0, position_start_line(&state, &record.names));
        }
        let place = Place {
            state,
            replayed: 0,
            counter: false,
            notes: Vec::new(),
        };
        Ok((Retelling::from_place(record, place), lines))
    }

    /// Takes up the retelling of `record` at `place` (kept from a retelling of the same
    /// game).
    pub(crate) fn from_place(record: &'a CardRecord, place: Place) -> Retelling<'a> {
        Retelling { record, place }
    }

    /// Replays the next saved action and returns its log lines (none for a decline told
    /// with the counter-offer after it); `None` once every action is replayed.
    pub(crate) fn step(&mut self) -> Option<Result<Vec<String>, String>> {
        let i = self.place.replayed;
        let (_, action) = self.record.actions.get(i)?;
        let countered = std::mem::take(&mut self.place.counter);
        let retold = if countered {
            None
        } else {
            trading::retold(&self.place.state, self.record, i)
        };
        let open = self.place.state.offers().to_vec();
        let declined = match action {
            Action::Decline { offer } => Some(*offer),
            _ => None,
        };
        let events = match apply_saved(&mut self.place.state, &self.record.actions, i) {
            Ok(events) => events,
            Err(e) => return Some(Err(e)),
        };
        self.place.replayed += 1;
        let names = &self.record.names;
        trading::record(&mut self.place.notes, &events);
        let lines = match retold {
            _ if countered => trading::counter_line(&self.place.state, names, &events)
                .into_iter()
                .collect(),
            Some(Retold::Counter) => {
                trading::set_answer(&mut self.place.notes, declined, Answered::Countered);
                self.place.counter = true;
                Vec::new()
            }
            None => log::describe(&events, self.place.state.ruleset(), names, &open),
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
}

/// The log's first line for a game started from a position rather than dealt: where it
/// stands, so a reader of the log knows nothing before it was played here.
pub(crate) fn position_start_line(state: &GameState, names: &[String]) -> String {
    let active = names.get(state.active_player()).map_or("?", String::as_str);
    let phase = state.phase();
    let at = match phase.number() {
        Some(n) => format!("phase {n} ({})", phase.title()),
        None => phase.title().to_string(),
    };
    format!(
        "The game begins at a position: turn {}, {active}'s turn, {at}.",
        state.turn()
    )
}

/// Applies saved action `i` of `actions` to `state`, or says which action does not replay.
pub(crate) fn apply_saved(
    state: &mut GameState,
    actions: &[(usize, Action)],
    i: usize,
) -> Result<Vec<Event>, String> {
    let (player, action) = &actions[i];
    state.apply(*player, action).map_err(|e| {
        format!(
            "the saved game does not replay: action {} was refused: {e}",
            i + 1
        )
    })
}
