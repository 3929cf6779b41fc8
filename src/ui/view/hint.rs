//! The coach's windows: the hint (`!`), the tutor's question, and the review of a finished
//! game. Drawn for the card table and the dice table alike ([`coach_windows`]).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::coach::{Choice, Hint, Horizon, RANKING};
use crate::ui::coach::keys::{CoachWindow, key_line as coach_keys};
use crate::ui::coach::{CoachedTable, HintWindow, Retry, ReviewList};
use crate::ui::theme::Theme;
use crate::ui::view::fit::wrap;
use crate::ui::view::key_line;
use crate::ui::view::window::keyed_window;

/// The widest the coach's windows grow on a large screen.
const MAX_WIDTH: u16 = 96;

/// `text` wrapped to `w` columns, every line after the first indented by `indent`.
fn indented(
    text: &str,
    first: &str,
    indent: usize,
    w: usize,
    theme_style: ratatui::style::Style,
) -> Vec<Line<'static>> {
    wrap(text, w.saturating_sub(indent).max(10))
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let lead = if i == 0 {
                first.to_string()
            } else {
                " ".repeat(indent)
            };
            Line::from(vec![Span::raw(lead), Span::styled(l, theme_style)])
        })
        .collect()
}

/// A progress line: "Thinking… 12 of 48 deals played out ▕████░░░░░░▏".
pub(crate) fn progress_line(done: u32, planned: u32, what: &str, theme: Theme) -> Line<'static> {
    let cells = 20usize;
    let full = if planned == 0 {
        cells
    } else {
        (done as usize * cells / planned as usize).min(cells)
    };
    Line::from(vec![
        Span::styled(
            format!(" Thinking… {done} of {planned} {what} "),
            theme.title(),
        ),
        Span::styled(
            format!("▕{}{}▏", "█".repeat(full), "░".repeat(cells - full)),
            theme.dim(),
        ),
    ])
}

/// One choice of a hint: its place, label and distance from the best, its coins (labelled
/// with how far ahead they look) and chance to win, and why.
fn choice_lines<A>(
    rank: usize,
    c: &Choice<A>,
    horizon: Horizon,
    inner: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let behind = if rank == 1 {
        "best".to_string()
    } else if c.loss().level() {
        "level with the best".to_string()
    } else {
        c.loss().words()
    };
    let mut lines = indented(
        &format!("{} — {behind}", c.label),
        &format!(" {rank}. "),
        4,
        inner,
        if rank == 1 {
            theme.good()
        } else {
            theme.title()
        },
    );
    lines.push(Line::from(vec![
        Span::raw("    "),
        Span::styled(figures_line(c, horizon), theme.coins()),
    ]));
    lines.extend(indented(
        &c.why,
        "    ",
        4,
        inner,
        ratatui::style::Style::default(),
    ));
    lines
}

/// "6.9$ expected at the end (6.5–7.3), wins 20%", "4.4$ expected 8 turns on (4.3–4.5),
/// wins 31%": a choice's coins with their interval and horizon, its chance to win beside.
pub(crate) fn figures_line<A>(c: &Choice<A>, horizon: Horizon) -> String {
    format!(
        "{:.1}$ expected {} ({:.1}–{:.1}), wins {:.0}%",
        c.coins.mean,
        horizon.words(),
        c.coins.low,
        c.coins.high,
        c.win * 100.0
    )
}

/// The lines of a finished hint: the top three choices, and what the player chose in the
/// game when this position was opened from the review.
fn hint_lines<A>(
    hint: &Hint<A>,
    retry: Option<&Retry>,
    inner: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if hint.choices.is_empty() {
        lines.push(Line::from(
            " Nothing to decide: no move of yours waits now.",
        ));
    }
    for (i, c) in hint.choices.iter().take(3).enumerate() {
        if i > 0 {
            lines.push(Line::from(""));
        }
        lines.extend(choice_lines(i + 1, c, hint.horizon, inner, theme));
    }
    if let Some(r) = retry {
        lines.push(Line::from(""));
        lines.extend(indented(
            &format!(
                "In the game: {}: against the best it {}.",
                r.done,
                r.loss.words()
            ),
            " ",
            1,
            inner,
            theme.dim(),
        ));
    }
    lines
}

/// The hint window for `name`'s decision: a progress line while the coach thinks, then
/// the top three choices; the others are asked to look away when it is `private`.
pub(crate) fn hint_window<A>(
    hint: &HintWindow<A>,
    name: &str,
    private: bool,
    retry: Option<&Retry>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let w = area.width.min(MAX_WIDTH);
    let inner = w.saturating_sub(3) as usize;
    let (done, planned) = hint.thinker.progress();
    let mut lines = vec![Line::from("")];
    let keys = if done < planned {
        lines.push(progress_line(done, planned, "deals played out", theme));
        [("Esc", "stop thinking")]
    } else {
        lines.extend(hint_lines(&hint.thinker.hint(), retry, inner, theme));
        [("Esc", "close")]
    };
    let keys = key_line(" ", theme, &keys);
    let title = if private {
        format!(" Hint for {name} · ranked by {RANKING} · only {name} should look ")
    } else {
        format!(" Hint for {name} · ranked by {RANKING} ")
    };
    keyed_window(area, w, &title, lines, keys, theme, buf);
}

