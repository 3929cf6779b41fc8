//! The dice table's controller: the game, who sits where, the bots, the log, what the keys
//! have chosen so far, and the save. The game changes only through [`DiceState::apply`], and
//! every action is saved as it is played, as the card game's are.

use std::sync::Arc;

use super::digest::{DiceDigest, Waited};
use super::keys::{DiceControls, DiceKeyOutcome, DiceMode, dice_key};
use super::log::{describe, roll_report, turns_begun};
use super::served::DiceLink;
use crate::dice::Dice;
use crate::dice::DiceEvent;
use crate::dice::wire::{action_json as dice_action_json, parse_action as parse_dice_action};
use crate::dice::{DiceAction, DiceError, DicePosition, DiceRuleset, DiceState, DiceView, Seat};
use crate::game::Game as _;
use crate::game::{BotOptions, Listener, Next, SeatKind, Table, Tape};
use crate::store::{SavedGame, Saver};
use crate::ui::GameConfig;
use crate::ui::app::Overlay;
use crate::ui::bots::Bots;
use crate::ui::read_back::{does_not_replay, read_in};
use crate::ui::table_shell::TableShell;
use crate::ui::words::turn_heading;
use serde::Deserialize;

/// The most log lines kept, so a game nobody ends (the dice game needs someone to harvest)
/// cannot grow without end: about 5 MB of text. A whole game writes a few hundred lines, so
/// every game's whole log is kept.
const LOG_LINES: usize = 100_000;

/// A dice game on screen.
#[derive(Clone, Debug)]
pub struct DiceTable {
    /// The game.
    pub state: DiceState,
    /// The players, the log, the message line, the save and the coach: what every game's
    /// table holds ([`TableShell`]).
    pub shell: TableShell<Dice>,
    /// The turn being played, counting the first as 1.
    pub turn: u32,
    /// Who covered what with the last roll.
    pub roll_report: Option<String>,
    /// The dice chosen to save and the harvest question, as the keys left them.
    pub controls: DiceControls,
    /// The bot move shown now and played after the pace's wait ([`DiceTable::play_bot`]).
    pub pending: Option<(Seat, DiceAction)>,
    /// The seats' bots at the one table driver (no bot for a person).
    bots: Bots<Dice>,
    /// The bot moves played since a person last moved, for the digest.
    digest: DiceDigest,
    /// What the bots did while the person at the keyboard waited, said until the next move.
    waited: Option<Waited>,
    /// The seat this table is served to by the network host (`None`: a hot-seat table,
    /// which plays its own bots).
    pub(super) link: Option<DiceLink>,
}

impl DiceTable {
    /// The seed the game was dealt with, shown so anyone can deal it again: the record's, so
    /// the screen and the save cannot disagree.
    pub fn seed(&self) -> u64 {
        self.shell.record.seed
    }

    /// Deals a new dice game, saved by `saver` from the start; the error says why it cannot
    /// start.
    pub fn new(config: GameConfig<Dice>, saver: Option<Saver>) -> Result<DiceTable, String> {
        DiceTable::start(config, None, saver)
    }

    /// Starts a dice game at `position` (the `position` of the protocol's `state` reply),
    /// checked by the engine; the save keeps it, so the game resumes from it.
    pub fn at_position(
        config: GameConfig<Dice>,
        position: DicePosition,
        saver: Option<Saver>,
    ) -> Result<DiceTable, String> {
        let position = serde_json::to_value(position).map_err(|e| e.to_string())?;
        DiceTable::start(config, Some(position), saver)
    }

    fn start(
        config: GameConfig<Dice>,
        position: Option<serde_json::Value>,
        saver: Option<Saver>,
    ) -> Result<DiceTable, String> {
        // The dice game hides nothing: no hands are opened, whatever the flag says.
        let record = SavedGame {
            open_hands: false,
            ..config.record(position)
        };
        let mut table = DiceTable::deal(&config.ruleset, record, config.seats, None)?;
        table.shell.saver = saver;
        table.shell.save();
        Ok(table)
    }

    /// Continues a saved dice game by playing its actions again through the engine's checks;
    /// its bots are made from the same seats and seed and asked along the way as they were,
    /// so the game goes on exactly as it would have. `saver` saves what follows.
    pub fn resume(saved: SavedGame, saver: Option<Saver>) -> Result<DiceTable, String> {
        let (mut table, _) = DiceTable::replayed(saved, |_, _| {})?;
        table.shell.saver = saver;
        table.shell.log.push("Game resumed.".to_string());
        Ok(table)
    }

    /// Plays a saved dice game's actions again on a [`Tape`] as [`DiceTable::resume`]
    /// does, showing `each` the table at the deal and after every action with the action's
    /// events (the replay viewer keeps what it needs from each); not saved. The tape comes
    /// back with the table.
    pub fn replayed(
        saved: SavedGame,
        each: impl FnMut(&DiceTable, &[DiceEvent]),
    ) -> Result<(DiceTable, Tape<Dice>), String> {
        DiceTable::replayed_as(saved, None, each)
    }

