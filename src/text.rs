//! Making text we did not write safe to show on a terminal.
//!
//! Player names, ruleset titles and bean names, and lines quoted from files come from
//! strangers. A terminal obeys the control characters in them (ESC starts a sequence that
//! can retitle the window, move the cursor or worse; BEL rings; C1 codes act like ESC), so
//! every path that shows such text passes it through [`sanitize`] first.

use std::borrow::Cow;

/// What an unsafe character is shown as.
pub const REPLACEMENT: char = '\u{FFFD}';

/// Whether a terminal could act on `c` instead of showing it: C0 controls (ESC, BEL, line
/// breaks, tabs), DEL, C1 controls, the Unicode line and paragraph separators and the
/// bidirectional overrides that make text read differently from how it is stored.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

/// `text` with every character a terminal could act on replaced by [`REPLACEMENT`], so it
/// shows on one line exactly as the characters it holds. Borrows when nothing needs
/// replacing.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    if text.chars().any(is_unsafe) {
        Cow::Owned(
            text.chars()
                .map(|c| if is_unsafe(c) { REPLACEMENT } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

/// Each of `texts` made safe, as owned strings: for lists of names.
pub fn sanitize_all(texts: &[String]) -> Vec<String> {
    texts.iter().map(|t| sanitize(t).into_owned()).collect()
}

/// At most `max_chars` characters of `text`, made safe, with "…" where it was cut: how a
/// value we did not write is quoted in a message.
pub fn excerpt(text: &str, max_chars: usize) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(max_chars).collect();
    let mut shown = sanitize(&head).into_owned();
    if chars.next().is_some() {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_bells_are_replaced() {
        assert_eq!(sanitize("\u{1b}]0;pwned\u{7}"), "\u{FFFD}]0;pwned\u{FFFD}");
        assert_eq!(
            sanitize("a\u{9b}31mb\r\nc\u{7f}"),
            "a\u{FFFD}31mb\u{FFFD}\u{FFFD}c\u{FFFD}"
        );
        assert_eq!(sanitize("evil\u{202E}txt"), "evil\u{FFFD}txt");
    }

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        let name = "Black-eyed Ünal 🫘";
        assert!(matches!(sanitize(name), Cow::Borrowed(n) if n == name));
    }

    #[test]
    fn an_excerpt_is_cut_on_characters_and_made_safe() {
        assert_eq!(excerpt("ééééé", 3), "ééé…");
        assert_eq!(excerpt("ab", 3), "ab");
        assert_eq!(excerpt("\u{1b}[2J", 10), "\u{FFFD}[2J");
    }
}
