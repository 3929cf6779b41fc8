//! Drawing the replay viewer: a header saying where the cursor is, the game screen's table
//! for the picture at the cursor (every hand shown, the log up to the cursor), and the
//! viewer's own status line and key bar where the game screen has its own.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::super::theme::Theme;
use super::super::view::hints;
use super::super::view::overlays::window;
use super::super::view::table::{self, fit, width};
use super::{Replay, Stop};
use crate::engine::TurnedOverRule;

/// The key bar, longest first: the first that fits the width is shown.
const KEY_BARS: [&[(&str, &str)]; 3] = [
    &[
        ("←/→", "action"),
        ("[ ]", "phase"),
        ("{ }", "turn"),
        ("Home/End", "start/end"),
        ("g", "go to turn"),
        ("c", "continue from here"),
        ("?", "help"),
        ("q", "leave"),
    ],
    &[
        ("←→", "step"),
        ("[]", "phase"),
        ("{}", "turn"),
        ("Home/End", "ends"),
        ("g", "turn"),
        ("c", "continue"),
        ("?", "help"),
        ("q", "quit"),
    ],
    &[
        ("←→", "step"),
        ("[]", "phase"),
        ("{}", "turn"),
        ("g", "turn"),
        ("c", "go on"),
        ("?", "help"),
        ("q", "quit"),
    ],
];

/// The keys, one per line, for the help window.
const HELP: [(&str, &str); 9] = [
    ("← →", "one action back / on"),
    (
        "[ ]  PgUp PgDn",
        "to the start of the phase / the next phase",
    ),
    ("{ }  Shift-← →", "to the start of the turn / the next turn"),
    ("Home  End", "to the deal / the last action"),
    ("g 12 Enter", "to the start of turn 12"),
    ("c", "continue playing from here as a new game"),
    (
        "",
        "(saved in a new file; the replayed file stays as it is)",
    ),
    ("q  Esc", "leave"),
    ("?", "this help"),
];

/// Draws the viewer, with its help window over it when `help` is set.
pub(crate) fn render(replay: &Replay, help: bool, theme: Theme, area: Rect, buf: &mut Buffer) {
    let w = area.width as usize;
    let (top, below) = split_header(area);
    Paragraph::new(header(replay, theme, w)).render(top, buf);
    let footer = [status(replay, theme, w), key_bar(&KEY_BARS, theme, w)];
    table::render_with_footer(replay.picture(), theme, below, buf, footer);
    if help {
        help_window(theme, area, buf);
    }
}

/// The viewer's header line at the top of `area`, and the screen it heads below it.
pub(super) fn split_header(area: Rect) -> (Rect, Rect) {
    let below = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    (Rect { height: 1, ..area }, below)
}

/// "Replay: action 57 of 412, turn 9, phase 2 (trade)", the file on the right where it fits.
fn header(replay: &Replay, theme: Theme, w: usize) -> Line<'static> {
    let tape = replay.tape();
    let n = replay.cursor();
    let stop = tape.stop(n);
    let duel = tape.ruleset().phase_2 == TurnedOverRule::PlantAndOffer;
    let title = format!(
        " Replay: action {n} of {}, turn {}, {} ",
        tape.actions(),
        stop.turn,
        phase_name(&stop, duel)
    );
    header_line(title, replay.source(), theme, w)
}

/// Either viewer's header: `title` (where the cursor is), and the file it reads on the
/// right where it fits.
pub(super) fn header_line(title: String, source: &str, theme: Theme, w: usize) -> Line<'static> {
    let mut spans = vec![Span::styled(
        title,
        theme.title().add_modifier(Modifier::REVERSED),
    )];
    let file = [Span::styled(format!("{source} "), theme.dim())];
    let room = w.saturating_sub(width(&spans));
    if width(&file) < room {
        spans.push(Span::raw(" ".repeat(room - width(&file))));
        spans.extend(file);
    }
    Line::from(fit(spans, w))
}

/// The phase a stop is in, as the header says it.
fn phase_name(stop: &Stop, duel: bool) -> &'static str {
    match (stop.step, duel) {
        (0, _) => "the game is over",
        (1, false) => "phase 1 (plant)",
        (2, false) => "phase 2 (trade)",
        (3, false) => "phase 3 (plant traded beans)",
        (1, true) => "step 1 (plant or discard the offer)",
        (2, true) => "step 2 (plant and discard)",
        (3, true) => "step 3 (turn over, plant, offer)",
        _ => "phase 4 (draw)",
    }
}

/// The line over the keys: a refusal, the turn number being typed, or what the action at
/// the cursor did.
fn status(replay: &Replay, theme: Theme, w: usize) -> Line<'static> {
    let tape = replay.tape();
    let n = replay.cursor();
    let told = tape.log()[tape.lines_of(n)].join(" ");
    status_line(
        replay.message.as_deref(),
        replay.typed(),
        n,
        &told,
        theme,
        w,
    )
}

/// The line over the keys of either viewer: `message` (a refusal), the turn number `typed`,
/// or what action `n` did (`told`).
pub(super) fn status_line(
    message: Option<&str>,
    typed: Option<&str>,
    n: usize,
    told: &str,
    theme: Theme,
    w: usize,
) -> Line<'static> {
    if let Some(m) = message {
        return Line::styled(format!(" {m}"), theme.error());
    }
    if let Some(typed) = typed {
        let mut spans = vec![
            Span::styled(format!(" Go to turn: {typed}▏"), theme.title()),
            Span::raw("  "),
        ];
        spans.extend(hints(theme, &[("Enter", "go"), ("Esc", "cancel")]));
        return Line::from(spans);
    }
    let text = match n {
        0 => format!(" The deal. {told}"),
        _ if told.is_empty() => format!(" Action {n}: told with the counter-offer after it."),
        _ => format!(" Action {n}: {told}"),
    };
    Line::from(fit(vec![Span::raw(text)], w))
}

/// The longest of `bars` that fits `w` cells (the last when none does).
pub(super) fn key_bar(bars: &[&[(&str, &str)]], theme: Theme, w: usize) -> Line<'static> {
    let bar = |keys: &[(&str, &str)]| {
        let mut spans = vec![Span::raw(" ")];
        spans.extend(hints(theme, keys));
        spans
    };
    let chosen = bars
        .iter()
        .map(|keys| bar(keys))
        .find(|spans| width(spans) < w)
        .unwrap_or_else(|| bar(bars.last().copied().unwrap_or_default()));
    Line::from(chosen)
}

/// The viewer's keys in a window.
fn help_window(theme: Theme, area: Rect, buf: &mut Buffer) {
    keys_window(" Every hand is shown.", &HELP, theme, area, buf);
}

/// Either viewer's keys (`help`) in a window, under what it shows (`shown`).
pub(super) fn keys_window(
    shown: &str,
    help: &[(&str, &str)],
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let mut lines = vec![
        Line::from(format!(
            "{shown} The log shows what was told up to the cursor;"
        )),
        Line::from(format!(
            " {}marks what the action at the cursor did.",
            super::MARK
        )),
        Line::from(""),
    ];
    for (k, what) in help {
        lines.push(Line::from(vec![
            Span::styled(format!(" {k:<16}"), theme.key()),
            Span::raw(what.to_string()),
        ]));
    }
    lines.push(Line::from(""));
    lines.push(Line::styled(" Any key closes this.", theme.dim()));
    let h = lines.len() as u16 + 2;
    window(area, 76, h, " Replay: keys ".to_string(), theme, lines, buf);
}
