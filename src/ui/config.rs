//! What a new table is made of, in either game: one config, so the setup form and the
//! command line make a table the same way whichever game it is.

use std::sync::Arc;

use crate::game::{BotOptions, Game, SeatKind};
use crate::store::{Actions, RulesetSource, SavedGame, SavedSeat};

/// What a new game of `G` is made of.
#[derive(Clone, Debug)]
pub struct GameConfig<G: Game> {
    /// The rules, checked.
    pub ruleset: Arc<G::Rules>,
    /// Where the rules came from, kept in the save.
    pub source: RulesetSource,
    /// The players' names, in seat order.
    pub names: Vec<String>,
    /// Who plays each seat.
    pub seats: Vec<SeatKind>,
    /// The shuffle, and the dice.
    pub seed: u64,
    /// Show every hand and skip hand-offs (rules testers, solo tests); the dice game keeps
    /// nothing hidden, so it has no use for it.
    pub open_hands: bool,
    /// How the bot seats' bots are made (the card game's `mcts`; the dice game's bots need
    /// nothing).
    pub bots: BotOptions,
}

impl<G: Game> GameConfig<G> {
    /// A game of people and bots as seated, hands kept hidden, bots made as by default.
    pub fn new(
        ruleset: Arc<G::Rules>,
        source: RulesetSource,
        names: Vec<String>,
        seats: Vec<SeatKind>,
        seed: u64,
    ) -> GameConfig<G> {
        GameConfig {
            ruleset,
            source,
            names,
            seats,
            seed,
            open_hands: false,
            bots: BotOptions::default(),
        }
    }

    /// The save of a new game made of this config, started at `position` (the game's
    /// position as JSON) or dealt: the one record builder of both games' tables.
    pub(crate) fn record(&self, position: Option<serde_json::Value>) -> SavedGame {
        SavedGame {
            ruleset: self.source.clone(),
            names: self.names.clone(),
            seats: self.seats.iter().map(|&s| SavedSeat::of(s)).collect(),
            seed: self.seed,
            open_hands: self.open_hands,
            actions: Actions::new(),
            finished: false,
            position,
            tutor_asked: Vec::new(),
        }
    }
}
