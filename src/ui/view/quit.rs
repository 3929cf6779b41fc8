//! The quit question, one for both games: it says truthfully where the game stands on disk.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::store::Saver;
use crate::ui::picker_keys::{Chooser, PickerCommand, bar};
use crate::ui::theme::Theme;
use crate::ui::view::key_line;
use crate::ui::view::window::window;

/// Where a game stands on disk when someone asks to quit, so the question never claims a
/// save that was not made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum OnDisk<'a> {
    /// Saved after every move, the last one included.
    Saved,
    /// The last save failed, for this reason.
    NotSaved(&'a str),
    /// There is no data directory: the game was never saved.
    NoDataDirectory,
    /// The game is over (and kept, if it was saved).
    Over,
    /// A position tried again from the review: never saved, and leaving it goes back to
    /// the review.
    Trial,
    /// The game is the network host's, which keeps it and the seat (`bohnanza join`).
    Hosted,
}

impl<'a> OnDisk<'a> {
    /// What a game with this `saver` (none without a data directory) has on disk.
    pub(crate) fn of(saver: Option<&'a Saver>, over: bool) -> OnDisk<'a> {
        match saver {
            _ if over => OnDisk::Over,
            None => OnDisk::NoDataDirectory,
            Some(s) => s.problem().map_or(OnDisk::Saved, OnDisk::NotSaved),
        }
    }
}

/// "Quit? The game is saved…", or, while the last save failed or when there is nowhere to
/// save, that it is not.
pub(crate) fn confirm_quit(on_disk: OnDisk<'_>, theme: Theme, area: Rect, buf: &mut Buffer) {
    let said = match on_disk {
        OnDisk::Saved => vec![
            Line::from("  Quit? The game is saved after every move:"),
            Line::from("  `bohnanza --resume` continues it where it stands."),
        ],
        OnDisk::NotSaved(problem) => vec![
            Line::styled(format!("  {problem}"), theme.error()),
            Line::from("  Quit anyway? What is not on disk is lost."),
        ],
        OnDisk::NoDataDirectory => vec![
            Line::from("  Quit? Without a data directory this game is"),
            Line::from("  not saved: quitting ends it."),
        ],
        OnDisk::Over => vec![Line::from("  Quit? The game is over.")],
        OnDisk::Trial => vec![
            Line::from("  Leave this trial? It is not saved: the finished"),
            Line::from("  game's review comes back where you left it."),
        ],
        OnDisk::Hosted => vec![
            Line::from("  Quit? The host keeps the game and your seat:"),
            Line::from("  join again with the same code to take it back."),
        ],
    };
    // A failed save's reason may wrap: its window is wider and a line taller.
    let (w, h) = match on_disk {
        OnDisk::NotSaved(_) => (90, said.len() as u16 + 6),
        _ => (58, said.len() as u16 + 5),
    };
    let mut lines = vec![Line::from("")];
    lines.extend(said);
    let (yes, no) = match on_disk {
        OnDisk::Trial => ("back to the review", "keep trying"),
        _ => ("quit", "keep playing"),
    };
    let keys = [
        (bar(Chooser::Quit, PickerCommand::Yes), yes),
        (bar(Chooser::Quit, PickerCommand::No), no),
    ];
    lines.extend([Line::from(""), key_line("  ", theme, &keys)]);
    let title = if on_disk == OnDisk::Trial {
        " Leave the trial "
    } else {
        " Quit "
    };
    window(area, w, h, title, theme, lines, buf);
}
