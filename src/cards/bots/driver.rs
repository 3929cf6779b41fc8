//! The driver: who acts next, and what a bot seat does.
//!
//! The engine lets several players act at once (anyone may harvest; in phase 2 the active
//! player and the others may all propose; in phase 3 everyone with set-aside cards plants).
//! The rulebook leaves the order to the table's conversation; the driver fixes one that
//! always ends:
//!
//! - Phase 1, and the bean duel's steps 1–3: the active player.
//! - Phase 2: an offer made to a bot is answered at once; an offer from a bot waits for the
//!   person it was made to (a bot active player's offers wait until it has made them all,
//!   so a person answers every offer made to them at one sitting). A bot has at most one
//!   standing offer to a person at a time: a bot that would make a second one waits for
//!   the person's answer to the first (the active bot), or passes (on the floor). A bot active player
//!   proposes until it wants to end trading
//!   (at most [`MAX_ACTIVE_OFFERS`] offers a turn); then each other player in turn has the
//!   floor once to propose to it (a person passes with [`Table::pass`]). If that brought a
//!   trade, the active player may propose again, for at most [`MAX_ROUNDS`] rounds; then it
//!   ends trading. When a person is the active player, each bot has the floor once when
//!   trading opens, and again whenever the person invites it ([`Table::invite`]).
//! - Phase 3: bots with set-aside cards plant them first, then the people.
//!
//! Bots never harvest out of turn except when asked to act. A bot that answers with an
//! illegal action (or none where it must act) gets a legal one chosen for it
//! ([`legal::fallback`]), and a turn that runs past [`STEP_LIMIT`] decisions is moved on by
//! force, so no bot and no unknown rule can stall a game.

use super::names;
use crate::cards::Cards;
use crate::cards::{Action, Event, EventKind, EventSink, GameState, Phase, RuleError};
use crate::game::{
    BotName, MakeAgent, Observer, SeatAgent, SeatKind, Seated, StoppedStopwatch, Stopwatch,
};

mod check;

pub(crate) use check::checks_answer;
use check::{Asked, Deferred};

use super::legal::{self, Listing};
use super::sight::ViewCache;
use super::sighted::SightedGreedy;
use super::{Decision, GreedyBot, MctsBot, Prompt, RandomBot};

/// Offers a bot active player may make in one turn before the driver closes the floor.
pub const MAX_ACTIVE_OFFERS: u32 = 12;
/// Rounds of offers in one turn (a round: the active player's offers, then everyone's floor).
pub const MAX_ROUNDS: u32 = 2;
/// Decisions in one turn after which the driver moves the game on by force.
pub const STEP_LIMIT: u32 = 2_000;

/// What should happen next at the card table.
pub type Next = crate::game::Next<Cards>;

/// The card game's table: its seats, bots and turn policy.
pub type Table = crate::game::Table<Cards>;

/// Who the driver may ask and how: bot seats of a real game, or a search bot's playouts.
pub(crate) trait Agents {
    /// Whether seat `p` is played by a bot.
    fn is_bot(&self, p: usize) -> bool;
    /// Bot seat `p`'s choice for `prompt`; `legal` lists its legal actions except offers
    /// when asked.
    fn ask(
        &mut self,
        state: &GameState,
        p: usize,
        prompt: Prompt,
        legal: &mut Listing,
    ) -> Option<Action>;
    /// Bot seat `p`'s answer for `prompt` in place of the one it left to the engine
    /// ([`Listing::leave`]) and the engine refused: what it would have answered had it found
    /// that one illegal itself. `None` for a seat that leaves nothing to the engine.
    fn reconsider(
        &mut self,
        state: &GameState,
        p: usize,
        prompt: Prompt,
        legal: &mut Listing,
    ) -> Option<Action> {
        let _ = (state, p, prompt, legal);
        None
    }
}

