//! Windows over the table: the hand-off, help, the beanometer, quitting and the final scores.

use crate::ui::coach::{Coaching, TRIAL_HELP};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::cards::screen::table::{CardTable, Mode};
use crate::cards::screen::table_keys::help_rows;
use crate::cards::screen::view::bean_style::BeanStyle;
use crate::cards::{BeanProtection, DrawRule, FinalHarvest, Outcome, Phase, Ruleset, TieBreak};
use crate::ui::bindings::help_lines;
use crate::ui::theme::Theme;
use crate::ui::view::fit::{fit, wrap, wrap_spans};
use crate::ui::view::window::{keyed_window, window};
use crate::ui::view::{hints, key_line};

/// "Pass to Ben — press B or 2": nothing private is drawn behind it.
pub(crate) fn handoff(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let Some(h) = game.handoff() else { return };
    let name = game.name(h.to).to_string();
    const W: u16 = 64;
    // Each sentence wraps inside its indent, so a long name never pushes the keys out.
    let said = |text: String, style| -> Vec<Line<'static>> {
        wrap(&text, W as usize - 4)
            .into_iter()
            .map(|l| Line::styled(format!("  {l}"), style))
            .collect()
    };
    let look_away = match game.state.player_count() {
        // The bean duel: there is one other player to name.
        2 => format!(
            "{}, please look away from the screen.",
            game.name(1 - h.to.min(1))
        ),
        _ => format!("Everyone but {name}, please look away from the screen."),
    };
    let mut lines = vec![Line::from("")];
    let press = game.seat_key(h.to).press(&name);
    lines.extend(said(format!("Pass to {name} — {press}"), theme.title()));
    lines.push(Line::from(""));
    lines.extend(said(h.reason.clone(), Style::default()));
    lines.extend(said(look_away, theme.dim()));
    lines.push(Line::from(""));
    let undo = match game.mode() {
        // Only a person's offer is theirs to take back (a bot's offer stands).
        Mode::Answer(a)
            if game.state.phase() == Phase::Trade
                && game
                    .state
                    .offers()
                    .iter()
                    .any(|o| o.id == a.offer && !game.shell.is_bot(o.from)) =>
        {
            Some("take back the offer")
        }
        Mode::Compose(c) if c.proposer == h.to => Some("back"),
        _ => None,
    };
    let me = format!("I am {name}");
    let esc = if undo.is_some() { "Esc" } else { "" };
    let seat = game.seat_key(h.to).named();
    let keys = hints(theme, &[(&seat, &me), (esc, undo.unwrap_or_default())]);
    for mut l in wrap_spans(keys, W as usize - 4) {
        l.spans.insert(0, Span::raw(" "));
        lines.push(l);
    }
    let h = lines.len() as u16 + 2;
    window(area, W, h, " Hand-off ", theme, lines, buf);
}

/// The final scores.
pub(crate) fn game_over(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let Some(o) = game.state.outcome() else {
        return;
    };
    let mut order: Vec<usize> = (0..o.coins.len()).collect();
    let by_hand = game.ruleset().tie_break == TieBreak::MostCardsInHand;
    order.sort_by_key(|&p| {
        let hand = if by_hand {
            game.state.player(p).hand().card_count()
        } else {
            0
        };
        (
            std::cmp::Reverse(o.coins[p]),
            !o.winners.contains(&p),
            std::cmp::Reverse(hand),
        )
    });
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
        lines.push(score_line(game, theme, o, rank, p));
    }
    let tie = o.winners.len() == 1
        && o.coins
            .iter()
            .filter(|&&c| c == o.coins[o.winners[0]])
            .count()
            > 1;
    if tie {
        lines.push(Line::from(""));
        lines.push(Line::styled(
            match game.ruleset().tie_break {
                TieBreak::MostCardsInHand => {
                    "  A tie: the tied player with the most cards in hand wins."
                }
                _ => "  A tie: the tied player furthest from the starting player wins.",
            },
            theme.dim(),
        ));
    }
    let review = game.shell.any_person().then_some(("r", "review"));
    let keys: Vec<(&str, &str)> = review
        .into_iter()
        .chain([("n", "play again"), ("q", "quit"), ("b", "beanometer")])
        .collect();
    let keys = key_line("  ", theme, &keys);
    keyed_window(area, 60, " The end of the game ", lines, keys, theme, buf);
}

