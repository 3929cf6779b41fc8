//! The table: every player's fields, coins and hand size, the piles, the phase, the
//! turned-over cards, the hand of the player at the keyboard, the log and the keys.

use crate::ui::view::fit::{first_fitting, fit, styled_all, width, wrap};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget};

use crate::cards::screen::table::{CardTable, Mode, PlantChoice};
use crate::cards::screen::view::bean_style::BeanStyle;
use crate::cards::{BeanKind, CoinSource, Field, OrderCard, Phase, PlayerView, Ruleset, SeatView};
use crate::ui::theme::Theme;

/// What harvesting `field` would pay now, and the next beanometer step above it.
/// `gains_field`: the owner has fewer than three fields, so field beans harvested at their
/// number give a third field. `buried`: the layers under it (mixed patches), bottom first;
/// the top one shows after the field, as `over [S]×2`.
pub(crate) fn field_cell(
    ruleset: &Ruleset,
    theme: Theme,
    field: &Field,
    gains_field: bool,
    buried: &[Field],
    w: usize,
) -> Vec<Span<'static>> {
    let under: Vec<Span<'static>> = match buried.last().and_then(|f| f.kind().map(|k| (k, f))) {
        Some((k, f)) => vec![
            Span::styled(" over ", theme.dim()),
            theme.chip(ruleset, k),
            Span::styled(format!("×{}", f.count()), theme.dim()),
        ],
        None => Vec::new(),
    };
    if !under.is_empty() && width(&under) + 6 <= w {
        let mut spans = field_cell(ruleset, theme, field, gains_field, &[], w - width(&under));
        if spans.last().is_some_and(|s| s.content.trim().is_empty()) {
            spans.pop();
        }
        spans.extend(under);
        return fit(spans, w);
    }
    let Some(kind) = field.kind() else {
        return fit(vec![Span::styled("·  empty", theme.dim())], w);
    };
    let n = field.count();
    let bean = ruleset.bean(kind);
    let meter = &bean.beanometer;
    let now = if gains_field && bean.gives_third_field_at == Some(n) {
        "+field".to_string()
    } else {
        format!("{}$", meter.coins_for(n))
    };
    let next = match meter.next_step(n) {
        Some((cards, coins)) => format!("{cards}:{coins}$"),
        None => "max".to_string(),
    };
    let name = &bean.name;
    let mut spans = vec![theme.chip(ruleset, kind)];
    let long = format!(" {name} ×{n} {now} next {next}");
    let medium = format!(" {name} ×{n} {now} {next}");
    let short = format!("×{n} {now} {next}");
    if medium.chars().count() <= w.saturating_sub(3) {
        spans.push(Span::raw(format!(" {name} ×{n} ")));
    } else {
        spans.push(Span::raw(format!("×{n} ")));
    }
    spans.push(Span::styled(now, theme.coins()));
    if long.chars().count() <= w.saturating_sub(3) {
        spans.push(Span::styled(format!(" next {next}"), theme.dim()));
    } else if short.chars().count() <= w.saturating_sub(3) {
        spans.push(Span::styled(format!(" {next}"), theme.dim()));
    }
    fit(spans, w)
}

/// The cell of a field a player does not have (yet): how to get it.
fn missing_field_cell(game: &CardTable, theme: Theme, w: usize) -> Vec<Span<'static>> {
    let r = game.ruleset();
    let dim = |text: String| vec![Span::styled(text, theme.dim())];
    if let Some(price) = game.state.table().third_field_price {
        return fit(dim(format!("— buy for {price}$")), w);
    }
    // Field beans: harvesting that many gives the field.
    let counts = r.deck_counts(game.state.player_count());
    let field_beans = r.kinds().find_map(|k| {
        r.bean(k)
            .gives_third_field_at
            .filter(|_| counts[k.index()] > 0)
            .map(|n| (k, n))
    });
    let cell = match field_beans {
        Some((k, n)) => {
            let wide = dim(format!("— harvest {n} {} beans", r.bean(k).name));
            let short = vec![
                Span::styled(format!("— for {n} "), theme.dim()),
                theme.chip(r, k),
            ];
            first_fitting([wide, short], w)
        }
        None => dim("— none yet".to_string()),
    };
    fit(cell, w)
}