/// The driver's memory of the current turn.
#[derive(Clone, Debug, Default)]
pub(crate) struct Protocol {
    turn: u32,
    trading_seen: bool,
    steps: u32,
    active_done: bool,
    active_offers: u32,
    spoken: u64,
    passed: u64,
    round: u32,
    round_start_trades: u32,
    opened: bool,
    invited: Option<usize>,
    legal: Listing,
    /// The action last handed out unchecked, until the next is asked for.
    deferred: Option<Deferred>,
    /// Trust the agents' actions without vetting them (playouts: the caller handles a
    /// refused action), which spares listing the legal actions at every decision.
    pub(crate) trusted: bool,
    /// Bot answers that were illegal or missing and replaced by a legal action.
    pub(crate) fallbacks: u64,
}

fn bit(p: usize) -> u64 {
    1u64 << (p % 64)
}

impl Protocol {
    /// Forgets the turn's conversation when a new turn begins.
    fn sync(&mut self, state: &GameState) {
        if state.turn() != self.turn {
            self.turn = state.turn();
            self.trading_seen = false;
            self.steps = 0;
            self.active_done = false;
            self.active_offers = 0;
            self.spoken = 0;
            self.passed = 0;
            self.round = 0;
            self.opened = false;
            self.invited = None;
        }
        if state.phase() == Phase::Trade && !self.trading_seen {
            self.trading_seen = true;
            self.round_start_trades = state.trades_this_turn();
        }
    }

    /// Starts a playout from the middle of a turn: the turn's conversation so far is
    /// unknown, so it begins afresh, except that `passed` (if any) has had the floor.
    pub(crate) fn reset_for_playout(&mut self, state: &GameState, passed: Option<usize>) {
        let fallbacks = self.fallbacks;
        let legal = std::mem::take(&mut self.legal);
        *self = Protocol {
            legal,
            fallbacks,
            ..Protocol::default()
        };
        self.turn = state.turn();
        if state.phase() == Phase::Trade {
            self.trading_seen = true;
            self.round_start_trades = state.trades_this_turn();
        }
        if let Some(p) = passed {
            self.spoken |= bit(p);
        }
    }

    /// Forgets the legal actions listed for the last seat asked: `p` is asked next, and
    /// its list is made only if needed.
    fn list(&mut self, _state: &GameState, _p: usize) {
        self.legal.forget();
    }

    /// A person passed on their floor to propose.
    pub(crate) fn pass(&mut self, player: usize) {
        self.passed |= bit(player);
    }

    /// The active person gives the floor to `player`.
    pub(crate) fn invite(&mut self, player: usize) {
        self.invited = Some(player);
    }

    /// `player` took `action` in `state` before this driver was asked (a resumed game's
    /// record): what it tells of the turn's conversation. A bot active player's offer counts
    /// toward its limit; a bot that proposed to the active player has had its floor; an
    /// active person who acted in phase 2 other than by answering an offer was past the
    /// bots' opening floors. A bot that let its floor pass left nothing in the record: it is
    /// asked again, and (remembering its offers, [`Agent::recall`]) answers as it did.
    ///
    /// [`Agent::recall`]: crate::game::Agent::recall
    fn recall<A: Agents>(&mut self, state: &GameState, agents: &A, player: usize, action: &Action) {
        self.sync(state);
        if state.phase() != Phase::Trade {
            return;
        }
        let active = state.active_player();
        match action {
            Action::Propose { .. } if agents.is_bot(player) && player == active => {
                self.active_offers += 1;
            }
            Action::Propose { .. } if agents.is_bot(player) => self.spoken |= bit(player),
            Action::Accept { .. } | Action::Decline { .. } => {}
            _ if player == active && !agents.is_bot(active) => self.opened = true,
            _ => {}
        }
    }

    /// Asks bot `p` and returns its action if legal, else a legal one in its place.
    fn ask_bot<A: Agents>(
        &mut self,
        state: &GameState,
        agents: &mut A,
        p: usize,
        prompt: Prompt,
        force: bool,
    ) -> Next {
        self.list(state, p);
        let chosen = if force {
            None
        } else {
            agents.ask(state, p, prompt, &mut self.legal)
        };
        self.settle_act(state, p, prompt, chosen, force)
    }

