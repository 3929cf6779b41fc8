//! What the simulator counts in a dice game: rolls, bean piece repeats, orders covered on
//! one's own turn and on others', harvests and decks renewed, read from the engine's events
//! by an observer of the table.

use std::sync::Arc;

use crate::dice::Dice;
use crate::dice::{DiceAction, DiceEvent, DiceRuleset, DiceState};
use crate::game::{Observer, SimulatedGame, Tally};

impl SimulatedGame for Dice {
    type Counts = DiceCounts;

    fn counts(_: &Arc<DiceRuleset>) -> DiceCounts {
        DiceCounts::default()
    }

    fn score(state: &DiceState, player: usize) -> u32 {
        state.players()[player].dollars
    }
}

/// The counters of one dice game, read from its events as an observer of the table.
#[derive(Default)]
pub struct DiceCounts {
    /// The active player when the action being applied was taken.
    active: usize,
    turns: u32,
    rolls: u64,
    repeats: u64,
    covered_others: u64,
    covered_own: u64,
    harvests: u64,
    full_harvests: u64,
    renewals: u64,
    /// Whether the player who announced the final phase was the active player then.
    announced_by_active: Option<bool>,
}

impl Observer<Dice> for DiceCounts {
    fn before(&mut self, state: &DiceState, _: usize, _: &DiceAction) {
        self.active = state.active();
    }

    fn event(&mut self, event: &DiceEvent) {
        let active = self.active;
        match event {
            DiceEvent::TurnStarted { .. } => self.turns += 1,
            DiceEvent::Rolled { repeated, .. } => {
                self.rolls += 1;
                self.repeats += u64::from(*repeated);
            }
            DiceEvent::OrdersCovered { seat, count, .. } if *seat == active => {
                self.covered_own += *count as u64;
            }
            DiceEvent::OrdersCovered { count, .. } => self.covered_others += *count as u64,
            DiceEvent::Harvested { orders, .. } => {
                self.harvests += 1;
                self.full_harvests += u64::from(*orders == crate::dice::ORDERS_PER_CARD);
            }
            DiceEvent::DeckRenewed { .. } => self.renewals += 1,
            DiceEvent::FinalPhaseAnnounced { seat } => {
                self.announced_by_active.get_or_insert(*seat == active);
            }
            _ => {}
        }
    }
}

impl Tally<Dice> for DiceCounts {
    fn named(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("rolls", self.rolls),
            ("bean piece repeats", self.repeats),
            ("orders covered (others')", self.covered_others),
            ("orders covered (own turn)", self.covered_own),
            ("harvests", self.harvests),
            ("full cards harvested", self.full_harvests),
            ("decks renewed", self.renewals),
        ]
    }

    fn turns(&self, _: &DiceState) -> u32 {
        self.turns
    }

    /// How the final phase came: on the announcer's own turn, or on another's.
    fn ended_in(&self) -> String {
        match self.announced_by_active {
            Some(true) => "final phase announced on the announcer's own turn".to_string(),
            Some(false) => "final phase announced on another player's turn".to_string(),
            None => "no final phase".to_string(),
        }
    }
}
