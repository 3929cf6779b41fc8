//! One joined seat's screen on the host: the card table served to that seat
//! ([`CardTable::served`]), its moves played through the host, and kept up with the host's
//! game after every change ([`catch_up`]).

use std::sync::Arc;

use crate::cards::bots::Prompt;
use crate::cards::screen::{CardTable, SeatHost};
use crate::host::Host;
use crate::host::tcp::{Shared, lock};
use crate::rules::Rules;
use crate::ui::{App, Theme};

/// A seat's moves, played by the shared host.
struct ThroughHost(Shared);

impl SeatHost for ThroughHost {
    fn act(&self, seat: usize, action: serde_json::Value) -> Result<(), String> {
        lock(&self.0)
            .act(seat, action)
            .map(|_| ())
            .map_err(|e| e.message)
    }

    fn pass(&self, seat: usize) -> Result<(), String> {
        lock(&self.0).pass(seat).map_err(|e| e.message)
    }
}

/// The screen of the person at `seat` of `host`'s game (held locked as `locked`), in
/// `theme`: the card table with that seat's hand, its moves going to `shared`. Refused in
/// the dice game, which has no screen to serve yet.
pub fn seat_app(locked: &Host, shared: &Shared, seat: usize, theme: Theme) -> Result<App, String> {
    if let Ok(Rules::Dice(_)) = locked.record().ruleset.rules() {
        return Err(
            "the dice game has no join screen yet: join it from a program (JSON lines, docs/protocol.md)"
                .into(),
        );
    }
    let host: Arc<dyn SeatHost> = Arc::new(ThroughHost(Arc::clone(shared)));
    let mut table = CardTable::served(locked.record().clone(), seat, host)?;
    table.follow(&[], asked_of(locked, seat))?;
    Ok(App::playing(table, theme))
}

/// Brings the screen `app` up to `host`'s game: the actions it has not played yet, and
/// what the host waits for from its seat.
pub fn catch_up(app: &mut App, host: &Shared) -> Result<(), String> {
    let Some(seen) = app.shown::<CardTable>().map(CardTable::actions_seen) else {
        return Ok(());
    };
    let Some(seat) = app.shown::<CardTable>().and_then(CardTable::served_seat) else {
        return Ok(());
    };
    let (actions, asked) = {
        let host = lock(host);
        let actions: Vec<serde_json::Value> = host.record().actions.iter().skip(seen).collect();
        (actions, asked_of(&host, seat))
    };
    match app.shown_mut::<CardTable>() {
        Some(table) => table.follow(&actions, asked),
        None => Ok(()),
    }
}

/// What `host` waits for from the person at `seat`, if anything.
fn asked_of(host: &Host, seat: usize) -> Option<Prompt> {
    let (player, prompt) = host.waiting()?;
    (player == seat)
        .then(|| serde_json::from_value(prompt.clone()).ok())
        .flatten()
}
