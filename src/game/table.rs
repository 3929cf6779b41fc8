//! The one table driver, for either game: the seats (a person or a bot each), the game's
//! turn policy (who speaks next) and each seat's bot, seeded one way ([`seat_seed`]).
//!
//! The game screens, the simulator, the ladder and the bots' own `play_game`s all seat
//! their bots here. What differs between the games is said once, by [`Seated`]: what a bot
//! is given to decide, who is asked next, and which bots there are. What a run counts is
//! an [`Observer`] of the table, whatever the game.

use std::fmt;

use super::agent::{Agent, BotName, BotOptions, SeatAgent, SeatKind, seat_seed};
use super::observer::Observer;
use super::seam::Game;
use super::stopwatch::{HastenedStopwatch, Stopwatch};
use super::tape::{Listener, Tape};

/// How a game makes one of its bots: from a seed and the run's options.
pub type MakeAgent<G> = fn(u64, &BotOptions) -> Box<dyn Agent<G>>;

/// What should happen next at the table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Next<G: Seated> {
    /// Bot seat `player` takes `action`: apply it, then ask again.
    Bot {
        /// The bot's seat.
        player: usize,
        /// Its action.
        action: G::Action,
    },
    /// The game waits for a person: `player`, asked for `prompt`.
    Human {
        /// The person's seat.
        player: usize,
        /// What they are expected to do.
        prompt: G::Prompt,
    },
    /// The game is over.
    GameOver,
    /// No one can act, which a consistent game never reaches (reported, never looped on).
    Stuck,
}

/// A game's side of the table: what its bots are given, who speaks next, which bots it has.
pub trait Seated: Game {
    /// What a bot is given to decide: the card games give a seat's view only (hidden stays
    /// hidden); the dice game, which hides nothing, gives the state.
    type Ask<'a>;
    /// What a person the game waits for is asked to do (in its wire form for a network
    /// client, `crate::host`).
    type Prompt: Clone + PartialEq + Eq + fmt::Debug + serde::Serialize;
    /// The turn policy's memory (who has had the floor this turn), with whatever the game
    /// keeps to ask its bots cheaply.
    type Turns: Send;
    /// The game as messages name it: "the card games", "the dice game".
    const NAME: &'static str;
    /// The bots this game has, weakest first, and how each is made (its chance drawn from
    /// the seed given): adding a bot to a game is one line here.
    const BOTS: &'static [(BotName, MakeAgent<Self>)];

    /// The turn policy's memory for a table of `seats` at the start of a game; `own_bots`
    /// when the table made every bot itself from its name (then the game may ask a bot of
    /// its own a faster way, to the same decisions).
    fn turns(seats: &[SeatKind], own_bots: bool) -> Self::Turns;

    /// A bot called `name` for one seat, its chance drawn from `seed`; `None` if the game
    /// has no such bot.
    fn make_agent(name: BotName, seed: u64, options: &BotOptions) -> SeatAgent<Self> {
        let (_, make) = Self::BOTS.iter().find(|(n, _)| *n == name)?;
        Some(make(seed, options))
    }

    /// The names of the bots this game has, weakest first.
    fn bot_names() -> Vec<BotName> {
        Self::BOTS.iter().map(|(n, _)| *n).collect()
    }

    /// Who acts next in `state`, asking the bots in `agents` as the policy decides; a bot
    /// with a thinking time measures it by `stopwatch`.
    fn next(
        turns: &mut Self::Turns,
        state: &Self::State,
        agents: &mut [SeatAgent<Self>],
        stopwatch: &dyn Stopwatch,
    ) -> Next<Self>;

    /// Who acts next, as [`Seated::next`] says, for a table that applies a bot's action at
    /// once and hands a refusal back to [`Seated::refused`] (a table of bots alone, which
    /// no person watches). A game's `apply` checks an action fully and changes nothing when
    /// it refuses, so a game may leave to it the checks `next` makes of a bot's answer
    /// before handing it out, checking each answer once rather than twice; one that does
    /// not answers as `next` does.
    fn next_applied(
        turns: &mut Self::Turns,
        state: &Self::State,
        agents: &mut [SeatAgent<Self>],
        stopwatch: &dyn Stopwatch,
    ) -> Next<Self> {
        Self::next(turns, state, agents, stopwatch)
    }

