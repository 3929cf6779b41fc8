//! The offer composer and the answer to an offer.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use crate::cards::CardRef;
use crate::cards::screen::keys::proposers;
use crate::cards::screen::table::CardTable;
use crate::cards::screen::trade::{self, Answer, Column, Composer};
use crate::cards::screen::view::bean_style::BeanStyle;
use crate::cards::screen::view::table::push_cards;
use crate::cards::{BeanKind, Ruleset};
use crate::ui::picker_keys::numbers;
use crate::ui::theme::Theme;
use crate::ui::view::fit::{fit, styled_all, width, wrap, wrap_spans};
use crate::ui::view::{centered, hints, key_line};

fn popup(area: Rect, w: u16, h: u16, buf: &mut Buffer) -> Rect {
    // On narrow screens a window takes the whole width, so no half-covered border shows.
    let w = if area.width < 100 { area.width } else { w };
    // Keep the top rows (header, phase) in sight.
    let mut r = centered(area, w, h);
    if r.y < area.y + 2 && area.height >= h + 2 {
        r.y = area.y + 2;
    }
    Clear.render(r, buf);
    r
}

/// Draws the offer composer: what to give, what is wanted, and to whom.
pub(crate) fn composer(game: &CardTable, c: &Composer, theme: Theme, area: Rect, buf: &mut Buffer) {
    let s = &game.state;
    let cards = trade::tradeable(s, c.proposer);
    let kinds = trade::kinds_in_play(s);
    let partners = trade::partners(s, c.proposer);
    let rows = cards.len().max(kinds.len()).max(partners.len()) as u16;
    let h = (rows + 8).min(area.height.saturating_sub(2)).min(26);
    let w = area.width.saturating_sub(2).min(90);
    let outer = popup(area, w, h, buf);
    let title = if c.counter.is_some() {
        format!(" {}'s counter-offer ", game.name(c.proposer))
    } else if game.bots().floor() == Some(c.proposer) {
        format!(
            " {} may make {} an offer ",
            game.name(c.proposer),
            game.name(s.active_player())
        )
    } else {
        format!(" {} makes an offer ", game.name(c.proposer))
    };
    let block = theme.boxed(title);
    let inner = block.inner(outer);
    block.render(outer, buf);
    let list_h = inner.height.saturating_sub(6) as usize;
    let all = inner.width as usize;
    let (give_w, want_w) = (all * 2 / 5, all * 7 / 20);
    let to_w = all - give_w - want_w;
    // Each column keeps a cell of space on its right.
    let give = give_column(game, c, theme, list_h, give_w.saturating_sub(1));
    let want = want_column(game, c, theme, list_h, want_w.saturating_sub(1));
    let to = to_column(game, c, theme, &partners, to_w.saturating_sub(1));
    let mut x = inner.x;
    for (lines, w) in [(give, give_w), (want, want_w), (to, to_w)] {
        let w = w as u16;
        Paragraph::new(lines).render(Rect::new(x, inner.y, w, list_h as u16 + 1), buf);
        x += w;
    }

    let (summary, keys) = composer_footer(game, c, theme, &kinds, &partners);
    // The offer in words may wrap: its rows are counted so the keys under it still show.
    let said: String = summary.iter().map(|s| s.content.as_ref()).collect();
    let said_rows = wrap(
        said.trim_start(),
        (inner.width as usize).saturating_sub(1).max(1),
    )
    .len()
    .max(1);
    let mut bottom = vec![Line::from(""), Line::from(summary)];
    bottom.extend(wrap_spans(keys, inner.width as usize - 1));
    let bh = (bottom.len() + said_rows - 1) as u16;
    Paragraph::new(bottom).wrap(Wrap { trim: false }).render(
        Rect {
            y: inner.y + inner.height.saturating_sub(bh),
            height: bh.min(inner.height),
            ..inner
        },
        buf,
    );
}

