//! Drawing the dice replay viewer: a header saying where the cursor is, the dice screen's
//! table for the picture at the cursor (the log up to the cursor), and the viewer's status
//! line and key bar where the dice screen has its prompt and keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::DiceReplay;
use super::view::{header_line, key_bar, keys_window, split_header, status_line};
use crate::ui::theme::Theme;

/// The key bar, longest first: the first that fits the width is shown.
const KEY_BARS: [&[(&str, &str)]; 3] = [
    &[
        ("←/→", "action"),
        ("{ }", "turn"),
        ("Home/End", "start/end"),
        ("g", "go to turn"),
        ("c", "continue from here"),
        ("?", "help"),
        ("q", "leave"),
    ],
    &[
        ("←→", "step"),
        ("{}", "turn"),
        ("Home/End", "ends"),
        ("g", "turn"),
        ("c", "continue"),
        ("?", "help"),
        ("q", "quit"),
    ],
    &[
        ("←→", "step"),
        ("{}", "turn"),
        ("g", "turn"),
        ("c", "go on"),
        ("?", "help"),
        ("q", "quit"),
    ],
];

/// The keys, one per line, for the help window.
const HELP: [(&str, &str); 7] = [
    ("← →", "one action back / on"),
    ("{ }  Shift-← →", "to the start of the turn / the next turn"),
    ("Home  End", "to the deal / the last action"),
    ("g 12 Enter", "to the start of turn 12"),
    ("c", "continue playing from here as a new game"),
    ("q  Esc", "leave"),
    ("?", "this help"),
];

/// Draws the viewer, with its help window over it when `help` is set.
pub(crate) fn render(replay: &DiceReplay, help: bool, theme: Theme, area: Rect, buf: &mut Buffer) {
    let w = area.width as usize;
    let (top, below) = split_header(area);
    Paragraph::new(header(replay, theme, w)).render(top, buf);
    crate::ui::dice::view::render(replay.picture(), None, theme, below, buf);
    if below.height < 2 {
        return;
    }
    let footer = Rect {
        y: below.y + below.height - 2,
        height: 2,
        ..below
    };
    Clear.render(footer, buf);
    let told = replay.told_here().join(" ");
    let lines = vec![
        status_line(
            replay.message.as_deref(),
            replay.typed(),
            replay.cursor(),
            &told,
            theme,
            w,
        ),
        key_bar(&KEY_BARS, theme, w),
    ];
    Paragraph::new(lines).render(footer, buf);
    if help {
        keys_window(" Every card is shown.", &HELP, theme, area, buf);
    }
}

/// "Replay: action 57 of 312, turn 9", the file on the right where it fits.
fn header(replay: &DiceReplay, theme: Theme, w: usize) -> Line<'static> {
    let title = format!(
        " Replay: action {} of {}, turn {} ",
        replay.cursor(),
        replay.actions(),
        replay.turn()
    );
    header_line(title, replay.source(), theme, w)
}
