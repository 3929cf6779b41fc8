//! The whole log on the full screen, turn by turn ("Turn 7 — Ana"), on the card and the
//! dice screens alike. PgUp/PgDn, Home/End and the mouse wheel scroll it as they scroll the
//! log pane (one place for both); Esc, `l` or `q` closes it. It shows the log's lines and nothing
//! else, so it holds no more than the pane does: only what every player may see.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::ui::log_scroll::{LogScroll, heights};
use crate::ui::theme::Theme;
use crate::ui::view::fit::fit;
use crate::ui::view::key_line;
use crate::ui::view::wrap;
use crate::ui::words::turn_of;

/// One game's log, as the full-screen view needs it.
pub struct LogSource<'a> {
    /// The log, oldest line first.
    pub log: &'a [String],
    /// The players' names, which the turn headings name.
    pub names: &'a [String],
    /// The turn being played: the number of the last turn heading.
    pub turn: u32,
    /// What game this is: "base · seed 42 · turn 7".
    pub identity: String,
    /// Where the reader is.
    pub scroll: &'a LogScroll,
}

/// The number of each turn heading in `log` (`None` for other lines), counted back from the
/// last one, which is turn `turn`: right for a game started from a position too.
fn turn_numbers(log: &[String], names: &[String], turn: u32) -> Vec<Option<(u32, usize)>> {
    let players: Vec<Option<usize>> = log.iter().map(|l| turn_of(l, names)).collect();
    let mut later = players.iter().flatten().count() as u32;
    let mut numbers = vec![None; log.len()];
    for (i, player) in players.iter().enumerate() {
        if let Some(p) = player {
            later -= 1;
            numbers[i] = turn.checked_sub(later).filter(|&n| n > 0).map(|n| (n, *p));
        }
    }
    numbers
}

/// The screen lines of log line `i`, `rows` of them: a turn heading as a rule, others wrapped.
fn entry_rows(
    source: &LogSource,
    line: &str,
    heading: Option<(u32, usize)>,
    rows: usize,
    theme: Theme,
    w: usize,
) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = match heading {
        Some((n, p)) => {
            let name = source.names.get(p).map_or("?", String::as_str);
            let spans = vec![
                Span::styled(format!("Turn {n} — {name} "), theme.title()),
                Span::styled("─".repeat(w), theme.dim()),
            ];
            vec![Line::from(fit(spans, w))]
        }
        None => wrap(line, w).into_iter().map(Line::from).collect(),
    };
    out.resize(rows, Line::from(""));
    out
}

/// Draws the whole log over `area`.
pub(crate) fn render(source: &LogSource, theme: Theme, area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
    let body = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    let mut block = theme.boxed(format!(" Log · {} ", source.identity));
    let inner = block.inner(body);
    let (w, h) = (inner.width as usize, inner.height as usize);
    source.scroll.drawn_in(inner);
    let heights = heights(source.log, w);
    if let Some(back) = source.scroll.scrolled_back(&heights, h) {
        block = block.title_bottom(Span::styled(
            format!(" {} ", back.describe()),
            theme.title(),
        ));
    }
    let numbers = turn_numbers(source.log, source.names, source.turn);
    let first = source.scroll.first_shown(&heights, h);
    let mut lines: Vec<Line<'static>> = Vec::new();
    for i in first..source.log.len() {
        if lines.len() >= h {
            break;
        }
        lines.extend(entry_rows(
            source,
            &source.log[i],
            numbers[i],
            heights[i],
            theme,
            w,
        ));
    }
    lines.truncate(h);
    Paragraph::new(lines).block(block).render(body, buf);
    let keys = key_line(
        " ",
        theme,
        &[
            ("PgUp/PgDn", "a page"),
            ("Home/End", "oldest/newest"),
            ("wheel", "scroll"),
            ("Esc/l", "close"),
        ],
    );
    let bar = Rect {
        y: area.y + area.height.saturating_sub(1),
        height: area.height.min(1),
        ..area
    };
    Paragraph::new(keys).render(bar, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Ana", "Ben"].map(String::from).to_vec()
    }

    #[test]
    fn turns_are_numbered_back_from_the_turn_being_played() {
        let log: Vec<String> = [
            "Each player is dealt 5 cards.",
            "── Ana's turn ──",
            "Ana planted Red in field 1.",
            "── Ben's turn ──",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            turn_numbers(&log, &names(), 2),
            [None, Some((1, 0)), None, Some((2, 1))]
        );
        // A game started at turn 7 from a position.
        assert_eq!(turn_numbers(&log, &names(), 8)[1], Some((7, 0)));
    }

    #[test]
    fn a_line_like_a_heading_for_nobody_at_the_table_is_no_heading() {
        let log = vec!["── Zed's turn ──".to_string()];
        assert_eq!(turn_numbers(&log, &names(), 1), [None]);
    }
}