/// The tutor's question before a costly move.
pub(crate) fn question(text: &str, theme: Theme, area: Rect, buf: &mut Buffer) {
    let w = area.width.min(72);
    let inner = w.saturating_sub(3) as usize;
    let mut lines = vec![Line::from("")];
    lines.extend(indented(text, " ", 1, inner, theme.title()));
    let keys = key_line(" ", theme, &coach_keys(CoachWindow::Question));
    keyed_window(area, w, " The tutor asks ", lines, keys, theme, buf);
}

/// The review of a finished game: each person's costliest decisions, the one under the
/// cursor marked; a progress line while the coach thinks.
pub(crate) fn review<G: crate::coach::Coached>(
    list: &ReviewList<G>,
    names: &[String],
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let w = area.width.min(MAX_WIDTH);
    let inner = w.saturating_sub(3) as usize;
    let (done, planned) = list.progress();
    let mut lines = vec![Line::from("")];
    let mistakes = list.mistakes();
    if done < planned {
        lines.push(progress_line(done, planned, "decisions weighed", theme));
    } else if mistakes.is_empty() {
        lines.push(Line::from(
            " No decision cost more than a fraction of a bean dollar.",
        ));
    }
    // Two lines an entry: the list scrolls so the one under the cursor shows.
    let room = (area.height.saturating_sub(8) / 2).max(1) as usize;
    let first = list.selected.saturating_sub(room - 1);
    for (i, m) in mistakes.iter().enumerate().skip(first).take(room) {
        let name = names.get(m.player).map_or("?", String::as_str);
        let mark = if i == list.selected && done >= planned {
            "▶"
        } else {
            " "
        };
        let style = if i == list.selected {
            theme.selected()
        } else {
            theme.title()
        };
        lines.extend(indented(
            &format!("{name}, turn {}: {} — {}", m.turn, m.done, m.loss.words()),
            &format!("{mark}{:>2}. ", i + 1),
            5,
            inner,
            style,
        ));
        lines.extend(indented(
            &format!("Better: {}", m.advice),
            "     ",
            5,
            inner,
            theme.dim(),
        ));
    }
    let keys = key_line(" ", theme, &coach_keys(CoachWindow::Review));
    let title = " Review: the costliest decisions ";
    keyed_window(area, w, title, lines, keys, theme, buf);
}

/// The coach's windows over a game's table: the review on the final scores, else the
/// tutor's question or the hint, each only while its decision's player is at the keyboard.
pub(crate) fn coach_windows<T: CoachedTable>(
    table: &T,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let coach = table.coach();
    let names = table.at_table().names;
    if let Some(list) = &coach.review {
        review(list, names, theme, area, buf);
        return;
    }
    let here = table.decision_at_keyboard();
    if let Some(q) = coach.question().filter(|q| here == Some(q.decision)) {
        question(&q.text, theme, area, buf);
    } else if let Some(h) = table.hint_shown() {
        let name = names.get(h.decision.player).map_or("?", String::as_str);
        let retry = coach.retry.as_ref().filter(|r| r.decision == h.decision);
        let private = table.hint_is_private();
        hint_window(h, name, private, retry, theme, area, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::ExpectedCoins;

    fn choice(label: &str, behind: f64) -> Choice<u8> {
        Choice {
            actions: vec![0],
            label: label.to_string(),
            coins: ExpectedCoins {
                mean: 8.3,
                low: 8.1,
                high: 8.4,
            },
            win: 0.5,
            behind,
            win_behind: 0.0,
            deals: 40,
            why: String::new(),
        }
    }

    fn first_line(rank: usize, c: &Choice<u8>) -> String {
        let lines = choice_lines(rank, c, Horizon::End, 70, Theme::plain());
        lines[0].spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn only_the_first_choice_is_called_best() {
        assert_eq!(first_line(1, &choice("Accept", 0.0)), " 1. Accept — best");
        assert_eq!(
            first_line(2, &choice("Decline", 0.02)),
            " 2. Decline — level with the best"
        );
        assert_eq!(
            first_line(3, &choice("Offer", 1.31)),
            " 3. Offer — ends 1.3$ poorer"
        );
    }

    #[test]
    fn every_figure_says_how_far_ahead_it_looks() {
        let c = choice("Accept", 0.0);
        assert_eq!(
            figures_line(&c, Horizon::End),
            "8.3$ expected at the end (8.1–8.4), wins 50%"
        );
        assert_eq!(
            figures_line(&c, Horizon::Turns(8)),
            "8.3$ expected 8 turns on (8.1–8.4), wins 50%"
        );
    }
}
