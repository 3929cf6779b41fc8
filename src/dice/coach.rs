//! The coach at the dice table: which dice to keep, whether to lay the bean piece down,
//! whether to harvest now. Each choice is played out on worlds where the deck's order and
//! every roll to come are drawn anew, the player playing on with greedy keeps and the
//! `strong` bot's timing of harvests, the others as `greedy`.

use crate::dice::bots::names;
use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::dice::Dice;
use crate::dice::bots::greedy;
use crate::dice::bots::{DiceAsk, GreedyBot, StrongBot};
use crate::dice::{
    Bean, DiceAction, DiceEvent, DicePosition, DiceRuleset, DiceState, RngPosition, SavedDiceGame,
    Shade,
};
use crate::game::{Agent, BotName, Observer, SeatKind, Seated, Table, Tape};

use crate::coach::reasons;
use crate::coach::search::{ChoiceFigures, DealOutcome, Judged, Plan, Search, World, choices};
use crate::coach::{Coached, Horizon, Thinking};

/// A difference in the orders a choice hands the others smaller than this is not worth a
/// word.
const ORDERS: f64 = 0.1;

/// Actions a played-out world may take before it is given up (a game lasts ~130).
const MAX_ACTIONS: u64 = 5_000;

/// The table as everyone sees it, the deck in a fixed order (its real order is unknown).
struct DiceWorld {
    ruleset: Arc<DiceRuleset>,
    position: DicePosition,
    me: usize,
    /// The decision's position itself, to tell which listed choice an action is.
    now: DiceState,
}

impl Coached for Dice {
    /// A dice hint needs nothing of the play before: every roll to come is drawn anew.
    type Memory = ();

    fn recall(_tape: &Tape<Dice>, _at: usize, _player: usize) {}

    fn think_about(
        state: &DiceState,
        player: usize,
        names: &[String],
        seed: u64,
        samples: u32,
        also: Option<&DiceAction>,
        _memory: &(),
    ) -> Box<dyn Thinking<DiceAction>> {
        let me = player.min(state.player_count().saturating_sub(1));
        let also = also.map(|a| representative(state, me, a));
        let choices = choices(options(state, me), also.as_ref(), |o| Judged {
            label: label(state, me, o.as_ref()),
            actions: o.into_iter().collect(),
            figures: ChoiceFigures::default(),
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
            now: state.clone(),
        };
        let plan = Plan::hint(choices.len(), samples);
        Box::new(Search::new(world, me, names, choices, seed, plan))
    }

    fn label(state: &DiceState, player: usize, action: &DiceAction, _names: &[String]) -> String {
        label(state, player, Some(action))
    }

    fn representative(state: &DiceState, player: usize, action: &DiceAction) -> DiceAction {
        representative(state, player, action)
    }
}

/// The choices for `me` now (`None`: let the moment pass, for a player who may harvest out
/// of turn). Keeps that put the same beans in the bean field and leave the same dice to roll
/// are one choice: the first of them the rules list ([`representative`]).
fn options(state: &DiceState, me: usize) -> Vec<Option<DiceAction>> {
    let legal = state.legal_actions(me);
    if legal.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Option<DiceAction>> = Vec::new();
    let mut seen: Vec<KeepKey> = Vec::new();
    for action in legal {
        if let DiceAction::Save { dice } = &action {
            let key = keep_key(state, dice);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
        }
        out.push(Some(action));
    }
    if me != state.active() {
        out.push(None);
    }
    out
}

/// What makes two keeps one choice: the beans they put in the bean field, and the shades
/// of the dice they leave to roll (0 lighter, 1 darker), both sorted. Which die of a shade
/// showing the same bean is kept changes nothing the game can tell.
type KeepKey = (Vec<Bean>, Vec<usize>);

/// The [`KeepKey`] of keeping the dice `ids`.
fn keep_key(state: &DiceState, ids: &[usize]) -> KeepKey {
    let dice = &state.ruleset().dice;
    let field = &state.field().dice;
    let mut kept: Vec<Bean> = ids
        .iter()
        .filter_map(|&d| field.get(d).and_then(|x| x.face))
        .collect();
    kept.sort_by_key(|b| b.index());
    let mut left: Vec<usize> = (0..dice.len().min(field.len()))
        .filter(|&d| field[d].just_rolled && !ids.contains(&d))
        .map(|d| usize::from(dice[d].shade == Shade::Darker))
        .collect();
    left.sort_unstable();
    (kept, left)
}

/// The choice a hint lists for `action` by `me`: for a keep, the first legal keep with the
/// same [`KeepKey`] (the one [`options`] lists); anything else is its own choice.
fn representative(state: &DiceState, me: usize, action: &DiceAction) -> DiceAction {
    let DiceAction::Save { dice } = action else {
        return action.clone();
    };
    let key = keep_key(state, dice);
    state
        .legal_actions(me)
        .into_iter()
        .find(|a| matches!(a, DiceAction::Save { dice } if keep_key(state, dice) == key))
        .unwrap_or_else(|| action.clone())
}

impl World for DiceWorld {
    type Action = DiceAction;

