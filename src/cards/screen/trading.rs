//! Trading at the pace of talk: who is at the keyboard in phase 2, the trade panel's record
//! of this turn's offers and their answers, counter-offers, and the floor offered to the
//! people on a bot's turn.
//!
//! Around a table "no" reveals nothing: every offer to a person closes the same way, with
//! the same hand-off and screens, whether or not they hold the cards; the person may choose
//! to say "I have none" (`n`), and only then does the log say so. A person called to the
//! keyboard answers every offer waiting for them at one sitting, and on a bot's turn the
//! floor is one line to every person at once, which passes by itself.

use crate::cards::bots::Prompt;
use crate::cards::screen::chooser::Picker;
use crate::cards::screen::log;
use crate::cards::screen::retell::CardRecord;
use crate::cards::screen::table::{CardTable, Mode, clockwise};
use crate::cards::screen::trade::{self, Answer, Composer};
use crate::cards::{Action, BeanKind, Event, GameState, OfferClosed, Ruleset};

/// What became of an offer, as the trade panel says it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answered {
    /// Still on the table.
    Waiting,
    /// Accepted: the cards changed hands.
    Accepted,
    /// Declined.
    Declined,
    /// Declined with a counter-offer.
    Countered,
    /// Closed at once: the player asked holds only `had` cards of `kind`, fewer than wanted.
    Lacks {
        /// The kind they lack.
        kind: BeanKind,
        /// How many of it they hold.
        had: usize,
    },
    /// Taken back by the proposer.
    Withdrawn,
    /// A card it names was traded in another offer: `card`, `holder`'s (the proposer's
    /// card it gives, or with open hands the last of a kind it wants).
    Lapsed {
        /// The card that moved.
        card: BeanKind,
        /// Whose it was.
        holder: usize,
    },
}

/// One offer of this turn's trading and its answer, for the trade panel.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OfferNote {
    /// The engine's number for the offer.
    pub id: u32,
    /// Who made it.
    pub from: usize,
    /// Who was asked.
    pub to: usize,
    /// The kinds offered (said aloud, so public).
    pub giving: Vec<BeanKind>,
    /// The kinds wanted.
    pub want: Vec<BeanKind>,
    /// What became of it.
    pub answer: Answered,
}

/// How an action is told, where its events alone would say it worse: the log line (or
/// none) and what the trade panel says of the offer it answers.
#[derive(Clone, Debug, Default)]
pub(crate) struct ActionWording {
    /// The log line instead of the events' lines.
    pub line: Option<String>,
    /// The answer recorded for the offer the actions answer.
    pub answer: Option<(u32, Answered)>,
}

/// The most offers of a turn the trade panel keeps, the latest: more than a screen shows.
/// The rulebook sets no limit on the offers made in a turn, and a game kept every offer of
/// a turn of thousands, copied with the game at every step of a replay.
pub const MAX_NOTES: usize = 64;

/// Brings the trade panel's notes up to date with one action's events; the oldest beyond
/// [`MAX_NOTES`] are let go.
pub(crate) fn record(notes: &mut Vec<OfferNote>, events: &[Event]) {
    let answer = |notes: &mut Vec<OfferNote>, id: u32, a: Answered| {
        if let Some(n) = notes
            .iter_mut()
            .find(|n| n.id == id && n.answer == Answered::Waiting)
        {
            n.answer = a;
        }
    };
    for e in events {
        match e {
            Event::Offered {
                offer,
                from,
                to,
                give,
                want,
            } => notes.push(OfferNote {
                id: *offer,
                from: *from,
                to: *to,
                giving: give.to_vec(),
                want: want.to_vec(),
                answer: Answered::Waiting,
            }),
            Event::Traded { offer, .. } => answer(notes, *offer, Answered::Accepted),
            Event::OfferClosed { offer, why } => {
                let a = match why {
                    OfferClosed::Declined => Answered::Declined,
                    OfferClosed::Withdrawn => Answered::Withdrawn,
                    OfferClosed::CardsMoved { card, player } => Answered::Lapsed {
                        card: *card,
                        holder: *player,
                    },
                    OfferClosed::TradingEnded => continue,
                };
                answer(notes, *offer, a);
            }
            _ => {}
        }
    }
    let excess = notes.len().saturating_sub(MAX_NOTES);
    notes.drain(..excess);
}