fn phase_line(game: &CardTable, view: &PlayerView, theme: Theme, w: usize) -> Line<'static> {
    // The bean duel numbers its own four steps; the state says which is which.
    let current = match view.phase {
        Phase::GameOver => 0,
        p => usize::from(game.state.step_number(p)),
    };
    let duel = game.is_duel();
    let drawn = format!("4 Draw {}", game.state.table().cards_drawn);
    let long: Vec<&str> = if duel {
        vec![
            "1 Plant/discard offer",
            "2 Plant & discard",
            "3 Draw, plant, offer",
            &drawn,
        ]
    } else {
        vec!["1 Plant", "2 Trade", "3 Plant traded", "4 Draw"]
    };
    // Short of room the duel's first step is named shorter.
    let mut short = long.clone();
    if duel {
        short[0] = "1 Offer";
    }
    let strip = |names: &[&str]| -> Vec<Span<'static>> {
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
        spans
    };
    if current == 0 {
        let over = vec![Span::styled(" The game is over", theme.title())];
        return Line::from(first_fitting([strip(&long), strip(&short), over], w));
    }
    // The turn's number is in the header.
    let active = game.name(view.active_player).to_string();
    let whose = vec![Span::styled(active, theme.active()), Span::raw("'s turn")];
    // The longest that fits with a space before whose turn it is, which also shows on the
    // table (▶) and below.
    let fitting = [&long, &short]
        .into_iter()
        .find(|names| width(&strip(names)) + width(&whose) + 1 < w);
    let (mut spans, right) = match fitting {
        Some(names) => (strip(names), whose),
        None if width(&strip(&short)) + 1 < width(&strip(&long)) => (strip(&short), Vec::new()),
        None => (strip(&long), Vec::new()),
    };
    let gap = w.saturating_sub(width(&spans) + width(&right) + 1);
    spans.push(Span::raw(" ".repeat(gap)));
    spans.extend(right);
    Line::from(spans)
}

/// The piles in three lengths: every count spelt out, abbreviated, and only the draw and
/// discard piles.
fn piles(game: &CardTable, view: &PlayerView, theme: Theme) -> [Vec<Span<'static>>; 3] {
    let r = game.ruleset();
    let (runs, of) = (
        view.draw_pile_runs_out,
        view.game_ends_when_draw_pile_runs_out,
    );
    let line = |short: bool, extras: bool| -> Vec<Span<'static>> {
        let (draw, ran_out, orders, coins) = if short {
            ("Draw", format!("{runs}/{of}"), "Orders", "Coins")
        } else {
            (
                "Draw pile",
                format!("{runs} of {of}"),
                "Order cards",
                "Coin pile",
            )
        };
        let pile = format!("{draw} {} · ran out {ran_out} · Discard ", view.draw_pile);
        let mut spans = vec![Span::raw(pile)];
        spans.extend(match view.discard_top {
            Some(k) if short => vec![theme.chip(r, k)],
            Some(k) => theme.card(r, k),
            None => vec![Span::styled("empty", theme.dim())],
        });
        spans.push(Span::raw(format!(" ({})", view.discard_pile)));
        if extras && !r.order_cards.is_empty() {
            spans.push(Span::raw(format!(" · {orders} {}", view.order_deck)));
        }
        if extras && r.coins_from == CoinSource::CoinPile {
            spans.push(Span::raw(format!(" · {coins} {}", view.coin_pile)));
        }
        spans
    };
    [line(false, true), line(true, true), line(true, false)]
}