/// One player's line of the final scores: place, name, bean dollars, orders, hand, winner.
fn score_line(game: &CardTable, theme: Theme, o: &Outcome, rank: usize, p: usize) -> Line<'static> {
    let mut spans = vec![Span::raw(format!("  {}. ", rank + 1))];
    spans.extend(fit(vec![Span::raw(game.name(p).to_string())], 14));
    spans.push(Span::styled(
        format!(
            "{:>3} bean dollar{}",
            o.coins[p],
            if o.coins[p] == 1 { "" } else { "s" }
        ),
        theme.coins(),
    ));
    let fulfilled = game.state.player(p).fulfilled_orders().len();
    if fulfilled > 0 {
        spans.push(Span::styled(
            format!(
                " ({} for order{})",
                fulfilled,
                if fulfilled == 1 { "" } else { "s" }
            ),
            theme.dim(),
        ));
    }
    if game.ruleset().tie_break == TieBreak::MostCardsInHand {
        spans.push(Span::styled(
            format!(" · {} in hand", game.state.player(p).hand().card_count()),
            theme.dim(),
        ));
    }
    if o.winners.contains(&p) {
        spans.push(Span::styled("  winner", theme.good()));
    }
    Line::from(spans)
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn number(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        n => n.to_string(),
    }
}

/// The rule of planting, said in the help of every step that plants from the hand.
const ONE_KIND: &str = "You can only plant one kind of bean in each field. If you have to plant a kind you don't have space for, you must harvest a field first.";

/// The rules of the phase the game is in, for this ruleset: a title and paragraphs.
fn phase_rules(game: &CardTable) -> Vec<String> {
    let s = &game.state;
    let r = game.ruleset();
    let orders = !r.order_cards.is_empty();
    let active = s.active_player();
    let fields = s.player(active).fields().len();
    match s.phase() {
        // The bean duel's steps, in the rulebook's words.
        Phase::PlantOffered => vec![
            "Step 1 · Plant or discard the offered bean cards".into(),
            format!(
                "Plant each card your opponent left as an offer (Enter plants the chosen card where it fits, 1-{fields} in that field; ←→ chooses the card), or discard it face up (d). The starting player has no offer on the first turn."
            ),
        ],
        Phase::Plant { .. } if game.is_duel() => vec![
            "Step 2 · Plant bean cards & discard".into(),
            "You must plant the first card in your hand, and may plant the next one (Enter, or the field's number). After planting you may discard one card from anywhere in your hand face up (d, then ←→ and Enter), or go on without discarding (t).".into(),
            ONE_KIND.into(),
        ],
        Phase::PlantTurnedOver => vec![
            "Step 3 · Draw, plant, and offer beans".into(),
            format!(
                "{} cards were turned over; while the top card of the discard pile matches one of them, it joins them. Plant any you want (Enter or 1-{fields}; ←→ chooses the card), harvesting as you need. End the turn (e): the rest are left as an offer to your opponent. Then step 4: you draw {} cards to the back of your hand.",
                capital(&number(r.cards_turned_over)),
                number(s.table().cards_drawn)
            ),
        ],
        Phase::Plant { .. } => phase_one_rules(game),
        Phase::Trade => vec![
            "Phase 2 · Turn over and trade bean cards".into(),
            format!(
                "The {} turned-over cards belong to the active player: plant them, or use them to trade. Only the active player trades; the others can't trade with each other, only propose to the active player.",
                number(r.cards_turned_over)
            ),
            format!(
                "You may trade hand cards from any position, but never cards received in a trade. A gift (a donation) needs the receiver's agreement. {}",
                if r.plant_received_cards_at_once {
                    "Cards received must be planted at once, before trading goes on; the active player plants the turned-over cards they keep when trading ends."
                } else {
                    "Cards received are set aside beside your fields and planted in phase 3."
                }
            ),
        ],
        Phase::PlantTraded => phase_three_rules(game),
        Phase::GameOver => {
            let tie = match r.tie_break {
                TieBreak::FurthestFromStartingPlayer => {
                    " A tie goes to the tied player furthest from the starting player."
                }
                TieBreak::MostCardsInHand => " A tie goes to the tied player with the most cards in hand.",
                TieBreak::Shared => " Tied players share the win.",
            };
            let harvest = match r.final_harvest {
                FinalHarvest::All => "Everyone harvests all fields",
                FinalHarvest::FieldsThatPay => "Everyone harvests each field that pays a coin",
                FinalHarvest::None => "Beans not harvested from the fields and cards not planted are worth nothing",
            };
            vec![
                "The end of the game".into(),
                format!(
                    "The game ends when the draw pile runs out for the last time. {harvest}; the most bean dollars wins.{}{tie}",
                    if orders { " Each fulfilled order is worth a coin." } else { "" }
                ),
            ]
        }
    }
}

