//! Reading the log back: which of its lines a reader looks at. Kept beside the game's log
//! and never in the game, so scrolling cannot change what happened.
//!
//! The place is the first line shown, counted from the oldest; a new line then does not
//! move what a reader looks at. A reader at the newest line follows new lines instead.

use std::cell::Cell;

use ratatui::layout::Rect;

use crate::ui::view::wrap;

/// Log lines one notch of the mouse wheel moves by.
pub const WHEEL_LINES: usize = 3;

/// Where the log is paged while it has not been drawn yet: the log pane of the smallest
/// screen (80×24) holds about this much.
const UNDRAWN: Rect = Rect {
    x: 0,
    y: 0,
    width: 78,
    height: 3,
};

/// A way to move through the log.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LogMove {
    /// A page towards the oldest line (PgUp).
    PageBack,
    /// A page towards the newest line (PgDn).
    PageOn,
    /// The oldest line (Home).
    Oldest,
    /// The newest line, following new ones (End).
    Newest,
    /// This many lines towards the oldest (the mouse wheel).
    LinesBack(usize),
    /// This many lines towards the newest (the mouse wheel).
    LinesOn(usize),
}

/// The lines of the log on screen while a reader has scrolled back: 1-based, `last`
/// included, of `total`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ScrolledBack {
    /// The first line shown.
    pub first: usize,
    /// The last line shown in full.
    pub last: usize,
    /// Lines in the whole log.
    pub total: usize,
}

impl ScrolledBack {
    /// "lines 12–30 of 240, End for the newest".
    pub fn describe(&self) -> String {
        format!(
            "lines {}–{} of {}, End for the newest",
            self.first, self.last, self.total
        )
    }
}

/// Where a reader is in the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogScroll {
    /// The first line shown (0 is the oldest) while scrolled back; `None` while the newest
    /// lines show and new ones are followed.
    top: Option<usize>,
    /// The text area the log was last drawn in, so a page is what the reader saw and the
    /// wheel scrolls only over the log. Drawing records it; nothing else changes in drawing.
    drawn: Cell<Option<Rect>>,
}

/// How many screen lines each log line takes at `width` cells, word-wrapped.
pub fn heights(log: &[String], width: usize) -> Vec<usize> {
    log.iter()
        .map(|line| wrap(line, width.max(1)).len().max(1))
        .collect()
}

/// The first of the lines before `end` that fill `rows` screen lines: `end` itself where
/// the line before it is taller than the area.
fn page_before(heights: &[usize], end: usize, rows: usize) -> usize {
    let mut used = 0;
    let mut top = end;
    while top > 0 && used + heights[top - 1] <= rows {
        used += heights[top - 1];
        top -= 1;
    }
    top
}

/// The first line shown when the newest lines fill `rows` screen lines.
fn newest_top(heights: &[usize], rows: usize) -> usize {
    // A line taller than the whole area still shows (its start).
    page_before(heights, heights.len(), rows).min(heights.len().saturating_sub(1))
}

/// How many lines from `top` show in full in `rows` screen lines (at least one).
fn shown_from(heights: &[usize], top: usize, rows: usize) -> usize {
    let mut used = 0;
    let mut n = 0;
    while top + n < heights.len() && used + heights[top + n] <= rows {
        used += heights[top + n];
        n += 1;
    }
    n.max(1).min(heights.len().saturating_sub(top))
}

impl LogScroll {
    /// Records the text area the log is drawn in.
    pub fn drawn_in(&self, area: Rect) {
        self.drawn.set(Some(area));
    }

    /// The text area the log was last drawn in (or the smallest screen's, before).
    pub fn area(&self) -> Rect {
        self.drawn.get().unwrap_or(UNDRAWN)
    }

    /// Whether the terminal cell (`column`, `row`) is over the log as last drawn.
    pub fn is_over(&self, column: u16, row: u16) -> bool {
        self.drawn
            .get()
            .is_some_and(|a| a.contains(ratatui::layout::Position::new(column, row)))
    }

    /// Whether the newest lines show (and new ones will).
    pub fn at_newest(&self) -> bool {
        self.top.is_none()
    }

    /// The first line shown, given each line's height and the rows of the area.
    pub fn first_shown(&self, heights: &[usize], rows: usize) -> usize {
        let newest = newest_top(heights, rows);
        self.top.map_or(newest, |t| t.min(newest))
    }

    /// The lines shown while scrolled back; `None` at the newest.
    pub fn scrolled_back(&self, heights: &[usize], rows: usize) -> Option<ScrolledBack> {
        self.top?;
        let first = self.first_shown(heights, rows);
        Some(ScrolledBack {
            first: first + 1,
            last: first + shown_from(heights, first, rows),
            total: heights.len(),
        })
    }

    /// The log pane's text drawn in `area` (recorded for the keys and the mouse): its title,
    /// "Log" or where its reader scrolled back to, and the screen lines of `log`.
    pub fn show(&self, log: &[String], area: Rect) -> (String, Vec<String>) {
        self.drawn_in(area);
        let (w, h) = (area.width as usize, area.height as usize);
        // The lines are measured only while scrolled back, so following the newest costs
        // nothing however long the log.
        let back = self
            .top
            .and_then(|_| self.scrolled_back(&heights(log, w), h));
        let title = match back {
            Some(back) => format!("Log: {}", back.describe()),
            None => "Log".to_string(),
        };
        (title, self.rows_shown(log, w, h))
    }