/// The header: what game this is (the variant, the seed and the turn: enough to deal it
/// again) and the piles; the longest that fits. Short of room the seed gives way (`?`
/// names it), never the variant or the turn.
fn header_line(game: &CardTable, view: &PlayerView, theme: Theme, w: usize) -> Line<'static> {
    let r = game.ruleset();
    let [full, compact, bare] = piles(game, view, theme);
    let seed_turn = format!("seed {} · turn {}", game.shell.record.seed, view.turn);
    let titled = vec![
        Span::styled(format!(" {} ", r.title), theme.title()),
        Span::styled(format!("({})", r.name), theme.dim()),
        Span::raw(format!(" · {seed_turn}")),
    ];
    let named = vec![
        Span::styled(format!(" {}", r.name), theme.title()),
        Span::raw(format!(" · {seed_turn}")),
    ];
    // Without the seed (the help's title always names it): the variant and the turn.
    let plain = vec![
        Span::styled(format!(" {}", r.name), theme.title()),
        Span::raw(format!(" · turn {}", view.turn)),
    ];
    // The game and the piles matter most, then the title: the longest header that fits.
    let choices = [
        (&titled, &full),
        (&named, &full),
        (&titled, &compact),
        (&named, &compact),
        (&named, &bare),
        (&plain, &compact),
        (&plain, &bare),
    ];
    // Decide by the longest the piles can read (the longest bean name on the discard pile,
    // three-digit counts and turns), so the header keeps one form all game.
    let longest = r
        .beans
        .iter()
        .map(|b| b.name.chars().count() + 4)
        .max()
        .unwrap_or(0);
    let digits = |n: usize| 3usize.saturating_sub(n.to_string().len());
    let counts = digits(view.draw_pile) + digits(view.discard_pile) + digits(view.turn as usize);
    let (top_full, top_compact) = match view.discard_top {
        Some(k) => (r.bean(k).name.chars().count() + 4, 3),
        None => (5, 5),
    };
    let slack_full = longest.max(5) - top_full + counts;
    let slack_compact = 5 - top_compact + counts;
    for (left, right) in choices {
        let slack = if std::ptr::eq(right, &full) {
            slack_full
        } else {
            slack_compact
        };
        if width(left) + width(right) + slack < w {
            let gap = w - (width(left) + width(right) + 1);
            let mut line = left.clone();
            line.push(Span::raw(" ".repeat(gap)));
            line.extend(right.iter().cloned());
            return Line::from(line);
        }
    }
    // The variant and the turn, then the piles as far as they go.
    let mut line = plain;
    line.push(Span::raw(" "));
    line.extend(bare);
    Line::from(fit(line, w))
}

/// The widths of the table's columns, fitted to the room: the fields take what the fixed
/// columns leave, and narrow screens shorten the names first.
#[derive(Clone, Copy)]
struct Columns {
    name_w: usize,
    coins_w: usize,
    order_w: usize,
    field_w: usize,
    aside_w: usize,
    nfields: usize,
    orders: bool,
}

impl Columns {
    fn of(game: &CardTable, view: &PlayerView, inner_w: usize) -> Columns {
        let r = game.ruleset();
        // Every field a player has or can come to have: a third field bought or won shows
        // as soon as it exists, and before that says how to get it.
        let nfields = view
            .seats
            .iter()
            .map(|s| s.fields.len())
            .max()
            .unwrap_or(1)
            .max(r.max_bean_fields(view.seats.len()));
        let orders = !r.order_cards.is_empty();
        let coins_w = if orders { 8 } else { 6 };
        let order_w = if orders { 6 } else { 0 };
        let aside_max = view
            .seats
            .iter()
            .map(|s| s.set_aside.len())
            .max()
            .unwrap_or(0);
        // The bean duel sets nothing aside (nobody trades): its fields take the room.
        let aside_w = if game.is_duel() {
            0
        } else {
            (aside_max * 3 + 1).clamp(7, 13)
        };
        let fields_w = |name_w: usize| {
            inner_w.saturating_sub(2 + name_w + coins_w + 5 + order_w + aside_w) / nfields.max(1)
        };
        let mut name_w = 11;
        if fields_w(name_w) < 15 {
            // Narrow: the names give up what they don't need, so fields keep their numbers.
            let longest = (0..view.seats.len())
                .map(|p| game.name(p).chars().count())
                .max()
                .unwrap_or(0);
            name_w = (longest + 1).clamp(7, 11);
        }
        Columns {
            name_w,
            coins_w,
            order_w,
            field_w: fields_w(name_w),
            aside_w,
            nfields,
            orders,
        }
    }

    /// The column headings.
    fn heading(self, theme: Theme) -> Line<'static> {
        let coins = if self.orders { "Coins+✓" } else { "Coins" };
        let mut cells = vec![
            ("Player".to_string(), self.name_w),
            (coins.to_string(), self.coins_w),
            ("Hand".to_string(), 5),
        ];
        if self.orders {
            cells.push(("Order".to_string(), self.order_w));
        }
        cells.extend((1..=self.nfields).map(|f| (format!("Field {f}"), self.field_w)));
        if self.aside_w > 0 {
            cells.push(("Aside".to_string(), self.aside_w));
        }
        let mut head = vec![Span::raw(" ".repeat(2))];
        for (text, w) in cells {
            head.extend(fit(vec![Span::raw(text)], w));
        }
        Line::from(head).style(theme.dim())
    }
}

