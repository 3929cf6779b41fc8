//! The dice game's log: what each action did, in words, from the engine's events.

use crate::dice::{DiceEvent, DieId, RolledDie};
use crate::ui::words::plural;

/// Dollars as the table writes them: "1 dollar", "3 dollars".
pub(crate) fn dollars(count: u32) -> String {
    plural(count as usize, "dollar", "dollars")
}

/// Dice as the screen numbers them (1–5, where the engine counts 0–4): "die 2",
/// "dice 1, 3 and 4".
pub(crate) fn dice_numbers(dice: &[DieId]) -> String {
    let numbers: Vec<String> = dice.iter().map(|d| (d + 1).to_string()).collect();
    match numbers.split_last() {
        None => "no dice".to_string(),
        Some((last, [])) => format!("die {last}"),
        Some((last, rest)) => format!("dice {} and {last}", rest.join(", ")),
    }
}

fn rolled(dice: &[RolledDie]) -> String {
    let shown: Vec<String> = dice
        .iter()
        .map(|d| format!("{} {}", d.die + 1, d.bean.name()))
        .collect();
    shown.join(", ")
}

/// How many turns `events` begin: the bean piece passed to a player as the game ends begins
/// no turn.
pub fn turns_begun(events: &[DiceEvent]) -> u32 {
    if events
        .iter()
        .any(|e| matches!(e, DiceEvent::GameEnded { .. }))
    {
        return 0;
    }
    let begun = events
        .iter()
        .filter(|e| matches!(e, DiceEvent::TurnStarted { .. }));
    begun.count() as u32
}

/// One line for each event worth telling, with the players' (already safe) names; a turn
/// begins with a heading, as in the card game's log.
pub fn describe(events: &[DiceEvent], names: &[String]) -> Vec<String> {
    let new_turn = turns_begun(events) > 0;
    events
        .iter()
        .filter(|e| new_turn || !matches!(e, DiceEvent::TurnStarted { .. }))
        .map(|event| line(event, names))
        .collect()
}

/// The log's line for one event.
fn line(event: &DiceEvent, names: &[String]) -> String {
    let name = |seat: usize| names.get(seat).map_or("?", String::as_str);
    match event {
        DiceEvent::TurnStarted { seat } => crate::ui::words::turn_heading(name(*seat)),
        DiceEvent::Rolled {
            seat,
            dice,
            repeated: false,
        } => format!("{} rolled {}.", name(*seat), rolled(dice)),
        DiceEvent::Rolled {
            seat,
            dice,
            repeated: true,
        } => format!(
            "{} repeated the roll with the bean piece: {}.",
            name(*seat),
            rolled(dice)
        ),
        DiceEvent::OrdersCovered {
            seat,
            count,
            covered,
        } => format!(
            "{} covered {} ({} in all).",
            name(*seat),
            plural(*count, "order", "orders"),
            covered
        ),
        DiceEvent::DiceSaved { seat, dice } => format!(
            "{} saved {} in the bean field.",
            name(*seat),
            dice_numbers(dice)
        ),
        DiceEvent::DicePlaced { dice } => format!(
            "The final phase stops the turn: {} placed as they lie.",
            plural(dice.len(), "die", "dice")
        ),
        DiceEvent::Harvested {
            seat,
            orders,
            dollars: paid,
            total,
            ..
        } => format!(
            "{} harvested {} for {} ({} in all).",
            name(*seat),
            plural(*orders, "order", "orders"),
            dollars(*paid),
            dollars(*total)
        ),
        DiceEvent::DeckRenewed { cards } => format!(
            "The deck ran out: {} shuffled into a new deck.",
            plural(*cards, "dollar card was", "dollar cards were")
        ),
        DiceEvent::FinalPhaseAnnounced { seat } => {
            format!("{} reached the goal: the final phase!", name(*seat))
        }
        DiceEvent::BeanPiecePassed { from, to } => {
            format!("{} passed the bean piece to {}.", name(*from), name(*to))
        }
        DiceEvent::GameEnded {
            dollars: d,
            winners,
        } => game_over(d, winners, names),
    }
}

/// The game's end: who won, with how many bean dollars.
fn game_over(d: &[u32], winners: &[usize], names: &[String]) -> String {
    let name = |seat: usize| names.get(seat).map_or("?", String::as_str);
    let best = winners.first().map_or(0, |&w| d[w]);
    let who: Vec<&str> = winners.iter().map(|&w| name(w)).collect();
    let verb = if winners.len() == 1 {
        "wins"
    } else {
        "share the win"
    };
    format!(
        "Game over: {} {verb} with {}.",
        who.join(" and "),
        dollars(best)
    )
}

/// After a roll: who covered what with it, or that nobody could.
pub fn roll_report(events: &[DiceEvent], names: &[String]) -> Option<String> {
    let last_roll = events
        .iter()
        .rposition(|e| matches!(e, DiceEvent::Rolled { .. }))?;
    let covers: Vec<String> = events[last_roll..]
        .iter()
        .filter_map(|e| match e {
            // The count before the name: a bot's default name ends in its seat's number.
            DiceEvent::OrdersCovered { seat, count, .. } => Some(format!(
                "{count} for {}",
                names.get(*seat).map_or("?", String::as_str),
            )),
            _ => None,
        })
        .collect();
    Some(if covers.is_empty() {
        "This roll covered no one's order.".to_string()
    } else {
        format!("This roll covered orders: {}.", covers.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 36: default bot names end in a number, so the count comes first.
    #[test]
    fn the_roll_report_puts_each_count_before_its_players_name() {
        let names = ["Ana", "Strong 2", "Strong 3"].map(String::from);
        let covered = |seat, count| DiceEvent::OrdersCovered {
            seat,
            count,
            covered: count,
        };
        let events = [
            DiceEvent::Rolled {
                seat: 0,
                dice: Vec::new(),
                repeated: false,
            },
            covered(1, 2),
            covered(2, 1),
        ];
        assert_eq!(
            roll_report(&events, &names).as_deref(),
            Some("This roll covered orders: 2 for Strong 2, 1 for Strong 3.")
        );
    }
}
