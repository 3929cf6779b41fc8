//! What every game's table on screen holds besides the game itself: the players, the log
//! and its reader's place, the line for messages, the save, and the coach. Each game's
//! table holds one, so what the shell does with them (the log, saving, the farewell) is
//! written once.

use crate::coach::Coached;
use crate::game::SeatKind;
use crate::store::{SavedGame, Saver};
use crate::ui::coach::Coach;
use crate::ui::log_scroll::LogScroll;
use crate::ui::pace::Pace;
use crate::ui::screen::Closing;
use crate::ui::view::quit::OnDisk;

/// The parts of a table of game `G` that do not depend on its rules.
#[derive(Clone, Debug)]
pub struct TableShell<G: Coached> {
    /// The players' names, in seat order, safe to print.
    pub names: Vec<String>,
    /// Who plays each seat.
    pub seats: Vec<SeatKind>,
    /// What happened, oldest first.
    pub log: Vec<String>,
    /// Where the reader of the log is.
    pub log_scroll: LogScroll,
    /// The last refusal or notice, shown until the next key; `true` when it is a refusal.
    pub message: Option<(String, bool)>,
    /// The game as saved: the actions so far, in their wire form.
    pub record: SavedGame,
    /// Where to save after every action, and whether the last save reached the disk;
    /// `None` to not save (tests, benchmarks).
    pub saver: Option<Saver>,
    /// The hint window, the tutor and the review ([`crate::ui::coach`]).
    pub coach: Coach<G>,
    /// How fast the bots play ([`Pace`]).
    pub pace: Pace,
}

impl<G: Coached> TableShell<G> {
    /// A table for `record`'s game with `seats`, its log empty: the names come from the
    /// command line, the setup form or a save file, so they are made safe here, where every
    /// screen and message takes them from.
    pub(crate) fn new(record: SavedGame, seats: Vec<SeatKind>, saver: Option<Saver>) -> Self {
        TableShell {
            names: crate::text::sanitize_all(&record.names),
            seats,
            log: Vec::new(),
            log_scroll: LogScroll::default(),
            message: None,
            record,
            saver,
            coach: Coach::default(),
            pace: Pace::default(),
        }
    }

    /// Whether a bot plays seat `player`.
    pub fn is_bot(&self, player: usize) -> bool {
        self.seats.get(player).is_some_and(|s| s.bot().is_some())
    }

    /// Whether a person plays seat `player`.
    pub fn is_human(&self, player: usize) -> bool {
        self.seats.get(player) == Some(&SeatKind::Human)
    }

    /// Whether a person plays any seat: a game only bots played has no decision to review.
    pub fn any_person(&self) -> bool {
        self.seats.contains(&SeatKind::Human)
    }

    /// Writes the record; a failure stays on screen ([`TableShell::save_problem`]) until a
    /// save succeeds.
    pub(crate) fn save(&mut self) {
        if let Some(saver) = &mut self.saver {
            saver.save(&self.record);
        }
    }

    /// Why the game is not fully on disk, while that lasts: shown on screen at all times.
    pub fn save_problem(&self) -> Option<&str> {
        self.saver.as_ref().and_then(Saver::problem)
    }

    /// Where the game stands on disk for the quit question, `over` when it has ended: a
    /// trial from the review is never saved, whatever its save would say.
    pub(crate) fn on_disk(&self, over: bool) -> OnDisk<'_> {
        if self.coach.trial_of.is_some() {
            return OnDisk::Trial;
        }
        OnDisk::of(self.saver.as_ref(), over)
    }

    /// The log and its reader's place, as the shell scrolls it.
    pub(crate) fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        (&self.log, &mut self.log_scroll)
    }

    /// What to print when the screen closes on the game at `state`: its final scores if it
    /// is over, and its save.
    pub(crate) fn closing<'a>(&'a mut self, state: &G::State) -> Closing<'a> {
        Closing::of::<G>(state, &self.names, &mut self.saver, &self.record)
    }
}
