//! The card game's screens as the app shell sees them: the table ([`CardTable`]) and how a save
//! opens (its replay viewer is the one viewer, with `card_replay.rs` the card game's part);
//! everything else about them is the card game's own.

use std::sync::Arc;
use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::cards::bots::BotOptions;
use crate::cards::screen::table::{CardTable, Mode};
use crate::cards::screen::view::{card_log, render_game};
use crate::cards::screen::watched::Watched;
use crate::cards::{Action, Cards, Position, Ruleset};
use crate::store::{SavedGame, Saver};
use crate::ui::app::Overlay;
use crate::ui::barrier::Holder;
use crate::ui::config::GameConfig;
use crate::ui::log_scroll::LogScroll;
use crate::ui::screen::{Closing, GameScreen, OnScreen, Placed, SetupNote, TableKey};
use crate::ui::served::{SeatHost, ServedTable};
use crate::ui::theme::Theme;
use crate::ui::view::LogSource;
use crate::ui::watched::{WatchedTable, Watching};

impl GameScreen for CardTable {
    fn on_key(&mut self, key: KeyEvent) -> Option<TableKey> {
        crate::cards::screen::keys::card_table_key(self, key)
    }

    fn holder(&self) -> Holder {
        match (self.bots().pending(), self.handoff()) {
            (Some(m), _) => Holder::Bot {
                seat: m.player,
                moves: self.shell.record.actions.len(),
            },
            (None, Some(h)) => Holder::HandOff { seat: h.to },
            (None, None) => Holder::Person(self.viewer()),
        }
    }

    fn bot_wait(&self) -> Option<Duration> {
        if let Some(m) = self.bots().pending() {
            Some(match m.action {
                Action::Propose { .. } | Action::Decline { .. } | Action::Withdraw { .. } => {
                    self.shell.pace.bot_talk()
                }
                _ => self.shell.pace.bot_move(),
            })
        } else if self.floor_line() {
            Some(self.shell.pace.floor())
        } else {
            None
        }
    }

    fn takes_pace_keys(&self) -> bool {
        let coach = &self.shell.coach;
        let chooser = self.picker().is_some() || self.arrange().is_some();
        let coaching = coach.hint.is_some() || coach.review.is_some() || coach.question().is_some();
        self.handoff().is_none()
            && !chooser
            && !coaching
            && matches!(self.mode(), Mode::Table | Mode::GameOver)
    }

    fn tick(&mut self) -> bool {
        if self.floor_line() {
            self.pass_floor();
            return true;
        }
        self.play_bot()
    }

    fn play_bot(&mut self) -> bool {
        CardTable::play_bot(self)
    }

    fn playing(&self) -> bool {
        *self.mode() != Mode::GameOver
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        self.shell.log_and_scroll()
    }

    fn log_source(&self) -> LogSource<'_> {
        card_log(self)
    }

    fn render(&self, overlay: Option<Overlay>, theme: Theme, area: Rect, buf: &mut Buffer) {
        render_game(self, overlay, theme, area, buf);
    }

    fn closing(&mut self) -> Closing<'_> {
        self.shell.closing(&self.state)
    }

    fn boxed(&self) -> Box<dyn GameScreen> {
        Box::new(self.clone())
    }

    fn served_mut(&mut self) -> Option<&mut dyn ServedTable> {
        match self.link() {
            Some(_) => Some(self),
            None => None,
        }
    }
}

impl OnScreen for Cards {
    type Position = Position;

    fn resume(
        saved: SavedGame,
        saver: Option<Saver>,
        options: &BotOptions,
    ) -> Result<Box<dyn GameScreen>, String> {
        CardTable::resume_with(saved, saver, options).map(|g| g.into())
    }

    /// The bean fields each player has, the cards dealt when seats are dealt differently,
    /// and how many times the draw pile runs out before the game ends.
    fn setup_note(rules: &Ruleset, players: usize) -> SetupNote {
        let facts = rules.table(players).map(|t| {
            let mut facts = format!("{} bean fields each", t.bean_fields);
            if let Some(price) = t.third_field_price {
                facts.push_str(&format!(" (a third costs {price} coins)"));
            }
            if t.deal.len() > 1 {
                facts.push_str(&format!("; {} cards dealt, by seat", t.deal_description()));
            }
            facts.push_str(&format!(
                "; the game ends when the draw pile runs out {} times",
                t.game_ends_when_draw_pile_runs_out
            ));
            facts
        });
        SetupNote {
            who: "this variant",
            facts,
        }
    }

    fn new_table(
        config: GameConfig<Cards>,
        saver: Option<Saver>,
    ) -> Result<Box<dyn GameScreen>, String> {
        CardTable::new(config, saver).map(|g| g.into())
    }

    /// A card position may leave the players, their names and the seed to the flags.
    fn read_position(bytes: &[u8]) -> Result<Placed<Position>, String> {
        let position: Position =
            serde_json::from_slice(bytes).map_err(|e| format!("it is not a position: {e}"))?;
        Ok(Placed {
            players: position.players.len(),
            names: position.names(),
            seed: position.seed,
            position,
        })
    }

    /// The position is checked against the table's names and seed first.
    fn table_at(
        config: GameConfig<Cards>,
        position: Position,
        saver: Option<Saver>,
    ) -> Result<Box<dyn GameScreen>, String> {
        position
            .check_table(&config.names, config.seed)
            .map_err(|e| e.to_string())?;
        CardTable::at_position(config, position, saver).map(|g| g.into())
    }

    fn players_refused(rules: &Ruleset, allowed: &str, players: usize) -> String {
        format!("{} is for {allowed} players, not {players}", rules.name)
    }

    fn served(
        record: SavedGame,
        seat: usize,
        host: Arc<dyn SeatHost>,
    ) -> Result<Box<dyn GameScreen>, String> {
        CardTable::served(record, seat, host).map(|t| t.into())
    }

    fn watched(record: SavedGame) -> Result<Box<dyn WatchedTable>, String> {
        Ok(Box::new(Watching(Watched::new(record)?)))
    }
}
