//! The dice table's controller: the game, who sits where, the bots, the log, and what the
//! keys have chosen so far. The game changes only through [`DiceState::apply`].

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::keys::{DiceControls, DiceKeyOutcome, DiceMode, dice_key};
use super::log::{describe, roll_report, turns_begun};
use super::seat::DiceSeat;
use crate::dice::bots::DiceBot;
use crate::dice::{DiceAction, DiceRuleset, DiceState, Seat};
use crate::text::sanitize;
use crate::ui::app::Overlay;
use crate::ui::log::turn_heading;
use crate::ui::log_scroll::LogScroll;

/// The most log lines kept, so a game nobody ends (the dice game needs someone to harvest)
/// cannot grow without end: about 5 MB of text. A whole game writes a few hundred lines, so
/// every game's whole log is kept.
const LOG_LINES: usize = 100_000;

/// What a new dice game is made of.
#[derive(Clone, Debug)]
pub struct DiceConfig {
    /// The dice game's rules.
    pub ruleset: Arc<DiceRuleset>,
    /// The players' names in seat order.
    pub names: Vec<String>,
    /// Who plays each seat.
    pub seats: Vec<DiceSeat>,
    /// The seed of the deck and the dice.
    pub seed: u64,
}

/// The bots of the seats they play (`None` for a person). Shared between clones of the
/// table: a bot's memory is its own, not part of the game.
#[derive(Clone)]
struct DiceBots(Rc<RefCell<Vec<SeatBot>>>);

/// The bot playing one seat, or `None` for a person.
type SeatBot = Option<Box<dyn DiceBot>>;

impl std::fmt::Debug for DiceBots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DiceBots")
    }
}

/// A dice game on screen.
#[derive(Clone, Debug)]
pub struct DiceTable {
    /// The game.
    pub state: DiceState,
    /// The players' names, safe to print.
    pub names: Vec<String>,
    /// Who plays each seat.
    pub seats: Vec<DiceSeat>,
    /// What happened, oldest first.
    pub log: Vec<String>,
    /// Where the reader of the log is.
    pub log_scroll: LogScroll,
    /// The seed the game was dealt with, shown so anyone can deal it again.
    pub seed: u64,
    /// The turn being played, counting the first as 1.
    pub turn: u32,
    /// Who covered what with the last roll.
    pub roll_report: Option<String>,
    /// The dice chosen to save and the harvest question, as the keys left them.
    pub controls: DiceControls,
    /// A message for the players; `true` when it is a refusal.
    pub message: Option<(String, bool)>,
    /// The bot move shown now and played after the pace's wait ([`DiceTable::play_bot`]).
    pub pending: Option<(Seat, DiceAction)>,
    bots: DiceBots,
}

impl DiceTable {
    /// Deals a new dice game; the error says why it cannot start.
    pub fn new(config: DiceConfig) -> Result<DiceTable, String> {
        if config.names.len() != config.seats.len() {
            return Err(format!(
                "{} names for {} seats",
                config.names.len(),
                config.seats.len()
            ));
        }
        let state = DiceState::new(&config.ruleset, config.seats.len(), config.seed)
            .map_err(|e| e.to_string())?;
        let bots = config
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| match seat {
                DiceSeat::Human => None,
                DiceSeat::Bot(k) => Some(k.make(config.seed.wrapping_add(i as u64))),
            })
            .collect();
        let names: Vec<String> = config
            .names
            .iter()
            .map(|n| sanitize(n).into_owned())
            .collect();
        let first: String = names.get(state.active()).cloned().unwrap_or_default();
        let mut table = DiceTable {
            state,
            names,
            seats: config.seats,
            log: vec![turn_heading(&first)],
            log_scroll: LogScroll::default(),
            seed: config.seed,
            turn: 1,
            roll_report: None,
            controls: DiceControls::default(),
            message: None,
            pending: None,
            bots: DiceBots(Rc::new(RefCell::new(bots))),
        };
        table
            .log
            .push(format!("{first} takes the bean piece and the dice."));
        table.plan_bot();
        Ok(table)
    }

    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats.get(seat) == Some(&DiceSeat::Human)
    }

    /// `seat` does `action`: on success the log, the roll report and the next bot move are
    /// brought up to date; a refusal is shown in the engine's words and changes nothing.
    /// Returns whether the action was played.
    pub fn act(&mut self, seat: Seat, action: &DiceAction) -> bool {
        let played = match self.state.apply(seat, action) {
            Ok(events) => {
                self.turn += turns_begun(&events);
                self.log.extend(describe(&events, &self.names));
                let excess = self.log.len().saturating_sub(LOG_LINES);
                self.log.drain(..excess);
                if let Some(report) = roll_report(&events, &self.names) {
                    self.roll_report = Some(report);
                }
                self.message = None;
                self.controls = DiceControls::default();
                true
            }
            Err(e) => {
                self.message = Some((e.to_string(), true));
                false
            }
        };
        self.plan_bot();
        played
    }

    /// Handles one key; returns the window to open over the table, if the key asks for one.
    pub fn on_key(&mut self, key: crossterm::event::KeyEvent) -> Option<Overlay> {
        let view = self.state.view();
        let result = dice_key(&self.controls, &view, &self.seats, &self.names, key);
        self.controls = result.controls;
        match result.outcome {
            DiceKeyOutcome::Nothing => {}
            DiceKeyOutcome::Overlay(o) => return Some(o),
            DiceKeyOutcome::Refused(why) => self.message = Some((why, true)),
            DiceKeyOutcome::Act(seat, action) => {
                self.act(seat, &action);
            }
        }
        None
    }

    /// Asks the bots for their next move, as the bots' driver does: those who may harvest
    /// round the table from the active player's left, then the active player.
    fn plan_bot(&mut self) {
        self.pending = None;
        if self.state.outcome().is_some() {
            return;
        }
        let count = self.state.player_count();
        let active = self.state.active();
        let mut bots = self.bots.0.borrow_mut();
        let others = (1..count).map(|i| (active + i) % count);
        for seat in others.filter(|&s| self.state.may_harvest(s)) {
            if let Some(bot) = bots[seat].as_mut()
                && let Some(action) = bot.choose(&self.state, seat)
            {
                self.pending = Some((seat, action));
                return;
            }
        }
        if let Some(bot) = bots[active].as_mut() {
            self.pending = bot.choose(&self.state, active).map(|a| (active, a));
        }
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
        }
        true
    }
}
