//! Drawing the replay viewer: a header saying where the cursor is, the game's own table
//! for the picture at the cursor (everything shown, the log up to the cursor), and the
//! viewer's own status (wrapped, never cut off) and key bar where the table has its own;
//! the key bar and the help read the keys' table ([`keys::BINDINGS`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::text::sanitize;
use crate::ui::picker_keys::{Chooser, PickerCommand, bar};
use crate::ui::replay::{Controls, Replay, ReplayPrompt, Replayed, SeatChooser, keys};
use crate::ui::theme::Theme;
use crate::ui::view::fit::{fit, width, wrap};
use crate::ui::view::hints;
use crate::ui::view::window::window;

/// What the help says the viewer shows while the hands are hidden.
const HIDDEN: &str = " Hands are hidden until the game is over (--open-hands shows them).";

/// The keys of the seats' chooser, under its window and in the prompt line.
fn seat_keys() -> [(&'static str, &'static str); 4] {
    let key = |p| bar(Chooser::Seats, p);
    [
        (key(PickerCommand::PlayerOn), "seat"),
        (key(PickerCommand::On), "change"),
        (key(PickerCommand::Choose), "start"),
        (key(PickerCommand::Close), "cancel"),
    ]
}

/// Draws the viewer, with its help window over it when `help` is set.
pub(crate) fn render<G: Replayed>(
    replay: &Replay<G>,
    help: bool,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let w = area.width as usize;
    let below = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    let mut title = G::title(replay.reel(), replay.cursor());
    if replay.hands_hidden() {
        title.push_str("· hands hidden ");
    }
    let top = Rect { height: 1, ..area };
    Paragraph::new(header_line(title, replay.source(), theme, w)).render(top, buf);
    let told = replay.reel().told(replay.cursor()).join(" ");
    let mut footer = status_lines(
        &replay.controls,
        replay.cursor(),
        &told,
        theme,
        (w, area.height),
    );
    // An open prompt takes the key bar's line: it says its own keys, and the viewer's do
    // not work while it is open.
    footer.push(match &replay.controls.prompt {
        Some(p) => prompt_line(p, theme, w),
        None => key_bar(G::PHASES, theme, w),
    });
    G::draw(replay.picture(), footer, theme, below, buf);
    match &replay.controls.prompt {
        Some(ReplayPrompt::Seats(chooser)) => seats_window(chooser, theme, area, buf),
        Some(ReplayPrompt::OpenHands) => open_hands_window(theme, area, buf),
        _ => {}
    }
    if help {
        let shown = if replay.hands_hidden() {
            HIDDEN
        } else {
            G::SHOWN
        };
        keys_window(shown, G::PHASES, theme, area, buf);
    }
}

/// The header: `title` (where the cursor is), and the file it reads on the right where it
/// fits.
fn header_line(title: String, source: &str, theme: Theme, w: usize) -> Line<'static> {
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

/// The most lines the status takes over the keys in a screen `height` rows high, so the
/// table keeps its room in a small one; a longer status ends in "… (l: all)", the whole
/// log showing it all.
fn max_status_lines(height: u16) -> usize {
    if height < 30 { 3 } else { 6 }
}

/// The lines over the keys (or over the prompt open in `controls`): a refusal, news, or
/// what action `n` did (`told`), wrapped to `w` cells.
fn status_lines(
    controls: &Controls,
    n: usize,
    told: &str,
    theme: Theme,
    (w, h): (usize, u16),
) -> Vec<Line<'static>> {
    let max = max_status_lines(h);
    let wrapped = |text: &str, style: Style| -> Vec<Line<'static>> {
        const MORE: &str = "… (l: all)";
        let room = w.saturating_sub(2).max(MORE.len());
        let mut lines = wrap(text, room);
        if lines.len() > max {
            lines.truncate(max);
            if let Some(last) = lines.last_mut() {
                let keep = room.saturating_sub(MORE.chars().count());
                *last = last.chars().take(keep).collect::<String>() + MORE;
            }
        }
        lines
            .into_iter()
            .map(|l| Line::styled(format!(" {l}"), style))
            .collect()
    };
    if let Some(m) = &controls.message {
        return wrapped(m, theme.error());
    }
    // The prompt below has the screen's attention (what the action did comes back after).
    if controls.prompt.is_some() {
        return vec![Line::from("")];
    }
    if let Some(news) = &controls.news {
        return wrapped(&format!("✓ {news}"), theme.good());
    }
    let text = match n {
        0 => format!("The deal. {told}"),
        _ if told.is_empty() => format!("Action {n}: told with the counter-offer after it."),
        _ => format!("Action {n}: {told}"),
    };
    wrapped(&text, Style::default())
}

