//! One play of a game, as the outer layers see it.

use std::any::Any;
use std::fmt;

use serde_json::{Value, json};

/// A game in progress, whichever game it is.
///
/// Actions, events and views travel in the protocol's JSON shapes: each game resolves its
/// own names (bean kinds, dice) and checks an action completely before applying it, so an
/// error leaves the play unchanged.
pub trait Play: Send {
    /// How many players sit at the table.
    fn player_count(&self) -> usize;

    /// Who may act now (in the dice game, anyone who may harvest besides the active
    /// player); empty once the game is over.
    fn acting(&self) -> Vec<usize>;

    /// The `legal` reply for `player`, who is a seat of this play.
    fn legal(&self, player: usize) -> Value;

    /// Applies one action in its wire form (`{"player": P, "type": ...}`), returning the
    /// events it caused in their wire form; on error nothing has changed.
    fn act(&mut self, action: Value) -> Result<Vec<Value>, PlayError>;

    /// What `player` may see, in its wire form.
    fn view(&self, player: usize) -> Value;

    /// Everything, hidden cards included, in its wire form (for testers).
    fn state(&self) -> Value;

    /// `events` (this play's, in their wire form) as `viewer` may see them: another
    /// player's dealt or drawn cards keep their place but lose their kind, so a harness
    /// running one agent per seat cannot pass it a hand it should not know. A game with
    /// nothing hidden returns them as they are.
    fn events_seen_by(&self, events: Vec<Value>, viewer: usize) -> Vec<Value>;

    /// The coach's `hint` reply for `player`'s decision at hand (a seat of this play),
    /// judged on `samples` sampled deals from what that player may see.
    fn hint(&self, player: usize, samples: u32) -> Value;

    /// The final scores and winners, once the game is over.
    fn outcome(&self) -> Option<PlayOutcome>;

    /// The play as `Any`, for the few callers that need one game's own state.
    fn as_any(&self) -> &dyn Any;

    /// Takes back the last accepted action, replaying the record without it (the game's
    /// randomness is in its state, so the replay deals and rolls as the game did): returns
    /// the action as it was sent. Nothing changes on error.
    fn undo(&mut self) -> Result<Value, PlayError>;
}

/// How a game ended: each seat's score (bean dollars in both games) and who won (ties share
/// the win).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayOutcome {
    pub scores: Vec<u32>,
    pub winners: Vec<usize>,
}

/// Why a request about a play was refused: a short kind for programs and a message in the
/// rulebook's words for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayError {
    pub kind: String,
    pub message: String,
}

impl PlayError {
    /// An error of `kind` saying `message`.
    pub fn new(kind: &str, message: impl fmt::Display) -> PlayError {
        PlayError {
            kind: kind.to_string(),
            message: message.to_string(),
        }
    }

    /// The protocol's error reply.
    pub fn to_json(&self) -> Value {
        json!({ "error": { "kind": self.kind, "message": self.message } })
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// What starts a play: the rules, the table and the seed, with an optional position to
/// start from (in its wire form: the game's `state` reply, or the dice state's `position`)
/// or the card games' older setup.
pub struct NewPlay {
    pub players: usize,
    pub seed: u64,
    /// The players' names, already checked for count and length.
    pub names: Vec<String>,
    pub setup: Option<Value>,
    pub position: Option<Value>,
}

/// A play just started: the play itself, the `started` object describing its game, and the
/// events of the deal.
pub struct Started {
    pub play: Box<dyn Play>,
    pub started: Value,
    pub events: Vec<Value>,
}

/// The error for a seat the table does not have.
pub fn no_such_player(player: usize, players: usize) -> PlayError {
    PlayError::new(
        "no_such_player",
        format!(
            "there is no player {player}: players are numbered 0 to {}",
            players - 1
        ),
    )
}
