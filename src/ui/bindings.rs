//! Keys as data: each screen keeps one table of [`Binding`]s, and its key handling, its key
//! bar and its `?` help all read that table, so the three cannot disagree. A screen's own
//! table says where each binding works (its scope) and what it asks for (its command); this
//! module only looks keys up and lays the help out.

use crossterm::event::KeyCode;
use ratatui::text::{Line, Span};

use crate::ui::theme::Theme;
use crate::ui::view::fit;

/// One line of a screen's key table.
#[derive(Clone, Copy, Debug)]
pub struct Binding<C: 'static, S: 'static> {
    /// The keys.
    pub keys: &'static [KeyCode],
    /// What they ask for: one per key, or one for all the keys.
    pub commands: &'static [C],
    /// Where the binding works, in the screen's own terms.
    pub scope: S,
    /// The key as the key bar names it.
    pub bar: &'static str,
    /// The keys as the help names them; empty: the help leaves the binding out.
    pub help_keys: &'static str,
    /// What they do, in the help.
    pub help: &'static str,
}

/// A row of a key table as the tables write it: the keys and what they ask for, where,
/// the key bar's name and the help's keys and words (empty keys: the help leaves it out).
pub const fn bind<C, S>(
    keys: &'static [KeyCode],
    commands: &'static [C],
    scope: S,
    bar: &'static str,
    (help_keys, help): (&'static str, &'static str),
) -> Binding<C, S> {
    Binding {
        keys,
        commands,
        scope,
        bar,
        help_keys,
        help,
    }
}

impl<C: Copy, S> Binding<C, S> {
    /// What `code` asks for under this binding, if it is one of its keys.
    pub fn command(&self, code: KeyCode) -> Option<C> {
        let i = self.keys.iter().position(|&k| k == code)?;
        self.commands.get(i).or(self.commands.first()).copied()
    }
}

/// What `code` asks for among the bindings of `table` whose scope passes `in_scope`.
pub fn command<C: Copy, S>(
    table: &[Binding<C, S>],
    in_scope: impl Fn(&S) -> bool,
    code: KeyCode,
) -> Option<C> {
    table
        .iter()
        .filter(|b| in_scope(&b.scope))
        .find_map(|b| b.command(code))
}

/// The key bar's name for the first key of `table` that asks for `command`; `"?"` where
/// none does (a table test keeps that from happening).
pub fn bar_key<C: Copy + PartialEq, S>(table: &[Binding<C, S>], command: C) -> &'static str {
    table
        .iter()
        .find(|b| b.commands.contains(&command))
        .map_or("?", |b| b.bar)
}

/// The digit keys `1`–`9`, for tables where a digit names a field, a player or a die.
pub const DIGITS: &[KeyCode] = &[
    KeyCode::Char('1'),
    KeyCode::Char('2'),
    KeyCode::Char('3'),
    KeyCode::Char('4'),
    KeyCode::Char('5'),
    KeyCode::Char('6'),
    KeyCode::Char('7'),
    KeyCode::Char('8'),
    KeyCode::Char('9'),
];

/// A help's keys in columns (`widths`: each column's cells), under the title "Keys": they
/// close up, so the keys take as few lines as they can.
pub fn help_lines(rows: &[(&str, String)], theme: Theme, widths: &[usize]) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled("Keys", theme.title())];
    for pair in rows.chunks(widths.len().max(1)) {
        let mut spans = Vec::new();
        for (i, (k, v)) in pair.iter().enumerate() {
            let cell = vec![
                Span::styled(format!(" {k:<8}"), theme.key()),
                Span::raw(v.clone()),
            ];
            spans.extend(fit(cell, widths[i]));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// The places of `table` where one key asks for two different things: a table in which
/// the key handling would obey one binding and the help name the other.
#[cfg(test)]
pub fn clashes<C: Copy + PartialEq, S>(
    table: &[Binding<C, S>],
    share: impl Fn(&S, &S) -> bool,
) -> Vec<(KeyCode, usize, usize)> {
    let mut out = Vec::new();
    for (i, a) in table.iter().enumerate() {
        for (j, b) in table.iter().enumerate().skip(i + 1) {
            if !share(&a.scope, &b.scope) {
                continue;
            }
            for &k in a.keys {
                if let (Some(x), Some(y)) = (a.command(k), b.command(k))
                    && x != y
                {
                    out.push((k, i, j));
                }
            }
        }
    }
    out
}
