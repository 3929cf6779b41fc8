//! The dice game's engine (rules/004): its rules scenario by scenario, the game's end against
//! a reference table, its ruleset file and `check` on it, random play with every invariant
//! checked, saved positions as untrusted input, and its bots (the strong bot on its own).
//! One test binary for the whole layer; each file is one module.

#[path = "../support/mod.rs"]
mod support;

mod dice_bots;
mod dice_check_cli;
mod dice_coach;
mod dice_ending_reference;
mod dice_random_play;
mod dice_rules;
mod dice_ruleset;
mod dice_state_json;
mod dice_strong;
