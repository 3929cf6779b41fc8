//! The dice game in lines: rolls told as they fall, the dice to save as numbered choices
//! (in the coach's words, which name the beans saved), and the table read from the view,
//! since nothing in the dice game is hidden.

use super::log::{describe, roll_report};
use crate::coach::Coached;
use crate::dice::{Dice, DiceAction, DiceEvent, DiceState, DiceView, TurnPhase};
use crate::ui::linear::{Choice, Part, Spoken};
use crate::ui::words::{listed, plural};

impl Spoken for Dice {
    /// Nothing is hidden: nobody hands the keyboard over.
    fn hides_hands(_: &DiceState) -> bool {
        false
    }

    /// The log's lines, with the orders each roll covered.
    fn tell(_before: &DiceState, events: &[DiceEvent], names: &[String]) -> Vec<String> {
        let mut lines = describe(events, names);
        if let Some(report) = roll_report(events, names) {
            lines.push(report);
        }
        lines
    }

    fn situation(state: &DiceState, player: usize, _: &(), names: &[String]) -> String {
        let me = names.get(player).map_or("?", String::as_str);
        match state.phase() {
            TurnPhase::Roll => format!("{me}, your turn: roll the dice."),
            TurnPhase::Save => format!(
                "{me}, you rolled {}. Save at least one die in the bean field.",
                listed(&just_rolled(state))
            ),
            TurnPhase::Pass => format!("{me}, all five dice are saved: pass the bean piece."),
            TurnPhase::Over => format!("{me}, the game is over."),
        }
    }

    /// The active player's moves (saves that come to the same counted once), and each
    /// other person's harvest where they may harvest now.
    fn choices(
        state: &DiceState,
        player: usize,
        _: &(),
        names: &[String],
        people: &[bool],
    ) -> Vec<Choice<DiceAction>> {
        let mut out: Vec<Choice<DiceAction>> = Vec::new();
        for action in state.legal_actions(player) {
            let label = Dice::label(state, player, &action, names);
            if !out.iter().any(|c| c.label == label) {
                out.push(Choice::act(label, player, action));
            }
        }
        let n = state.player_count();
        for q in (1..n).map(|d| (player + d) % n) {
            if people.get(q).copied().unwrap_or(false) && state.may_harvest(q) {
                let who = names.get(q).map_or("?", String::as_str);
                let label = Dice::label(state, q, &DiceAction::Harvest, names);
                let label = format!("{who}: {}", label.replace("your", "their"));
                out.push(Choice::act(label, q, DiceAction::Harvest));
            }
        }
        out
    }

    /// `save 1 3 4`: the dice by their numbers, as the table numbers them.
    fn words(
        state: &DiceState,
        player: usize,
        typed: &str,
        _names: &[String],
    ) -> Option<Result<Vec<DiceAction>, String>> {
        let rest = typed.trim().to_ascii_lowercase();
        let numbers = rest.strip_prefix("save ")?;
        let dice: Result<Vec<usize>, _> = numbers
            .split([' ', ','])
            .filter(|w| !w.is_empty() && *w != "and")
            .map(|w| w.parse::<usize>())
            .collect();
        let dice = dice.ok()?;
        let rolled: Vec<String> = (0..crate::dice::DICE)
            .filter(|&d| state.field().dice[d].just_rolled)
            .map(|d| (d + 1).to_string())
            .collect();
        if player != state.active() || state.phase() != TurnPhase::Save {
            return Some(Err(
                "dice are saved by the active player after a roll".to_string()
            ));
        }
        match dice.iter().find(|&&d| !rolled.contains(&d.to_string())) {
            Some(d) => Some(Err(format!(
                "die {d} was not just rolled; the dice just rolled are {}",
                listed(&rolled)
            ))),
            None => Some(Ok(vec![DiceAction::Save {
                dice: dice.iter().map(|d| d - 1).collect(),
            }])),
        }
    }

    fn words_help() -> &'static [&'static str] {
        &["save 1 3 4 saves the dice numbered 1, 3 and 4 (as the roll names them)."]
    }

    fn read(state: &DiceState, part: Part, viewer: Option<usize>, names: &[String]) -> Vec<String> {
        let view = state.view();
        let seat = viewer.unwrap_or(view.active);
        let name = |p: usize| names.get(p).map_or("?", String::as_str).to_string();
        match part {
            Part::Hand => vec![format!(
                "The dice game has no hand. Your card ({}): {}",
                name(seat),
                card(&view, seat)
            )],
            Part::Fields => vec![bean_field(state)],
            Part::Table => table(state, &view, names),
            Part::Offers => vec!["The dice game has no offers.".to_string()],
            Part::Scores => (0..view.players.len())
                .map(|p| format!("{}: {}", name(p), card(&view, p)))
                .collect(),
        }
    }
}

/// The beans just rolled, each with its die's number: "Red (die 1)".
fn just_rolled(state: &DiceState) -> Vec<String> {
    state
        .field()
        .dice
        .iter()
        .enumerate()
        .filter(|(_, d)| d.just_rolled)
        .filter_map(|(i, d)| d.face.map(|b| format!("{} (die {})", b.name(), i + 1)))
        .collect()
}

/// The bean field: the dice saved in it.
fn bean_field(state: &DiceState) -> String {
    let saved: Vec<String> = state
        .field()
        .dice
        .iter()
        .enumerate()
        .filter(|(_, d)| d.saved)
        .filter_map(|(i, d)| d.face.map(|b| format!("{} (die {})", b.name(), i + 1)))
        .collect();
    if saved.is_empty() {
        "The bean field is empty.".to_string()
    } else {
        format!("In the bean field: {}.", listed(&saved))
    }
}

/// Whose turn, the dice just rolled, the bean piece, the deck and the goal.
fn table(state: &DiceState, view: &DiceView, names: &[String]) -> Vec<String> {
    let active = names.get(view.active).map_or("?", String::as_str);
    let rolled = just_rolled(state);
    let mut lines = vec![format!("It is {active}'s turn.")];
    if rolled.is_empty() {
        lines.push("No dice lie rolled on the table.".to_string());
    } else {
        lines.push(format!("Just rolled: {}.", listed(&rolled)));
    }
    let piece = match view.bean_piece {
        crate::dice::BeanPiece::Ready => "standing: the roll may be repeated once",
        crate::dice::BeanPiece::Used => "on its back: the repeat is spent",
    };
    lines.push(format!(
        "The bean piece is {piece}. The deck holds {}; the goal is {}.",
        plural(view.deck, "dollar card", "dollar cards"),
        dollars(view.goal)
    ));
    if let Some(f) = view.final_phase {
        let who = names.get(f).map_or("?", String::as_str);
        lines.push(format!("The final phase is on: {who} reached the goal."));
    }
    lines
}

/// One player's dollars and card: its orders, which are covered, and what a harvest pays.
fn card(view: &DiceView, p: usize) -> String {
    let player = &view.players[p];
    let orders: Vec<String> = player
        .top
        .orders
        .iter()
        .map(|o| {
            let mark = if o.covered { "covered" } else { "open" };
            format!("{} ({mark})", o.text.replace(" | ", " or "))
        })
        .collect();
    let pays = player.harvest_pays.map_or(String::new(), |d| {
        format!(" A harvest now pays {}.", dollars(d))
    });
    format!(
        "{}; {} of the top card covered; orders, bottom first: {}.{pays}",
        dollars(player.dollars),
        player.covered,
        orders.join("; ")
    )
}

/// "1 dollar", "3 dollars", as the dice table writes them.
fn dollars(n: u32) -> String {
    plural(n as usize, "dollar", "dollars")
}
