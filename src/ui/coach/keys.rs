//! The keys of the coach's windows, as data: one table drives both the keys the tutor's
//! question and the review list read ([`crate::ui::coach::CoachedTable::coach_window_key`]) and the
//! key lines those windows show (`ui/view/hint.rs`), at either game's table. The keys that
//! open the windows (`!`, `r`) are in each table's own key table.

use crossterm::event::KeyCode;

use crate::ui::bindings::{self, Binding};

/// What a key asks of a coach's window.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CoachCommand {
    /// The question: play the move held back anyway.
    DoIt,
    /// The question: let the player think again.
    ThinkAgain,
    /// The question: answer "think again" and open the hint.
    Hint,
    /// The review: the entry above.
    Up,
    /// The review: the entry below.
    Down,
    /// The review: open the position of the entry under the cursor.
    TryAgain,
    /// The review: close it.
    Back,
}

/// The window a binding works in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CoachWindow {
    /// The tutor's question before a costly move.
    Question,
    /// The review of a finished game.
    Review,
}

use CoachCommand as C;
use CoachWindow::{Question, Review};

/// A coach window's binding: its key bar names its keys as the key line does.
const fn bind(
    keys: &'static [KeyCode],
    commands: &'static [CoachCommand],
    window: CoachWindow,
    bar: &'static str,
    help: &'static str,
) -> Binding<CoachCommand, CoachWindow> {
    bindings::bind(keys, commands, window, bar, (bar, help))
}

/// Every key of the coach's windows, in the order their key lines show them.
#[rustfmt::skip]
pub const COACH_KEYS: &[Binding<CoachCommand, CoachWindow>] = &[
    bind(&[KeyCode::Enter], &[C::DoIt], Question, "Enter", "do it anyway"),
    bind(&[KeyCode::Esc], &[C::ThinkAgain], Question, "Esc", "think again"),
    bind(&[KeyCode::Char('!')], &[C::Hint], Question, "!", "hint"),
    bind(&[KeyCode::Up, KeyCode::Char('k'), KeyCode::Down, KeyCode::Char('j'), KeyCode::Tab],
        &[C::Up, C::Up, C::Down, C::Down, C::Down], Review, "↑↓", "choose"),
    bind(&[KeyCode::Enter], &[C::TryAgain], Review, "Enter", "try that position again"),
    bind(&[KeyCode::Esc, KeyCode::Char('q'), KeyCode::Char('r')], &[C::Back], Review, "Esc", "back"),
];

/// What `code` asks of `window`, if anything.
pub fn coach_command(window: CoachWindow, code: KeyCode) -> Option<CoachCommand> {
    bindings::command(COACH_KEYS, |w| *w == window, code)
}

/// The key line of `window`: each binding's key bar name and what it does.
pub fn key_line(window: CoachWindow) -> Vec<(&'static str, &'static str)> {
    COACH_KEYS
        .iter()
        .filter(|b| b.scope == window)
        .map(|b| (b.bar, b.help))
        .collect()
}
