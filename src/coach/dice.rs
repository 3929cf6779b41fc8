//! The coach at the dice table: which dice to keep, whether to lay the bean piece down,
//! whether to harvest now. Each choice is played out by greedy players on worlds where the
//! deck's order and every roll to come are drawn anew.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::dice::Dice;
use crate::dice::bots::{DiceAsk, GreedyBot};
use crate::dice::{
    Bean, DiceAction, DiceEvent, DicePosition, DiceRuleset, DiceState, RngPosition, SavedDiceGame,
    Shade,
};
use crate::game::Agent;

use super::reasons;
use super::search::{Figures, Judged, Outcome, Plan, Search, World, choices};
use super::{Coached, Thinking};

/// A difference in the orders a choice hands the others smaller than this is not worth a
/// word.
const ORDERS: f64 = 0.1;

/// Actions a played-out world may take before it is given up (a game lasts ~130).
const MAX_ACTIONS: usize = 5_000;

/// The table as everyone sees it, the deck in a fixed order (its real order is unknown).
struct DiceWorld {
    ruleset: Arc<DiceRuleset>,
    position: DicePosition,
    me: usize,
}

impl Coached for Dice {
    fn think_about(
        state: &DiceState,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&DiceAction>,
    ) -> Box<dyn Thinking<DiceAction>> {
        let me = player.min(state.player_count().saturating_sub(1));
        let choices = choices(options(state, me), also, |o| Judged {
            label: label(state, me, o.as_ref()),
            actions: o.into_iter().collect(),
            figures: Figures::default(),
            partner: None,
            note: None,
        });
        let mut position = SavedDiceGame::from(state.clone()).position;
        // The deck's order is hidden: only what it holds is kept.
        position.deck.sort_unstable();
        let world = DiceWorld {
            ruleset: Arc::clone(state.ruleset()),
            position,
            me,
        };
        let plan = Plan::flat(samples);
        Box::new(Search::new(world, me, names, choices, seed, plan))
    }

    fn label(state: &DiceState, player: usize, action: &DiceAction, _names: &[String]) -> String {
        label(state, player, Some(action))
    }
}

/// The choices for `me` now (`None`: let the moment pass, for a player who may harvest out
/// of turn). Keeps that put the same beans in the bean field and leave the same dice to roll
/// are one choice.
fn options(state: &DiceState, me: usize) -> Vec<Option<DiceAction>> {
    let legal = state.legal_actions(me);
    if legal.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Option<DiceAction>> = Vec::new();
    let mut seen: Vec<(Vec<Bean>, Vec<usize>)> = Vec::new();
    let dice = &state.ruleset().dice;
    for action in legal {
        if let DiceAction::Save { dice: ids } = &action {
            let mut kept: Vec<Bean> = ids
                .iter()
                .filter_map(|&d| state.field().dice[d].face)
                .collect();
            kept.sort_by_key(|b| b.index());
            let mut left: Vec<usize> = (0..dice.len())
                .filter(|&d| state.field().dice[d].just_rolled && !ids.contains(&d))
                .map(|d| usize::from(dice[d].shade == Shade::Darker))
                .collect();
            left.sort_unstable();
            if seen.contains(&(kept.clone(), left.clone())) {
                continue;
            }
            seen.push((kept, left));
        }
        out.push(Some(action));
    }
    if me != state.active() {
        out.push(None);
    }
    out
}

impl World for DiceWorld {
    type Action = DiceAction;

    fn play(
        &mut self,
        seed: u64,
        choices: &[Judged<DiceAction>],
        alive: &[usize],
        out: &mut Vec<Option<Outcome>>,
    ) -> bool {
        out.clear();
        let mut position = self.position.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for i in (1..position.deck.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            position.deck.swap(i, j);
        }
        position.rng = RngPosition {
            seed: rng.next_u64(),
            words_used: 0,
        };
        let Ok(world) = DiceState::from_position(&self.ruleset, position) else {
            return false;
        };
        for &i in alive {
            out.push(play_out(world.clone(), self.me, &choices[i].actions));
        }
        true
    }

    fn contrast(&self, a: &Figures, b: &Figures) -> Vec<String> {
        let mut parts = Vec::new();
        let (now_a, now_b) = (a.now.mean(), b.now.mean());
        if (now_a - now_b).abs() >= reasons::CHANCE {
            parts.push(format!(
                "the turn covers another order {} of the time against {}",
                reasons::percent(now_a),
                reasons::percent(now_b)
            ));
        }
        let (ha, hb) = (a.handed.mean(), b.handed.mean());
        if (ha - hb).abs() >= ORDERS {
            parts.push(format!(
                "it hands the others {ha:.1} orders against {hb:.1}"
            ));
        }
        parts
    }
}

