//! Drawing the dice replay viewer: a header saying where the cursor is, the dice screen's
//! table for the picture at the cursor (the log up to the cursor), and the viewer's status
//! line and key bar where the dice screen has its prompt and keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::DiceReplay;
use crate::ui::replay::view::{header_line, key_bar, keys_window, split_header, status_lines};
use crate::ui::theme::Theme;

/// Draws the viewer, with its help window over it when `help` is set.
pub(crate) fn render(replay: &DiceReplay, help: bool, theme: Theme, area: Rect, buf: &mut Buffer) {
    let w = area.width as usize;
    let (top, below) = split_header(area);
    Paragraph::new(header(replay, theme, w)).render(top, buf);
    let told = replay.told_here().join(" ");
    let mut footer = status_lines(
        &replay.controls,
        replay.cursor(),
        &told,
        theme,
        (w, area.height),
    );
    footer.push(key_bar(true, theme, w));
    // The dice screen's own prompt and keys (its last two lines) are under the footer; a
    // longer status takes the lines above from it.
    let extra = (footer.len() as u16).saturating_sub(2);
    let table = Rect {
        height: below.height.saturating_sub(extra),
        ..below
    };
    crate::ui::dice::view::render(replay.picture(), None, theme, table, buf);
    let h = (footer.len() as u16).min(below.height);
    let footer_area = Rect {
        y: below.y + below.height - h,
        height: h,
        ..below
    };
    Clear.render(footer_area, buf);
    Paragraph::new(footer).render(footer_area, buf);
    if let Some(crate::ui::replay::Prompt::Seats(chooser)) = &replay.controls.prompt {
        crate::ui::replay::view::seats_window(chooser, theme, area, buf);
    }
    if help {
        keys_window(" Every card is shown.", true, theme, area, buf);
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
