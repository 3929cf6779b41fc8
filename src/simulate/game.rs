//! What the simulator needs of a game: a name for reports, a check of the table before a
//! run, and one game played by entrants into a [`GameRecord`]. The card game is one
//! ([`CardGame`](super::card_game::CardGame)); the dice game can be another, and every
//! figure, chart, shard, merge and rating after the record is shared.

use crate::bots::BotOptions;

use super::entrant::Entrant;
use super::record::GameRecord;

/// A game the simulator can play.
pub trait GameAdapter: Send + Sync + std::fmt::Debug {
    /// The ruleset's name, as reports print it.
    fn variant(&self) -> &str;

    /// Whether a game can seat `players`; the reason if not.
    fn check_players(&self, players: usize) -> Result<(), String>;

    /// Whether this game has a bot called what `entrant` names; the reason if not.
    fn check_entrant(&self, entrant: &Entrant) -> Result<(), String>;

    /// Plays one game dealt from `seed`, entrant `seating[pos]` at each position.
    fn play(
        &self,
        seed: u64,
        seating: &[Entrant],
        options: &BotOptions,
    ) -> Result<GameRecord, String>;
}
