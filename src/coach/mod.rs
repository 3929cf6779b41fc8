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

mod estimate;
pub(crate) mod reasons;
pub(crate) mod refusals;
mod review;
pub(crate) mod search;
mod wire;

pub use estimate::ExpectedCoins;
pub use refusals::Refusals;
pub use review::{COSTLY, COSTLY_CHANCE, Mistake, REVIEW_SAMPLES, Reviewing, SIEVE_MARGIN, review};
pub use search::ROLLOUTS_PER_SAMPLE;
pub use wire::{check_samples, hint_json};

use crate::game::Tape;

/// Sampled deals a hint weighs by default: a 4-player base game's hint takes about a tenth
/// of a second on one core, well within the second a player waits (see `docs/coach.md`).
pub const DEFAULT_SAMPLES: u32 = 200;
/// The most sampled deals one hint may ask for (the protocol refuses more).
pub const MAX_SAMPLES: u32 = 1_000;

/// The seed of the hint for `player`'s decision after `at` actions of the game dealt from
/// `game_seed`: the same decision of the same game always gets the same hint (so tests, two
/// players comparing, and a review and the hint at the position it opens see the same
/// figures).
pub fn hint_seed(game_seed: u64, player: usize, at: usize) -> u64 {
    game_seed
        ^ (at as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (player as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// How the coach ranks choices, said once for every place that shows a ranking (the hint's
/// title, the tutor, the review, the protocol's `hint`): the chance to win first, the
/// expected coins breaking ties. Winning is what a game is played for, so a choice that
/// ends richer but wins less often is ranked below (its reason says it ends richer).
pub const RANKING: &str = "chance to win, then $";

/// How far ahead a hint's figures look: to the game's end, or a number of turns on, where
/// the card game's rollouts are cut and the fields are valued as the search bot values
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// Every deal is played to the game's end: the coins are the final coins.
    End,
    /// Deals are played this many turns on (a game ending sooner counts its final coins).
    Turns(u32),
}

impl Horizon {
    /// "at the end", "8 turns on": said beside every figure.
    pub fn words(self) -> String {
        match self {
            Horizon::End => "at the end".to_string(),
            Horizon::Turns(n) => format!("{n} turns on"),
        }
    }

    /// The protocol's form: "end" or the turns.
    pub fn json(self) -> serde_json::Value {
        match self {
            Horizon::End => serde_json::json!("end"),
            Horizon::Turns(n) => serde_json::json!(n),
        }
    }
}

/// What a choice gives up against the best one, in both figures of the ranking
/// ([`RANKING`]): the chance to win (0..=1) and the expected coins, each never below 0.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Loss {
    /// Chance to win below the best choice's.
    pub win: f64,
    /// Expected coins below the best choice's, on the deals both were played on.
    pub coins: f64,
}

impl Loss {
    /// Whether the tutor asks about it and the review lists it: it wins [`COSTLY_CHANCE`]
    /// less often than the best choice, or ends [`COSTLY`] poorer.
    pub fn costly(self) -> bool {
        self.win >= COSTLY_CHANCE || self.coins >= COSTLY
    }

    /// The order of the review, costliest first: the chance to win, then the coins.
    pub fn worse_than(self, other: Loss) -> std::cmp::Ordering {
        self.win
            .total_cmp(&other.win)
            .then(self.coins.total_cmp(&other.coins))
    }

    /// "wins 6 points less often and ends 0.8$ poorer", "ends 0.8$ poorer": the figures
    /// that make it a loss, said after "it".
    pub fn words(self) -> String {
        let points = (self.win * 100.0).round();
        let mut parts = Vec::new();
        if points >= 1.0 {
            let s = if points == 1.0 { "" } else { "s" };
            parts.push(format!("wins {points:.0} point{s} less often"));
        }
        if self.coins >= 0.05 || parts.is_empty() {
            parts.push(format!("ends {:.1}$ poorer", self.coins));
        }
        parts.join(" and ")
    }

    /// Whether it is as good as the best choice, to the figures shown (under a point of the
    /// chance to win and a twentieth of a coin).
    pub fn level(self) -> bool {
        self.win < 0.005 && self.coins < 0.05
    }
}

/// One choice for the decision at hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<A> {
    /// What doing it takes: the first is the action to take now (later ones, if any, follow
    /// in the same decision).
    pub actions: Vec<A>,
    /// In the rulebook's words: "Harvest the 4 Blue", "Offer 1 Red for 1 Blue to Ann",
    /// "Save 2 Soy".
    pub label: String,
    /// Expected final coins (the dice game: bean dollars).
    pub coins: ExpectedCoins,
    /// Chance to win, 0..=1 (a shared win counts).
    pub win: f64,
    /// Expected coins below the best choice (0 for the best), on the deals both were
    /// played on.
    pub behind: f64,
    /// Chance to win below the best choice's (0 for the best).
    pub win_behind: f64,
    /// Sampled deals it was played out on: a hint plays the choices it keeps to the end on
    /// every deal, and one it dropped early on fewer.
    pub deals: u32,
    /// One plain sentence why, built from what differs from the best choice.
    pub why: String,
}

