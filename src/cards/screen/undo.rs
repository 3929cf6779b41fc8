//! Taking moves back on the game screen (`u`).
//!
//! The record is the source of undo, as in boardgame.io: no action has an inverse written
//! for it; the game is replayed from the deal with the last move left out.
//!
//! Around a table a player may say "wait, not that field" as long as nothing has been seen
//! that makes the move a different choice: the person at the keyboard may take back their
//! last move while no card was drawn, dealt or turned over by it, no hand was handed to
//! someone else since, and nobody else has played since. A rules tester with
//! `--open-hands` sees everything anyway and may take back any move, one after another,
//! back to the deal; the bots then wait until the tester acts or lets them play (`g`).

use crate::ui::words::took_back_line;
use std::fmt;

use crate::cards::screen::log;
use crate::cards::screen::retell::{CardRecord, read_saved, retell};
use crate::cards::screen::table::CardTable;
use crate::cards::screen::trading::{self, DeclineKind};
use crate::cards::{Action, Event, GameState};
use crate::game::After;
use serde_json::Value;

/// A change of person at the keyboard: `to` took the seat when the record held `after`
/// actions. Any move before that was made before someone else looked at the screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HandOver {
    /// Who took the seat.
    pub to: usize,
    /// How many actions the record held then.
    pub after: usize,
}

/// What the game remembers for undo beyond the record.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct UndoMarks {
    /// The last time a hand-off was taken, by someone other than who made the last move.
    pub handed_over: Option<HandOver>,
    /// After a take-back with open hands, the bots wait until a person acts or presses `g`.
    pub bots_wait: bool,
}

/// Something hidden that a move brought into view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Revealed {
    /// Cards were turned over from the draw pile (how many).
    TurnedOver(usize),
    /// Cards were drawn into hands (how many).
    Drew(usize),
    /// An order card was drawn.
    OrderDrawn,
    /// An order card came out of a hand to be laid out.
    OrderLaidOut,
    /// The starting hands were dealt.
    Dealt,
}

impl Revealed {
    /// The first hidden thing `events` bring into view, if any (cards moved between hands
    /// in a trade were named aloud in the offer, and fields are public).
    pub fn by(events: &[Event]) -> Option<Revealed> {
        // How many events of `e`'s kind there are: cards turned over or drawn.
        let like = |e: &Event| {
            let kind = std::mem::discriminant(e);
            events
                .iter()
                .filter(|x| std::mem::discriminant(*x) == kind)
                .count()
        };
        events.iter().find_map(|e| match e {
            Event::TurnedOver { .. } => Some(Revealed::TurnedOver(like(e))),
            Event::Drew { .. } => Some(Revealed::Drew(like(e))),
            Event::DrewOrder { .. } => Some(Revealed::OrderDrawn),
            Event::OrderLaidOut { .. } => Some(Revealed::OrderLaidOut),
            Event::Dealt { .. } => Some(Revealed::Dealt),
            _ => None,
        })
    }
}

impl fmt::Display for Revealed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |n: usize| match n {
            2 => "two".to_string(),
            3 => "three".to_string(),
            n => n.to_string(),
        };
        match self {
            Revealed::TurnedOver(1) => f.write_str("the top card was turned over"),
            Revealed::TurnedOver(n) => write!(f, "the top {} cards were turned over", number(*n)),
            Revealed::Drew(1) => f.write_str("a card was drawn"),
            Revealed::Drew(_) => f.write_str("cards were drawn"),
            Revealed::OrderDrawn => f.write_str("an order card was drawn"),
            Revealed::OrderLaidOut => f.write_str("an order card came out of a hand"),
            Revealed::Dealt => f.write_str("the cards were dealt"),
        }
    }
}

