//! Players' names measured and cut in terminal cells. A name is text we did not write: it may
//! hold wide characters (李, 🐢) that take two cells each and marks that take none, so
//! counting its characters would let a line overrun its column and cut what follows it.

use ratatui::text::Span;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The cells `text` takes on a terminal.
pub(crate) fn cells(text: &str) -> usize {
    text.width()
}

/// The cells `spans` take on a terminal.
pub(crate) fn spans_cells(spans: &[Span]) -> usize {
    spans.iter().map(|s| cells(&s.content)).sum()
}

/// `name` in at most `room` cells: whole where it fits, else cut with "…" at its end (no wide
/// character split), so whatever the line says after the name keeps its place.
pub(crate) fn fit_name(name: &str, room: usize) -> String {
    if cells(name) <= room {
        return name.to_string();
    }
    let mut kept = String::new();
    let mut used = 0;
    for c in name.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > room {
            break;
        }
        used += w;
        kept.push(c);
    }
    if room > 0 {
        kept.push('…');
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_that_fits_is_whole() {
        assert_eq!(fit_name("Ana", 3), "Ana");
        assert_eq!(fit_name("李小龍", 6), "李小龍");
    }

    #[test]
    fn a_long_name_is_cut_to_its_cells_with_an_ellipsis() {
        assert_eq!(fit_name("Bartholomew", 5), "Bart…");
        // Each wide character takes two cells: three cells hold one and the ellipsis.
        assert_eq!(fit_name("李小龍", 4), "李…");
        assert_eq!(cells(&fit_name("🐢🐢🐢🐢", 6)), 5);
        assert_eq!(fit_name("Ana", 0), "");
        assert_eq!(fit_name("Ana", 1), "…");
    }
}
