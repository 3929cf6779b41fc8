//! One game on the screen: the engine's state plus who is at the keyboard and what they are doing.

use crate::cards::screen::bot_seats::BotSeats;
use crate::ui::bots::Bots;
use crate::ui::config::GameConfig;
use std::sync::Arc;

use crate::cards::bots::{BotOptions, Next, Prompt, Table, screen_bot_options};
use crate::cards::screen::arrange::ArrangePicker;
use crate::cards::screen::chooser::Picker;
use crate::cards::screen::keyboard::{AtKeyboard, Handoff};
use crate::cards::screen::log;
use crate::cards::screen::retell::{position_start_line, read_saved, retell};
use crate::cards::screen::served::SeatLink;
use crate::cards::screen::trade::{Answer, Composer};
use crate::cards::screen::trading::{self, ActionWording, OfferNote};
use crate::cards::screen::undo::UndoMarks;
use crate::cards::{
    Action, Cards, Event, GameState, OrderCard, Phase, PlayerView, Position, Ruleset,
};
use crate::game::SeatKind;
use crate::store::{SavedGame, Saver};
use crate::ui::coach::CoachedTable;
use crate::ui::seat_key::SeatKey;
use crate::ui::table_shell::TableShell;
use crossterm::event::KeyCode;

/// A bot's move, decided and waiting for its turn on screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BotMove {
    /// The bot's seat.
    pub player: usize,
    /// What it does.
    pub action: Action,
}

/// What the player at the keyboard is doing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Looking at the table and acting on the current phase.
    Table,
    /// Putting an offer together.
    Compose(Composer),
    /// Answering an offer.
    Answer(Answer),
    /// The active player lets another player propose: choosing who (cursor over the others).
    PickProposer(usize),
    /// The final scores.
    GameOver,
}

/// In phase 3: whose set-aside card is planted next, and which one. In the bean duel's
/// steps 1 and 3: which of the offered or turned-over cards (the active player plants).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PlantChoice {
    /// The player planting.
    pub player: usize,
    /// Which of their set-aside cards (or of the offered or turned-over cards).
    pub card: usize,
}

/// A card game being played on the shared screen: the card table (the dice game has its
/// own, in [`crate::dice::screen`]).
#[derive(Clone, Debug)]
pub struct CardTable {
    /// The rules engine's state; changed only through [`CardTable::act`].
    pub state: GameState,
    /// The players, the log, the message line, the save and the coach: what every game's
    /// table holds ([`TableShell`]).
    pub shell: TableShell<Cards>,
    /// Who is at the keyboard, and the hand-off to whoever is next.
    keyboard: AtKeyboard,
    /// What the player at the keyboard is doing.
    mode: Mode,
    /// The chooser a person opened over the table.
    picker: Option<Picker>,
    /// Field beans: the open chooser of where a person's beans go in their three fields.
    arrange: Option<ArrangePicker>,
    /// Phase 3 planting choice (the bean duel: the offered or turned-over card chosen).
    plant: PlantChoice,
    /// The bot seats: their driver, the move waiting on screen, the floor.
    bots: BotSeats,
    /// This turn's offers and their answers, for the trade panel.
    notes: Vec<OfferNote>,
    /// What taking moves back (`u`) needs to know beyond the record.
    undo: UndoMarks,
    /// How the move the tutor holds back is told, once the player plays it anyway.
    tutor_told: ActionWording,
    /// The seat this table is served to by the network host (`None`: a hot-seat table).
    link: Option<SeatLink>,
}

impl CardTable {
    /// Deals a new game.
    pub fn new(config: GameConfig<Cards>, saver: Option<Saver>) -> Result<CardTable, String> {
        CardTable::begin(config, None, saver)
    }

    /// Starts a game at `position` (checked by the engine's loader; the config's seed
    /// shuffles what it does not place). The save keeps the position, so the game resumes
    /// from it.
    pub fn at_position(
        config: GameConfig<Cards>,
        position: Position,
        saver: Option<Saver>,
    ) -> Result<CardTable, String> {
        CardTable::begin(config, Some(position), saver)
    }

