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

use crate::ui::Pace;
use crate::ui::app::Overlay;
use crate::ui::barrier::Holder;
use crate::ui::coach::Coaching;
use crate::ui::log_scroll::LogScroll;
use crate::ui::pace::Paced;
use crate::ui::screen::{Closing, GameScreen, TableKey};
use crate::ui::theme::Theme;
use crate::ui::view::{LogSource, hints, window, wrap};

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

/// What a game gives a watching screen: its public table following the host's game, its
/// keys and its drawing. [`Watching`] makes any of them a screen, the same for both games.
pub trait Spectated: std::fmt::Debug + Clone + 'static {
    /// How many of the game's actions this table has played.
    fn actions_seen(&self) -> usize;
    /// Plays the host's accepted actions after the ones seen ([`WatchedTable::follow`]).
    fn follow(&mut self, actions: &[Value]) -> Result<(), String>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// A key: the table's windows, or a word that nothing here acts.
    fn key(&mut self, key: KeyEvent) -> Option<TableKey>;
    /// Draws the public table ([`WatchedTable::draw`]).
    fn draw(
        &self,
        overlay: Option<Overlay>,
        keys: &[(&str, &str)],
        extra_help: &[Line<'static>],
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    );
    /// The log and its scrolling.
    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll);
    /// The log as the log window reads it.
    fn log_source(&self) -> LogSource<'_>;
    /// What to print when the screen closes.
    fn closing(&mut self) -> Closing<'_>;
    /// The pace the host's bots play at.
    fn pace(&self) -> Pace;
}

/// A game's public table on a watching screen: nothing on it acts, nothing waits for this
/// keyboard, no coach is asked, and the pace is the host's.
#[derive(Clone, Debug)]
pub struct Watching<T>(pub T);

impl<T: Spectated> GameScreen for Watching<T> {
    fn on_key(&mut self, key: KeyEvent) -> Option<TableKey> {
        self.0.key(key)
    }

    fn holder(&self) -> Holder {
        Holder::Person(None)
    }

    fn bot_wait(&self) -> Option<std::time::Duration> {
        None
    }

    fn takes_pace_keys(&self) -> bool {
        false
    }

    fn tick(&mut self) -> bool {
        false
    }

    fn play_bot(&mut self) -> bool {
        false
    }

    fn playing(&self) -> bool {
        // Leaving a watching screen loses nothing: nothing to ask first.
        false
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        self.0.log_and_scroll()
    }

    fn log_source(&self) -> LogSource<'_> {
        self.0.log_source()
    }

    fn render(&self, overlay: Option<Overlay>, theme: Theme, area: Rect, buf: &mut Buffer) {
        self.0
            .draw(overlay, &[("q", "leave")], &[], theme, area, buf);
    }

    fn closing(&mut self) -> Closing<'_> {
        self.0.closing()
    }

    fn boxed(&self) -> Box<dyn GameScreen> {
        Box::new(self.clone())
    }

    fn watched_mut(&mut self) -> Option<&mut dyn WatchedTable> {
        Some(self)
    }
}

impl<T: Spectated> WatchedTable for Watching<T> {
    fn actions_seen(&self) -> usize {
        self.0.actions_seen()
    }

    fn follow(&mut self, actions: &[Value]) -> Result<(), String> {
        self.0.follow(actions)
    }

    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    fn key(&mut self, key: KeyEvent) -> Option<TableKey> {
        self.0.key(key)
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
        self.0.draw(overlay, keys, extra_help, theme, area, buf);
    }

    fn boxed_watched(&self) -> Box<dyn WatchedTable> {
        Box::new(self.clone())
    }
}

/// Nothing coaches a spectator: there is no decision at this keyboard.
impl<T: Spectated> Coaching for Watching<T> {
    fn coach_busy(&self) -> bool {
        false
    }

    fn coach_think(&mut self, _: std::time::Duration) {}

    fn set_tutor(&mut self, _: bool) {}

    fn in_trial(&self) -> bool {
        false
    }

    fn review_now(&mut self) -> Result<(), String> {
        Err(CANNOT_ACT.into())
    }

    fn back_to_review(&mut self) -> bool {
        false
    }
}

/// The host sets the pace of its bots; a spectator's `<` `>` change nothing.
impl<T: Spectated> Paced for Watching<T> {
    fn pace(&self) -> Pace {
        self.0.pace()
    }

    fn set_pace(&mut self, _: Pace) {}

    fn change_pace(&mut self, _: Pace) {}
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
