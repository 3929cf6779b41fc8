//! Fitting text into cells: widths, cutting and wrapping, for every screen of both games.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Width of the text in `spans`, in cells (the UI writes only narrow characters).
pub(crate) fn width(spans: &[Span]) -> usize {
    spans.iter().map(|s| s.content.chars().count()).sum()
}

/// Pads or cuts `spans` to exactly `w` cells.
pub(crate) fn fit(mut spans: Vec<Span<'static>>, w: usize) -> Vec<Span<'static>> {
    let mut used = 0;
    let mut out = Vec::with_capacity(spans.len() + 1);
    for s in spans.drain(..) {
        let n = s.content.chars().count();
        if used + n <= w {
            used += n;
            out.push(s);
        } else {
            let keep: String = s.content.chars().take(w - used).collect();
            used = w;
            out.push(Span::styled(keep, s.style));
            break;
        }
    }
    if used < w {
        out.push(Span::raw(" ".repeat(w - used)));
    }
    out
}

/// The first of `choices` (the longest form first) at most `w` cells wide, else the last.
pub(crate) fn first_fitting(
    choices: impl IntoIterator<Item = Vec<Span<'static>>>,
    w: usize,
) -> Vec<Span<'static>> {
    let mut last = Vec::new();
    for choice in choices {
        if width(&choice) <= w {
            return choice;
        }
        last = choice;
    }
    last
}

/// Every span of `spans` with `style` laid over its own.
pub(crate) fn styled_all(spans: Vec<Span<'static>>, style: Style) -> Vec<Span<'static>> {
    spans.into_iter().map(|s| s.patch_style(style)).collect()
}

/// `text` cut to `n` characters, the last one `…` where it was cut.
pub(crate) fn cut(text: &str, n: usize) -> String {
    let mut s: String = text.chars().take(n).collect();
    if text.chars().count() > n && n > 0 {
        s.pop();
        s.push('…');
    }
    s
}

/// Word-wraps `text` to `w` cells.
pub(crate) fn wrap(text: &str, w: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > w {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > w {
            let head: String = line.chars().take(w).collect();
            line = line.chars().skip(w).collect();
            lines.push(head);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Breaks key hints into lines of at most `w` cells, between hints.
pub(crate) fn wrap_spans(spans: Vec<Span<'static>>, w: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = vec![Span::raw(" ")];
    let mut group: Vec<Span<'static>> = Vec::new();
    let flush = |line: &mut Vec<Span<'static>>,
                 group: &mut Vec<Span<'static>>,
                 lines: &mut Vec<Line<'static>>| {
        if width(line) + width(group) > w && line.len() > 1 {
            lines.push(Line::from(std::mem::replace(line, vec![Span::raw(" ")])));
            if group.first().is_some_and(|s| s.content == "  ") {
                group.remove(0);
            }
        }
        line.append(group);
    };
    for s in spans {
        if s.content == "  " {
            flush(&mut line, &mut group, &mut lines);
        }
        group.push(s);
    }
    flush(&mut line, &mut group, &mut lines);
    lines.push(Line::from(line));
    lines
}
