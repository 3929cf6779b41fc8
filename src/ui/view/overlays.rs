//! Windows over the table: the hand-off, help, the beanometer, quitting and the final scores.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::table::fit;
use super::{centered, hints};
use crate::engine::Phase;
use crate::ui::game::{Game, Mode};
use crate::ui::theme::Theme;

fn window(
    area: Rect,
    w: u16,
    h: u16,
    title: String,
    theme: Theme,
    lines: Vec<Line<'static>>,
    buf: &mut Buffer,
) {
    let r = centered(area, w, h);
    Clear.render(r, buf);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(title, theme.title())),
        )
        .render(r, buf);
}

/// "Pass to Ben — press Enter": nothing private is drawn behind it.
pub(crate) fn handoff(game: &Game, theme: Theme, area: Rect, buf: &mut Buffer) {
    let Some(h) = &game.handoff else { return };
    let name = game.name(h.to).to_string();
    let mut lines = vec![
        Line::from(""),
        Line::styled(format!("  Pass to {name} — press Enter"), theme.title()),
        Line::from(""),
        Line::from(format!("  {}", h.reason)),
        Line::styled(
            format!("  Everyone but {name}, please look away from the screen."),
            theme.dim(),
        ),
        Line::from(""),
    ];
    let undo = match &game.mode {
        Mode::Answer(_) if game.state.phase() == Phase::Trade => Some("take back the offer"),
        Mode::Compose(c) if c.proposer == h.to => Some("back"),
        _ => None,
    };
    let mut keys = vec![("Enter", "I am ".to_string() + &name)];
    if let Some(u) = undo {
        keys.push(("Esc", u.to_string()));
    }
    let keys: Vec<(&str, &str)> = keys.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut k = hints(theme, &keys);
    k.insert(0, Span::raw("  "));
    lines.push(Line::from(k));
    window(area, 64, 10, " Hand-off ".to_string(), theme, lines, buf);
}

/// The final scores.
pub(crate) fn game_over(game: &Game, theme: Theme, area: Rect, buf: &mut Buffer) {
    let Some(o) = game.state.outcome() else {
        return;
    };
    let mut order: Vec<usize> = (0..o.coins.len()).collect();
    order.sort_by_key(|&p| (std::cmp::Reverse(o.coins[p]), !o.winners.contains(&p)));
    let mut lines = vec![Line::from("")];
    let who: Vec<&str> = o.winners.iter().map(|&w| game.name(w)).collect();
    lines.push(Line::styled(
        format!(
            "  {} win{}!",
            who.join(" and "),
            if who.len() == 1 { "s" } else { "" }
        ),
        theme.title(),
    ));
    lines.push(Line::from(""));
    for (rank, &p) in order.iter().enumerate() {
        let mut spans = vec![Span::raw(format!("  {}. ", rank + 1))];
        spans.extend(fit(vec![Span::raw(game.name(p).to_string())], 14));
        spans.push(Span::styled(
            format!("{:>3} bean dollars", o.coins[p]),
            theme.coins(),
        ));
        if o.winners.contains(&p) {
            spans.push(Span::styled("  winner", theme.good()));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(""));
    let tie = o.winners.len() == 1
        && o.coins
            .iter()
            .filter(|&&c| c == o.coins[o.winners[0]])
            .count()
            > 1;
    if tie {
        lines.push(Line::styled(
            "  A tie: the tied player furthest from the starting player wins.",
            theme.dim(),
        ));
    }
    let mut k = hints(theme, &[("q", "quit"), ("b", "beanometer")]);
    k.insert(0, Span::raw("  "));
    lines.push(Line::from(k));
    let h = lines.len() as u16 + 2;
    window(
        area,
        60,
        h,
        " The end of the game ".to_string(),
        theme,
        lines,
        buf,
    );
}

fn phase_rules(phase: Option<Phase>) -> &'static [&'static str] {
    match phase {
        Some(Phase::Plant { .. }) => &[
            "Phase 1 · Plant bean cards from your hand",
            "You must plant the first card in your hand in one of your fields. After that you may plant one more card, the one that is now in front. You can't plant a third bean.",
            "You can only plant one kind of bean in each field. If you have to plant a kind you don't have space for, you must harvest a field first.",
        ],
        Some(Phase::Trade) => &[
            "Phase 2 · Turn over and trade bean cards",
            "The two turned-over cards belong to the active player: plant them, or use them to trade. Only the active player trades; the others can't trade with each other, only propose to the active player.",
            "You may trade hand cards from any position, but never cards received in a trade. A gift (a donation) needs the receiver's agreement. Cards received are set aside beside your fields and planted in phase 3.",
        ],
        Some(Phase::PlantTraded) => &[
            "Phase 3 · Plant turned-over and traded bean cards",
            "Everyone with set-aside cards must plant them now, in any order; the active player also plants the turned-over cards not traded away. Then phase 4: the active player draws cards to the back of the hand, and the next player's turn begins.",
        ],
        _ => &[
            "The end of the game",
            "The game ends when the draw pile runs out for the last time. Everyone harvests all fields; the most bean dollars wins.",
        ],
    }
}

