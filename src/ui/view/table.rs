//! The table: every player's fields, coins and hand size, the piles, the phase, the
//! turned-over cards, the hand of the player at the keyboard, the log and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use super::hints;
use crate::engine::{BeanKind, Field, Phase, PlayerView, Ruleset};
use crate::ui::game::{Game, Mode};
use crate::ui::theme::Theme;

/// Width of the text in `spans`, in cells (the UI writes only narrow characters).
pub(crate) fn width(spans: &[Span]) -> usize {
    spans.iter().map(|s| s.content.chars().count()).sum()
}

/// Pads or cuts `spans` to exactly `w` cells.
pub(crate) fn fit(mut spans: Vec<Span<'static>>, w: usize) -> Vec<Span<'static>> {
    let mut used = 0;
    let mut out = Vec::with_capacity(spans.len() + 1);
    for s in spans.drain(..) {
        let n = s.content.chars().count();
        if used + n <= w {
            used += n;
            out.push(s);
        } else {
            let keep: String = s.content.chars().take(w - used).collect();
            used = w;
            out.push(Span::styled(keep, s.style));
            break;
        }
    }
    if used < w {
        out.push(Span::raw(" ".repeat(w - used)));
    }
    out
}

/// Word-wraps `text` to `w` cells.
pub(crate) fn wrap(text: &str, w: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > w {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > w {
            let head: String = line.chars().take(w).collect();
            line = line.chars().skip(w).collect();
            lines.push(head);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// What harvesting `field` would pay now, and the next beanometer step above it.
pub(crate) fn field_cell(
    ruleset: &Ruleset,
    theme: Theme,
    field: &Field,
    w: usize,
) -> Vec<Span<'static>> {
    let Some(kind) = field.kind() else {
        return fit(vec![Span::styled("·  empty", theme.dim())], w);
    };
    let n = field.count();
    let meter = &ruleset.bean(kind).beanometer;
    let now = meter.coins_for(n).min(n);
    let next = match meter.next_step(n) {
        Some((cards, coins)) => format!("{cards}:{coins}$"),
        None => "max".to_string(),
    };
    let name = &ruleset.bean(kind).name;
    let mut spans = vec![theme.chip(ruleset, kind)];
    let long = format!(" {name} ×{n} {now}$ next {next}");
    let medium = format!(" {name} ×{n} {now}$ {next}");
    if medium.chars().count() <= w.saturating_sub(3) {
        spans.push(Span::raw(format!(" {name} ×{n} ")));
    } else {
        spans.push(Span::raw(format!("×{n} ")));
    }
    spans.push(Span::styled(format!("{now}$"), theme.coins()));
    if long.chars().count() <= w.saturating_sub(3) {
        spans.push(Span::styled(format!(" next {next}"), theme.dim()));
    } else {
        spans.push(Span::styled(format!(" {next}"), theme.dim()));
    }
    fit(spans, w)
}

fn phase_line(game: &Game, view: &PlayerView, theme: Theme, w: usize) -> Line<'static> {
    let current = match view.phase {
        Phase::Plant { .. } => 1,
        Phase::Trade => 2,
        Phase::PlantTraded => 3,
        Phase::GameOver => 0,
    };
    let names = ["1 Plant", "2 Trade", "3 Plant traded", "4 Draw"];
    let mut spans = vec![Span::raw(" ")];
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" · ", theme.dim()));
        }
        if i + 1 == current {
            spans.push(Span::styled(
                format!("▶{n}◀"),
                theme.title().add_modifier(Modifier::REVERSED),
            ));
        } else {
            spans.push(Span::raw(n.to_string()));
        }
    }
    if current == 0 {
        spans.push(Span::styled("   The game is over", theme.title()));
    }
    if view.last_turn && current != 0 {
        spans.push(Span::styled("   Last turn!", theme.error()));
    }
    if current == 0 {
        return Line::from(spans);
    }
    let active = game.name(view.active_player).to_string();
    let right = vec![
        Span::styled(active, theme.active()),
        Span::raw(format!("'s turn · turn {}", view.turn)),
    ];
    let gap = w.saturating_sub(width(&spans) + width(&right) + 1);
    spans.push(Span::raw(" ".repeat(gap)));
    spans.extend(right);
    Line::from(spans)
}

