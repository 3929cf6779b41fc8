//! The log's keys as data, the same on every screen with a log: PgUp/PgDn a page, Home/End
//! the oldest and the newest line, and Esc, `l` or `q` to close the whole log's window. Key
//! handling reads [`LOG_KEYS`]; the screens' helps name them from their own tables.

use crossterm::event::KeyCode;

use super::bindings::{self, Binding};
use super::log_scroll::LogMove;

/// What a log key asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LogKey {
    /// Move through the log.
    Go(LogMove),
    /// Close the whole log's window.
    Close,
}

/// Where a log key works.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LogPlace {
    /// Wherever a log shows.
    Anywhere,
    /// In the whole log's window only.
    Window,
}

/// Every log key.
pub const LOG_KEYS: &[Binding<LogKey, LogPlace>] = &[
    Binding {
        keys: &[KeyCode::PageUp, KeyCode::PageDown],
        commands: &[LogKey::Go(LogMove::PageBack), LogKey::Go(LogMove::PageOn)],
        scope: LogPlace::Anywhere,
        bar: "PgUp/Dn",
        help_keys: "PgUp PgDn",
        help: "the log a page back / on",
    },
    Binding {
        keys: &[KeyCode::Home, KeyCode::End],
        commands: &[LogKey::Go(LogMove::Oldest), LogKey::Go(LogMove::Newest)],
        scope: LogPlace::Anywhere,
        bar: "Home/End",
        help_keys: "Home End",
        help: "the log's oldest / newest lines",
    },
    Binding {
        keys: &[KeyCode::Esc, KeyCode::Char('l'), KeyCode::Char('q')],
        commands: &[LogKey::Close],
        scope: LogPlace::Window,
        bar: "Esc",
        help_keys: "Esc l q",
        help: "close the whole log",
    },
];

/// What `code` asks of the log (`window`: the whole log's window is open).
pub fn log_key(code: KeyCode, window: bool) -> Option<LogKey> {
    bindings::command(LOG_KEYS, |p| window || *p == LogPlace::Anywhere, code)
}
