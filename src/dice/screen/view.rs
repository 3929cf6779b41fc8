//! Drawing the dice table: the dice, every player's top card, the log, the keys, and the
//! windows over it. It reads the table and never changes it.

use crate::ui::coach::{Coaching, TRIAL_HELP};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::cells::{cells, fit_name, spans_cells};
use super::keys::{DiceCommand as D, DiceMode, bar_key, harvest_question, help_rows, may_repeat};
use super::log::dollars;
use super::table::DiceTable;
use crate::dice::{Bean, BeanPiece, DicePlayerView, DiceView, OrderView, Shade, TurnPhase};
use crate::ui::app::Overlay;
use crate::ui::bindings::help_lines;
use crate::ui::coach::CoachedTable;
use crate::ui::theme::Theme;
use crate::ui::view::quit::OnDisk;
use crate::ui::view::{confirm_quit, cut, first_fitting, fit, hints, identity, window};

/// Lines one player's card takes: the player's line and five orders.
const CARD_LINES: u16 = 6;
/// The narrowest column a player's card is drawn in.
const CARD_WIDTH: u16 = 40;
/// The widest column worth giving a card: wider only adds blank space.
const WIDE_CARD: u16 = 60;
/// The lines under the cards besides the log: the header, two dice lines, the roll report,
/// the prompt and the key hints.
const OTHER_LINES: u16 = 6;
/// The log lines worth keeping by choosing more, narrower columns of cards.
const MIN_LOG: u16 = 6;

/// Draws `table` and the window `overlay` over it.
pub fn render(
    table: &DiceTable,
    overlay: Option<Overlay>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let view = draw_table(table, theme, area, buf);
    match overlay {
        Some(Overlay::Help) => help(table, false, theme, area, buf),
        Some(Overlay::ConfirmQuit) => confirm_quit(
            match table.served_seat() {
                Some(_) if table.state.outcome().is_none() => OnDisk::Hosted,
                _ => table.shell.on_disk(table.state.outcome().is_some()),
            },
            theme,
            area,
            buf,
        ),
        Some(Overlay::Symbols) => help(table, true, theme, area, buf),
        Some(Overlay::Beanometer | Overlay::Log) => {}
        None => {
            if view.phase == TurnPhase::Over {
                game_over(&view, table, theme, area, buf, true);
            }
            crate::ui::view::hint::coach_windows(table, theme, area, buf);
        }
    }
}

/// Draws `table` as the replay viewer shows it: the final scores without the table's keys,
/// which do other things there (`q` leaves the viewer, `r` reviews nothing).
pub(crate) fn render_replayed(table: &DiceTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    let view = draw_table(table, theme, area, buf);
    if view.phase == TurnPhase::Over {
        game_over(&view, table, theme, area, buf, false);
    }
}

/// Draws the table itself, without windows; returns the view it drew.
fn draw_table(table: &DiceTable, theme: Theme, area: Rect, buf: &mut Buffer) -> DiceView {
    let view = table.table_view();
    let columns = card_columns(view.players.len() as u16, area);
    let rows = (view.players.len() as u16).div_ceil(columns);
    // A row of cards one line short of room (five players in the replay viewer at 80×24)
    // takes the roll report's line: the log tells the roll too. The cards get whole rows;
    // the log, what is left.
    let needed = rows * CARD_LINES;
    let report_lines = u16::from(needed != area.height.saturating_sub(OTHER_LINES - 1));
    let other_lines = OTHER_LINES - 1 + report_lines;
    let room = area.height.saturating_sub(other_lines);
    let grid_height = needed.min(room - room % CARD_LINES);
    let mut y = area.y;
    let mut next = |h: u16| {
        let r = Rect {
            x: area.x,
            y,
            width: area.width,
            height: h,
        };
        y += h;
        r
    };
    Paragraph::new(header(&view, table, theme, area.width as usize)).render(next(1), buf);
    Paragraph::new(dice_lines(&view, table, theme)).render(next(2), buf);
    let short = abbreviated(&view, area.width / columns);
    let grid = next(grid_height);
    players(&view, table, theme, grid, columns, short, buf);
    let log_height = area.height.saturating_sub(grid_height + other_lines);
    let below = next(log_height);
    // No room under the cards (five players at 80×24): the log takes the cells left free
    // in the cards' last row.
    let log_area = match free_cells(view.players.len() as u16, columns, grid) {
        Some(free) if log_height < 2 => free,
        _ => below,
    };
    log(table, theme, log_area, short, buf);
    // A new turn has no roll yet: its line says what the bots did while a person waited.
    let report = match (&table.roll_report, table.waited()) {
        (Some(report), _) => Line::styled(report.clone(), theme.good()),
        (None, Some(waited)) => Line::styled(waited.line(area.width as usize), theme.dim()),
        (None, None) => Line::default(),
    };
    Paragraph::new(report).render(next(report_lines), buf);
    let said = prompt(&view, table, theme, area.width as usize);
    Paragraph::new(said).render(next(1), buf);
    let keys = key_hints(&view, table, theme, area.width as usize);
    Paragraph::new(Line::from(keys)).render(next(1), buf);
    view
}

