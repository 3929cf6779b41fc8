//! The coach at the card table: what the table says of itself for the coach (who is at the
//! keyboard with a decision, whose hand may be shown, its record told again); everything
//! the coach does there is [`CoachedTable`]'s, written once for both games.

use crate::cards::screen::keys::chooser_open;
use crate::cards::screen::retell::{read_saved, retell};
use crate::cards::screen::table::{CardTable, Mode};
use crate::cards::{Action, Cards};
use crate::game::Tape;
use crate::store::SavedGame;
use crate::ui::coach::{AtTable, CoachedTable, DecisionPoint};
use crate::ui::table_shell::TableShell;

impl CoachedTable for CardTable {
    type G = Cards;

    fn hint_is_private(&self) -> bool {
        !self.open_hands()
    }

    fn shell(&self) -> &TableShell<Cards> {
        &self.shell
    }

    fn shell_mut(&mut self) -> &mut TableShell<Cards> {
        &mut self.shell
    }

    fn at_table(&self) -> AtTable<'_, Cards> {
        AtTable {
            state: &self.state,
            names: &self.shell.names,
            seed: self.shell.record.seed,
            record: &self.shell.record,
        }
    }

    /// The decision of the player at the keyboard: the one whose hand is on screen, with a
    /// move of theirs to make; `None` on the public table, a hand-off or a bot's move.
    fn decision_at_keyboard(&self) -> Option<DecisionPoint> {
        let player = self.viewer()?;
        if self.handoff().is_some() || self.bots().pending().is_some() || self.shell.is_bot(player)
        {
            return None;
        }
        if *self.mode() == Mode::GameOver || self.state.legal_actions(player).is_empty() {
            return None;
        }
        Some(DecisionPoint {
            player,
            at: self.shell.record.actions.len(),
        })
    }

    fn person(&self, seat: usize) -> bool {
        !self.shell.is_bot(seat)
    }

    fn tape(&self) -> Result<Tape<Cards>, String> {
        let card = read_saved(&self.shell.record)?;
        retell(&card).map(|(tape, _, _)| tape)
    }

    /// The record resumed with the same bots, the line saying it was resumed left out.
    fn reopened(&self, record: SavedGame) -> Result<CardTable, String> {
        let mut game = CardTable::resume_with(record, None, &self.bots().options())?;
        game.shell.log.pop();
        Ok(game)
    }

    /// Plays the held move as told when it was held back (an offer's words), and closes
    /// the choosers it was made from.
    fn play_held(&mut self, player: usize, actions: &[Action]) {
        let told = self.take_tutor_told();
        if self.act_told(player, actions, told) {
            self.close_choosers();
        }
    }

    /// The table itself or the final scores, no chooser, composer, answer or hand-off open.
    fn at_rest(&self) -> bool {
        let resting = matches!(self.mode(), Mode::Table | Mode::GameOver);
        resting
            && self.bots().pending().is_none()
            && self.handoff().is_none()
            && !chooser_open(self)
    }

    fn no_hint(&self) -> &'static str {
        if self.viewer().is_none() || self.handoff().is_some() {
            "The hint is for the player whose hand is on screen: nobody's is now."
        } else {
            "Nothing to decide now: the hint is for a move of yours."
        }
    }
}
