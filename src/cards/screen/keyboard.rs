//! Who is at the card table's keyboard: whose hand the screen shows, a hand-off waiting for
//! the key that names its player, and whether every hand lies open.

use crossterm::event::KeyCode;

use crate::ui::seat_key::SeatKey;

/// A pending change of player at the keyboard: nothing private is shown until they press the
/// key that names them ([`crate::ui::seat_key`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Handoff {
    /// Who should take the seat.
    pub to: usize,
    /// Why, said publicly ("It is Ben's turn").
    pub reason: String,
}

/// The keyboard's holder and the hand-off to the next one.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct AtKeyboard {
    open_hands: bool,
    viewer: Option<usize>,
    handoff: Option<Handoff>,
}

impl AtKeyboard {
    /// Nobody at the keyboard yet; every hand shown where `open_hands`.
    pub(crate) fn new(open_hands: bool) -> AtKeyboard {
        AtKeyboard {
            open_hands,
            ..AtKeyboard::default()
        }
    }

    /// Whether every hand is shown and hand-offs are skipped.
    pub fn open_hands(&self) -> bool {
        self.open_hands
    }

    /// Shows every hand, or only the viewer's.
    pub(crate) fn set_open_hands(&mut self, open: bool) {
        self.open_hands = open;
    }

    /// Whose hand is on the screen; `None` for the public table.
    pub fn viewer(&self) -> Option<usize> {
        self.viewer
    }

    /// A hand-off waiting for the key that names its player.
    pub fn handoff(&self) -> Option<&Handoff> {
        self.handoff.as_ref()
    }

    /// `viewer` has the keyboard at once (`None`: the public table), no hand-off waiting.
    pub fn seat(&mut self, viewer: Option<usize>) {
        self.viewer = viewer;
        self.handoff = None;
    }

    /// The public table shows until `handoff`'s player takes the seat.
    pub fn hand_off(&mut self, handoff: Handoff) {
        self.viewer = None;
        self.handoff = Some(handoff);
    }

    /// The hand-off is called off; whoever had the keyboard keeps it.
    pub(crate) fn call_off(&mut self) {
        self.handoff = None;
    }

    /// Whether `code` takes the seat the hand-off on screen waits for (`names`: the
    /// players').
    pub(crate) fn takes_seat(&self, names: &[String], code: KeyCode) -> bool {
        self.handoff
            .as_ref()
            .is_some_and(|h| SeatKey::of(names, h.to).takes(code))
    }

    /// The player the hand-off waits for takes the seat; who, if one was waited for.
    pub(crate) fn take_seat(&mut self) -> Option<usize> {
        let h = self.handoff.take()?;
        self.viewer = Some(h.to);
        Some(h.to)
    }

    /// Whether the screen may show `player`'s hand now.
    pub fn shows_hand_of(&self, player: usize) -> bool {
        self.open_hands || (self.viewer == Some(player) && self.handoff.is_none())
    }
}
