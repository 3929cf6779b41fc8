//! The card table's keys: a key read at the table, a chooser, the offer composer or a hand-off,
//! and what it does to the table.

use crate::cards::screen::arrange::arrange_key;
use crate::cards::screen::chooser::Picker;
use crate::cards::screen::harvest;
use crate::cards::screen::peek;
use crate::cards::screen::table::{CardTable, Mode, PlantChoice, clockwise};
use crate::cards::screen::table_keys::{At, TableCommand, command};
use crate::cards::screen::trade::{self, Answer, Column, Composer};
use crate::cards::{Action, BeanKind, Phase, RuleError};
use crate::ui::app::Overlay;
use crate::ui::coach::CoachedTable;
use crate::ui::keys::digit;
use crate::ui::picker_keys::{Chooser, PickerCommand, pick};
use crate::ui::screen::TableKey;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The table's own keys, shared by the modes that have them (a bot's move on screen, the
/// hand-off, the table): a window to open, or `None` where the command is not one.
fn window_of(command: TableCommand, game: &CardTable) -> Option<TableKey> {
    Some(match command {
        TableCommand::Help => TableKey::Window(Overlay::Help),
        TableCommand::Beanometer => TableKey::Window(Overlay::Beanometer),
        TableCommand::FullLog => TableKey::Window(Overlay::Log),
        TableCommand::Quit if *game.mode() == Mode::GameOver => TableKey::Quit,
        TableCommand::Quit => TableKey::Window(Overlay::ConfirmQuit),
        _ => return None,
    })
}

/// A key at the card table: what the shell must do, if anything.
pub(crate) fn card_table_key(game: &mut CardTable, key: KeyEvent) -> Option<TableKey> {
    if game.bots().pending().is_some() {
        // A bot's move is on screen: any key but the table's windows and `u` (the person's
        // last move, before the bot's shown move is played) plays it now.
        match command(At::BotMove, key.code) {
            Some(TableCommand::TakeBack) => {
                game.take_back();
            }
            Some(c) if window_of(c, game).is_some() => return window_of(c, game),
            _ => {
                game.play_bot();
            }
        }
        return None;
    }
    game.shell.message = None;
    if let Some(outcome) = coach_key(game, key) {
        return outcome;
    }
    if let Some(chooser_key) = open_chooser(game) {
        // Every chooser's key bar ends with `? help`: the help opens over it, and the
        // chooser is still there when it closes.
        if command(At::Table, key.code) == Some(TableCommand::Help) {
            return Some(TableKey::Window(Overlay::Help));
        }
        chooser_key(game, key);
        return None;
    }
    if game.handoff().is_some() {
        return handoff_key(game, key);
    }
    if let Mode::Compose(c) = game.mode().clone() {
        // In the composer letters are beans and hjkl move: only help keeps its key.
        if command(At::Composing, key.code) == Some(TableCommand::Help) {
            return Some(TableKey::Window(Overlay::Help));
        }
        compose_key(game, c, key);
        return None;
    }
    if let Some(c) = command(At::Table, key.code)
        && let Some(done) = table_command(game, c)
    {
        return done;
    }
    match game.mode().clone() {
        Mode::GameOver => match command(At::GameOver, key.code) {
            Some(TableCommand::Leave) => return Some(TableKey::Quit),
            Some(TableCommand::PlayAgain) => play_again(game),
            _ => {}
        },
        Mode::Table => table_key(game, key),
        Mode::Compose(_) => {}
        Mode::Answer(a) => answer_key(game, a, key),
        Mode::PickProposer(i) => pick_key(game, i, key),
    }
    None
}

/// `n` on the final scores: the next game replaces this one on screen (as a position tried
/// again from the review does, in [`CoachedTable::review_key`]), the tutor kept as it was.
fn play_again(game: &mut CardTable) {
    if game.served_seat().is_some() {
        game.refuse("The next game is the host's to start.");
        return;
    }
    match game.play_again() {
        Ok(mut next) => {
            next.shell.coach.set_tutor(game.shell.coach.tutoring());
            *game = next;
        }
        Err(e) => game.refuse(e),
    }
}

