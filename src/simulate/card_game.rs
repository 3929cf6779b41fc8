//! The card game's adapter: plays one Bohnanza game with bots in every seat and reads what
//! a designer counts from the engine's events.

use std::sync::Arc;

use crate::bots::{Bot, Next, SeatKind, Table, seat_seed};
use crate::engine::{Event, EventSink, GameState, NewGameError, Ruleset};

use super::entrant::Entrant;
use super::game::GameAdapter;
use super::record::{GameRecord, LeadTracker};
use crate::bots::BotOptions;

/// The card game under one ruleset, for the simulator.
#[derive(Clone, Debug)]
pub struct CardGame {
    /// The rules.
    pub ruleset: Arc<Ruleset>,
}

impl CardGame {
    /// The card game under `ruleset`, shared for a run's workers.
    pub fn new(ruleset: Arc<Ruleset>) -> Arc<Self> {
        Arc::new(CardGame { ruleset })
    }
}

impl GameAdapter for CardGame {
    fn variant(&self) -> &str {
        &self.ruleset.name
    }

    fn check_players(&self, players: usize) -> Result<(), String> {
        GameState::new(&self.ruleset, players, 0)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn check_entrant(&self, entrant: &Entrant) -> Result<(), String> {
        match entrant.kind.card_bot() {
            Some(_) => Ok(()),
            None => Err(format!(
                "the card games have no {} bot: easy, normal, hard, expert, random, greedy or mcts",
                entrant.kind
            )),
        }
    }

    fn play(
        &self,
        seed: u64,
        seating: &[Entrant],
        options: &BotOptions,
    ) -> Result<GameRecord, String> {
        for entrant in seating {
            self.check_entrant(entrant)?;
        }
        play(&self.ruleset, seed, seating, options).map_err(|e| e.to_string())
    }
}

/// Counter names, as reports print them.
const TRADES: &str = "trades";
const CARDS_TRADED: &str = "cards traded";
const DONATIONS: &str = "donations";
const OFFERS: &str = "offers";
const HARVESTS: &str = "harvests";
const HARVESTS_FOR_NOTHING: &str = "harvests that paid nothing";
const FIELDS_BOUGHT: &str = "third fields bought";
const FIELDS_EARNED: &str = "third fields earned by harvest";
const ORDERS_FULFILLED: &str = "orders fulfilled";

/// The counters of one game, read from its events.
#[derive(Default)]
struct Counts {
    trades: u64,
    cards_traded: u64,
    donations: u64,
    offers: u64,
    harvests: u64,
    harvests_for_nothing: u64,
    fields_bought: u64,
    fields_earned: u64,
    orders_fulfilled: u64,
    /// The phase of the turn now (by its number in the rulebook; 4 while drawing).
    phase: u8,
    /// The phase in which the draw pile last ran out.
    ran_out_in: Option<u8>,
}

impl EventSink for Counts {
    fn emit(&mut self, event: Event) {
        match event {
            Event::PhaseBegan { phase } => self.phase = phase,
            Event::Drew { .. } => self.phase = 4,
            Event::DrawPileRanOut { .. } => self.ran_out_in = Some(self.phase),
            Event::Offered { .. } => self.offers += 1,
            Event::Traded { gave, got, .. } => {
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

impl Counts {
    /// The counters this ruleset has, by name.
    fn named(&self, ruleset: &Ruleset) -> Vec<(&'static str, u64)> {
        let mut named = vec![
            (OFFERS, self.offers),
            (TRADES, self.trades),
            (CARDS_TRADED, self.cards_traded),
            (DONATIONS, self.donations),
            (HARVESTS, self.harvests),
            (HARVESTS_FOR_NOTHING, self.harvests_for_nothing),
        ];
        let counts: Vec<usize> = ruleset.player_counts().collect();
        if counts.iter().any(|&n| {
            ruleset
                .table(n)
                .is_some_and(|t| t.third_field_price.is_some())
        }) {
            named.push((FIELDS_BOUGHT, self.fields_bought));
        }
        if ruleset
            .beans
            .iter()
            .any(|b| b.gives_third_field_at.is_some())
        {
            named.push((FIELDS_EARNED, self.fields_earned));
        }
        if !ruleset.order_cards.is_empty() {
            named.push((ORDERS_FULFILLED, self.orders_fulfilled));
        }
        named
    }

    /// Where the game ended: the phase in which the draw pile ran out for the last time.
    fn ended_in(&self) -> String {
        match self.ran_out_in.unwrap_or(self.phase) {
            4 => "phase 4 (drawing)".to_string(),
            p => format!("phase {p}"),
        }
    }
}

/// Plays one game of `ruleset` from `seed`, entrant `seating[pos]` at each position, and
/// records it.
pub fn play(
    ruleset: &Arc<Ruleset>,
    seed: u64,
    seating: &[Entrant],
    options: &BotOptions,
) -> Result<GameRecord, NewGameError> {
    let n = seating.len();
    let mut state = GameState::new(ruleset, n, seed)?;
    let bots: Vec<Option<Box<dyn Bot>>> = seating
        .iter()
        .enumerate()
        .map(|(pos, e)| e.make(seat_seed(seed, pos), options))
        .collect();
    let seats = seating
        .iter()
        .filter_map(|e| e.kind.card_bot().map(SeatKind::Bot))
        .collect();
    let mut table = Table::with_bots(seats, bots);
    let mut counts = Counts::default();
    let mut lead = LeadTracker::new(n);
    let mut actions = 0;
    let mut stuck = false;
    loop {
        match table.next(&state) {
            Next::Bot { player, action } => {
                if state.apply_with(player, &action, &mut counts).is_err() {
                    // The driver vets every action; this is a bug, not a stall.
                    stuck = true;
                    break;
                }
                actions += 1;
                lead.observe(|p| state.player(p).score());
            }
            Next::GameOver => break,
            Next::Human { .. } | Next::Stuck => {
                stuck = true;
                break;
            }
        }
    }
    let (scores, winners) = match state.outcome() {
        Some(o) => (o.coins.clone(), o.winners.clone()),
        None => (
            (0..n).map(|p| state.player(p).score()).collect(),
            Vec::new(),
        ),
    };
    Ok(GameRecord {
        lead: lead.story(&winners),
        scores,
        winners,
        turns: state.turn(),
        actions,
        ended_in: counts.ended_in(),
        counters: counts.named(ruleset),
        fallbacks: table.fallbacks(),
        stuck,
    })
}
