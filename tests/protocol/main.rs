//! The headless protocol (`bohnanza script`): replies and errors, golden playthroughs, every
//! variant of both games played to the end, undo, the viewer's events, hostile clients, and
//! fuzzing. One test binary for the whole layer; each file is one module.

#[path = "../support/mod.rs"]
mod support;

mod fuzz_protocol;
mod protocol;
mod protocol_games;
mod protocol_hint;
mod protocol_hostile;
mod protocol_offers;
mod protocol_undo;
mod protocol_viewer;
