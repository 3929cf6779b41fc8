//! The network host (`bohnanza host`): one authoritative game that players join from their
//! own terminals or programs, each receiving only what their seat may see.
//!
//! [`Host`] owns the game: the play (through [`crate::game::Play`], as the protocol's
//! session does), the table's [`driver`] (bots, and stand-ins for people who left), the
//! [`seats`] and their join [`code`]s, the [`save`] written after every accepted action,
//! and the [`history`] of every action's lines per viewer. Clients join with a code and an
//! [`Outbox`]; [`tcp`] serves them JSON lines over TCP, and a screen in the same process
//! can join the same way (`Host::join`, `Host::act`, `Host::view`); [`screen`] serves a
//! seat its game screen, drawn here, to `bohnanza join`'s terminal or, through [`ssh`], to a
//! guest's `ssh`. The wire format is in
//! `docs/protocol.md`, the players' side in `docs/network.md`.

pub mod clock;
pub mod code;
pub mod driver;
pub mod history;
mod hosted;
pub mod outbox;
pub mod request;
pub mod save;
pub mod screen;
pub mod seats;
pub mod spectator;
pub mod ssh;
pub mod tcp;

pub use code::JoinCode;
pub use hosted::{Host, HostConfig};
pub use outbox::Outbox;
pub use seats::{ClientId, Viewer};
