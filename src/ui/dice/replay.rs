//! The replay viewer on a saved dice game: the dice table after any action, the dice log
//! following the cursor, and a new game continued from any point.
//!
//! The save is replayed once with every seat played by a person, so no bot is asked along
//! the way (a bot's choices are in the saved actions already), and kept on the game's
//! [`Tape`], so each step replays at most [`crate::game::CHECKPOINT_EVERY`] actions however
//! long the game (a game nobody ends can fill a save file with actions).

use std::path::Path;

use crossterm::event::KeyEvent;

use crate::dice::Dice;
use crate::dice::DiceEvent;
use crate::dice::SavedDiceGame;
use crate::game::{After, SeatKind, Tape};
use crate::store::{SavedGame, SavedSeat};
use crate::ui::dice::{DiceTable, roll_report};
use crate::ui::log_scroll::LogScroll;
use crate::ui::replay::control::{self, Controls};
use crate::ui::replay::cursor::{self, Mark};
use crate::ui::replay::{Move, Outcome, marked_log, new_save, rules_flags};

/// Where the dice game stood after one action (or after the deal, at mark 0).
#[derive(Clone, Copy, Debug)]
struct DiceMark {
    turn: u32,
    /// How many log lines had been told by then.
    told: usize,
    /// The action (counted from 1) whose roll the roll report told by then; 0 for none.
    rolled: usize,
}

impl Mark for DiceMark {
    fn turn(&self) -> u32 {
        self.turn
    }

    /// The dice game's turn has no phases to step through.
    fn step(&self) -> u8 {
        0
    }
}

/// The replay viewer on a dice game: the game replayed once, the cursor on one of its
/// actions, and the table as it stood after that action.
#[derive(Clone, Debug)]
pub struct DiceReplay {
    record: SavedGame,
    /// The table at the deal, with the original seats: what every picture starts from.
    deal: DiceTable,
    /// Where the game stood after each action; `marks[0]` is the deal.
    marks: Vec<DiceMark>,
    /// The game from the deal, every action on it.
    tape: Tape<Dice>,
    /// The whole game's log.
    log: Vec<String>,
    cursor: usize,
    picture: Box<DiceTable>,
    /// The prompt, the last refusal or news, and the last search.
    pub controls: Controls,
    source: String,
}

impl DiceReplay {
    /// The viewer on the dice game `record` (read from `source`, shown in the header), the
    /// cursor on its last action; the error says which action does not replay.
    pub fn new(record: SavedGame, source: &str) -> Result<DiceReplay, String> {
        let seats = record
            .seats
            .iter()
            .map(SavedSeat::read::<Dice>)
            .collect::<Result<Vec<SeatKind>, String>>()
            .map_err(|e| format!("the saved game is damaged: {e}"))?;
        let people = SavedGame {
            seats: vec![SavedSeat::of(SeatKind::Human); seats.len()],
            ..record.clone()
        };
        let mut marks = Vec::with_capacity(record.actions.len() + 1);
        let mut deal = None;
        let (mut played, mut rolled) = (0, 0);
        let (end, tape) = DiceTable::replayed(people, |t, events| {
            deal.get_or_insert_with(|| t.clone());
            if roll_report(events, &t.names).is_some() {
                rolled = played;
            }
            marks.push(DiceMark {
                turn: t.turn,
                told: t.log.len(),
                rolled,
            });
            played += 1;
        })?;
        let mut deal = deal.ok_or("the saved game does not deal")?;
        deal.seats = seats;
        let mut replay = DiceReplay {
            record,
            picture: Box::new(deal.clone()),
            deal,
            cursor: marks.len() - 1,
            marks,
            tape,
            log: end.log,
            controls: Controls::default(),
            source: crate::text::sanitize(source).into_owned(),
        };
        *replay.picture = replay.picture_at(replay.cursor);
        Ok(replay)
    }

    /// How many actions the game holds.
    pub fn actions(&self) -> usize {
        self.marks.len() - 1
    }

    /// The action the cursor is on (0: the deal).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The turn the game was in after the action at the cursor.
    pub fn turn(&self) -> u32 {
        self.marks[self.cursor].turn
    }

    /// The table as it stood after the action at the cursor.
    pub fn picture(&self) -> &DiceTable {
        &self.picture
    }

    /// The last refusal, if any.
    pub fn message(&self) -> Option<&str> {
        self.controls.message.as_deref()
    }

    /// The number being typed after `g`, if one is.
    pub fn typed(&self) -> Option<&str> {
        self.controls.typed()
    }

