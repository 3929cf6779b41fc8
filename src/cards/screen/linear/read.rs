//! Reading the card table in sentences, part by part, from one seat's view: hidden cards
//! never reach these lines, since the view leaves them out.

use super::super::log::cards;
use super::name;
use crate::cards::bots::Prompt;
use crate::cards::{Field, GameState, Phase, PlayerView, Ruleset, SeatView};
use crate::ui::linear::Part;
use crate::ui::words::{listed, plural};

/// The decision at hand in one sentence.
pub fn situation(state: &GameState, player: usize, prompt: &Prompt, names: &[String]) -> String {
    let me = name(names, player);
    let ruleset = state.ruleset();
    match prompt {
        Prompt::Answer { offer } => match state.offers().iter().find(|o| o.id == *offer) {
            Some(o) => format!(
                "{me}, {} offers you {} for {} (offer {offer}).",
                name(names, o.from),
                cards(ruleset, &o.giving),
                cards(ruleset, &o.want)
            ),
            None => format!("{me}, answer offer {offer}."),
        },
        Prompt::MayPropose => format!(
            "{me}, you may make {} an offer (offer {} 1 Soy for 1 Red, say) or pass.",
            name(names, state.active_player()),
            name(names, state.active_player())
        ),
        Prompt::Act => {
            let phase = state.phase();
            let number = phase
                .number()
                .map_or(String::new(), |n| format!("phase {n}, "));
            let whose = if player == state.active_player() {
                "your turn".to_string()
            } else {
                format!("{}'s turn", name(names, state.active_player()))
            };
            format!("{me}, {whose}, {number}{}.", phase.title().to_lowercase())
        }
    }
}

/// One part of the table as `viewer` may see it.
pub fn read(state: &GameState, part: Part, viewer: Option<usize>, names: &[String]) -> Vec<String> {
    let seat = viewer.unwrap_or(state.active_player());
    let view = state.view(seat);
    let ruleset = state.ruleset();
    match part {
        Part::Hand => vec![hand(ruleset, &view, viewer, names)],
        Part::Fields => {
            let mine = &view.seats[seat];
            let mut lines = vec![format!("Your fields: {}.", fields(ruleset, mine))];
            if !mine.set_aside.is_empty() {
                let set = cards(ruleset, &mine.set_aside);
                lines.push(format!("Set aside for you to plant: {set}."));
            }
            lines
        }
        Part::Table => middle(ruleset, &view, names),
        Part::Offers => offers(ruleset, &view, names),
        Part::Scores => (0..view.seats.len())
            .map(|p| seat_line(ruleset, &view.seats[p], name(names, p)))
            .collect(),
    }
}

/// The viewer's hand, front card first, and an order card in it.
fn hand(ruleset: &Ruleset, view: &PlayerView, viewer: Option<usize>, names: &[String]) -> String {
    let Some(v) = viewer else {
        return "No hand is read until a player takes the keyboard.".to_string();
    };
    let seat = &view.seats[v];
    let Some(hand) = &seat.hand else {
        return "Your hand is hidden here.".to_string();
    };
    let who = name(names, v);
    let order = seat.hand_order.map_or(String::new(), |(behind, o)| {
        format!(
            " The order card {o} lies behind the first {}.",
            plural(behind, "card", "cards")
        )
    });
    if hand.is_empty() {
        return format!("Your hand ({who}) is empty.{order}");
    }
    format!(
        "Your hand ({who}), front card first: {}.{order}",
        named_in_order(ruleset, hand)
    )
}

/// Cards in their order, each named (not grouped as the log's lists are): "Red, Soy, Red".
fn named_in_order(ruleset: &Ruleset, kinds: &[crate::cards::BeanKind]) -> String {
    let names: Vec<&str> = kinds
        .iter()
        .map(|&k| ruleset.bean(k).name.as_str())
        .collect();
    listed(&names)
}

/// A seat's fields: "field 1, 3 Red; field 2, empty".
fn fields(ruleset: &Ruleset, seat: &SeatView) -> String {
    let each: Vec<String> = seat
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| format!("field {}, {}", i + 1, field(ruleset, f)))
        .collect();
    each.join("; ")
}

/// "3 Red", or "empty".
fn field(ruleset: &Ruleset, f: &Field) -> String {
    match f.kind() {
        Some(k) => format!("{} {}", f.count(), ruleset.bean(k).name),
        None => "empty".to_string(),
    }
}

/// The turn, the turned-over (or offered) cards and the piles.
fn middle(ruleset: &Ruleset, view: &PlayerView, names: &[String]) -> Vec<String> {
    let active = name(names, view.active_player);
    let phase = match view.phase {
        Phase::GameOver => "the game is over".to_string(),
        p => format!("phase {}", p.number().unwrap_or(0)),
    };
    let mut lines = vec![format!("Turn {}, {active}'s turn, {phase}.", view.turn)];
    if !view.face_up.is_empty() {
        lines.push(format!(
            "Turned over: {}.",
            named_in_order(ruleset, &view.face_up)
        ));
    } else {
        lines.push("No cards are turned over.".to_string());
    }
    if !view.offered.is_empty() {
        let offered = named_in_order(ruleset, &view.offered);
        lines.push(format!("Left as an offer: {offered}."));
    }
    let top = view.discard_top.map_or(String::new(), |k| {
        format!(", {} on top", ruleset.bean(k).name)
    });
    lines.push(format!(
        "Draw pile: {}; it has run out {} of {} times. Discard pile: {}{top}.",
        plural(view.draw_pile, "card", "cards"),
        view.draw_pile_runs_out,
        view.game_ends_when_draw_pile_runs_out,
        plural(view.discard_pile, "card", "cards"),
    ));
    if view.last_turn {
        lines.push("This is the last turn.".to_string());
    }
    lines
}

/// The open offers, each with its number to answer it by.
fn offers(ruleset: &Ruleset, view: &PlayerView, names: &[String]) -> Vec<String> {
    if view.offers.is_empty() {
        return vec!["No offers are open.".to_string()];
    }
    view.offers
        .iter()
        .map(|o| {
            format!(
                "Offer {}: {} offers {} {} for {}.",
                o.id,
                name(names, o.from),
                name(names, o.to),
                cards(ruleset, &o.giving),
                cards(ruleset, &o.want)
            )
        })
        .collect()
}

/// One seat: coins, hand size, fields, set-aside cards and order cards.
fn seat_line(ruleset: &Ruleset, seat: &SeatView, who: &str) -> String {
    let mut line = format!(
        "{who}: {}, {} in hand; {}",
        plural(seat.coins as usize, "coin", "coins"),
        plural(seat.hand_size, "card", "cards"),
        fields(ruleset, seat)
    );
    if !seat.set_aside.is_empty() {
        line.push_str(&format!("; set aside: {}", cards(ruleset, &seat.set_aside)));
    }
    if let Some(o) = seat.laid_out_order {
        line.push_str(&format!("; order card {o} laid out"));
    }
    if !seat.fulfilled_orders.is_empty() {
        let n = seat.fulfilled_orders.len();
        line.push_str(&format!("; {} fulfilled", plural(n, "order", "orders")));
    }
    line.push('.');
    line
}