/// Whether a chooser is open over the table.
pub(crate) fn chooser_open(game: &CardTable) -> bool {
    open_chooser(game).is_some()
}

/// The key handler of the chooser open over the table, if any: a look at a hand first,
/// then the field-bean chooser (not behind a hand-off), then the chooser a person opened.
fn open_chooser(game: &CardTable) -> Option<fn(&mut CardTable, KeyEvent)> {
    match game.picker() {
        Some(p @ Picker::Peek(_)) => Some(p.key()),
        _ if game.arrange().is_some() && game.handoff().is_none() => Some(arrange_key),
        p => p.map(Picker::key),
    }
}

/// The coach's keys, before any other: its windows' keys while one is open
/// ([`CoachedTable::coach_window_key`]), `!` opens the hint, and on the final scores `r`
/// the review. `None` when the key is not the coach's.
fn coach_key(game: &mut CardTable, key: KeyEvent) -> Option<Option<TableKey>> {
    if game.coach_window_key(key) {
        return Some(None);
    }
    let at = if *game.mode() == Mode::GameOver {
        At::GameOver
    } else {
        At::Table
    };
    match command(at, key.code) {
        Some(TableCommand::Hint) if game.handoff().is_none() && *game.mode() != Mode::GameOver => {
            game.set_picker(None);
            game.open_hint();
            Some(None)
        }
        Some(TableCommand::Review) if *game.mode() == Mode::GameOver => {
            game.open_review();
            Some(None)
        }
        _ => None,
    }
}

/// The keys that mean the same everywhere but in the composer: `Some` with what the app
/// must do once the command is obeyed, `None` where it means nothing now (the key then
/// goes to the mode).
fn table_command(game: &mut CardTable, command: TableCommand) -> Option<Option<TableKey>> {
    if let Some(outcome) = window_of(command, game) {
        return Some(Some(outcome));
    }
    let playing = *game.mode() != Mode::GameOver;
    match command {
        TableCommand::Harvest if playing => harvest::open(game),
        TableCommand::Peek if playing => peek::open(game),
        TableCommand::BuyField if playing => open_buy(game),
        TableCommand::TakeBack => {
            game.take_back();
        }
        TableCommand::BotsGo if game.undo().bots_wait => game.let_bots_play(),
        _ => return None,
    }
    Some(None)
}

/// A key on the hand-off: the key that names the player takes the seat (before the
/// hand-off's own keys, so Ben's `b` is his), never Enter or Space.
fn handoff_key(game: &mut CardTable, key: KeyEvent) -> Option<TableKey> {
    if game.takes_seat(key.code) {
        game.take_seat();
        return None;
    }
    let c = command(At::HandOff, key.code)?;
    match c {
        TableCommand::Cancel => undo_before_handoff(game),
        TableCommand::TakeBack => {
            game.take_back();
        }
        _ => return window_of(c, game),
    }
    None
}

/// Esc on a hand-off takes back what led to it: an offer just sent is withdrawn, a player
/// who was about to propose does not. The player still at the keyboard keeps the seat.
fn undo_before_handoff(game: &mut CardTable) {
    let Some(h) = game.handoff().cloned() else {
        return;
    };
    if game.state.phase() != Phase::Trade {
        return;
    }
    let answering = match game.mode() {
        Mode::Answer(a) => game.state.offers().iter().find(|o| o.id == a.offer),
        _ => None,
    };
    let before = match (game.mode(), answering) {
        (Mode::Answer(_), Some(o)) if !game.shell.is_bot(o.from) => {
            let (id, from) = (o.id, o.from);
            game.act(from, Action::Withdraw { offer: id });
            from
        }
        (Mode::Compose(c), _) if c.proposer == h.to => {
            game.set_mode(Mode::Table);
            game.keyboard_mut().call_off();
            game.settle();
            game.state.active_player()
        }
        _ => return,
    };
    if game.handoff().is_some_and(|h| h.to == before) {
        game.take_seat();
    }
}

