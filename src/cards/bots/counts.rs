//! What the simulator counts in a card game: trades, donations, harvests and the rest,
//! read from the engine's events by an observer of the table.

use std::sync::Arc;

use crate::cards::Cards;
use crate::cards::{Action, Event, EventKind, GameState, Ruleset};
use crate::game::{Observer, SimulatedGame, Tally};

impl SimulatedGame for Cards {
    type Counts = CardCounts;

    fn counts(rules: &Arc<Ruleset>) -> CardCounts {
        CardCounts {
            ruleset: Arc::clone(rules),
            trades: 0,
            cards_traded: 0,
            donations: 0,
            offers: 0,
            harvests: 0,
            harvests_for_nothing: 0,
            fields_bought: 0,
            fields_earned: 0,
            orders_fulfilled: 0,
            proposing: false,
            phase: 0,
            ran_out_in: None,
        }
    }

    fn score(state: &GameState, player: usize) -> u32 {
        state.player(player).score()
    }
}

/// The counters of one card game, read from its events as an observer of the table.
pub struct CardCounts {
    ruleset: Arc<Ruleset>,
    trades: u64,
    cards_traded: u64,
    donations: u64,
    offers: u64,
    harvests: u64,
    harvests_for_nothing: u64,
    fields_bought: u64,
    fields_earned: u64,
    orders_fulfilled: u64,
    /// Whether the action being applied is an offer: counted once it is applied.
    proposing: bool,
    /// The phase of the turn now (by its number in the rulebook; 4 while drawing).
    phase: u8,
    /// The phase in which the draw pile last ran out.
    ran_out_in: Option<u8>,
}

impl Observer<Cards> for CardCounts {
    /// Offers are counted from the actions, so the engine need not build their events.
    const EVENTS: u64 = EventKind::PhaseBegan.bit()
        | EventKind::Drew.bit()
        | EventKind::DrawPileRanOut.bit()
        | EventKind::Traded.bit()
        | EventKind::Harvested.bit()
        | EventKind::GainedBeanField.bit()
        | EventKind::OrderFulfilled.bit();

    fn before(&mut self, _: &GameState, _: usize, action: &Action) {
        // A refused offer gets no `after`: the action in its place has its own `before`.
        self.proposing = matches!(action, Action::Propose { .. });
    }

    fn after(&mut self, _: &GameState) {
        self.offers += u64::from(std::mem::take(&mut self.proposing));
    }

    fn event(&mut self, event: &Event) {
        match *event {
            Event::PhaseBegan { phase } => self.phase = phase,
            Event::Drew { .. } => self.phase = 4,
            Event::DrawPileRanOut { .. } => self.ran_out_in = Some(self.phase),
            Event::Traded {
                ref gave, ref got, ..
            } => {
                self.trades += 1;
                self.cards_traded += (gave.len() + got.len()) as u64;
                if gave.is_empty() || got.is_empty() {
                    self.donations += 1;
                }
            }
            Event::Harvested { coins, .. } => {
                self.harvests += 1;
                if coins == 0 {
                    self.harvests_for_nothing += 1;
                }
            }
            Event::GainedBeanField { paid, .. } => {
                if paid > 0 {
                    self.fields_bought += 1;
                } else {
                    self.fields_earned += 1;
                }
            }
            Event::OrderFulfilled { .. } => self.orders_fulfilled += 1,
            _ => {}
        }
    }
}

impl Tally<Cards> for CardCounts {
    /// The counters this ruleset has, by name.
    fn named(&self) -> Vec<(&'static str, u64)> {
        let ruleset = &self.ruleset;
        let mut named = vec![
            ("offers", self.offers),
            ("trades", self.trades),
            ("cards traded", self.cards_traded),
            ("donations", self.donations),
            ("harvests", self.harvests),
            ("harvests that paid nothing", self.harvests_for_nothing),
        ];
        let counts: Vec<usize> = ruleset.player_counts().collect();
        if counts.iter().any(|&n| {
            ruleset
                .table(n)
                .is_some_and(|t| t.third_field_price.is_some())
        }) {
            named.push(("third fields bought", self.fields_bought));
        }
        if ruleset
            .beans
            .iter()
            .any(|b| b.gives_third_field_at.is_some())
        {
            named.push(("third fields earned by harvest", self.fields_earned));
        }
        if !ruleset.order_cards.is_empty() {
            named.push(("orders fulfilled", self.orders_fulfilled));
        }
        named
    }

    fn turns(&self, state: &GameState) -> u32 {
        state.turn()
    }

    /// Where the game ended: the phase in which the draw pile ran out for the last time.
    fn ended_in(&self) -> String {
        match self.ran_out_in.unwrap_or(self.phase) {
            4 => "phase 4 (drawing)".to_string(),
            p => format!("phase {p}"),
        }
    }
}