fn header_line(game: &Game, view: &PlayerView, theme: Theme, w: usize) -> Line<'static> {
    let r = game.ruleset();
    let mut left = vec![Span::styled(format!(" {} ", r.title), theme.title())];
    left.push(Span::styled(format!("({})", r.name), theme.dim()));
    let mut right = vec![Span::raw(format!(
        "Draw pile {} · ran out {} of {} · Discard ",
        view.draw_pile, view.draw_pile_runs_out, view.game_ends_when_draw_pile_runs_out
    ))];
    match view.discard_top {
        Some(k) => right.extend(theme.card(r, k)),
        None => right.push(Span::styled("empty", theme.dim())),
    }
    right.push(Span::raw(format!(" ({})", view.discard_pile)));
    let gap = w.saturating_sub(width(&left) + width(&right) + 1);
    left.push(Span::raw(" ".repeat(gap)));
    left.extend(right);
    Line::from(left)
}

fn players_block(game: &Game, view: &PlayerView, theme: Theme, area: Rect, buf: &mut Buffer) {
    let r = game.ruleset();
    let inner_w = area.width.saturating_sub(2) as usize;
    let nfields = view.seats.iter().map(|s| s.fields.len()).max().unwrap_or(1);
    let name_w = 11;
    let fixed = 2 + name_w + 6 + 5;
    let aside_max = view
        .seats
        .iter()
        .map(|s| s.set_aside.len())
        .max()
        .unwrap_or(0);
    let aside_w = (aside_max * 3 + 1).clamp(7, 13);
    let field_w = inner_w.saturating_sub(fixed + aside_w) / nfields.max(1);
    let mut lines = Vec::new();
    let mut head = vec![Span::raw(" ".repeat(2))];
    head.extend(fit(vec![Span::raw("Player")], name_w));
    head.extend(fit(vec![Span::raw("Coins")], 6));
    head.extend(fit(vec![Span::raw("Hand")], 5));
    for f in 0..nfields {
        head.extend(fit(vec![Span::raw(format!("Field {}", f + 1))], field_w));
    }
    head.extend(fit(vec![Span::raw("Aside")], aside_w));
    lines.push(Line::from(head).style(theme.dim()));
    let harvest = game.harvest;
    let plant = (view.phase == Phase::PlantTraded && game.handoff.is_none()).then_some(game.plant);
    for (p, seat) in view.seats.iter().enumerate() {
        let active = p == view.active_player;
        let mut spans = vec![Span::styled(
            if active { "▶ " } else { "  " },
            theme.active(),
        )];
        let name = game.name(p).to_string();
        spans.extend(fit(
            vec![Span::styled(
                name,
                if active { theme.active() } else { Style::new() },
            )],
            name_w,
        ));
        spans.extend(fit(
            vec![Span::styled(format!("{:>3}$", seat.coins), theme.coins())],
            6,
        ));
        spans.extend(fit(vec![Span::raw(format!("{:>3}", seat.hand_size))], 5));
        for f in 0..nfields {
            let cell = match seat.fields.get(f) {
                Some(field) => field_cell(r, theme, field, field_w.saturating_sub(1)),
                None => fit(vec![], field_w.saturating_sub(1)),
            };
            let picked = harvest.is_some_and(|h| h.player == p && h.field == f);
            if picked {
                spans.extend(cell.into_iter().map(|s| s.patch_style(theme.selected())));
            } else {
                spans.extend(cell);
            }
            spans.push(Span::raw(" "));
        }
        let mut aside = Vec::new();
        for (i, &k) in seat.set_aside.iter().enumerate() {
            let chip = theme.chip(r, k);
            if plant.is_some_and(|c| c.player == p && c.card == i) {
                aside.push(chip.patch_style(theme.selected().add_modifier(Modifier::UNDERLINED)));
            } else {
                aside.push(chip);
            }
        }
        if aside.len() * 3 > aside_w {
            let keep = aside_w / 3 - 1;
            let more = aside.len() - keep;
            aside.truncate(keep);
            aside.push(Span::raw(format!("+{more}")));
        }
        spans.extend(fit(aside, aside_w));
        lines.push(Line::from(spans));
    }
    let title = if game.harvest.is_some() {
        " Table: choose a field to harvest "
    } else {
        " Table "
    };
    Paragraph::new(lines)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(title, theme.title())),
        )
        .render(area, buf);
}

