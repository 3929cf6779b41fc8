//! The harvest chooser: whose field, which one, and a question before harvesting a field
//! of someone other than the player who needs to act.
//!
//! Harvesting cannot be undone, so the chooser opens where a harvest is wanted (the player
//! who must make room, on a field the rules let them harvest) and asks once before it
//! harvests anybody else's field.

use crossterm::event::KeyEvent;

use crate::cards::screen::chooser::Picker;
use crate::cards::screen::table::CardTable;
use crate::cards::{Action, Phase};
use crate::ui::keys::digit;
use crate::ui::picker_keys::{Chooser, PickerCommand, pick};

/// Choosing a field to harvest, any player's (harvesting is public and allowed any time).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HarvestPicker {
    /// Whose field.
    pub player: usize,
    /// Which field.
    pub field: usize,
    /// The question "Harvest Ana's …?" is on screen: Enter harvests, Esc does not.
    pub confirm: bool,
}

impl CardTable {
    /// The player a harvest is for now: in phase 3 the one planting (they may need room),
    /// in the other planting phases the active player, else the player at the keyboard (or
    /// the active player on the shared table). Where only the active player may harvest,
    /// always them.
    pub fn harvest_player(&self) -> usize {
        let active = self.state.active_player();
        if self.ruleset().harvest_only_on_own_turn {
            return active;
        }
        match self.state.phase() {
            Phase::PlantTraded
                if !self
                    .state
                    .player(self.plant().player)
                    .set_aside()
                    .is_empty() =>
            {
                self.plant().player
            }
            Phase::Plant { .. } | Phase::PlantOffered | Phase::PlantTurnedOver => active,
            _ => self.viewer().unwrap_or(active),
        }
    }

    /// Where the chooser opens: on [`CardTable::harvest_player`]'s first field the rules let them
    /// harvest (not empty, not protected by the bean protection rule), else their first
    /// field that is not empty, else field 1.
    pub fn harvest_opens_on(&self) -> HarvestPicker {
        let player = self.harvest_player();
        let fields = self.state.player(player).fields();
        let field = (0..fields.len())
            .find(|&f| self.state.check_harvest(player, f).is_ok())
            .or_else(|| fields.iter().position(|f| !f.is_empty()))
            .unwrap_or(0);
        HarvestPicker {
            player,
            field,
            confirm: false,
        }
    }

    /// The question asked before harvesting a field of someone other than the player the
    /// chooser opened on: "Harvest Ana's 4 Red for 3$?".
    pub fn harvest_question(&self, h: HarvestPicker) -> String {
        let r = self.ruleset();
        let field = self.state.player(h.player).fields()[h.field];
        let what = match field.kind() {
            Some(k) => format!("{} {}", field.count(), r.bean(k).name),
            None => "empty field".to_string(),
        };
        format!(
            "Harvest {}'s {what} for {}$? Enter harvests, Esc does not.",
            self.name(h.player),
            r.field_pays(field)
        )
    }
}

/// `h`: opens the chooser.
pub(crate) fn open(game: &mut CardTable) {
    game.set_picker(Some(Picker::Harvest(game.harvest_opens_on())));
}

/// A key while the chooser is open ([`Chooser::Harvest`]'s keys): ←→ (or a digit) the
/// field, ↑↓ the player, Enter harvests (after one question when the field is not the
/// harvest player's), Esc closes.
pub(crate) fn key(game: &mut CardTable, key: KeyEvent) {
    let Some(mut h) = game.harvest() else {
        return;
    };
    let n = game.state.player_count();
    // Where a player harvests only on their own turn, the chooser keeps to their fields.
    let others = !game.ruleset().harvest_only_on_own_turn;
    let fields = game.state.player(h.player).fields().len();
    let before = h;
    match pick(Chooser::Harvest, key.code) {
        Some(PickerCommand::Close) if h.confirm => h.confirm = false,
        Some(PickerCommand::Close) => {
            game.set_picker(None);
            return;
        }
        Some(PickerCommand::PlayerBack) if others => h.player = (h.player + n - 1) % n,
        Some(PickerCommand::PlayerOn) if others => h.player = (h.player + 1) % n,
        Some(PickerCommand::Back) => h.field = (h.field + fields - 1) % fields,
        Some(PickerCommand::On) => h.field = (h.field + 1) % fields,
        Some(PickerCommand::Choose) => {
            choose(game, h);
            return;
        }
        Some(PickerCommand::Number) => {
            if let Some(d) = digit(&key)
                && d < fields
            {
                h.field = d;
            }
        }
        _ => {}
    }
    let fields = game.state.player(h.player).fields().len();
    h.field = h.field.min(fields.saturating_sub(1));
    if (h.player, h.field) != (before.player, before.field) {
        h.confirm = false;
    }
    game.set_picker(Some(Picker::Harvest(h)));
}

/// Enter: harvests the field chosen, asking once first where it is not the harvest
/// player's; a refusal says why at once.
fn choose(game: &mut CardTable, mut h: HarvestPicker) {
    // Only a harvest that would happen is asked about.
    let harvestable = game.state.check_harvest(h.player, h.field).is_ok();
    if h.player != game.harvest_player() && !h.confirm && harvestable {
        h.confirm = true;
        game.set_picker(Some(Picker::Harvest(h)));
        return;
    }
    if game.act(h.player, Action::Harvest { field: h.field }) {
        game.set_picker(None);
    } else {
        h.confirm = false;
        game.set_picker(Some(Picker::Harvest(h)));
    }
}
