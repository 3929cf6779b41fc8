//! The status line and the key bar: what the player may do now, as a sentence, and the
//! keys for it.
//!
//! What to say is a table: each speaker knows one situation (a chooser, a bot's move, a
//! hand-off, a mode, a phase) and says nothing in the others; the first that speaks wins.
//! The key bar is one line: where the keys do not fit, the rarer ones give way, and `?`
//! (whose window lists every key) always stays.

use ratatui::text::{Line, Span};

use crate::cards::screen::table::{CardTable, Mode};
use crate::cards::screen::table_keys::{TableCommand as C, hint};
use crate::cards::screen::view::arrange::arrange_keys;
use crate::cards::{Action, BeanKind, Phase, RuleError};
use crate::ui::coach::CoachedTable;
use crate::ui::picker_keys::Chooser::{Buy, Discard, Fulfil, Harvest, Peek, PeekSeat};
use crate::ui::picker_keys::{PickerCommand, numbers, pick_hint};
use crate::ui::theme::Theme;
use crate::ui::view::fit::width;
use crate::ui::view::hints;
use crate::ui::words::beans;

/// A key and what it does.
type Key = (String, String);
/// A sentence and its keys, most needed first.
type Said = (String, Vec<Key>);
/// One situation's speaker.
type Speaker = fn(&CardTable) -> Option<Said>;

/// The speakers, asked in order.
const SPEAKERS: &[Speaker] = &[
    arranging,
    peeking,
    harvest_question,
    harvest_chooser,
    buy_chooser,
    fulfil_chooser,
    bot_move,
    bots_waiting,
    floor,
    discard_chooser,
    handoff,
    game_over,
    composing,
    answering,
    picking_proposer,
    others_turn,
    duel_planting,
    plant_offered,
    plant_turned_over,
    planting,
    trading,
    planting_traded,
];

fn key(k: impl Into<String>, what: impl Into<String>) -> Key {
    (k.into(), what.into())
}

/// What the player may do now, as a sentence, and the keys for it in one line of at most
/// `w` cells.
pub(crate) fn situation(
    game: &CardTable,
    theme: Theme,
    w: usize,
) -> (Line<'static>, Vec<Span<'static>>) {
    let (text, keys) = SPEAKERS
        .iter()
        .find_map(|speak| speak(game))
        .unwrap_or_else(|| ("The game is over.".to_string(), Vec::new()));
    let keys = with_table_keys(game, keys);
    (Line::from(text), fit_keys(theme, keys, w))
}

/// Whether the table's own keys (fulfil, harvest, buy, beanometer, quit) work now: not in
/// a chooser, the composer, a hand-off or while a bot's move shows.
fn table_keys_work(game: &CardTable) -> bool {
    game.arrange().is_none()
        && game.picker().is_none()
        && game.bots().pending().is_none()
        && game.handoff().is_none()
        && !matches!(game.mode(), Mode::Compose(_) | Mode::GameOver)
}

/// Adds the table's keys: `f` first where the order is met, the rarer ones after.
fn with_table_keys(game: &CardTable, mut keys: Vec<Key>) -> Vec<Key> {
    if !table_keys_work(game) {
        return keys;
    }
    let s = &game.state;
    let active = s.active_player();
    // Fulfilling shows the order to everyone; the public screen offers it only for a
    // laid-out order, so a hidden one is not given away.
    if *game.mode() == Mode::Table
        && let Some(o) = game.order_shown(active)
        && !game.fulfil_fields().is_empty()
    {
        keys.insert(0, hint(C::Fulfil, format!("fulfil order {o}")));
    }
    keys.push(hint(C::Harvest, "harvest"));
    if s.table().third_field_price.is_some()
        && (0..s.player_count()).any(|p| s.check_buy_third_field(p).is_ok())
    {
        keys.push(hint(C::BuyField, "buy a field"));
    }
    if game.decision_at_keyboard().is_some() {
        keys.push(hint(C::Hint, "hint"));
    }
    // Where every hand the screen may show is on it already, there is nothing to look at.
    if *game.mode() == Mode::Table && !game.open_hands() && game.sole_human().is_none() {
        keys.push(hint(C::Peek, "your hand"));
    }
    keys.push(hint(C::Beanometer, "beanometer"));
    keys.push(hint(C::Quit, "quit"));
    keys.push(hint(C::FullLog, "log"));
    keys
}

