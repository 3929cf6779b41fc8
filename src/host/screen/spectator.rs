//! A spectator's screen on the host: the public table of the host's game, drawn here for a
//! `bohnanza join` or `ssh` made with the spectators' code, and kept up with the game
//! after every change ([`catch_up`]). Nothing on it acts, and no hand is on it. The host's
//! own screen (`at_host`) shows the same table, reached here.

pub use crate::cards::screen::Watched;
use crate::host::Host;
use crate::host::tcp::{Shared, lock};
use crate::rules::Rules;
use crate::ui::{App, Theme};

/// The public table of `host`'s game, in `theme`, or why there is none to serve.
pub fn spectator_app(host: &Host, theme: Theme) -> Result<App, String> {
    Ok(App::playing(watched_table(host)?, theme))
}

/// The public table of `host`'s game. The dice game has no spectator's screen yet.
pub fn watched_table(host: &Host) -> Result<Watched, String> {
    if let Ok(Rules::Dice(_)) = host.record().ruleset.rules() {
        return Err(
            "the dice game has no spectator's screen yet: watch it from a program (JSON lines, docs/protocol.md)"
                .into(),
        );
    }
    Watched::new(host.record().clone())
}

/// Brings the spectator's screen `app` up to `host`'s game (nothing on any other screen).
pub fn catch_up(app: &mut App, host: &Shared) -> Result<(), String> {
    match app.shown_mut::<Watched>() {
        Some(watched) => follow_host(watched, host),
        None => Ok(()),
    }
}

/// Plays into `watched` the actions of `host`'s game it has not played yet.
pub fn follow_host(watched: &mut Watched, host: &Shared) -> Result<(), String> {
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