    /// The rules refused `action`, which the last [`Seated::next_applied`] gave `player`, and
    /// `state` is as it was: what happens in its place, as `next` would have said had it
    /// checked the action and found it illegal (a legal action instead, counted in
    /// [`Seated::fallbacks`], or the conversation going on). An action `next` had checked
    /// itself and the rules still refused leaves the game [`Next::Stuck`], as does any
    /// refusal in a game that checks nothing (the dice game: its bots' moves are the rules').
    fn refused(
        turns: &mut Self::Turns,
        state: &Self::State,
        agents: &mut [SeatAgent<Self>],
        player: usize,
        action: &Self::Action,
        stopwatch: &dyn Stopwatch,
    ) -> Next<Self> {
        let _ = (turns, state, agents, player, action, stopwatch);
        Next::Stuck
    }

    /// A person given the floor to speak (a prompt of the game's own, such as the card games'
    /// turn to propose) lets it pass; returns whether the game has such a floor (the dice
    /// game has none: the policy waits only for the active player's move).
    fn pass(turns: &mut Self::Turns, player: usize) -> bool {
        let _ = (turns, player);
        false
    }

    /// `player` took `action` in `state` before the policy was asked about it (a resumed
    /// game's record, played again from the deal): the policy and the bots remember it as if
    /// they had been asked then, asking no bot. A game whose policy remembers nothing of
    /// the turn (the dice game) ignores it.
    fn recall(
        turns: &mut Self::Turns,
        state: &Self::State,
        agents: &mut [SeatAgent<Self>],
        player: usize,
        action: &Self::Action,
    ) {
        let _ = (turns, state, agents, player, action);
    }

    /// Bot answers the policy replaced by a legal action so far (none where it never does).
    fn fallbacks(turns: &Self::Turns) -> u64 {
        let _ = turns;
        0
    }

    /// Applies `action` as [`Game::apply`] does, telling `observer` each event.
    fn apply_observed<O: Observer<Self>>(
        state: &mut Self::State,
        player: usize,
        action: &Self::Action,
        observer: &mut O,
    ) -> Result<(), Self::Error> {
        for event in Self::apply(state, player, action)? {
            observer.event(&event);
        }
        Ok(())
    }
}

/// Each action retold from a tape, told to the table ([`Table::recall_tape`]).
struct Recalled<'a, G: Seated>(&'a mut Table<G>);

impl<G: Seated> Listener<G> for Recalled<'_, G> {
    fn before(&mut self, state: &G::State, _n: usize, player: usize, action: &G::Action) {
        self.0.recall(state, player, action);
    }

    fn after(&mut self, _state: &G::State, _events: &[G::Event]) {}
}

/// How a game played by bots alone went.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PlayStats {
    /// Actions applied.
    pub actions: u64,
    /// Bot answers that were illegal or missing, replaced by a legal action.
    pub fallbacks: u64,
    /// Whether the game stopped before its end: no one able to act, a person's seat, an
    /// action the rules refused, or more actions than allowed.
    pub stuck: bool,
}

/// The seats of one game and the driver that says who acts next (see [`Table::next`]).
pub struct Table<G: Seated> {
    seats: Vec<SeatKind>,
    agents: Vec<SeatAgent<G>>,
    turns: G::Turns,
    /// The wall clock the bots' thinking time is measured by: the table asks them, so the
    /// table reads the time, not they (hastened by a screen whose pace wants quicker bots).
    stopwatch: HastenedStopwatch,
}

impl<G: Seated> fmt::Debug for Table<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("seats", &self.seats)
            .finish_non_exhaustive()
    }
}

impl<G: Seated> Table<G> {
    /// A table with these seats; each bot's chance is drawn from `seed` and its seat.
    /// Fails on a bot the game does not have.
    pub fn new(seats: &[SeatKind], seed: u64, options: &BotOptions) -> Result<Self, String> {
        Self::with_options(seats, seed, |_| *options)
    }

    /// A table with these seats, the bot at seat `p` made with `options(p)`.
    pub fn with_options(
        seats: &[SeatKind],
        seed: u64,
        options: impl Fn(usize) -> BotOptions,
    ) -> Result<Self, String> {
        let mut agents = Vec::with_capacity(seats.len());
        for (p, seat) in seats.iter().enumerate() {
            agents.push(match seat.bot() {
                None => None,
                Some(name) => Some(
                    G::make_agent(name, seat_seed(seed, p), &options(p))
                        .ok_or_else(|| format!("{}: no {name} bot", G::NAME))?,
                ),
            });
        }
        Ok(Table {
            turns: G::turns(seats, true),
            seats: seats.to_vec(),
            agents,
            stopwatch: HastenedStopwatch::started(),
        })
    }