/// The keys as one line of at most `w` cells: the last keys give way first, and `? more`
/// stays at the end to lead to the others.
fn fit_keys(theme: Theme, mut keys: Vec<Key>, w: usize) -> Vec<Span<'static>> {
    let line = |keys: &[Key], more: bool| {
        let mut all: Vec<(&str, &str)> =
            keys.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        all.push(("?", if more { "more keys" } else { "help" }));
        hints(theme, &all)
    };
    let full = line(&keys, false);
    if width(&full) < w {
        return full;
    }
    while keys.len() > 1 && width(&line(&keys, true)) >= w {
        keys.pop();
    }
    line(&keys, true)
}

/// Enter's and the digits' keys for planting `kind` in `player`'s fields: Enter names the
/// field it plants in, or what makes room where none has it.
fn plant_keys(game: &CardTable, player: usize, kind: BeanKind) -> Vec<Key> {
    let fields = format!("1-{}", game.state.player(player).fields().len());
    let enter = match game.suggested_field(player, kind) {
        Some(f) => format!("plant in field {}", f + 1),
        // Only a field's number plants over another kind: Enter would not say which.
        None if game.ruleset().mixed_patches => {
            return vec![key(fields, "plant over that field's beans")];
        }
        None => "harvest first".to_string(),
    };
    vec![hint(C::Plant, enter), key(fields, "field")]
}

fn peeking(game: &CardTable) -> Option<Said> {
    let peek = game.peek()?;
    let name = game.name(peek.player);
    if !peek.shown {
        return Some((
            format!("Whose hand? Show {name}'s hand, after a hand-off?"),
            vec![
                pick_hint(Peek, PickerCommand::Choose, format!("{name}'s hand")),
                pick_hint(Peek, PickerCommand::On, "another player"),
                (numbers(game.state.player_count()), "player".to_string()),
                pick_hint(Peek, PickerCommand::Close, "cancel"),
            ],
        ));
    }
    if game.handoff().is_some() {
        return Some((
            format!("Waiting for {name} to take the seat."),
            vec![
                (
                    game.seat_key(peek.player).named(),
                    "take the seat".to_string(),
                ),
                pick_hint(PeekSeat, PickerCommand::Close, "back"),
            ],
        ));
    }
    Some((
        format!("{name}'s hand is on screen: any key when done."),
        vec![key("any key", "done")],
    ))
}

fn harvest_question(game: &CardTable) -> Option<Said> {
    let h = game.harvest().filter(|h| h.confirm)?;
    // The question's two answers first; the chooser's keys still move it.
    let mut keys = harvest_keys(game, "back");
    if let Some(esc) = keys.pop() {
        keys.insert(1, esc);
    }
    Some((game.harvest_question(h), keys))
}

/// The harvest chooser's keys; Esc does `esc` (in the question: back to the chooser).
fn harvest_keys(game: &CardTable, esc: &str) -> Vec<Key> {
    let mut keys = vec![
        pick_hint(Harvest, PickerCommand::Choose, "harvest"),
        pick_hint(Harvest, PickerCommand::On, "field"),
    ];
    if !game.ruleset().harvest_only_on_own_turn {
        keys.push(pick_hint(Harvest, PickerCommand::PlayerOn, "player"));
    }
    if let Some(h) = game.harvest() {
        let fields = game.state.player(h.player).fields().len();
        keys.push((numbers(fields), "field".to_string()));
    }
    keys.push(pick_hint(Harvest, PickerCommand::Close, esc));
    keys
}

