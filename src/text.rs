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
/// breaks, tabs), DEL, C1 controls (U+0080 to U+009F: U+009B starts a sequence as ESC [
/// does), the Unicode line and paragraph separators, and the bidirectional marks,
/// embeddings, overrides and isolates that make text read differently from how it is
/// stored.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// JSON text with every unsafe character beyond ASCII ([`is_unsafe`]: C1 controls, bidi
/// overrides, line separators) written as a `\uXXXX` escape. serde_json escapes the ASCII
/// controls itself but writes these as they are; outside strings JSON text is ASCII, so
/// each is inside a string, where the escape reads back as the same character. For JSON
/// lines that reach a terminal: protocol replies, `export`.
pub fn escape_json(json: &str) -> Cow<'_, str> {
    if !json.chars().any(|c| !c.is_ascii() && is_unsafe(c)) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if !c.is_ascii() && is_unsafe(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
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
    fn c1_controls_and_bidi_marks_are_replaced() {
        for c in [
            '\u{80}', '\u{9b}', '\u{9f}', '\u{200e}', '\u{200f}', '\u{61c}', '\u{202a}',
            '\u{202e}', '\u{2066}', '\u{2069}',
        ] {
            assert_eq!(
                sanitize(&format!("a{c}b")),
                "a\u{FFFD}b",
                "{:x}",
                u32::from(c)
            );
        }
    }

    #[test]
    fn json_keeps_its_meaning_with_unsafe_characters_escaped() {
        let value = serde_json::json!({"name": "A\u{9b}31m\u{202e}B\u{1b}é"});
        let text = value.to_string();
        let escaped = escape_json(&text);
        assert_eq!(escaped, r#"{"name":"A\u009b31m\u202eB\u001bé"}"#);
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back, value);
        assert!(matches!(escape_json("{\"a\":\"é\"}"), Cow::Borrowed(_)));
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
