//! Drawing: `impl Widget for &App` renders whatever the app holds into any buffer, so the
//! same code draws the terminal, the snapshot tests and the benchmark.

pub(crate) mod fit;
pub(crate) mod full_log;
pub(crate) mod hint;
pub(crate) mod quit;
pub(crate) mod saved_games;
pub(crate) mod setup;
pub(crate) mod window;

pub(crate) use fit::{cut, first_fitting, fit, wrap};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::ui::app::{App, Overlay, Screen};
use crate::ui::theme::Theme;

pub use full_log::LogSource;
pub(crate) use quit::confirm_quit;
pub(crate) use window::window;

/// The smallest terminal the table is drawn in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal the table is drawn in.
pub const MIN_HEIGHT: u16 = 24;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            too_small(area, buf, self.theme);
            return;
        }
        let help = self.overlay == Some(Overlay::Help);
        match &self.screen {
            Screen::Setup(form) => {
                setup::render(form, self.setup_error.as_deref(), self.theme, area, buf);
                if help {
                    setup::help(form, self.theme, area, buf);
                }
            }
            Screen::Table(t) => t.render(self.overlay, self.theme, area, buf),
            Screen::Replay(r) => r.render(help, self.theme, area, buf),
        }
        if self.overlay == Some(Overlay::Log)
            && let Some(source) = self.log_source()
        {
            full_log::render(&source, self.theme, area, buf);
        }
    }
}

impl App {
    /// The whole log the `l` window shows, with its heading: the game's, or the replayed
    /// game's as told up to the cursor; none on the setup screen.
    fn log_source(&self) -> Option<LogSource<'_>> {
        match &self.screen {
            Screen::Setup(_) => None,
            Screen::Table(t) => Some(t.log_source()),
            Screen::Replay(r) => Some(r.log_source()),
        }
    }
}

fn too_small(area: Rect, buf: &mut Buffer, theme: Theme) {
    let lines = vec![
        Line::styled("Bohnanza needs a bigger terminal.", theme.title()),
        Line::from(format!(
            "At least {MIN_WIDTH}×{MIN_HEIGHT} is needed (120×40 is best); this one is {}×{}.",
            area.width, area.height
        )),
        Line::from("Enlarge the window or make the font smaller; the game waits."),
    ];
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// What game this is, so anyone can deal it again: "base · seed 42 · turn 7".
pub(crate) fn identity(variant: &str, seed: u64, turn: u32) -> String {
    format!("{variant} · seed {seed} · turn {turn}")
}

/// A rectangle of at most `w`×`h` in the middle of `area`.
pub(crate) fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// Key hints: `[("Enter", "plant"), ...]` as one line of spans.
pub(crate) fn hints(theme: Theme, keys: &[(&str, &str)]) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    // An empty key is a hint left out where it does not apply.
    for (i, (k, what)) in keys.iter().filter(|(k, _)| !k.is_empty()).enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(k.to_string(), theme.key()));
        spans.push(Span::raw(format!(" {what}")));
    }
    spans
}

/// [`hints`] as a line of keys, set in from a window's border or the screen's edge by
/// `indent`.
pub(crate) fn key_line(indent: &'static str, theme: Theme, keys: &[(&str, &str)]) -> Line<'static> {
    let mut spans = vec![Span::raw(indent)];
    spans.extend(hints(theme, keys));
    Line::from(spans)
}