fn harvest_chooser(game: &CardTable) -> Option<Said> {
    let h = game.harvest()?;
    let r = game.ruleset();
    let s = &game.state;
    let field = s.player(h.player).fields()[h.field];
    let gives_field = field.kind().is_some_and(|k| {
        r.bean(k).gives_third_field_at == Some(field.count())
            && s.player(h.player).fields().len() < 3
    });
    let name = game.name(h.player);
    // A field the rules do not let be harvested says why at once, in the rulebook's words,
    // not only once Enter is refused.
    let refused = s.check_harvest(h.player, h.field).err();
    let text = match field.kind() {
        Some(k) if let Some(why) = refused => format!(
            "No harvest of {name}'s field {} ({}): {why}.",
            h.field + 1,
            beans(field.count() as usize, &r.bean(k).name),
        ),
        Some(k) if gives_field => format!(
            "Harvest {name}'s field {}: {} {} a third bean field.",
            h.field + 1,
            beans(field.count() as usize, &r.bean(k).name),
            if field.count() == 1 { "gives" } else { "give" }
        ),
        Some(k) => format!(
            "Harvest {name}'s field {}: {} {} {}$.",
            h.field + 1,
            beans(field.count() as usize, &r.bean(k).name),
            if field.count() == 1 { "pays" } else { "pay" },
            r.field_pays(field)
        ),
        None => format!("{name}'s field {} is empty.", h.field + 1),
    };
    Some((text, harvest_keys(game, "cancel")))
}

fn buy_chooser(game: &CardTable) -> Option<Said> {
    let p = game.buy()?;
    let s = &game.state;
    let name = game.name(p);
    let coins = s.player(p).coins();
    let text = match s.check_buy_third_field(p) {
        Ok(price) => {
            format!("Buy {name} a third bean field for {price} coins ({name} has {coins}).")
        }
        Err(RuleError::NotEnoughCoins { price, coins }) => {
            format!("A third bean field costs {price} coins; {name} has {coins}.")
        }
        Err(RuleError::HasThirdField) => format!("{name} already has a third bean field."),
        Err(e) => e.to_string(),
    };
    Some((
        text,
        vec![
            pick_hint(Buy, PickerCommand::Choose, "buy"),
            pick_hint(Buy, PickerCommand::On, "player"),
            (numbers(game.state.player_count()), "player".to_string()),
            pick_hint(Buy, PickerCommand::Close, "cancel"),
        ],
    ))
}

fn fulfil_chooser(game: &CardTable) -> Option<Said> {
    let pairs = game.fulfil()?;
    let s = &game.state;
    let active = s.active_player();
    let order = s.player(active).order()?;
    let choices: Vec<String> = pairs
        .iter()
        .map(|f| format!("fields {} and {}", f + 1, f + 2))
        .collect();
    // A pair is named by the digit of its left field, which chooses it.
    let keys = pairs
        .iter()
        .map(|f| key((f + 1).to_string(), format!("fields {}–{}", f + 1, f + 2)))
        .chain([
            pick_hint(Fulfil, PickerCommand::Choose, "the first pair"),
            pick_hint(Fulfil, PickerCommand::Close, "cancel"),
        ])
        .collect();
    Some((
        format!(
            "{}: fulfil order {order} with {}?",
            game.name(active),
            choices.join(" or ")
        ),
        keys,
    ))
}

/// What an order card's numbers mean: "3 beans in one field, 4 in the field to its right".
pub(crate) fn order_meaning(o: crate::cards::OrderCard) -> String {
    let left = if o.left == 1 { "bean" } else { "beans" };
    format!(
        "{} {left} in one field, {} in the field to its right",
        o.left, o.right
    )
}

fn bot_move(game: &CardTable) -> Option<Said> {
    let m = game.bots().pending()?;
    let kind = game.shell.seats.get(m.player).and_then(|s| s.bot());
    let who = match kind {
        Some(k) => format!("{} (the {k} bot)", game.name(m.player)),
        None => game.name(m.player).to_string(),
    };
    let what = match (&m.action, game.state.phase()) {
        (Action::Accept { .. } | Action::Decline { .. }, _) => "answers the offer",
        (Action::Propose { .. }, _) => "makes an offer",
        (Action::Harvest { .. }, _) => "harvests",
        (Action::EndTrading, _) => "ends trading",
        (_, Phase::Plant { .. }) => "plants",
        (_, Phase::Trade) => "trades",
        (_, Phase::PlantTraded) => set_aside_planting(game, m.player),
        (_, Phase::PlantOffered) => "plants or discards the offer",
        (_, Phase::PlantTurnedOver) => "plants turned-over beans",
        _ => "plays",
    };
    Some((
        format!("{who} {what}…"),
        vec![
            key("any key", "faster"),
            hint(C::Beanometer, "beanometer"),
            hint(C::Quit, "quit"),
        ],
    ))
}