fn players_block(game: &CardTable, view: &PlayerView, theme: Theme, area: Rect, buf: &mut Buffer) {
    let inner_w = area.width.saturating_sub(2) as usize;
    let cols = Columns::of(game, view, inner_w);
    let mut lines = vec![cols.heading(theme)];
    let planting = view.phase == Phase::PlantTraded || view.must_plant_received_cards.is_some();
    let plant = (planting && game.handoff().is_none()).then_some(game.plant());
    for (p, seat) in view.seats.iter().enumerate() {
        lines.push(seat_line(game, view, theme, cols, p, seat, plant));
    }
    Paragraph::new(lines)
        .block(theme.boxed(table_title(game, view, inner_w)))
        .render(area, buf);
}

/// One player's row: name, coins (and orders fulfilled), hand size, order, fields and the
/// cards set aside, with what a chooser has picked highlighted.
fn seat_line(
    game: &CardTable,
    view: &PlayerView,
    theme: Theme,
    cols: Columns,
    p: usize,
    seat: &SeatView,
    plant: Option<PlantChoice>,
) -> Line<'static> {
    let r = game.ruleset();
    let active = p == view.active_player;
    let mut spans = vec![Span::styled(
        if active { "▶ " } else { "  " },
        theme.active(),
    )];
    let name = game.name(p).to_string();
    let mut name_style = if active { theme.active() } else { Style::new() };
    if game.buy() == Some(p) {
        name_style = name_style.patch(theme.selected());
    }
    spans.extend(fit(vec![Span::styled(name, name_style)], cols.name_w));
    let mut coins = vec![Span::styled(format!("{:>3}$", seat.coins), theme.coins())];
    if !seat.fulfilled_orders.is_empty() {
        coins.push(Span::styled(
            format!("+{}✓", seat.fulfilled_orders.len()),
            theme.good(),
        ));
    }
    spans.extend(fit(coins, cols.coins_w));
    spans.extend(fit(vec![Span::raw(format!("{:>3}", seat.hand_size))], 5));
    if cols.orders {
        let cell = match seat.laid_out_order {
            Some(o) => vec![theme.order_card(o)],
            None if seat.holds_order => vec![Span::styled("hand", theme.dim())],
            None => vec![],
        };
        spans.extend(fit(cell, cols.order_w));
    }
    let gains_field = seat.fields.len() < 3;
    let field_w = cols.field_w;
    for f in 0..cols.nfields {
        let cell = match seat.fields.get(f) {
            Some(field) => field_cell(
                r,
                theme,
                field,
                gains_field,
                seat.buried.get(f).map_or(&[][..], Vec::as_slice),
                field_w.saturating_sub(1),
            ),
            None => missing_field_cell(game, theme, field_w.saturating_sub(1)),
        };
        let picked = game
            .harvest()
            .is_some_and(|h| h.player == p && h.field == f)
            || (game.buy() == Some(p) && f >= seat.fields.len());
        spans.extend(if picked {
            styled_all(cell, theme.selected())
        } else {
            cell
        });
        spans.push(Span::raw(" "));
    }
    if cols.aside_w > 0 {
        spans.extend(fit(
            aside_chips(game, theme, p, seat, plant, cols.aside_w),
            cols.aside_w,
        ));
    }
    Line::from(spans)
}

/// A player's set-aside cards as chips, the one chosen to plant underlined, and "+N" for
/// those the column has no room for.
fn aside_chips(
    game: &CardTable,
    theme: Theme,
    p: usize,
    seat: &SeatView,
    plant: Option<PlantChoice>,
    aside_w: usize,
) -> Vec<Span<'static>> {
    let r = game.ruleset();
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
    aside
}

/// The table's title: what a chooser asks, else the bots at the table where they fit.
fn table_title(game: &CardTable, view: &PlayerView, inner_w: usize) -> String {
    if game.harvest().is_some() {
        return " Table: choose a field to harvest ".to_string();
    }
    if game.buy().is_some() {
        return " Table: who buys a third bean field? ".to_string();
    }
    let bots: Vec<String> = (0..view.seats.len())
        .filter_map(|p| {
            let kind = game.shell.seats.get(p)?.bot()?;
            let name = game.name(p);
            Some(if name.to_lowercase().starts_with(kind.name()) {
                name.to_string()
            } else {
                format!("{name} ({kind})")
            })
        })
        .collect();
    let long = format!(" Table · bots: {} ", bots.join(", "));
    if bots.is_empty() || long.chars().count() + 4 > inner_w {
        " Table ".to_string()
    } else {
        long
    }
}

