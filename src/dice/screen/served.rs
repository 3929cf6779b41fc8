//! The dice table as the network host serves it to one joined seat (`bohnanza join`, a guest
//! over SSH): the hot-seat table with its keys acting for that seat alone, no bots of its
//! own, and nothing to hand off (the dice game hides nothing a seat could see of another).
//!
//! The game is the host's, as at the served card table: every action the host accepts is
//! played into this table's copy ([`DiceTable::follow`]), the same engine giving the same
//! dice, cards and log as on the host. A key that takes an action does not change the copy:
//! the action goes to the host ([`SeatHost`]), which checks it, plays it and sends it to
//! every seat, this one included. What the table draws is the view of its own seat
//! ([`DiceTable::table_view`]).

use std::sync::Arc;

use crossterm::event::KeyEvent;
use serde_json::Value;

use super::DiceMode;
use super::keys::{DicePlace, command};
use super::table::DiceTable;
use crate::dice::wire::{action_json, parse_action};
use crate::dice::{DiceAction, Seat, TurnPhase};
use crate::store::SavedGame;
use crate::ui::served::{SeatHost, ServedTable};

/// The seat a served dice table is played from, and its host.
#[derive(Clone)]
pub struct DiceLink {
    /// The seat the keys act for.
    pub seat: Seat,
    host: Arc<dyn SeatHost>,
}

impl std::fmt::Debug for DiceLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiceLink")
            .field("seat", &self.seat)
            .finish_non_exhaustive()
    }
}

impl DiceTable {
    /// The table of `seat` in the hosted dice game `record` (its actions so far played
    /// again), whose moves go to `host`.
    pub fn served(
        record: SavedGame,
        seat: Seat,
        host: Arc<dyn SeatHost>,
    ) -> Result<DiceTable, String> {
        if seat >= record.names.len() {
            return Err(format!("the game has no seat {seat}"));
        }
        let link = DiceLink { seat, host };
        DiceTable::replayed_as(record, Some(link), |_, _| {}).map(|(table, _)| table)
    }

    /// The seat this table is served to, if the host serves it.
    pub fn served_seat(&self) -> Option<Seat> {
        self.link.as_ref().map(|l| l.seat)
    }

    /// How many of the game's actions this table has played.
    pub fn actions_seen(&self) -> usize {
        self.shell.record.actions.len()
    }

    /// Plays `actions`, the host's accepted actions after the ones this table has seen (wire
    /// form). Dice chosen to save stay chosen while they may still be saved.
    pub fn follow(&mut self, actions: &[Value]) -> Result<(), String> {
        for wire in actions {
            let n = self.actions_seen() + 1;
            let cannot = |why: String| format!("the host's action {n} cannot be followed: {why}");
            let (seat, action) = parse_action(wire.clone()).map_err(|e| cannot(e.to_string()))?;
            self.apply(seat, &action)
                .map_err(|e| cannot(e.to_string()))?;
        }
        if !actions.is_empty() {
            // As at the hot-seat table, a move played answers what was said before it.
            self.shell.message = None;
            self.keep_what_may_be_chosen();
        }
        Ok(())
    }

    /// Refuses a turn key (roll, choose, save, pass) typed on a served table while another
    /// seat's turn is played, so nothing is chosen for them; `false` when the key is not
    /// refused here.
    pub(crate) fn refuses_turn_key(&mut self, key: KeyEvent) -> bool {
        let Some(own) = self.served_seat() else {
            return false;
        };
        let turn_key = self.controls.mode == DiceMode::Table
            && command(DicePlace::Table, key.code).is_none()
            && command(DicePlace::Turn, key.code).is_some();
        let (active, phase) = (self.state.active(), self.state.phase());
        if !turn_key || active == own || phase == TurnPhase::Over {
            return false;
        }
        self.shell.message = Some((self.not_yours(active, own), true));
        true
    }

    /// Drops the harvest question the keys just asked of another seat than the served one
    /// (`h` then their number), saying why; `false` when there is none to drop.
    pub(crate) fn refuses_harvest_for_another(&mut self) -> bool {
        let (DiceMode::ConfirmHarvest(seat), Some(own)) = (self.controls.mode, self.served_seat())
        else {
            return false;
        };
        if seat == own {
            return false;
        }
        self.controls.mode = DiceMode::Table;
        self.shell.message = Some((self.not_yours(seat, own), true));
        true
    }

    /// What a served seat `own` is told when its keys would act for `seat`.
    fn not_yours(&self, seat: Seat, own: Seat) -> String {
        let names = &self.shell.names;
        format!("That is {}'s to do: you play {}.", names[seat], names[own])
    }

    /// Whether the keys of this screen act for `seat`: the served seat's, or on a hot-seat
    /// screen every person's.
    pub(crate) fn plays_here(&self, seat: Seat) -> bool {
        match &self.link {
            Some(link) => link.seat == seat,
            None => self.shell.is_human(seat),
        }
    }

    /// Sends `actions` for `seat` to the host, all or none: they are tried on a copy of the
    /// game first, then sent one by one. The table changes once the host has played them
    /// and [`DiceTable::follow`] is called. `None` on a hot-seat table.
    pub(crate) fn send_to_host(&mut self, seat: Seat, actions: &[DiceAction]) -> Option<bool> {
        let link = self.link.clone()?;
        let refuse = |table: &mut DiceTable, why: String| {
            table.shell.message = Some((why, true));
            Some(false)
        };
        if seat != link.seat {
            let why = self.not_yours(seat, link.seat);
            return refuse(self, why);
        }
        let mut trial = self.state.clone();
        if let Some(e) = actions.iter().find_map(|a| trial.apply(seat, a).err()) {
            let why = super::table::refusal(&e, seat, &self.shell.names);
            return refuse(self, why);
        }
        for action in actions {
            if let Err(why) = link.host.act(seat, action_json(seat, action)) {
                return refuse(self, why);
            }
        }
        self.shell.message = None;
        self.controls = Default::default();
        Some(true)
    }

    /// Unchooses the dice that may no longer be saved (another seat's move, or the turn,
    /// went on), and drops a harvest question its player may no longer answer.
    fn keep_what_may_be_chosen(&mut self) {
        let view = self.table_view();
        let saving = view.phase == TurnPhase::Save && self.served_seat() == Some(view.active);
        for (chosen, die) in self.controls.chosen.iter_mut().zip(&view.dice) {
            *chosen &= saving && die.state.just_rolled && !die.state.saved;
        }
        if let DiceMode::ConfirmHarvest(seat) = self.controls.mode
            && view.players[seat].harvest_pays.is_none()
        {
            self.controls.mode = DiceMode::Table;
        }
    }
}

impl ServedTable for DiceTable {
    fn served_seat(&self) -> usize {
        DiceTable::served_seat(self).unwrap_or(0)
    }

    fn actions_seen(&self) -> usize {
        DiceTable::actions_seen(self)
    }

    /// The dice table asks nothing of the host's prompt: the game's own view says whose
    /// turn it is, and anyone may harvest at any time.
    fn follow_host(&mut self, actions: &[Value], _asked: Option<&Value>) -> Result<(), String> {
        self.follow(actions)
    }
}
