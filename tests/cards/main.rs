//! The card games' engine: every rule scenario by scenario (the base game, the variants, the
//! bean duel, My First Bohnanza, field beans, order cards, trading), random play with every
//! invariant checked, positions, ruleset files (valid, invalid and hostile), and the bots.
//! One test binary for the whole layer; each file is one module.

#[path = "../support/mod.rs"]
mod support;

mod bots_duel;
mod bots_play;
mod bots_refusals;
mod bots_search;
mod bots_sight;
mod bots_standing_offers;
mod coach;
mod coach_refusals;
mod coach_sieve;
mod fuzz_rulesets;
mod linear_random_play;
mod planting_policy;
mod positions;
mod positions_invalid;
mod random_play;
mod rules_base;
mod rules_duel;
mod rules_field_beans;
mod rules_my_first;
mod rules_offers;
mod rules_orders;
mod rules_trading;
mod rules_variants;
mod rulesets;
mod rulesets_hostile;
mod search_reoffers;
