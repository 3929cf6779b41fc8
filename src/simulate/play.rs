//! One game played by entrants at the table, whatever the game: the simulator meets a game
//! only here, through [`Rules::dispatch`], and counts it with the game's observer
//! ([`SimulatedGame::Counts`]).

use std::sync::Arc;

use crate::game::BotOptions;
use crate::game::{Observer, SeatKind, Seated, SimulatedGame, Table, Tally, Wire};
use crate::rules::{Rules, WorkWithRules};

use super::entrant::Entrant;
use super::record::{GameRecord, LeadTracker};

/// A game's actions at most: far beyond the longest game bots play (a few hundred actions).
const MAX_ACTIONS: u64 = 1_000_000;

/// A game under its rules, as the simulator plays it: any game [`Rules`] can name.
#[derive(Clone, Debug)]
pub struct SimGame {
    /// The rules.
    pub rules: Rules,
}

impl SimGame {
    /// The game under `rules`.
    pub fn new(rules: Rules) -> Self {
        SimGame { rules }
    }

    /// The ruleset's name, as reports print it.
    pub fn variant(&self) -> &str {
        self.rules.name()
    }

    /// Whether a game can seat `players`; the reason if not.
    pub fn check_players(&self, players: usize) -> Result<(), String> {
        struct Check(usize);
        impl<G: Wire + SimulatedGame> WorkWithRules<G> for Check {
            type Output = Result<(), String>;
            fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
                G::deal(rules, self.0, 0)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
        }
        self.rules.dispatch(Check(players))
    }

    /// Whether this game has a bot called what `entrant` names; the reason if not.
    pub fn check_entrant(&self, entrant: &Entrant) -> Result<(), String> {
        struct Check(Entrant);
        impl<G: Wire + SimulatedGame> WorkWithRules<G> for Check {
            type Output = Result<(), String>;
            fn with(self, _: &Arc<G::Rules>) -> Self::Output {
                check_entrant::<G>(&self.0)
            }
        }
        self.rules.dispatch(Check(*entrant))
    }

    /// Plays one game dealt from `seed`, entrant `seating[pos]` at each position.
    pub fn play(
        &self,
        seed: u64,
        seating: &[Entrant],
        options: &BotOptions,
    ) -> Result<GameRecord, String> {
        struct Play<'a>(u64, &'a [Entrant], &'a BotOptions);
        impl<G: Wire + SimulatedGame> WorkWithRules<G> for Play<'_> {
            type Output = Result<GameRecord, String>;
            fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
                play::<G>(rules, self.0, self.1, self.2)
            }
        }
        self.rules.dispatch(Play(seed, seating, options))
    }
}

/// Whether game `G` has the bot `entrant` names.
fn check_entrant<G: Seated>(entrant: &Entrant) -> Result<(), String> {
    let names = G::bot_names();
    if names.contains(&entrant.kind) {
        return Ok(());
    }
    let names: Vec<&str> = names.iter().map(|n| n.name()).collect();
    Err(format!(
        "{}: no {} bot (its bots: {})",
        G::NAME,
        entrant.kind,
        names.join(", ")
    ))
}

/// What one game tells the record besides its counters: the lead as it changed.
struct Lead<'a, G: SimulatedGame> {
    counts: &'a mut G::Counts,
    lead: LeadTracker,
}

impl<G: SimulatedGame> Observer<G> for Lead<'_, G> {
    const EVENTS: u64 = <G::Counts as Observer<G>>::EVENTS;

    fn before(&mut self, state: &G::State, player: usize, action: &G::Action) {
        self.counts.before(state, player, action);
    }
    fn event(&mut self, event: &G::Event) {
        self.counts.event(event);
    }
    fn after(&mut self, state: &G::State) {
        self.counts.after(state);
        self.lead.observe(|p| G::score(state, p));
    }
}

/// Plays one game of `rules` from `seed`, entrant `seating[pos]` at each position, and
/// records it from what the game's observer counted.
fn play<G: SimulatedGame>(
    rules: &Arc<G::Rules>,
    seed: u64,
    seating: &[Entrant],
    options: &BotOptions,
) -> Result<GameRecord, String> {
    let n = seating.len();
    let mut state = G::deal(rules, n, seed).map_err(|e| e.to_string())?.state;
    for entrant in seating {
        check_entrant::<G>(entrant)?;
    }
    let seats: Vec<SeatKind> = seating.iter().map(|e| SeatKind::Bot(e.kind)).collect();
    let mut table = Table::<G>::with_options(&seats, seed, |p| seating[p].options(options))?;
    let mut counts = G::counts(rules);
    let mut seen = Lead::<G> {
        counts: &mut counts,
        lead: LeadTracker::new(n),
    };
    let stats = table.play_observed(&mut state, &mut seen, MAX_ACTIONS);
    let lead = seen.lead;
    let (scores, winners) = match G::outcome(&state) {
        Some(o) => {
            let standing = G::standing(&o);
            (standing.scores, standing.winners)
        }
        None => ((0..n).map(|p| G::score(&state, p)).collect(), Vec::new()),
    };
    Ok(GameRecord {
        lead: lead.story(&winners),
        scores,
        winners,
        turns: counts.turns(&state),
        actions: stats.actions,
        ended_in: counts.ended_in(),
        counters: counts.named(),
        fallbacks: stats.fallbacks,
        stuck: stats.stuck,
    })
}
