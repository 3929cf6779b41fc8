//! Trading in words: `offer Ben 1 Soy for 1 Red`, `accept 2`, `decline 2`,
//! `counter 2 1 Soy for 1 Blue`, `withdraw 2`. The cards given are picked as the offer
//! composer picks them ([`tradeable`]: turned-over cards first, then the hand front to
//! back); the engine checks the action as any other.

use super::super::trade::tradeable;
use crate::cards::{Action, BeanKind, CardRef, GameState, Offer, Phase, Ruleset};
use crate::ui::linear::normal;

/// What `help` says of trading in words.
pub const HELP: [&str; 4] = [
    "offer Ben 1 Soy for 1 Red puts an offer to Ben; offer Ben 2 Soy for nothing donates, offer Ben nothing for 1 Red asks for one.",
    "accept 2 and decline 2 answer offer 2 (offers lists them with their numbers); accept gives the frontmost cards it wants.",
    "counter 2 1 Soy for 1 Blue declines offer 2 and makes its proposer that offer instead.",
    "withdraw 2 takes back your offer 2.",
];

/// The actions trading words ask of `player`, or why they cannot be; `None` when `typed`
/// is not trading words.
pub fn words(
    state: &GameState,
    player: usize,
    typed: &str,
    names: &[String],
) -> Option<Result<Vec<Action>, String>> {
    let typed = normal(typed);
    let (verb, rest) = typed.split_once(' ').unwrap_or((typed.as_str(), ""));
    let trading = ["offer", "accept", "decline", "withdraw", "counter"];
    if trading.contains(&verb) && state.phase() != Phase::Trade {
        let phase = state
            .phase()
            .number()
            .map_or(String::new(), |n| format!(", not phase {n}"));
        return Some(Err(format!(
            "{verb}: offers are made and answered in phase 2, trading{phase}; type a number to choose"
        )));
    }
    Some(match verb {
        "offer" => offer(state, player, rest, names).map(|a| vec![a]),
        "accept" => numbered(rest, "accept").and_then(|id| accept(state, player, id)),
        "decline" => numbered(rest, "decline").map(|id| vec![Action::Decline { offer: id }]),
        "withdraw" => numbered(rest, "withdraw").map(|id| vec![Action::Withdraw { offer: id }]),
        "counter" => counter(state, player, rest),
        _ => return None,
    })
}

/// The offer number after a verb.
fn numbered(rest: &str, verb: &str) -> Result<u32, String> {
    rest.trim()
        .parse()
        .map_err(|_| format!("{verb} takes an offer's number, as in {verb} 2 (offers lists them)"))
}

/// `Ben 1 Soy for 1 Red`: the offer to Ben.
fn offer(state: &GameState, player: usize, rest: &str, names: &[String]) -> Result<Action, String> {
    let found = names
        .iter()
        .enumerate()
        .filter(|(p, _)| *p != player)
        .find_map(|(p, n)| {
            let n = normal(n);
            let after = rest.strip_prefix(n.as_str())?;
            (after.is_empty() || after.starts_with(' ')).then(|| (p, after.trim()))
        });
    let Some((to, terms)) = found else {
        let others: Vec<&str> = (0..names.len())
            .filter(|&p| p != player)
            .map(|p| names[p].as_str())
            .collect();
        return Err(format!(
            "offer names a player first: {}; as in offer {} 1 Soy for 1 Red",
            others.join(", "),
            others.first().copied().unwrap_or("Ben")
        ));
    };
    proposal(state, player, to, terms)
}

