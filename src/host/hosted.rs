//! [`Host`]: the one authoritative object of a hosted game. It owns the play, the table's
//! driver (bots and stand-ins), the seats and their codes, the save and the event
//! sequence, and the clients joined to it; every line a client receives is computed here,
//! for that client's viewer.
//!
//! The host is transport-free: a TCP connection ([`super::tcp`]) or a screen in the same
//! process joins with a code and an [`Outbox`], sends requests, and reads its lines from
//! the outbox's other end. Nothing here waits on a client.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::driver::{Driver, TableSpec, Turn, driver};
use super::history::{History, Missed};
use super::outbox::Outbox;
use super::save::HostSave;
use super::seats::{ClientId, HostSeats, Opens, Viewer};
use super::spectator::{public_events, public_view, spectator_viewer};
use crate::game::{BotOptions, Play, PlayError};
use crate::protocol::{reply_text, seen_by};
use crate::rules::Rules;
use crate::store::check::new_play;
use crate::store::{SavedGame, Saver};

/// Bot moves played in a row before the host stops to let others in (a consistent game's
/// bots end their turns long before).
const MAX_BOT_MOVES: usize = 100_000;

/// What a hosted game is opened from.
pub struct HostConfig {
    /// The game's rules.
    pub rules: Rules,
    /// The game so far: its ruleset, seats, names, seed and actions (none for a new game).
    pub record: SavedGame,
    /// Where the game is saved after every action; `None` to keep it in memory only.
    pub saver: Option<Saver>,
    /// The stand-in's level by name (`None`: the game's default).
    pub stand_in: Option<String>,
    /// How long a person's seat waits for them before the stand-in plays it.
    pub grace: Duration,
    /// Whether spectators get a code.
    pub watch: bool,
    /// How bots are made (their thinking time).
    pub bots: BotOptions,
}

/// One joined client.
#[derive(Debug)]
struct Client {
    viewer: Viewer,
    outbox: Outbox,
}

/// A hosted game.
pub struct Host {
    play: Box<dyn Play>,
    driver: Box<dyn Driver>,
    seats: HostSeats,
    save: HostSave,
    history: History,
    clients: BTreeMap<ClientId, Client>,
    next_client: ClientId,
    /// Who the table waits for, and for what.
    waiting: Option<(usize, Value)>,
    /// The last waiting line sent to everyone: after how many actions and passes, for
    /// whom, for what.
    told: Option<(u64, usize, Value)>,
    /// Passes accepted so far.
    passes: u64,
    grace: Duration,
    /// What the person running the host should be told (a save that failed, a stuck table).
    notices: Vec<String>,
}

impl Host {
    /// Opens `config`'s game: deals it, plays its saved actions again (each through the
    /// rules, its lines kept for seats that join with `since`, each told to the table's turn
    /// policy and bots as if they had been there, [`Driver::recall`]), saves it, and lets the
    /// bots move until a person is waited for.
    pub fn open(config: HostConfig) -> Result<Host, String> {
        let record = config.record;
        if record.finished {
            return Err("the game is over; there is nothing left to host".into());
        }
        let started = config
            .rules
            .start(new_play(&record))
            .map_err(|e| format!("the game cannot be set up: {e}"))?;
        let spec = TableSpec {
            seats: &record.seats,
            seed: record.seed,
            stand_in: config.stand_in.as_deref(),
            options: config.bots,
        };
        let driver = driver(&config.rules, spec)?;
        let seats = HostSeats::new(&record.names, &record.seats, config.watch, Instant::now())
            .map_err(|e| e.to_string())?;
        let actions = record.actions.to_vec();
        let mut host = Host {
            play: started.play,
            driver,
            seats,
            save: HostSave {
                record: SavedGame {
                    actions: crate::store::Actions::new(),
                    ..record
                },
                saver: None,
            },
            history: History::default(),
            clients: BTreeMap::new(),
            next_client: 0,
            waiting: None,
            told: None,
            passes: 0,
            grace: config.grace,
            notices: Vec::new(),
        };
        for (i, action) in actions.into_iter().enumerate() {
            host.driver.recall(&*host.play, &action);
            host.accept(action, false)
                .map_err(|e| format!("saved action {} is refused: {e}", i + 1))?;
        }
        host.save.saver = config.saver;
        if let Some(problem) = host.save.write() {
            return Err(problem);
        }
        host.drive();
        Ok(host)
    }