/// Opens the chooser of who buys a third bean field, on the first player (from the one at
/// the keyboard, clockwise) who can buy one now.
fn open_buy(game: &mut CardTable) {
    if game.state.table().third_field_price.is_none() {
        game.refuse(RuleError::NoThirdFieldForSale.to_string());
        return;
    }
    let n = game.state.player_count();
    let start = game.viewer().unwrap_or(game.state.active_player());
    let player = clockwise(start, n)
        .find(|&p| game.state.check_buy_third_field(p).is_ok())
        .unwrap_or(start);
    game.set_picker(Some(Picker::Buy(player)));
}

/// [`Chooser::Buy`]'s keys: ↑↓ (or a digit) the player, Enter buys, Esc closes.
pub(crate) fn buy_key(game: &mut CardTable, key: KeyEvent) {
    let Some(mut player) = game.buy() else {
        return;
    };
    let n = game.state.player_count();
    match pick(Chooser::Buy, key.code) {
        Some(PickerCommand::Close) => {
            game.set_picker(None);
            return;
        }
        Some(PickerCommand::Back) => player = (player + n - 1) % n,
        Some(PickerCommand::On) => player = (player + 1) % n,
        Some(PickerCommand::Choose) => {
            if game.act(player, Action::BuyThirdField) {
                game.set_picker(None);
                game.tell(format!("{} bought a third bean field.", game.name(player)));
            }
            return;
        }
        Some(PickerCommand::Number) => {
            if let Some(d) = digit(&key)
                && d < n
            {
                player = d;
            }
        }
        _ => {}
    }
    game.set_picker(Some(Picker::Buy(player)));
}

/// `f`: the active player fulfils their order, at once when one pair of fields meets it.
fn fulfil(game: &mut CardTable) {
    let active = game.state.active_player();
    let name = game.name(active).to_string();
    let Some(order) = game.state.player(active).order() else {
        game.refuse(format!("{name} has no order card."));
        return;
    };
    let pairs = game.fulfil_fields();
    match pairs.as_slice() {
        [] => {
            let text = if game.order_shown(active).is_some() {
                let counts: Vec<String> = game
                    .state
                    .player(active)
                    .fields()
                    .iter()
                    .map(|f| f.count().to_string())
                    .collect();
                format!(
                    "Order {order} is not met: it needs {} beans in one field and {} in the field to its right; the fields hold {}.",
                    order.left,
                    order.right,
                    counts.join(", ")
                )
            } else {
                format!("{name}'s order can't be fulfilled with these fields now.")
            };
            game.refuse(text);
        }
        [field] => fulfil_with(game, *field),
        _ => game.set_picker(Some(Picker::Fulfil(pairs))),
    }
}

fn fulfil_with(game: &mut CardTable, field: usize) {
    let active = game.state.active_player();
    game.set_picker(None);
    if game.act(active, Action::FulfillOrder { field }) {
        let order = game
            .state
            .player(active)
            .fulfilled_orders()
            .last()
            .map(|o| o.to_string())
            .unwrap_or_default();
        game.tell(format!("Order {order} fulfilled."));
    }
}

/// [`Chooser::Fulfil`]'s keys: the digit of a pair's left field fulfils with that pair,
/// Enter with the first, Esc closes.
pub(crate) fn fulfil_key(game: &mut CardTable, key: KeyEvent) {
    let Some(pairs) = game.fulfil().map(<[usize]>::to_vec) else {
        return;
    };
    match pick(Chooser::Fulfil, key.code) {
        Some(PickerCommand::Close) => game.set_picker(None),
        Some(PickerCommand::Choose) => fulfil_with(game, pairs[0]),
        Some(PickerCommand::Number) => {
            if let Some(d) = digit(&key)
                && pairs.contains(&d)
            {
                fulfil_with(game, d);
            }
        }
        _ => {}
    }
}