/// `1 Soy for 1 Red` as `player`'s offer to `to`.
fn proposal(state: &GameState, player: usize, to: usize, terms: &str) -> Result<Action, String> {
    let ruleset = state.ruleset();
    let (give, want) = terms
        .split_once(" for ")
        .ok_or("an offer says what you give for what you want, as in 1 Soy for 1 Red")?;
    let give = kinds(ruleset, give)?;
    let want = kinds(ruleset, want)?;
    let mut cards: Vec<CardRef> = Vec::new();
    let held = tradeable(state, player);
    for (i, kind) in give.iter().enumerate() {
        let already = give[..i].iter().filter(|k| *k == kind).count();
        let card = held.iter().filter(|(_, k)| k == kind).nth(already);
        match card {
            Some((r, _)) => cards.push(*r),
            None => {
                let have = held.iter().filter(|(_, k)| k == kind).count();
                return Err(format!(
                    "you have {} {} to give",
                    have,
                    ruleset.bean(*kind).name
                ));
            }
        }
    }
    Ok(Action::Propose {
        to,
        give: cards.into_iter().collect(),
        want: want.into(),
    })
}

/// `2 Soy and 1 Red`, `Soy, Red`, or `nothing`, as kinds with repeats.
fn kinds(ruleset: &Ruleset, text: &str) -> Result<Vec<BeanKind>, String> {
    let words: Vec<&str> = text
        .split([' ', ','])
        .filter(|w| !w.is_empty() && *w != "and" && *w != "nothing")
        .collect();
    let mut out = Vec::new();
    let mut count = None;
    for word in words {
        match word.parse::<usize>() {
            Ok(n) if count.is_none() => count = Some(n),
            Ok(_) => return Err(format!("two counts in a row in {text:?}")),
            Err(_) => {
                let kind = bean(ruleset, word)?;
                out.extend(std::iter::repeat_n(kind, count.take().unwrap_or(1)));
            }
        }
    }
    match count {
        Some(n) => Err(format!("{n} of which bean? As in {n} Soy")),
        None => Ok(out),
    }
}

/// The bean kind called `word` (its name, a plural of it, or its letter).
fn bean(ruleset: &Ruleset, word: &str) -> Result<BeanKind, String> {
    let kinds = (0..ruleset.beans.len()).map(BeanKind::new);
    let matches = |k: &BeanKind| {
        let info = ruleset.bean(*k);
        let n = normal(&info.name);
        word == n || word.strip_suffix('s') == Some(n.as_str()) || {
            let letter = info.letter.to_ascii_lowercase().to_string();
            word == letter
        }
    };
    kinds.clone().find(matches).ok_or_else(|| {
        let all: Vec<&str> = kinds.map(|k| ruleset.bean(k).name.as_str()).collect();
        format!("no bean is called {word}; the beans are {}", all.join(", "))
    })
}

/// The offer `id` made to `player`.
fn offer_to(state: &GameState, player: usize, id: u32) -> Result<&Offer, String> {
    let to_me: Vec<String> = state
        .offers()
        .iter()
        .filter(|o| o.to == player)
        .map(|o| o.id.to_string())
        .collect();
    state
        .offers()
        .iter()
        .find(|o| o.id == id && o.to == player)
        .ok_or_else(|| match to_me.as_slice() {
            [] => format!("no offer {id} is made to you, and none is open to you"),
            some => format!(
                "no offer {id} is made to you; yours are {}",
                some.join(", ")
            ),
        })
}

/// Accepting offer `id` with the frontmost cards it wants.
fn accept(state: &GameState, player: usize, id: u32) -> Result<Vec<Action>, String> {
    let o = offer_to(state, player, id)?;
    let give = state.frontmost_match(player, &o.want).ok_or_else(|| {
        format!(
            "you do not hold what offer {id} wants: {}",
            super::super::log::cards(state.ruleset(), &o.want)
        )
    })?;
    Ok(vec![Action::Accept { offer: id, give }])
}

