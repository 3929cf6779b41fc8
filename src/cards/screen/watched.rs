//! The card table as a spectator sees it (`bohnanza join` or `ssh` with the spectators'
//! code, and the screen of the person running `bohnanza host`): the public table, the log
//! and help, and no key that acts.
//!
//! The table is the card table's own drawing with nobody at the keyboard: its viewer is
//! kept at none after every action it follows, so the drawing reads the public view
//! ([`CardTable::visible`]), in which no hand is (each shows as its count), whatever the
//! rules engine holds. Where the rules lay hands face up, they are shown, as to everyone.
//! The game is the host's: the table follows its actions ([`Watched::follow`]) and never
//! changes it.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use serde_json::Value;

use crate::cards::bots::BotOptions;
use crate::cards::screen::table::{CardTable, Mode};
use crate::cards::screen::table_keys::{At, TableCommand, command};
use crate::cards::screen::view::{card_log, overlays, table};
use crate::store::SavedGame;
use crate::ui::Pace;
use crate::ui::app::Overlay;
use crate::ui::log_scroll::LogScroll;
use crate::ui::screen::{Closing, TableKey};
use crate::ui::theme::Theme;
use crate::ui::view::LogSource;
use crate::ui::watched::{self, Spectated};

pub use crate::ui::watched::CANNOT_ACT;

/// A card game watched from outside: the public table of the host's game.
#[derive(Clone, Debug)]
pub struct Watched {
    table: CardTable,
}

impl Watched {
    /// The public table of the hosted game `record`, its actions so far replayed.
    pub fn new(record: SavedGame) -> Result<Watched, String> {
        let mut table = CardTable::replayed(record, None, &BotOptions::default())?;
        // The host plays the bots; hands lie open only where the rules lay them so.
        table.bots_mut().unseat();
        let open = table.state.ruleset().open_hands;
        table.keyboard_mut().set_open_hands(open);
        table.settle();
        let mut watched = Watched { table };
        watched.look_away();
        Ok(watched)
    }

    /// How many of the game's actions this table has played.
    pub fn actions_seen(&self) -> usize {
        self.table.actions_seen()
    }

    /// Plays `actions`, the host's accepted actions after the ones this table has seen
    /// (wire form).
    pub fn follow(&mut self, actions: &[Value]) -> Result<(), String> {
        let followed = self.table.follow(actions, None);
        self.look_away();
        followed
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.table.state.is_over()
    }

    /// Nobody is at this table's keyboard: no hand, no hand-off, no chooser.
    fn look_away(&mut self) {
        let t = &mut self.table;
        t.keyboard_mut().seat(None);
        t.set_picker(None);
        t.set_arrange(None);
        t.bots_mut().look_away();
        let mode = if t.state.is_over() {
            Mode::GameOver
        } else {
            Mode::Table
        };
        t.set_mode(mode);
    }

    /// A key on a watching screen: the table's windows, or a word that nothing here acts.
    pub fn key(&mut self, key: KeyEvent) -> Option<TableKey> {
        self.table.shell.message = None;
        match command(At::Table, key.code) {
            Some(TableCommand::Help) => Some(TableKey::Window(Overlay::Help)),
            Some(TableCommand::Beanometer) => Some(TableKey::Window(Overlay::Beanometer)),
            Some(TableCommand::FullLog) => Some(TableKey::Window(Overlay::Log)),
            Some(TableCommand::Quit) => Some(TableKey::Quit),
            _ => {
                self.table.refuse(CANNOT_ACT);
                None
            }
        }
    }

    /// Draws the public table, `keys` on its key bar after the table's windows, and
    /// `overlay` over it (`extra_help`: more lines for the help window, about `keys`).
    pub fn draw(
        &self,
        overlay: Option<Overlay>,
        keys: &[(&str, &str)],
        extra_help: &[Line<'static>],
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let footer = self.footer(keys, theme, area.width as usize);
        table::render_with_footer(&self.table, theme, area, buf, &footer);
        if *self.table.mode() == Mode::GameOver {
            overlays::game_over(&self.table, theme, area, buf);
        }
        match overlay {
            Some(Overlay::Help) => self.help(keys, extra_help, theme, area, buf),
            Some(Overlay::Beanometer) => overlays::beanometer(&self.table, theme, area, buf),
            Some(Overlay::Symbols) => overlays::symbols(&self.table, theme, area, buf),
            Some(Overlay::Log | Overlay::ConfirmQuit) | None => {}
        }
    }

    /// The footer: a refusal, or who the table waits for; then the keys.
    fn footer(&self, keys: &[(&str, &str)], theme: Theme, w: usize) -> Vec<Line<'static>> {
        let message = self.table.shell.message.as_ref().map(|(m, _)| m.as_str());
        watched::footer(message, &self.situation(), &self.keys(keys), theme, w)
    }

    /// The table's windows, then `keys`.
    fn keys<'a>(&self, keys: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
        let mut all = vec![("?", "help"), ("b", "beanometer"), ("l", "log")];
        all.extend_from_slice(keys);
        all
    }

    /// Who the table waits for, said publicly.
    fn situation(&self) -> String {
        let state = &self.table.state;
        if state.is_over() {
            return "the game is over.".into();
        }
        let active = self.table.name(state.active_player());
        format!("it is {active}'s turn. No hand is shown: each shows as its count.")
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
        let shows = "This is the public table, as everyone at it sees it: fields, coins, the piles, the offers and the log. No hand is shown; the Hand column says how many cards each player holds.";
        let rows = [
            ("l", "the whole log (PgUp PgDn ↑↓ scroll the log pane)"),
            ("b", "the beanometer: what each bean pays"),
            ("?", "this help; ? again: what the table's symbols mean"),
        ];
        watched::help(shows, &rows, keys, extra, theme, area, buf);
    }
}

impl Spectated for Watched {
    fn actions_seen(&self) -> usize {
        Watched::actions_seen(self)
    }

    fn follow(&mut self, actions: &[Value]) -> Result<(), String> {
        Watched::follow(self, actions)
    }

    fn is_over(&self) -> bool {
        Watched::is_over(self)
    }

    fn key(&mut self, key: KeyEvent) -> Option<TableKey> {
        Watched::key(self, key)
    }

    fn draw(
        &self,
        overlay: Option<Overlay>,
        keys: &[(&str, &str)],
        extra_help: &[Line<'static>],
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        Watched::draw(self, overlay, keys, extra_help, theme, area, buf);
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        self.table.shell.log_and_scroll()
    }

    fn log_source(&self) -> LogSource<'_> {
        card_log(&self.table)
    }

    fn closing(&mut self) -> Closing<'_> {
        self.table.shell.closing(&self.table.state)
    }

    fn pace(&self) -> Pace {
        self.table.shell.pace
    }
}
