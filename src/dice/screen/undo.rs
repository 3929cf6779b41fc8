//! `u` at the dice table: a person takes back their last move while it revealed nothing.
//!
//! As at the card table, the record is the source of undo: the game is played again from
//! its record without the move, so no move needs an inverse. Dice rolled, a harvest card
//! drawn or the deck renewed came into view and cannot be taken back; choosing which dice
//! to save, or passing the bean piece, can until the next roll.

use super::log::describe;
use super::table::DiceTable;
use crate::dice::Dice;
use crate::dice::wire::parse_action as parse_dice_action;
use crate::game::{Game, Tape};
use crate::ui::words::took_back_line;

impl DiceTable {
    /// Takes back the last move if a person made it and it revealed nothing; otherwise
    /// says why not, and changes nothing. The log tells the table what was taken back, and
    /// the save loses the move.
    pub fn take_back(&mut self) -> Result<(), String> {
        if self.served_seat().is_some() {
            return Err(
                "A move played over the network stays played: nobody takes it back.".into(),
            );
        }
        let Some(last) = self.shell.record.actions.last() else {
            return Err("Nothing to take back: no move has been made.".to_string());
        };
        let (seat, action) = parse_dice_action(last).map_err(|e| e.to_string())?;
        let name = self.shell.names.get(seat).cloned().unwrap_or_default();
        if !self.shell.is_human(seat) {
            return Err(format!(
                "Cannot take back: {name} (a bot) made the last move."
            ));
        }
        let mut record = self.shell.record.clone();
        record.take_back_to(record.actions.len() - 1);
        record.finished = false;
        let (mut before, _) = DiceTable::replayed(record, |_, _| {})?;
        let events = Tape::<Dice>::new(before.state.clone())
            .play(seat, action)
            .map_err(|e| format!("Cannot take back: {e}"))?;
        if let Some(why) = events.iter().find(|e| Dice::reveals(e)).map(|e| {
            describe(std::slice::from_ref(e), &self.shell.names)
                .join(" ")
                .trim_end_matches('.')
                .to_string()
        }) {
            return Err(format!("Cannot take back: {why}."));
        }
        // Worded as at the card table: "Ana took back: saved die 1 in the bean field."
        let told = took_back_line(&name, &describe(&events, &self.shell.names));
        before.shell.log.push(told);
        before.shell.saver = self.shell.saver.take();
        before.shell.log_scroll = std::mem::take(&mut self.shell.log_scroll);
        *self = before;
        if let Some(saver) = &mut self.shell.saver {
            saver.save(&self.shell.record);
        }
        Ok(())
    }
}
