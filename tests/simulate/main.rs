//! The simulator and the ladder: reproducible runs, reports that add up, every figure
//! checked on known games, the dice game through the same run, two rulesets compared on the
//! same seeds, and the report's pictures.
//! One test binary for the whole layer; each file is one module.

#[path = "../support/mod.rs"]
mod support;

mod simulate;
mod simulate_compare;
mod simulate_dice;
mod simulate_figures;
mod simulate_ladder;
mod simulate_report;
