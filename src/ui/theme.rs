//! Colours and symbols: every bean kind has a colour *and* a letter, so the table reads the
//! same with `NO_COLOR` set and for colour-blind players.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders};

use crate::cards::{BeanKind, OrderCard, Ruleset};

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

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// The colour of a bean kind: by the name printed on the card where we know it, else
    /// from a palette by position, so rulesets with new beans still get distinct colours.
    pub fn bean_color(&self, ruleset: &Ruleset, kind: BeanKind) -> Color {
        let name = ruleset.bean(kind).name.to_ascii_lowercase();
        match name.as_str() {
            "blue" => Color::Blue,
            "chili" => Color::Red,
            "stink" => Color::Magenta,
            "green" => Color::Green,
            "soy" => Color::Yellow,
            "black-eyed" => Color::White,
            "red" => Color::LightRed,
            "garden" => Color::LightGreen,
            "cocoa" => Color::Indexed(130),
            "wax" => Color::LightYellow,
            "coffee" => Color::Indexed(94),
            _ => {
                const PALETTE: [Color; 6] = [
                    Color::Cyan,
                    Color::LightBlue,
                    Color::LightCyan,
                    Color::LightMagenta,
                    Color::Gray,
                    Color::Indexed(208),
                ];
                PALETTE[kind.index() % PALETTE.len()]
            }
        }
    }

    /// The style of a bean card's chip.
    pub fn bean(&self, ruleset: &Ruleset, kind: BeanKind) -> Style {
        if self.color {
            Style::new()
                .bg(self.bean_color(ruleset, kind))
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    /// A bean card as a three-cell chip, `[B]`: the letter always, the colour when allowed.
    pub fn chip(&self, ruleset: &Ruleset, kind: BeanKind) -> Span<'static> {
        Span::styled(
            format!("[{}]", ruleset.bean(kind).letter),
            self.bean(ruleset, kind),
        )
    }

    /// A bean card with its name: `[B] Blue`.
    pub fn card(&self, ruleset: &Ruleset, kind: BeanKind) -> Vec<Span<'static>> {
        vec![
            self.chip(ruleset, kind),
            Span::styled(
                format!(" {}", ruleset.bean(kind).name),
                self.fg(self.bean_color(ruleset, kind)),
            ),
        ]
    }

    /// An order card, `[3/4]`: grey and bracketed with a slash, so it never looks like a bean.
    pub fn order_card(&self, order: OrderCard) -> Span<'static> {
        let style = if self.color {
            Style::new()
                .bg(Color::DarkGray)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD | Modifier::ITALIC)
        };
        Span::styled(format!("[{order}]"), style)
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