    /// [`DiceTable::replayed`], the table served to the seat of `link` if given (its bots
    /// then never asked: the host's table plays them).
    pub(super) fn replayed_as(
        mut saved: SavedGame,
        link: Option<DiceLink>,
        each: impl FnMut(&DiceTable, &[DiceEvent]),
    ) -> Result<(DiceTable, Tape<Dice>), String> {
        let (ruleset, seats, actions) = read_in::<Dice>(
            &saved,
            "the saved game is a card game, not the dice game",
            |_, wire| parse_dice_action(wire),
        )?;
        saved.actions = crate::store::Actions::new();
        let mut table = DiceTable::deal(&ruleset, saved, seats, link)?;
        let mut teller = DiceRetelling {
            table: &mut table,
            each,
            acting: None,
        };
        (teller.each)(teller.table, &[]);
        let start = teller.table.state.clone();
        let tape = Tape::replay(start, actions, &mut teller).map_err(does_not_replay)?;
        Ok((table, tape))
    }

    /// The table at the deal of `record`'s game (its actions not yet played), not saved;
    /// served to the seat of `link`, if given.
    fn deal(
        ruleset: &Arc<DiceRuleset>,
        record: SavedGame,
        seats: Vec<SeatKind>,
        link: Option<DiceLink>,
    ) -> Result<DiceTable, String> {
        if record.names.len() != seats.len() {
            return Err(format!(
                "{} names for {} seats",
                record.names.len(),
                seats.len()
            ));
        }
        let state = match &record.position {
            None => DiceState::new(ruleset, seats.len(), record.seed).map_err(|e| e.to_string())?,
            Some(value) => {
                let position = DicePosition::deserialize(value)
                    .map_err(|e| format!("the saved game's start position is damaged: {e}"))?;
                if position.players.len() != seats.len() {
                    return Err(format!(
                        "the saved game's start position seats {} players, not {}",
                        position.players.len(),
                        seats.len()
                    ));
                }
                DiceState::from_position(ruleset, position).map_err(|e| e.to_string())?
            }
        };
        let bots = Table::<Dice>::new(&seats, record.seed, &BotOptions::default())?;
        let mut shell = TableShell::new(record, seats, None);
        let first: String = shell.names.get(state.active()).cloned().unwrap_or_default();
        shell.log.push(turn_heading(&first));
        let mut table = DiceTable {
            state,
            shell,
            turn: 1,
            roll_report: None,
            controls: DiceControls::default(),
            pending: None,
            bots: Bots::new(bots),
            digest: DiceDigest::default(),
            waited: None,
            link,
        };
        let begins = if table.shell.record.position.is_some() {
            format!(
                "The game begins at a position: {first}'s turn, with the bean piece and the dice."
            )
        } else {
            format!("{first} takes the bean piece and the dice.")
        };
        table.shell.log.push(begins);
        table.plan_bot();
        Ok(table)
    }

    /// `seat` does `action`: on success it is saved, and the log, the roll report and the
    /// next bot move are brought up to date; a refusal is shown in the engine's words and
    /// changes nothing. Returns whether the action was played.
    /// A served table sends the action to the host instead, which plays it for everyone.
    pub fn act(&mut self, seat: Seat, action: &DiceAction) -> bool {
        if let Some(sent) = self.send_to_host(seat, std::slice::from_ref(action)) {
            return sent;
        }
        match self.apply(seat, action) {
            Ok(events) => {
                self.waited = None;
                if self.shell.is_bot(seat) {
                    self.digest.note(seat, &events);
                } else {
                    self.digest = DiceDigest::default();
                }
                self.shell.message = None;
                self.controls = DiceControls::default();
                self.shell.save();
                true
            }
            Err(e) => {
                self.shell.message = Some((refusal(&e, seat, &self.shell.names), true));
                false
            }
        }
    }

    /// Plays `action` for `seat` and records it, as a live game and a resumed one alike do:
    /// the bots are asked again only after an action is played, so a resumed game asks
    /// them exactly what the original did.
    pub(super) fn apply(
        &mut self,
        seat: Seat,
        action: &DiceAction,
    ) -> Result<Vec<DiceEvent>, DiceError> {
        let events = self.state.apply(seat, action)?;
        self.told(seat, action, &events);
        Ok(events)
    }

    /// Tells the table about `seat`'s `action`, played into its game with `events`: the
    /// turn, the log, the roll report, the record, and the bots' next move.
    fn told(&mut self, seat: Seat, action: &DiceAction, events: &[DiceEvent]) {
        self.turn += turns_begun(events);
        self.shell.log.extend(describe(events, &self.shell.names));
        // The oldest lines go a batch at a time, so a long game does not move the whole log
        // after every action.
        if self.shell.log.len() > LOG_LINES + LOG_LINES / 4 {
            let excess = self.shell.log.len() - LOG_LINES;
            self.shell.log.drain(..excess);
        }
        // The report tells the turn's last roll: a new turn has none yet.
        if let Some(report) = roll_report(events, &self.shell.names) {
            self.roll_report = Some(report);
        } else if turns_begun(events) > 0 {
            self.roll_report = None;
        }
        self.shell
            .record
            .actions
            .push(&dice_action_json(seat, action));
        self.shell.record.finished = self.state.outcome().is_some();
        self.plan_bot();
    }