fn center_lines(game: &Game, view: &PlayerView, theme: Theme) -> Vec<Line<'static>> {
    let r = game.ruleset();
    let mut first = vec![Span::styled(" Turned over: ", theme.dim())];
    match view.phase {
        Phase::Plant { .. } => first.push(Span::styled(
            format!("nothing yet (phase 2 turns over {})", r.cards_turned_over),
            theme.dim(),
        )),
        Phase::Trade if view.face_up.is_empty() => {
            first.push(Span::styled("none left", theme.dim()))
        }
        Phase::Trade => {
            for (i, &k) in view.face_up.iter().enumerate() {
                if i > 0 {
                    first.push(Span::raw("  "));
                }
                first.extend(theme.card(r, k));
            }
            first.push(Span::styled(
                format!("  ({}'s to plant or trade)", game.name(view.active_player)),
                theme.dim(),
            ));
        }
        Phase::PlantTraded => first.push(Span::styled(
            "kept cards are set aside; everyone plants their set-aside cards",
            theme.dim(),
        )),
        Phase::GameOver => first.push(Span::styled("—", theme.dim())),
    }
    let mut second = vec![];
    if let Some(o) = view.offers.first() {
        second.push(Span::styled(" Offer: ", theme.dim()));
        second.push(Span::raw(format!(
            "{} → {}: gives ",
            game.name(o.from),
            game.name(o.to)
        )));
        push_cards(&mut second, r, theme, &o.giving);
        second.push(Span::raw(", wants "));
        push_cards(&mut second, r, theme, &o.want);
    }
    vec![Line::from(first), Line::from(second)]
}

/// `[B] Blue [C] Chili`, or "nothing".
pub(crate) fn push_cards(
    spans: &mut Vec<Span<'static>>,
    r: &Ruleset,
    theme: Theme,
    kinds: &[BeanKind],
) {
    if kinds.is_empty() {
        spans.push(Span::raw("nothing"));
    }
    for (i, &k) in kinds.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(" "));
        }
        spans.extend(theme.card(r, k));
    }
}

/// The hand of `player`, front card first and unmistakable, wrapped to `w` cells.
pub(crate) fn hand_lines(
    r: &Ruleset,
    theme: Theme,
    hand: &[BeanKind],
    w: usize,
    chosen: &[usize],
    cursor: Option<usize>,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = vec![Span::styled("front▶", theme.title())];
    if hand.is_empty() {
        line.push(Span::styled(" (no cards)", theme.dim()));
    }
    for (i, &k) in hand.iter().enumerate() {
        let mut card = vec![Span::raw(" ")];
        let mut c = theme.card(r, k);
        if i == 0 {
            for s in &mut c {
                s.style = s.style.add_modifier(Modifier::UNDERLINED);
            }
        }
        if chosen.contains(&i) {
            card.push(Span::styled("✓", theme.good()));
        }
        if cursor == Some(i) {
            c = c
                .into_iter()
                .map(|s| s.patch_style(theme.selected()))
                .collect();
        }
        card.extend(c);
        if i == 0 && hand.len() > 1 {
            card.push(Span::styled(" │", theme.dim()));
        }
        if width(&line) + width(&card) > w && line.len() > 1 {
            lines.push(Line::from(std::mem::take(&mut line)));
            line.push(Span::raw("      "));
        }
        line.extend(card);
    }
    lines.push(Line::from(line));
    lines
}

