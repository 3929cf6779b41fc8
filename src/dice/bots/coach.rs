//! The coach at the dice table: which dice to keep, whether to lay the bean piece down,
//! whether to harvest now. Each choice is played out by greedy players on worlds where the
//! deck's order and every roll to come are drawn anew.

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::coach::reasons;
use crate::coach::search::{Figures, Judged, Outcome, Plan, Search, World};
use crate::coach::{Coached, Thinking};
use crate::dice::Dice;
use crate::dice::{
    Bean, DiceAction, DiceEvent, DicePosition, DiceRuleset, DiceState, RngPosition, SavedDiceGame,
};
use crate::game::Agent;

use super::{DiceAsk, GreedyBot};

/// Actions a played-out world may take before it is given up (a game lasts ~130).
const MAX_ACTIONS: usize = 5_000;

/// The table as everyone sees it, the deck in a fixed order (its real order is unknown).
struct DiceWorld {
    ruleset: Arc<DiceRuleset>,
    position: DicePosition,
    me: usize,
    names: Vec<String>,
}

impl Coached for Dice {
    fn think(
        state: &DiceState,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
    ) -> Box<dyn Thinking<DiceAction>> {
        Self::think_about(state, player, names, seed, samples, None)
    }

    fn think_about(
        state: &DiceState,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&DiceAction>,
    ) -> Box<dyn Thinking<DiceAction>> {
        let me = player.min(state.player_count().saturating_sub(1));
        let mut options = options(state, me);
        if let Some(a) = also
            && !options.iter().any(|o| o.as_ref() == Some(a))
        {
            options.push(Some(a.clone()));
        }
        let choices = options
            .into_iter()
            .map(|o| Judged {
                label: label(state, me, o.as_ref()),
                actions: o.into_iter().collect(),
                figures: Figures::default(),
                partner: None,
                note: None,
            })
            .collect();
        let mut position = SavedDiceGame::from(state.clone()).position;
        // The deck's order is hidden: only what it holds is kept.
        position.deck.sort_unstable();
        let world = DiceWorld {
            ruleset: Arc::clone(state.ruleset()),
            position,
            me,
            names: names.to_vec(),
        };
        Box::new(Search::new(world, me, choices, seed, Plan::flat(samples)))
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
                .map(|d| usize::from(dice[d].shade == crate::dice::Shade::Darker))
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

    fn why(
        &self,
        choice: &Judged<DiceAction>,
        best: &Judged<DiceAction>,
        next: Option<&Judged<DiceAction>>,
    ) -> String {
        reasons::explain(
            choice,
            best,
            next,
            self.me,
            &self.names,
            reasons::Game::Dice,
        )
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
        DiceAction::Save { dice } => {
            let mut counted: Vec<(Bean, usize)> = Vec::new();
            for b in dice
                .iter()
                .filter_map(|&d| state.field().dice.get(d).and_then(|x| x.face))
            {
                match counted.iter_mut().find(|(k, _)| *k == b) {
                    Some((_, n)) => *n += 1,
                    None => counted.push((b, 1)),
                }
            }
            let parts: Vec<String> = counted
                .iter()
                .map(|(b, n)| format!("{n} {}", b.name()))
                .collect();
            format!("Keep {}", parts.join(" and "))
        }
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