    /// The table as this screen's viewer sees it: the served seat's view of the game, or
    /// on a hot-seat screen the public table (the dice game hides nothing from any seat).
    pub fn table_view(&self) -> DiceView {
        match self.served_seat() {
            Some(seat) => Dice::view(&self.state, seat),
            None => self.state.view(),
        }
    }

    /// Handles one key; returns the window to open over the table, if the key asks for one.
    pub fn on_key(&mut self, key: crossterm::event::KeyEvent) -> Option<Overlay> {
        // What was said answered the key before: each key is answered afresh, as at the card
        // table, so a refusal never outlives the question it answered.
        self.shell.message = None;
        if self.coach_key(key) || self.refuses_turn_key(key) {
            return None;
        }
        let view = self.table_view();
        let result = dice_key(
            &self.controls,
            &view,
            &self.shell.seats,
            &self.shell.names,
            key,
        );
        self.controls = result.controls;
        if self.refuses_harvest_for_another() {
            return None;
        }
        match result.outcome {
            DiceKeyOutcome::Nothing => {}
            DiceKeyOutcome::Overlay(o) => return Some(o),
            DiceKeyOutcome::Refused(why) => self.shell.message = Some((why, true)),
            DiceKeyOutcome::Act(seat, action) => self.act_coached(seat, &[action]),
            DiceKeyOutcome::TakeBack => {
                self.shell.message = self.take_back().err().map(|why| (why, true));
            }
        }
        None
    }

    /// Asks the table driver for the bots' next move (those who may harvest round the
    /// table from the active player's left, then the active player), as `simulate` does;
    /// a served table has none (the host's table plays the bots).
    fn plan_bot(&mut self) {
        if self.link.is_some() {
            self.pending = None;
            return;
        }
        self.pending = match self.bots.next(&self.state, self.shell.pace) {
            Next::Bot { player, action } => {
                // The bots think about the next move while this one is on screen.
                self.bots
                    .think_ahead(&self.state, player, &action, self.shell.pace);
                Some((player, action))
            }
            Next::Human { .. } | Next::GameOver | Next::Stuck => None,
        };
    }

    /// Whether a bot move waits to be played: the bots wait while a person answers the
    /// harvest question, so the table does not change under it.
    pub fn bot_ready(&self) -> bool {
        self.pending.is_some() && self.controls.mode == DiceMode::Table
    }

    /// Plays the bot move on screen, if one is ready; `false` when none is.
    pub fn play_bot(&mut self) -> bool {
        if !self.bot_ready() {
            return false;
        }
        let Some((seat, action)) = self.pending.take() else {
            return false;
        };
        if !self.act(seat, &action) {
            // A bot that asks for a refused move would ask again: it stops, and the
            // refusal stays on screen.
            self.pending = None;
        } else if self.pending.is_none() {
            // The keyboard comes back to a person: what the bots did, in one line.
            self.waited = self.digest.told(&self.shell.names);
        }
        true
    }

    /// What the bots did while the person at the keyboard waited, until that person's
    /// next move.
    pub fn waited(&self) -> Option<&Waited> {
        self.waited.as_ref()
    }
}

/// Why `seat`'s action was refused, in the engine's words; a harvest too early names the
/// player instead of "you" (anyone may press `h` for anyone at a hot-seat table) and is
/// short enough for the 80 columns of the message line.
pub(super) fn refusal(e: &DiceError, seat: Seat, names: &[String]) -> String {
    match e {
        DiceError::TooFewOrders { covered, min } => format!(
            "{} has completed {}: a harvest needs at least {min}",
            names.get(seat).map_or("?", String::as_str),
            crate::ui::words::plural(*covered, "order", "orders")
        ),
        _ => e.to_string(),
    }
}

/// A dice table told about each action a [`Tape`] replays, as if it were played at it.
struct DiceRetelling<'a, F> {
    table: &'a mut DiceTable,
    each: F,
    /// The action being replayed, with its seat.
    acting: Option<(Seat, DiceAction)>,
}

impl<F: FnMut(&DiceTable, &[DiceEvent])> Listener<Dice> for DiceRetelling<'_, F> {
    fn before(&mut self, _state: &DiceState, _n: usize, player: usize, action: &DiceAction) {
        self.acting = Some((player, action.clone()));
    }

    fn after(&mut self, state: &DiceState, events: &[DiceEvent]) {
        self.table.state = state.clone();
        if let Some((seat, action)) = self.acting.take() {
            self.table.told(seat, &action, events);
        }
        (self.each)(self.table, events);
    }
}
