//! The log's keys as data, the same on every screen with a log: PgUp/PgDn a page, Home/End
//! the oldest and the newest line, and Esc, `l` or `q` to close the whole log's window. Key
//! handling reads [`LOG_KEYS`]; the screens' helps name them from their own tables.

use crossterm::event::KeyCode;

use crate::ui::bindings::{self, Binding, bind};
use crate::ui::log_scroll::LogMove;

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
#[rustfmt::skip]
pub const LOG_KEYS: &[Binding<LogKey, LogPlace>] = &[
    bind(&[KeyCode::PageUp, KeyCode::PageDown], &[LogKey::Go(LogMove::PageBack), LogKey::Go(LogMove::PageOn)], LogPlace::Anywhere, "PgUp/Dn", ("PgUp PgDn", "the log a page back / on")),
    bind(&[KeyCode::Home, KeyCode::End], &[LogKey::Go(LogMove::Oldest), LogKey::Go(LogMove::Newest)], LogPlace::Anywhere, "Home/End", ("Home End", "the log's oldest / newest lines")),
    bind(&[KeyCode::Esc, KeyCode::Char('l'), KeyCode::Char('q')], &[LogKey::Close], LogPlace::Window, "Esc", ("Esc l q", "close the whole log")),
];

/// What `code` asks of the log (`window`: the whole log's window is open).
pub fn log_key(code: KeyCode, window: bool) -> Option<LogKey> {
    bindings::command(LOG_KEYS, |p| window || *p == LogPlace::Anywhere, code)
}
