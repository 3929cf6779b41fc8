//! The dice game's adapter: plays one game of Bohnanza — Das Würfelspiel with dice bots in
//! every seat and reads what a designer counts from its events.

use std::sync::Arc;

use crate::bots::{BotOptions, seat_seed};
use crate::dice::bots::{DiceBot, play_game};
use crate::dice::{DiceEvent, DiceRuleset, DiceState};

use super::entrant::Entrant;
use super::game::GameAdapter;
use super::record::{GameRecord, LeadTracker};

/// A game's actions at most: far beyond the longest game bots play (about 150 actions).
const MAX_ACTIONS: usize = 100_000;

/// Counter names, as reports print them.
const ROLLS: &str = "rolls";
const BEAN_PIECE_REPEATS: &str = "bean piece repeats";
const COVERED_ON_OTHERS_TURNS: &str = "orders covered (others')";
const COVERED_ON_OWN_TURN: &str = "orders covered (own turn)";
const HARVESTS: &str = "harvests";
const HARVESTS_OF_FIVE: &str = "full cards harvested";
const DECK_RENEWALS: &str = "decks renewed";

/// The dice game under one ruleset, for the simulator.
#[derive(Clone, Debug)]
pub struct DiceGame {
    /// The rules.
    pub ruleset: Arc<DiceRuleset>,
}

impl DiceGame {
    /// The dice game under `ruleset`, shared for a run's workers.
    pub fn new(ruleset: Arc<DiceRuleset>) -> Arc<Self> {
        Arc::new(DiceGame { ruleset })
    }
}

impl GameAdapter for DiceGame {
    fn variant(&self) -> &str {
        &self.ruleset.name
    }

    fn check_players(&self, players: usize) -> Result<(), String> {
        DiceState::new(&self.ruleset, players, 0)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn check_entrant(&self, entrant: &Entrant) -> Result<(), String> {
        match (entrant.kind.dice_bot(), entrant.playouts) {
            (Some(_), None) => Ok(()),
            (Some(_), Some(_)) => Err(format!(
                "the dice game's {} bot takes no budget",
                entrant.kind
            )),
            (None, _) => Err(format!(
                "the dice game has no {} bot: random, greedy, expect or strong",
                entrant.kind
            )),
        }
    }

    fn play(
        &self,
        seed: u64,
        seating: &[Entrant],
        _options: &BotOptions,
    ) -> Result<GameRecord, String> {
        let mut bots = Vec::with_capacity(seating.len());
        for (pos, entrant) in seating.iter().enumerate() {
            self.check_entrant(entrant)?;
            let kind = entrant.kind.dice_bot().expect("checked just now");
            bots.push(kind.make(seat_seed(seed, pos)));
        }
        play(&self.ruleset, seed, &mut bots)
    }
}

/// Plays one game from `seed` with `bots` by position, then replays its actions to count
/// what happened and follow the lead.
fn play(
    ruleset: &Arc<DiceRuleset>,
    seed: u64,
    bots: &mut [Box<dyn DiceBot>],
) -> Result<GameRecord, String> {
    let n = bots.len();
    let mut state = DiceState::new(ruleset, n, seed).map_err(|e| e.to_string())?;
    let (played, stuck) = match play_game(&mut state, bots, MAX_ACTIONS) {
        Ok(record) => (record.actions, false),
        Err(_) => (Vec::new(), true),
    };
    let mut replay = DiceState::new(ruleset, n, seed).map_err(|e| e.to_string())?;
    let mut counts = Counts::default();
    let mut lead = LeadTracker::new(n);
    for (seat, action) in &played {
        let active = replay.active();
        let events = replay
            .apply(*seat, action)
            .map_err(|e| format!("a bot's game does not replay: {e}"))?;
        counts.read(&events, active);
        lead.observe(|p| replay.players()[p].dollars);
    }
    let scores: Vec<u32> = state.players().iter().map(|p| p.dollars).collect();
    let winners = state.outcome().map(|o| o.winners).unwrap_or_default();
    Ok(GameRecord {
        lead: lead.story(&winners),
        scores,
        winners,
        turns: counts.turns,
        actions: played.len() as u64,
        ended_in: counts.ended_in(),
        counters: counts.named(),
        fallbacks: 0,
        stuck,
    })
}

/// The counters of one game, read from its events.
#[derive(Default)]
struct Counts {
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

impl Counts {
    fn read(&mut self, events: &[DiceEvent], active: usize) {
        for event in events {
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

    fn named(&self) -> Vec<(&'static str, u64)> {
        vec![
            (ROLLS, self.rolls),
            (BEAN_PIECE_REPEATS, self.repeats),
            (COVERED_ON_OTHERS_TURNS, self.covered_others),
            (COVERED_ON_OWN_TURN, self.covered_own),
            (HARVESTS, self.harvests),
            (HARVESTS_OF_FIVE, self.full_harvests),
            (DECK_RENEWALS, self.renewals),
        ]
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