    /// Bot `p`'s answer `chosen` for `prompt` if legal, else a legal one in its place, counted
    /// as a fallback unless the driver forced it.
    fn settle_act(
        &mut self,
        state: &GameState,
        p: usize,
        prompt: Prompt,
        chosen: Option<Action>,
        force: bool,
    ) -> Next {
        if let Some(action) = chosen
            && self.vetted(state, p, &action, Asked::Act(prompt))
        {
            return Next::Bot { player: p, action };
        }
        self.fallbacks += u64::from(!force);
        let listed = self.legal.get(state, p);
        let decline = match prompt {
            Prompt::Answer { offer } => Some(Action::Decline { offer }),
            _ => None,
        };
        match decline
            .filter(|d| listed.contains(d))
            .or_else(|| legal::fallback(listed).cloned())
        {
            Some(action) => Next::Bot { player: p, action },
            None => Next::Stuck,
        }
    }

    /// Gives bot `p` the floor: its offer if it makes a legal one.
    fn floor<A: Agents>(&mut self, state: &GameState, agents: &mut A, p: usize) -> Option<Next> {
        self.list(state, p);
        let chosen = agents.ask(state, p, Prompt::MayPropose, &mut self.legal);
        if standing_offer(state, agents, p, chosen.as_ref()).is_some() {
            // A second offer to a person still answering its first: the bot passes.
            return None;
        }
        self.settle_floor(state, p, chosen)
    }

    /// Bot `p`'s answer `chosen` on the floor: its offer or harvest if legal; `None` if it
    /// passed or answered with anything else (counted as a fallback).
    fn settle_floor(
        &mut self,
        state: &GameState,
        p: usize,
        chosen: Option<Action>,
    ) -> Option<Next> {
        match chosen {
            Some(action @ (Action::Propose { .. } | Action::Harvest { .. }))
                if self.vetted(state, p, &action, Asked::Floor) =>
            {
                Some(Next::Bot { player: p, action })
            }
            Some(_) => {
                self.fallbacks += 1;
                None
            }
            None => None,
        }
    }

    /// What happens next.
    pub(crate) fn next<A: Agents>(&mut self, state: &GameState, agents: &mut A) -> Next {
        self.deferred = None;
        if state.is_over() {
            return Next::GameOver;
        }
        self.sync(state);
        self.steps += 1;
        let force = self.steps > STEP_LIMIT;
        let active = state.active_player();
        match state.phase() {
            // The bean duel's steps 1 and 3 are the active player's alone, like phase 1.
            Phase::Plant { .. } | Phase::PlantOffered | Phase::PlantTurnedOver => {
                if agents.is_bot(active) {
                    self.ask_bot(state, agents, active, Prompt::Act, force)
                } else {
                    Next::Human {
                        player: active,
                        prompt: Prompt::Act,
                    }
                }
            }
            Phase::Trade => self.trade(state, agents, force),
            Phase::PlantTraded => self.plant_set_aside(state, agents, force),
            Phase::GameOver => Next::GameOver,
        }
    }

    /// Phase 3, and My First Bohnanza's received cards in phase 2: bots with set-aside cards
    /// plant them first, then the people.
    fn plant_set_aside<A: Agents>(
        &mut self,
        state: &GameState,
        agents: &mut A,
        force: bool,
    ) -> Next {
        let n = state.player_count();
        let active = state.active_player();
        let mut waiting = (0..n)
            .map(|i| (active + i) % n)
            .filter(|&p| !state.player(p).set_aside().is_empty());
        if let Some(p) = waiting.clone().find(|&p| agents.is_bot(p)) {
            return self.ask_bot(state, agents, p, Prompt::Act, force);
        }
        match waiting.next() {
            Some(player) => Next::Human {
                player,
                prompt: Prompt::Act,
            },
            None => self.anyone(state, agents, force),
        }
    }

