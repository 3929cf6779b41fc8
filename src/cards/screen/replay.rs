//! The card game in the replay viewer: the save replayed once, told as the log told it,
//! with a copy of the trade panel every [`checkpoint_spacing`] actions, so the table and
//! its panel after any action are rebuilt by replaying at most that many actions, however
//! long the game; its header names the phase, and its table is the card table with every
//! hand shown, or while the game is not over the public table ([`Replayed::hides_hands`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::cards::bots::BotOptions;
use crate::cards::screen::retell::{CardRecord, CardRetelling, Panel, deal, read_saved};
use crate::cards::screen::table::CardTable;
use crate::cards::screen::view::table;
use crate::cards::{Action, Cards, Event, GameState, Phase, TurnedOverRule};
use crate::game::{CHECKPOINT_EVERY, Listener, MAX_CHECKPOINTS, SeatKind, Tape};
use crate::store::{SavedGame, Saver};
use crate::ui::read_back::does_not_replay;
use crate::ui::replay::{Replayed, ReplayedSave, Stop};
use crate::ui::screen::GameScreen;
use crate::ui::theme::Theme;

/// What the card game keeps beside the tape: the game in its own types and the trade panel
/// every few actions.
#[derive(Debug)]
pub struct CardReel {
    /// The saved game without its actions (rules, players, seats, seed): what a picture of
    /// it needs, cheap to copy at every step.
    outline: SavedGame,
    /// The same game in the card engine's types.
    card: CardRecord,
    /// The trade panel after actions 0, `every`, 2 × `every`, …
    checkpoints: Vec<Panel>,
    /// Actions between two checkpoints ([`checkpoint_spacing`]).
    every: usize,
}

impl Replayed for Cards {
    type Own = CardReel;
    type Picture = CardTable;
    const PHASES: bool = true;
    const SHOWN: &'static str = " Every hand is shown.";

    /// Hands are hidden unless the game was played with open hands or its rules lay them
    /// face up.
    fn hides_hands(reel: &ReplayedSave<Cards>) -> bool {
        !reel.record.open_hands && !reel.own.card.ruleset.open_hands
    }

    fn reel(record: SavedGame) -> Result<ReplayedSave<Cards>, String> {
        let card = read_saved(&record)?;
        let (state, log) = deal(&card)?;
        let every = checkpoint_spacing(card.actions.len());
        let mut marking = Marking {
            stops: vec![stop(&state, log.len())],
            checkpoints: vec![Panel::default()],
            every,
            telling: CardRetelling::new(&card, Panel::default()),
        };
        marking.telling.lines = log;
        let tape = Tape::replay(state, card.actions.iter().cloned(), &mut marking)
            .map_err(does_not_replay)?;
        let (stops, log) = (marking.stops, marking.telling.lines);
        let own = CardReel {
            outline: SavedGame {
                actions: crate::store::Actions::new(),
                ..record.clone()
            },
            checkpoints: marking.checkpoints,
            every,
            card,
        };
        Ok(ReplayedSave {
            record,
            names: own.card.names.clone(),
            tape,
            stops,
            log,
            own,
        })
    }

    /// The game and its trade panel, the panel taken up at the nearest copy before `n`.
    fn picture(reel: &ReplayedSave<Cards>, n: usize, log: Vec<String>, hands: bool) -> CardTable {
        let own = &reel.own;
        let n = n.min(reel.actions());
        let from = n - n % own.every;
        let mut telling = CardRetelling::new(&own.card, own.checkpoints[from / own.every].clone());
        let state = reel.tape.retell(from, n, &mut telling);
        let seats: Vec<SeatKind> = own.card.seats.clone();
        let notes = telling.panel.notes;
        CardTable::picture(state, notes, own.outline.clone(), seats, log, hands)
    }

    /// "Replay: action 57 of 412, turn 9, phase 2 (trade)".
    fn title(reel: &ReplayedSave<Cards>, n: usize) -> String {
        let stop = reel.stop(n);
        let duel = reel.own.card.ruleset.phase_2 == TurnedOverRule::PlantAndOffer;
        format!(
            " Replay: action {n} of {}, turn {}, {} ",
            reel.actions(),
            stop.turn,
            phase_name(&stop, duel)
        )
    }

    /// The position, with the players' names and the seed, as `--position` reads it.
    fn position(reel: &ReplayedSave<Cards>, picture: &CardTable) -> serde_json::Value {
        let mut position = picture.state.position();
        for (seat, name) in position.players.iter_mut().zip(&reel.record.names) {
            seat.name = Some(name.clone());
        }
        position.seed = Some(reel.record.seed);
        serde_json::to_value(position).unwrap_or_default()
    }

    fn continued(
        record: SavedGame,
        saver: Saver,
        options: &BotOptions,
        told: String,
    ) -> Result<Box<dyn GameScreen>, String> {
        let mut game = CardTable::resume_with(record, Some(saver), options)?;
        game.shell.log.push(told);
        Ok(game.into())
    }

    fn draw(
        picture: &CardTable,
        footer: Vec<Line<'static>>,
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        table::render_with_footer(picture, theme, area, buf, &footer);
    }
}

/// Actions between two kept copies of the trade panel in a game of `actions` actions:
/// [`CHECKPOINT_EVERY`], or more in a game so long that [`MAX_CHECKPOINTS`] copies would not
/// cover it (a step then replays up to about `actions / MAX_CHECKPOINTS` actions: 150 in the
/// longest save).
fn checkpoint_spacing(actions: usize) -> usize {
    CHECKPOINT_EVERY.max(actions.div_ceil(MAX_CHECKPOINTS))
}

/// The phase a stop is in, as the header says it.
fn phase_name(stop: &Stop, duel: bool) -> &'static str {
    match (stop.step, duel) {
        (0, _) => "the game is over",
        (1, false) => "phase 1 (plant)",
        (2, false) => "phase 2 (trade)",
        (3, false) => "phase 3 (plant traded beans)",
        (1, true) => "step 1 (plant or discard the offer)",
        (2, true) => "step 2 (plant and discard)",
        (3, true) => "step 3 (turn over, plant, offer)",
        _ => "phase 4 (draw)",
    }
}

/// Where an action left the game, as the viewer marks it.
fn stop(state: &GameState, told: usize) -> Stop {
    let over = state.phase() == Phase::GameOver;
    Stop {
        turn: state.turn(),
        step: if over {
            0
        } else {
            state.step_number(state.phase())
        },
        told,
        over,
    }
}

/// The viewer's marks, made while the game is replayed once: a stop after every action, a
/// copy of the trade panel every `every` actions, the log told.
struct Marking<'a> {
    stops: Vec<Stop>,
    checkpoints: Vec<Panel>,
    every: usize,
    telling: CardRetelling<'a>,
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
