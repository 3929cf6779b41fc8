//! Retelling a saved game: its actions replayed on a [`Tape`] from the deal, each told in
//! the log's words as it was told when it was played. Resuming a game, taking a move back
//! and the replay viewer all go through here, so a replayed log reads as the played one
//! did; the tape alone applies the actions.

use crate::ui::read_back::{damaged, does_not_replay, read_in};
use std::sync::Arc;

use crate::cards::Cards;
use crate::cards::screen::log;
use crate::cards::screen::table::starting_state;
use crate::cards::screen::trading::{self, Answered, DeclineKind, OfferNote};
use crate::store::SavedGame;
use serde::Deserialize;

use crate::cards::{Action, Event, GameState, Phase, Position, Ruleset};
use crate::game::{Listener, SeatKind, Tape};

/// A saved card game in the card engine's types: the save file keeps actions in their wire
/// form, for both games; a card game reads them once, here.
#[derive(Clone, Debug)]
pub(crate) struct CardRecord {
    pub(crate) ruleset: Arc<Ruleset>,
    pub(crate) seats: Vec<SeatKind>,
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
    if saved.seats.len() != saved.names.len() {
        return Err(damaged(format!(
            "{} seats for {} players",
            saved.seats.len(),
            saved.names.len()
        )));
    }
    let (ruleset, seats, actions) = read_in::<Cards>(
        saved,
        "the saved game is a dice game, not a card game",
        crate::cards::wire::parse_action,
    )?;
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

/// The trade panel as a retelling left it: this turn's offers and their answers, and
/// whether the decline just told was sent with the counter-offer that comes next (told
/// with it). Small, so a viewer keeps a copy every few actions.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub(crate) struct Panel {
    /// This turn's offers and their answers, as the trade panel told them when played.
    pub(crate) notes: Vec<OfferNote>,
    counter: bool,
}

/// What was seen before the action being told: all the telling after it needs.
#[derive(Default)]
struct Before {
    countered: bool,
    retold: Option<DeclineKind>,
    open: Vec<crate::cards::Offer>,
    declined: Option<u32>,
}

/// A saved card game told action by action as the log told it when played, while a
/// [`Tape`] replays it (the tape plays the actions; this only tells them).
pub(crate) struct CardRetelling<'a> {
    record: &'a CardRecord,
    /// The log lines told so far.
    pub(crate) lines: Vec<String>,
    /// The trade panel.
    pub(crate) panel: Panel,
    before: Before,
}

impl<'a> CardRetelling<'a> {
    /// A telling of `record` taken up with the trade panel at `panel` and no lines yet.
    pub(crate) fn new(record: &'a CardRecord, panel: Panel) -> CardRetelling<'a> {
        CardRetelling {
            record,
            lines: Vec::new(),
            panel,
            before: Before::default(),
        }
    }
}

impl Listener<Cards> for CardRetelling<'_> {
    fn before(&mut self, state: &GameState, n: usize, _player: usize, action: &Action) {
        let countered = std::mem::take(&mut self.panel.counter);
        self.before = Before {
            countered,
            retold: if countered {
                None
            } else {
                trading::retold(state, self.record, n)
            },
            open: state.offers().to_vec(),
            declined: match action {
                Action::Decline { offer } => Some(*offer),
                _ => None,
            },
        };
    }

    fn after(&mut self, state: &GameState, events: &[Event]) {
        let before = std::mem::take(&mut self.before);
        let names = &self.record.names;
        let panel = &mut self.panel;
        trading::record(&mut panel.notes, events);
        match before.retold {
            _ if before.countered => self
                .lines
                .extend(trading::counter_line(state, names, events)),
            Some(DeclineKind::Counter) => {
                trading::set_answer(&mut panel.notes, before.declined, Answered::Countered);
                panel.counter = true;
            }
            None => self
                .lines
                .extend(log::describe(events, state.ruleset(), names, &before.open)),
        }
        if state.phase() != Phase::Trade {
            panel.notes.clear();
        }
    }
}

/// Deals `record` again: the game before its first action, and the deal's log lines.
pub(crate) fn deal(record: &CardRecord) -> Result<(GameState, Vec<String>), String> {
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
    Ok((state, lines))
}

/// Replays `record` from its deal on a tape, told as it was: the tape, the whole log and
/// the trade panel at the end.
pub(crate) fn retell(record: &CardRecord) -> Result<(Tape<Cards>, Vec<String>, Panel), String> {
    let (state, lines) = deal(record)?;
    let mut telling = CardRetelling::new(record, Panel::default());
    telling.lines = lines;
    let tape = Tape::replay(state, record.actions.iter().cloned(), &mut telling)
        .map_err(does_not_replay)?;
    Ok((tape, telling.lines, telling.panel))
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