/// The composer's last lines: the offer in words, and its keys.
fn composer_footer(
    game: &CardTable,
    c: &Composer,
    theme: Theme,
    kinds: &[BeanKind],
    partners: &[usize],
) -> (Vec<Span<'static>>, Vec<Span<'static>>) {
    let r = game.ruleset();
    let s = &game.state;
    let given: Vec<_> = c.given(s).into_iter().map(|(_, k)| k).collect();
    let wanted = c.wanted(s);
    let mut summary = vec![Span::raw(format!(
        " To {}: you give ",
        asked(game, c, partners)
    ))];
    push_cards(&mut summary, r, theme, &given);
    summary.push(Span::raw(" for "));
    push_cards(&mut summary, r, theme, &wanted);
    let kind = match (given.is_empty(), wanted.is_empty()) {
        (false, true) => " (a donation)",
        (true, false) => " (asking for a donation)",
        (true, true) => " (choose cards to give, or kinds you want)",
        _ => "",
    };
    summary.push(Span::styled(kind, theme.dim()));
    // A bean's letter asks for one: said with the first kind in play as the example.
    let (letter, example) = kinds.first().map_or_else(Default::default, |&k| {
        let letter = r.bean(k).letter;
        (
            letter.to_lowercase().to_string(),
            format!(
                "want a {} ({} one less)",
                r.bean(k).name,
                letter.to_uppercase()
            ),
        )
    });
    // Who is asked is chosen only where there is a choice: not in a counter-offer, nor
    // in an offer to the active player.
    let choosing = partners.len() > 1 && c.counter.is_none();
    let players = if choosing {
        numbers(game.state.player_count())
    } else {
        String::new()
    };
    let keys = hints(
        theme,
        &[
            ("Space", "choose / +1"),
            (letter.as_str(), example.as_str()),
            ("↑↓←→", "move"),
            (players.as_str(), "to player"),
            (if choosing { "0" } else { "" }, "to everyone"),
            ("Enter", "make the offer"),
            (
                "Esc",
                if game.bots().floor() == Some(c.proposer) {
                    "pass (no offer)"
                } else {
                    "cancel"
                },
            ),
        ],
    );
    (summary, keys)
}

/// A column's heading, reversed where the cursor is.
fn heading(c: &Composer, theme: Theme, col: Column, text: &str) -> Span<'static> {
    let st = if c.column == col {
        theme.title().add_modifier(Modifier::REVERSED)
    } else {
        theme.title()
    };
    Span::styled(format!(" {text} "), st)
}

/// A list column of the composer under its heading: the page of `rows` the cursor is on,
/// each `w` wide, the cursor's row selected while the column is.
fn list_column(
    c: &Composer,
    theme: Theme,
    col: Column,
    head: &str,
    rows: Vec<Vec<Span<'static>>>,
    list_h: usize,
    w: usize,
) -> Vec<Line<'static>> {
    let cursor = if col == Column::Give {
        c.give_row
    } else {
        c.want_row
    };
    let mut lines = vec![Line::from(heading(c, theme, col, head))];
    let start = cursor.saturating_sub(list_h.saturating_sub(1));
    for (i, spans) in rows.into_iter().enumerate().skip(start).take(list_h) {
        let spans = fit(spans, w);
        let here = c.column == col && cursor == i;
        lines.push(Line::from(if here {
            styled_all(spans, theme.selected())
        } else {
            spans
        }));
    }
    lines
}

/// The composer's give column: the proposer's cards where they lie, those given ticked.
fn give_column(
    game: &CardTable,
    c: &Composer,
    theme: Theme,
    list_h: usize,
    w: usize,
) -> Vec<Line<'static>> {
    let r = game.ruleset();
    let s = &game.state;
    let cards = trade::tradeable(s, c.proposer);
    // My First Bohnanza's cards lie in an open line, not in a hand.
    let held = if r.open_hands { "line" } else { "hand" };
    // Places in the hand as the player sees it: an order card ahead takes a place too.
    let order_ahead = s.player(c.proposer).hand().order().map(|(ahead, _)| ahead);
    let rows = cards.iter().enumerate().map(|(i, (cref, k))| {
        let chosen = c.give.contains(&i);
        let mut spans = vec![Span::styled(
            if chosen { "[x] " } else { "[ ] " },
            if chosen { theme.good() } else { theme.dim() },
        )];
        spans.extend(theme.card(r, *k));
        let place = match cref {
            CardRef::FaceUp(_) => " turned over".to_string(),
            CardRef::Hand(p) => match p + 1 + usize::from(order_ahead.is_some_and(|a| a <= *p)) {
                1 => format!(" {held}, front"),
                n => format!(" {held} #{n}"),
            },
            CardRef::SetAside(_) => String::new(),
        };
        spans.push(Span::styled(place, theme.dim()));
        spans
    });
    let mut give = list_column(
        c,
        theme,
        Column::Give,
        "You give",
        rows.collect(),
        list_h,
        w,
    );
    if cards.is_empty() {
        give.push(Line::styled(" no cards to give", theme.dim()));
    }
    give
}

