//! The card games' beans in the shell's theme: every bean kind has a colour *and* a letter,
//! so the table reads the same with `NO_COLOR` set and for colour-blind players.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;

use crate::cards::{BeanKind, OrderCard, Ruleset};
use crate::ui::theme::Theme;

/// How the card screen draws bean cards and order cards in a [`Theme`].
pub(crate) trait BeanStyle {
    /// The colour of a bean kind: by the name printed on the card where we know it, else
    /// from a palette by position, so rulesets with new beans still get distinct colours.
    fn bean_color(&self, ruleset: &Ruleset, kind: BeanKind) -> Color;

    /// The style of a bean card's chip.
    fn bean(&self, ruleset: &Ruleset, kind: BeanKind) -> Style;

    /// A bean card as a three-cell chip, `[B]`: the letter always, the colour when allowed.
    fn chip(&self, ruleset: &Ruleset, kind: BeanKind) -> Span<'static>;

    /// A bean card with its name: `[B] Blue`.
    fn card(&self, ruleset: &Ruleset, kind: BeanKind) -> Vec<Span<'static>>;

    /// An order card, `[3/4]`: grey and bracketed with a slash, so it never looks like a bean.
    fn order_card(&self, order: OrderCard) -> Span<'static>;
}

impl BeanStyle for Theme {
    fn bean_color(&self, ruleset: &Ruleset, kind: BeanKind) -> Color {
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

    fn bean(&self, ruleset: &Ruleset, kind: BeanKind) -> Style {
        if self.color {
            Style::new()
                .bg(self.bean_color(ruleset, kind))
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    fn chip(&self, ruleset: &Ruleset, kind: BeanKind) -> Span<'static> {
        Span::styled(
            format!("[{}]", ruleset.bean(kind).letter),
            self.bean(ruleset, kind),
        )
    }

    fn card(&self, ruleset: &Ruleset, kind: BeanKind) -> Vec<Span<'static>> {
        vec![
            self.chip(ruleset, kind),
            Span::styled(
                format!(" {}", ruleset.bean(kind).name),
                self.fg(self.bean_color(ruleset, kind)),
            ),
        ]
    }

    fn order_card(&self, order: OrderCard) -> Span<'static> {
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
}
