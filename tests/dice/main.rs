//! The dice game's engine (rules/004): its rules scenario by scenario, its ruleset file,
//! random play with every invariant checked, saved positions as untrusted input, and its bots.
//! One test binary for the whole layer; each file is one module.

mod dice_bots;
mod dice_random_play;
mod dice_rules;
mod dice_ruleset;
mod dice_state_json;
