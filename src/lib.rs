//! Bohnanza: the card game of planting, trading and harvesting beans.
//!
//! [`engine`] holds the pure rules; [`rulesets`] the built-in games as TOML data;
//! [`protocol`] the headless JSON-lines interface for rules testers and tools; [`bots`] the
//! programs that fill seats, and [`simulate`] the headless games that measure them; [`text`]
//! makes text from strangers safe to show on a terminal.
//!
//! This is a program's library, read by the people who change it: its documentation is
//! built with `cargo doc --document-private-items`, where links to private items resolve.
#![allow(rustdoc::private_intra_doc_links)]

pub mod cards;
pub mod coach;
pub mod dice;
pub mod game;
pub mod host;
#[cfg(test)]
mod layers;
pub mod protocol;
pub mod rules;
pub mod rulesets;
pub mod simulate;
pub mod store;
pub mod text;
#[cfg(test)]
mod type_names;
pub mod ui;
pub mod user_file;
