//! The coach at the dice table: what the table says of itself for the coach (the person at
//! the keyboard, who is a person, its record played again) and the keys that open its
//! windows; everything the coach does there is [`CoachedTable`]'s, written once for both
//! games. Nothing of the dice game is hidden but the deck's order and the rolls to come,
//! which the coach samples.

use crossterm::event::KeyEvent;

use crate::dice::Dice;
use crate::dice::screen::DiceTable;
use crate::dice::screen::keys::{DiceCommand, DiceControls, DicePlace, command};
use crate::dice::{DiceAction, TurnPhase};
use crate::game::Game as _;
use crate::game::Tape;
use crate::store::SavedGame;
use crate::ui::coach::{AtTable, CoachedTable, DecisionPoint};
use crate::ui::table_shell::TableShell;

impl CoachedTable for DiceTable {
    type G = Dice;

    fn hint_is_private(&self) -> bool {
        false
    }

    fn shell(&self) -> &TableShell<Dice> {
        &self.shell
    }

    fn shell_mut(&mut self) -> &mut TableShell<Dice> {
        &mut self.shell
    }

    fn at_table(&self) -> AtTable<'_, Dice> {
        AtTable {
            state: &self.state,
            names: &self.shell.names,
            seed: self.seed(),
            record: &self.shell.record,
        }
    }

    /// The decision of the person at the keyboard: the served seat's on a table the host
    /// serves; else the active player's when a person plays that seat, else the one
    /// person's at a table of bots; `None` while a bot's move shows.
    fn decision_at_keyboard(&self) -> Option<DecisionPoint> {
        if self.pending.is_some() || self.state.view().phase == TurnPhase::Over {
            return None;
        }
        let active = self.state.active();
        let humans: Vec<usize> = (0..self.shell.seats.len())
            .filter(|&s| self.person(s))
            .collect();
        let player = match humans.as_slice() {
            _ if self.person(active) => active,
            [one] => *one,
            _ => return None,
        };
        if Dice::legal_actions(&self.state, player).is_empty() {
            return None;
        }
        Some(DecisionPoint {
            player,
            at: self.shell.record.actions.len(),
        })
    }

    /// On a served table, the served seat's person alone is at the keyboard.
    fn person(&self, seat: usize) -> bool {
        seat < self.shell.seats.len() && self.plays_here(seat)
    }

    fn tape(&self) -> Result<Tape<Dice>, String> {
        DiceTable::replayed(self.shell.record.clone(), |_, _| {}).map(|(_, tape)| tape)
    }

    fn reopened(&self, record: SavedGame) -> Result<DiceTable, String> {
        DiceTable::replayed(record, |_, _| {}).map(|(table, _)| table)
    }

    fn play_held(&mut self, player: usize, actions: &[DiceAction]) {
        self.act_coached(player, actions);
    }

    /// No die chosen, no harvest asked about, no bot's move on screen.
    fn at_rest(&self) -> bool {
        self.pending.is_none() && self.controls == DiceControls::default()
    }
}

impl DiceTable {
    /// A person's `actions` for `seat`, through the coach ([`CoachedTable::play_coached`]):
    /// from a key, and from the tutor's question once answered (the tutor has asked by then,
    /// so it lets them through).
    pub(crate) fn act_coached(&mut self, seat: usize, actions: &[DiceAction]) {
        self.play_coached(seat, actions, |table| {
            // A served table sends them to the host together, all or none.
            if let Some(sent) = table.send_to_host(seat, actions) {
                return sent;
            }
            actions.iter().all(|action| table.act(seat, action))
        });
    }

    /// The coach's keys, before the table's: its windows' keys while one is open
    /// ([`CoachedTable::coach_window_key`]), `r` on the final scores opens the review and
    /// `!` the hint. `false` when the key is not the coach's.
    pub(crate) fn coach_key(&mut self, key: KeyEvent) -> bool {
        if self.coach_window_key(key) {
            return true;
        }
        if self.state.view().phase == TurnPhase::Over {
            let review = command(DicePlace::GameOver, key.code) == Some(DiceCommand::Review);
            if review {
                self.open_review();
            }
            return review;
        }
        if command(DicePlace::Table, key.code) == Some(DiceCommand::Hint) {
            self.open_hint();
            return true;
        }
        false
    }
}
