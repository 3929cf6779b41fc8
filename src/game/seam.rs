//! The typed seam both games implement: [`Game`] in each engine's own types, and [`Wire`],
//! the same game in the protocol's JSON shapes.
//!
//! As in OpenSpiel, the rules (loaded once) are apart from one play of them (a state). The
//! outer layers (the protocol, the tape that replays a record, the save check) are written
//! once, generic over a `Game`; which game it is gets decided in one place only,
//! [`crate::rules::Rules::dispatch`].

use std::fmt;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Map, Value, json};

use super::play::{NewPlay, PlayError, PlayOutcome, no_such_player};
use super::wire::variant_name;

/// One game's rules engine as the outer layers see it: every method is the engine's own,
/// so a `Game` adds no rules of its own and the engines learn nothing of each other.
pub trait Game: Sized + Send + Sync + 'static {
    /// The rules, loaded once and shared by every play.
    type Rules: fmt::Debug + Send + Sync + 'static;
    /// One play's whole state, randomness (the seed) included.
    type State: Clone + fmt::Debug + Send + Sync + 'static;
    /// One action of one seat.
    type Action: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;
    /// One thing that happened because of an action.
    type Event: Clone + fmt::Debug + Send + 'static;
    /// What one seat may see.
    type View;
    /// Why the rules refuse an action, in the rulebook's words.
    type Error: fmt::Display + fmt::Debug;
    /// Why a new game cannot be dealt (the wrong number of players).
    type SetupError: fmt::Display;
    /// How the game ended, in the engine's terms.
    type Outcome;

    /// The rules' short name.
    fn rules_name(rules: &Self::Rules) -> &str;

    /// The player counts the rules allow, ascending.
    fn player_counts(rules: &Self::Rules) -> Vec<usize>;

    /// Deals a new game for `players` from `seed`, and the events of the deal.
    fn deal(
        rules: &Arc<Self::Rules>,
        players: usize,
        seed: u64,
    ) -> Result<Begun<Self>, Self::SetupError>;

    /// The rules `state` is played by.
    fn rules(state: &Self::State) -> &Arc<Self::Rules>;

    /// How many players sit at the table.
    fn player_count(state: &Self::State) -> usize;

    /// Whose turn it is (the active player), over or not.
    fn active(state: &Self::State) -> usize;

    /// Who may act now; empty once the game is over.
    fn acting(state: &Self::State) -> Vec<usize>;

    /// Every action `player` may take now.
    fn legal_actions(state: &Self::State, player: usize) -> Vec<Self::Action>;

    /// Checks `action` completely and only then applies it: on error `state` is unchanged.
    fn apply(
        state: &mut Self::State,
        player: usize,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error>;

    /// What `player` may see.
    fn view(state: &Self::State, player: usize) -> Self::View;

    /// How the game ended, once it is over.
    fn outcome(state: &Self::State) -> Option<Self::Outcome>;

    /// Each seat's score and who won, from an outcome.
    fn standing(outcome: &Self::Outcome) -> PlayOutcome;

    /// Whether `event` brought into view something that was hidden (a card drawn or turned
    /// over, dice rolled): an action that caused one cannot be taken back at the table.
    fn reveals(event: &Self::Event) -> bool;
}

/// A game just begun: its state and the events of the deal (none where nothing is dealt).
pub struct Begun<G: Game> {
    pub state: G::State,
    pub events: Vec<G::Event>,
}

/// A [`Game`] in the protocol's JSON shapes (`docs/protocol.md`): bean kinds and dice by
/// name, actions with the seat that acts. What both games' wire forms share is written once
/// here (the `started` reply's first keys, the seat check, a refusal's kind); each game says
/// only what is its own.
pub trait Wire: Game<Error: Serialize> {
    /// The `game` of the `started` reply.
    const KIND: &'static str;

    /// The rules' title, as the `started` reply gives it.
    fn title(rules: &Self::Rules) -> &str;

    /// Starts a play of `rules` as the protocol's `new` asks: dealt from the seed, or at the
    /// position (or older setup) it gives, with the deal's events.
    fn begin(rules: &Arc<Self::Rules>, new: &NewPlay) -> Result<Begun<Self>, PlayError>;

    /// What the `started` reply says of this game's pieces at the table just begun, after
    /// the keys every game's has.
    fn pieces_json(state: &Self::State, new: &NewPlay) -> Map<String, Value>;

    /// Starts a play as [`Wire::begin`] does, with the `started` description of the game:
    /// the game, the rules, the table, then its pieces ([`Wire::pieces_json`]).
    fn start(rules: &Arc<Self::Rules>, new: &NewPlay) -> Result<(Begun<Self>, Value), PlayError> {
        let begun = Self::begin(rules, new)?;
        let mut started = json!({
            "game": Self::KIND,
            "ruleset": Self::rules_name(rules),
            "title": Self::title(rules),
            "players": new.players,
            "names": new.names,
            "seed": new.seed,
        });
        if let Value::Object(s) = &mut started {
            s.extend(Self::pieces_json(&begun.state, new));
        }
        Ok((begun, started))
    }

    /// Reads an action's wire form for `state`'s table: the seat and the action, the seat
    /// not yet checked.
    fn read_action(state: &Self::State, value: Value) -> Result<(usize, Self::Action), PlayError>;

    /// Reads an action's wire form as [`Wire::read_action`] does, and refuses a seat the
    /// table does not have.
    fn parse_action(state: &Self::State, value: Value) -> Result<(usize, Self::Action), PlayError> {
        let (player, action) = Self::read_action(state, value)?;
        let players = Self::player_count(state);
        if player >= players {
            return Err(no_such_player(player, players));
        }
        Ok((player, action))
    }

    /// The wire form of `player`'s `action`.
    fn action_json(state: &Self::State, player: usize, action: &Self::Action) -> Value;

    /// The wire forms of `events`.
    fn events_json(state: &Self::State, events: &[Self::Event]) -> Vec<Value>;

    /// The `legal` reply for `player`.
    fn legal_json(state: &Self::State, player: usize) -> Value;

    /// The wire form of what `player` may see, the seats named `names`.
    fn view_json(state: &Self::State, names: &[String], player: usize) -> Value;

    /// Everything, hidden cards included: loaded again as a `new` request's `position`, it
    /// starts the same game anew.
    fn state_json(state: &Self::State, names: &[String], seed: u64) -> Value;

    /// `events` (in their wire form) as `viewer` may see them; a game with nothing hidden
    /// returns them as they are.
    fn events_seen_by(state: &Self::State, events: Vec<Value>, viewer: usize) -> Vec<Value> {
        let _ = (state, viewer);
        events
    }

    /// A rule error as the protocol reports it: its variant in snake case, and its words.
    fn refusal(error: &Self::Error) -> PlayError {
        PlayError::new(&variant_name(error), error)
    }
}

/// A [`Game`] whose rulesets `bohnanza check` can sum up: each game knows what of its
/// rules a ruleset's author wants to see at a glance, so the command is written once.
pub trait Described: Game {
    /// The ruleset's summary, one fact a line (a name line first): enough to see that a
    /// file says what its author meant, without listing every card.
    fn describe(rules: &Self::Rules) -> String;
}
