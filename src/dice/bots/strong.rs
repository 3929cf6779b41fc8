//! The strong bot: plays its turn by the same exact expectation as `expect`, but for the
//! game around the turn rather than the card in front of it.
//!
//! Where `expect` counts covered orders at what a harvest would pay now, `strong` values
//! every player's cards by their [`CardOutlook`]: the dollars they can still expect before
//! the game ends, counting the rolls left (fewer as the leader nears the goal), the orders
//! the others' rolls will likely cover anyway, and the bottom card a harvest turns up — which
//! it checks against the dice on the table at once. It harvests when that beats waiting one
//! more roll, right after a roll so the new top card gets that roll too; it reaches the goal
//! when that wins; and it weighs what its rolls hand the leading rival above the rest.
//!
//! It reads the whole table, as every player may, but never the generator: only the dice's
//! faces and their chances.

use super::DiceAsk;
use super::card_value::CardOutlook;
use super::names;
use super::turn_search::{TurnMemo, TurnObjective};
use super::worth::goal_harvest_wins;
use crate::dice::Bean;
use crate::dice::Dice;
use crate::dice::DiceAction;
use crate::dice::TurnPhase;
use crate::dice::{DiceState, Seat};
use crate::game::{Agent, BotName};

/// The strong bot's weights, tuned by self-play against `greedy` with the simulator.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct StrongWeights {
    /// Rolls still to come in the game for each bean dollar the leader still lacks.
    pub rolls_per_dollar: f64,
    /// A roll's chance of covering a player's next order, as a multiple of its Bohnus (most
    /// rolls show fewer than five dice, so this is below one).
    pub reach: f64,
    /// What a roll hands each other player costs this share of it.
    pub others_weight: f64,
    /// What a roll hands the leading rival costs this much more again.
    pub leader_weight: f64,
    /// Ending the game as the winner, in bean dollars.
    pub win_worth: f64,
}

impl Default for StrongWeights {
    fn default() -> StrongWeights {
        StrongWeights {
            rolls_per_dollar: 5.0,
            reach: 0.6,
            others_weight: 0.5,
            leader_weight: 0.5,
            win_worth: 20.0,
        }
    }
}

/// The strong bot (see the module's description).
#[derive(Default)]
pub struct StrongBot {
    pub weights: StrongWeights,
    memo: TurnMemo,
}

impl Agent<Dice> for StrongBot {
    fn name(&self) -> BotName {
        names::STRONG
    }

    fn decide(&mut self, ask: &DiceAsk<'_>) -> Option<DiceAction> {
        let (state, seat) = (ask.state, ask.seat);
        if state.may_harvest(seat) && self.wants_harvest(state, seat) {
            return Some(DiceAction::Harvest);
        }
        ask.turn_move(|| {
            let objective = Race::new(state, seat, &self.weights);
            self.memo.save_or_repeat(state, seat, &objective)
        })
    }
}

impl StrongBot {
    /// Reach the goal when that wins (the active player only once its own check is made);
    /// otherwise harvest only right after dice are shown that the new top card may use — the
    /// others' roll, or its own full bean field — and only when harvesting then beats
    /// waiting one more roll.
    pub(crate) fn wants_harvest(&self, state: &DiceState, seat: Seat) -> bool {
        let active = seat == state.active();
        let phase = state.phase();
        let player = &state.players()[seat];
        if let Some(wins) = goal_harvest_wins(state, seat, player.covered) {
            return wins && (!active || phase == TurnPhase::Pass);
        }
        let shown = match (active, phase) {
            (false, TurnPhase::Save) => state.field().just_rolled(),
            (true, TurnPhase::Pass) => state.field().saved(),
            _ => return false,
        };
        let outlook = outlook(state, seat, &self.weights);
        let ruleset = state.ruleset();
        let pays = ruleset.dollars_for(player.covered).map_or(0.0, f64::from);
        let run = ruleset.card(player.bottom).fulfilled_in_a_row(0, &shown);
        pays + outlook.after_harvest(run) >= outlook.waiting(player.covered)
    }
}

/// Rolls still to come: `rolls_per_dollar` for each dollar the leader lacks, counting what
/// every player could harvest now.
fn rolls_left(state: &DiceState, weights: &StrongWeights) -> usize {
    let ruleset = state.ruleset();
    let leader = state
        .players()
        .iter()
        .map(|p| p.dollars + ruleset.dollars_for(p.covered).unwrap_or(0))
        .max()
        .unwrap_or(0);
    let lacking = ruleset.goal.saturating_sub(leader).max(1);
    (weights.rolls_per_dollar * f64::from(lacking)).round() as usize
}

fn outlook(state: &DiceState, seat: Seat, weights: &StrongWeights) -> CardOutlook {
    let ruleset = state.ruleset();
    let player = &state.players()[seat];
    CardOutlook::new(
        ruleset,
        ruleset.card(player.top),
        ruleset.card(player.bottom),
        rolls_left(state, weights),
        weights.reach,
    )
}

/// The strong bot's objective for one turn: its own cards' outlook after its check (and a
/// harvest, when that is better), less what each roll hands the others, the leading rival
/// weighed most.
struct Race<'a> {
    state: &'a DiceState,
    seat: Seat,
    win_worth: f64,
    own: CardOutlook,
    /// Each other player, the weight of their gains, and their outlook.
    rivals: Vec<(Seat, f64, CardOutlook)>,
}

impl<'a> Race<'a> {
    fn new(state: &'a DiceState, seat: Seat, weights: &StrongWeights) -> Race<'a> {
        let mut rivals: Vec<(Seat, f64, CardOutlook)> = (0..state.player_count())
            .filter(|&s| s != seat)
            .map(|s| (s, weights.others_weight, outlook(state, s, weights)))
            .collect();
        let standing = |&(s, _, ref o): &(Seat, f64, CardOutlook)| {
            f64::from(state.players()[s].dollars) + o.top(state.players()[s].covered)
        };
        let leader = rivals
            .iter()
            .max_by(|a, b| standing(a).total_cmp(&standing(b)))
            .map(|r| r.0);
        for rival in rivals.iter_mut().filter(|r| Some(r.0) == leader) {
            rival.1 *= 1.0 + weights.leader_weight;
        }
        Race {
            state,
            seat,
            win_worth: weights.win_worth,
            own: outlook(state, seat, weights),
            rivals,
        }
    }
}

impl TurnObjective for Race<'_> {
    fn field_worth(&self, field: &[Bean]) -> f64 {
        let ruleset = self.state.ruleset();
        let player = &self.state.players()[self.seat];
        let covered = player.covered
            + self
                .state
                .top_card(self.seat)
                .fulfilled_in_a_row(player.covered, field);
        let keep = self.own.top(covered);
        let Some(pays) = ruleset.dollars_for(covered) else {
            return keep;
        };
        if let Some(wins) = goal_harvest_wins(self.state, self.seat, covered) {
            return if wins { self.win_worth } else { keep };
        }
        let run = ruleset.card(player.bottom).fulfilled_in_a_row(0, field);
        keep.max(f64::from(pays) + self.own.after_harvest(run))
    }

    fn roll_cost(&self, rolled: &[Bean]) -> f64 {
        self.rivals
            .iter()
            .map(|(s, weight, outlook)| {
                let from = self.state.players()[*s].covered;
                let run = self.state.top_card(*s).fulfilled_in_a_row(from, rolled);
                weight * (outlook.top(from + run) - outlook.top(from))
            })
            .sum()
    }
}