/// What to do when no field has space: harvest, buy a third bean field where `player` can,
/// or, with mixed patches, plant over another kind.
fn no_space(game: &CardTable, player: usize) -> String {
    if game.ruleset().mixed_patches {
        let n = game.state.player(player).fields().len();
        format!("plant it over another kind (1-{n}, the mixed-patch rule)")
    } else if game.state.check_buy_third_field(player).is_ok() {
        "harvest a field (h) or buy a third bean field ($) first".to_string()
    } else {
        "harvest a field first (h)".to_string()
    }
}

/// Enter where no field has room: the harvest chooser opens on the field to harvest (the
/// message above it says what else may make room), unless the mixed-patch rule plants
/// over a field instead.
fn harvest_for_room(game: &mut CardTable) {
    if !game.ruleset().mixed_patches {
        harvest::open(game);
    }
}

fn table_key(game: &mut CardTable, key: KeyEvent) {
    if command(At::Turn, key.code) == Some(TableCommand::Fulfil) {
        fulfil(game);
        return;
    }
    match game.state.phase() {
        Phase::Plant { planted } => phase_one_key(game, planted, key),
        Phase::Trade if game.state.must_plant_received_cards().is_some() => {
            plant_traded_key(game, key)
        }
        Phase::Trade => trade_table_key(game, key),
        Phase::PlantTraded => plant_traded_key(game, key),
        Phase::PlantOffered | Phase::PlantTurnedOver => duel_cards_key(game, key),
        Phase::GameOver => {}
    }
}

/// Phase 1 (and the bean duel's step 2), for the active player at the keyboard (or with
/// open hands): plant the front card, discard one after planting where the rules allow,
/// turn over (`e` too, once a card is planted).
fn phase_one_key(game: &mut CardTable, planted: usize, key: KeyEvent) {
    let active = game.state.active_player();
    if game.viewer() != Some(active) && !game.open_hands() {
        return;
    }
    let planting = command(At::Planting, key.code);
    match command(At::PhaseOne, key.code) {
        Some(TableCommand::Discard) if game.ruleset().discards_after_planting > 0 => {
            open_discard(game);
            return;
        }
        Some(TableCommand::TurnOver) if key.code != KeyCode::Char('e') || planted > 0 => {
            game.act(active, Action::TurnOver);
            return;
        }
        _ => {}
    }
    let Some(c @ (TableCommand::Plant | TableCommand::PlantIn)) = planting else {
        return;
    };
    let front = game.state.player(active).hand().front();
    let field = field_for(game, c, &key, (active, front), |game, bean| {
        // The second card may be planted, never must: turning over is the other way on.
        let why = if planted == 0 {
            format!(
                "No field has space for this {bean} bean: you must {}.",
                no_space(game, active)
            )
        } else {
            format!(
                "No field has space for this {bean} bean: {}, or turn over instead (t).",
                no_space(game, active)
            )
        };
        game.refuse(why);
        harvest_for_room(game);
    });
    if let Some(field) = field {
        game.act(active, Action::Plant { field });
    }
}

/// Where `command` plants `player`'s `kind` bean: the field it fits (Enter, with a bean to
/// plant) or the field typed (`1`-`9`, the rules' to refuse). Where Enter finds no room,
/// `no_room` is told the bean's name to say so.
fn field_for(
    game: &mut CardTable,
    command: TableCommand,
    key: &KeyEvent,
    (player, kind): (usize, Option<BeanKind>),
    no_room: impl FnOnce(&mut CardTable, String),
) -> Option<usize> {
    if command == TableCommand::PlantIn {
        return digit(key);
    }
    let kind = kind?;
    let field = game.suggested_field(player, kind);
    if field.is_none() {
        let bean = game.ruleset().bean(kind).name.clone();
        no_room(game, bean);
    }
    field
}