fn hand_block(
    game: &Game,
    view: &PlayerView,
    theme: Theme,
    w: usize,
) -> (String, Vec<Line<'static>>) {
    let r = game.ruleset();
    if game.open_hands {
        let mut lines = Vec::new();
        for (p, seat) in view.seats.iter().enumerate() {
            let mut spans = fit(vec![Span::raw(game.name(p).to_string())], 10);
            spans.push(Span::styled("front▶", theme.dim()));
            for &k in seat.hand.as_deref().unwrap_or(&[]) {
                spans.push(theme.chip(r, k));
            }
            lines.push(Line::from(spans));
        }
        return (" Every hand (open hands) ".to_string(), lines);
    }
    match view
        .viewer
        .and_then(|p| view.seats[p].hand.as_ref().map(|h| (p, h)))
    {
        Some((p, hand)) => (
            format!(
                " {}'s hand · {} cards · front card first; the order never changes ",
                game.name(p),
                hand.len()
            ),
            hand_lines(r, theme, hand, w, &[], None),
        ),
        None => (
            " Hands ".to_string(),
            vec![Line::styled(
                " Hands are hidden: this is the shared table.",
                theme.dim(),
            )],
        ),
    }
}

/// What the player may do now, as a sentence, and the keys for it.
pub(crate) fn situation(game: &Game, theme: Theme) -> (Line<'static>, Vec<Span<'static>>) {
    let r = game.ruleset();
    let s = &game.state;
    let active = s.active_player();
    let an = game.name(active).to_string();
    let common: &[(&str, &str)] = &[
        ("h", "harvest"),
        ("b", "beanometer"),
        ("?", "help"),
        ("q", "quit"),
    ];
    if let Some(h) = game.harvest {
        let field = s.player(h.player).fields()[h.field];
        let text = match field.kind() {
            Some(k) => format!(
                "Harvest {}'s field {}: {} {} pay {}$.",
                game.name(h.player),
                h.field + 1,
                field.count(),
                r.bean(k).name,
                r.bean(k)
                    .beanometer
                    .coins_for(field.count())
                    .min(field.count())
            ),
            None => format!("{}'s field {} is empty.", game.name(h.player), h.field + 1),
        };
        return (
            Line::from(text),
            hints(
                theme,
                &[
                    ("Enter", "harvest"),
                    ("←→", "field"),
                    ("↑↓", "player"),
                    ("Esc", "cancel"),
                ],
            ),
        );
    }
    if let Some(h) = &game.handoff {
        return (
            Line::from(format!("Waiting for {} to take the seat.", game.name(h.to))),
            hints(
                theme,
                &[("Enter", "take the seat"), ("?", "help"), ("q", "quit")],
            ),
        );
    }
    let (text, mut keys): (String, Vec<(String, String)>) = match (&game.mode, s.phase()) {
        (Mode::GameOver, _) => (
            "The game is over.".to_string(),
            vec![("q".into(), "quit".into())],
        ),
        (Mode::Compose(c), _) => (
            format!("{} puts an offer together.", game.name(c.proposer)),
            vec![
                ("Space".into(), "choose".into()),
                ("Tab".into(), "column".into()),
                ("Enter".into(), "make the offer".into()),
                ("Esc".into(), "cancel".into()),
            ],
        ),
        (Mode::Answer(a), _) => (
            format!("{} answers the offer.", game.name(a.player)),
            vec![
                ("a".into(), "accept".into()),
                ("d".into(), "decline".into()),
                ("c".into(), "counter".into()),
            ],
        ),
        (Mode::PickProposer(_), _) => (
            format!("Who wants to make {an} an offer?"),
            vec![
                ("Enter".into(), "choose".into()),
                ("Esc".into(), "back".into()),
            ],
        ),
        (_, Phase::Plant { planted }) => {
            let front = s.player(active).hand().front();
            let n = s.player(active).fields().len();
            match front {
                Some(k) => {
                    let target = game
                        .suggested_field(active, k)
                        .map(|f| format!("plant in field {}", f + 1))
                        .unwrap_or_else(|| "plant (harvest first!)".to_string());
                    let mut keys = vec![
                        ("Enter".into(), target),
                        (format!("1-{n}"), "plant in field".into()),
                    ];
                    let text = if planted == 0 {
                        format!(
                            "{an}: plant the front card of your hand, {}.",
                            r.bean(k).name
                        )
                    } else {
                        keys.push(("t".into(), "turn over instead".into()));
                        format!(
                            "{an}: you may plant one more card ({}), or turn over {} cards.",
                            r.bean(k).name,
                            r.cards_turned_over
                        )
                    };
                    (text, keys)
                }
                None => (
                    format!("{an} has no cards left to plant."),
                    vec![("t".into(), "turn over".into())],
                ),
            }
        }
        (_, Phase::Trade) => (
            format!("{an} trades. Nobody wants to trade? Press e."),
            vec![
                ("e".into(), "end trading".into()),
                ("o".into(), "make an offer".into()),
                ("p".into(), "another player proposes".into()),
            ],
        ),
        (_, Phase::PlantTraded) => {
            let c = game.plant;
            match s.player(c.player).set_aside().get(c.card) {
                Some(&k) => {
                    let target = game
                        .suggested_field(c.player, k)
                        .map(|f| format!("plant in field {}", f + 1))
                        .unwrap_or_else(|| "plant (harvest first!)".to_string());
                    let n = s.player(c.player).fields().len();
                    (
                        format!(
                            "Phase 3: everyone plants their set-aside cards. {} plants {}.",
                            game.name(c.player),
                            r.bean(k).name
                        ),
                        vec![
                            ("Enter".into(), target),
                            (format!("1-{n}"), "field".into()),
                            ("←→".into(), "card".into()),
                            ("Tab".into(), "player".into()),
                        ],
                    )
                }
                None => ("Phase 3.".to_string(), vec![]),
            }
        }
        (_, Phase::GameOver) => ("The game is over.".to_string(), vec![]),
    };
    if game.mode != Mode::GameOver {
        keys.extend(common.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    }
    let keys: Vec<(&str, &str)> = keys.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    (Line::from(text), hints(theme, &keys))
}

fn log_lines(game: &Game, w: usize, h: usize) -> Vec<Line<'static>> {
    let mut out: Vec<String> = Vec::new();
    for entry in game.log.iter().rev() {
        let mut wrapped = wrap(entry, w);
        while let Some(l) = wrapped.pop() {
            out.push(l);
        }
        if out.len() >= h {
            break;
        }
    }
    out.truncate(h);
    out.reverse();
    out.into_iter().map(Line::from).collect()
}