/// The first kind `player` holds fewer tradeable cards of than `want` asks for, and how
/// many they hold: an offer they plainly cannot accept.
pub fn shortfall(state: &GameState, player: usize, want: &[BeanKind]) -> Option<(BeanKind, usize)> {
    let cards = trade::tradeable(state, player);
    want.iter().find_map(|&k| {
        let wanted = want.iter().filter(|&&w| w == k).count();
        let had = cards.iter().filter(|(_, c)| *c == k).count();
        (had < wanted).then_some((k, had))
    })
}

/// "Cy has no Red." / "Cy has only 1 Red bean."
fn lacks_text(ruleset: &Ruleset, name: &str, kind: BeanKind, had: usize) -> String {
    let bean = &ruleset.bean(kind).name;
    match had {
        0 => format!("{name} has no {bean}."),
        1 => format!("{name} has only 1 {bean} bean."),
        n => format!("{name} has only {n} {bean} beans."),
    }
}

/// "Ben counters: Blue for Stink."
fn counter_text(ruleset: &Ruleset, name: &str, giving: &[BeanKind], want: &[BeanKind]) -> String {
    format!(
        "{name} counters: {} for {}.",
        log::cards(ruleset, giving),
        log::cards(ruleset, want)
    )
}

/// How a saved game's action was told when it was played, where its events alone would
/// say it otherwise: so a resumed game's log reads as it did. (A player's "I have none" is
/// not in the save: replayed, it is told as the decline it was.)
pub(crate) enum DeclineKind {
    /// A decline sent with the counter-offer that is the next action.
    Counter,
}

/// [`DeclineKind`] for action `i` of `record`, with `state` the game before it.
pub(crate) fn retold(state: &GameState, record: &CardRecord, i: usize) -> Option<DeclineKind> {
    let actions = &record.actions;
    let (player, action) = &actions[i];
    let Action::Decline { offer } = *action else {
        return None;
    };
    let o = state.offers().iter().find(|o| o.id == offer)?;
    let countered = actions.get(i + 1).is_some_and(|(next_player, next)| {
        next_player == player && matches!(next, Action::Propose { to, .. } if *to == o.from)
    });
    countered.then_some(DeclineKind::Counter)
}

/// Sets what the trade panel says became of offer `id`, where the events alone would say
/// it otherwise (a counter-offer, a plain lack of the cards).
pub(crate) fn set_answer(notes: &mut [OfferNote], id: Option<u32>, answer: Answered) {
    if let Some(n) = notes.iter_mut().find(|n| Some(n.id) == id) {
        n.answer = answer;
    }
}

/// The log line of a counter-offer replayed from its Propose's events.
pub(crate) fn counter_line(
    state: &GameState,
    names: &[String],
    events: &[Event],
) -> Option<String> {
    events.iter().find_map(|e| match e {
        Event::Offered {
            from, give, want, ..
        } => Some(counter_text(
            state.ruleset(),
            names.get(*from).map_or("?", String::as_str),
            give,
            want,
        )),
        _ => None,
    })
}

impl CardTable {
    /// "Cy has no Red." / "Cy has only 1 Red bean."
    pub fn lacks_line(&self, player: usize, kind: BeanKind, had: usize) -> String {
        lacks_text(self.ruleset(), self.name(player), kind, had)
    }

