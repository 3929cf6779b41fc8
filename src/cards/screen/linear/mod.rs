//! The card games in lines: their decisions as numbered choices, in the coach's words.
//! Reading the table is in `cards_read.rs`, trading in words in `cards_words.rs`.

use super::log;
mod read;
mod words;

use crate::cards::bots::{Prompt, Table};
use crate::cards::{Action, Cards, Event, GameState, Phase};
use crate::coach::Coached;
use crate::ui::linear::{Choice, Part, Pick, Spoken};

impl Spoken for Cards {
    /// Hands are hidden unless the rules lay them face up.
    fn hides_hands(state: &GameState) -> bool {
        !state.ruleset().open_hands
    }

    fn tell(before: &GameState, events: &[Event], names: &[String]) -> Vec<String> {
        log::describe(events, before.ruleset(), names, before.offers())
    }

    /// The cards `player` was dealt or drew, which the log leaves unnamed.
    fn tell_privately(
        state: &GameState,
        events: &[Event],
        player: usize,
        _names: &[String],
    ) -> Vec<String> {
        let ruleset = state.ruleset();
        let mut drawn = Vec::new();
        let mut lines = Vec::new();
        for e in events {
            match e {
                Event::Drew { player: p, card } if *p == player => drawn.push(*card),
                Event::Dealt { player: p, cards } if *p == player => {
                    lines.push(format!("You were dealt {}.", log::cards(ruleset, cards)));
                }
                Event::DrewOrder { player: p, order } if *p == player => {
                    lines.push(format!("You drew the order card {order}."));
                }
                _ => {}
            }
        }
        if !drawn.is_empty() {
            lines.push(format!("You drew {}.", log::cards(ruleset, &drawn)));
        }
        lines
    }

    /// A person's offer to another person waits for that person's answer first.
    fn waits_for(
        state: &GameState,
        player: usize,
        prompt: Prompt,
        people: &[bool],
    ) -> (usize, Prompt) {
        if state.phase() != Phase::Trade || state.must_plant_received_cards().is_some() {
            return (player, prompt);
        }
        let active = state.active_player();
        let person = |p: usize| people.get(p).copied().unwrap_or(false);
        let waiting = state
            .offers()
            .iter()
            .find(|o| o.to != active && person(o.to) && person(o.from));
        match waiting {
            Some(o) => (o.to, Prompt::Answer { offer: o.id }),
            None => (player, prompt),
        }
    }

    fn floor_prompt() -> Option<Prompt> {
        Some(Prompt::MayPropose)
    }

    fn situation(state: &GameState, player: usize, prompt: &Prompt, names: &[String]) -> String {
        read::situation(state, player, prompt, names)
    }

    fn choices(
        state: &GameState,
        player: usize,
        prompt: &Prompt,
        names: &[String],
        _people: &[bool],
    ) -> Vec<Choice<Action>> {
        let label = |a: &Action| Cards::label(state, player, a, names);
        let mut out: Vec<Choice<Action>> = Vec::new();
        let legal = state.legal_actions(player);
        if let Prompt::Answer { offer } = prompt {
            out.extend(answers(state, player, *offer, names));
        }
        for action in legal {
            let keep = match (&action, prompt) {
                (Action::Propose { .. } | Action::Accept { .. } | Action::Decline { .. }, _) => {
                    false
                }
                (Action::Harvest { .. } | Action::BuyThirdField, _) => true,
                (_, Prompt::Act) => true,
                _ => false,
            };
            if keep {
                let said = match &action {
                    Action::RearrangeFields { from } => rearranged(state, player, from),
                    Action::Withdraw { offer } => format!("Withdraw your offer {offer}"),
                    a => label(a),
                };
                if !out.iter().any(|c| c.label == said) {
                    out.push(Choice::act(said, player, action));
                }
            }
        }
        if matches!(prompt, Prompt::Act) && state.phase() == Phase::Trade {
            for o in state.offers().iter().filter(|o| o.to == player) {
                out.extend(answers(state, player, o.id, names));
            }
            if player == state.active_player() && state.must_plant_received_cards().is_none() {
                let n = state.player_count();
                out.extend((1..n).map(|d| (player + d) % n).map(|q| Choice {
                    label: format!("Ask {} for an offer", name(names, q)),
                    pick: Pick::Invite(q),
                }));
            }
        }
        if matches!(prompt, Prompt::MayPropose) {
            out.push(Choice {
                label: "Pass: make no offer".to_string(),
                pick: Pick::Pass,
            });
        }
        out
    }

    fn words(
        state: &GameState,
        player: usize,
        typed: &str,
        names: &[String],
    ) -> Option<Result<Vec<Action>, String>> {
        words::words(state, player, typed, names)
    }

    fn words_help() -> &'static [&'static str] {
        &words::HELP
    }

    fn read(state: &GameState, part: Part, viewer: Option<usize>, names: &[String]) -> Vec<String> {
        read::read(state, part, viewer, names)
    }

    fn passed(table: &mut Table, player: usize) {
        table.pass(player);
    }

    fn invited(table: &mut Table, player: usize) {
        table.invite(player);
    }
}

/// A seat's name.
pub(super) fn name(names: &[String], p: usize) -> &str {
    names.get(p).map_or("?", String::as_str)
}

/// Accepting offer `id` (with the frontmost cards that match what it wants, where
/// `player` holds them) and declining it.
fn answers(state: &GameState, player: usize, id: u32, names: &[String]) -> Vec<Choice<Action>> {
    let Some(o) = state.offers().iter().find(|o| o.id == id && o.to == player) else {
        return Vec::new();
    };
    let label = |a: &Action| Cards::label(state, player, a, names);
    let mut out = Vec::new();
    if let Some(give) = state.frontmost_match(player, &o.want) {
        let accept = Action::Accept { offer: id, give };
        if state.clone().apply(player, &accept).is_ok() {
            out.push(Choice::act(
                format!("{} (offer {id})", label(&accept)),
                player,
                accept,
            ));
        }
    }
    let decline = Action::Decline { offer: id };
    out.push(Choice::act(
        format!("{} (offer {id})", label(&decline)),
        player,
        decline,
    ));
    out
}

/// Field beans: where each field's beans go, "Place your beans anew: field 1 takes the 2
/// Red of field 2, field 2 the 3 Soy of field 1, field 3 stays empty".
fn rearranged(state: &GameState, player: usize, from: &[usize]) -> String {
    let ruleset = state.ruleset();
    let fields = state.player(player).fields();
    let parts: Vec<String> = from
        .iter()
        .enumerate()
        .map(
            |(i, &f)| match fields.get(f).and_then(|x| x.kind().map(|k| (k, x.count()))) {
                Some((k, n)) => format!(
                    "field {} takes the {n} {} of field {}",
                    i + 1,
                    ruleset.bean(k).name,
                    f + 1
                ),
                None => format!("field {} stays empty", i + 1),
            },
        )
        .collect();
    format!(
        "Place your beans anew: {}",
        crate::ui::words::listed(&parts)
    )
}