fn beanometer_lines(r: &Ruleset, theme: Theme, players: usize) -> Vec<Line<'static>> {
    let counts = r.deck_counts(players);
    let mut lines = vec![Line::styled(
        "                cards  1$  2$  3$  4$",
        theme.dim(),
    )];
    for k in r.kinds() {
        if counts[k.index()] == 0 {
            continue;
        }
        let b = r.bean(k);
        let mut spans = theme.card(r, k);
        spans = fit(spans, 15);
        spans.push(Span::raw(format!("{:>5}  ", counts[k.index()])));
        for step in b.beanometer.steps() {
            spans.push(Span::raw(match step {
                Some(n) => format!("{n:>3} "),
                None => "  - ".to_string(),
            }));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// Draws the table for `game` into `area`.
pub(crate) fn render(game: &Game, theme: Theme, area: Rect, buf: &mut Buffer) {
    let view = game.visible();
    let main = area;
    let w = main.width as usize;
    let mut y = main.y;
    let bottom = main.y + main.height;
    let row = |y: u16, h: u16| Rect {
        x: main.x,
        y,
        width: main.width,
        height: h,
    };

    Paragraph::new(header_line(game, &view, theme, w)).render(row(y, 1), buf);
    y += 1;
    Paragraph::new(phase_line(game, &view, theme, w)).render(row(y, 1), buf);
    y += 1;
    let players_h = view.seats.len() as u16 + 3;
    players_block(game, &view, theme, row(y, players_h), buf);
    y += players_h;
    Paragraph::new(center_lines(game, &view, theme)).render(row(y, 2), buf);
    y += 2;

    let (sit, keys) = situation(game, theme);
    let status = match &game.message {
        Some((m, true)) => Line::styled(format!(" {m}"), theme.error()),
        Some((m, false)) => Line::styled(format!(" {m}"), theme.good()),
        None => {
            let mut l = sit;
            l.spans.insert(0, Span::raw(" "));
            l
        }
    };
    let key_lines = wrap_spans(keys, w.saturating_sub(1));
    let keys_h = key_lines.len() as u16;
    let status_h = 1;
    let (title, hand) = hand_block(game, &view, theme, w.saturating_sub(2));
    let hand_h = (hand.len() as u16 + 2).min(bottom.saturating_sub(y + status_h + keys_h));
    Paragraph::new(hand)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(title, theme.title())),
        )
        .render(row(y, hand_h), buf);
    y += hand_h;
    let rest = bottom.saturating_sub(y + status_h + keys_h);
    if rest >= 3 {
        let r = game.ruleset();
        let meter = beanometer_lines(r, theme, view.seats.len());
        let side = main.width >= 110 && rest as usize >= meter.len() + 2;
        let log_w = if side { main.width - 42 } else { main.width };
        let block = |t: &'static str| {
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(t, theme.title()))
        };
        Paragraph::new(log_lines(
            game,
            log_w.saturating_sub(2) as usize,
            rest as usize - 2,
        ))
        .block(block(" Log "))
        .render(
            Rect {
                width: log_w,
                ..row(y, rest)
            },
            buf,
        );
        if side {
            Paragraph::new(meter)
                .block(block(" Beanometer: beans for 1$–4$ "))
                .render(
                    Rect {
                        x: main.x + log_w,
                        width: main.width - log_w,
                        ..row(y, rest)
                    },
                    buf,
                );
        }
    }
    let y = bottom - status_h - keys_h;
    Paragraph::new(status).render(row(y, 1), buf);
    Paragraph::new(key_lines).render(row(y + 1, keys_h), buf);
}

/// Breaks key hints into lines of at most `w` cells, between hints.
pub(crate) fn wrap_spans(spans: Vec<Span<'static>>, w: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = vec![Span::raw(" ")];
    let mut group: Vec<Span<'static>> = Vec::new();
    let flush = |line: &mut Vec<Span<'static>>,
                 group: &mut Vec<Span<'static>>,
                 lines: &mut Vec<Line<'static>>| {
        if width(line) + width(group) > w && line.len() > 1 {
            lines.push(Line::from(std::mem::replace(line, vec![Span::raw(" ")])));
            if group.first().is_some_and(|s| s.content == "  ") {
                group.remove(0);
            }
        }
        line.append(group);
    };
    for s in spans {
        if s.content == "  " {
            flush(&mut line, &mut group, &mut lines);
        }
        group.push(s);
    }
    flush(&mut line, &mut group, &mut lines);
    lines.push(Line::from(line));
    lines
}
