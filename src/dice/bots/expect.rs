//! The expect bot: keeps dice by exact expectation over the rest of its turn, and harvests
//! when waiting for the next order earns less than starting a new card.
//!
//! Its turn is searched exactly ([`super::turn_search`]) for the worth of the orders its final
//! bean field will cover, less what each roll hands the other players (they check every
//! roll).

use super::DiceAsk;
use super::names;
use super::turn_search::{TurnMemo, TurnObjective};
use super::worth::{goal_harvest_wins, harvest_rate, progress_worth};
use crate::dice::Bean;
use crate::dice::Dice;
use crate::dice::DiceAction;
use crate::dice::DiceRuleset;
use crate::dice::TurnPhase;
use crate::dice::{DiceState, Seat};
use crate::game::{Agent, BotName};

/// The expectation bot. `others_weight` scales what a roll hands the other players against
/// what it brings the bot itself.
pub struct ExpectBot {
    pub others_weight: f64,
    memo: TurnMemo,
}

impl Default for ExpectBot {
    fn default() -> ExpectBot {
        ExpectBot {
            others_weight: 0.5,
            memo: TurnMemo::default(),
        }
    }
}

impl Agent<Dice> for ExpectBot {
    fn name(&self) -> BotName {
        names::EXPECT
    }

    fn decide(&mut self, ask: &DiceAsk<'_>) -> Option<DiceAction> {
        let (state, seat) = (ask.state, ask.seat);
        let active = seat == state.active();
        if state.may_harvest(seat)
            && (!active || state.phase() == TurnPhase::Pass)
            && wants_harvest(state, seat)
        {
            return Some(DiceAction::Harvest);
        }
        ask.turn_move(|| {
            let objective = Worth {
                state,
                seat,
                others_weight: self.others_weight,
            };
            self.memo.save_or_repeat(state, seat, &objective)
        })
    }
}

/// Harvest a full card; reach the goal only when that wins or ties; otherwise harvest when
/// the next order's chance per roll is below the rate a new card earns.
fn wants_harvest(state: &DiceState, seat: Seat) -> bool {
    let ruleset = state.ruleset();
    let player = &state.players()[seat];
    if let Some(wins) = goal_harvest_wins(state, seat, player.covered) {
        return wins;
    }
    let Some(next) = state.top_card(seat).orders.get(player.covered) else {
        return true;
    };
    next.bohnus.percent() / 100.0 < harvest_rate(ruleset)
}

/// Expect's objective: the worth of the orders covered, its own less `others_weight` times
/// the others'.
struct Worth<'a> {
    state: &'a DiceState,
    seat: Seat,
    others_weight: f64,
}

impl Worth<'_> {
    fn gain(&self, seat: Seat, shown: &[Bean]) -> f64 {
        let ruleset: &DiceRuleset = self.state.ruleset();
        let from = self.state.players()[seat].covered;
        let run = self.state.top_card(seat).fulfilled_in_a_row(from, shown);
        progress_worth(ruleset, from + run) - progress_worth(ruleset, from)
    }
}

impl TurnObjective for Worth<'_> {
    fn field_worth(&self, field: &[Bean]) -> f64 {
        self.gain(self.seat, field)
    }

    fn roll_cost(&self, rolled: &[Bean]) -> f64 {
        let others = (0..self.state.player_count()).filter(|&s| s != self.seat);
        self.others_weight * others.map(|s| self.gain(s, rolled)).sum::<f64>()
    }
}