/// How many columns of cards: the fewest that leave room for the log, each card at most
/// [`WIDE_CARD`] wide and at least [`CARD_WIDTH`] (so order texts are cut as little as
/// possible), else as many as fit.
fn card_columns(players: u16, area: Rect) -> u16 {
    let players = players.max(1);
    let most = (area.width / CARD_WIDTH).clamp(1, players);
    let fewest = area.width.div_ceil(WIDE_CARD).clamp(1, most);
    let room = area.height.saturating_sub(OTHER_LINES + MIN_LOG);
    (fewest..=most)
        .find(|&c| players.div_ceil(c) * CARD_LINES <= room)
        .unwrap_or(most)
}

/// The header: what game this is (the variant, the seed and the turn: enough to deal it
/// again), the goal, the deck and the final phase; the title only where it fits.
fn header(view: &DiceView, table: &DiceTable, theme: Theme, w: usize) -> Line<'static> {
    let name = &table.state.ruleset().name;
    let title = crate::text::sanitize(&table.state.ruleset().title).into_owned();
    let seed_turn = format!("seed {} · turn {}", table.seed(), table.turn);
    let mut rest = vec![Span::raw(format!(
        "  goal {}  deck {}",
        dollars(view.goal),
        crate::ui::words::plural(view.deck, "card", "cards")
    ))];
    if let Some(seat) = view.final_phase {
        rest.push(Span::styled(
            format!("  FINAL PHASE ({})", table.shell.names[seat]),
            theme.error(),
        ));
    }
    let choices = [
        vec![
            // The ruleset's own title, as `bohnanza variants` and the setup form name it.
            Span::styled(format!("{title} "), theme.title()),
            Span::styled(format!("({name})"), theme.dim()),
            Span::raw(format!(" · {seed_turn}")),
        ],
        vec![
            Span::styled(name.clone(), theme.title()),
            Span::raw(format!(" · {seed_turn}")),
        ],
        // The seed gives way first (the help's title names it): the variant and the turn stay.
        vec![
            Span::styled(name.clone(), theme.title()),
            Span::raw(format!(" · turn {}", table.turn)),
        ],
    ];
    let with_rest = |mut left: Vec<Span<'static>>| {
        left.extend(rest.iter().cloned());
        left
    };
    Line::from(fit(first_fitting(choices.into_iter().map(with_rest), w), w))
}

/// A colour for each bean, so the dice read at a glance (the name is always written too).
fn bean_style(theme: Theme, bean: Bean) -> Style {
    if !theme.color {
        return Style::new();
    }
    Style::new().fg(match bean {
        Bean::Garden => Color::Cyan,
        Bean::Green => Color::Green,
        Bean::Red => Color::Red,
        Bean::Stink => Color::Yellow,
        Bean::Soy => Color::LightYellow,
        Bean::Blue => Color::LightBlue,
    })
}

fn shade_word(s: Shade) -> &'static str {
    match s {
        Shade::Darker => "darker",
        Shade::Lighter => "lighter",
    }
}