/// Phase 2 at the table: the active player ends trading, makes an offer, lets another
/// player propose, or answers an offer waiting in the trade panel; on a bot's turn a person
/// who wants to make an offer presses `o`, and any other key passes for everyone.
fn trade_table_key(game: &mut CardTable, key: KeyEvent) {
    let active = game.state.active_player();
    let command = command(At::Trading, key.code);
    if game.bots().floor().is_some() {
        match command {
            Some(TableCommand::MakeOffer) => game.take_floor(),
            _ => game.pass_floor(),
        }
        return;
    }
    match command {
        Some(TableCommand::EndTrading) => {
            game.act(active, Action::EndTrading);
        }
        // A served seat other than the active player's offers to the active player.
        Some(TableCommand::MakeOffer) => match game.served_seat() {
            Some(seat) if seat != active => game.start_proposal_by(seat),
            _ => game.set_mode(Mode::Compose(Composer::new(&game.state, active))),
        },
        Some(TableCommand::OthersPropose) if game.served_seat().is_some() => game.refuse(
            "Over the network everyone makes their own offers, on their own screen: o makes yours.",
        ),
        Some(TableCommand::OthersPropose) => game.set_mode(Mode::PickProposer(0)),
        Some(TableCommand::AnswerOffer) => match game
            .offers_to_active()
            .first()
            .and_then(|&id| Answer::new(&game.state, id))
        {
            Some(a) => game.set_mode(Mode::Answer(a)),
            None => game.refuse(format!(
                "No offer waits for {}'s answer.",
                game.name(active)
            )),
        },
        _ => {}
    }
}

/// The bean duel's step 2: `d` opens the chooser of the hand card to discard where the
/// rules allow a discard now, on the card that fits worst; otherwise it says why not.
fn open_discard(game: &mut CardTable) {
    let active = game.state.active_player();
    if game.state.player(active).hand().is_empty() {
        let name = game.name(active);
        game.refuse(format!(
            "{name}'s hand is empty: there is no card to discard."
        ));
        return;
    }
    // Ask the rules on a copy, so a refusal is worded as everywhere else.
    match game
        .state
        .clone()
        .apply(active, &Action::Discard { card: 0 })
    {
        Ok(_) => game.set_picker(Some(Picker::Discard(game.suggested_discard(active)))),
        Err(e) => game.refuse(e.to_string()),
    }
}

/// The discard chooser ([`Chooser::Discard`]'s keys): ←→ pick the hand card, Enter
/// discards it, Esc keeps every card.
pub(crate) fn discard_key(game: &mut CardTable, key: KeyEvent) {
    let Some(mut pos) = game.discard() else {
        return;
    };
    let active = game.state.active_player();
    let len = game.state.player(active).hand().len().max(1);
    match pick(Chooser::Discard, key.code) {
        Some(PickerCommand::Close) => {
            game.set_picker(None);
            return;
        }
        Some(PickerCommand::Back) => pos = (pos + len - 1) % len,
        Some(PickerCommand::On) => pos = (pos + 1) % len,
        Some(PickerCommand::Choose) => {
            if game.act(active, Action::Discard { card: pos }) {
                game.set_picker(None);
            }
            return;
        }
        _ => {}
    }
    game.set_picker(Some(Picker::Discard(pos.min(len - 1))));
}

/// The bean duel's steps 1 and 3, for the active player: ←→ choose one of the offered (or
/// turned-over) cards; Enter plants it where it fits, `1`–`9` in that field; in step 1 `d`
/// discards it, in step 3 `e` ends the turn and leaves the rest as an offer (Enter too, once
/// none is left).
fn duel_cards_key(game: &mut CardTable, key: KeyEvent) {
    let active = game.state.active_player();
    if game.viewer() != Some(active) && !game.open_hands() {
        return;
    }
    game.fix_plant_choice();
    let step_1 = game.state.phase() == Phase::PlantOffered;
    let cards = game.duel_cards().map(<[_]>::to_vec).unwrap_or_default();
    let len = cards.len();
    let card = game.plant().card;
    let command = command(At::DuelCards, key.code).or(command(At::Planting, key.code));
    match command {
        Some(TableCommand::CardBack) if len > 0 => game.plant_mut().card = (card + len - 1) % len,
        Some(TableCommand::CardOn) if len > 0 => game.plant_mut().card = (card + 1) % len,
        Some(TableCommand::Discard) if step_1 => {
            game.act(active, Action::DiscardOffered { card });
            game.fix_plant_choice();
        }
        Some(TableCommand::Discard) => {
            game.refuse("The turned-over cards are not discarded: plant them, or end the turn (e) to leave them as an offer.");
        }
        Some(TableCommand::EndTurn) if !step_1 => {
            game.act(active, Action::EndTurn);
        }
        Some(TableCommand::Plant) if key.code == KeyCode::Enter && !step_1 && len == 0 => {
            game.act(active, Action::EndTurn);
        }
        Some(TableCommand::EndTurn | TableCommand::TurnOver) if step_1 => {
            let fields = game.state.player(active).fields().len();
            game.refuse(format!(
                "First plant or discard each card left as an offer (Enter or {} plants, d discards).",
                crate::ui::picker_keys::numbers(fields)
            ));
        }
        Some(TableCommand::TurnOver) => {
            game.refuse("The cards are turned over: plant them, or end the turn (e) to leave them as an offer.");
        }
        Some(c @ (TableCommand::Plant | TableCommand::PlantIn)) => {
            if let Some(&kind) = cards.get(card) {
                plant_duel_card(game, c, kind, step_1, key);
            }
        }
        _ => {}
    }
}

