//! The dice table as a spectator sees it (`bohnanza join` or `ssh` with the spectators'
//! code, and the screen of the person running `bohnanza host`): the public table, the log
//! and help, and no key that acts.
//!
//! The table is the dice table's own drawing with nobody at the keyboard: it reads the
//! public view ([`DiceTable::table_view`] of a table served to no seat), which is what
//! every seat sees, since the dice game hides nothing but the order of the harvest cards'
//! deck (shown as its count). The game is the host's: the table follows its actions
//! ([`Spectated::follow`], as a served seat's table does) and never changes it; its seats
//! are people's to the table's own driver, so it asks no bot of its own along the way.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};
use serde_json::Value;

use super::keys::{DiceCommand as D, DicePlace, command};
use super::table::DiceTable;
use super::view;
use crate::dice::Dice;
use crate::game::SeatKind;
use crate::store::{SavedGame, SavedSeat};
use crate::ui::Pace;
use crate::ui::app::Overlay;
use crate::ui::log_scroll::LogScroll;
use crate::ui::screen::{Closing, GameScreen, TableKey};
use crate::ui::theme::Theme;
use crate::ui::view::LogSource;
use crate::ui::watched::{self, CANNOT_ACT, Spectated};

/// A dice game watched from outside: the public table of the host's game.
#[derive(Clone, Debug)]
pub struct WatchedDice {
    table: DiceTable,
}

impl WatchedDice {
    /// The public table of the hosted dice game `record`, its actions so far replayed.
    pub fn new(record: SavedGame) -> Result<WatchedDice, String> {
        let seats = (record.seats.iter())
            .map(SavedSeat::read::<Dice>)
            .collect::<Result<Vec<SeatKind>, String>>()
            .map_err(|e| format!("the saved game is damaged: {e}"))?;
        // The host plays the bots: to this table's driver every seat is a person's.
        let people = SavedGame {
            seats: vec![SavedSeat::of(SeatKind::Human); seats.len()],
            ..record
        };
        let (mut table, _) = DiceTable::replayed(people, |_, _| {})?;
        // The players' lines still say which seats bots play.
        table.shell.seats = seats;
        Ok(WatchedDice { table })
    }

    /// The footer: a refusal, or whose move it is; then the keys.
    fn footer(&self, keys: &[(&str, &str)], theme: Theme, w: usize) -> Vec<Line<'static>> {
        let message = self.table.shell.message.as_ref().map(|(m, _)| m.as_str());
        let view = self.table.table_view();
        let situation = view::whose_move(&view, &self.table.shell.names[view.active]);
        let mut all = vec![("?", "help"), ("l", "log")];
        all.extend_from_slice(keys);
        watched::footer(message, &situation, &all, theme, w)
    }

    /// What a watching screen is, and its keys.
    fn help(
        &self,
        keys: &[(&str, &str)],
        extra: &[Line<'static>],
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let shows = "This is the public table, as every player sees it: the dice, each player's harvest card and dollars, the bean piece and the log. The dice game hides nothing but the order of the harvest cards in the deck.";
        let rows = [
            ("l", "the whole log (PgUp PgDn scroll the log pane)"),
            ("?", "this help; ? again: what the table's symbols mean"),
        ];
        watched::help(shows, &rows, keys, extra, theme, area, buf);
    }
}

impl Spectated for WatchedDice {
    fn actions_seen(&self) -> usize {
        self.table.actions_seen()
    }

    fn follow(&mut self, actions: &[Value]) -> Result<(), String> {
        self.table.follow(actions)
    }

    fn is_over(&self) -> bool {
        self.table.state.outcome().is_some()
    }

    fn key(&mut self, key: KeyEvent) -> Option<TableKey> {
        self.table.shell.message = None;
        match command(DicePlace::Table, key.code) {
            Some(D::Help) => Some(TableKey::Window(Overlay::Help)),
            Some(D::FullLog) => Some(TableKey::Window(Overlay::Log)),
            Some(D::Quit) => Some(TableKey::Quit),
            _ => {
                self.table.shell.message = Some((CANNOT_ACT.to_string(), true));
                None
            }
        }
    }

    /// The dice table drawn as the replay viewer draws it (the final scores without the
    /// table's keys), its last two lines, the prompt and the keys, the watching screen's.
    fn draw(
        &self,
        overlay: Option<Overlay>,
        keys: &[(&str, &str)],
        extra_help: &[Line<'static>],
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        view::render_replayed(&self.table, theme, area, buf);
        let footer = self.footer(keys, theme, area.width as usize);
        let h = (footer.len() as u16).min(area.height);
        let footer_area = Rect {
            y: area.y + area.height - h,
            height: h,
            ..area
        };
        Clear.render(footer_area, buf);
        Paragraph::new(footer).render(footer_area, buf);
        match overlay {
            Some(Overlay::Help) => self.help(keys, extra_help, theme, area, buf),
            Some(Overlay::Symbols) => view::symbols(&self.table, theme, area, buf),
            Some(Overlay::Beanometer | Overlay::Log | Overlay::ConfirmQuit) | None => {}
        }
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        self.table.shell.log_and_scroll()
    }

    fn log_source(&self) -> LogSource<'_> {
        GameScreen::log_source(&self.table)
    }

    fn closing(&mut self) -> Closing<'_> {
        self.table.shell.closing(&self.table.state)
    }

    fn pace(&self) -> Pace {
        self.table.shell.pace
    }
}