/// Two lines: the dice just rolled (chosen ones marked `*`), and the bean field; each
/// grouped by shade, darker dice first.
fn dice_lines(view: &DiceView, table: &DiceTable, theme: Theme) -> Vec<Line<'static>> {
    let line = |title: &str, saved: bool| {
        let mut spans = vec![Span::styled(title.to_string(), theme.title())];
        for group in [Shade::Darker, Shade::Lighter] {
            let dice: Vec<_> = (view.dice.iter().enumerate())
                .filter_map(|(i, d)| {
                    let shown = d.shade == group && d.state.saved == saved;
                    let face = d
                        .state
                        .face
                        .filter(|_| shown && (saved || d.state.just_rolled));
                    face.map(|bean| (i, bean))
                })
                .collect();
            if !dice.is_empty() {
                spans.push(Span::styled(format!("{} ", shade_word(group)), theme.dim()));
            }
            for (i, bean) in dice {
                let chosen = table.controls.chosen[i];
                let (mark, style) = if chosen {
                    ("*", theme.selected())
                } else {
                    ("", theme.key())
                };
                spans.push(Span::styled(format!("{}{mark} ", i + 1), style));
                spans.push(Span::styled(
                    bean.name().to_string(),
                    bean_style(theme, bean),
                ));
                spans.push(Span::raw("  "));
            }
        }
        if spans.len() == 1 {
            spans.push(Span::styled(if saved { "empty" } else { "—" }, theme.dim()));
        }
        Line::from(spans)
    };
    vec![line("Rolled:     ", false), line("Bean field: ", true)]
}

/// The two-letter names of the beans in orders too long for their card, read with the
/// legend above the log (and in the help).
const SHORT_NAMES: [(&str, &str); 6] = [
    ("Garden", "Ga"),
    ("Green", "Gr"),
    ("Red", "Re"),
    ("Stink", "St"),
    ("Soy", "So"),
    ("Blue", "Bl"),
];

/// The legend of [`SHORT_NAMES`], as the log's title line says it.
fn legend() -> String {
    let pairs: Vec<String> = SHORT_NAMES
        .iter()
        .map(|(name, short)| format!("{short} {name}"))
        .collect();
    format!("orders: {}", pairs.join(" · "))
}

/// An order's text with the beans' short names.
fn shorten(text: &str) -> String {
    SHORT_NAMES
        .iter()
        .fold(text.to_string(), |t, (name, short)| t.replace(name, short))
}

/// The room an order's text has on a card `cell` wide (the mark before, the Bohnus figure
/// after).
fn order_room(cell: u16) -> usize {
    (cell as usize)
        .saturating_sub(1)
        .saturating_sub(FIGURE_WIDTH + 3)
}

/// The width of the Bohnus figure, "100.00%" at most.
const FIGURE_WIDTH: usize = 7;

/// Whether the orders are written with short names: some order on a card does not fit in
/// full (then every order is, so the cards read alike).
fn abbreviated(view: &DiceView, cell: u16) -> bool {
    let room = order_room(cell);
    view.players
        .iter()
        .flat_map(|p| &p.top.orders)
        .any(|o| o.text.chars().count() > room)
}

fn players(
    view: &DiceView,
    table: &DiceTable,
    theme: Theme,
    area: Rect,
    columns: u16,
    short: bool,
    buf: &mut Buffer,
) {
    let width = area.width / columns;
    for (seat, player) in view.players.iter().enumerate() {
        let (row, col) = (seat as u16 / columns, seat as u16 % columns);
        let cell = Rect {
            x: area.x + col * width,
            y: area.y + row * CARD_LINES,
            width: width.saturating_sub(1),
            height: CARD_LINES,
        };
        if cell.bottom() > area.bottom() {
            break;
        }
        let lines = card(view, table, seat, player, (cell.width, short), theme);
        Paragraph::new(lines).render(cell, buf);
    }
}

/// The cells of the cards' grid `grid` (`columns` wide) that no player's card fills: the
/// end of the last row, when it is short and drawn.
fn free_cells(players: u16, columns: u16, grid: Rect) -> Option<Rect> {
    let filled = players % columns;
    let last_row = players.div_ceil(columns).checked_sub(1)?;
    let y = grid.y + last_row * CARD_LINES;
    if filled == 0 || y + CARD_LINES > grid.bottom() {
        return None;
    }
    let x = grid.x + filled * (grid.width / columns);
    Some(Rect {
        x,
        y,
        width: grid.right().saturating_sub(x),
        height: CARD_LINES,
    })
}

/// One player's line and their top card, the hardest order first as on the card.
fn card(
    view: &DiceView,
    table: &DiceTable,
    seat: usize,
    player: &DicePlayerView,
    (width, short): (u16, bool),
    theme: Theme,
) -> Vec<Line<'static>> {
    let head = head_line(view, table, seat, player, theme, width as usize);
    let mut lines = vec![Line::from(head)];
    for (i, order) in player.top.orders.iter().enumerate().rev() {
        lines.push(order_line(
            order,
            i == player.covered,
            (width, short),
            theme,
        ));
    }
    lines
}