/// The prompt being answered, with its keys.
fn prompt_line(prompt: &ReplayPrompt, theme: Theme, w: usize) -> Line<'static> {
    let (asked, typed, keys): (&str, String, &[(&str, &str)]) = match prompt {
        ReplayPrompt::Goto {
            action: false,
            typed,
        } => (
            "Go to turn",
            typed.clone(),
            &[("a", "action number"), ("Enter", "go"), ("Esc", "cancel")],
        ),
        ReplayPrompt::Goto {
            action: true,
            typed,
        } => (
            "Go to action",
            typed.clone(),
            &[("t", "turn number"), ("Enter", "go"), ("Esc", "cancel")],
        ),
        ReplayPrompt::Search(typed) => (
            "Search the log for",
            sanitize(typed).into_owned(),
            &[("Enter", "find"), ("Esc", "cancel")],
        ),
        ReplayPrompt::SavePath(typed) => (
            "Position file",
            sanitize(typed).into_owned(),
            &[("Enter", "write"), ("^U", "clear"), ("Esc", "cancel")],
        ),
        ReplayPrompt::Replace(path) => {
            let shown = sanitize(&path.display().to_string()).into_owned();
            let spans = vec![
                Span::styled(format!(" {shown} exists. Replace it? "), theme.error()),
                Span::styled(bar(Chooser::Question, PickerCommand::Yes), theme.key()),
                Span::raw(" replace  any other key: keep it"),
            ];
            return Line::from(fit_left(spans, w));
        }
        ReplayPrompt::OpenHands => {
            let spans = vec![
                Span::styled(" Show every player's hand? ", theme.error()),
                Span::styled(bar(Chooser::Question, PickerCommand::Yes), theme.key()),
                Span::raw(" show them  any other key: keep them hidden"),
            ];
            return Line::from(fit(spans, w));
        }
        ReplayPrompt::Seats(_) => {
            let mut spans = vec![
                Span::styled(" Who sits in each seat?", theme.title()),
                Span::raw("  "),
            ];
            spans.extend(hints(theme, &seat_keys()));
            return Line::from(fit(spans, w));
        }
    };
    let mut spans = vec![
        Span::styled(format!(" {asked}: {typed}▏"), theme.title()),
        Span::raw("  "),
    ];
    spans.extend(hints(theme, keys));
    Line::from(fit_left(spans, w))
}

/// `spans` cut to `w` cells, the start of a long typed text dropped rather than its end
/// (where the cursor is).
fn fit_left(spans: Vec<Span<'static>>, w: usize) -> Vec<Span<'static>> {
    let over = width(&spans).saturating_sub(w);
    if over == 0 {
        return spans;
    }
    let mut spans = spans;
    if let Some(first) = spans.first_mut() {
        let text: String = first.content.chars().skip(over + 2).collect();
        *first = Span::styled(format!(" …{text}"), first.style);
    }
    fit(spans, w)
}

/// The key bar of the viewer on a game with `phases` (or without), from the keys' table:
/// the most hints that fit `w`.
fn key_bar(phases: bool, theme: Theme, w: usize) -> Line<'static> {
    let bar = |keys: &[(&str, &str)]| {
        let mut spans = vec![Span::raw(" ")];
        spans.extend(hints(theme, keys));
        spans
    };
    let chosen = (1..=keys::top_rank())
        .rev()
        .map(|rank| bar(&keys::bar(phases, rank)))
        .find(|spans| width(spans) < w)
        .unwrap_or_else(|| bar(&keys::bar(phases, 1)));
    Line::from(chosen)
}

/// Who sits in each seat of the game continued from the cursor, in a window.
fn seats_window(chooser: &SeatChooser, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::from(" The game goes on from here in a new save file."),
        Line::from(""),
    ];
    for (seat, name) in chooser.names.iter().enumerate() {
        let kind = chooser
            .chosen
            .get(seat)
            .and_then(|&k| chooser.kinds.get(k))
            .map_or_else(String::new, SeatChooser::describe);
        let here = seat == chooser.row;
        let mut spans = vec![Span::raw(if here { " ▶ " } else { "   " })];
        spans.extend(fit(vec![Span::raw(format!("{name:<20}"))], 20));
        spans.push(if here {
            Span::styled(format!("  ◀ {kind} ▶"), theme.selected())
        } else {
            Span::styled(format!("    {kind}"), theme.dim())
        });
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(""));
    let mut keys = vec![Span::raw(" ")];
    keys.extend(hints(theme, &seat_keys()));
    lines.push(Line::from(keys));
    let h = lines.len() as u16 + 2;
    window(
        area,
        60,
        h,
        " Continue from here: seats ".to_string(),
        theme,
        lines,
        buf,
    );
}

/// `--open-hands` on a game not over: what showing every hand does, and the keys.
fn open_hands_window(theme: Theme, area: Rect, buf: &mut Buffer) {
    let yes = bar(Chooser::Question, PickerCommand::Yes);
    let lines = vec![
        Line::from(" This game is not over, and its hands are hidden from the table."),
        Line::from(" Showing them puts every player's hand on this screen, at every"),
        Line::from(" action: anyone who sees it learns what the others hold, and the"),
        Line::from(" game, if resumed, is no longer a fair one."),
        Line::from(""),
        Line::from(vec![
            Span::raw(" "),
            Span::styled(yes, theme.key()),
            Span::raw(" show every hand   any other key: keep them hidden"),
        ]),
    ];
    let h = lines.len() as u16 + 2;
    window(
        area,
        70,
        h,
        " Show every hand? ".to_string(),
        theme,
        lines,
        buf,
    );
}

/// The viewer's keys (on a game with `phases` or without), read from the keys' table, in a
/// window under what it shows (`shown`).
fn keys_window(shown: &str, phases: bool, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![
        Line::from(format!(
            "{shown} The log shows what was told up to the cursor;"
        )),
        Line::from(format!(
            " {}marks what the action at the cursor did.",
            crate::ui::replay::MARK
        )),
        Line::from(""),
    ];
    for b in keys::bindings(phases) {
        lines.push(Line::from(vec![
            Span::styled(format!(" {:<15}", b.help_keys), theme.key()),
            Span::raw(b.help.to_string()),
        ]));
    }
    lines.push(Line::styled(" Any key closes this.", theme.dim()));
    let h = lines.len() as u16 + 2;
    window(area, 78, h, " Replay: keys ".to_string(), theme, lines, buf);
}