    /// Phase 2: who is at the keyboard and what they are doing. An offer to a person other
    /// than the active player is answered through a hand-off (the person already at the
    /// keyboard answers every offer waiting for them first, in one sitting); offers to the
    /// active player wait in the trade panel; on a bot's turn the floor is offered to every
    /// person at once in a line on the public table; else the active player trades.
    pub(crate) fn settle_trade(&mut self, asked: Option<(usize, Prompt)>) {
        let active = self.state.active_player();
        let asked_offer = match asked {
            Some((_, Prompt::Answer { offer })) => Some(offer),
            _ => None,
        };
        let seated = self.viewer().filter(|_| self.handoff().is_none());
        let to_answer = self
            .state
            .offers()
            .iter()
            .filter(|o| o.to != active && self.plays_here(o.to))
            .min_by_key(|o| (Some(o.to) != seated, Some(o.id) != asked_offer))
            .map(|o| (o.id, o.from, o.to));
        if let Some((id, from, to)) = to_answer {
            if !matches!(self.mode(), Mode::Answer(a) if a.offer == id)
                && let Some(a) = Answer::new(&self.state, id)
            {
                self.set_mode(Mode::Answer(a));
            }
            let reason = self.offers_reason(from, to);
            self.need(Some(to), reason);
            return;
        }
        if let Some((p, Prompt::MayPropose)) = asked {
            if self.floor_passed(p) {
                return self.pass(p);
            }
            self.bots_mut().give_floor(Some(p));
        }
        if self.keeps_trading_mode() {
            return;
        }
        if self.bots().floor().is_some() {
            // A line on the public table, to every person at once.
            self.set_mode(Mode::Table);
            let alone = self.sole_human();
            self.need(alone, String::new());
            return;
        }
        let back = self.viewer().is_some_and(|v| v != active);
        self.set_mode(Mode::Table);
        let reason = if back {
            format!("Back to {} to trade.", self.name(active))
        } else {
            format!("{} trades.", self.name(active))
        };
        self.need(Some(active), reason);
    }

    /// Why `to` is called to the keyboard: "Greedy makes Cy an offer." or, with several
    /// waiting, "Cy has 2 offers to answer." (the same words whatever Cy holds).
    fn offers_reason(&self, from: usize, to: usize) -> String {
        let waiting = self.state.offers().iter().filter(|o| o.to == to).count();
        if waiting > 1 {
            format!("{} has {waiting} offers to answer.", self.name(to))
        } else {
            format!("{} makes {} an offer.", self.name(from), self.name(to))
        }
    }

    /// Whether the player at the keyboard goes on with what they are doing: composing an
    /// offer, the active player answering an offer made to them or choosing who proposes.
    fn keeps_trading_mode(&self) -> bool {
        let seated = |p: usize| self.viewer() == Some(p) && self.handoff().is_none();
        match self.mode() {
            Mode::Compose(c) => seated(c.proposer),
            Mode::Answer(a) => {
                seated(a.player) && self.state.offers().iter().any(|o| o.id == a.offer)
            }
            Mode::PickProposer(_) => seated(self.state.active_player()),
            _ => false,
        }
    }

    /// `n` on an offer: the player says they have none of what it wants, and the offer is
    /// declined with the log saying so ("Cy has no Red."), their choice to tell. Only true
    /// words are said: a player who holds the cards is told so, on their own screen.
    /// Whether the offer being answered is a donation (it wants nothing), so "I have none"
    /// has nothing to say.
    pub(crate) fn answer_is_donation(&self, a: &Answer) -> bool {
        self.state
            .offers()
            .iter()
            .any(|o| o.id == a.offer && o.want.is_empty())
    }

    pub(crate) fn say_none(&mut self, player: usize, offer: u32) -> bool {
        let Some(o) = self.state.offers().iter().find(|o| o.id == offer) else {
            return false;
        };
        if o.want.is_empty() {
            self.refuse("A donation wants nothing: a accepts it, d declines it.");
            return false;
        }
        let Some((kind, had)) = shortfall(&self.state, player, &o.want) else {
            self.refuse("You hold what it wants: d declines it without a word.");
            return false;
        };
        let told = ActionWording {
            line: Some(self.lacks_line(player, kind, had)),
            answer: Some((offer, Answered::Lacks { kind, had })),
        };
        self.act_told(player, &[Action::Decline { offer }], told)
    }