/// A player's line in `width` cells. Where the whole line does not fit its column, the bot's
/// kind gives way first, then "dollars" is written "$", then the name is cut, so the
/// dollars, the bean piece and what a harvest pays are never cut off.
fn head_line(
    view: &DiceView,
    table: &DiceTable,
    seat: usize,
    player: &DicePlayerView,
    theme: Theme,
    width: usize,
) -> Vec<Span<'static>> {
    let name = &table.shell.names[seat];
    let line = |bot, terse, name: &str| {
        let form = LineForm { bot, terse, name };
        head(view, table, seat, player, theme, form)
    };
    for (bot, terse) in [(true, false), (false, false), (false, true)] {
        let spans = line(bot, terse, name);
        if spans_cells(&spans) <= width {
            return spans;
        }
    }
    let room = width.saturating_sub(spans_cells(&line(false, true, "")));
    line(false, true, &fit_name(name, room))
}

/// What a player's line says: the bot's kind (`bot`), dollars as "$" (`terse`), and the name
/// as it fits.
struct LineForm<'a> {
    bot: bool,
    terse: bool,
    name: &'a str,
}

/// A player's line: seat, name, the bot's kind, dollars, the bean piece for the active
/// player, and what a harvest would pay now.
fn head(
    view: &DiceView,
    table: &DiceTable,
    seat: usize,
    player: &DicePlayerView,
    theme: Theme,
    form: LineForm,
) -> Vec<Span<'static>> {
    let active = seat == view.active;
    let mut head = vec![Span::styled(
        format!(
            "{}{} {}",
            seat + 1,
            if active { "▶" } else { " " },
            form.name
        ),
        if active {
            theme.active()
        } else {
            theme.title()
        },
    )];
    if form.bot && table.shell.seats[seat] != crate::game::SeatKind::Human {
        head.push(Span::styled(
            format!(" ({})", table.shell.seats[seat]),
            theme.dim(),
        ));
    }
    let coins = if form.terse {
        format!(" {}$", player.dollars)
    } else {
        format!(" {}", dollars(player.dollars))
    };
    head.push(Span::styled(coins, theme.coins()));
    if active {
        let piece = match view.bean_piece {
            BeanPiece::Ready => " · bean piece",
            BeanPiece::Used => " · bean piece used",
        };
        head.push(Span::raw(piece));
    }
    if let Some(pays) = player.harvest_pays {
        head.push(Span::styled(format!(" · harvest {pays}$"), theme.good()));
    }
    head
}

/// One order: □ open, → the next to cover, ■ covered; its text (short names where
/// `short`); its Bohnus figure.
fn order_line(
    order: &OrderView,
    next: bool,
    (width, short): (u16, bool),
    theme: Theme,
) -> Line<'static> {
    let mark = match (order.covered, next) {
        (true, _) => "■",
        (false, true) => "→",
        (false, false) => "□",
    };
    let figure = format!("{:>6.2}%", order.bohnus);
    let room = (width as usize).saturating_sub(figure.chars().count() + 3);
    let full = if short {
        shorten(&order.text)
    } else {
        order.text.clone()
    };
    let text = cut(&full, room);
    let style = if order.covered {
        theme.good()
    } else {
        Style::new()
    };
    Line::from(vec![
        Span::styled(format!(" {mark} "), style),
        Span::styled(format!("{text:<room$}"), style),
        Span::styled(figure, theme.dim()),
    ])
}

/// The log under its title: the newest lines, or where its reader scrolled back to, said in
/// the title.
fn log(table: &DiceTable, theme: Theme, area: Rect, short: bool, buf: &mut Buffer) {
    if area.height < 2 {
        return;
    }
    let text = Rect {
        y: area.y + 1,
        height: area.height - 1,
        ..area
    };
    let w = text.width as usize;
    let (title, rows) = table.shell.log_scroll.show(&table.shell.log, text);
    let mut head = vec![Span::styled(title.clone(), theme.title())];
    let legend = legend();
    let gap = w.saturating_sub(title.chars().count() + legend.chars().count());
    if short && gap > 0 {
        head.push(Span::raw(" ".repeat(gap)));
        head.push(Span::styled(legend, theme.dim()));
    }
    let mut lines = vec![Line::from(head)];
    // Too narrow for the legend beside the title (the log in a card's cell): under it,
    // while the log keeps a line of its own.
    let under = legend_lines(w);
    if short && gap == 0 && usize::from(text.height) > under.len() {
        let text = Rect {
            y: text.y + under.len() as u16,
            height: text.height - under.len() as u16,
            ..text
        };
        let (title, rows) = table.shell.log_scroll.show(&table.shell.log, text);
        lines = vec![Line::styled(title, theme.title())];
        lines.extend(under.into_iter().map(|l| Line::styled(l, theme.dim())));
        lines.extend(rows.into_iter().map(Line::raw));
    } else {
        lines.extend(rows.into_iter().map(Line::raw));
    }
    Paragraph::new(lines).render(area, buf);
}

