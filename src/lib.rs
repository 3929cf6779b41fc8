//! Bohnanza: the card game of planting, trading and harvesting beans.
//!
//! [`engine`] holds the pure rules; [`rulesets`] the built-in games as TOML data;
//! [`protocol`] the headless JSON-lines interface for rules testers and tools.

pub mod engine;
pub mod protocol;
pub mod rulesets;
pub mod ui;
