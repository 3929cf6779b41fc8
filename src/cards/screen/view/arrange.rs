//! Draws the field-bean chooser: each arrangement of the player's beans as its three fields.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::cards::screen::arrange::ArrangePicker;
use crate::cards::screen::table::CardTable;
use crate::ui::picker_keys::{Chooser, PickerCommand, bar, numbers};
use crate::ui::theme::Theme;
use crate::ui::view::hints;
use crate::ui::view::window::keyed_window;

/// The chooser's key line, in its window and on the status line, for `picker`'s choices.
pub(crate) fn arrange_keys(picker: &ArrangePicker) -> [(String, &'static str); 4] {
    let key = |p| bar(Chooser::Arrange, p).to_string();
    [
        (key(PickerCommand::On), "choose"),
        (numbers(picker.choices.len()), "that one"),
        (key(PickerCommand::Choose), "place them so"),
        (key(PickerCommand::Close), "keep them"),
    ]
}

/// The chooser as a window over the table.
pub(crate) fn chooser(
    game: &CardTable,
    picker: &ArrangePicker,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let fields = game.state.player(picker.player).fields();
    let r = game.ruleset();
    let mut lines = vec![
        Line::from(format!(
            "{} gained a third bean field: place the beans in field 1 or 2.",
            game.name(picker.player)
        )),
        Line::from(""),
    ];
    let mut head = String::from("      ");
    for f in 0..fields.len() {
        head.push_str(&format!("{:<16}", format!("Field {}", f + 1)));
    }
    lines.push(Line::styled(head, theme.dim()));
    for (i, from) in picker.choices.iter().enumerate() {
        let chosen = i == picker.cursor;
        let mut spans = vec![Span::styled(
            format!("{} {}   ", if chosen { "▶" } else { " " }, i + 1),
            if chosen { theme.active() } else { theme.dim() },
        )];
        for &src in from {
            let field = fields[src];
            let text = match field.kind() {
                Some(k) => format!("{} ×{}", r.bean(k).name, field.count()),
                None => "empty".to_string(),
            };
            spans.push(Span::raw(format!("{text:<16}")));
        }
        if i == 0 {
            spans.push(Span::styled("as they are", theme.dim()));
        }
        lines.push(Line::from(spans));
    }
    let keys = arrange_keys(picker);
    let keys = keys.each_ref().map(|(k, what)| (k.as_str(), *what));
    // The window is cut to the screen.
    let w = area.width.saturating_sub(2).min(76);
    let title = " Field beans: a third field ";
    keyed_window(
        area,
        w,
        title,
        lines,
        Line::from(hints(theme, &keys)),
        theme,
        buf,
    );
}