    /// A situation the driver does not know: the active player acts, else anyone who can.
    fn anyone<A: Agents>(&mut self, state: &GameState, agents: &mut A, force: bool) -> Next {
        let n = state.player_count();
        let active = state.active_player();
        for i in 0..n {
            let p = (active + i) % n;
            self.legal.forget();
            if self.legal.get(state, p).is_empty() {
                continue;
            }
            return if agents.is_bot(p) {
                self.ask_bot(state, agents, p, Prompt::Act, force)
            } else {
                Next::Human {
                    player: p,
                    prompt: Prompt::Act,
                }
            };
        }
        Next::Stuck
    }

    /// A bot's offer waiting for a person's answer: the person is asked to answer it. A bot
    /// active player's offers wait until it has made all it wants to make, so each person
    /// answers every offer made to them in one sitting.
    fn waiting_answer<A: Agents>(&self, state: &GameState, agents: &A) -> Option<Next> {
        let active = state.active_player();
        let proposing = agents.is_bot(active) && !self.active_done;
        let o = state
            .offers()
            .iter()
            .find(|o| agents.is_bot(o.from) && !(proposing && o.from == active))?;
        Some(Next::Human {
            player: o.to,
            prompt: Prompt::Answer { offer: o.id },
        })
    }

    fn trade<A: Agents>(&mut self, state: &GameState, agents: &mut A, force: bool) -> Next {
        if state.must_plant_received_cards().is_some() {
            return self.plant_set_aside(state, agents, force);
        }
        let active = state.active_player();
        if let Some(o) = state.offers().iter().find(|o| agents.is_bot(o.to)) {
            let (to, offer) = (o.to, o.id);
            return self.ask_bot(state, agents, to, Prompt::Answer { offer }, force);
        }
        if let Some(next) = self.waiting_answer(state, agents) {
            return next;
        }
        if !agents.is_bot(active) {
            return self.person_trades(state, agents, force);
        }
        loop {
            if force {
                return self.ask_bot(state, agents, active, Prompt::Act, true);
            }
            if let Some(next) = self.active_proposes(state, agents) {
                return next;
            }
            if let Some(next) = self.waiting_answer(state, agents) {
                return next;
            }
            if let Some(next) = self.others_floor(state, agents) {
                return next;
            }
            let trades = state.trades_this_turn();
            if trades > self.round_start_trades && self.round + 1 < MAX_ROUNDS {
                self.round += 1;
                self.round_start_trades = trades;
                self.active_done = false;
                self.spoken = 0;
                self.passed = 0;
                continue;
            }
            self.list(state, active);
            if self.trusted || self.legal.contains(state, active, &Action::EndTrading) {
                return Next::Bot {
                    player: active,
                    action: Action::EndTrading,
                };
            }
            return self.ask_bot(state, agents, active, Prompt::Act, true);
        }
    }

    /// Phase 2 with a person as the active player: each bot has the floor once when
    /// trading opens, and again when the person invites it; otherwise the person acts.
    fn person_trades<A: Agents>(&mut self, state: &GameState, agents: &mut A, force: bool) -> Next {
        let n = state.player_count();
        let active = state.active_player();
        if !self.opened && !force {
            for i in 1..n {
                let p = (active + i) % n;
                if agents.is_bot(p) && self.spoken & bit(p) == 0 {
                    self.spoken |= bit(p);
                    if let Some(next) = self.floor(state, agents, p) {
                        return next;
                    }
                }
            }
            self.opened = true;
        }
        if let Some(p) = self.invited.take()
            && agents.is_bot(p)
            && !force
            && let Some(next) = self.floor(state, agents, p)
        {
            return next;
        }
        Next::Human {
            player: active,
            prompt: Prompt::Act,
        }
    }