/// The composer's want column: every kind in play, how many are wanted.
fn want_column(
    game: &CardTable,
    c: &Composer,
    theme: Theme,
    list_h: usize,
    w: usize,
) -> Vec<Line<'static>> {
    let r = game.ruleset();
    let kinds = trade::kinds_in_play(&game.state);
    let rows = kinds.iter().enumerate().map(|(i, k)| {
        let n = c.want[i];
        let count = if n > 0 {
            format!("{n:>2}× ")
        } else {
            "    ".to_string()
        };
        let mut spans = vec![Span::styled(count, theme.good())];
        spans.extend(theme.card(r, *k));
        spans
    });
    list_column(
        c,
        theme,
        Column::Want,
        "You want",
        rows.collect(),
        list_h,
        w,
    )
}

/// Who the offer goes to, in words: "Ben", "Ben and Cy", "everyone".
fn asked(game: &CardTable, c: &Composer, partners: &[usize]) -> String {
    let names: Vec<&str> = c.to.iter().map(|&p| game.name(p)).collect();
    match names.as_slice() {
        [] => "nobody yet".to_string(),
        [one] => one.to_string(),
        _ if partners.len() > 2 && c.to.len() == partners.len() => "everyone".to_string(),
        _ => crate::ui::words::listed(&names),
    }
}

/// The composer's to column: who may be asked, those asked marked, the cursor on its row.
fn to_column(
    game: &CardTable,
    c: &Composer,
    theme: Theme,
    partners: &[usize],
    w: usize,
) -> Vec<Line<'static>> {
    let mut to = vec![Line::from(heading(c, theme, Column::To, "To"))];
    for (row, &p) in partners.iter().enumerate() {
        let chosen = c.to.contains(&p);
        let mark = match (partners.len() > 1 && c.counter.is_none(), chosen) {
            (true, true) => "[x] ",
            (true, false) => "[ ] ",
            (false, true) => "(•) ",
            (false, false) => "( ) ",
        };
        let mut spans = fit(
            vec![Span::raw(format!("{mark}{} {}", p + 1, game.name(p)))],
            w,
        );
        if chosen {
            spans = styled_all(spans, theme.good());
        }
        if c.column == Column::To && row == c.to_row {
            spans = styled_all(spans, theme.selected());
        }
        to.push(Line::from(spans));
    }
    to
}

/// Draws an offer as the player it is made to sees it, beside their own cards.
pub(crate) fn answer(game: &CardTable, a: &Answer, theme: Theme, area: Rect, buf: &mut Buffer) {
    let r = game.ruleset();
    let s = &game.state;
    let Some(o) = s.offers().iter().find(|o| o.id == a.offer) else {
        return;
    };
    let w = area.width.saturating_sub(4).min(84);
    let cards = trade::tradeable(s, a.player);
    let hand = card_rows(r, theme, &cards, &a.chosen, a.cursor, w as usize - 4);
    let h = (hand.len() as u16 + 12).min(area.height.saturating_sub(2));
    let outer = popup(area, w, h, buf);
    let mut lines = vec![Line::from("")];
    let mut l = vec![Span::raw(format!(" {} gives you: ", game.name(o.from)))];
    push_cards(&mut l, r, theme, &o.giving);
    lines.push(Line::from(l));
    let mut l = vec![Span::raw(format!(" {} wants:      ", game.name(o.from)))];
    if o.want.is_empty() {
        l.push(Span::styled(
            "nothing: a donation. Accept to receive it.",
            theme.good(),
        ));
    } else {
        push_cards(&mut l, r, theme, &o.want);
    }
    lines.push(Line::from(l));
    lines.push(Line::from(""));
    lines.push(Line::styled(" Your cards; ✓ = you give:", theme.dim()));
    for mut l in hand {
        l.spans.insert(0, Span::raw(" "));
        lines.push(l);
    }
    lines.push(Line::from(""));
    let gave: Vec<_> = a
        .give(s)
        .iter()
        .filter_map(|g| cards.iter().find(|(c, _)| c == g).map(|(_, k)| *k))
        .collect();
    lines.push(you_give(game, a, &o.want, &gave, theme));
    lines.push(Line::from(""));
    let mut keys = vec![("a", "accept"), ("d", "decline")];
    if !o.want.is_empty() {
        keys.push(("n", "I have none"));
    }
    keys.extend([("c", "counter-offer"), ("←→ Space", "choose")]);
    lines.push(key_line(" ", theme, &keys));
    Paragraph::new(lines)
        .block(theme.boxed(answer_title(game, a, o.from)))
        .render(outer, buf);
}