/// What a player plants in phase 3, said by where the set-aside cards came from as far as
/// the table shows it: a player other than the active one got every one in a trade; the
/// active player with no trade this turn holds only the turned-over cards; an active
/// player who traded may hold either or both, so the line does not guess which.
fn set_aside_planting(game: &CardTable, player: usize) -> &'static str {
    let s = &game.state;
    if player != s.active_player() {
        "plants the beans traded to them"
    } else if s.trades_this_turn() == 0 {
        "plants the turned-over beans"
    } else {
        "plants their set-aside beans"
    }
}

/// After a take-back with open hands, on a bot's turn: the bots wait for `g`.
fn bots_waiting(game: &CardTable) -> Option<Said> {
    let active = game.state.active_player();
    if !game.undo().bots_wait || !game.shell.is_bot(active) || game.state.is_over() {
        return None;
    }
    Some((
        format!("{} waits since the take-back.", game.name(active)),
        vec![
            hint(C::BotsGo, "bots play on"),
            hint(C::TakeBack, "take back more"),
        ],
    ))
}

fn floor(game: &CardTable) -> Option<Said> {
    game.bots().floor().filter(|_| game.floor_line())?;
    let an = game.name(game.state.active_player());
    let text = match game.sole_human() {
        Some(_) => format!("{an} trades — o to make an offer"),
        None => format!("{an} trades — a person who wants to make an offer presses o"),
    };
    Some((
        text,
        vec![hint(C::MakeOffer, "make an offer"), key("any key", "pass")],
    ))
}

fn discard_chooser(game: &CardTable) -> Option<Said> {
    let pos = game.discard().filter(|_| game.handoff().is_none())?;
    let s = &game.state;
    let active = s.active_player();
    let an = game.name(active);
    let hand = s.player(active).hand();
    let text = match hand.get(pos) {
        Some(k) => format!(
            "{an}: discard {} (card {} of {})? One card may be discarded after planting.",
            game.ruleset().bean(k).name,
            pos + 1,
            hand.len()
        ),
        None => format!("{an}: choose the card to discard."),
    };
    Some((
        text,
        vec![
            pick_hint(Discard, PickerCommand::Choose, "discard it"),
            pick_hint(Discard, PickerCommand::On, "card"),
            pick_hint(Discard, PickerCommand::Close, "keep every card"),
        ],
    ))
}

fn handoff(game: &CardTable) -> Option<Said> {
    let h = game.handoff()?;
    Some((
        format!("Waiting for {} to take the seat.", game.name(h.to)),
        vec![
            (game.seat_key(h.to).named(), "take the seat".to_string()),
            hint(C::Quit, "quit"),
        ],
    ))
}

fn game_over(game: &CardTable) -> Option<Said> {
    (*game.mode() == Mode::GameOver || game.state.is_over()).then(|| {
        let review = game.shell.any_person().then(|| hint(C::Review, "review"));
        // The next game of a hosted one is the host's to start.
        let again = game
            .served_seat()
            .is_none()
            .then(|| hint(C::PlayAgain, "play again"));
        let keys = review
            .into_iter()
            .chain(again)
            .chain([hint(C::Quit, "quit")]);
        let keys = keys.collect();
        ("The game is over.".to_string(), keys)
    })
}

fn composing(game: &CardTable) -> Option<Said> {
    let Mode::Compose(c) = game.mode() else {
        return None;
    };
    let an = game.name(game.state.active_player());
    let (text, esc) = if game.bots().floor() == Some(c.proposer) {
        (
            format!("{}: make {an} an offer, or pass.", game.name(c.proposer)),
            "pass",
        )
    } else {
        (
            format!("{} puts an offer together.", game.name(c.proposer)),
            "cancel",
        )
    };
    Some((
        text,
        vec![
            hint(C::Choose, "choose"),
            hint(C::WantKind, "want a kind"),
            hint(C::Send, "make the offer"),
            hint(C::Cancel, esc),
        ],
    ))
}

fn answering(game: &CardTable) -> Option<Said> {
    let Mode::Answer(a) = game.mode() else {
        return None;
    };
    let mut keys = vec![hint(C::Accept, "accept"), hint(C::Decline, "decline")];
    if !game.answer_is_donation(a) {
        keys.push(hint(C::HaveNone, "I have none"));
    }
    keys.push(hint(C::Counter, "counter"));
    Some((format!("{} answers the offer.", game.name(a.player)), keys))
}

