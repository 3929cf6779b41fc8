//! What a game says of itself in the linear mode: each game implements [`Spoken`] in a file
//! of its own (`cards.rs`, `dice.rs`), so the session (`session.rs`) is written once.

use super::choice::Choice;
use super::command::Part;
use crate::coach::Coached;
use crate::game::{Seated, Table, Wire};

/// A game the linear mode can play: its events told in the log's sentences, its decisions
/// as numbered choices, its situation read part by part, all from the state as one seat
/// may see it (a view), and actions sent back; the session never changes the state itself.
pub trait Spoken: Seated + Coached + Wire {
    /// Whether the rules keep hands hidden, so people take turns at the keyboard through a
    /// hand-off.
    fn hides_hands(state: &Self::State) -> bool;

    /// The log's sentences for the events of one action; `before` is the state it was
    /// taken in.
    fn tell(before: &Self::State, events: &[Self::Event], names: &[String]) -> Vec<String>;

    /// What only `player` may hear of these events (the cards they drew), said to them
    /// when they hold the keyboard.
    fn tell_privately(
        state: &Self::State,
        events: &[Self::Event],
        player: usize,
        names: &[String],
    ) -> Vec<String> {
        let _ = (state, events, player, names);
        Vec::new()
    }

    /// Who the table waits for when the driver asks `player` for `prompt`: the card games
    /// first ask a person for their answer to another person's offer. `people[p]` is
    /// whether a person plays seat `p`.
    fn waits_for(
        state: &Self::State,
        player: usize,
        prompt: Self::Prompt,
        people: &[bool],
    ) -> (usize, Self::Prompt) {
        let _ = (state, people);
        (player, prompt)
    }

    /// The prompt of a person the active person asked to make an offer, where the game has
    /// offers.
    fn floor_prompt() -> Option<Self::Prompt> {
        None
    }

    /// The decision at hand in one sentence: "Ana, phase 1: plant the front card of your
    /// hand."
    fn situation(
        state: &Self::State,
        player: usize,
        prompt: &Self::Prompt,
        names: &[String],
    ) -> String;

    /// The numbered choices of `player` asked `prompt`.
    fn choices(
        state: &Self::State,
        player: usize,
        prompt: &Self::Prompt,
        names: &[String],
        people: &[bool],
    ) -> Vec<Choice<Self::Action>>;

    /// The game's own typed words (the card games' `offer`, `accept`, `decline`,
    /// `counter`) as the actions of `player`, or why they cannot be; `None` when `typed`
    /// is none of them.
    fn words(
        state: &Self::State,
        player: usize,
        typed: &str,
        names: &[String],
    ) -> Option<Result<Vec<Self::Action>, String>> {
        let _ = (state, player, typed, names);
        None
    }

    /// What `help` says of the game's own words.
    fn words_help() -> &'static [&'static str] {
        &[]
    }

    /// One part of the situation as `viewer` may see it (`None`: the public table, no
    /// hand read).
    fn read(
        state: &Self::State,
        part: Part,
        viewer: Option<usize>,
        names: &[String],
    ) -> Vec<String>;

    /// A person given the floor by the driver made no offer.
    fn passed(table: &mut Table<Self>, player: usize) {
        let _ = (table, player);
    }

    /// The active person asks bot `player` for an offer.
    fn invited(table: &mut Table<Self>, player: usize) {
        let _ = (table, player);
    }
}