/// Why `u` takes nothing back, said in one line on the screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TakeBackRefusal {
    /// No move has been made.
    NothingYet,
    /// The move (or what it set off) brought something hidden into view.
    Revealed(Revealed),
    /// Someone else has taken the seat since the move.
    HandedOver { to: String },
    /// The last move is a bot's: somebody else has played since.
    BotPlayed { bot: String },
    /// The record does not replay to the table on screen (a game set up by hand).
    DoesNotReplay,
}

impl fmt::Display for TakeBackRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Cannot take back: ")?;
        match self {
            TakeBackRefusal::NothingYet => f.write_str("no move has been made yet."),
            TakeBackRefusal::Revealed(r) => write!(f, "{r}."),
            TakeBackRefusal::HandedOver { to } => write!(f, "the screen was handed to {to} since."),
            TakeBackRefusal::BotPlayed { bot } => write!(f, "{bot} has played since."),
            TakeBackRefusal::DoesNotReplay => {
                f.write_str("this game's record does not replay to the table as it is.")
            }
        }
    }
}

/// One of the moves to be taken back, as the rules of undo weigh it.
#[derive(Clone, Copy, Debug)]
pub struct MoveTakenBack<'a> {
    /// Who made it.
    pub player: usize,
    /// Whether a bot did.
    pub by_bot: bool,
    /// What it did.
    pub events: &'a [Event],
}