    fn begin(
        config: GameConfig<Cards>,
        position: Option<Position>,
        saver: Option<Saver>,
    ) -> Result<CardTable, String> {
        let mut events: Vec<Event> = Vec::new();
        let (rules, at) = (&config.ruleset, position.as_ref());
        let state = starting_state(rules, config.names.len(), config.seed, at, &mut events)?;
        let record = config.record(position.map(|p| serde_json::to_value(p).unwrap_or_default()));
        if record.seats.len() != record.names.len() {
            return Err(format!(
                "{} seats for {} players",
                record.seats.len(),
                record.names.len()
            ));
        }
        let mut game = CardTable::assemble(state, record, config.seats, saver, &config.bots);
        game.shell.log = log::describe(&events, &config.ruleset, &game.shell.names, &[]);
        if game.shell.record.position.is_some() {
            let first = position_start_line(&game.state, &game.shell.names);
            game.shell.log.insert(0, first);
        }
        game.shell.save();
        game.settle();
        Ok(game)
    }

    /// Continues a saved game by replaying its actions, its bots made as on screen.
    pub fn resume(saved: SavedGame, saver: Option<Saver>) -> Result<CardTable, String> {
        CardTable::resume_with(saved, saver, &screen_bot_options())
    }

    /// Continues a saved game by replaying its actions; its bot seats get new bots made
    /// from the same seats and seed.
    ///
    /// The turn policy's memory of the current turn is the record's: the new driver and
    /// bots are told every action played ([`Table::recall_tape`]), asking no bot, so a bot
    /// remembers the offers it made this turn (and never makes one again that was declined
    /// before the save), a bot that proposed has had its floor, and a bot active player's
    /// offers count toward its limit.
    pub fn resume_with(
        saved: SavedGame,
        saver: Option<Saver>,
        options: &BotOptions,
    ) -> Result<CardTable, String> {
        let mut game = CardTable::replayed(saved, saver, options)?;
        game.shell.log.push("Game resumed.".to_string());
        game.settle();
        game.choose_obvious_card();
        Ok(game)
    }

    /// The game a record replays to, its log and trade panel as they were told, before
    /// anyone is asked to act (nothing is played, saved or settled yet).
    pub(crate) fn replayed(
        saved: SavedGame,
        saver: Option<Saver>,
        options: &BotOptions,
    ) -> Result<CardTable, String> {
        let card = read_saved(&saved)?;
        let (tape, lines, panel) = retell(&card)?;
        let state = tape.now().clone();
        let mut game = CardTable::assemble(state, saved, card.seats, saver, options);
        if let Some(bots) = game.bots.driver() {
            bots.lock().recall_tape(&tape);
        }
        game.shell.log = lines;
        game.notes = panel.notes;
        Ok(game)
    }

    /// A still picture of a saved game at `state`, for the replay viewer: every hand shown
    /// where `hands` (else the shared table's, where no hand is), `notes` in the trade
    /// panel, `log` in the log panel, no bots and nothing saved. Nobody acts on it: the
    /// viewer draws it and builds another for the next step.
    pub(crate) fn picture(
        state: GameState,
        notes: Vec<OfferNote>,
        record: SavedGame,
        seats: Vec<SeatKind>,
        log: Vec<String>,
        hands: bool,
    ) -> CardTable {
        let mut game = CardTable::assemble(state, record, seats, None, &BotOptions::default());
        game.bots.unseat();
        let open = hands || game.open_hands();
        game.keyboard.set_open_hands(open);
        game.notes = notes;
        game.shell.log = log;
        game.settle();
        game.choose_obvious_card();
        game
    }

    fn assemble(
        state: GameState,
        record: SavedGame,
        seats: Vec<SeatKind>,
        saver: Option<Saver>,
        options: &BotOptions,
    ) -> CardTable {
        // Where the rules lay every hand face up, nobody needs to look away.
        let open_hands = record.open_hands || state.ruleset().open_hands;
        // The seats were read for the card game, so every bot is one it has.
        let bots = seats
            .iter()
            .any(|s| s.bot().is_some())
            .then(|| Table::new(&seats, record.seed, options).ok())
            .flatten()
            .map(Bots::new);
        CardTable {
            state,
            shell: TableShell::new(record, seats, saver),
            keyboard: AtKeyboard::new(open_hands),
            mode: Mode::Table,
            picker: None,
            arrange: None,
            plant: PlantChoice::default(),
            bots: BotSeats::new(bots, *options),
            notes: Vec::new(),
            undo: UndoMarks::default(),
            tutor_told: ActionWording::default(),
            link: None,
        }
    }

