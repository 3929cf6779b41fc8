//! The slowest dice ruleset the hardening kit found (issue 37), shared by
//! `benches/dice.rs` (criterion), `examples/hard_dice_ruleset.rs` (the file itself, to time
//! `bohnanza check` on) and `tests/cards/rulesets_hostile.rs`, so all three mean the same
//! file: the built-in dice and payouts, then 482 harvest cards whose every order is four
//! alternatives of five slots (`5 Soy | 5 Red | 5 Blue | 5 Green`), just under the size
//! limit. A roll misses such an alternative only after every way of giving its slots dice
//! is tried. Its orders are not each harder than the one below, so it is refused, with
//! hundreds of problems.

use std::fmt::Write as _;

/// The built-in dice ruleset's text (`rulesets/dice.toml`).
const STANDARD: &str = include_str!("../../rulesets/dice.toml");

/// How many harvest cards the ruleset holds.
pub const HARD_CARDS: usize = 482;

/// The ruleset's TOML text.
pub fn hard_dice_ruleset() -> String {
    let (head, rest) = STANDARD.split_once("cards = [").expect("the cards");
    let (_, dice) = rest.split_once("\n]\n").expect("the cards' end");
    let beans = ["Soy", "Red", "Blue", "Green", "Stink", "Garden"];
    let mut text = format!("{head}cards = [\n");
    for c in 0..HARD_CARDS {
        text.push('[');
        for o in 0..5 {
            let alternatives: Vec<String> = (0..4)
                .map(|a| format!("5 {}", beans[(c + o + a) % beans.len()]))
                .collect();
            write!(text, "\"{}\",", alternatives.join(" | ")).expect("a string");
        }
        text.push_str("],\n");
    }
    text.push_str("]\n");
    text.push_str(dice);
    text
}