    /// A bot active player's next move while it is proposing; `None` once it is done (it
    /// ended trading, passed, made its offers for the turn, or answered with a refused move).
    fn active_proposes<A: Agents>(&mut self, state: &GameState, agents: &mut A) -> Option<Next> {
        if self.active_done {
            return None;
        }
        if self.active_offers >= MAX_ACTIVE_OFFERS {
            self.active_done = true;
            return None;
        }
        let active = state.active_player();
        self.list(state, active);
        let chosen = agents.ask(state, active, Prompt::Act, &mut self.legal);
        if let Some(offer) = standing_offer(state, agents, active, chosen.as_ref()) {
            // The person answers the bot's standing offer first (with every other offer
            // waiting for them); the bot, still proposing, is asked again after.
            return Some(Next::Human {
                player: offer.to,
                prompt: Prompt::Answer { offer: offer.id },
            });
        }
        self.settle_active(state, chosen)
    }

    /// The active bot's answer `chosen` while it proposes: its offer (counted) or other move
    /// if legal; `None` once it is done proposing.
    fn settle_active(&mut self, state: &GameState, chosen: Option<Action>) -> Option<Next> {
        let active = state.active_player();
        let offered = Asked::Active { offered: true };
        match chosen {
            Some(action @ Action::Propose { .. })
                if self.vetted(state, active, &action, offered) =>
            {
                self.active_offers += 1;
                Some(Next::Bot {
                    player: active,
                    action,
                })
            }
            Some(Action::EndTrading) | None => {
                self.active_done = true;
                None
            }
            Some(action)
                if self.vetted(state, active, &action, Asked::Active { offered: false }) =>
            {
                Some(Next::Bot {
                    player: active,
                    action,
                })
            }
            Some(_) => {
                self.fallbacks += 1;
                self.active_done = true;
                None
            }
        }
    }

    /// The others' floor this round, each in turn from the active player's left: a bot's
    /// offer, or a person asked whether to propose; `None` once everyone has spoken.
    fn others_floor<A: Agents>(&mut self, state: &GameState, agents: &mut A) -> Option<Next> {
        let n = state.player_count();
        let active = state.active_player();
        for i in 1..n {
            let p = (active + i) % n;
            if self.spoken & bit(p) != 0 {
                continue;
            }
            if agents.is_bot(p) {
                self.spoken |= bit(p);
                if let Some(next) = self.floor(state, agents, p) {
                    return Some(next);
                }
            } else if self.passed & bit(p) != 0 {
                self.spoken |= bit(p);
            } else {
                return Some(Next::Human {
                    player: p,
                    prompt: Prompt::MayPropose,
                });
            }
        }
        None
    }
}

/// The offer bot `p` has open to the person its `chosen` offer is for, if any: a bot makes
/// at most one standing offer to a person at a time, so a person never has a pile of one
/// bot's offers to answer one by one. Offers to bots are answered at once and never stand.
fn standing_offer<'s, A: Agents>(
    state: &'s GameState,
    agents: &A,
    p: usize,
    chosen: Option<&Action>,
) -> Option<&'s crate::cards::Offer> {
    let Some(Action::Propose { to, .. }) = chosen else {
        return None;
    };
    if agents.is_bot(*to) {
        return None;
    }
    state.offers().iter().find(|o| o.from == p && o.to == *to)
}

/// The bot seats of a real game: the table's own greedy seats asked with the game through
/// what they may see ([`SightedGreedy`]), every other bot through its view.
struct Roster<'a> {
    bots: &'a mut [SeatAgent<Cards>],
    views: &'a mut [ViewCache],
    sighted: &'a mut [Option<SightedGreedy>],
    /// What a bot with a thinking time measures it by.
    stopwatch: &'a dyn Stopwatch,
}