/// `2 1 Soy for 1 Blue`: declines offer 2 and makes its proposer that offer.
fn counter(state: &GameState, player: usize, rest: &str) -> Result<Vec<Action>, String> {
    let (id, terms) = rest.split_once(' ').unwrap_or((rest, ""));
    let id = numbered(id, "counter")?;
    let o = offer_to(state, player, id)?;
    let from = o.from;
    let again = proposal(state, player, from, terms)
        .map_err(|e| format!("{e}; as in counter {id} 1 Soy for 1 Red"))?;
    Ok(vec![Action::Decline { offer: id }, again])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Ana", "Ben", "Cy"].iter().map(|s| s.to_string()).collect()
    }

    /// A base game for three (seed 3) with Ana trading: she planted her front card and
    /// turned over two.
    fn trading() -> GameState {
        let rules = crate::rulesets::load("base").unwrap();
        let mut state = GameState::new(&rules, 3, 3).unwrap();
        let active = state.active_player();
        state.apply(active, &Action::Plant { field: 0 }).unwrap();
        state.apply(active, &Action::TurnOver).unwrap();
        state
    }

    fn said(state: &GameState, player: usize, typed: &str) -> Result<Vec<Action>, String> {
        words(state, player, typed, &names()).expect("trading words")
    }

    #[test]
    fn an_offer_in_words_gives_the_cards_the_composer_would() {
        let state = trading();
        let me = state.active_player();
        let ruleset = state.ruleset();
        let (card, kind) = tradeable(&state, me)[0];
        let other = (me + 1) % 3;
        let typed = format!(
            "offer {} 1 {} for 2 red",
            names()[other],
            ruleset.bean(kind).name.to_lowercase()
        );
        let red = (0..ruleset.beans.len())
            .map(BeanKind::new)
            .find(|&k| ruleset.bean(k).name == "Red")
            .unwrap();
        let action = said(&state, me, &typed).unwrap();
        assert_eq!(
            action,
            [Action::Propose {
                to: other,
                give: [card].into_iter().collect(),
                want: vec![red, red].into(),
            }]
        );
        assert!(state.clone().apply(me, &action[0]).is_ok());
    }

    #[test]
    fn trading_words_that_cannot_be_say_why() {
        let state = trading();
        let me = state.active_player();
        let err = |typed: &str| said(&state, me, typed).unwrap_err();
        assert!(err("offer Zed 1 Soy for 1 Red").starts_with("offer names a player first"));
        assert!(err("offer Ben 1 Soy 1 Red").contains("1 Soy for 1 Red"));
        assert!(err("offer Ben 1 Bogus for 1 Red").contains("no bean is called bogus"));
        assert!(err("offer Ben 9 Red for nothing").starts_with("you have"));
        assert!(err("accept x").contains("accept 2"));
        assert!(err("accept 7").starts_with("no offer 7 is made to you"));
        assert_eq!(words(&state, me, "plant the red", &names()), None);
    }

    #[test]
    fn accept_and_counter_answer_an_offer_by_its_number() {
        let mut state = trading();
        let me = state.active_player();
        let other = (me + 1) % 3;
        let offer = Action::Propose {
            to: other,
            give: [tradeable(&state, me)[0].0].into_iter().collect(),
            want: Vec::new().into(),
        };
        state.apply(me, &offer).unwrap();
        let id = state.offers()[0].id;
        let accepted = said(&state, other, &format!("accept {id}")).unwrap();
        assert!(matches!(accepted[..], [Action::Accept { offer, .. }] if offer == id));
        assert_eq!(
            said(&state, other, &format!("decline {id}")).unwrap(),
            [Action::Decline { offer: id }]
        );
        let countered = said(&state, other, &format!("counter {id} nothing for 1 red")).unwrap();
        assert!(matches!(
            &countered[..],
            [Action::Decline { offer }, Action::Propose { to, .. }] if *offer == id && *to == me
        ));
    }

    #[test]
    fn trading_words_outside_trading_say_when_they_may_be_used() {
        let rules = crate::rulesets::load("base").unwrap();
        let state = GameState::new(&rules, 3, 3).unwrap();
        let err = said(&state, 0, "offer Ben 1 Red for 1 Soy").unwrap_err();
        assert!(err.contains("phase 2, trading, not phase 1"), "{err}");
    }
}