fn center_lines(game: &CardTable, view: &PlayerView, theme: Theme, w: usize) -> Vec<Line<'static>> {
    if game.is_duel() {
        return duel_center_lines(game, view, theme, w);
    }
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
        Phase::GameOver | Phase::PlantOffered | Phase::PlantTurnedOver => {
            first.push(Span::styled("—", theme.dim()))
        }
    }
    let mut second = vec![];
    // The trade panel shows this turn's offers; without it (a resumed game), the first.
    if let Some(o) = view.offers.first().filter(|_| game.notes().is_empty()) {
        second.push(Span::styled(" Offer: ", theme.dim()));
        second.push(Span::raw(format!(
            "{} → {}: gives ",
            game.name(o.from),
            game.name(o.to)
        )));
        push_cards(&mut second, r, theme, &o.giving);
        second.push(Span::raw(", wants "));
        push_cards(&mut second, r, theme, &o.want);
    } else if let Some((p, o)) = [game.viewer(), Some(view.active_player)]
        .into_iter()
        .flatten()
        .find_map(|p| game.order_shown(p).map(|o| (p, o)))
    {
        // The order notation, said in words where the order shows.
        second.push(Span::styled(
            format!(
                " {}'s order {o}: {}.",
                game.name(p),
                crate::cards::screen::view::situation::order_meaning(o)
            ),
            theme.dim(),
        ));
    }
    vec![Line::from(first), Line::from(second)]
}

/// The bean duel's cards on the table: the offer to plant or discard (step 1), the cards
/// turned over (step 3), and the top of the discard pile, whose matching cards join the
/// turned-over ones. The card chosen with ←→ is marked.
fn duel_center_lines(
    game: &CardTable,
    view: &PlayerView,
    theme: Theme,
    w: usize,
) -> Vec<Line<'static>> {
    let r = game.ruleset();
    let n = view.seats.len().max(1);
    let active = view.active_player;
    let previous = game.name((active + n - 1) % n).to_string();
    let next = game.name((active + 1) % n).to_string();
    let an = game.name(active).to_string();
    let choosing =
        game.handoff().is_none() && game.harvest().is_none() && *game.mode() == Mode::Table;
    let row = DuelRow {
        r,
        theme,
        w,
        chosen: choosing.then_some(game.plant().card),
    };
    let turned_over = |what: String| {
        Line::from(vec![
            Span::styled(" Turned over: ", theme.dim()),
            Span::styled(what, theme.dim()),
        ])
    };
    let discards = row.discards(&view.discard);
    match view.phase {
        Phase::PlantOffered => vec![
            row.cards(
                format!(" Offered by {previous}: "),
                &view.offered,
                format!("  ({an} plants or discards each)"),
            ),
            discards,
        ],
        Phase::Plant { .. } => vec![
            turned_over(format!(
                "nothing yet (step 3 turns over {}, and matching discards)",
                r.cards_turned_over
            )),
            discards,
        ],
        Phase::PlantTurnedOver if view.face_up.is_empty() => vec![
            turned_over("all planted: nothing is left as an offer".to_string()),
            discards,
        ],
        Phase::PlantTurnedOver => vec![
            row.cards(" Turned over: ".to_string(), &view.face_up, String::new()),
            Line::styled(
                format!(" The cards {an} does not plant are left as an offer to {next}."),
                theme.dim(),
            ),
        ],
        _ => vec![turned_over("—".to_string()), discards],
    }
}

/// A row of the bean duel's cards `w` columns wide, the card chosen with ←→ marked.
struct DuelRow<'a> {
    r: &'a Ruleset,
    theme: Theme,
    w: usize,
    chosen: Option<usize>,
}

impl DuelRow<'_> {
    /// `label` then the cards, named where they fit, then `hint` where it fits.
    fn cards(&self, label: String, cards: &[BeanKind], hint: String) -> Line<'static> {
        let mut spans = self.spans(&label, cards, true);
        if width(&spans) >= self.w {
            spans = self.spans(&label, cards, false);
        }
        let hint = Span::styled(hint, self.theme.dim());
        if width(&spans) + width(std::slice::from_ref(&hint)) < self.w {
            spans.push(hint);
        }
        Line::from(spans)
    }

    /// `label` then the cards, by name or (all but the chosen one) as chips.
    fn spans(&self, label: &str, cards: &[BeanKind], names: bool) -> Vec<Span<'static>> {
        let theme = self.theme;
        let mut spans = vec![Span::styled(label.to_string(), theme.dim())];
        for (i, &k) in cards.iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw(if names { "  " } else { " " }));
            }
            let chosen = self.chosen == Some(i);
            let mut card = if names || chosen {
                theme.card(self.r, k)
            } else {
                vec![theme.chip(self.r, k)]
            };
            if chosen {
                card = styled_all(card, theme.selected());
            }
            spans.extend(card);
        }
        spans
    }

    /// The discard pile, top last: as many of its top cards as fit.
    fn discards(&self, discard: &[BeanKind]) -> Line<'static> {
        let theme = self.theme;
        let mut spans = vec![Span::styled(" Discard pile, top last: ", theme.dim())];
        if discard.is_empty() {
            spans.push(Span::styled("empty", theme.dim()));
        }
        let mut shown: Vec<Vec<Span<'static>>> = Vec::new();
        let mut used = width(&spans) + 2;
        for &k in discard.iter().rev() {
            let card = theme.card(self.r, k);
            if used + width(&card) + 1 > self.w {
                break;
            }
            used += width(&card) + 1;
            shown.push(card);
        }
        if shown.len() < discard.len() {
            spans.push(Span::styled("… ", theme.dim()));
        }
        for (i, card) in shown.into_iter().rev().enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            spans.extend(card);
        }
        Line::from(spans)
    }
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

