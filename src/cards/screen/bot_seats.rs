//! The bot seats at the card table: their driver, the move waiting on screen, the floor
//! offered to the people on a bot's turn, and what the bots did while a person waited.

use crate::cards::bots::BotOptions;
use crate::cards::screen::digest::Digest;
use crate::cards::screen::table::BotMove;
use crate::cards::{Cards, Event};
use crate::ui::bots::Bots;

/// The bot seats' part of the table.
#[derive(Clone, Debug)]
pub struct BotSeats {
    driver: Option<Bots<Cards>>,
    pending: Option<BotMove>,
    floor: Option<usize>,
    /// The turn, and the people (bit per seat) who passed on the floor in it.
    floor_passes: (u32, u64),
    digest: Digest,
    waited: Option<String>,
    options: BotOptions,
}

impl BotSeats {
    /// The seats `driver` plays (`None` when every seat is a person's), made with `options`.
    pub(crate) fn new(driver: Option<Bots<Cards>>, options: BotOptions) -> BotSeats {
        BotSeats {
            driver,
            pending: None,
            floor: None,
            floor_passes: (0, 0),
            digest: Digest::default(),
            waited: None,
            options,
        }
    }

    /// The driver of the bot seats; `None` when every seat is a person's or another
    /// screen (the host's) plays the bots.
    pub fn driver(&self) -> Option<&Bots<Cards>> {
        self.driver.as_ref()
    }

    /// The bots are played elsewhere (by the host): this table drives none.
    pub(crate) fn unseat(&mut self) {
        self.driver = None;
    }

    /// How this game's bots were made, so the next game's are made alike.
    pub fn options(&self) -> BotOptions {
        self.options
    }

    /// The bot move to play next, shown for the pace's
    /// [`bot_move`](crate::ui::Pace::bot_move) first.
    pub fn pending(&self) -> Option<&BotMove> {
        self.pending.as_ref()
    }

    /// The bot move waiting on screen, taken to be played.
    pub(crate) fn take_pending(&mut self) -> Option<BotMove> {
        self.pending.take()
    }

    /// `m` waits on screen until it is played.
    pub(crate) fn show(&mut self, m: BotMove) {
        self.pending = Some(m);
    }

    /// A person who has the floor to propose to a bot active player (or pass with Esc).
    pub fn floor(&self) -> Option<usize> {
        self.floor
    }

    /// Gives the floor to `player`, or closes it with `None`.
    pub(crate) fn give_floor(&mut self, player: Option<usize>) {
        self.floor = player;
    }

    /// Whether `player` has passed on the floor in `turn` (it is offered once a turn).
    pub(crate) fn floor_passed(&self, turn: u32, player: usize) -> bool {
        let (at, mask) = self.floor_passes;
        at == turn && mask & (1 << player) != 0
    }

    /// Notes that `player` passed on the floor in `turn`.
    pub(crate) fn note_floor_passed(&mut self, turn: u32, player: usize) {
        if self.floor_passes.0 != turn {
            self.floor_passes = (turn, 0);
        }
        self.floor_passes.1 |= 1 << player;
    }

    /// A move is played: `player`'s, a person's unless `bot`; the line of what the bots
    /// did is gone, and a person's move starts the digest again.
    pub(crate) fn moved(&mut self, bot: bool) {
        self.waited = None;
        if !bot {
            self.digest = Digest::default();
        }
    }

    /// Notes bot `player`'s move and what it did, for the digest.
    pub(crate) fn note(&mut self, player: usize, events: &[Event]) {
        self.digest.note(player, events);
    }

    /// The keyboard comes back to a person: what the bots did, in one line, if no bot
    /// move waits and nobody has the floor.
    pub(crate) fn tell_if_resting(&mut self, names: &[String]) {
        if self.pending.is_none() && self.floor.is_none() {
            self.waited = self.digest.told(names);
        }
    }

    /// What the bots did while the person at the keyboard waited ("While you waited: …"),
    /// shown over the situation line until the next move is played.
    pub fn waited(&self) -> Option<&str> {
        self.waited.as_deref()
    }

    /// Nobody at this table's keyboard waits for the bots: no move shown, no floor, no
    /// line of what they did.
    pub(crate) fn look_away(&mut self) {
        self.floor = None;
        self.pending = None;
        self.waited = None;
    }
}