/// Phase 1's rules, worded for an order card laid out and for how many beans may be planted.
fn phase_one_rules(game: &CardTable) -> Vec<String> {
    let s = &game.state;
    let r = game.ruleset();
    let active = s.active_player();
    let first = if let Some(o) = s.player(active).laid_out_order() {
        format!(
            "Your order card {o} was the front card, so it lies beside your fields: you may plant exactly one bean (the card now in front), or turn over (t). Not fulfilled by the end of phase 3, it goes under the order pile."
        )
    } else if s.order_laid_out_this_turn() {
        "Your order card was the front card and you have fulfilled it: you may still plant exactly one bean (the card now in front), or turn over (t).".to_string()
    } else if r.max_planted_from_hand == 2 {
        "You must plant the first card in your hand in one of your fields. After that you may plant one more card, the one that is now in front. You can't plant a third bean.".to_string()
    } else {
        format!(
            "You must plant the first card in your hand in one of your fields. After that you may plant up to {} more, always the card now in front.",
            r.max_planted_from_hand - 1
        )
    };
    vec![
        "Phase 1 · Plant bean cards from your hand".into(),
        first,
        ONE_KIND.into(),
    ]
}

/// Phase 3's rules, with phase 4's draw and what order cards add.
fn phase_three_rules(game: &CardTable) -> Vec<String> {
    let s = &game.state;
    let r = game.ruleset();
    let orders = !r.order_cards.is_empty();
    let draw = match r.phase_4_draws {
        DrawRule::ActivePlayer => {
            "the active player draws cards to the back of the hand".to_string()
        }
        DrawRule::EveryPlayer => format!(
            "every player draws {} to the back of the hand, the active player first",
            match s.table().cards_drawn {
                1 => "one card".to_string(),
                n => format!("{} cards", number(n)),
            }
        ),
    };
    let mut text = format!(
        "Everyone with set-aside cards must plant them now, in any order; the active player also plants the turned-over cards not traded away. Then phase 4: {draw}, and the next player's turn begins."
    );
    if orders {
        text.push_str(" An order that can be fulfilled at the end of phase 3 is; a laid-out order that can't goes under the order pile. The active player then draws an order card if they hold none.");
    }
    vec![
        "Phase 3 · Plant turned-over and traded bean cards".into(),
        text,
    ]
}

/// The rules this ruleset adds to the base game, a title and a paragraph each.
fn variant_rules(game: &CardTable) -> Vec<(String, String)> {
    let s = &game.state;
    let r = game.ruleset();
    let mut out = Vec::new();
    if game.is_duel() {
        out.push((
            "The bean duel".to_string(),
            format!(
                "Two players, no trading. Each turn: 1 plant or discard the offer; 2 plant one or two cards, then you may discard one; 3 turn over {}, plant any, offer the rest; 4 draw {}.{}",
                number(r.cards_turned_over),
                number(s.table().cards_drawn),
                if s.table().game_ends_when_draw_pile_runs_out == 1 {
                    " The game ends when the draw pile runs out the first time."
                } else {
                    ""
                }
            ),
        ));
    }
    if !r.order_cards.is_empty() {
        out.push((
            "Order cards".to_string(),
            "Fulfilled by itself at the end of your phase 3 when two fields side by side hold exactly its numbers, left and right, of any beans (they stay); f fulfils it sooner. A coin each at the end; never traded.".to_string(),
        ));
    }
    if let Some(price) = s.table().third_field_price {
        out.push((
            "A third bean field".to_string(),
            format!(
                "Once in the game, any player may buy a third bean field ($), at any time, for {price} coins: the topmost coins go to the discard pile."
            ),
        ));
    }
    if r.open_hands {
        out.push((
            "An open line".to_string(),
            "Your cards lie face up in a line: everyone sees every hand, and the order of the line never changes.".to_string(),
        ));
    }
    if r.mixed_patches {
        out.push((
            "Mixed patches".to_string(),
            "A bean that fits no field may be planted over another kind (press the field's number); the beans under it come back when the new kind is harvested.".to_string(),
        ));
    }
    out.extend(harvest_variant(r));
    let counts = r.deck_counts(s.player_count());
    for k in r.kinds() {
        if let Some(n) = r.bean(k).gives_third_field_at
            && counts[k.index()] > 0
        {
            out.push((
                format!("{} beans", r.bean(k).name),
                format!(
                    "Harvesting exactly {n} {} beans gives you a third bean field instead of coins (nothing if you already have one).",
                    r.bean(k).name
                ),
            ));
        }
    }
    out
}