/// Plays `actions` by `me`, then the game to its end with greedy players; counts the
/// orders this turn covers for `me` and for the others.
fn play_out(mut state: DiceState, me: usize, actions: &[DiceAction]) -> Option<Outcome> {
    let turn_of = state.active();
    let (mut mine, mut handed) = (0usize, 0usize);
    let mut count = |events: &[DiceEvent], this_turn: bool| {
        for e in events {
            if let (DiceEvent::OrdersCovered { seat, count, .. }, true) = (e, this_turn) {
                if *seat == me {
                    mine += count;
                } else {
                    handed += count;
                }
            }
        }
    };
    for a in actions {
        let events = state.apply(me, a).ok()?;
        count(&events, true);
    }
    let mut bot = GreedyBot;
    let mut this_turn = state.active() == turn_of;
    for _ in 0..MAX_ACTIONS {
        if state.outcome().is_some() {
            break;
        }
        let (seat, action) = next(&state, &mut bot)?;
        let events = state.apply(seat, &action).ok()?;
        count(&events, this_turn);
        this_turn &= state.active() == turn_of;
    }
    let outcome = state.outcome()?;
    Some(Outcome {
        coins: f64::from(outcome.dollars[me]),
        // The dice game's choices are ranked by the bean dollars they end with.
        score: f64::from(outcome.dollars[me]),
        win: f64::from(u8::from(outcome.winners.contains(&me))),
        now: f64::from(u8::from(mine > 0)),
        handed: handed as f64,
        seats: outcome.dollars.iter().map(|&d| f64::from(d)).collect(),
    })
}

/// Who acts next in a played-out world, and how: anyone who may harvest, round the table
/// from the active player's left, then the active player.
fn next(state: &DiceState, bot: &mut GreedyBot) -> Option<(usize, DiceAction)> {
    let n = state.player_count();
    let active = state.active();
    for seat in (1..n)
        .map(|i| (active + i) % n)
        .filter(|&s| state.may_harvest(s))
    {
        if let Some(a) = bot.decide(&DiceAsk::new(state, seat)) {
            return Some((seat, a));
        }
    }
    bot.decide(&DiceAsk::new(state, active))
        .map(|a| (active, a))
}

/// `action` by `me` in the rulebook's words (`None`: let the moment pass).
fn label(state: &DiceState, me: usize, action: Option<&DiceAction>) -> String {
    let Some(action) = action else {
        return "Wait: do not harvest yet".to_string();
    };
    match action {
        DiceAction::Roll => "Roll the dice".to_string(),
        DiceAction::RepeatRoll => "Lay the bean piece down and roll those dice again".to_string(),
        DiceAction::Save { dice } => keep_label(state, dice),
        DiceAction::PassBeanPiece => "Pass the bean piece".to_string(),
        DiceAction::Harvest => {
            let p = &state.players()[me.min(state.player_count().saturating_sub(1))];
            match state.ruleset().dollars_for(p.covered) {
                Some(d) => format!("Harvest your {} covered orders for {d}$", p.covered),
                None => "Harvest your top card".to_string(),
            }
        }
    }
}

/// Keeping the dice `ids`: "Keep 2 Green and 1 Blue", the beans counted in the order first
/// named. Where a die just rolled of the other shade shows the same bean, which die is kept
/// matters (the darker and the lighter dice have different faces, so what is left to roll
/// differs), and the bean says the shade of the dice it is kept from: "Keep 1 Blue from a
/// darker die", so no two keeps of a hint read alike.
fn keep_label(state: &DiceState, ids: &[usize]) -> String {
    let dice = &state.ruleset().dice;
    let field = &state.field().dice;
    let shade = |d: usize| dice.get(d).map(|x| x.shade);
    // Each bean kept: how many from darker and from lighter dice.
    let mut counted: Vec<(Bean, [usize; 2])> = Vec::new();
    for &d in ids {
        let (Some(b), Some(s)) = (field.get(d).and_then(|x| x.face), shade(d)) else {
            continue;
        };
        let i = usize::from(s == Shade::Lighter);
        match counted.iter_mut().find(|(k, _)| *k == b) {
            Some((_, n)) => n[i] += 1,
            None => {
                let mut n = [0, 0];
                n[i] = 1;
                counted.push((b, n));
            }
        }
    }
    let parts: Vec<String> = counted
        .iter()
        .map(|&(b, n)| {
            let kept = format!("{} {}", n[0] + n[1], b.name());
            let other_shade = (0..field.len()).any(|d| {
                let left = field[d].just_rolled && !ids.contains(&d) && field[d].face == Some(b);
                let i = usize::from(shade(d) == Some(Shade::Lighter));
                left && n[1 - i] > 0
            });
            if other_shade {
                format!("{kept} from {}", shades(n))
            } else {
                kept
            }
        })
        .collect();
    format!("Keep {}", parts.join(" and "))
}

/// "a darker die", "2 lighter dice", "a darker die and 2 lighter dice": the shades of the
/// dice a bean is kept from, `n` counting darker then lighter.
fn shades(n: [usize; 2]) -> String {
    let one = |count: usize, shade: &str| match count {
        1 => format!("a {shade} die"),
        c => format!("{c} {shade} dice"),
    };
    match n {
        [d, 0] => one(d, "darker"),
        [0, l] => one(l, "lighter"),
        [d, l] => format!("{} and {}", one(d, "darker"), one(l, "lighter")),
    }
}