/// One card in a hand as shown: a bean, or the order card in its place among them.
#[derive(Clone, Copy)]
enum HandCard {
    Bean(BeanKind),
    Order(OrderCard),
}

/// The cards of a hand front first, the order card (with the beans in front of it) in its place.
fn hand_cards(hand: &[BeanKind], order: Option<(usize, OrderCard)>) -> Vec<HandCard> {
    let mut cards: Vec<HandCard> = hand.iter().map(|&k| HandCard::Bean(k)).collect();
    if let Some((ahead, o)) = order {
        cards.insert(ahead.min(cards.len()), HandCard::Order(o));
    }
    cards
}

/// The hand of a player, front card first and unmistakable, wrapped to `w` cells. An order
/// card shows in its place as `[3/4]`. `mark`: the bean at this hand position is chosen (the
/// bean duel's discard).
pub(crate) fn hand_lines(
    r: &Ruleset,
    theme: Theme,
    hand: &[BeanKind],
    order: Option<(usize, OrderCard)>,
    mark: Option<usize>,
    w: usize,
) -> Vec<Line<'static>> {
    let cards = hand_cards(hand, order);
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = vec![Span::styled("front▶", theme.title())];
    if cards.is_empty() {
        line.push(Span::styled(" (no cards)", theme.dim()));
    }
    let mut bean = 0;
    for (i, &card) in cards.iter().enumerate() {
        let mut spans = vec![Span::raw(" ")];
        let mut c = match card {
            HandCard::Bean(k) => theme.card(r, k),
            HandCard::Order(o) => vec![theme.order_card(o), Span::styled(" order", theme.dim())],
        };
        if i == 0 {
            c = styled_all(c, Style::new().add_modifier(Modifier::UNDERLINED));
        }
        if let HandCard::Bean(_) = card {
            if mark == Some(bean) {
                c = styled_all(c, theme.selected());
            }
            bean += 1;
        }
        spans.extend(c);
        if i == 0 && cards.len() > 1 {
            spans.push(Span::styled(" │", theme.dim()));
        }
        if width(&line) + width(&spans) > w && line.len() > 1 {
            lines.push(Line::from(std::mem::take(&mut line)));
            line.push(Span::raw("      "));
        }
        line.extend(spans);
    }
    lines.push(Line::from(line));
    lines
}

/// The hand pane's title and lines: every hand where hands are open, else the viewer's own
/// (none at the shared table).
fn hand_block(
    game: &CardTable,
    view: &PlayerView,
    theme: Theme,
    w: usize,
) -> (String, Vec<Line<'static>>) {
    if game.open_hands() {
        return open_hands_block(game, view, theme, w);
    }
    match view
        .viewer
        .and_then(|p| view.seats[p].hand.as_ref().map(|h| (p, h)))
    {
        Some((p, hand)) => {
            let seat = &view.seats[p];
            let r = game.ruleset();
            (
                hand_title(game, p, hand.len(), seat.hand_order.is_some(), w),
                hand_lines(r, theme, hand, seat.hand_order, game.discard(), w),
            )
        }
        None => (
            " Hands ".to_string(),
            vec![Line::styled(
                " Hands are hidden: this is the shared table.",
                theme.dim(),
            )],
        ),
    }
}