/// Plants the chosen offered or turned-over card: where it fits, or in the field typed.
fn plant_duel_card(
    game: &mut CardTable,
    command: TableCommand,
    kind: BeanKind,
    step_1: bool,
    key: KeyEvent,
) {
    let active = game.state.active_player();
    let card = game.plant().card;
    let Some(field) = field_for(game, command, &key, (active, Some(kind)), |game, bean| {
        let instead = if step_1 {
            "discard it (d)"
        } else {
            "leave it as an offer (e)"
        };
        game.refuse(format!(
            "No field has space for this {bean} bean: harvest a field first (h), or {instead}."
        ));
    }) else {
        return;
    };
    let action = if step_1 {
        Action::PlantOffered { card, field }
    } else {
        Action::PlantTurnedOver { card, field }
    };
    game.act(active, action);
    game.fix_plant_choice();
}

/// Phase 3 (and cards received in a trade, planted at once): Tab and ↑↓ choose the player
/// with set-aside cards, ←→ the card; Enter plants it where it fits, `1`–`9` in that field.
fn plant_traded_key(game: &mut CardTable, key: KeyEvent) {
    game.fix_plant_choice();
    let n = game.state.player_count();
    let choice = game.plant();
    let aside = game.state.player(choice.player).set_aside().to_vec();
    let command = command(At::PlantTraded, key.code).or(command(At::Planting, key.code));
    match command {
        Some(c @ (TableCommand::PlayerOn | TableCommand::PlayerBack)) => {
            let step = if c == TableCommand::PlayerBack {
                n - 1
            } else {
                1
            };
            let mut p = choice.player;
            for _ in 0..n {
                p = (p + step) % n;
                if !game.state.player(p).set_aside().is_empty() {
                    break;
                }
            }
            *game.plant_mut() = PlantChoice { player: p, card: 0 };
        }
        Some(TableCommand::CardBack) if !aside.is_empty() => {
            game.plant_mut().card = (choice.card + aside.len() - 1) % aside.len()
        }
        Some(TableCommand::CardOn) if !aside.is_empty() => {
            game.plant_mut().card = (choice.card + 1) % aside.len()
        }
        Some(c @ (TableCommand::Plant | TableCommand::PlantIn)) => {
            if let Some(&kind) = aside.get(choice.card) {
                plant_set_aside(game, c, kind, key);
            }
        }
        _ => {}
    }
}

/// Plants the chosen set-aside card: where it fits, or in the field typed.
fn plant_set_aside(game: &mut CardTable, command: TableCommand, kind: BeanKind, key: KeyEvent) {
    let choice = game.plant();
    let whose = (choice.player, Some(kind));
    let Some(field) = field_for(game, command, &key, whose, |game, bean| {
        let why = format!(
            "None of {}'s fields has space for this {bean} bean: {}.",
            game.name(choice.player),
            no_space(game, choice.player)
        );
        game.refuse(why);
        harvest_for_room(game);
    }) else {
        return;
    };
    game.act(
        choice.player,
        Action::PlantSetAside {
            card: choice.card,
            field,
        },
    );
    game.fix_plant_choice();
}