    fn play(
        &mut self,
        seed: u64,
        choices: &[Judged<DiceAction>],
        alive: &[usize],
        out: &mut Vec<Option<DealOutcome>>,
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

    fn representative(&self, action: &DiceAction) -> DiceAction {
        representative(&self.now, self.me, action)
    }

    fn horizon(&self) -> Horizon {
        Horizon::End
    }

    fn contrast(&self, a: &ChoiceFigures, b: &ChoiceFigures) -> Vec<String> {
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

/// Plays `actions` by `me`, then the game to its end: `me` plays on with `greedy`'s keeps
/// and the `strong` bot's timing of harvests ([`HarvestTimed`]), the others as `greedy`. A
/// harvest now is judged against a player who then harvests well, not one who harvests at
/// every chance. Playing on as `strong` itself would judge keeps better too, but its exact
/// search of every turn costs about ten times as much a deal (see docs/coach.md). Counts
/// the orders this turn covers for `me` and for the others.
fn play_out(mut state: DiceState, me: usize, actions: &[DiceAction]) -> Option<DealOutcome> {
    let turn_of = state.active();
    let mut count = TurnCount {
        me,
        turn_of,
        this_turn: true,
        mine: 0,
        handed: 0,
    };
    for a in actions {
        Dice::apply_observed(&mut state, me, a, &mut count).ok()?;
    }
    count.this_turn = state.active() == turn_of;
    let players = state.player_count();
    let mut table = deal_table(players, me);
    table.play_observed(&mut state, &mut count, MAX_ACTIONS);
    let outcome = state.outcome()?;
    Some(DealOutcome {
        coins: f64::from(outcome.dollars[me]),
        win: f64::from(u8::from(outcome.winners.contains(&me))),
        now: f64::from(u8::from(count.mine > 0)),
        handed: count.handed as f64,
        seats: outcome.dollars.iter().map(|&d| f64::from(d)).collect(),
    })
}

/// The table a hint's deals are played out at, for `me` among `players`: `me` with
/// [`HarvestTimed`], the others as `greedy` ([`play_out`]). Public so a test can play games
/// from a position as the hint's deals are played.
pub fn deal_table(players: usize, me: usize) -> Table<Dice> {
    let seats = vec![SeatKind::Bot(names::GREEDY); players];
    let agent = |p: usize| {
        Some(if p == me {
            Box::new(HarvestTimed(StrongBot::default())) as Box<dyn Agent<Dice>>
        } else {
            Box::new(GreedyBot) as Box<dyn Agent<Dice>>
        })
    };
    Table::with_agents(seats, (0..players).map(agent).collect())
}

/// The player in a played-out world: `greedy`'s keeps, with the `strong` bot's timing of
/// harvests (only right after dice its next card may use are shown, and only when that
/// beats waiting a roll; the goal reached when that wins).
struct HarvestTimed(StrongBot);

impl Agent<Dice> for HarvestTimed {
    fn name(&self) -> BotName {
        names::STRONG
    }

    fn decide(&mut self, ask: &DiceAsk<'_>) -> Option<DiceAction> {
        let (state, seat) = (ask.state, ask.seat);
        if state.may_harvest(seat) {
            if self.0.wants_harvest(state, seat) {
                return Some(DiceAction::Harvest);
            }
            if seat != state.active() {
                return None;
            }
        }
        ask.turn_move(|| greedy::save_or_repeat(state, seat))
    }
}

/// The orders the turn being played out covers: `me`'s, and those it hands the others.
struct TurnCount {
    me: usize,
    /// The active player of that turn.
    turn_of: usize,
    /// Whether the game is still in that turn.
    this_turn: bool,
    mine: usize,
    handed: usize,
}

impl Observer<Dice> for TurnCount {
    fn event(&mut self, event: &DiceEvent) {
        if let (DiceEvent::OrdersCovered { seat, count, .. }, true) = (event, self.this_turn) {
            if *seat == self.me {
                self.mine += count;
            } else {
                self.handed += count;
            }
        }
    }

    fn after(&mut self, state: &DiceState) {
        self.this_turn &= state.active() == self.turn_of;
    }
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

/// Saving the dice `ids` in the bean field, as rules/004 says: "Save 2 Green and 1 Blue",
/// the beans counted in the order first named. Where a die just rolled of the other shade
/// shows the same bean, which die is saved matters (the darker and the lighter dice have different faces, so what is left to roll
/// differs), and the bean says the shade of the dice it is saved from: "Save 1 Blue from a
/// darker die", so no two choices of a hint read alike.
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
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("Save {} and {last}", rest.join(", ")),
        _ => format!("Save {}", parts.concat()),
    }
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