    /// The seats, their codes and who is at them.
    pub fn seats(&self) -> &HostSeats {
        &self.seats
    }

    /// The game so far: its ruleset, seats, names, seed and every accepted action in wire
    /// form (what a screen served by the host replays and follows).
    pub fn record(&self) -> &SavedGame {
        &self.save.record
    }

    /// Who the table waits for, and for what (the `waiting` line's prompt).
    pub fn waiting(&self) -> Option<(usize, &Value)> {
        self.waiting.as_ref().map(|(p, prompt)| (*p, prompt))
    }

    /// The save file, if the game is saved.
    pub fn save_path(&self) -> Option<&std::path::Path> {
        self.save.path()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.play.outcome().is_some()
    }

    /// How many clients are joined.
    pub fn client_count(&self) -> usize {
        self.clients.len()
    }

    /// How many of the joined clients are spectators.
    pub fn spectator_count(&self) -> usize {
        (self.clients.values())
            .filter(|c| c.viewer == Viewer::Spectator)
            .count()
    }

    /// The last accepted action's `seq` (0 before the first).
    pub fn seq(&self) -> u64 {
        self.history.seq()
    }

    /// What the person running the host should be told since last asked.
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// Joins a client with `code` (rejoining with `since`: the lines after action `since`
    /// follow the reply), its lines going to `outbox`: the `joined` reply, the lines
    /// missed, the table, and who the table waits for. Refused, nothing changes: a code of
    /// no seat here, a seat another client plays, or `since` out of reach.
    pub fn join(
        &mut self,
        code: &str,
        since: Option<u64>,
        outbox: Outbox,
    ) -> Result<ClientId, PlayError> {
        let viewer = match self.seats.opens(code) {
            None => {
                return Err(PlayError::new(
                    "wrong_code",
                    "no seat of this game has that code (codes are good for one game only: ask the host for this game's)",
                ));
            }
            Some(Opens::Watch) => Viewer::Spectator,
            Some(Opens::Seat(p)) => {
                if self.seats.seats[p].client.is_some() {
                    return Err(PlayError::new(
                        "seat_taken",
                        format!(
                            "seat {p} ({}) is played from another connection; it can be taken back once that one has gone",
                            self.seats.seats[p].name
                        ),
                    ));
                }
                Viewer::Seat(p)
            }
        };
        let index = self.viewer_index(viewer);
        let missed = match since {
            None => Vec::new(),
            Some(n) => self.history.since(index, n).map_err(missed_error)?,
        };
        let mut text = reply_text(&self.joined_json(viewer));
        for line in missed {
            text.push('\n');
            text.push_str(&line);
        }
        if !outbox.send(text.into()) {
            return Err(PlayError::new("gone", "the client left before it joined"));
        }
        let id = self.next_client;
        self.next_client += 1;
        self.clients.insert(id, Client { viewer, outbox });
        let mut handed_back = false;
        if let Viewer::Seat(p) = viewer {
            let seat = &mut self.seats.seats[p];
            seat.client = Some(id);
            seat.absent_since = None;
            if seat.stand_in {
                seat.stand_in = false;
                self.driver.stand_in(p, false);
                handed_back = true;
            }
        }
        self.tell_table();
        if handed_back {
            self.drive();
        } else {
            if let Some(line) = self.waiting_line() {
                self.send(id, line);
            }
            if let Some(line) = self.over_line() {
                self.send(id, line);
            }
        }
        Ok(id)
    }

    /// The client `id` has gone (its connection closed, or the host dropped it): its seat
    /// is kept for it, and absent from now.
    pub fn leave(&mut self, id: ClientId) {
        let Some(client) = self.clients.remove(&id) else {
            return;
        };
        if let Viewer::Seat(p) = client.viewer
            && self.seats.seats[p].client == Some(id)
        {
            self.seats.seats[p].client = None;
            self.seats.seats[p].absent_since = Some(Instant::now());
            self.tell_table();
        }
    }

