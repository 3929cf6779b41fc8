//! The replay viewer's keys, as a pure function from a key press to what it asks for.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::tape::Move;

/// The most digits a turn number typed after `g` may have.
pub const MAX_TURN_DIGITS: usize = 5;

/// What a key press asks the replay viewer for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
    /// Move the cursor.
    Go(Move),
    /// Start typing the number of a turn to jump to (`g`).
    AskTurn,
    /// A digit of the turn number being typed.
    Digit(u8),
    /// Take back the last digit typed.
    Erase,
    /// Jump to the turn typed (Enter).
    JumpToTyped,
    /// Stop typing a turn number (Esc).
    StopTyping,
    /// Continue playing from the cursor as a new game (`c`).
    Continue,
    /// Leave the viewer (`q`, Esc).
    Leave,
    /// Show the keys (`?`).
    Help,
}

/// What `key` asks for; `typing` is whether a turn number is being typed after `g` (then
/// only digits, Backspace, Enter and Esc mean anything). `None` for a key that does nothing.
pub fn command(key: &KeyEvent, typing: bool) -> Option<Command> {
    if typing {
        return match key.code {
            KeyCode::Char(c) => c
                .to_digit(10)
                .and_then(|d| u8::try_from(d).ok())
                .map(Command::Digit),
            KeyCode::Backspace => Some(Command::Erase),
            KeyCode::Enter => Some(Command::JumpToTyped),
            KeyCode::Esc => Some(Command::StopTyping),
            _ => None,
        };
    }
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let go = |m| Some(Command::Go(m));
    match key.code {
        KeyCode::Left if shift => go(Move::TurnBack),
        KeyCode::Right if shift => go(Move::TurnForward),
        KeyCode::Left => go(Move::Back),
        KeyCode::Right => go(Move::Forward),
        KeyCode::Char('[') | KeyCode::PageUp => go(Move::PhaseBack),
        KeyCode::Char(']') | KeyCode::PageDown => go(Move::PhaseForward),
        KeyCode::Char('{') => go(Move::TurnBack),
        KeyCode::Char('}') => go(Move::TurnForward),
        KeyCode::Home => go(Move::Start),
        KeyCode::End => go(Move::End),
        KeyCode::Char('g') => Some(Command::AskTurn),
        KeyCode::Char('c') => Some(Command::Continue),
        KeyCode::Char('q') | KeyCode::Esc => Some(Command::Leave),
        KeyCode::Char('?') => Some(Command::Help),
        _ => None,
    }
}