/// How this ruleset's harvests differ from the base game's, during the game and at its end.
fn harvest_variant(r: &Ruleset) -> Option<(String, String)> {
    let harvest = match (r.automatic_harvest, r.harvest_needs_a_coin) {
        (true, _) => Some(
            "A field is harvested by itself as soon as it earns a coin, even in another player's turn.",
        ),
        (false, true) => Some("A field can be harvested only once it earns a coin."),
        (false, false) => None,
    };
    let end = match r.final_harvest {
        FinalHarvest::All => None,
        FinalHarvest::FieldsThatPay => {
            Some(" At the end, only fields that earn a coin are harvested.")
        }
        FinalHarvest::None => Some(" At the end, beans left in fields are worth nothing."),
    };
    if harvest.is_none() && end.is_none() {
        return None;
    }
    let text = format!("{}{}", harvest.unwrap_or(""), end.unwrap_or(""));
    Some(("Harvests".to_string(), text.trim().to_string()))
}

/// Who may harvest when, what a harvest takes, and the bean protection rule where it is
/// played; where fields are harvested by themselves, that nobody does it by hand.
fn harvest_rule(r: &Ruleset) -> String {
    let protection = match r.bean_protection_rule {
        BeanProtection::Off => "",
        BeanProtection::WhileAnotherFieldHasMore => {
            " The bean protection rule: a field with only one bean can't be harvested while another of your fields has more than one."
        }
        BeanProtection::UnlessAllFieldsHoldOne => {
            " The bean protection rule: a field with only one bean can't be harvested unless all your fields hold one bean."
        }
    };
    if r.automatic_harvest {
        return "Nobody harvests by hand: h shows what a field pays now.".to_string();
    }
    let who = if r.harvest_only_on_own_turn {
        "You may harvest your fields only during your own turn (h)"
    } else {
        "Any player may harvest any time (h)"
    };
    // A mixed patch gives up only its top beans; those under them wait their turn.
    let what = if r.mixed_patches {
        "the beans on top of the field"
    } else {
        "the whole field"
    };
    format!("{who}: {what}, for the coins its beanometer pays.{protection}")
}

/// The help's sections (the phase, each rule the ruleset adds, harvesting, the keys), and
/// the phase's further paragraphs, which say what every game says and go first when short
/// of room.
fn help_sections(game: &CardTable, theme: Theme) -> (Vec<Vec<Line<'static>>>, Vec<Line<'static>>) {
    let title = |text: String| Line::styled(text, theme.title());
    let mut sections: Vec<Vec<Line<'static>>> = Vec::new();
    let mut rules = phase_rules(game).into_iter();
    let mut phase = Vec::new();
    if game.in_trial() {
        phase.push(Line::styled(TRIAL_HELP, theme.key()));
    }
    phase.push(title(rules.next().unwrap_or_default()));
    phase.extend(rules.next().map(Line::from));
    let extra: Vec<Line<'static>> = rules.map(Line::from).collect();
    sections.push(phase);
    for (t, text) in variant_rules(game) {
        sections.push(vec![title(t), Line::from(text)]);
    }
    let harvesting = harvest_rule(game.ruleset());
    sections.push(vec![title("Harvesting".into()), Line::from(harvesting)]);
    let rows = help_rows(game);
    let rows: Vec<(&str, String)> = rows.iter().map(|(k, w)| (k.as_str(), w.clone())).collect();
    sections.push(help_lines(&rows, theme, &[36, 40]));
    (sections, extra)
}

/// How to read a field and a hand (and an order card, where they are played).
fn legend(r: &Ruleset) -> String {
    let mut legend = "Fields: bean ×count, what a harvest pays now ($), next step (beans:coins). A hand never changes order: the front card is planted first.".to_string();
    if !r.order_cards.is_empty() {
        legend = legend.replace(
            "A hand never changes order",
            "Cards in a hand keep their places",
        );
        legend.push_str(" [3/4] is an order card: 3 beans in one field, 4 in the field to its right; +1✓ beside the coins, orders fulfilled.");
    }
    legend
}

