//! The hosted game's seats: each person's join code and whether they are at the table, the
//! bots' seats, and the spectators' code.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::code::JoinCode;
use crate::store::SavedSeat;

/// A connected client, numbered by the host.
pub type ClientId = u64;

/// Who a client is at the table: a seat's player or a spectator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Viewer {
    /// The player at this seat.
    Seat(usize),
    /// A spectator: sees the public table, no hand.
    Spectator,
}

/// One seat of the hosted game.
#[derive(Debug)]
pub struct HostSeat {
    /// The player's name.
    pub name: String,
    /// The bot that plays it, by name (no code); `None` for a person's seat.
    pub bot: Option<String>,
    /// The person's join code.
    pub code: Option<JoinCode>,
    /// The client playing the seat now.
    pub client: Option<ClientId>,
    /// Since when nobody has played the seat (from the host's start for a seat never taken).
    pub absent_since: Option<Instant>,
    /// Whether the stand-in bot plays the seat.
    pub stand_in: bool,
}

/// Every seat and the spectators' code.
#[derive(Debug)]
pub struct HostSeats {
    pub seats: Vec<HostSeat>,
    pub watch: Option<JoinCode>,
}

/// What a join code opens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Opens {
    Seat(usize),
    Watch,
}

impl HostSeats {
    /// The seats `kinds` with `names`, a new code for each person (and for spectators when
    /// `watch`), everyone absent since `now`.
    pub fn new(
        names: &[String],
        kinds: &[SavedSeat],
        watch: bool,
        now: Instant,
    ) -> std::io::Result<HostSeats> {
        let mut seats = Vec::with_capacity(names.len());
        for (name, kind) in names.iter().zip(kinds) {
            let (bot, code) = match kind {
                SavedSeat::Human => (None, Some(JoinCode::random()?)),
                SavedSeat::Bot(bot) => (Some(bot.clone()), None),
            };
            seats.push(HostSeat {
                name: name.clone(),
                bot,
                code,
                client: None,
                absent_since: Some(now),
                stand_in: false,
            });
        }
        let watch = if watch {
            Some(JoinCode::random()?)
        } else {
            None
        };
        Ok(HostSeats { seats, watch })
    }

    /// What `typed` opens, if it is a code of this game.
    pub fn opens(&self, typed: &str) -> Option<Opens> {
        let seat = self
            .seats
            .iter()
            .position(|s| s.code.as_ref().is_some_and(|c| c.matches(typed)));
        match seat {
            Some(p) => Some(Opens::Seat(p)),
            None if self.watch.as_ref().is_some_and(|c| c.matches(typed)) => Some(Opens::Watch),
            None => None,
        }
    }

    /// The people's seats nobody has played for `grace` at `now`, and no stand-in plays yet.
    pub fn overdue(&self, now: Instant, grace: Duration) -> Vec<usize> {
        (self.seats.iter().enumerate())
            .filter(|(_, s)| {
                s.code.is_some()
                    && !s.stand_in
                    && s.absent_since
                        .is_some_and(|t| now.saturating_duration_since(t) >= grace)
            })
            .map(|(p, _)| p)
            .collect()
    }

    /// The table line every client is sent when someone comes or goes or a stand-in sits
    /// down or gets up: `{"table": {"seats": [{"seat", "name", "bot" | "present",
    /// "stand_in"}]}}`.
    pub fn table_json(&self) -> Value {
        let seats: Vec<Value> = (self.seats.iter().enumerate())
            .map(|(p, s)| match &s.bot {
                Some(bot) => json!({ "seat": p, "name": s.name, "bot": bot }),
                None => json!({
                    "seat": p,
                    "name": s.name,
                    "present": s.client.is_some(),
                    "stand_in": s.stand_in,
                }),
            })
            .collect();
        json!({ "table": { "seats": seats } })
    }

    /// The seats as the host's first line prints them: each person's code, each bot's name.
    pub fn codes_json(&self) -> Vec<Value> {
        (self.seats.iter().enumerate())
            .map(|(p, s)| match (&s.code, &s.bot) {
                (Some(code), _) => json!({ "seat": p, "name": s.name, "code": code.as_str() }),
                (None, bot) => json!({ "seat": p, "name": s.name, "bot": bot }),
            })
            .collect()
    }
}