fn picking_proposer(game: &CardTable) -> Option<Said> {
    let Mode::PickProposer(_) = game.mode() else {
        return None;
    };
    Some((
        format!(
            "Who wants to make {} an offer?",
            game.name(game.state.active_player())
        ),
        vec![hint(C::Confirm, "choose"), hint(C::Cancel, "back")],
    ))
}

/// The bean duel's step 2 once the first card is planted.
fn duel_planting(game: &CardTable) -> Option<Said> {
    let Phase::Plant { planted } = game.state.phase() else {
        return None;
    };
    if !game.is_duel() || planted == 0 {
        return None;
    }
    let s = &game.state;
    let r = game.ruleset();
    let active = s.active_player();
    let an = game.name(active);
    let front = s.player(active).hand().front();
    let more = planted < r.max_planted_from_hand;
    let may_discard = s
        .legal_actions(active)
        .iter()
        .any(|a| matches!(a, Action::Discard { .. }));
    let mut keys = Vec::new();
    let text = match front {
        Some(k) if more => {
            keys.extend(plant_keys(game, active, k));
            format!(
                "{an}: you may plant one more card ({}), and discard one hand card.",
                r.bean(k).name
            )
        }
        Some(_) => format!("{an}: you may discard one card from your hand (d), or turn over (t)."),
        None => format!(
            "{an} has no cards left: turn over {} cards (t).",
            r.cards_turned_over
        ),
    };
    if may_discard {
        keys.push(hint(C::Discard, "discard"));
    }
    keys.push(hint(C::TurnOver, "turn over"));
    Some((text, keys))
}

fn plant_offered(game: &CardTable) -> Option<Said> {
    if game.state.phase() != Phase::PlantOffered {
        return None;
    }
    let s = &game.state;
    let active = s.active_player();
    let n = s.player_count();
    let previous = game.name((active + n - 1) % n);
    let cards = s.offered();
    let c = game.plant().card.min(cards.len().saturating_sub(1));
    let mut keys = Vec::new();
    if let Some(&k) = cards.get(c) {
        keys.extend(plant_keys(game, active, k));
        keys.push(hint(C::Discard, "discard it"));
        if cards.len() > 1 {
            keys.push(hint(C::CardOn, "card"));
        }
    }
    Some((
        format!(
            "{}: plant or discard the cards {previous} left as an offer ({} left).",
            game.name(active),
            cards.len()
        ),
        keys,
    ))
}

fn plant_turned_over(game: &CardTable) -> Option<Said> {
    if game.state.phase() != Phase::PlantTurnedOver {
        return None;
    }
    let s = &game.state;
    let active = s.active_player();
    let an = game.name(active);
    let next = game.name((active + 1) % s.player_count());
    let cards = s.face_up();
    let c = game.plant().card.min(cards.len().saturating_sub(1));
    let Some(&k) = cards.get(c) else {
        return Some((
            format!("{an} planted every turned-over card: end the turn (Enter)."),
            vec![hint(C::Plant, "end the turn")],
        ));
    };
    let mut keys = plant_keys(game, active, k);
    if cards.len() > 1 {
        keys.push(hint(C::CardOn, "card"));
    }
    keys.push(hint(C::EndTurn, "end the turn"));
    Some((
        format!("{an}: plant any of the turned-over cards; the rest go to {next}."),
        keys,
    ))
}

/// A seat served over the network while another player's decision holds the table: who
/// is waited for, and nothing of their hand (what the phase speakers below say of the
/// active player's front card is for the active player's own screen).
fn others_turn(game: &CardTable) -> Option<Said> {
    let seat = game.served_seat()?;
    let s = &game.state;
    let active = s.active_player();
    let an = game.name(active);
    let waited = match s.phase() {
        Phase::Trade => match s.must_plant_received_cards() {
            Some(p) if p == seat => return None,
            Some(p) => p,
            None if active == seat => return None,
            None => {
                return Some((
                    format!("{an} trades: o makes {an} an offer."),
                    vec![hint(C::MakeOffer, "make an offer")],
                ));
            }
        },
        Phase::PlantTraded if s.player(seat).set_aside().is_empty() => {
            return Some((
                "Phase 3: the others plant their set-aside cards.".to_string(),
                Vec::new(),
            ));
        }
        Phase::Plant { .. } | Phase::PlantOffered | Phase::PlantTurnedOver if active != seat => {
            active
        }
        _ => return None,
    };
    let name = game.name(waited);
    Some((format!("Waiting for {name} to play."), Vec::new()))
}