/// Keys and the rules of the current phase, for the ruleset in play. On a small screen the
/// least needed parts are left out: the legend, then the blank lines.
pub(crate) fn help(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let r = game.ruleset();
    let w = if area.width < 100 { area.width } else { 90 };
    let h = if area.height < 30 {
        area.height
    } else {
        area.height - 4
    };
    let inner_w = w.saturating_sub(2) as usize;
    let rows = |lines: &[Line<'static>]| -> usize {
        lines
            .iter()
            .map(|l| {
                let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                wrap(&text, inner_w).len().max(1)
            })
            .sum()
    };
    let (mut sections, extra) = help_sections(game, theme);
    let room = h.saturating_sub(2) as usize;
    // Still too long for a small screen: the harvesting rule (shown on every other phase's
    // help, and in the harvest chooser) gives way, so the keys keep their last line.
    if sections.len() > 2 && sections.iter().map(|s| rows(s)).sum::<usize>() > room {
        sections.remove(sections.len() - 2);
    }
    let legend = vec![Line::from(legend(r))];

    let body: usize = sections.iter().map(|s| rows(s)).sum();
    let blanks = sections.len() - 1;
    // Room is given up in this order: the legend, then the blank lines between sections
    // (the last section keeps its blank longest: the keys stand apart from the rules), then
    // the phase's further paragraphs.
    let extra_rows = rows(&extra);
    let with_legend = body + extra_rows + blanks + 1 + rows(&legend) <= room;
    let with_extra = body + extra_rows <= room;
    let used = body + if with_extra { extra_rows } else { 0 };
    let spaced = room.saturating_sub(used).min(blanks);
    if with_extra {
        sections[0].extend(extra);
    }
    let count = sections.len();
    let mut lines: Vec<Line<'static>> = Vec::new();
    for (i, section) in sections.into_iter().enumerate() {
        if i > 0 && i + spaced >= count {
            lines.push(Line::from(""));
        }
        lines.extend(section);
    }
    if with_legend {
        lines.push(Line::from(""));
        lines.extend(legend);
    }
    window(
        area,
        w,
        h,
        format!(
            " Help · {} · ? symbols, any key closes ",
            crate::cards::screen::view::game_identity(game)
        ),
        theme,
        lines,
        buf,
    );
}

/// What the table's symbols mean, each beside an example as the table draws it.
pub(crate) fn symbols(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let r = game.ruleset();
    let mut rows: Vec<(&str, String)> = vec![
        ("▶ Ana", "whose turn it is; ▶2 Trade◀ in the phase strip: the phase now".into()),
        ("[G] Green", "a bean: its letter (the key that wants it in an offer) and name".into()),
        ("×5 2$ 6:3$", "a field of 5 beans: harvested now it pays 2$; 6 beans would pay 3$ (max: the top of its beanometer; +field: a harvest now gives a third field)".into()),
        ("[K]×1 0$", "the same field, shortened where the table is narrow".into()),
        ("Aside [B][C]", "cards set aside, to plant in phase 3".into()),
        ("front▶ [C] │", "a hand: the front card is planted first; cards never change order".into()),
        if r.open_hands {
            ("Hand 5", "how many cards lie in a player's open line".into())
        } else {
            ("Hand 5", "how many cards a player holds (never which)".into())
        },
        ("Beanometer", "b: how many beans of each kind pay 1, 2, 3 or 4 coins; cards left of each".into()),
        ("Offers", "this turn's offers and what became of each".into()),
    ];
    if !r.order_cards.is_empty() {
        rows.push((
            "[3/4] 2$+1✓",
            "an order: 3 beans in one field, 4 in the field to its right; +1✓: orders fulfilled"
                .into(),
        ));
    }
    if r.mixed_patches {
        rows.push((
            "over [S]×2",
            "a mixed patch: the layer buried under the field".into(),
        ));
    }
    if game.state.table().third_field_price.is_some() {
        rows.push((
            "— buy for 3$",
            "how a player can still gain a third bean field".into(),
        ));
    }
    let w = area.width.min(90);
    // Each meaning wraps in its own column, beside its symbol.
    let column = (w as usize).saturating_sub(2 + 14).max(10);
    let mut lines = vec![Line::from("")];
    for (sym, what) in rows {
        for (i, part) in wrap(&what, column).into_iter().enumerate() {
            let sym = if i == 0 { sym } else { "" };
            lines.push(Line::from(vec![
                Span::styled(format!(" {sym:<13}"), theme.key()),
                Span::raw(part),
            ]));
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::styled(" Any key closes this window.", theme.dim()));
    let h = area.height.min(24);
    let title = format!(
        " The table's symbols · {} ",
        crate::cards::screen::view::game_identity(game)
    );
    window(area, w, h, title, theme, lines, buf);
}

/// The beanometer of every bean kind in play.
pub(crate) fn beanometer(game: &CardTable, theme: Theme, area: Rect, buf: &mut Buffer) {
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
    let last = Line::styled(format!(" {} · any key closes", r.title), theme.dim());
    keyed_window(area, 70, " Beanometer ", lines, last, theme, buf);
}
