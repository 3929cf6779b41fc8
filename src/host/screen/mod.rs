//! The screens the host serves to joined seats (`bohnanza join`): the host draws each
//! seat's game screen itself, from its own game, and the far terminal only shows the frames
//! and sends its keys and size back. A seat's hidden cards are drawn on the host for that
//! seat alone; nothing but the picture of its own screen leaves the host.
//!
//! [`at_host`] is the screen of the person running the host, in the host's own terminal.
//!
//! [`seat`] makes and updates a seat's table, [`spectator`] the public table a spectator
//! watches, [`input`] reads the far terminal's key bytes, and [`relay`] serves one
//! connection.

pub mod at_host;
pub mod input;
pub mod relay;
pub mod seat;
pub mod spectator;