impl<A> Choice<A> {
    /// What it gives up against the best choice of its hint.
    pub fn loss(&self) -> Loss {
        Loss {
            win: self.win_behind,
            coins: self.behind,
        }
    }
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
    /// How far ahead the figures look.
    pub horizon: Horizon,
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
    /// What `action` gives up against the best choice, for the tutor and the review; `None`
    /// when the action is not one of the choices judged (then the tutor stays silent). An
    /// action the game counts as one of the choices listed ([`Coached::representative`]) is
    /// judged as that choice.
    fn loss(&self, action: &A) -> Option<Loss>;
    /// The action a choice of this search stands for when `action` is taken
    /// ([`Coached::representative`]), so what a player did is found among the choices.
    fn representative(&self, action: &A) -> A;
}

/// A game the coach can advise on (implemented for [`crate::cards::Cards`] in `cards.rs`
/// and for [`crate::dice::Dice`] in `dice.rs`).
pub trait Coached: crate::game::Game {
    /// What a hint remembers of the play before its decision, beyond the position itself:
    /// in the card games the offers its player saw refused this trading phase
    /// ([`Refusals`]), so a hint does not suggest one again; the dice game needs nothing.
    type Memory: Default + Send + 'static;

    /// What `player` saw before the decision after `at` actions of `tape` that a hint
    /// remembers (only what the table saw: the log says it all).
    fn recall(tape: &Tape<Self>, at: usize, player: usize) -> Self::Memory;

    /// Whether [`Coached::recall`] may find anything at `state`: where not, a screen need
    /// not replay its record before a hint.
    fn recalls(_state: &Self::State) -> bool {
        false
    }

    /// A search for `player`'s decision at hand in `state`, seeded by `seed`, of at most
    /// `samples` sampled deals (paired: the same deals for every choice). `names` name the
    /// seats in labels and reasons. Nothing of the play before is remembered: see
    /// [`Coached::think_on`] for a decision of a recorded game.
    fn think(
        state: &Self::State,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
    ) -> Box<dyn Thinking<Self::Action>> {
        Self::think_about(
            state,
            player,
            names,
            seed,
            samples,
            None,
            &Self::Memory::default(),
        )
    }

    /// The search for `player`'s decision after `at` actions of `tape`, remembering what
    /// they saw before it ([`Coached::recall`]), with `also` judged among the choices (see
    /// [`Coached::think_about`]): how a review judges a recorded decision, so it judges it
    /// as the hint and the tutor did at the table.
    fn think_on(
        tape: &Tape<Self>,
        at: usize,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&Self::Action>,
    ) -> Box<dyn Thinking<Self::Action>> {
        let state = tape.state_at(at);
        let memory = Self::recall(tape, at, player);
        Self::think_about(&state, player, names, seed, samples, also, &memory)
    }

    /// The same search, with `also` judged among the choices even when the coach would not
    /// have thought of it (a review judges what was actually played), and `memory` of the
    /// play before ([`Coached::recall`]). Each game supplies here only what is its own: its
    /// choices and their labels ([`search::choices`]), the world its deals are played out
    /// on, and how its deals are shared out; the search, the ranking and the reasons'
    /// common parts are written once.
    fn think_about(
        state: &Self::State,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&Self::Action>,
        memory: &Self::Memory,
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

    /// What a review says to do instead of `done` by `player` in `state`, as a person can
    /// act on it: `better` (the best choice's action, `None` for passing; `label` its
    /// label), named as the kind of act it is when `done` is another kind ("keep trading:
    /// …" after "End trading"), and with what differs when both are the same act on
    /// different offers (`reasons::advice`). By default the label alone: each of the dice
    /// game's labels begins with its act.
    fn advice(
        _state: &Self::State,
        _player: usize,
        _done: &Self::Action,
        _better: Option<&Self::Action>,
        label: &str,
        _names: &[String],
    ) -> String {
        label.to_string()
    }

    /// The action a hint lists for `action` by `player` in `state`: a game whose hint lists
    /// one of several moves that come to the same (the dice game's keeps of equal beans
    /// leaving alike dice to roll) says which, so the move a player makes is judged, asked
    /// about and reviewed as the choice that stands for it. By default each action is its
    /// own choice.
    fn representative(_state: &Self::State, _player: usize, action: &Self::Action) -> Self::Action {
        action.clone()
    }
}