/// The composer's letter keys: a bean's letter wants one more of that kind, the letter
/// with Shift one fewer; `hjkl` move like the arrows where no bean in play has the letter.
fn composer_letter(game: &CardTable, c: &mut Composer, key: KeyEvent) -> Option<KeyEvent> {
    let KeyCode::Char(ch) = key.code else {
        return Some(key);
    };
    if !ch.is_alphabetic() {
        return Some(key);
    }
    let kinds = trade::kinds_in_play(&game.state);
    let r = game.ruleset();
    let lower = |x: char| x.to_lowercase().next().unwrap_or(x);
    if let Some(i) = kinds
        .iter()
        .position(|&k| lower(r.bean(k).letter) == lower(ch))
    {
        c.want_row = i;
        if ch.is_uppercase() || key.modifiers.contains(KeyModifiers::SHIFT) {
            c.want[i] = c.want[i].saturating_sub(1);
        } else {
            c.want[i] += 1;
        }
        return None;
    }
    let arrow = match ch {
        'h' => KeyCode::Left,
        'j' => KeyCode::Down,
        'k' => KeyCode::Up,
        'l' => KeyCode::Right,
        _ => return None,
    };
    Some(KeyEvent::new(arrow, KeyModifiers::NONE))
}

fn compose_key(game: &mut CardTable, mut c: Composer, key: KeyEvent) {
    let Some(key) = composer_letter(game, &mut c, key) else {
        game.set_mode(Mode::Compose(c));
        return;
    };
    match command(At::Composing, key.code) {
        Some(TableCommand::Cancel) if game.bots().floor() == Some(c.proposer) => {
            game.pass(c.proposer);
            return;
        }
        Some(TableCommand::Cancel) => {
            // A counter-offer given up goes back to the offer it answered.
            let back = match c.counter.and_then(|id| Answer::new(&game.state, id)) {
                Some(a) => Mode::Answer(a),
                None => Mode::Table,
            };
            game.set_mode(back);
            game.settle();
            return;
        }
        Some(TableCommand::Send) if c.to.is_empty() => {
            game.refuse("Choose whom to ask (Space in the To column).");
        }
        Some(TableCommand::Send) => {
            // Sent, the composer closes before who comes next is settled; refused, it stays.
            game.set_mode(Mode::Table);
            if !game.send(&c) {
                game.set_mode(Mode::Compose(c));
            } else if game.open_hands() {
                game.shell.message = None;
            }
            return;
        }
        Some(command) => compose_command(game, &mut c, command, &key),
        None => {}
    }
    game.set_mode(Mode::Compose(c));
}

/// The composer's keys that change the offer being put together.
fn compose_command(game: &CardTable, c: &mut Composer, command: TableCommand, key: &KeyEvent) {
    let cards = trade::tradeable(&game.state, c.proposer).len();
    let kinds = c.want.len();
    match command {
        TableCommand::ColumnOn | TableCommand::ColumnBack => {
            let order = [Column::Give, Column::Want, Column::To];
            let at = order.iter().position(|&x| x == c.column).unwrap_or(0);
            let step = if command == TableCommand::ColumnOn {
                1
            } else {
                2
            };
            c.column = order[(at + step) % order.len()];
        }
        TableCommand::Back | TableCommand::On => {
            let down = command == TableCommand::On;
            let step = |row: usize, len: usize| match len {
                0 => 0,
                _ if down => (row + 1) % len,
                _ => (row + len - 1) % len,
            };
            match c.column {
                Column::Give => c.give_row = step(c.give_row, cards),
                Column::Want => c.want_row = step(c.want_row, kinds),
                Column::To => {
                    let partners = trade::partners(&game.state, c.proposer).len();
                    c.to_row = step(c.to_row, partners)
                }
            }
        }
        TableCommand::Choose => match c.column {
            Column::Give if cards > 0 => c.toggle_give(),
            Column::Want if kinds > 0 => c.want[c.want_row] += 1,
            Column::To if c.counter.is_none() => c.toggle_to(&game.state),
            _ => {}
        },
        TableCommand::AskEveryone if c.counter.is_none() => c.ask_everyone(&game.state),
        TableCommand::WantMore if kinds > 0 => {
            c.column = Column::Want;
            c.want[c.want_row] += 1;
        }
        TableCommand::Less => match c.column {
            Column::Want if kinds > 0 => c.want[c.want_row] = c.want[c.want_row].saturating_sub(1),
            Column::Give if c.give.contains(&c.give_row) => c.toggle_give(),
            _ => {}
        },
        TableCommand::Number => {
            if let Some(d) = digit(key)
                && trade::partners(&game.state, c.proposer).contains(&d)
                && c.counter.is_none()
            {
                c.ask_only(&game.state, d);
            }
        }
        _ => {}
    }
}