    /// The log in the picture and the reader's place in it.
    pub(crate) fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        let p: &mut DiceTable = &mut self.picture;
        (&p.log, &mut p.log_scroll)
    }

    /// Where the game was read from.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The log lines the action at the cursor told (the deal's for 0).
    pub fn told_here(&self) -> &[String] {
        self.told_by(self.cursor)
    }

    /// The log lines action `n` told.
    fn told_by(&self, n: usize) -> &[String] {
        let range = self.lines_of(n);
        &self.log[range.start.min(self.log.len())..range.end.min(self.log.len())]
    }

    /// Handles one key press; what the app must do, if anything.
    pub fn on_key(&mut self, key: KeyEvent) -> Option<Outcome> {
        control::on_key(self, key)
    }

    /// Moves the cursor, or says why it stays; the dice game has no phases to jump by.
    pub fn go(&mut self, m: Move) {
        if matches!(m, Move::PhaseBack | Move::PhaseForward) {
            self.controls.message =
                Some("The dice game's turn has no phases: { } step a whole turn.".to_string());
            return;
        }
        match cursor::target(&self.marks, self.cursor, m) {
            Ok(n) => self.put(n),
            Err(e) => self.controls.message = Some(e),
        }
    }

    /// Puts the cursor on action `n` (the last past the end).
    fn put(&mut self, n: usize) {
        self.cursor = n.min(self.actions());
        *self.picture = self.picture_at(self.cursor);
    }

    /// The saved game cut after the action at the cursor: the game as it stood then, seats
    /// as played.
    pub fn record_here(&self) -> SavedGame {
        let mut record = self.record.clone();
        record.actions.truncate(self.cursor);
        record.finished = self.picture.state.outcome().is_some();
        record
    }

    /// A new dice game that goes on from the cursor: the record cut there, `seats` seated
    /// (as played when `None`), saved in a new file in `data_dir` (the replayed file is left
    /// as it is).
    pub fn continued(
        &self,
        data_dir: Option<&Path>,
        seats: Option<Vec<SavedSeat>>,
    ) -> Result<DiceTable, String> {
        let mut record = self.record_here();
        if let Some(seats) = seats.filter(|s| s.len() == record.seats.len()) {
            record.seats = seats;
        }
        let name = self.deal.state.ruleset().name.clone();
        let (saver, told) = new_save(
            data_dir,
            record.finished,
            &name,
            &record,
            self.cursor,
            &self.source,
        )?;
        let mut table = DiceTable::resume(record, Some(saver))?;
        table.log.push(told);
        Ok(table)
    }

    /// The log lines action `n` told.
    fn lines_of(&self, n: usize) -> std::ops::Range<usize> {
        let from = if n == 0 { 0 } else { self.marks[n - 1].told };
        from..self.marks[n].told
    }

    /// The table after action `n`, rebuilt from the tape, the log as told by then with the
    /// lines of action `n` marked.
    fn picture_at(&self, n: usize) -> DiceTable {
        let mut table = self.deal.clone();
        table.state = self.tape.state_at(n);
        table.roll_report = self.roll_report_at(n);
        table.turn = self.marks[n].turn;
        table.log = marked_log(&self.log, self.lines_of(n));
        table
    }

    /// What the last roll by action `n` covered: that action's events told again.
    fn roll_report_at(&self, n: usize) -> Option<String> {
        let rolled = self.marks[n].rolled;
        let mut events = Vec::new();
        let mut hear = After(|_: &_, e: &[DiceEvent]| events = e.to_vec());
        self.tape.retell(rolled.checked_sub(1)?, rolled, &mut hear);
        roll_report(&events, &self.deal.names)
    }
}

impl control::Stepped for DiceReplay {
    fn controls(&mut self) -> &mut Controls {
        &mut self.controls
    }

    fn is_dice(&self) -> bool {
        true
    }

    fn actions(&self) -> usize {
        DiceReplay::actions(self)
    }

    fn at(&self) -> usize {
        self.cursor
    }

    fn step(&mut self, m: Move) {
        self.go(m);
    }

    fn put(&mut self, n: usize) {
        DiceReplay::put(self, n);
    }

    fn told(&self, n: usize) -> &[String] {
        self.told_by(n)
    }

    /// The protocol's `state` reply's parts a dice `--position` reads: the names, the seed
    /// and the position.
    fn position(&self) -> serde_json::Value {
        let saved = SavedDiceGame::from(self.picture.state.clone());
        serde_json::json!({
            "names": self.record.names,
            "seed": self.record.seed,
            "position": serde_json::to_value(saved.position).unwrap_or_default(),
        })
    }

    fn rules_flags(&self) -> String {
        rules_flags(&self.record)
    }

    fn over_here(&self) -> bool {
        self.picture.state.outcome().is_some()
    }

    fn seating(&self) -> (Vec<String>, Vec<SavedSeat>, Vec<SavedSeat>) {
        let kinds = SeatKind::all::<Dice>()
            .into_iter()
            .map(SavedSeat::of)
            .collect();
        (self.deal.names.clone(), self.record.seats.clone(), kinds)
    }
}