    /// Who client `id` is, if joined.
    pub fn viewer_of(&self, id: ClientId) -> Option<Viewer> {
        self.clients.get(&id).map(|c| c.viewer)
    }

    /// Sends client `id` one reply line (dropping the client if its queue is full).
    pub fn reply(&mut self, id: ClientId, reply: &Value) {
        self.send(id, reply_text(reply).into());
    }

    /// Plays `action` (its wire form) for the person at `seat`: refused with
    /// `not_your_seat` when it names another seat, and as the rules refuse it. Once
    /// accepted, every client has its line (the actor's is its reply), the game is saved,
    /// and the bots move until a person is waited for. Returns the action's `seq`.
    pub fn act(&mut self, seat: usize, action: Value) -> Result<u64, PlayError> {
        match action.get("player").map(Value::as_u64) {
            Some(Some(p)) if p != seat as u64 => {
                return Err(PlayError::new(
                    "not_your_seat",
                    format!("you play seat {seat}: an action for seat {p} is not yours to take"),
                ));
            }
            _ => {}
        }
        let seq = self.accept(action, false)?;
        self.drive();
        Ok(seq)
    }

    /// The person at `seat`, given the floor to propose, lets it pass.
    pub fn pass(&mut self, seat: usize) -> Result<(), PlayError> {
        if !matches!(&self.waiting, Some((p, _)) if *p == seat) {
            return Err(PlayError::new(
                "not_waited_for",
                "the table is not waiting for you: pass when told {\"waiting\": {\"player\": you, ...}}",
            ));
        }
        if !self.driver.pass(seat) {
            return Err(PlayError::new(
                "no_floor",
                "this game has no floor to pass: the table waits for your move",
            ));
        }
        self.passes += 1;
        self.drive();
        Ok(())
    }

    /// What `viewer` sees now (the `view` reply's object).
    pub fn view(&self, viewer: Viewer) -> Value {
        match viewer {
            Viewer::Seat(p) => self.play.view(p),
            Viewer::Spectator => public_view(&*self.play),
        }
    }

    /// The `legal` reply for `seat`.
    pub fn legal(&self, seat: usize) -> Value {
        self.play.legal(seat)
    }

    /// The coach's `hint` reply for `seat`.
    pub fn hint(&self, seat: usize, samples: u32) -> Value {
        self.play.hint(seat, samples)
    }

    /// Seats the stand-in at every person's seat nobody has played for the grace period
    /// by `now`, and lets them play.
    pub fn tick(&mut self, now: Instant) {
        if self.is_over() {
            return;
        }
        let overdue = self.seats.overdue(now, self.grace);
        if overdue.is_empty() {
            return;
        }
        for p in overdue {
            self.seats.seats[p].stand_in = true;
            self.driver.stand_in(p, true);
        }
        self.tell_table();
        self.drive();
    }

    /// Plays `action` into the game: saved, then its line sent to every client as its
    /// viewer sees it, with the seat that acted (`"stand_in": true` when a stand-in took
    /// it).
    fn accept(&mut self, action: Value, by_stand_in: bool) -> Result<u64, PlayError> {
        let events = self.play.act(action.clone())?;
        let over = self.is_over();
        if let Some(problem) = self.save.record(&action, over) {
            self.notices.push(problem);
        }
        let seq = self.history.seq() + 1;
        let players = self.play.player_count();
        let actor = action.get("player").cloned().unwrap_or(Value::Null);
        let line = |events: Vec<Value>| -> Arc<str> {
            let mut line = json!({ "seq": seq, "player": actor, "events": events });
            if by_stand_in {
                line["stand_in"] = Value::Bool(true);
            }
            reply_text(&line).into()
        };
        let mut lines: Vec<Arc<str>> = (0..players)
            .map(|p| line(seen_by(&*self.play, events.clone(), Some(p))))
            .collect();
        lines.push(line(public_events(&*self.play, events)));
        self.history.push(lines.clone());
        let ids: Vec<(ClientId, usize)> = (self.clients.iter())
            .map(|(id, c)| (*id, self.viewer_index(c.viewer)))
            .collect();
        for (id, index) in ids {
            self.send(id, Arc::clone(&lines[index]));
        }
        if over && let Some(line) = self.over_line() {
            self.broadcast(line);
        }
        Ok(seq)
    }