fn answer_key(game: &mut CardTable, mut a: Answer, key: KeyEvent) {
    let cards = trade::tradeable(&game.state, a.player).len();
    let Some(offer) = game
        .state
        .offers()
        .iter()
        .find(|o| o.id == a.offer)
        .cloned()
    else {
        game.settle();
        return;
    };
    match command(At::Answering, key.code) {
        Some(TableCommand::Accept) => {
            let give = a.give(&game.state);
            game.act(
                a.player,
                Action::Accept {
                    offer: a.offer,
                    give: give.into(),
                },
            );
            return;
        }
        Some(TableCommand::Decline) => {
            game.act(a.player, Action::Decline { offer: a.offer });
            return;
        }
        Some(TableCommand::HaveNone) => {
            game.say_none(a.player, a.offer);
            return;
        }
        Some(TableCommand::Counter) => {
            // Nothing is declined until the counter-offer is sent; Esc comes back here.
            game.set_mode(Mode::Compose(Composer::counter(
                &game.state,
                a.player,
                a.offer,
                offer.from,
                &offer.giving,
            )));
            return;
        }
        Some(TableCommand::Back) if cards > 0 => a.cursor = (a.cursor + cards - 1) % cards,
        Some(TableCommand::On) if cards > 0 => a.cursor = (a.cursor + 1) % cards,
        Some(TableCommand::Choose) if cards > 0 => a.toggle(),
        _ => {}
    }
    game.set_mode(Mode::Answer(a));
}

/// The players who may propose to the active player, clockwise from them: on a bot's
/// turn with the floor open, the people it is offered to.
pub(crate) fn proposers(game: &CardTable) -> Vec<usize> {
    if game.bots().floor().is_some() {
        return game.floor_people();
    }
    let n = game.state.player_count();
    let active = game.state.active_player();
    clockwise(active, n).skip(1).collect()
}

fn pick_key(game: &mut CardTable, i: usize, key: KeyEvent) {
    let others = proposers(game);
    if others.is_empty() {
        game.set_mode(Mode::Table);
        return;
    }
    let n = others.len();
    match command(At::PickProposer, key.code) {
        Some(TableCommand::Cancel) => game.set_mode(Mode::Table),
        Some(TableCommand::Back) => game.set_mode(Mode::PickProposer((i + n - 1) % n)),
        Some(TableCommand::On) => game.set_mode(Mode::PickProposer((i + 1) % n)),
        Some(TableCommand::Confirm) => propose_by(game, others[i]),
        Some(TableCommand::Number) => {
            if let Some(d) = digit(&key)
                && others.contains(&d)
            {
                propose_by(game, d);
            }
        }
        _ => {}
    }
}

/// The active player lets `player` propose: a person comes to the keyboard, a bot is asked
/// for an offer.
fn propose_by(game: &mut CardTable, player: usize) {
    if game.bots().floor().is_some() {
        game.bots_mut().give_floor(Some(player));
        game.start_proposal_by(player);
    } else if game.shell.is_bot(player) {
        game.invite(player);
    } else {
        game.start_proposal_by(player);
    }
}