/// What the chosen cards `gave` amount to against the offer's `want`: what was asked, not
/// what was asked, or cards the player does not have.
fn you_give(
    game: &CardTable,
    a: &Answer,
    want: &[BeanKind],
    gave: &[BeanKind],
    theme: Theme,
) -> Line<'static> {
    let s = &game.state;
    let matches = {
        let mut x = gave.to_vec();
        let mut y = want.to_vec();
        x.sort_unstable();
        y.sort_unstable();
        x == y
    };
    let mut l = vec![Span::raw(" You give: ")];
    push_cards(&mut l, game.ruleset(), theme, gave);
    if matches {
        let asked = if want.is_empty() {
            ""
        } else {
            "  — what was asked"
        };
        l.push(Span::styled(asked, theme.good()));
        if a.has_choice(s) {
            l.push(Span::styled(" (Space: choose other cards)", theme.dim()));
        }
    } else if s.frontmost_match(a.player, want).is_none() {
        l = vec![Span::styled(
            " You don't have the cards wanted: decline (n: say you have none), or counter.",
            theme.error(),
        )];
    } else {
        l.push(Span::styled("  — not what was asked", theme.error()));
    }
    Line::from(l)
}

/// The answer window's title: who is asked, by whom, and how many more offers wait.
fn answer_title(game: &CardTable, a: &Answer, from: usize) -> String {
    let waiting = game
        .state
        .offers()
        .iter()
        .filter(|x| x.to == a.player)
        .count();
    let after = match waiting.saturating_sub(1) {
        0 => String::new(),
        1 => " (1 more offer waits for you)".to_string(),
        n => format!(" ({n} more offers wait for you)"),
    };
    format!(
        " {}, {} makes you an offer{after} ",
        game.name(a.player),
        game.name(from)
    )
}

/// Draws the choice of which player comes to the keyboard to propose to the active player.
pub(crate) fn pick_proposer(
    game: &CardTable,
    i: usize,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let others = proposers(game);
    let outer = popup(area, 56, others.len() as u16 + 6, buf);
    let mut lines = vec![Line::from(format!(
        " Who wants to make {} an offer?",
        game.name(game.state.active_player())
    ))];
    for (j, &p) in others.iter().enumerate() {
        let text = if game.shell.is_bot(p) {
            format!("  {} {} (a bot: asked for an offer)", p + 1, game.name(p))
        } else {
            format!("  {} {}", p + 1, game.name(p))
        };
        lines.push(if j == i {
            Line::styled(text, theme.selected())
        } else {
            Line::from(text)
        });
    }
    lines.push(Line::from(""));
    let keys = [("Enter/1-9", "choose"), ("↑↓", "move"), ("Esc", "back")];
    lines.push(key_line(" ", theme, &keys));
    Paragraph::new(lines)
        .block(theme.boxed(" Another player proposes "))
        .render(outer, buf);
}

/// The cards a player can trade, turned-over cards and hand apart, chosen ones ticked.
fn card_rows(
    r: &Ruleset,
    theme: Theme,
    cards: &[(CardRef, BeanKind)],
    chosen: &[usize],
    cursor: usize,
    w: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    for (i, (cref, k)) in cards.iter().enumerate() {
        let mut card = Vec::new();
        match cref {
            CardRef::FaceUp(0) => card.push(Span::styled("turned over:", theme.dim())),
            CardRef::Hand(0) => {
                if !line.is_empty() {
                    lines.push(Line::from(std::mem::take(&mut line)));
                }
                // My First Bohnanza's cards lie in an open line, not in a hand.
                let label = if r.open_hands {
                    "line: front▶"
                } else {
                    "hand: front▶"
                };
                card.push(Span::styled(label, theme.title()));
            }
            _ => {}
        }
        card.push(Span::raw(" "));
        if chosen.contains(&i) {
            card.push(Span::styled("✓", theme.good()));
        }
        let mut c = theme.card(r, *k);
        if *cref == CardRef::Hand(0) {
            c = styled_all(c, Style::new().add_modifier(Modifier::UNDERLINED));
        }
        if i == cursor {
            c = styled_all(c, theme.selected());
        }
        card.extend(c);
        if width(&line) + width(&card) > w && !line.is_empty() {
            lines.push(Line::from(std::mem::take(&mut line)));
            line.push(Span::raw("     "));
        }
        line.extend(card);
    }
    if !line.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}