    /// Sends the composed offer: to each player chosen, or, for a counter-offer, declines
    /// the offer answered and makes the counter in one step ("Ben counters: …").
    pub(crate) fn send(&mut self, c: &Composer) -> bool {
        let propose = |to: usize| c.action_to(&self.state, to);
        if let Some(answered) = c.counter {
            let action = propose(c.to[0]);
            let giving: Vec<BeanKind> = c.given(&self.state).iter().map(|g| g.1).collect();
            let line = counter_text(
                self.ruleset(),
                self.name(c.proposer),
                &giving,
                &c.wanted(&self.state),
            );
            let told = ActionWording {
                line: Some(line),
                answer: Some((answered, Answered::Countered)),
            };
            let actions = [Action::Decline { offer: answered }, action];
            return self.act_told(c.proposer, &actions, told);
        }
        let actions: Vec<Action> = c.to.iter().map(|&to| propose(to)).collect();
        self.act_told(c.proposer, &actions, ActionWording::default())
    }

    /// Whether `player` has already passed on the floor this turn (it is offered once).
    fn floor_passed(&self, player: usize) -> bool {
        self.bots().floor_passed(self.state.turn(), player)
    }

    /// Notes that `player` passed on the floor this turn.
    pub(crate) fn note_floor_passed(&mut self, player: usize) {
        let turn = self.state.turn();
        self.bots_mut().note_floor_passed(turn, player);
    }

    /// The people the floor on a bot's turn is offered to: every person but the active
    /// player who has not passed on it this turn, clockwise from the active player.
    pub fn floor_people(&self) -> Vec<usize> {
        let n = self.state.player_count();
        let active = self.state.active_player();
        clockwise(active, n)
            .skip(1)
            .filter(|&p| self.plays_here(p) && !self.floor_passed(p))
            .collect()
    }

    /// Nobody takes the floor: every person it was offered to passes at once, and the bot
    /// plays on.
    pub fn pass_floor(&mut self) {
        let people = self.floor_people();
        if !people.is_empty() {
            self.pass_to_host();
        }
        if let Some(b) = self.bots().driver() {
            let mut table = b.lock();
            for &p in &people {
                table.pass(p);
            }
        }
        for p in people {
            self.note_floor_passed(p);
        }
        self.bots_mut().give_floor(None);
        self.set_mode(Mode::Table);
        self.settle();
    }

    /// `o` on the floor line: the one person it is offered to comes to the keyboard to make
    /// an offer; with several, they choose who (a chooser over them).
    pub fn take_floor(&mut self) {
        match self.floor_people().as_slice() {
            [p] => {
                let p = *p;
                self.bots_mut().give_floor(Some(p));
                self.start_proposal_by(p);
            }
            [] => self.pass_floor(),
            _ => self.set_mode(Mode::PickProposer(0)),
        }
    }

    /// Whether the line offering the people the floor on a bot's turn shows (and the floor
    /// passes by itself after the pace's [`floor`](crate::ui::Pace::floor)).
    pub fn floor_line(&self) -> bool {
        self.bots().floor().is_some()
            && !matches!(
                self.picker(),
                Some(Picker::Peek(_) | Picker::Harvest(_) | Picker::Buy(_))
            )
            && self.bots().pending().is_none()
            && *self.mode() == Mode::Table
            && self.handoff().is_none()
    }

    /// The offers waiting for the active player's answer, oldest first.
    pub fn offers_to_active(&self) -> Vec<u32> {
        let active = self.state.active_player();
        self.state
            .offers()
            .iter()
            .filter(|o| o.to == active)
            .map(|o| o.id)
            .collect()
    }
}