impl Agents for Roster<'_> {
    fn is_bot(&self, p: usize) -> bool {
        self.bots.get(p).is_some_and(Option::is_some)
    }

    fn ask(
        &mut self,
        state: &GameState,
        p: usize,
        prompt: Prompt,
        legal: &mut Listing,
    ) -> Option<Action> {
        if let Some(Some(greedy)) = self.sighted.get_mut(p) {
            return greedy.decide(state, p, prompt, legal);
        }
        let bot = self.bots.get_mut(p)?.as_mut()?;
        let view = self.views[p].refresh(state, p);
        bot.decide(&Decision {
            me: p,
            view,
            ruleset: state.ruleset(),
            legal: legal.get(state, p),
            prompt,
            stopwatch: self.stopwatch,
        })
    }

    fn reconsider(
        &mut self,
        state: &GameState,
        p: usize,
        prompt: Prompt,
        legal: &mut Listing,
    ) -> Option<Action> {
        match self.sighted.get_mut(p) {
            Some(Some(greedy)) => greedy.reconsider(state, p, prompt, legal),
            _ => None,
        }
    }
}

impl Roster<'_> {
    /// Bot seat `p` took `action` in `state` before it was seated: it remembers it
    /// ([`crate::game::Agent::recall`]), seeing the game through its own view.
    fn recall(&mut self, state: &GameState, p: usize, action: &Action) {
        if let Some(Some(greedy)) = self.sighted.get_mut(p) {
            greedy.recall(state, p, action);
            return;
        }
        let Some(Some(bot)) = self.bots.get_mut(p) else {
            return;
        };
        let view = self.views[p].refresh(state, p);
        let ask = Decision {
            me: p,
            view,
            ruleset: state.ruleset(),
            legal: &[],
            prompt: Prompt::Act,
            stopwatch: self.stopwatch,
        };
        bot.recall(&ask, action);
    }
}

/// The card game's turn policy's memory ([`Protocol`]) and each seat's view, kept to ask
/// its bot; the greedy seats the table made itself decide from the game ([`SightedGreedy`]).
#[derive(Debug, Default)]
pub struct CardTurns {
    protocol: Protocol,
    views: Vec<ViewCache>,
    sighted: Vec<Option<SightedGreedy>>,
}

