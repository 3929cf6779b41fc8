//! A titled window over whatever is drawn, on every screen of both games.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::ui::theme::Theme;
use crate::ui::view::centered;

/// A titled window of `lines`, at most `w`×`h`, in the middle of `area` over what is drawn
/// there.
pub(crate) fn window(
    area: Rect,
    w: u16,
    h: u16,
    title: impl Into<String>,
    theme: Theme,
    lines: Vec<Line<'static>>,
    buf: &mut Buffer,
) {
    let r = centered(area, w, h);
    Clear.render(r, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(theme.boxed(title))
        .render(r, buf);
}

/// [`window`] of `lines`, then a blank line and `last` (its keys, or how to close it), as
/// tall as they are.
pub(crate) fn keyed_window(
    area: Rect,
    w: u16,
    title: &str,
    mut lines: Vec<Line<'static>>,
    last: Line<'static>,
    theme: Theme,
    buf: &mut Buffer,
) {
    lines.extend([Line::from(""), last]);
    let h = lines.len() as u16 + 2;
    window(area, w, h, title, theme, lines, buf);
}
