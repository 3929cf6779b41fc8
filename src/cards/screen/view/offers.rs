//! The trade panel: this turn's offers, each with its answer as it comes, and the offers
//! waiting for the active player with the key that takes them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::cards::screen::log;
use crate::cards::screen::table::CardTable;
use crate::cards::screen::trading::{Answered, OfferNote};
use crate::cards::screen::view::table::push_cards;
use crate::ui::theme::Theme;
use crate::ui::view::fit::{first_fitting, fit};

/// Rows the panel wants: one per offer this turn and its border; none outside trading.
pub(crate) fn height(game: &CardTable) -> u16 {
    if game.notes().is_empty() {
        0
    } else {
        game.notes().len() as u16 + 2
    }
}

/// What the panel says of an offer's answer, in a long and a short form (for a line too
/// narrow for the long one), and whether it is good news.
fn answer_text(game: &CardTable, n: &OfferNote, first_waiting: bool) -> (String, String, bool) {
    let active = game.state.active_player();
    let to = game.name(n.to);
    let both = |long: String, short: &str, good| (long, short.to_string(), good);
    match n.answer {
        Answered::Waiting if n.to == active && first_waiting && !game.shell.is_bot(active) => both(
            format!("waiting for {to}: a to answer"),
            "a to answer",
            true,
        ),
        Answered::Waiting if game.shell.is_bot(n.to) => {
            both(format!("{to} is thinking"), "thinking", false)
        }
        Answered::Waiting => both(format!("waiting for {to}"), "waiting", false),
        Answered::Accepted => both("✓ accepted".to_string(), "✓ accepted", true),
        Answered::Declined => both(format!("{to} declined"), "declined", false),
        Answered::Countered => both(format!("{to} countered"), "countered", false),
        Answered::Lacks { kind, had } => {
            let long = game.lacks_line(n.to, kind, had);
            let short = long
                .strip_prefix(to)
                .unwrap_or(&long)
                .trim_start()
                .to_string();
            (long, short, false)
        }
        Answered::Withdrawn => both("taken back".to_string(), "taken back", false),
        Answered::Lapsed { card, holder } => {
            let bean = &game.ruleset().bean(card).name;
            let reason = log::lapse_reason(holder != n.from, game.name(holder), bean);
            both(format!("lapsed: {reason}"), "lapsed", false)
        }
    }
}

/// Which of `notes` the panel shows in `rows`: all where they fit, else those accepted or
/// waiting for an answer first (a trade just made must not scroll out of sight behind the
/// offers made after it), then the latest of the others; the newest of each first.
fn kept_notes(notes: &[OfferNote], rows: usize) -> Vec<bool> {
    let mut kept = vec![notes.len() <= rows; notes.len()];
    let mut left = rows;
    let matters = |n: &OfferNote| matches!(n.answer, Answered::Accepted | Answered::Waiting);
    for pass in [true, false] {
        for i in (0..notes.len()).rev() {
            if left > 0 && !kept[i] && (!pass || matters(&notes[i])) {
                kept[i] = true;
                left -= 1;
            }
        }
    }
    kept
}

/// Draws the panel into `area`: when the offers do not all fit, those accepted or waiting
/// and the latest ([`kept_notes`]).
pub(crate) fn render(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let r = game.ruleset();
    let w = area.width.saturating_sub(2) as usize;
    let rows = area.height.saturating_sub(2) as usize;
    let kept = kept_notes(game.notes(), rows);
    let first_waiting = game.offers_to_active().first().copied();
    let names_w = game
        .notes()
        .iter()
        .map(|n| game.name(n.from).chars().count() + game.name(n.to).chars().count() + 4)
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for n in game
        .notes()
        .iter()
        .zip(&kept)
        .filter_map(|(n, &k)| k.then_some(n))
    {
        let names = format!(" {} → {}", game.name(n.from), game.name(n.to));
        let mut spans = fit(vec![Span::raw(names)], names_w + 1);
        push_cards(&mut spans, r, theme, &n.giving);
        spans.push(Span::styled(" for ", theme.dim()));
        push_cards(&mut spans, r, theme, &n.want);
        let (long, short, good) = answer_text(game, n, first_waiting == Some(n.id));
        let style = if good { theme.good() } else { theme.dim() };
        let with = |text: String| {
            let mut line = spans.clone();
            line.push(Span::raw("  "));
            line.push(Span::styled(text, style));
            line
        };
        let line = first_fitting([with(long), with(short)], w);
        lines.push(Line::from(fit(line, w)));
    }
    // The panel keeps the latest offers only; the game counts them all.
    let made: u32 = game.state.offers_made_by_seat().iter().sum();
    let total = game.notes().len().max(made as usize);
    let shown = kept.iter().filter(|&&k| k).count();
    let latest = kept.iter().skip_while(|&&k| !k).all(|&k| k);
    let title = if shown < total && latest {
        format!(" Offers this turn (the last {shown} of {total}) ")
    } else if shown < total {
        format!(" Offers this turn ({shown} of {total}: accepted or waiting, and the latest) ")
    } else {
        " Offers this turn ".to_string()
    };
    Paragraph::new(lines)
        .block(theme.boxed(title))
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(id: u32, answer: Answered) -> OfferNote {
        OfferNote {
            id,
            from: 0,
            to: 1,
            giving: Vec::new(),
            want: Vec::new(),
            answer,
        }
    }

    /// Issue 36: at 80×24 the panel holds 4 of 12 offers; the one accepted stays in sight.
    #[test]
    fn the_offer_accepted_stays_in_sight_beside_the_latest() {
        let mut notes: Vec<OfferNote> = (0..12).map(|i| note(i, Answered::Declined)).collect();
        notes[2].answer = Answered::Accepted;
        let kept = kept_notes(&notes, 4);
        let shown: Vec<usize> = (0..12).filter(|&i| kept[i]).collect();
        assert_eq!(shown, [2, 9, 10, 11]);
        notes[2].answer = Answered::Declined;
        let kept = kept_notes(&notes, 4);
        assert_eq!(
            (0..12).filter(|&i| kept[i]).collect::<Vec<_>>(),
            [8, 9, 10, 11]
        );
        assert!(kept_notes(&notes[..3], 4).iter().all(|&k| k));
    }
}
