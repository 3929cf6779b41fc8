//! The far terminal's keys: the bytes it sends, read by termwiz's input parser (as a
//! terminal emulator would), and given to the screen as the keys crossterm would have read
//! from a terminal of its own.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use termwiz::input::{InputEvent, InputParser, KeyCode as Key, Modifiers};

/// The keys in a far terminal's bytes, read across reads (an escape sequence split between
/// two is read whole).
pub struct KeyReader {
    parser: InputParser,
}

impl Default for KeyReader {
    fn default() -> Self {
        KeyReader {
            parser: InputParser::new(),
        }
    }
}

impl KeyReader {
    /// The keys `bytes` finish, in order; bytes that are no key (a mouse report, a paste's
    /// markers) are skipped, and a paste is typed as its characters.
    pub fn keys(&mut self, bytes: &[u8]) -> Vec<KeyEvent> {
        let mut keys = Vec::new();
        // A lone Esc is a key of its own: no more bytes are waited for.
        for event in self.parser.parse_as_vec(bytes, false) {
            match event {
                InputEvent::Key(key) => keys.extend(crossterm_key(key.key, key.modifiers)),
                InputEvent::Paste(text) => keys.extend(
                    text.chars()
                        .map(|c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)),
                ),
                _ => {}
            }
        }
        keys
    }
}

/// termwiz's `key` with `modifiers` as crossterm names it; `None` for a key the game has no
/// use for.
fn crossterm_key(key: Key, modifiers: Modifiers) -> Option<KeyEvent> {
    let mut mods = KeyModifiers::NONE;
    if modifiers.contains(Modifiers::SHIFT) {
        mods |= KeyModifiers::SHIFT;
    }
    if modifiers.contains(Modifiers::CTRL) {
        mods |= KeyModifiers::CONTROL;
    }
    if modifiers.contains(Modifiers::ALT) {
        mods |= KeyModifiers::ALT;
    }
    let code = match key {
        Key::Char('\r' | '\n') | Key::Enter => KeyCode::Enter,
        Key::Char('\t') | Key::Tab if mods.contains(KeyModifiers::SHIFT) => KeyCode::BackTab,
        Key::Char('\t') | Key::Tab => KeyCode::Tab,
        Key::Char('\u{7f}' | '\u{8}') | Key::Backspace => KeyCode::Backspace,
        Key::Char('\u{1b}') | Key::Escape => KeyCode::Esc,
        Key::Char(c) => KeyCode::Char(c),
        Key::LeftArrow => KeyCode::Left,
        Key::RightArrow => KeyCode::Right,
        Key::UpArrow => KeyCode::Up,
        Key::DownArrow => KeyCode::Down,
        Key::Home => KeyCode::Home,
        Key::End => KeyCode::End,
        Key::PageUp => KeyCode::PageUp,
        Key::PageDown => KeyCode::PageDown,
        Key::Delete => KeyCode::Delete,
        Key::Insert => KeyCode::Insert,
        Key::Function(n) => KeyCode::F(n),
        _ => return None,
    };
    if code == KeyCode::BackTab {
        mods -= KeyModifiers::SHIFT;
    }
    Some(KeyEvent::new(code, mods))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(bytes: &[u8]) -> Vec<(KeyCode, KeyModifiers)> {
        KeyReader::default()
            .keys(bytes)
            .into_iter()
            .map(|k| (k.code, k.modifiers))
            .collect()
    }

    #[test]
    fn letters_enter_escape_and_arrows_are_read_as_the_terminal_would() {
        assert_eq!(
            codes(b"a\r\x1b[A\x1b"),
            vec![
                (KeyCode::Char('a'), KeyModifiers::NONE),
                (KeyCode::Enter, KeyModifiers::NONE),
                (KeyCode::Up, KeyModifiers::NONE),
                (KeyCode::Esc, KeyModifiers::NONE),
            ]
        );
    }

    #[test]
    fn control_keys_and_shift_tab_keep_their_meaning() {
        assert_eq!(
            codes(b"\x03\x1b[Z"),
            vec![
                (KeyCode::Char('c'), KeyModifiers::CONTROL),
                (KeyCode::BackTab, KeyModifiers::NONE),
            ]
        );
    }

    #[test]
    fn bytes_that_are_no_key_are_skipped() {
        assert!(
            codes(&[0xff, 0xfe])
                .iter()
                .all(|(c, _)| *c != KeyCode::Enter)
        );
    }
}