/// [`legend`] in lines of at most `w` cells, never parting a short name from its bean.
fn legend_lines(w: usize) -> Vec<String> {
    let mut lines = vec!["orders:".to_string()];
    for (name, short) in SHORT_NAMES {
        let pair = format!("{short} {name}");
        let last = lines.last_mut().expect("a line");
        if last.chars().count() + 3 + pair.chars().count() <= w {
            let sep = if last.as_str() == "orders:" {
                " "
            } else {
                " · "
            };
            last.push_str(sep);
            last.push_str(&pair);
        } else {
            lines.push(pair);
        }
    }
    lines
}

/// The line above the key hints: a failed save (said until a save succeeds, a refusal
/// too) before the situation or the refusal.
fn prompt(view: &DiceView, table: &DiceTable, theme: Theme, w: usize) -> Line<'static> {
    let mut line = situation(view, table, theme, w);
    if let Some(problem) = table.shell.save_problem() {
        line.spans
            .insert(0, Span::styled(format!("{problem} "), theme.error()));
    }
    line
}

/// A refusal, the harvest question, or whose move it is.
/// A player's name is cut where the whole line would not fit `w` cells, so the sentence
/// around it is read whole.
fn situation(view: &DiceView, table: &DiceTable, theme: Theme, w: usize) -> Line<'static> {
    let names = &table.shell.names;
    // `names` with `seat`'s cut to what `line` (said of those names) leaves it.
    let fitted = |seat: usize, line: &dyn Fn(&[String]) -> String| {
        let mut nameless = names.clone();
        nameless[seat] = String::new();
        let mut fitted = names.clone();
        fitted[seat] = fit_name(&names[seat], w.saturating_sub(cells(&line(&nameless))));
        line(&fitted)
    };
    if let DiceMode::ConfirmHarvest(seat) = table.controls.mode {
        let question = fitted(seat, &|n| harvest_question(view, n, seat));
        return Line::styled(question, theme.selected());
    }
    // A refusal answers the key just pressed, so it shows over the question "Who harvests?"
    // it answered (and says what to press).
    if let Some((text, refusal)) = &table.shell.message {
        let style = if *refusal {
            theme.error()
        } else {
            Style::new()
        };
        return Line::styled(text.clone(), style);
    }
    if table.controls.mode == DiceMode::PickHarvester {
        let n = view.players.len();
        return Line::styled(
            format!("Who harvests? Press 1–{n} (Esc: nobody)"),
            theme.selected(),
        );
    }
    if let Some((seat, action)) = &table.pending {
        let thinking = |n: &[String]| format!("{} is thinking: {}", n[*seat], bot_move(action));
        return Line::raw(fitted(*seat, &thinking));
    }
    let active = view.active;
    Line::raw(fitted(active, &|n| whose_move(view, &n[active])))
}

/// Whose move it is and what it is, the active player called `active`.
pub(super) fn whose_move(view: &DiceView, active: &str) -> String {
    match view.phase {
        TurnPhase::Roll => format!("{active} rolls the dice."),
        TurnPhase::Save => format!("{active} saves at least one die just rolled."),
        TurnPhase::Pass => format!("{active} passes the bean piece."),
        TurnPhase::Over => "The game is over.".to_string(),
    }
}

fn bot_move(action: &crate::dice::DiceAction) -> String {
    use crate::dice::DiceAction;
    match action {
        DiceAction::Roll => "roll".into(),
        DiceAction::RepeatRoll => "repeat the roll with the bean piece".into(),
        DiceAction::Save { dice } => format!("save {}", super::log::dice_numbers(dice)),
        DiceAction::PassBeanPiece => "pass the bean piece".into(),
        DiceAction::Harvest => "harvest".into(),
    }
}

