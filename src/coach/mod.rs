//! The coach: a second opinion on the decision at hand, in expected coins and in the
//! rulebook's words.
//!
//! A hint weighs every sensible choice of one player by playing the game out many times
//! from deals sampled among the cards that player cannot see (the dice game: the deck's
//! order and every roll to come), the same deals for every choice, so choices are compared
//! on equal luck. It is built only from what the player may see, so it can be shown at the
//! shared table without giving anything away. Thinking is done a step at a time
//! ([`Thinking::step`]) so a screen keeps the time and shows progress; nothing here touches
//! a terminal, file, clock or the environment.

mod cards;
mod dice;
mod estimate;
pub(crate) mod reasons;
mod review;
pub(crate) mod search;
mod wire;

pub use estimate::Estimate;
pub use review::{COSTLY, Mistake, Reviewing, review};
pub use wire::{check_samples, hint_json};

/// Sampled deals a hint weighs by default: a 4-player base game's hint takes about a tenth
/// of a second on one core, well within the second a player waits (see `docs/coach.md`).
pub const DEFAULT_SAMPLES: u32 = 200;
/// The most sampled deals one hint may ask for (the protocol refuses more).
pub const MAX_SAMPLES: u32 = 1_000;

/// One choice for the decision at hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<A> {
    /// What doing it takes: the first is the action to take now (later ones, if any, follow
    /// in the same decision).
    pub actions: Vec<A>,
    /// In the rulebook's words: "Harvest the 4 Blue", "Offer 1 Red for 1 Blue to Ann",
    /// "Keep 2 Soy".
    pub label: String,
    /// Expected final coins (the dice game: bean dollars).
    pub coins: Estimate,
    /// Chance to win, 0..=1 (a shared win counts).
    pub win: f64,
    /// Expected coins below the best choice (0 for the best), on the deals both were
    /// played on.
    pub behind: f64,
    /// Sampled deals it was played out on: a card hint plays the choices it keeps to the
    /// end on every deal, and one it dropped early on fewer; a dice hint, every choice on
    /// every deal.
    pub deals: u32,
    /// One plain sentence why, built from what differs from the best choice.
    pub why: String,
}

/// The ranked choices for one player's decision, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint<A> {
    /// Whose decision it is.
    pub player: usize,
    /// Best first; empty when the player has nothing to decide now.
    pub choices: Vec<Choice<A>>,
    /// Sampled deals the best choice was played out on (the most any choice was).
    pub samples: u32,
}

/// A search for a hint, done a step at a time. Built only from what its player may see.
pub trait Thinking<A>: Send {
    /// Does a slice of work (one sampled deal, every choice played out on it); true once
    /// done.
    fn step(&mut self) -> bool;
    /// (done, planned) sampled deals, for a progress line.
    fn progress(&self) -> (u32, u32);
    /// The best hint so far (ranked; fewer samples before done).
    fn hint(&self) -> Hint<A>;
    /// Expected coins `action` gives up against the best choice, for the tutor; `None` when
    /// the action is not one of the choices judged (then the tutor stays silent).
    fn loss(&self, action: &A) -> Option<f64>;
}

/// A game the coach can advise on (implemented for [`crate::engine::Cards`] in `cards.rs`
/// and for [`crate::dice::Dice`] in `dice.rs`).
pub trait Coached: crate::game::Game {
    /// A search for `player`'s decision at hand in `state`, seeded by `seed`, of at most
    /// `samples` sampled deals (paired: the same deals for every choice). `names` name the
    /// seats in labels and reasons.
    fn think(
        state: &Self::State,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
    ) -> Box<dyn Thinking<Self::Action>> {
        Self::think_about(state, player, names, seed, samples, None)
    }

    /// The same search, with `also` judged among the choices even when the coach would not
    /// have thought of it (a review judges what was actually played). Each game supplies
    /// here only what is its own: its choices and their labels ([`search::choices`]), the
    /// world its deals are played out on, and how its deals are shared out; the search, the
    /// ranking and the reasons' common parts are written once.
    fn think_about(
        state: &Self::State,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&Self::Action>,
    ) -> Box<dyn Thinking<Self::Action>>;

    /// The turn `state` is in, as the table's header counts it, where the game counts its
    /// turns: a review of a record that starts part-way through a game (a position) names
    /// the game's turns, not the record's. `None`: the review counts from 1 itself.
    fn turn(_state: &Self::State) -> Option<u32> {
        None
    }

    /// `action` by `player` in the rulebook's words, as a choice's label says it.
    fn label(state: &Self::State, player: usize, action: &Self::Action, names: &[String])
    -> String;
}