/// Keys and the rules of the current phase.
pub(crate) fn help(game: Option<&Game>, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let Some(game) = game else {
        lines.push(Line::from(
            "Choose the variant and the number of players with ←→, type each player's name, then start.",
        ));
        window(area, 70, 8, " Help ".to_string(), theme, lines, buf);
        return;
    };
    let rules = phase_rules(Some(game.state.phase()));
    lines.push(Line::styled(rules[0].to_string(), theme.title()));
    for r in &rules[1..] {
        lines.push(Line::from(r.to_string()));
    }
    lines.push(Line::from(""));
    lines.push(Line::styled("Harvesting", theme.title()));
    lines.push(Line::from(
        "Any player may harvest any time (h): the whole field, for the coins its beanometer pays. The bean protection rule: a field with only one bean can't be harvested while another of your fields has more than one.",
    ));
    lines.push(Line::from(""));
    lines.push(Line::styled("Keys", theme.title()));
    let keys: &[[(&str, &str); 2]] = &[
        [
            ("Enter/p", "plant (field shown)"),
            ("1-9", "plant in that field"),
        ],
        [
            ("t", "turn over (phase 1)"),
            ("e", "end trading: nobody trades"),
        ],
        [("o", "make an offer"), ("p", "another player proposes")],
        [
            ("a d c", "accept, decline, counter"),
            ("h", "harvest any player's field"),
        ],
        [
            ("b", "beanometer   ? help"),
            ("q", "quit (the game is saved)"),
        ],
    ];
    for pair in keys {
        let mut spans = Vec::new();
        for (i, (k, v)) in pair.iter().enumerate() {
            let mut cell = vec![Span::styled(format!(" {k:<8}"), theme.key())];
            cell.push(Span::raw(v.to_string()));
            spans.extend(fit(cell, if i == 0 { 36 } else { 40 }));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(
        "Fields: bean ×count, what a harvest pays now ($), next step (beans:coins). A hand never changes order: the front card is planted first.",
    ));
    let w = if area.width < 100 { area.width } else { 90 };
    let h = if area.height < 30 {
        area.height
    } else {
        area.height - 4
    };
    window(
        area,
        w,
        h,
        " Help · any key closes ".to_string(),
        theme,
        lines,
        buf,
    );
}

/// The beanometer of every bean kind in play.
pub(crate) fn beanometer(game: &Game, theme: Theme, area: Rect, buf: &mut Buffer) {
    let r = game.ruleset();
    let counts = r.deck_counts(game.state.player_count());
    let mut lines = vec![
        Line::from(" How many beans a harvest needs to pay 1, 2, 3 or 4 bean dollars:"),
        Line::from(""),
        Line::styled(
            "  Bean            cards    1$    2$    3$    4$",
            theme.dim(),
        ),
    ];
    for k in r.kinds() {
        let b = r.bean(k);
        let mut spans = vec![Span::raw("  ")];
        spans.extend(fit(theme.card(r, k), 16));
        let n = counts[k.index()];
        spans.push(Span::raw(if n == 0 {
            "  out".to_string()
        } else {
            format!("{n:>5}")
        }));
        for step in b.beanometer.steps() {
            spans.push(Span::raw(match step {
                Some(n) => format!("{n:>6}"),
                None => "     -".to_string(),
            }));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(""));
    lines.push(Line::styled(
        format!(" {} · any key closes", r.title),
        theme.dim(),
    ));
    let h = lines.len() as u16 + 2;
    window(area, 70, h, " Beanometer ".to_string(), theme, lines, buf);
}

/// "Quit? The game is saved."
pub(crate) fn confirm_quit(theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut k = hints(theme, &[("y", "quit"), ("n", "keep playing")]);
    k.insert(0, Span::raw("  "));
    let lines = vec![
        Line::from(""),
        Line::from("  Quit? The game is saved after every move:"),
        Line::from("  `bohnanza --resume` continues it where it stands."),
        Line::from(""),
        Line::from(k),
    ];
    window(area, 58, 7, " Quit ".to_string(), theme, lines, buf);
}
