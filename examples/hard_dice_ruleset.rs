//! Prints the slowest dice ruleset the hardening kit found (issue 37), to time how long
//! `bohnanza check` and `bohnanza script` take to refuse it (docs/testing.md):
//!
//! ```sh
//! cargo run --release --example hard_dice_ruleset > /tmp/hard.toml
//! time target/release/bohnanza check /tmp/hard.toml
//! ```

#[path = "../benches/common/hard_dice_ruleset.rs"]
mod hard_dice_ruleset;

fn main() {
    print!("{}", hard_dice_ruleset::hard_dice_ruleset());
}
