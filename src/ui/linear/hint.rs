//! The coach in sentences: the hint for the decision at hand, and the review at the end.

use super::choice::{NumberedChoice, Pick};
use crate::coach::{Coached, DEFAULT_SAMPLES, RANKING, REVIEW_SAMPLES, hint_seed};
use crate::game::Tape;
use crate::store::SavedGame;
use crate::store::review::review_saved;
use crate::ui::words::plural;

/// How many of the hint's ranked choices are read out.
const HINT_READ: usize = 3;

/// The coach's hint for `player` in `state` in sentences, best choice first, each naming
/// the numbered choice it is where it is one; `game` is the game's seed and the actions so
/// far, so a decision always gets the hint the screen gives it.
pub fn hint_lines<G: Coached>(
    state: &G::State,
    player: usize,
    names: &[String],
    choices: &[NumberedChoice<G::Action>],
    game: (u64, usize),
) -> Vec<String> {
    let seed = hint_seed(game.0, player, game.1);
    let mut thinking = G::think(state, player, names, seed, DEFAULT_SAMPLES);
    while !thinking.step() {}
    let hint = thinking.hint();
    if hint.choices.is_empty() {
        return vec!["The coach finds nothing to decide here.".to_string()];
    }
    let mut lines = vec![format!(
        "The coach weighed {} on {}, ranked by {RANKING}:",
        plural(hint.choices.len(), "choice", "choices"),
        plural(hint.samples as usize, "sampled deal", "sampled deals")
    )];
    for c in hint.choices.iter().take(HINT_READ) {
        let number = c.actions.first().and_then(|a| numbered(choices, a));
        let which = number.map_or(String::new(), |n| format!("choice {n}, "));
        let behind = if c.loss().level() {
            "as good as the best".to_string()
        } else {
            format!("against the best it {}", c.loss().words())
        };
        lines.push(format!(
            "{which}{}: {:.1} expected {}, {:.0}% to win, {behind}. {}",
            c.label,
            c.coins.mean,
            hint.horizon.words(),
            c.win * 100.0,
            c.why
        ));
    }
    lines
}

/// The number (from 1) of the choice that takes `action` first.
fn numbered<A: PartialEq>(choices: &[NumberedChoice<A>], action: &A) -> Option<usize> {
    let first = |c: &NumberedChoice<A>| match &c.pick {
        Pick::Act { actions, .. } => actions.first() == Some(action),
        _ => false,
    };
    choices.iter().position(first).map(|i| i + 1)
}

/// The review of `people`'s decisions in the game on `tape` (its record `record`), in
/// sentences: each costly decision, what the coach found better, and what it cost. It is
/// the saved game's review ([`review_saved`]), as the screen and `bohnanza review` give it.
pub fn review_lines<G: Coached>(
    tape: &Tape<G>,
    record: &SavedGame,
    people: &[usize],
) -> Vec<String> {
    let names = &record.names;
    let mut reviewing = review_saved(tape, record, people, REVIEW_SAMPLES);
    while !reviewing.step() {}
    let mistakes = reviewing.mistakes();
    if mistakes.is_empty() {
        return vec![
            "The coach found no decision that cost five points of the chance to win or half \
             a bean dollar."
                .into(),
        ];
    }
    let mut lines = vec![format!(
        "The coach found {} costly decisions:",
        mistakes.len()
    )];
    for m in mistakes {
        let name = names.get(m.player).map_or("?", String::as_str);
        lines.push(format!(
            "Turn {}, {name}: {}; better: {}; against it, this {}.",
            m.turn,
            m.done,
            m.advice,
            m.loss.words()
        ));
    }
    lines
}

/// The tutor's word before `player` takes `action` in `state`, when it gives up more than
/// so much against the coach's best choice that it is costly ([`crate::coach::Loss::costly`]); `None` when it
/// does not (or the coach did not judge it).
pub fn tutor_warning<G: Coached>(
    state: &G::State,
    player: usize,
    names: &[String],
    action: &G::Action,
    game: (u64, usize),
) -> Option<String> {
    let seed = hint_seed(game.0, player, game.1);
    let mut thinking = G::think(state, player, names, seed, DEFAULT_SAMPLES);
    while !thinking.step() {}
    let loss = thinking.loss(action).filter(|l| l.costly())?;
    let hint = thinking.hint();
    let best = hint.choices.first()?;
    Some(format!(
        "The tutor: against the coach's choice, {}, this {}. \
         Choose it again to play it anyway, or choose another.",
        best.label,
        loss.words()
    ))
}