    /// The screen lines of `log` in an area `width` × `rows`: from the first line shown while
    /// scrolled back; the newest at the bottom otherwise (the oldest of them cut at the top
    /// if it does not fit whole).
    fn rows_shown(&self, log: &[String], width: usize, rows: usize) -> Vec<String> {
        let width = width.max(1);
        if self.top.is_none() {
            let mut out: Vec<String> = Vec::new();
            for line in log.iter().rev() {
                out.extend(wrap(line, width).into_iter().rev());
                if out.len() >= rows {
                    break;
                }
            }
            out.truncate(rows);
            out.reverse();
            return out;
        }
        let first = self.first_shown(&heights(log, width), rows);
        log[first.min(log.len())..]
            .iter()
            .flat_map(|line| wrap(line, width))
            .take(rows)
            .collect()
    }

    /// Moves through a log whose lines take `heights` screen lines, in an area of `rows`.
    pub fn go(&mut self, to: LogMove, heights: &[usize], rows: usize) {
        let newest = newest_top(heights, rows);
        let now = self.first_shown(heights, rows);
        let top = match to {
            LogMove::Newest => newest,
            LogMove::Oldest => 0,
            LogMove::LinesBack(n) => now.saturating_sub(n),
            LogMove::LinesOn(n) => now + n,
            LogMove::PageOn => now + shown_from(heights, now, rows),
            LogMove::PageBack => match page_before(heights, now, rows) {
                // A line taller than the area is still a step.
                top if top == now => now.saturating_sub(1),
                top => top,
            },
        };
        // Reaching the newest line means following new ones again.
        self.top = (top < newest).then_some(top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize) -> Vec<usize> {
        vec![1; n]
    }

    #[test]
    fn a_reader_at_the_newest_follows_new_lines() {
        let s = LogScroll::default();
        assert_eq!(s.first_shown(&lines(10), 4), 6);
        assert_eq!(s.first_shown(&lines(11), 4), 7);
        assert_eq!(s.scrolled_back(&lines(11), 4), None);
    }

    #[test]
    fn a_reader_scrolled_back_stays_where_they_are_when_lines_come() {
        let mut s = LogScroll::default();
        s.go(LogMove::PageBack, &lines(10), 4);
        assert_eq!(s.first_shown(&lines(10), 4), 2);
        assert_eq!(s.first_shown(&lines(30), 4), 2);
        let back = s.scrolled_back(&lines(30), 4).unwrap();
        assert_eq!((back.first, back.last, back.total), (3, 6, 30));
        assert_eq!(back.describe(), "lines 3–6 of 30, End for the newest");
    }

    #[test]
    fn pages_go_back_to_the_oldest_and_on_to_following_again() {
        let mut s = LogScroll::default();
        let h = lines(10);
        s.go(LogMove::PageBack, &h, 4);
        s.go(LogMove::PageBack, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 0);
        s.go(LogMove::PageBack, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 0);
        s.go(LogMove::PageOn, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 4);
        assert!(!s.at_newest());
        s.go(LogMove::PageOn, &h, 4);
        assert!(s.at_newest());
    }

    #[test]
    fn home_and_end_and_the_wheel() {
        let mut s = LogScroll::default();
        let h = lines(10);
        s.go(LogMove::Oldest, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 0);
        s.go(LogMove::LinesOn(3), &h, 4);
        assert_eq!(s.first_shown(&h, 4), 3);
        s.go(LogMove::LinesOn(3), &h, 4);
        assert!(s.at_newest());
        s.go(LogMove::LinesBack(3), &h, 4);
        assert_eq!(s.first_shown(&h, 4), 3);
        s.go(LogMove::Newest, &h, 4);
        assert!(s.at_newest());
    }

    #[test]
    fn a_log_that_fits_does_not_scroll() {
        let mut s = LogScroll::default();
        for to in [LogMove::Oldest, LogMove::PageBack, LogMove::LinesBack(3)] {
            s.go(to, &lines(3), 4);
            assert!(s.at_newest());
        }
        s.go(LogMove::PageBack, &[], 4);
        assert!(s.at_newest());
    }

    #[test]
    fn wrapped_lines_page_by_what_fits() {
        let mut s = LogScroll::default();
        // Lines of 2, 2, 1, 3, 1 rows in 4 rows: the newest page is lines 3..5.
        let h = [2, 2, 1, 3, 1];
        assert_eq!(s.first_shown(&h, 4), 3);
        s.go(LogMove::PageBack, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 1);
        assert_eq!(s.scrolled_back(&h, 4).unwrap().last, 3);
        s.go(LogMove::PageBack, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 0);
    }

    #[test]
    fn a_line_taller_than_the_area_is_still_a_page() {
        let mut s = LogScroll::default();
        let h = [1, 9, 9];
        assert_eq!(s.first_shown(&h, 4), 2);
        s.go(LogMove::PageBack, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 1);
        s.go(LogMove::PageBack, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 0);
        s.go(LogMove::PageOn, &h, 4);
        assert_eq!(s.first_shown(&h, 4), 1);
    }

    #[test]
    fn the_wheel_counts_only_over_the_log() {
        let s = LogScroll::default();
        assert!(!s.is_over(1, 1));
        s.drawn_in(Rect::new(1, 10, 20, 5));
        assert!(s.is_over(1, 10));
        assert!(s.is_over(20, 14));
        assert!(!s.is_over(21, 14));
        assert!(!s.is_over(5, 9));
    }
}
