//! The host's side of the table's driver: the one [`Table`] of the game behind a trait
//! object, in the protocol's JSON, so the host is written once for both games.
//!
//! The host asks [`Driver::next`] after every accepted action: a bot's move comes back in
//! its wire form and goes through the same `act` as a client's, so it is checked, saved and
//! sent exactly as a person's is.

use std::sync::Arc;

use serde_json::Value;

use crate::coach::Coached;
use crate::game::{
    BotName, BotOptions, Next, Play, SeatKind, Seated, SimulatedGame, Table, Wire, seat_seed,
};
use crate::rules::{Played, Rules, WorkWithRules};
use crate::store::SavedSeat;

/// What the table does next, in wire form.
#[derive(Clone, PartialEq, Debug)]
pub enum Turn {
    /// Bot seat `player` takes `action` (the wire form `act` takes).
    Bot { player: usize, action: Value },
    /// The table waits for the person at `player`, asked for `prompt` (`"act"`,
    /// `"may_propose"`, `{"answer": {"offer": N}}`).
    Waiting { player: usize, prompt: Value },
    /// The game is over.
    Over,
    /// No one can act (a consistent game never gets here).
    Stuck,
}

/// The table of one hosted game, whichever game it is.
pub trait Driver: Send {
    /// What happens next in `play`; call it once after every accepted action (a bot's
    /// move it gives must be played before it is called again).
    fn next(&mut self, play: &dyn Play) -> Turn;

    /// The person at `player` lets the floor to propose pass; whether the game has one.
    fn pass(&mut self, player: usize) -> bool;

    /// The saved `action` (its wire form) is about to be played again in `play`, as a
    /// resumed game is: the table remembers it as if it had asked for it ([`Table::recall`]),
    /// so its turn policy goes on as the one that played it.
    fn recall(&mut self, play: &dyn Play, action: &Value);

    /// Seats the stand-in bot at `player` (a person who left), or hands the seat back to the
    /// person (`false`).
    fn stand_in(&mut self, player: usize, on: bool);
}

/// The table of `G`.
struct TableDriver<G: Seated> {
    table: Table<G>,
    stand_in: BotName,
    seed: u64,
    options: BotOptions,
}

impl<G: Wire + Coached + Seated> Driver for TableDriver<G> {
    fn next(&mut self, play: &dyn Play) -> Turn {
        let Some(played) = play.as_any().downcast_ref::<Played<G>>() else {
            return Turn::Stuck;
        };
        let state = played.state();
        match self.table.next(state) {
            Next::Bot { player, action } => Turn::Bot {
                player,
                action: G::action_json(state, player, &action),
            },
            Next::Human { player, prompt } => Turn::Waiting {
                player,
                prompt: match serde_json::to_value(prompt) {
                    Ok(Value::Null) | Err(_) => Value::from("act"),
                    Ok(prompt) => prompt,
                },
            },
            Next::GameOver => Turn::Over,
            Next::Stuck => Turn::Stuck,
        }
    }

    fn pass(&mut self, player: usize) -> bool {
        self.table.pass_floor(player)
    }

    fn recall(&mut self, play: &dyn Play, action: &Value) {
        let Some(played) = play.as_any().downcast_ref::<Played<G>>() else {
            return;
        };
        let state = played.state();
        if let Ok((player, action)) = G::parse_action(state, action.clone()) {
            self.table.recall(state, player, &action);
        }
    }

    fn stand_in(&mut self, player: usize, on: bool) {
        if on {
            let seed = seat_seed(self.seed, player);
            let agent = G::make_agent(self.stand_in, seed, &self.options);
            self.table
                .reseat(player, SeatKind::Bot(self.stand_in), agent);
        } else {
            self.table.reseat(player, SeatKind::Human, None);
        }
    }
}

/// What the host's table is made of.
pub struct TableSpec<'a> {
    /// Who plays each seat, as saved.
    pub seats: &'a [SavedSeat],
    /// The game's seed: each bot's chance is drawn from it and its seat.
    pub seed: u64,
    /// The stand-in's level by name; `None` for the game's own default
    /// ([`default_stand_in`]).
    pub stand_in: Option<&'a str>,
    /// How bots are made (the caller's thinking time).
    pub options: BotOptions,
}

/// The stand-in a game gets when none is named: `normal` in the card games, `greedy` in
/// the dice game, which has no levels.
pub fn default_stand_in(rules: &Rules) -> &'static str {
    match rules {
        Rules::Cards(_) => "normal",
        Rules::Dice(_) => "greedy",
    }
}

/// The table for `rules` as `spec` seats it, or why it cannot be (a bot or a stand-in the
/// game does not have).
pub fn driver(rules: &Rules, spec: TableSpec) -> Result<Box<dyn Driver>, String> {
    let level = spec.stand_in.unwrap_or(default_stand_in(rules)).to_string();
    rules.dispatch(Make { spec, level })
}

struct Make<'a> {
    spec: TableSpec<'a>,
    level: String,
}

impl<G: Wire + Coached + SimulatedGame> WorkWithRules<G> for Make<'_> {
    type Output = Result<Box<dyn Driver>, String>;

    fn with(self, _: &Arc<G::Rules>) -> Self::Output {
        let stand_in = match SeatKind::parse_for::<G>(&self.level) {
            Ok(SeatKind::Bot(name)) => name,
            Ok(SeatKind::Human) => {
                return Err("--stand-in: a stand-in is a bot, not a person".into());
            }
            Err(e) => return Err(format!("--stand-in: {e}")),
        };
        let seats = (self.spec.seats.iter())
            .map(SavedSeat::read::<G>)
            .collect::<Result<Vec<_>, _>>()?;
        let options = self.spec.options;
        let table = Table::<G>::new(&seats, self.spec.seed, &options)?;
        Ok(Box::new(TableDriver {
            table,
            stand_in,
            seed: self.spec.seed,
            options,
        }))
    }
}