/// The keys that work now, in at most `w` cells (`l log` where it fits: `?` says it too).
fn key_hints(view: &DiceView, table: &DiceTable, theme: Theme, w: usize) -> Vec<Span<'static>> {
    let k = bar_key;
    if view.phase == TurnPhase::Over {
        let review = table.shell.any_person().then(|| (k(D::Review), "review"));
        let keys: Vec<_> = review
            .into_iter()
            .chain([
                (k(D::Quit), "quit"),
                (k(D::FullLog), "log"),
                (k(D::Help), "help"),
            ])
            .collect();
        return hints(theme, &keys);
    }
    match table.controls.mode {
        DiceMode::ConfirmHarvest(_) => {
            return hints(
                theme,
                &[(k(D::Confirm), "harvest"), (k(D::Cancel), "cancel")],
            );
        }
        DiceMode::PickHarvester => {
            let players = format!("1-{}", view.players.len());
            return hints(
                theme,
                &[(players.as_str(), "player"), (k(D::Cancel), "cancel")],
            );
        }
        DiceMode::Table => {}
    }
    let human_turn = table.plays_here(view.active);
    let hint = table.decision_at_keyboard().is_some();
    let on = |yes: bool, c: D| if yes && human_turn { k(c) } else { "" };
    let with_log = |log: bool, hint: bool| {
        hints(
            theme,
            &[
                (on(view.phase == TurnPhase::Roll, D::Roll), "roll"),
                (on(view.phase == TurnPhase::Save, D::ChooseDie), "choose"),
                (on(view.phase == TurnPhase::Save, D::Proceed), "save"),
                (
                    on(may_repeat(view), D::RepeatRoll),
                    "bean piece: roll again",
                ),
                (on(view.phase == TurnPhase::Pass, D::Pass), "pass"),
                (k(D::Harvest), "harvest"),
                (if hint { k(D::Hint) } else { "" }, "hint"),
                (if log { k(D::FullLog) } else { "" }, "log"),
                (k(D::Help), "help"),
                (k(D::Quit), "quit"),
            ],
        )
    };
    // `! hint` gives way before `l log`: `?` names both.
    let choices = [
        with_log(true, hint),
        with_log(true, false),
        with_log(false, false),
    ];
    first_fitting(choices, w)
}

/// The rules of a turn, for the help.
const PLAY: [&str; 4] = [
    "Your turn: roll all five dice (r); after every roll the others cover their bottom-most open orders the dice just rolled fulfil.",
    "Save at least one die just rolled into the bean field and roll the rest. Once a turn the bean piece rolls the same dice again.",
    "All five saved: your orders are checked; pass the bean piece (p).",
    "With 3, 4, 5 covered orders anyone may harvest at any time (h, then the player's number) for 1, 2, 3 dollars. Reaching the goal announces the final phase; most dollars wins.",
];

/// How to read the table: the order marks, the order notation, the Bohnus figure and the
/// short names.
const READ: [&str; 3] = [
    "Orders, easiest at the bottom: □ open, → the next to cover, ■ covered. Commas part the dice (Red, Soy: a Red die and a Soy die); Green/Soy is one die showing either; 2 Soy is two dice; | parts alternatives (2 Green | 2 Soy: either one).",
    "The % beside an order is its Bohnus: the chance one roll of all five dice fulfils it. \"harvest 1$\" beside a name: what a harvest pays that player now.",
    "Where orders are too long for the screen, beans have short names: Ga Garden, Gr Green, Re Red, St Stink, So Soy, Bl Blue.",
];

/// What the darker and the lighter dice show, as the player aid tells them apart: "The
/// darker dice 1, 2 show Blue, Garden, …; the lighter dice 3, 4, 5 show Stink, Red, …".
fn dice_faces(dice: &[crate::dice::Die]) -> String {
    let mut groups: Vec<(Shade, &[Bean; 6], Vec<usize>)> = Vec::new();
    for (i, die) in dice.iter().enumerate() {
        match groups
            .iter_mut()
            .find(|(shade, faces, _)| *shade == die.shade && **faces == die.faces)
        {
            Some((_, _, numbers)) => numbers.push(i + 1),
            None => groups.push((die.shade, &die.faces, vec![i + 1])),
        }
    }
    let said: Vec<String> = groups
        .iter()
        .map(|(shade, faces, numbers)| {
            let numbers: Vec<String> = numbers.iter().map(usize::to_string).collect();
            let faces: Vec<&str> = faces.iter().map(|b| b.name()).collect();
            let (die, show) = if numbers.len() == 1 {
                ("die", "shows")
            } else {
                ("dice", "show")
            };
            format!(
                "the {} {die} {} {show} {}",
                shade_word(*shade),
                numbers.join(", "),
                faces.join(", ")
            )
        })
        .collect();
    let mut text = format!("{}.", said.join("; "));
    text[..1].make_ascii_uppercase();
    text
}