    /// The next game at this table: the same rules, players, seats and pace, the next seed,
    /// saved in a new file beside this one's (which is kept).
    pub fn play_again(&self) -> Result<CardTable, String> {
        let config: GameConfig<Cards> = GameConfig {
            ruleset: Arc::clone(self.state.ruleset()),
            source: self.shell.record.ruleset.clone(),
            names: self.shell.record.names.clone(),
            seats: self.shell.seats.clone(),
            seed: self.shell.record.seed.wrapping_add(1),
            open_hands: self.shell.record.open_hands,
            bots: self.bots.options(),
        };
        let saver = self
            .shell
            .saver
            .as_ref()
            .map(|s| s.for_next_game(&config.ruleset.name, &config.names));
        let mut next = CardTable::new(config, saver)?;
        next.shell.pace = self.shell.pace;
        Ok(next)
    }

    /// The one person at the table when all the others are bots: nobody else looks at
    /// the screen, so their hand is always shown and nothing is ever handed off.
    /// A table served to one seat has that seat's person alone at its keyboard.
    pub fn sole_human(&self) -> Option<usize> {
        if let Some(seat) = self.served_seat() {
            return Some(seat);
        }
        let mut humans = (0..self.shell.seats.len()).filter(|&p| !self.shell.is_bot(p));
        match (humans.next(), humans.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }

    /// Plays the bot move waiting on screen, if any; `true` if one was played.
    pub fn play_bot(&mut self) -> bool {
        let Some(m) = self.bots.take_pending() else {
            return false;
        };
        if !self.commit(m.player, m.action.clone()) {
            // The driver vets every move; should the engine refuse one all the same, say
            // so and let the driver choose again rather than stop the game.
            let refused = self
                .shell
                .message
                .take()
                .map(|(m, _)| m)
                .unwrap_or_default();
            self.shell.log.push(format!(
                "{}'s move was refused ({refused}); it chooses again.",
                self.name(m.player)
            ));
            self.settle();
        }
        self.bots.tell_if_resting(&self.shell.names);
        true
    }

    /// The active person asks bot `player` for an offer; `false` if it makes none.
    pub fn invite(&mut self, player: usize) -> bool {
        if let Some(b) = self.bots.driver() {
            b.lock().invite(player);
        }
        self.mode = Mode::Table;
        self.settle();
        let offered = self.bots.pending().is_some();
        if !offered {
            self.tell(format!("{} makes no offer.", self.name(player)));
        }
        offered
    }

    /// The person with the floor declines to propose to the bot active player; the floor
    /// is not offered to them again this turn.
    pub fn pass(&mut self, player: usize) {
        if self.served_seat() == Some(player) {
            self.pass_to_host();
        }
        if let Some(b) = self.bots.driver() {
            b.lock().pass(player);
        }
        self.note_floor_passed(player);
        self.bots.give_floor(None);
        self.mode = Mode::Table;
        self.settle();
    }

    /// What the player at the keyboard is doing.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// The player at the keyboard turns to `mode`.
    pub(crate) fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// The chooser a person opened over the table, if any.
    pub fn picker(&self) -> Option<&Picker> {
        self.picker.as_ref()
    }

    /// Opens `picker` (or closes the one open, with `None`).
    pub(crate) fn set_picker(&mut self, picker: Option<Picker>) {
        self.picker = picker;
    }

    /// Field beans: the open chooser of where a person's beans go in their three fields.
    pub fn arrange(&self) -> Option<&ArrangePicker> {
        self.arrange.as_ref()
    }

    /// Opens the field-bean chooser (or closes it, with `None`).
    pub(crate) fn set_arrange(&mut self, picker: Option<ArrangePicker>) {
        self.arrange = picker;
    }

    /// Phase 3 planting choice (the bean duel: the offered or turned-over card chosen).
    pub fn plant(&self) -> PlantChoice {
        self.plant
    }

    /// The planting choice, moved by the keys.
    pub(crate) fn plant_mut(&mut self) -> &mut PlantChoice {
        &mut self.plant
    }

    /// Chooses the bean duel's card that Enter plants unless another is chosen.
    pub fn choose_obvious_card(&mut self) {
        self.plant.card = self.obvious_card();
    }

    /// This turn's offers and their answers, for the trade panel.
    pub fn notes(&self) -> &[OfferNote] {
        &self.notes
    }

    /// What taking moves back (`u`) needs to know beyond the record.
    pub fn undo(&self) -> &UndoMarks {
        &self.undo
    }

    /// The take-back marks, as a take-back leaves them.
    pub(crate) fn undo_mut(&mut self) -> &mut UndoMarks {
        &mut self.undo
    }

    /// How the move the tutor held back is told, taken once the player plays it anyway.
    pub(crate) fn take_tutor_told(&mut self) -> ActionWording {
        std::mem::take(&mut self.tutor_told)
    }

    /// The seat this table is served to by the network host (`None`: a hot-seat table).
    pub fn link(&self) -> Option<&SeatLink> {
        self.link.as_ref()
    }

    /// The link to the host, to serve the table to a seat or note what the host asks.
    pub(crate) fn link_mut(&mut self) -> &mut Option<SeatLink> {
        &mut self.link
    }

    /// The bot seats: their driver, the move waiting on screen, the floor.
    pub fn bots(&self) -> &BotSeats {
        &self.bots
    }

    /// The bot seats, to give the floor or take the driver away.
    pub(crate) fn bots_mut(&mut self) -> &mut BotSeats {
        &mut self.bots
    }

    /// The rules in play.
    pub fn ruleset(&self) -> &Arc<Ruleset> {
        self.state.ruleset()
    }

    /// A player's name.
    pub fn name(&self, player: usize) -> &str {
        self.shell.names.get(player).map_or("?", String::as_str)
    }

    /// Says why a key did nothing, as an error until the next key. The engine's refusals
    /// come without a full stop (the protocol sends them so); on screen every refusal is a
    /// sentence that ends with one, as the table's own do.
    pub fn refuse(&mut self, why: impl Into<String>) {
        let mut why = why.into();
        if !why.ends_with(['.', '!', '?']) {
            why.push('.');
        }
        self.shell.message = Some((why, true));
    }

    /// Says what a key did, as good news until the next key.
    pub fn tell(&mut self, news: impl Into<String>) {
        self.shell.message = Some((news.into(), false));
    }

    /// What the screen may show now: the viewer's view, every hand with `--open-hands`, and
    /// no hand at all on the public table or behind a hand-off.
    pub fn visible(&self) -> PlayerView {
        if self.open_hands() {
            return self.state.full_view();
        }
        match (self.viewer(), self.handoff()) {
            (Some(p), None) => self.state.view(p),
            _ => {
                let mut v = self.state.view(self.state.active_player());
                v.viewer = None;
                for seat in &mut v.seats {
                    seat.hand = None;
                }
                for offer in &mut v.offers {
                    offer.give = None;
                }
                v
            }
        }
    }

    /// Applies a person's `action` for `player`; on success logs and saves it and works out
    /// who should be at the keyboard next. A refusal is shown in the rulebook's words. Keys
    /// never act for a bot's seat, nor while a bot's move is waiting to be played.
    pub fn act(&mut self, player: usize, action: Action) -> bool {
        self.act_told(player, &[action], ActionWording::default())
    }

    /// [`CardTable::act`] for actions taken together (all or none), told as `told` says.
    pub(crate) fn act_told(
        &mut self,
        player: usize,
        actions: &[Action],
        told: ActionWording,
    ) -> bool {
        if self.shell.is_bot(player) {
            let wait = if self.undo.bots_wait {
                " The bots wait since the take-back: g lets them play."
            } else {
                ""
            };
            self.refuse(format!(
                "{} is a bot: it plays for itself.{wait}",
                self.name(player)
            ));
            return false;
        }
        if self.bots.pending().is_some() {
            return false;
        }
        let mut held = Some(told);
        let played = self.play_coached(player, actions, |game| {
            // A person acts: bots waiting since a take-back play on.
            if let Some(sent) = game.send_to_host(player, actions) {
                return sent;
            }
            let waiting = std::mem::take(&mut game.undo.bots_wait);
            let done = game.commit_told(player, actions, held.take().unwrap_or_default());
            if !done {
                game.undo.bots_wait = waiting;
            }
            done
        });
        if played.is_none() {
            // Held back by the tutor: told as it was, once its player says to play it.
            self.tutor_told = held.unwrap_or_default();
        }
        played.unwrap_or(false)
    }

    /// Applies `action` for `player` (a person's or a bot's): the one path every move takes.
    fn commit(&mut self, player: usize, action: Action) -> bool {
        self.commit_told(player, &[action], ActionWording::default())
    }

    /// Applies `actions` for `player`, all or none (several are tried on a copy first), then
    /// logs, notes, saves and settles once.
    pub(crate) fn commit_told(
        &mut self,
        player: usize,
        actions: &[Action],
        told: ActionWording,
    ) -> bool {
        if actions.len() > 1 {
            let mut trial = self.state.clone();
            if let Some(e) = actions.iter().find_map(|a| trial.apply(player, a).err()) {
                self.refuse(e.to_string());
                return false;
            }
        }
        let phase = self.state.phase();
        let cards = self.duel_cards().map_or(0, <[_]>::len);
        let mut lines = Vec::new();
        self.bots.moved(self.shell.is_bot(player));
        for action in actions {
            let open = self.state.offers().to_vec();
            let events = match self.state.apply(player, action) {
                Ok(events) => events,
                Err(e) => {
                    self.refuse(e.to_string());
                    return false;
                }
            };
            lines.extend(log::describe(
                &events,
                self.state.ruleset(),
                &self.shell.names,
                &open,
            ));
            trading::record(&mut self.notes, &events);
            if self.shell.is_bot(player) {
                self.bots.note(player, &events);
            }
            let wire =
                crate::cards::wire::action_json(self.state.ruleset(), player, action.clone());
            self.shell.record.actions.push(&wire);
        }
        let new_step =
            std::mem::discriminant(&phase) != std::mem::discriminant(&self.state.phase());
        if new_step || self.duel_cards().map_or(0, <[_]>::len) != cards {
            // A new step, or a card planted or discarded: choose the obvious card.
            self.choose_obvious_card();
        }
        if let Some((id, answer)) = told.answer {
            trading::set_answer(&mut self.notes, Some(id), answer);
        }
        if self.state.phase() != Phase::Trade {
            self.notes.clear();
        }
        match told.line {
            Some(line) => self.shell.log.push(line),
            None => self.shell.log.extend(lines),
        }
        self.arrange = ArrangePicker::offered(&self.state, |p| self.plays_here(p));
        self.shell.record.finished = self.state.is_over();
        self.shell.message = None;
        // Whoever looked at their hand is done: the game moved on.
        self.close_peek();
        self.shell.coach.hint = None;
        self.shell.save();
        self.settle();
        true
    }

    /// Decides who acts next: with bot seats the driver ([`Table::next`]) is asked, and a
    /// bot's move waits in the bot seats ([`BotSeats::pending`]) to be shown and played; when
    /// a person is needed (or every seat is a person's), see [`CardTable::settle_people`].
    /// Asks the driver at most once per move: a waiting bot move stays until it is played.
    pub fn settle(&mut self) {
        if self.bots.pending().is_some() {
            return;
        }
        self.bots.give_floor(None);
        let next = match self.bots.driver() {
            Some(b) if !self.undo.bots_wait => b.next(&self.state, self.shell.pace),
            _ => return self.settle_people(self.served_asked()),
        };
        match next {
            Next::Bot { player, action } => {
                if let Some(b) = self.bots.driver() {
                    // The bots think about the next move while this one is on screen.
                    b.think_ahead(&self.state, player, &action, self.shell.pace);
                }
                self.bots.show(BotMove { player, action });
                self.mode = Mode::Table;
                self.close_choosers();
                // A bot's move is told on the public table: whoever was at the keyboard is
                // done, and their hand leaves the screen before the move shows.
                let alone = self.sole_human();
                self.keyboard.seat(alone);
            }
            Next::Human { player, prompt } => self.settle_people(Some((player, prompt))),
            Next::GameOver => self.settle_people(None),
            Next::Stuck => {
                self.refuse("The bots found nobody able to act: play on from the keyboard.");
                self.settle_people(None)
            }
        }
    }

    /// Decides, from the game state, who must be at the keyboard and what they are doing:
    /// the active player in phases 1 and 2, the player an offer is made to while it is open,
    /// a person given the floor by the driver (`asked`), the public table in phase 3. A
    /// change of player goes through a hand-off.
    fn settle_people(&mut self, asked: Option<(usize, Prompt)>) {
        let active = self.state.active_player();
        match self.state.phase() {
            Phase::GameOver => {
                self.mode = Mode::GameOver;
                self.close_choosers();
                self.need(self.sole_human(), String::new());
            }
            Phase::Plant { .. } => {
                self.mode = Mode::Table;
                self.need(Some(active), format!("It is {}'s turn.", self.name(active)));
            }
            // My First Bohnanza: received cards are planted at once, before trading goes on.
            Phase::Trade if self.state.must_plant_received_cards().is_some() => {
                self.settle_planting(asked)
            }
            Phase::Trade => self.settle_trade(asked),
            Phase::PlantTraded => self.settle_planting(asked),
            // The bean duel's steps 1 and 3 are the active player's, with the hand in view
            // (what to plant depends on the cards to come).
            Phase::PlantOffered | Phase::PlantTurnedOver => {
                self.mode = Mode::Table;
                if self.discard().is_some() {
                    self.picker = None;
                }
                self.need(Some(active), format!("It is {}'s turn.", self.name(active)));
                self.fix_plant_choice();
            }
        }
    }

    /// Planting set-aside cards (phase 3, or received cards at once in My First Bohnanza) is
    /// done at the public table, the choice on the player asked to plant.
    fn settle_planting(&mut self, asked: Option<(usize, Prompt)>) {
        self.mode = Mode::Table;
        self.need(self.sole_human(), String::new());
        if let Some((p, _)) = asked
            && !self.state.player(p).set_aside().is_empty()
            && self.plant.player != p
        {
            self.plant = PlantChoice { player: p, card: 0 };
        }
        self.fix_plant_choice();
    }

    /// Puts `who` at the keyboard (through a hand-off unless hands are open), or shows the
    /// public table for `None`.
    /// A served table always shows its own seat's hand.
    pub(crate) fn need(&mut self, who: Option<usize>, reason: String) {
        if let Some(seat) = self.served_seat() {
            return self.keyboard.seat(Some(seat));
        }
        match who {
            None => self.keyboard.seat(None),
            Some(p) if self.open_hands() || self.sole_human() == Some(p) => {
                self.keyboard.seat(Some(p))
            }
            Some(p) if self.viewer() == Some(p) && self.handoff().is_none() => {}
            Some(p) => {
                self.close_choosers();
                self.keyboard.hand_off(Handoff { to: p, reason });
            }
        }
    }

    /// Whether the screen may show `player`'s hand now.
    pub fn shows_hand_of(&self, player: usize) -> bool {
        self.keyboard.shows_hand_of(player)
    }

    /// Who is at the keyboard, and the hand-off to whoever is next.
    pub fn keyboard(&self) -> &AtKeyboard {
        &self.keyboard
    }

    /// Who is at the keyboard, to seat a player or hand off to one.
    pub fn keyboard_mut(&mut self) -> &mut AtKeyboard {
        &mut self.keyboard
    }

    /// Whether every hand is shown and hand-offs are skipped.
    pub fn open_hands(&self) -> bool {
        self.keyboard.open_hands()
    }

    /// Whose hand is on the screen; `None` for the public table.
    pub fn viewer(&self) -> Option<usize> {
        self.keyboard.viewer()
    }

    /// A hand-off waiting for the key that names its player.
    pub fn handoff(&self) -> Option<&Handoff> {
        self.keyboard.handoff()
    }

    /// `player`'s order card if the screen may show it: laid out beside the fields (public),
    /// or in a hand the screen shows.
    pub fn order_shown(&self, player: usize) -> Option<OrderCard> {
        let zone = self.state.player(player);
        zone.laid_out_order().or_else(|| {
            self.shows_hand_of(player)
                .then(|| zone.hand().order().map(|(_, o)| o))
                .flatten()
        })
    }

    /// The left fields of the pairs of adjacent fields that meet the active player's order now.
    pub fn fulfil_fields(&self) -> Vec<usize> {
        if self.state.is_over() {
            return Vec::new();
        }
        let active = self.state.active_player();
        let fields = self.state.player(active).fields().len();
        (0..fields.saturating_sub(1))
            .filter(|&f| self.state.check_fulfill_order(active, f).is_ok())
            .collect()
    }

    /// The keys that take `player`'s seat at a hand-off.
    pub fn seat_key(&self, player: usize) -> SeatKey {
        SeatKey::of(&self.shell.names, player)
    }

    /// Whether `code` takes the seat the hand-off on screen waits for.
    pub fn takes_seat(&self, code: KeyCode) -> bool {
        self.keyboard.takes_seat(&self.shell.names, code)
    }

    /// The player takes the seat after a hand-off.
    pub fn take_seat(&mut self) {
        if let Some(to) = self.keyboard.take_seat() {
            self.note_seat_taken(to);
        }
    }

    /// Another player comes to the keyboard to make the active player an offer.
    pub fn start_proposal_by(&mut self, player: usize) {
        self.mode = Mode::Compose(Composer::new(&self.state, player));
        self.need(
            Some(player),
            format!(
                "{} makes {} an offer.",
                self.name(player),
                self.name(self.state.active_player())
            ),
        );
    }

    /// In phase 3, keeps the planting choice on a player who has cards to plant; in the
    /// bean duel's steps 1 and 3, on one of the offered or turned-over cards.
    pub fn fix_plant_choice(&mut self) {
        let n = self.state.player_count();
        let active = self.state.active_player();
        if let Some(cards) = self.duel_cards() {
            let len = cards.len();
            self.plant.player = active;
            self.plant.card = self.plant.card.min(len.saturating_sub(1));
            return;
        }
        let has = |p: usize| !self.state.player(p).set_aside().is_empty() && self.plays_here(p);
        if !has(self.plant.player)
            && let Some(p) = clockwise(active, n).find(|&p| has(p))
        {
            self.plant = PlantChoice { player: p, card: 0 };
        }
        let len = self.state.player(self.plant.player).set_aside().len();
        if self.plant.card >= len {
            self.plant.card = len.saturating_sub(1);
        }
    }

    /// The bean duel's cards on the table that the active player plants now: the offered
    /// cards in step 1, the turned-over cards in step 3; `None` in any other phase.
    pub fn duel_cards(&self) -> Option<&[crate::cards::BeanKind]> {
        match self.state.phase() {
            Phase::PlantOffered => Some(self.state.offered()),
            Phase::PlantTurnedOver => Some(self.state.face_up()),
            _ => None,
        }
    }

    /// The bean duel's card that Enter plants unless another is chosen: the first that
    /// grows in a field of the active player, else the first.
    pub fn obvious_card(&self) -> usize {
        let Some(cards) = self.duel_cards() else {
            return 0;
        };
        let fields = self.state.player(self.state.active_player()).fields();
        cards
            .iter()
            .position(|&k| fields.iter().any(|f| f.kind() == Some(k)))
            .unwrap_or(0)
    }

    /// Whether the rules are the bean duel's: turned-over cards are planted or left as an
    /// offer, never traded.
    pub fn is_duel(&self) -> bool {
        self.ruleset().phase_2 == crate::cards::TurnedOverRule::PlantAndOffer
    }

    /// The hand card the discard chooser opens on: the frontmost whose kind grows in no
    /// field and that no other card of the hand shares, else the frontmost that grows in
    /// no field, else the front card.
    pub fn suggested_discard(&self, player: usize) -> usize {
        let zone = self.state.player(player);
        let hand: Vec<_> = zone.hand().iter().collect();
        let grows = |k| zone.fields().iter().any(|f| f.kind() == Some(k));
        let alone = |k| hand.iter().filter(|&&c| c == k).count() == 1;
        hand.iter()
            .position(|&k| !grows(k) && alone(k))
            .or_else(|| hand.iter().position(|&k| !grows(k)))
            .unwrap_or(0)
    }

    /// The field a card of `kind` goes to when no field is named: the field already holding
    /// that kind, else the first empty one.
    pub fn suggested_field(&self, player: usize, kind: crate::cards::BeanKind) -> Option<usize> {
        let fields = self.state.player(player).fields();
        fields
            .iter()
            .position(|f| f.kind() == Some(kind))
            .or_else(|| fields.iter().position(|f| f.is_empty()))
    }
}

/// The seats of an `n`-player table clockwise from `from`, `from` first: the order choosers
/// step through and offers go round in.
pub(crate) fn clockwise(from: usize, n: usize) -> impl Iterator<Item = usize> {
    (0..n).map(move |d| (from + d) % n)
}

/// A saved game's first state: dealt from the seed, or loaded from its start position.
/// Whatever replays a saved game starts here.
pub(crate) fn starting_state(
    ruleset: &Arc<Ruleset>,
    players: usize,
    seed: u64,
    position: Option<&Position>,
    events: &mut Vec<Event>,
) -> Result<GameState, String> {
    match position {
        None => {
            GameState::new_with_events(ruleset, players, seed, events).map_err(|e| e.to_string())
        }
        Some(position) => GameState::from_position(ruleset, players, position, seed, events)
            .map_err(|e| e.to_string()),
    }
}

impl crate::ui::App {
    /// The card game being played, if any.
    pub fn game(&self) -> Option<&CardTable> {
        self.shown()
    }
}
