//! One joined seat's screen on the host: its game's table served to that seat
//! ([`OnScreen::served`], the card table or the dice table), its moves played through the
//! host, and kept up with the host's game after every change ([`catch_up`]). The game is
//! picked through [`Rules::dispatch`](crate::rules::Rules::dispatch), so nothing here names
//! either game.

use std::sync::Arc;

use serde_json::Value;

use crate::host::Host;
use crate::host::tcp::{Shared, lock};
use crate::rules::WorkWithRules;
use crate::store::SavedGame;
use crate::ui::screen::{GameScreen, OnScreen};
use crate::ui::served::SeatHost;
use crate::ui::{App, Screen, Theme};

/// A seat's moves, played by the shared host.
struct ThroughHost(Shared);

impl SeatHost for ThroughHost {
    fn act(&self, seat: usize, action: Value) -> Result<(), String> {
        lock(&self.0)
            .act(seat, action)
            .map(|_| ())
            .map_err(|e| e.message)
    }

    fn pass(&self, seat: usize) -> Result<(), String> {
        lock(&self.0).pass(seat).map_err(|e| e.message)
    }
}

/// The table of one seat of a hosted game, made by its own game's screen.
struct Serve {
    record: SavedGame,
    seat: usize,
    host: Arc<dyn SeatHost>,
}

impl<G: OnScreen> WorkWithRules<G> for Serve {
    type Output = Result<Box<dyn GameScreen>, String>;

    fn with(self, _rules: &Arc<G::Rules>) -> Self::Output {
        G::served(self.record, self.seat, self.host)
    }
}

/// The screen of the person at `seat` of `host`'s game (held locked as `locked`), in
/// `theme`: its game's table with what that seat may see, its moves going to `shared`.
pub fn seat_app(locked: &Host, shared: &Shared, seat: usize, theme: Theme) -> Result<App, String> {
    let record = locked.record().clone();
    let rules = record.ruleset.rules()?;
    let host: Arc<dyn SeatHost> = Arc::new(ThroughHost(Arc::clone(shared)));
    let mut table = rules.dispatch(Serve { record, seat, host })?;
    let served = table
        .served_mut()
        .ok_or("the game's table cannot be served to a seat")?;
    served.follow_host(&[], asked_of(locked, seat))?;
    Ok(App::playing(table, theme))
}

/// Brings the screen `app` up to `host`'s game: the actions it has not played yet, and
/// what the host waits for from its seat.
pub fn catch_up(app: &mut App, host: &Shared) -> Result<(), String> {
    let Screen::Table(table) = &mut app.screen else {
        return Ok(());
    };
    let Some(served) = table.served_mut() else {
        return Ok(());
    };
    let (seen, seat) = (served.actions_seen(), served.served_seat());
    let (actions, asked) = {
        let host = lock(host);
        let actions: Vec<Value> = host.record().actions.iter().skip(seen).collect();
        (actions, asked_of(&host, seat).cloned())
    };
    served.follow_host(&actions, asked.as_ref())
}

/// What `host` waits for from the person at `seat`, if anything (the `waiting` line's
/// prompt).
fn asked_of(host: &Host, seat: usize) -> Option<&Value> {
    let (player, prompt) = host.waiting()?;
    (player == seat).then_some(prompt)
}