    /// A table with bots made elsewhere (`None` for a person's seat); `seats` says which
    /// kind each seat is, for reports.
    pub fn with_agents(seats: Vec<SeatKind>, agents: Vec<SeatAgent<G>>) -> Self {
        let turns = G::turns(&seats, false);
        Table {
            seats,
            agents,
            turns,
            stopwatch: HastenedStopwatch::started(),
        }
    }

    /// Seats `agent` at `player` as `kind`: a stand-in bot for a person who left the table,
    /// or `None` when the person plays the seat again. The turn policy's memory stays, so the
    /// turn goes on where it was.
    pub fn reseat(&mut self, player: usize, kind: SeatKind, agent: SeatAgent<G>) {
        if let (Some(seat), Some(slot)) = (self.seats.get_mut(player), self.agents.get_mut(player))
        {
            *seat = kind;
            *slot = agent;
        }
    }

    /// `player` took `action` in `state` while the table was not there to ask (a resumed
    /// game's record): its turn policy and bots remember it ([`Seated::recall`]). A table
    /// told every action of a record from the deal goes on as the table that played them
    /// would: the turn policy's memory is the record's, not the process's. What the record
    /// does not hold is asked again: a bot that let its floor pass, a person who passed.
    pub fn recall(&mut self, state: &G::State, player: usize, action: &G::Action) {
        G::recall(&mut self.turns, state, &mut self.agents, player, action);
    }

    /// Tells the table every action on `tape` from its start ([`Table::recall`]): a resumed
    /// or rewound game's table then goes on as the one that played them.
    pub fn recall_tape(&mut self, tape: &Tape<G>) {
        tape.retell(0, tape.len(), &mut Recalled(self));
    }

    /// A person given the floor lets it pass ([`Seated::pass`]); whether the game has one.
    pub fn pass_floor(&mut self, player: usize) -> bool {
        G::pass(&mut self.turns, player)
    }

    /// Makes the bots' thinking time a `haste`-th as long by the wall from their next
    /// decision (1: as long as their options say): the screen's pace.
    pub fn hasten(&mut self, haste: u32) {
        self.stopwatch.set_haste(haste);
    }

    /// Who plays each seat.
    pub fn seats(&self) -> &[SeatKind] {
        &self.seats
    }

    /// The turn policy's memory, for what a game's screen tells it (a person passing).
    pub fn turns_mut(&mut self) -> &mut G::Turns {
        &mut self.turns
    }

    /// The turn policy's memory.
    pub fn turns(&self) -> &G::Turns {
        &self.turns
    }

    /// What happens next in `state`: a bot's action (apply it, then call `next` again), a
    /// person to wait for, or the end. Call it once per applied action: the policy
    /// remembers the turn's conversation and expects the action it returns to be applied.
    pub fn next(&mut self, state: &G::State) -> Next<G> {
        G::next(&mut self.turns, state, &mut self.agents, &self.stopwatch)
    }

    /// Plays `state` to the end with bots in every seat (a person's seat stops the game as
    /// stuck).
    pub fn play(&mut self, state: &mut G::State) -> PlayStats {
        self.play_observed(state, &mut (), u64::MAX)
    }

    /// Plays `state` to the end with bots in every seat, telling `observer` each action,
    /// for at most `max_actions` actions (a person's seat stops the game as stuck). No
    /// person watches, so a bot's action is applied at once and the engine's refusal handed
    /// back to the driver ([`Seated::next_applied`]): the same actions as [`Table::next`]
    /// gives, each checked once.
    pub fn play_observed<O: Observer<G>>(
        &mut self,
        state: &mut G::State,
        observer: &mut O,
        max_actions: u64,
    ) -> PlayStats {
        let mut stats = PlayStats::default();
        let mut next = G::next_applied(&mut self.turns, state, &mut self.agents, &self.stopwatch);
        loop {
            match next {
                Next::Bot { player, action } if stats.actions < max_actions => {
                    observer.before(state, player, &action);
                    next = match G::apply_observed(state, player, &action, observer) {
                        Ok(()) => {
                            stats.actions += 1;
                            observer.after(state);
                            G::next_applied(
                                &mut self.turns,
                                state,
                                &mut self.agents,
                                &self.stopwatch,
                            )
                        }
                        Err(_) => G::refused(
                            &mut self.turns,
                            state,
                            &mut self.agents,
                            player,
                            &action,
                            &self.stopwatch,
                        ),
                    };
                }
                Next::GameOver => break,
                Next::Bot { .. } | Next::Human { .. } | Next::Stuck => {
                    stats.stuck = true;
                    break;
                }
            }
        }
        stats.fallbacks = G::fallbacks(&self.turns);
        stats
    }
}
