//! The setup screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::ui::setup::SetupForm;
use crate::ui::setup_keys::{SetupCommand as S, bar_key, help_rows};
use crate::ui::theme::Theme;
use crate::ui::view::fit::wrap;
use crate::ui::view::window::keyed_window;
use crate::ui::view::{key_line, window};

/// Marks the row under the cursor: a pointer before it and the selected style on its value.
#[derive(Clone, Copy)]
struct Rows<'a> {
    form: &'a SetupForm,
    theme: Theme,
}

impl Rows<'_> {
    fn mark(self, row: usize) -> &'static str {
        if self.form.row == row { "▶ " } else { "  " }
    }

    fn sel(self, row: usize, s: Span<'static>) -> Span<'static> {
        if self.form.row == row {
            s.patch_style(self.theme.selected())
        } else {
            s
        }
    }
}

/// Draws the setup form.
pub(crate) fn render(
    form: &SetupForm,
    error: Option<&str>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    if let (true, Some(games)) = (form.listing, &form.games) {
        crate::ui::view::saved_games::render(games, theme, area, buf);
        return;
    }
    let rows = Rows { form, theme };
    let mut lines: Vec<Line> = vec![Line::from("")];
    variant_lines(rows, &mut lines);
    lines.push(Line::from(""));
    for seat in 0..form.players {
        lines.push(seat_line(rows, seat));
    }
    lines.push(pace_line(rows));
    lines.push(Line::from(""));
    let start = form.start_row();
    lines.push(Line::from(vec![
        Span::raw(rows.mark(start)),
        rows.sel(start, Span::styled("[ Start the game ]", theme.title())),
        if form.open_hands {
            Span::styled("  open hands: every hand is shown", theme.dim())
        } else {
            Span::raw("")
        },
        // Shown off too, so the tutor is found without trying ←→ on this line.
        if form.tutor {
            Span::styled("  tutor on (←→)", theme.good())
        } else {
            Span::styled("  tutor off (←→)", theme.dim())
        },
    ]));
    if let (Some(row), Some(games)) = (form.games_row(), &form.games) {
        let (unfinished, finished) = games.counts();
        lines.push(Line::from(vec![
            Span::raw(rows.mark(row)),
            rows.sel(
                row,
                Span::raw(format!(
                    "[ Saved games: {unfinished} unfinished, {finished} finished ]"
                )),
            ),
            Span::styled("  resume, replay or delete", theme.dim()),
        ]));
    }
    lines.push(Line::from(""));
    if let Some(e) = error {
        lines.push(Line::styled(e.to_string(), theme.error()));
    }
    for p in &form.problems {
        lines.push(Line::styled(p.clone(), theme.error()));
    }
    lines.push(key_line(
        " ",
        theme,
        &[
            (bar_key(S::Down), "line"),
            (bar_key(S::Next), "change"),
            (bar_key(S::Type), "a name"),
            (bar_key(S::Enter), "next / start"),
            (bar_key(S::Help), "help"),
            (bar_key(S::Quit), "quit"),
        ],
    ));
    let h = lines.len() as u16 + 3;
    window(area, 78, h, " Bohnanza · a new game ", theme, lines, buf);
}

/// The variant and player lines of the chosen game, and for a card game what the table
/// gets at this count.
fn variant_lines(rows: Rows, lines: &mut Vec<Line<'static>>) {
    let (form, theme) = (rows.form, rows.theme);
    let (Some(rules), Some(note)) = (form.chosen().map(|v| &v.rules), form.note()) else {
        lines.push(Line::styled("No ruleset could be loaded.", theme.error()));
        return;
    };
    lines.push(Line::from(vec![
        Span::raw(rows.mark(0)),
        Span::raw("Variant   "),
        rows.sel(0, Span::raw(format!("◀ {} ▶", rules.name()))),
    ]));
    for l in wrap(&rules.summary(), 62) {
        lines.push(Line::styled(format!("            {l}"), theme.dim()));
    }
    let counts = form.counts();
    let range = match (counts.first(), counts.last()) {
        (Some(a), Some(b)) if a != b => format!("{a}–{b}"),
        (Some(a), _) => a.to_string(),
        _ => "-".to_string(),
    };
    lines.push(Line::from(vec![
        Span::raw(rows.mark(1)),
        Span::raw("Players   "),
        rows.sel(1, Span::raw(format!("◀ {} ▶", form.players))),
        Span::styled(format!("  {} plays with {range}", note.who), theme.dim()),
    ]));
    for l in note.facts.iter().flat_map(|f| wrap(f, 62)) {
        lines.push(Line::styled(format!("            {l}"), theme.dim()));
    }
}

