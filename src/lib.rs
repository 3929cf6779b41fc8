//! Bohnanza: the card game of planting, trading and harvesting beans.
//!
//! Each game has a home: [`cards`] the card games and [`dice`] the dice game, each with its
//! pure engine, its bots, its coach part and its screen. [`game`] is the seam both implement
//! and [`rules`] the one place that names both; [`rulesets`] the built-in games as TOML
//! data; [`protocol`] the headless JSON-lines interface for rules testers and tools;
//! [`simulate`] the headless games that measure the bots; [`ui`] the shell both screens
//! share; [`text`] makes text from strangers safe to show on a terminal.
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
