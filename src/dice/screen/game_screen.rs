//! The dice game's screens as the app shell sees them: the table ([`DiceTable`]) and how a
//! save opens (its replay viewer is the one viewer, with `replay.rs` the dice game's part);
//! everything else about them is the dice game's own.

use std::sync::Arc;
use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::{DiceTable, WatchedDice};
use crate::dice::{Dice, DicePosition, DiceRuleset};
use crate::game::BotOptions;
use crate::store::{SavedGame, Saver};
use crate::ui::app::Overlay;
use crate::ui::barrier::Holder;
use crate::ui::config::GameConfig;
use crate::ui::log_scroll::LogScroll;
use crate::ui::screen::{Closing, GameScreen, OnScreen, Placed, SetupNote, TableKey};
use crate::ui::served::{SeatHost, ServedTable};
use crate::ui::theme::Theme;
use crate::ui::view::{LogSource, identity};
use crate::ui::watched::{WatchedTable, Watching};

impl GameScreen for DiceTable {
    fn on_key(&mut self, key: KeyEvent) -> Option<TableKey> {
        DiceTable::on_key(self, key).map(TableKey::Window)
    }

    fn holder(&self) -> Holder {
        match &self.pending {
            Some((seat, _)) if self.bot_ready() => Holder::Bot {
                seat: *seat,
                moves: self.shell.record.actions.len(),
            },
            // The dice are public: whoever plays the active seat has the keyboard; on a
            // served table, the served seat's person always has it.
            _ => Holder::Person(self.served_seat().or(Some(self.state.active()))),
        }
    }

    fn bot_wait(&self) -> Option<Duration> {
        self.bot_ready().then_some(self.shell.pace.bot_move())
    }

    fn takes_pace_keys(&self) -> bool {
        let coach = &self.shell.coach;
        let coaching = coach.hint.is_some() || coach.review.is_some() || coach.question().is_some();
        self.controls.mode == crate::dice::screen::DiceMode::Table && !coaching
    }

    fn tick(&mut self) -> bool {
        DiceTable::play_bot(self)
    }

    fn play_bot(&mut self) -> bool {
        DiceTable::play_bot(self)
    }

    /// The dice table asks before quitting even on its final scores.
    fn playing(&self) -> bool {
        true
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        self.shell.log_and_scroll()
    }

    fn log_source(&self) -> LogSource<'_> {
        dice_log(self)
    }

    fn render(&self, overlay: Option<Overlay>, theme: Theme, area: Rect, buf: &mut Buffer) {
        super::view::render(self, overlay, theme, area, buf);
    }

    fn closing(&mut self) -> Closing<'_> {
        self.shell.closing(&self.state)
    }

    fn boxed(&self) -> Box<dyn GameScreen> {
        Box::new(self.clone())
    }

    fn served_mut(&mut self) -> Option<&mut dyn ServedTable> {
        match self.served_seat() {
            Some(_) => Some(self),
            None => None,
        }
    }
}

/// A dice table's log for the `l` window.
fn dice_log(t: &DiceTable) -> LogSource<'_> {
    LogSource {
        log: &t.shell.log,
        names: &t.shell.names,
        turn: t.turn,
        identity: identity(&t.state.ruleset().name, t.seed(), t.turn),
        scroll: &t.shell.log_scroll,
    }
}

impl OnScreen for Dice {
    type Position = DicePosition;

    /// The dice bots think within their own bounds, not the card bots' `options`.
    fn resume(
        saved: SavedGame,
        saver: Option<Saver>,
        _options: &BotOptions,
    ) -> Result<Box<dyn GameScreen>, String> {
        DiceTable::resume(saved, saver).map(|t| t.into())
    }

    fn setup_note(_rules: &DiceRuleset, _players: usize) -> SetupNote {
        SetupNote {
            who: "the dice game",
            facts: Some("Saved after every move, as the card games are.".to_string()),
        }
    }

    fn new_table(
        config: GameConfig<Dice>,
        saver: Option<Saver>,
    ) -> Result<Box<dyn GameScreen>, String> {
        DiceTable::new(config, saver).map(|t| t.into())
    }

    /// The file is the `position` of the protocol's `state` reply, or that whole reply, which
    /// also names the players and the seed; the position's own seed is the fallback.
    fn read_position(bytes: &[u8]) -> Result<Placed<DicePosition>, String> {
        let mut value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|e| format!("it is not a position: {e}"))?;
        let given_seed = value.get("seed").and_then(serde_json::Value::as_u64);
        let names: Option<Vec<String>> = value
            .get("names")
            .and_then(|n| serde_json::from_value(n.clone()).ok());
        if let Some(inner) = value.get_mut("position") {
            value = inner.take();
        }
        let position: DicePosition =
            serde_json::from_value(value).map_err(|e| format!("it is not a dice position: {e}"))?;
        Ok(Placed {
            players: position.players.len(),
            names,
            seed: given_seed.or(Some(position.rng.seed)),
            position,
        })
    }

    fn table_at(
        config: GameConfig<Dice>,
        position: DicePosition,
        saver: Option<Saver>,
    ) -> Result<Box<dyn GameScreen>, String> {
        DiceTable::at_position(config, position, saver).map(|t| t.into())
    }

    fn players_refused(_rules: &DiceRuleset, allowed: &str, players: usize) -> String {
        format!("the dice game is for {allowed} players, not {players}")
    }

    fn served(
        record: SavedGame,
        seat: usize,
        host: Arc<dyn SeatHost>,
    ) -> Result<Box<dyn GameScreen>, String> {
        DiceTable::served(record, seat, host).map(|t| t.into())
    }

    fn watched(record: SavedGame) -> Result<Box<dyn WatchedTable>, String> {
        Ok(Box::new(Watching(WatchedDice::new(record)?)))
    }
}