/// How to read the table (`?` twice), for a screen that shows the dice table with a help
/// of its own.
pub(super) fn symbols(table: &DiceTable, theme: Theme, area: Rect, buf: &mut Buffer) {
    help(table, true, theme, area, buf);
}

/// The width of the help's window.
const HELP_WIDTH: u16 = 78;

/// The help: the rules of a turn and the keys, or (`?` twice, `symbols`) how to read the
/// table, so each fits at 80×24. Titled with what it is first, so a narrow screen cuts the
/// game's identity rather than how to close it.
fn help(table: &DiceTable, symbols: bool, theme: Theme, area: Rect, buf: &mut Buffer) {
    let (what, text) = if symbols {
        ("The table's symbols · any key closes", &READ[..])
    } else {
        ("Help · ? symbols, any key closes", &PLAY[..])
    };
    let mut lines: Vec<Line<'static>> = text.iter().map(|l| Line::raw(*l)).collect();
    if !symbols && table.in_trial() {
        lines.insert(0, Line::styled(TRIAL_HELP, theme.key()));
    }
    if !symbols {
        lines.push(Line::raw(dice_faces(&table.state.ruleset().dice)));
        lines.extend(help_lines(&help_rows(), theme, &[25, 25, 26]));
    }
    // The longest title that fits the window's top border, never one cut mid-word: the
    // game's identity gives way from the end (the seed first: the header names it too).
    let name = &table.state.ruleset().name;
    let room = usize::from(HELP_WIDTH.min(area.width)).saturating_sub(4);
    let titles = [
        format!(
            "{what} · the dice game · {}",
            identity(name, table.seed(), table.turn)
        ),
        format!("{what} · {}", identity(name, table.seed(), table.turn)),
        format!("{what} · {name} · turn {}", table.turn),
        what.to_string(),
    ];
    let title = titles
        .iter()
        .find(|t| cells(t) <= room)
        .unwrap_or(&titles[3]);
    // Rows the lines need at 76 columns, wrapped at words as the window wraps them.
    let rows: usize = lines
        .iter()
        .map(|l| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            crate::ui::view::fit::wrap(&text, 76).len().max(1)
        })
        .sum();
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
    window(
        area,
        HELP_WIDTH,
        area.height.min(height),
        format!(" {title} "),
        theme,
        lines,
        buf,
    );
}

/// The width of the final scores' window.
const GAME_OVER_WIDTH: u16 = 44;

/// The final dollars, the winners starred, each name cut to leave its dollars whole; with
/// the table's keys where they work (`keys`).
fn game_over(
    view: &DiceView,
    table: &DiceTable,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
    keys: bool,
) {
    let Some(outcome) = table.state.outcome() else {
        return;
    };
    // Inside the borders, and clear of the window's right edge when the screen is narrower.
    let inner = GAME_OVER_WIDTH.min(area.width).saturating_sub(2) as usize;
    let mut lines: Vec<Line<'static>> = view
        .players
        .iter()
        .enumerate()
        .map(|(seat, _)| {
            let won = outcome.winners.contains(&seat);
            let mark = if won { "★ " } else { "  " };
            let paid = format!(": {}", dollars(outcome.dollars[seat]));
            let room = inner.saturating_sub(cells(mark) + cells(&paid));
            let name = fit_name(&table.shell.names[seat], room);
            let text = format!("{mark}{name}{paid}");
            Line::styled(text, if won { theme.good() } else { Style::new() })
        })
        .collect();
    if keys {
        let review = table
            .shell
            .any_person()
            .then(|| (bar_key(D::Review), "review"));
        let keys: Vec<_> = review
            .into_iter()
            .chain([(bar_key(D::Quit), "quit")])
            .collect();
        lines.push(Line::from(hints(theme, &keys)));
    }
    let h = lines.len() as u16 + 2;
    window(area, GAME_OVER_WIDTH, h, " Game over ", theme, lines, buf);
}
