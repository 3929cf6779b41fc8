//! Colours and styles both games' screens share, with or without colour (`NO_COLOR`). The
//! card games' bean chips, a colour *and* a letter each, are drawn from these by the card
//! screen (`cards::screen::view::bean_style`).

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders};

/// How the screens are coloured. With `color` off only bold, reverse and underline are used.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Theme {
    /// Whether colours may be used (off when `NO_COLOR` is set, see <https://no-color.org>).
    pub color: bool,
}

impl Theme {
    /// Colours unless the `NO_COLOR` environment variable is set to anything non-empty.
    pub fn from_env() -> Theme {
        Theme {
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }

    /// No colours at all, as under `NO_COLOR`.
    pub fn plain() -> Theme {
        Theme { color: false }
    }

    /// Colours on.
    pub fn colored() -> Theme {
        Theme { color: true }
    }

    /// Text in colour `c` when colours are on, plain otherwise.
    pub fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// Titles and the marked phase.
    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }

    /// A pane or window: a border with `title` in the title's style.
    pub fn boxed(&self, title: impl Into<String>) -> Block<'static> {
        Block::default()
            .borders(Borders::ALL)
            .title(Span::styled(title.into(), self.title()))
    }

    /// What is selected or current.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    /// Less important text.
    pub fn dim(&self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// A key name in the key hints.
    pub fn key(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// A refusal by the rules.
    pub fn error(&self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// Good news: coins, a trade done.
    pub fn good(&self) -> Style {
        self.fg(Color::LightGreen)
    }

    /// Coins.
    pub fn coins(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// The active player's name.
    pub fn active(&self) -> Style {
        self.fg(Color::LightCyan).add_modifier(Modifier::BOLD)
    }
}