/// Every player's hand on a line, front first (open hands, or rules where hands lie face
/// up): each card by its letter and name where every line fits `w` cells so, else by its
/// letter alone.
fn open_hands_block(
    game: &CardTable,
    view: &PlayerView,
    theme: Theme,
    w: usize,
) -> (String, Vec<Line<'static>>) {
    let r = game.ruleset();
    let line_of = |p: usize, named: bool| {
        let seat = &view.seats[p];
        let mut spans = fit(vec![Span::raw(game.name(p).to_string())], 10);
        spans.push(Span::styled("front▶", theme.dim()));
        let hand = seat.hand.as_deref().unwrap_or(&[]);
        // The bean duel's discard chooser marks the active player's card.
        let mark = game.discard().filter(|_| p == view.active_player);
        let mut bean = 0;
        for (i, card) in hand_cards(hand, seat.hand_order).into_iter().enumerate() {
            if named && i > 0 {
                spans.push(Span::raw(" "));
            }
            let mut card_spans = match card {
                HandCard::Bean(k) if named => theme.card(r, k),
                HandCard::Bean(k) => vec![theme.chip(r, k)],
                HandCard::Order(o) => vec![theme.order_card(o)],
            };
            if let HandCard::Bean(_) = card {
                if mark == Some(bean) {
                    card_spans = styled_all(card_spans, theme.selected());
                }
                bean += 1;
            }
            spans.extend(card_spans);
        }
        Line::from(spans)
    };
    let seats = 0..view.seats.len();
    let named: Vec<Line<'static>> = seats.clone().map(|p| line_of(p, true)).collect();
    let lines = if named.iter().all(|l| l.width() <= w) {
        named
    } else {
        seats.map(|p| line_of(p, false)).collect()
    };
    let title = if r.open_hands {
        " Every player's line of cards, face up "
    } else {
        " Every hand (open hands) "
    };
    (title.to_string(), lines)
}

/// Player `p`'s hand pane title, `w` wide at most: how many cards, and which comes first
/// (or that a card to discard is being chosen).
fn hand_title(game: &CardTable, p: usize, beans: usize, order: bool, w: usize) -> String {
    let count = if order {
        format!("{beans} beans and an order card")
    } else {
        format!("{beans} cards")
    };
    let who = game.name(p);
    if game.discard().is_some() {
        return format!(" {who}'s hand · {count} · choose the card to discard ");
    }
    // With order cards, "order" would read as the card: say it another way.
    let never = if game.ruleset().order_cards.is_empty() {
        "the order never changes"
    } else {
        "cards keep their places"
    };
    let title = format!(" {who}'s hand · {count} · front card first; {never} ");
    if title.chars().count() + 2 > w {
        format!(" {who}'s hand · {count} · front card first ")
    } else {
        title
    }
}

/// The log pane: the newest lines, or where its reader scrolled back to, said in its title.
fn log_pane(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let inner = Block::default().borders(Borders::ALL).inner(area);
    let (title, rows) = game.shell.log_scroll.show(&game.shell.log, inner);
    let lines: Vec<Line<'static>> = rows.into_iter().map(Line::from).collect();
    Paragraph::new(lines)
        .block(theme.boxed(format!(" {title} ")))
        .render(area, buf);
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
pub(crate) fn render(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let footer = footer(game, theme, area.width as usize);
    render_with_footer(game, theme, area, buf, &footer);
}

/// The table's last lines for `game`: what to do now (or a refusal, a failed save, good
/// news) and the keys, `w` cells wide. A refusal too long for one line takes two, so the
/// rule it cites is read whole, and so does what to do now.
fn footer(game: &CardTable, theme: Theme, w: usize) -> Vec<Line<'static>> {
    let (sit, keys) =
        crate::cards::screen::view::situation::situation(game, theme, w.saturating_sub(1));
    let status: Vec<Line<'static>> = match (&game.shell.message, game.shell.save_problem()) {
        (Some((m, true)), None) => wrap(m, w.saturating_sub(1).max(1))
            .into_iter()
            .take(2)
            .map(|l| Line::styled(format!(" {l}"), theme.error()))
            .collect(),
        // A refusal does not hide a failed save: the warning first, the refusal after it.
        (Some((m, true)), Some(problem)) => vec![Line::from(vec![
            Span::styled(format!(" {problem} "), theme.error()),
            Span::styled(format!(" {m}"), theme.error()),
        ])],
        // A failed save is said until a save succeeds, before what to do now if it fits.
        (_, Some(problem)) => {
            let mut l = sit;
            let warning = Span::styled(format!(" {problem} "), theme.error());
            if width(&l.spans) + width(std::slice::from_ref(&warning)) < w {
                l.spans.insert(0, warning);
                vec![l]
            } else {
                vec![Line::from(warning)]
            }
        }
        // Good news comes first where what to do now still fits after it (the log has it too).
        (message, None) => {
            let mut l = sit;
            let news = message
                .as_ref()
                .map(|(m, _)| Span::styled(format!(" ✓ {m} "), theme.good()));
            match news {
                Some(n) if width(&l.spans) + width(std::slice::from_ref(&n)) < w => {
                    l.spans.insert(0, n)
                }
                // What to do now too long for one line takes two, so no word is cut.
                _ if width(&l.spans) >= w => {
                    let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                    let lines = wrap(&text, w.saturating_sub(1).max(1))
                        .into_iter()
                        .take(2)
                        .map(|t| Line::from(format!(" {t}")))
                        .collect();
                    return with_keys(waited_lines(game, theme, w, lines), keys);
                }
                _ => l.spans.insert(0, Span::raw(" ")),
            }
            vec![l]
        }
    };
    with_keys(waited_lines(game, theme, w, status), keys)
}