/// Whether the moves `steps` (the last moves of the record, the first of them at
/// `first`) may be taken back together; `names` name the seats.
///
/// With open hands everything may. Otherwise a bot's move is somebody else's, a hand-off
/// taken after `first` showed the screen to someone else, and a card drawn, dealt or
/// turned over cannot be unseen.
pub fn may_take_back(
    first: usize,
    steps: &[MoveTakenBack<'_>],
    open_hands: bool,
    handed_over: Option<HandOver>,
    names: &[String],
) -> Result<(), TakeBackRefusal> {
    if steps.is_empty() {
        return Err(TakeBackRefusal::NothingYet);
    }
    if open_hands {
        return Ok(());
    }
    let name = |p: usize| names.get(p).cloned().unwrap_or_else(|| "?".to_string());
    if let Some(s) = steps.iter().find(|s| s.by_bot) {
        return Err(TakeBackRefusal::BotPlayed {
            bot: name(s.player),
        });
    }
    if let Some(h) = handed_over.filter(|h| h.after > first) {
        return Err(TakeBackRefusal::HandedOver { to: name(h.to) });
    }
    match steps.iter().find_map(|s| Revealed::by(s.events)) {
        Some(r) => Err(TakeBackRefusal::Revealed(r)),
        None => Ok(()),
    }
}

/// Where the moves taken back together begin, among the first `len` of `saved`, given
/// the state before action `i` (`before(i)`): a counter-offer goes with the decline sent
/// with it, so that `u` never leaves the screen to repeat it.
pub(crate) fn group_start(
    saved: &CardRecord,
    len: usize,
    mut before: impl FnMut(usize) -> Result<GameState, TakeBackRefusal>,
) -> Result<usize, TakeBackRefusal> {
    let start = len.checked_sub(1).ok_or(TakeBackRefusal::NothingYet)?;
    let countered = start > 0
        && matches!(saved.actions[start].1, Action::Propose { .. })
        && matches!(saved.actions[start - 1].1, Action::Decline { .. })
        && matches!(
            trading::retold(&before(start - 1)?, saved, start - 1),
            Some(DeclineKind::Counter)
        );
    Ok(if countered { start - 1 } else { start })
}

impl CardTable {
    /// `u`: takes back the last move if [`may_take_back`] allows it, saying why not on
    /// the screen otherwise; `true` if a move was taken back.
    pub fn take_back(&mut self) -> bool {
        if self.served_seat().is_some() {
            self.refuse("A move played over the network stays played: nobody takes it back.");
            return false;
        }
        match self.rewind() {
            Ok(()) => true,
            Err(refusal) => {
                self.refuse(refusal.to_string());
                false
            }
        }
    }

    /// `g`: the bots, waiting since a take-back, play on.
    pub fn let_bots_play(&mut self) {
        if self.undo().bots_wait {
            self.undo_mut().bots_wait = false;
            self.settle();
        }
    }

    /// Notes that `to` took the seat after a hand-off.
    pub(crate) fn note_seat_taken(&mut self, to: usize) {
        let last = self
            .shell
            .record
            .actions
            .last()
            .as_ref()
            .and_then(wire_player);
        if last != Some(to) {
            self.undo_mut().handed_over = Some(HandOver {
                to,
                after: self.shell.record.actions.len(),
            });
        }
    }

    /// The game as it was before action `i`, rebuilt from the record (unsaved, bots new,
    /// nobody asked to act yet).
    fn replayed_before(&self, i: usize) -> Result<CardTable, TakeBackRefusal> {
        let mut saved = self.shell.record.clone();
        saved.take_back_to(i);
        saved.finished = false;
        CardTable::replayed(saved, None, &self.bots().options())
            .map_err(|_| TakeBackRefusal::DoesNotReplay)
    }

    fn rewind(&mut self) -> Result<(), TakeBackRefusal> {
        let card = read_saved(&self.shell.record).map_err(|_| TakeBackRefusal::DoesNotReplay)?;
        let len = card.actions.len();
        let start = group_start(&card, len, |i| self.replayed_before(i).map(|g| g.state))?;
        let before = self.replayed_before(start)?;
        let (tape, _, _) = retell(&card).map_err(|_| TakeBackRefusal::DoesNotReplay)?;
        let mut events = Vec::new();
        let state = tape.retell(
            start,
            len,
            &mut After(|_: &_, e: &[_]| events.push(e.to_vec())),
        );
        if state != self.state {
            return Err(TakeBackRefusal::DoesNotReplay);
        }
        let steps: Vec<MoveTakenBack<'_>> = card.actions[start..]
            .iter()
            .zip(&events)
            .map(|(&(player, _), e)| MoveTakenBack {
                player,
                by_bot: self.shell.is_bot(player),
                events: e,
            })
            .collect();
        // `--open-hands`: a rules tester alone at the keyboard (a ruleset that lays hands
        // face up still hides the draw pile from its players).
        may_take_back(
            start,
            &steps,
            self.shell.record.open_hands,
            self.undo().handed_over,
            &self.shell.names,
        )?;
        let mover = card.actions[start].0;
        let open = before.state.offers().to_vec();
        let lines = log::describe(&events.concat(), before.ruleset(), &self.shell.names, &open);
        let line = took_back_line(self.name(mover), &lines);
        self.install(before, line);
        Ok(())
    }

    /// Puts the rebuilt game `before` on screen in place of this one, keeping the log (with
    /// `line` added), the save file (rewritten without the moves taken back) and the person
    /// at the keyboard.
    fn install(&mut self, mut before: CardTable, line: String) {
        let keyboard = match self.handoff() {
            None => self.viewer(),
            Some(_) => self
                .shell
                .record
                .actions
                .last()
                .as_ref()
                .and_then(wire_player),
        };
        before.shell.saver = self.shell.saver.take();
        before.shell.log = std::mem::take(&mut self.shell.log);
        before.shell.log.push(line.clone());
        *before.undo_mut() = UndoMarks {
            handed_over: self.undo().handed_over,
            bots_wait: self.shell.record.open_hands && before.bots().driver().is_some(),
        };
        before.shell.save();
        before.settle();
        before.choose_obvious_card();
        if let Some(h) = before.handoff()
            && Some(h.to) == keyboard
        {
            before.keyboard_mut().seat(keyboard);
        }
        let wait = if before.undo().bots_wait {
            " The bots wait: g lets them play."
        } else {
            ""
        };
        before.tell(format!("{line}{wait}"));
        *self = before;
    }
}

/// The seat that took an action in its wire form.
fn wire_player(action: &Value) -> Option<usize> {
    action.get("player")?.as_u64().map(|p| p as usize)
}
