//! The chooser a person opens over the card table: at most one at a time, since each opens
//! only while no other is open, and each owns what it has chosen so far.

use crossterm::event::KeyEvent;

use crate::cards::screen::harvest::{self, HarvestPicker};
use crate::cards::screen::keys::{buy_key, discard_key, fulfil_key};
use crate::cards::screen::peek::{self, Peek};
use crate::cards::screen::table::CardTable;

/// An open chooser and its choice so far.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Picker {
    /// A player looking at their hand (`v`), or being chosen to.
    Peek(Peek),
    /// Whose field to harvest, and which.
    Harvest(HarvestPicker),
    /// Who buys a third bean field: the player under the cursor.
    Buy(usize),
    /// The active player's order is met by two pairs of fields: the left fields to choose from.
    Fulfil(Vec<usize>),
    /// The bean duel's step 2: the hand card to discard, at this position.
    Discard(usize),
}

impl Picker {
    /// The chooser's key handling.
    pub(crate) fn key(&self) -> fn(&mut CardTable, KeyEvent) {
        match self {
            Picker::Peek(_) => peek::key,
            Picker::Harvest(_) => harvest::key,
            Picker::Buy(_) => buy_key,
            Picker::Fulfil(_) => fulfil_key,
            Picker::Discard(_) => discard_key,
        }
    }
}

impl CardTable {
    /// The open harvest chooser.
    pub fn harvest(&self) -> Option<HarvestPicker> {
        match self.picker() {
            Some(Picker::Harvest(h)) => Some(*h),
            _ => None,
        }
    }

    /// The player under the cursor of the open chooser of who buys a third bean field.
    pub fn buy(&self) -> Option<usize> {
        match self.picker() {
            Some(Picker::Buy(p)) => Some(*p),
            _ => None,
        }
    }

    /// The left fields of the pairs the open order chooser offers.
    pub fn fulfil(&self) -> Option<&[usize]> {
        match self.picker() {
            Some(Picker::Fulfil(pairs)) => Some(pairs),
            _ => None,
        }
    }

    /// The hand card under the cursor of the open discard chooser.
    pub fn discard(&self) -> Option<usize> {
        match self.picker() {
            Some(Picker::Discard(pos)) => Some(*pos),
            _ => None,
        }
    }

    /// A player looking at their hand, or being chosen to.
    pub fn peek(&self) -> Option<Peek> {
        match self.picker() {
            Some(Picker::Peek(p)) => Some(*p),
            _ => None,
        }
    }

    /// Closes the look at a hand, if it is open (the game moved on).
    pub(crate) fn close_peek(&mut self) {
        if self.peek().is_some() {
            self.set_picker(None);
        }
    }

    /// Closes the harvest, buying, fulfilling and discarding choosers (a look at a hand
    /// stays open).
    pub fn close_choosers(&mut self) {
        if self.peek().is_none() {
            self.set_picker(None);
        }
    }
}