/// `status` under what the bots did while the person waited, when that is to be said and
/// nothing else is (a refusal or a failed save says itself instead): two lines at most.
fn waited_lines(
    game: &CardTable,
    theme: Theme,
    w: usize,
    status: Vec<Line<'static>>,
) -> Vec<Line<'static>> {
    let Some(waited) = game
        .bots()
        .waited()
        .filter(|_| game.shell.message.is_none())
    else {
        return status;
    };
    let mut lines: Vec<Line<'static>> = wrap(waited, w.saturating_sub(1).max(1))
        .into_iter()
        .take(2)
        .map(|l| Line::styled(format!(" {l}"), theme.dim()))
        .collect();
    lines.extend(status);
    lines
}

/// The status lines with the key bar under them, a cell in from the left.
fn with_keys(mut status: Vec<Line<'static>>, mut keys: Vec<Span<'static>>) -> Vec<Line<'static>> {
    keys.insert(0, Span::raw(" "));
    status.push(Line::from(keys));
    status
}

/// Draws the table for `game` into `area`, `footer`'s lines at the bottom (the status, its
/// last the keys): the game screen's own two ([`render`]), or another screen's that shows a
/// game (the replay viewer, whose status may take more lines).
pub(crate) fn render_with_footer(
    game: &CardTable,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
    footer: &[Line<'static>],
) {
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
    // With the trade panel up, the line under the turned-over cards is not needed.
    let center_h = if game.notes().is_empty() { 2 } else { 1 };
    Paragraph::new(center_lines(game, &view, theme, w)).render(row(y, center_h), buf);
    y += center_h;

    let keys_h = 1;
    let status_h = (footer.len() as u16).saturating_sub(keys_h).max(1);
    let (title, hand) = hand_block(game, &view, theme, w.saturating_sub(2));
    let hand_h = (hand.len() as u16 + 2).min(bottom.saturating_sub(y + status_h + keys_h));
    Paragraph::new(hand)
        .block(theme.boxed(title))
        .render(row(y, hand_h), buf);
    y += hand_h;
    // The trade panel takes rows from the log, which keeps at least one line.
    let room = bottom.saturating_sub(y + status_h + keys_h);
    let panel_h = crate::cards::screen::view::offers::height(game).min(room.saturating_sub(3));
    if panel_h >= 3 {
        crate::cards::screen::view::offers::render(game, theme, row(y, panel_h), buf);
        y += panel_h;
    }
    let rest = bottom.saturating_sub(y + status_h + keys_h);
    if rest >= 3 {
        log_and_beanometer(game, view.seats.len(), theme, row(y, rest), buf);
    }
    let y = bottom.saturating_sub(status_h + keys_h).max(main.y);
    Paragraph::new(footer.to_vec()).render(row(y, (status_h + keys_h).min(bottom - y)), buf);
}

/// The log in `area`, and the beanometer beside it where the screen is wide enough and
/// the log keeps room.
fn log_and_beanometer(
    game: &CardTable,
    players: usize,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let meter = beanometer_lines(game.ruleset(), theme, players);
    let side = area.width >= 110 && area.height as usize >= meter.len() + 2;
    let log_w = if side { area.width - 42 } else { area.width };
    log_pane(
        game,
        theme,
        Rect {
            width: log_w,
            ..area
        },
        buf,
    );
    if side {
        Paragraph::new(meter)
            .block(theme.boxed(" Beanometer: beans for 1$–4$ "))
            .render(
                Rect {
                    x: area.x + log_w,
                    width: area.width - log_w,
                    ..area
                },
                buf,
            );
    }
}
