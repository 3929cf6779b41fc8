//! The dice game's side of the table: what its bots are given, who is asked next, which
//! bots it has; and a whole game played by bots alone.

use super::names;
use crate::dice::Dice;
use crate::game::{Agent, BotName, MakeAgent, Next, SeatAgent, SeatKind, Seated, Stopwatch, Table};

use super::{ExpectBot, GreedyBot, RandomBot, StrongBot};
use crate::dice::DiceAction;
use crate::dice::DiceOutcome;
use crate::dice::TurnPhase;
use crate::dice::{DiceState, Seat};

/// What a dice bot is given to decide: the seat it plays and the whole state, since nothing
/// in the dice game is secret.
#[derive(Clone, Copy, Debug)]
pub struct DiceAsk<'a> {
    /// The game.
    pub state: &'a DiceState,
    /// The seat asked.
    pub seat: Seat,
}

impl<'a> DiceAsk<'a> {
    /// Seat `seat` asked in `state`.
    pub fn new(state: &'a DiceState, seat: Seat) -> Self {
        DiceAsk { state, seat }
    }

    /// The asked seat's move in the step its own turn is at, `save` choosing in the save
    /// step; `None` when it is another's turn or the turn is over. Every bot rolls and
    /// passes the bean piece alike: only what to save asks for thought.
    pub(crate) fn turn_move(&self, save: impl FnOnce() -> DiceAction) -> Option<DiceAction> {
        if self.seat != self.state.active() {
            return None;
        }
        Some(match self.state.phase() {
            TurnPhase::Roll => DiceAction::Roll,
            TurnPhase::Pass => DiceAction::PassBeanPiece,
            TurnPhase::Save => save(),
            TurnPhase::Over => return None,
        })
    }
}

impl Seated for Dice {
    type Ask<'a> = DiceAsk<'a>;
    /// A person is only ever waited for as the active player, to play their turn.
    type Prompt = ();
    /// The dice game's policy remembers nothing: who may act follows from the state.
    type Turns = ();
    const NAME: &'static str = "the dice game";
    const BOTS: &'static [(BotName, MakeAgent<Dice>)] = &[
        (names::RANDOM, |seed, _| Box::new(RandomBot::new(seed))),
        (names::GREEDY, |_, _| Box::new(GreedyBot)),
        (names::EXPECT, |_, _| Box::new(ExpectBot::default())),
        (names::STRONG, |_, _| Box::new(StrongBot::default())),
    ];

    fn turns(_: &[SeatKind], _: bool) {}

    /// After every action each bot that may harvest is asked first, round the table from
    /// the active player's left, and may let the moment pass; then the active player. The
    /// dice bots think by counts, never by time, so the stopwatch goes unread.
    fn next(
        _: &mut (),
        state: &DiceState,
        agents: &mut [SeatAgent<Dice>],
        _: &dyn Stopwatch,
    ) -> Next<Dice> {
        if state.outcome().is_some() {
            return Next::GameOver;
        }
        let count = state.player_count();
        let active = state.active();
        let others = (1..count).map(|i| (active + i) % count);
        for seat in others.filter(|&s| state.may_harvest(s)) {
            if let Some(Some(bot)) = agents.get_mut(seat)
                && let Some(action) = bot.decide(&DiceAsk::new(state, seat))
            {
                return Next::Bot {
                    player: seat,
                    action,
                };
            }
        }
        match agents.get_mut(active) {
            Some(Some(bot)) => match bot.decide(&DiceAsk::new(state, active)) {
                Some(action) => Next::Bot {
                    player: active,
                    action,
                },
                None => Next::Stuck,
            },
            _ => Next::Human {
                player: active,
                prompt: (),
            },
        }
    }
}

/// A finished game: how it ended and every action, for replays.
#[derive(Clone, Debug)]
pub struct DiceGameRecord {
    pub outcome: DiceOutcome,
    pub actions: Vec<(Seat, DiceAction)>,
}

/// The game was cut off: a bot gave no action, an illegal one, or the game ran past the cap.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the dice game stopped after {actions} actions: {why}")]
pub struct GameDidNotEnd {
    pub actions: usize,
    pub why: String,
}

/// Plays `state` to the end with `bots` by seat, at the table ([`Seated::next`] says who
/// is asked); a cap of `max_actions` guards against bots that never finish.
pub fn play_game(
    state: &mut DiceState,
    bots: Vec<Box<dyn Agent<Dice>>>,
    max_actions: usize,
) -> Result<DiceGameRecord, GameDidNotEnd> {
    let seats = bots.iter().map(|b| SeatKind::Bot(b.name())).collect();
    let mut table = Table::<Dice>::with_agents(seats, bots.into_iter().map(Some).collect());
    let mut actions = Vec::new();
    loop {
        let stop = |why: String, actions: &Vec<_>| GameDidNotEnd {
            actions: actions.len(),
            why,
        };
        if actions.len() >= max_actions {
            return Err(stop("too many actions".into(), &actions));
        }
        let (seat, action) = match table.next(state) {
            Next::GameOver => break,
            Next::Bot { player, action } => (player, action),
            Next::Human { .. } | Next::Stuck => {
                let why = format!("the active player {} gave no action", state.active());
                return Err(stop(why, &actions));
            }
        };
        if let Err(e) = state.apply(seat, &action) {
            return Err(stop(
                format!("player {seat} tried {action:?}: {e}"),
                &actions,
            ));
        }
        actions.push((seat, action));
    }
    let outcome = state.outcome().expect("the table says the game is over");
    Ok(DiceGameRecord { outcome, actions })
}
