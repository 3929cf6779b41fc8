//! A spectator's screen on the host: the public table of the host's game, drawn here for a
//! `bohnanza join` or `ssh` made with the spectators' code, and kept up with the game
//! after every change ([`catch_up`]). Nothing on it acts, and no hand is on it. The host's
//! own screen (`at_host`) shows the same table, reached here. The table is made by its own
//! game's screen ([`OnScreen::watched`]), picked through
//! [`Rules::dispatch`](crate::rules::Rules::dispatch), so nothing here names either game.

use std::sync::Arc;

use crate::host::Host;
use crate::host::tcp::{Shared, lock};
use crate::rules::WorkWithRules;
use crate::store::SavedGame;
use crate::ui::screen::{GameScreen, OnScreen};
use crate::ui::watched::WatchedTable;
use crate::ui::{App, Screen, Theme};

/// The public table of a hosted game, made by its own game's screen.
struct PublicTableOf(SavedGame);

impl<G: OnScreen> WorkWithRules<G> for PublicTableOf {
    type Output = Result<Box<dyn WatchedTable>, String>;

    fn with(self, _rules: &Arc<G::Rules>) -> Self::Output {
        G::watched(self.0)
    }
}

/// The public table of `host`'s game, in `theme`, or why there is none to serve.
pub fn spectator_app(host: &Host, theme: Theme) -> Result<App, String> {
    let table: Box<dyn GameScreen> = watched_table(host)?;
    Ok(App::playing(table, theme))
}

/// The public table of `host`'s game.
pub fn watched_table(host: &Host) -> Result<Box<dyn WatchedTable>, String> {
    let record = host.record().clone();
    let rules = record.ruleset.rules()?;
    rules.dispatch(PublicTableOf(record))
}

/// Brings the spectator's screen `app` up to `host`'s game (nothing on any other screen).
pub fn catch_up(app: &mut App, host: &Shared) -> Result<(), String> {
    let Screen::Table(table) = &mut app.screen else {
        return Ok(());
    };
    match table.watched_mut() {
        Some(watched) => follow_host(watched, host),
        None => Ok(()),
    }
}

/// Plays into `watched` the actions of `host`'s game it has not played yet.
pub fn follow_host(watched: &mut dyn WatchedTable, host: &Shared) -> Result<(), String> {
    let seen = watched.actions_seen();
    let actions: Vec<serde_json::Value> = {
        let host = lock(host);
        host.record().actions.iter().skip(seen).collect()
    };
    if actions.is_empty() {
        return Ok(());
    }
    watched.follow(&actions)
}
