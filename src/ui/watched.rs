//! A game's table watched from outside (`bohnanza join` or `ssh` with the spectators' code,
//! and the screen of the person running `bohnanza host`), written once for both games: the
//! host makes the public table through
//! [`OnScreen::watched`](crate::ui::screen::OnScreen::watched) and keeps it up with the game
//! through [`WatchedTable`], so the host's side (`crate::host::screen::spectator`) names
//! neither game. Each game draws its own table; what a watching screen says and its help
//! window are this file's, so both games' spectators read alike.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use serde_json::Value;

use crate::ui::app::Overlay;
use crate::ui::screen::{GameScreen, TableKey};
use crate::ui::theme::Theme;
use crate::ui::view::{hints, window, wrap};

/// What a key that would act says on a watching screen.
pub const CANNOT_ACT: &str =
    "You are watching: the players act from their own screens, not from this one.";

/// The public table of a hosted game: it plays the host's accepted actions into its own
/// copy of the game and draws what everyone at the table sees, with no key that acts.
pub trait WatchedTable: GameScreen {
    /// How many of the game's actions this table has played.
    fn actions_seen(&self) -> usize;

    /// Plays `actions`, the host's accepted actions after the ones this table has seen
    /// (wire form). An error says the table can no longer follow the game.
    fn follow(&mut self, actions: &[Value]) -> Result<(), String>;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// A key on a watching screen: the table's windows, or a word that nothing here acts.
    fn key(&mut self, key: KeyEvent) -> Option<TableKey>;

    /// Draws the public table, `keys` on its key bar after the table's windows, and
    /// `overlay` over it (`extra_help`: more lines for the help window, about `keys`).
    fn draw(
        &self,
        overlay: Option<Overlay>,
        keys: &[(&str, &str)],
        extra_help: &[Line<'static>],
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    );

    /// A copy of the table (the host's screen is `Clone`).
    fn boxed_watched(&self) -> Box<dyn WatchedTable>;
}

impl Clone for Box<dyn WatchedTable> {
    fn clone(&self) -> Self {
        self.boxed_watched()
    }
}

/// A watching screen's last lines, `w` cells wide: the refusal `message` if a key was just
/// refused, else "Watching" and the public `situation`; then `keys`.
pub fn footer(
    message: Option<&str>,
    situation: &str,
    keys: &[(&str, &str)],
    theme: Theme,
    w: usize,
) -> Vec<Line<'static>> {
    let status = match message {
        Some(m) => Line::styled(format!(" {m}"), theme.error()),
        None => Line::from(format!(" Watching · {situation}")),
    };
    let mut bar = vec![Span::raw(" ")];
    bar.extend(hints(theme, keys));
    let mut lines = vec![status, Line::from(bar)];
    for line in &mut lines {
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        if text.chars().count() > w {
            *line = Line::from(text.chars().take(w).collect::<String>());
        }
    }
    lines
}

/// A watching screen's help window: what the table shows (`shows`), that nothing here
/// acts, `extra`'s lines, then the table's own keys (`rows`) and the screen's (`keys`).
pub fn help(
    shows: &str,
    rows: &[(&str, &str)],
    keys: &[(&str, &str)],
    extra: &[Line<'static>],
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let mut lines = vec![
        Line::styled("You are watching", theme.title()),
        Line::from(shows.to_string()),
        Line::from(
            "Nothing here acts: the players play from their own screens, and the table follows every move as it is made.",
        ),
        Line::from(""),
    ];
    lines.extend(extra.iter().cloned());
    for (key, what) in rows.iter().chain(keys.iter().filter(|(k, _)| *k != "?")) {
        lines.push(Line::from(vec![
            Span::styled(format!("{key:>6}  "), theme.key()),
            Span::raw(what.to_string()),
        ]));
    }
    let w = area.width.min(80);
    let inner = w.saturating_sub(2).max(1) as usize;
    let tall: usize = lines
        .iter()
        .map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            wrap(&text, inner).len().max(1)
        })
        .sum();
    window(area, w, tall as u16 + 2, " Help ", theme, lines, buf);
}
