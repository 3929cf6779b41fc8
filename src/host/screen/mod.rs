//! The screens the host serves to joined seats (`bohnanza join`): the host draws each
//! seat's game screen itself, from its own game, and the far terminal only shows the frames
//! and sends its keys and size back. A seat's hidden cards are drawn on the host for that
//! seat alone; nothing but the picture of its own screen leaves the host.
//!
//! [`seat`] makes and updates a seat's table, [`input`] reads the far terminal's key bytes,
//! and [`relay`] serves one connection.

pub mod input;
pub mod relay;
pub mod seat;
