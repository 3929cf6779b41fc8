//! Drawing the saved games list: one line a game (when it was last played, the variant, the
//! players, the moves, whose turn it is or who won), newest first, the keys below from the
//! list's table ([`LIST_KEYS`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

use crate::ui::picker_keys::{Chooser, PickerCommand, bar};
use crate::ui::saved_games::{GameRow, LIST_KEYS, SavedGames};
use crate::ui::theme::Theme;
use crate::ui::view::fit::{cut, fit, wrap};
use crate::ui::view::{centered, key_line};

/// Columns: date, variant, players, moves, standing; the players take what is left.
const DATE_W: usize = 16;
const VARIANT_W: usize = 12;
const MOVES_W: usize = 5;
const STANDING_W: usize = 16;

/// Draws the list over `area`.
pub(crate) fn render(games: &SavedGames, theme: Theme, area: Rect, buf: &mut Buffer) {
    let outer = centered(area, 100, area.height);
    Clear.render(outer, buf);
    let (unfinished, finished) = games.counts();
    let block = theme.boxed(format!(
        " Bohnanza · saved games: {unfinished} unfinished, {finished} finished "
    ));
    let inner = block.inner(outer);
    block.render(outer, buf);
    let w = inner.width as usize;
    let mut below = below_lines(games, theme, w);
    let list_h = (inner.height as usize).saturating_sub(below.len() + 1);
    let mut lines = vec![Line::styled(header(w), theme.dim())];
    if games.rows.is_empty() {
        lines.push(Line::from("  No game is saved yet."));
    }
    let first = games.selected.saturating_sub(list_h.saturating_sub(1));
    for (i, row) in games.rows.iter().enumerate().skip(first).take(list_h) {
        lines.push(game_line(row, i == games.selected, theme, w));
    }
    lines.resize(list_h + 1, Line::from(""));
    lines.append(&mut below);
    Paragraph::new(lines).render(inner, buf);
}

/// The column heads.
fn header(w: usize) -> String {
    let players_w = players_width(w);
    format!(
        "  {:<DATE_W$}  {:<VARIANT_W$} {:<players_w$} {:>MOVES_W$}  {}",
        "Last played", "Variant", "Players", "Moves", "Now"
    )
}

/// The players' column at `w` cells.
fn players_width(w: usize) -> usize {
    w.saturating_sub(2 + DATE_W + 2 + VARIANT_W + 1 + 1 + MOVES_W + 2 + STANDING_W)
        .max(8)
}

/// One game's line, marked when the cursor is on it.
fn game_line(row: &GameRow, selected: bool, theme: Theme, w: usize) -> Line<'static> {
    let players_w = players_width(w);
    let standing = if row.finished && row.standing.is_empty() {
        "finished".to_string()
    } else {
        row.standing.clone()
    };
    let text = format!(
        "{}{:<DATE_W$}  {:<VARIANT_W$} {:<players_w$} {:>MOVES_W$}  {}",
        if selected { "▶ " } else { "  " },
        row.date,
        cut(&row.variant, VARIANT_W),
        cut(&row.names.join(", "), players_w),
        row.moves,
        cut(&standing, STANDING_W),
    );
    let style = match (selected, row.finished) {
        (true, _) => theme.selected(),
        (false, true) => theme.dim(),
        (false, false) => Default::default(),
    };
    Line::from(fit(vec![Span::styled(text, style)], w))
}

/// Under the list: the question before a delete, what the last key did, the files that
/// could not be read, and the keys.
fn below_lines(games: &SavedGames, theme: Theme, w: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(row) = games.confirm_delete.and_then(|i| games.rows.get(i)) {
        let what = format!(
            " Delete the game of {} ({}, {} moves)? ",
            row.names.join(", "),
            row.date,
            row.moves
        );
        lines.push(Line::from(fit(
            vec![
                Span::styled(what, theme.error()),
                Span::styled(bar(Chooser::Question, PickerCommand::Yes), theme.key()),
                Span::raw(" delete  any other key: keep it"),
            ],
            w,
        )));
    } else if let Some(m) = &games.message {
        for l in wrap(m, w.saturating_sub(1)).into_iter().take(3) {
            lines.push(Line::styled(format!(" {l}"), theme.error()));
        }
    }
    for p in games.problems.iter().take(2) {
        let l = wrap(p, w.saturating_sub(1))
            .into_iter()
            .next()
            .unwrap_or_default();
        lines.push(Line::styled(format!(" {l}"), theme.error()));
    }
    let selected = games.rows.get(games.selected);
    if let Some(row) = selected {
        lines.push(Line::styled(cut(&file_line(row), w), theme.dim()));
    }
    let replay = selected.map_or("replay", GameRow::replay_word);
    let finished = selected.is_some_and(|r| r.finished);
    // Enter replays a finished game: `r` would say it twice, and `v` is for finished games.
    let open = if games.replay_only || finished {
        replay
    } else {
        "resume"
    };
    if selected.is_some_and(|r| r.hides_hands) {
        let why = " r replays it at the public table: the game is not over, so no hand is \
             shown (`bohnanza replay --open-hands FILE` asks to show them).";
        for l in wrap(why, w.saturating_sub(1)).into_iter().take(2) {
            lines.push(Line::styled(format!(" {}", l.trim_start()), theme.dim()));
        }
    }
    let bar: Vec<(&str, &str)> = LIST_KEYS
        .iter()
        .map(|k| match (k.bar, k.scope) {
            ("Enter", _) => ("Enter", open),
            ("r", _) if games.replay_only || finished => ("", ""),
            ("v", _) if !finished => ("", ""),
            ("r", _) => ("r", replay),
            ("Esc", _) if games.replay_only => ("Esc", "quit"),
            bar => bar,
        })
        .collect();
    lines.push(Line::from(fit(key_line(" ", theme, &bar).spans, w)));
    lines
}

/// The game under the cursor's file, and the times the list and its name give: the list
/// shows when a game was last played, its file is named by its start.
fn file_line(row: &GameRow) -> String {
    let file = row.path.file_name().map_or_else(
        || row.path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let file = crate::text::sanitize(&file).into_owned();
    // The times first: a long file name is what a narrow list cuts.
    match &row.started {
        Some(started) => format!(" Started {started}, last played {} (UTC): {file}", row.date),
        None => format!(" Last played {} (UTC): {file}", row.date),
    }
}

/// The list's keys and what they do, for the help window (read from [`LIST_KEYS`]); Esc
/// quits where the list is all there is (`replay_only`).
pub(crate) fn help_rows(replay_only: bool) -> Vec<(&'static str, &'static str)> {
    LIST_KEYS
        .iter()
        .map(|k| {
            let help = match k.keys.first() {
                Some(crossterm::event::KeyCode::Esc) if replay_only => "quit",
                Some(crossterm::event::KeyCode::Enter) if replay_only => "replay the game",
                _ => k.help,
            };
            (k.help_keys, help)
        })
        .collect()
}