    /// Lets the bots (and stand-ins) move until the table waits for a person or the game
    /// ends; then tells everyone who is waited for.
    fn drive(&mut self) {
        for _ in 0..MAX_BOT_MOVES {
            match self.driver.next(&*self.play) {
                Turn::Bot { player, action } => {
                    let stand_in = self.seats.seats.get(player).is_some_and(|s| s.stand_in);
                    if let Err(e) = self.accept(action, stand_in) {
                        self.notices
                            .push(format!("the bot at seat {player} was refused: {e}"));
                        self.waiting = None;
                        return;
                    }
                }
                Turn::Waiting { player, prompt } => {
                    let told = (self.history.seq() + self.passes, player, prompt.clone());
                    self.waiting = Some((player, prompt));
                    // Told once for each action or pass and prompt: a client that acts on
                    // every line naming it never acts twice on one.
                    if self.told.as_ref() != Some(&told)
                        && let Some(line) = self.waiting_line()
                    {
                        self.told = Some(told);
                        self.broadcast(line);
                    }
                    return;
                }
                Turn::Over => {
                    self.waiting = None;
                    return;
                }
                Turn::Stuck => {
                    self.waiting = None;
                    if !self.is_over() {
                        self.notices
                            .push("no one can act: the table is stuck".into());
                    }
                    return;
                }
            }
        }
        self.notices.push(format!(
            "the bots made {MAX_BOT_MOVES} moves in a row; stopped"
        ));
    }

    /// `{"waiting": {"player": P, "prompt": ...}}` while the table waits for a person.
    fn waiting_line(&self) -> Option<Arc<str>> {
        let (player, prompt) = self.waiting.as_ref()?;
        Some(reply_text(&json!({ "waiting": { "player": player, "prompt": prompt } })).into())
    }

    /// `{"over": {"scores": [...], "winners": [...]}}` once the game is over.
    fn over_line(&self) -> Option<Arc<str>> {
        let outcome = self.play.outcome()?;
        let over = json!({ "over": { "scores": outcome.scores, "winners": outcome.winners } });
        Some(reply_text(&over).into())
    }

    /// The `joined` reply for `viewer`.
    fn joined_json(&self, viewer: Viewer) -> Value {
        let (seat, name) = match viewer {
            Viewer::Seat(p) => (json!(p), json!(self.seats.seats[p].name)),
            Viewer::Spectator => (Value::Null, Value::Null),
        };
        let mut joined = json!({
            "seat": seat,
            "name": name,
            "seq": self.history.seq(),
            "view": self.view(viewer),
        });
        if viewer == Viewer::Spectator {
            joined["watching"] = Value::Bool(true);
        }
        json!({ "joined": joined })
    }

    /// Tells every client who sits where and who is present.
    fn tell_table(&mut self) {
        let line: Arc<str> = reply_text(&self.seats.table_json()).into();
        self.broadcast(line);
    }

    /// The history's index of `viewer`'s lines.
    fn viewer_index(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(p) => p,
            Viewer::Spectator => spectator_viewer(&*self.play),
        }
    }

    /// Sends `line` to every client.
    fn broadcast(&mut self, line: Arc<str>) {
        let ids: Vec<ClientId> = self.clients.keys().copied().collect();
        for id in ids {
            self.send(id, Arc::clone(&line));
        }
    }

    /// Queues `text` for client `id`; a client whose queue is full (it does not read) is
    /// dropped, and its seat kept for it.
    fn send(&mut self, id: ClientId, text: Arc<str>) {
        let Some(client) = self.clients.get(&id) else {
            return;
        };
        if !client.outbox.send(text) {
            client.outbox.close();
            self.leave(id);
        }
    }
}

/// A `since` out of reach, in words.
fn missed_error(missed: Missed) -> PlayError {
    match missed {
        Missed::Ahead { since, seq } => PlayError::new(
            "bad_request",
            format!("\"since\" is {since}, but only {seq} actions have been played"),
        ),
        Missed::Forgotten { since, oldest } => PlayError::new(
            "too_far_back",
            format!(
                "the lines after action {since} are no longer kept (the oldest kept follow action {oldest}): join without \"since\" and read the view"
            ),
        ),
    }
}