fn planting(game: &CardTable) -> Option<Said> {
    let Phase::Plant { planted } = game.state.phase() else {
        return None;
    };
    let s = &game.state;
    let r = game.ruleset();
    let active = s.active_player();
    let an = game.name(active);
    let Some(k) = s.player(active).hand().front() else {
        return Some((
            format!("{an} has no cards left to plant."),
            vec![hint(C::TurnOver, "turn over")],
        ));
    };
    let mut keys = plant_keys(game, active, k);
    let bean = &r.bean(k).name;
    let text = if s.order_laid_out_this_turn() {
        // "Then, you may choose to plant exactly one bean card", even once the order is
        // fulfilled.
        keys.push(hint(C::TurnOver, "turn over"));
        match s.player(active).laid_out_order() {
            Some(o) => {
                format!("{an} laid out order {o}: you may plant one bean ({bean}), or turn over.")
            }
            None => format!(
                "{an} fulfilled the order laid out this turn: you may still plant one bean ({bean}), or turn over."
            ),
        }
    } else if planted == 0 {
        // My First Bohnanza's cards lie in an open line, not in a hand.
        let held = if r.open_hands { "line" } else { "hand" };
        format!("{an}: plant the front card of your {held}, {bean}.")
    } else {
        keys.push(hint(C::TurnOver, "turn over"));
        format!(
            "{an}: you may plant one more card ({bean}), or turn over {} cards.",
            r.cards_turned_over
        )
    };
    Some((text, keys))
}

/// Field beans: where a person's beans go once a harvest gave them a third field.
fn arranging(game: &CardTable) -> Option<Said> {
    let picker = game.arrange().filter(|_| game.handoff().is_none())?;
    Some((
        format!(
            "{}: put your beans in your first or second field, or keep them as they are.",
            game.name(picker.player)
        ),
        arrange_keys(picker)
            .into_iter()
            .map(|(k, what)| (k, what.to_string()))
            .collect(),
    ))
}

fn trading(game: &CardTable) -> Option<Said> {
    if game.state.phase() != Phase::Trade || game.state.must_plant_received_cards().is_some() {
        return None;
    }
    let an = game.name(game.state.active_player());
    let mut keys = vec![
        hint(C::EndTrading, "end trading"),
        hint(C::MakeOffer, "make an offer"),
    ];
    let waiting = game.offers_to_active().len();
    let text = match waiting {
        0 => format!("{an} trades. Nobody wants to trade? Press e."),
        1 => format!("{an} trades. An offer waits for {an}'s answer: a."),
        n => format!("{an} trades. {n} offers wait for {an}'s answer: a."),
    };
    if waiting > 0 {
        keys.insert(0, hint(C::AnswerOffer, "answer the offer"));
    }
    keys.push(hint(C::OthersPropose, "others propose"));
    Some((text, keys))
}

/// Phase 3, or My First Bohnanza's cards received in a trade, planted at once as in phase 3.
fn planting_traded(game: &CardTable) -> Option<Said> {
    let at_once =
        game.state.phase() == Phase::Trade && game.state.must_plant_received_cards().is_some();
    if game.state.phase() != Phase::PlantTraded && !at_once {
        return None;
    }
    let s = &game.state;
    let c = game.plant();
    let Some(&k) = s.player(c.player).set_aside().get(c.card) else {
        return Some(("Phase 3.".to_string(), Vec::new()));
    };
    Some((
        format!(
            "{} {} plants {}.",
            if at_once {
                "Cards received in a trade are planted at once, before trading goes on."
            } else {
                "Phase 3: everyone plants their set-aside cards."
            },
            game.name(c.player),
            game.ruleset().bean(k).name
        ),
        [
            plant_keys(game, c.player, k),
            vec![hint(C::CardOn, "card"), hint(C::PlayerOn, "player")],
        ]
        .concat(),
    ))
}
