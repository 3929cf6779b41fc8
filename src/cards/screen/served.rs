//! The card table as the network host serves it to one joined seat (`bohnanza join`): the
//! hot-seat table with its keyboard fixed to that seat, its hand the only one shown, no
//! hand-offs and no bots of its own.
//!
//! The game is the host's. The table here follows it: every action the host accepts is
//! played into this table's copy ([`CardTable::follow`]), the same engine giving the same
//! state, log and trade panel as on the host. A key that takes an action does not change
//! the copy: the action goes to the host ([`SeatHost`]), which checks it, plays it and sends
//! it to every seat, this one included. So the screens of a hosted game never disagree,
//! and what one seat composes or answers waits for nobody else. The host reaches this
//! table as it reaches the dice game's, through [`ServedTable`].

use std::sync::Arc;

use serde_json::Value;

use crate::cards::Action;
use crate::cards::bots::{BotOptions, Prompt};
use crate::cards::screen::table::CardTable;
use crate::cards::wire::{action_json, parse_action};
use crate::store::SavedGame;
use crate::ui::served::{SeatHost, ServedTable};

/// The seat a served table is played from, and its host.
#[derive(Clone)]
pub struct SeatLink {
    /// The seat whose hand is shown and for whom the keys act.
    pub seat: usize,
    /// What the host waits for from this seat, if anything.
    pub asked: Option<Prompt>,
    host: Arc<dyn SeatHost>,
}

impl std::fmt::Debug for SeatLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SeatLink")
            .field("seat", &self.seat)
            .field("asked", &self.asked)
            .finish_non_exhaustive()
    }
}

impl CardTable {
    /// The table of `seat` in the hosted game `record` (its actions so far replayed), whose
    /// moves go to `host`.
    pub fn served(
        record: SavedGame,
        seat: usize,
        host: Arc<dyn SeatHost>,
    ) -> Result<CardTable, String> {
        if seat >= record.names.len() {
            return Err(format!("the game has no seat {seat}"));
        }
        let mut game = CardTable::replayed(record, None, &BotOptions::default())?;
        // The host's table plays the bots; hands lie open only where the rules lay them so.
        game.bots_mut().unseat();
        let open = game.state.ruleset().open_hands;
        game.keyboard_mut().set_open_hands(open);
        *game.link_mut() = Some(SeatLink {
            seat,
            asked: None,
            host,
        });
        game.keyboard_mut().seat(Some(seat));
        game.settle();
        game.choose_obvious_card();
        Ok(game)
    }

    /// The seat this table is served to, if the host serves it.
    pub fn served_seat(&self) -> Option<usize> {
        self.link().map(|l| l.seat)
    }

    /// How many of the game's actions this table has played.
    pub fn actions_seen(&self) -> usize {
        self.shell.record.actions.len()
    }

    /// Plays `actions`, the host's accepted actions after the ones this table has seen (wire
    /// form), and takes note of what the host now waits for from this seat.
    pub fn follow(&mut self, actions: &[Value], asked: Option<Prompt>) -> Result<(), String> {
        for wire in actions {
            let (player, action) =
                parse_action(self.ruleset(), wire.clone()).map_err(|e| e.message)?;
            if !self.commit_told(player, &[action], Default::default()) {
                let why = self.shell.message.take().map(|(m, _)| m);
                return Err(format!(
                    "the host's action {} cannot be followed: {}",
                    self.actions_seen() + 1,
                    why.unwrap_or_default()
                ));
            }
        }
        if let Some(link) = self.link_mut() {
            link.asked = asked;
        }
        self.settle();
        Ok(())
    }

    /// Whether the keys of this screen act for `player`: the served seat's, or on a hot-seat
    /// screen every person's.
    pub(crate) fn plays_here(&self, player: usize) -> bool {
        match self.link() {
            Some(link) => link.seat == player,
            None => !self.shell.is_bot(player),
        }
    }

    /// What the host waits for from the served seat, as the driver would have asked.
    pub(crate) fn served_asked(&self) -> Option<(usize, Prompt)> {
        let link = self.link()?;
        link.asked.map(|prompt| (link.seat, prompt))
    }

    /// Sends `actions` for the served seat to the host, all or none: they are tried on a
    /// copy of the game first, then sent one by one. The table changes once the host has
    /// played them and [`CardTable::follow`] is called. `None` on a hot-seat table.
    pub(crate) fn send_to_host(&mut self, player: usize, actions: &[Action]) -> Option<bool> {
        let link = self.link().cloned()?;
        if player != link.seat {
            self.refuse(format!(
                "That is {}'s to do: you play {}.",
                self.name(player),
                self.name(link.seat)
            ));
            return Some(false);
        }
        let mut trial = self.state.clone();
        if let Some(e) = actions.iter().find_map(|a| trial.apply(player, a).err()) {
            self.refuse(e.to_string());
            return Some(false);
        }
        for action in actions {
            let wire = action_json(self.ruleset(), player, action.clone());
            if let Err(e) = link.host.act(player, wire) {
                self.refuse(e);
                return Some(false);
            }
        }
        Some(true)
    }

    /// Tells the host that the served seat lets the floor pass; `false` on a hot-seat table.
    pub(crate) fn pass_to_host(&mut self) -> bool {
        let Some(link) = self.link().cloned() else {
            return false;
        };
        if let Err(e) = link.host.pass(link.seat) {
            self.refuse(e);
        }
        if let Some(l) = self.link_mut() {
            l.asked = None;
        }
        true
    }
}

impl ServedTable for CardTable {
    fn served_seat(&self) -> usize {
        self.link().map_or(0, |l| l.seat)
    }

    fn actions_seen(&self) -> usize {
        CardTable::actions_seen(self)
    }

    /// The host's prompt is the card table driver's [`Prompt`] in wire form.
    fn follow_host(&mut self, actions: &[Value], asked: Option<&Value>) -> Result<(), String> {
        let asked = asked.and_then(|prompt| serde_json::from_value(prompt.clone()).ok());
        self.follow(actions, asked)
    }
}
