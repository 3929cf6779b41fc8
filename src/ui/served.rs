//! A game's table as the network host serves it to one joined seat (`bohnanza join`, a
//! guest over SSH), written once for both games: the host makes the seat's table through
//! [`OnScreen::served`](crate::ui::screen::OnScreen::served), sends its moves through a
//! [`SeatHost`], and keeps it up with the game through [`ServedTable`]. The host's side
//! (`crate::host::screen::seat`) so names neither game.

use serde_json::Value;

/// Where a served seat's moves go: the host of the game, which plays them for everyone.
pub trait SeatHost: Send + Sync {
    /// Plays `action` (its wire form) for the person at `seat`, or says why not.
    fn act(&self, seat: usize, action: Value) -> Result<(), String>;

    /// The person at `seat` lets the floor to propose pass (the card game's trading).
    fn pass(&self, seat: usize) -> Result<(), String>;
}

/// A table served to one seat: it plays the host's accepted actions into its own copy of
/// the game, so it shows what every other seat's screen shows, computed for its seat.
pub trait ServedTable {
    /// The seat the table is served to.
    fn served_seat(&self) -> usize;

    /// How many of the game's actions the table has played.
    fn actions_seen(&self) -> usize;

    /// Plays `actions`, the host's accepted actions after the ones the table has seen (wire
    /// form), and takes note of what the host now asks of the seat (`asked`, the `waiting`
    /// line's prompt), if anything. An error says the table can no longer follow the game.
    fn follow_host(&mut self, actions: &[Value], asked: Option<&Value>) -> Result<(), String>;
}