impl Seated for Cards {
    type Ask<'a> = Decision<'a>;
    type Prompt = Prompt;
    type Turns = CardTurns;
    const NAME: &'static str = "the card games";
    const BOTS: &'static [(BotName, MakeAgent<Cards>)] = &[
        // The difficulty levels first, weakest first: the setup screen steps through them so.
        (names::EASY, |seed, _| Box::new(super::EasyBot::new(seed))),
        (names::NORMAL, |_, _| Box::new(GreedyBot::new())),
        (names::HARD, |seed, o| {
            Box::new(super::search::level(names::HARD, seed, o))
        }),
        (names::EXPERT, |seed, o| {
            Box::new(super::search::level(names::EXPERT, seed, o))
        }),
        (names::RANDOM, |seed, _| Box::new(RandomBot::new(seed))),
        (names::GREEDY, |_, _| Box::new(GreedyBot::new())),
        (names::MCTS, |seed, o| {
            Box::new(MctsBot::new(seed, o.search))
        }),
    ];

    /// The greedy seats the table made itself are asked with the game ([`SightedGreedy`]):
    /// the same decisions, without a view rebuilt for each.
    fn turns(seats: &[SeatKind], own_bots: bool) -> CardTurns {
        let greedy = SeatKind::Bot(names::GREEDY);
        CardTurns {
            protocol: Protocol::default(),
            views: seats.iter().map(|_| ViewCache::new()).collect(),
            sighted: seats
                .iter()
                .map(|&s| (own_bots && s == greedy).then(SightedGreedy::new))
                .collect(),
        }
    }

    fn next(
        turns: &mut CardTurns,
        state: &GameState,
        agents: &mut [SeatAgent<Cards>],
        stopwatch: &dyn Stopwatch,
    ) -> Next {
        let (protocol, mut roster) = turns.driver(agents, false, stopwatch);
        protocol.next(state, &mut roster)
    }

    /// A bot's answer the engine checks exactly as the driver would ([`legal::left_to_engine`]) is
    /// handed out unchecked, by the driver and by the table's own greedy seats: a refusal
    /// comes back through [`Seated::refused`]. The same decisions, each checked once.
    fn next_applied(
        turns: &mut CardTurns,
        state: &GameState,
        agents: &mut [SeatAgent<Cards>],
        stopwatch: &dyn Stopwatch,
    ) -> Next {
        let (protocol, mut roster) = turns.driver(agents, true, stopwatch);
        protocol.next(state, &mut roster)
    }

    fn refused(
        turns: &mut CardTurns,
        state: &GameState,
        agents: &mut [SeatAgent<Cards>],
        player: usize,
        action: &Action,
        stopwatch: &dyn Stopwatch,
    ) -> Next {
        let (protocol, mut roster) = turns.driver(agents, true, stopwatch);
        protocol.refused(state, &mut roster, player, action)
    }

    fn fallbacks(turns: &CardTurns) -> u64 {
        turns.protocol.fallbacks
    }

    /// The driver's memory of the turn ([`Protocol`]), and a bot's of the offers it made:
    /// the only moves a card bot remembers are its offers, so only those are told to it.
    fn recall(
        turns: &mut CardTurns,
        state: &GameState,
        agents: &mut [SeatAgent<Cards>],
        player: usize,
        action: &Action,
    ) {
        let (protocol, mut roster) = turns.driver(agents, false, &StoppedStopwatch);
        protocol.recall(state, &roster, player, action);
        if matches!(action, Action::Propose { .. }) {
            roster.recall(state, player, action);
        }
    }

    /// A person on the floor to propose passes, as [`Table::pass`].
    fn pass(turns: &mut CardTurns, player: usize) -> bool {
        turns.protocol.pass(player);
        true
    }

    /// The engine's events go to `observer` as they happen, with no list made, and only
    /// those it reads ([`Observer::EVENTS`]) are built.
    fn apply_observed<O: Observer<Cards>>(
        state: &mut GameState,
        player: usize,
        action: &Action,
        observer: &mut O,
    ) -> Result<(), RuleError> {
        state.apply_with(player, action, &mut Forward(observer))
    }
}

/// Hands the engine's events to an observer.
struct Forward<'a, O>(&'a mut O);

impl<O: Observer<Cards>> EventSink for Forward<'_, O> {
    fn emit(&mut self, event: Event) {
        self.0.event(&event);
    }

    /// Only the events the observer reads are built.
    #[inline(always)]
    fn wants(&self, kind: EventKind) -> bool {
        O::EVENTS & kind.bit() != 0
    }
}

impl CardTurns {
    /// The turn policy, and the bot seats `agents` to ask, answers applied at once and
    /// refusals handed back or not (`applying`), thinking time measured by `stopwatch`.
    fn driver<'a>(
        &'a mut self,
        agents: &'a mut [SeatAgent<Cards>],
        applying: bool,
        stopwatch: &'a dyn Stopwatch,
    ) -> (&'a mut Protocol, Roster<'a>) {
        self.protocol.legal.set_applying(applying);
        let roster = Roster {
            bots: agents,
            views: &mut self.views,
            sighted: &mut self.sighted,
            stopwatch,
        };
        (&mut self.protocol, roster)
    }
}

/// What the card game's screen tells its table.
impl Table {
    /// A person given the floor ([`Prompt::MayPropose`]) declines to propose.
    pub fn pass(&mut self, player: usize) {
        self.turns_mut().protocol.pass(player);
    }

    /// The active person asks bot `player` for an offer: its next [`Table::next`] gives
    /// that bot the floor.
    pub fn invite(&mut self, player: usize) {
        self.turns_mut().protocol.invite(player);
    }

    /// Bot answers that were illegal or missing and replaced by a legal action, so far.
    pub fn fallbacks(&self) -> u64 {
        self.turns().protocol.fallbacks
    }
}