/// One seat's line: the name typed so far (or the default, dimmed) and who plays it.
fn seat_line(rows: Rows, seat: usize) -> Line<'static> {
    let (form, theme) = (rows.form, rows.theme);
    let row = seat + 2;
    let typed = &form.names[seat];
    let name = if typed.is_empty() {
        Span::styled(form.placeholder_name(seat), theme.dim())
    } else {
        Span::raw(typed.clone())
    };
    let mut spans = vec![
        Span::raw(rows.mark(row)),
        Span::raw(format!("Seat {}    ", seat + 1)),
    ];
    spans.push(rows.sel(row, name));
    if form.row == row {
        spans.push(Span::styled("_", theme.key()));
    }
    let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    spans.push(Span::raw(" ".repeat(34usize.saturating_sub(used))));
    let kind_text = match form.seat_kinds()[seat] {
        crate::game::SeatKind::Human => "human".to_string(),
        k => format!("{k} bot"),
    };
    spans.push(if form.row == row {
        rows.sel(row, Span::raw(format!("◀ {kind_text} ▶")))
    } else {
        Span::styled(format!("  {kind_text}"), theme.dim())
    });
    Line::from(spans)
}

/// The bots' pace: how long each bot move stays on screen.
fn pace_line(rows: Rows) -> Line<'static> {
    let (form, theme) = (rows.form, rows.theme);
    let row = form.pace_row();
    let pace = form.pace.to_string();
    let value = if form.row == row {
        rows.sel(row, Span::raw(format!("◀ {pace} ▶")))
    } else {
        Span::raw(pace)
    };
    let about = match form.pace.bot_move().as_millis() {
        0 => "  each bot move at once; < > at the table".to_string(),
        ms => format!("  each bot move shown {ms} ms; < > at the table"),
    };
    Line::from(vec![
        Span::raw(rows.mark(row)),
        Span::raw("Pace      "),
        value,
        Span::styled(about, theme.dim()),
    ])
}

/// The help window's width, when the screen has room for it.
const HELP_WIDTH: u16 = 78;

/// The setup screen's help: the form's keys, and the saved games list's when it is up.
pub(crate) fn help(form: &SetupForm, theme: Theme, area: Rect, buf: &mut Buffer) {
    // Everything wraps inside the window (the help of a key under itself, clear of the key
    // column), so the window is as tall as what it shows.
    let inner = usize::from(area.width.min(HELP_WIDTH).saturating_sub(2));
    let prose = |text: &str| -> Vec<Line<'static>> {
        let parts = wrap(text, inner.saturating_sub(2).max(20)).into_iter();
        parts.map(|part| Line::from(format!(" {part}"))).collect()
    };
    let key = |k: &str, what: &str| -> Vec<Line<'static>> {
        let parts = wrap(what, inner.saturating_sub(16).max(20)).into_iter();
        let line = |(i, part): (usize, String)| {
            let k = if i == 0 { k } else { "" };
            Line::from(vec![
                Span::styled(format!(" {k:<14}"), theme.key()),
                Span::raw(part),
            ])
        };
        parts.enumerate().map(line).collect()
    };
    let (about, rows) = match (&form.games, form.listing) {
        (Some(games), true) => (
            "Every game saved here, the last played first. A game is saved after every move; \
             one quit before its first move is not kept.",
            crate::ui::view::saved_games::help_rows(games.replay_only),
        ),
        _ => (
            "Choose the variant and the number of players, name the players and say who plays \
             each seat (a person or a bot), then start.",
            help_rows(),
        ),
    };
    let mut lines = prose(about);
    lines.push(Line::from(""));
    lines.extend(rows.iter().flat_map(|(k, what)| key(k, what)));
    let last = Line::styled(" Any key closes this.", theme.dim());
    keyed_window(area, HELP_WIDTH, " Help ", lines, last, theme, buf);
}
