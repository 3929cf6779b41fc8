//! The greedy bot: saves the dice that serve its next orders, harvests as soon as it may.

use super::DiceAsk;
use super::names;
use crate::dice::Bean;
use crate::dice::BeanPiece;
use crate::dice::Dice;
use crate::dice::DiceAction;
use crate::dice::HarvestCard;
use crate::dice::choices;
use crate::dice::{DICE, DieId};
use crate::dice::{DiceState, Seat};
use crate::dice::{Order, Slot};
use crate::game::{Agent, BotName};

/// Looks one roll ahead: keeps the fewest dice that bring the most orders in a row (then the
/// most slots of the next order) into the bean field; repeats a roll none of whose dice help.
pub struct GreedyBot;

impl Agent<Dice> for GreedyBot {
    fn name(&self) -> BotName {
        names::GREEDY
    }

    fn decide(&mut self, ask: &DiceAsk<'_>) -> Option<DiceAction> {
        let (state, seat) = (ask.state, ask.seat);
        if state.may_harvest(seat) {
            return Some(DiceAction::Harvest);
        }
        ask.turn_move(|| save_or_repeat(state, seat))
    }
}

/// Greedy's move in the save step: the keep that moves its top card's orders on most.
pub(crate) fn save_or_repeat(state: &DiceState, seat: Seat) -> DiceAction {
    let card = state.top_card(seat);
    let from = state.players()[seat].covered;
    let field = state.field();
    let saved: Vec<Bean> = field.saved();
    let rolled: Vec<DieId> = (0..DICE).filter(|&d| field.dice[d].just_rolled).collect();
    let now = progress(card, from, &saved);
    let mut best: Option<((usize, usize), Vec<DieId>)> = None;
    for keep in choices(&rolled) {
        let mut shown = saved.clone();
        shown.extend(keep.iter().filter_map(|&d| field.dice[d].face));
        let score = progress(card, from, &shown);
        // `choices` lists fewer dice first, so a strict improvement keeps the fewest.
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, keep));
        }
    }
    let (score, keep) = best.expect("a roll always leaves a die to save");
    if score <= now && state.bean_piece() == BeanPiece::Ready {
        return DiceAction::RepeatRoll;
    }
    DiceAction::Save { dice: keep }
}

/// How far the shown beans take the card: orders fulfilled in a row from `from`, then the
/// most slots of the next order they fill.
fn progress(card: &HarvestCard, from: usize, shown: &[Bean]) -> (usize, usize) {
    let run = card.fulfilled_in_a_row(from, shown);
    let partial = card
        .orders
        .get(from + run)
        .map_or(0, |next| slots_filled(next, shown));
    (run, partial)
}

/// The most slots of any one alternative the shown beans can fill, each with its own die.
pub(super) fn slots_filled(order: &Order, shown: &[Bean]) -> usize {
    order
        .needs
        .iter()
        .map(|a| most_matched(&a.slots, shown, 0))
        .max()
        .unwrap_or(0)
}

fn most_matched(slots: &[Slot], shown: &[Bean], used: u8) -> usize {
    let Some((first, rest)) = slots.split_first() else {
        return 0;
    };
    let skip = most_matched(rest, shown, used);
    let take = shown
        .iter()
        .enumerate()
        .filter(|(i, bean)| used & (1 << i) == 0 && first.contains(**bean))
        .map(|(i, _)| 1 + most_matched(rest, shown, used | (1 << i)))
        .max()
        .unwrap_or(0);
    skip.max(take)
}
