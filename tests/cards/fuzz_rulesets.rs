//! Fuzzing ruleset parsing: arbitrary bytes and mutated built-in rulesets. Parsing never
//! panics or stalls, and a ruleset it accepts plays: every player count deals, and the
//! actions `legal` lists are applied without a refusal.
//!
//! `cargo test` runs a bounded smoke. A long run:
//! `PROPTEST_CASES=100000 cargo test --test cards fuzz_rulesets -- --ignored --nocapture` (the test
//! profile is optimized)

use std::sync::Arc;
use std::time::Instant;

use crate::support::fuzz::{Mutation, STALL, Tally, mutate, mutation};
use bohnanza::cards::GameState;
use bohnanza::rulesets::{self, BUILT_IN};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Text {
    Bytes(Vec<u8>),
    Mutated {
        built_in: usize,
        mutations: Vec<Mutation>,
    },
}

fn text() -> impl Strategy<Value = Text> {
    prop_oneof![
        1 => proptest::collection::vec(any::<u8>(), 0..512).prop_map(Text::Bytes),
        6 => (0..BUILT_IN.len(), proptest::collection::vec(mutation(), 1..6))
            .prop_map(|(built_in, mutations)| Text::Mutated { built_in, mutations }),
    ]
}

static RULESETS: Tally = Tally::new();

fn parsing_holds(text: &Text, seed: u64) -> Result<(), TestCaseError> {
    let bytes = match text {
        Text::Bytes(b) => b.clone(),
        Text::Mutated {
            built_in,
            mutations,
        } => mutate(BUILT_IN[*built_in].text.as_bytes(), mutations),
    };
    let text = String::from_utf8_lossy(&bytes);
    let started = Instant::now();
    let parsed = rulesets::parse("fuzz.toml", &text);
    let took = started.elapsed();
    RULESETS.record(took);
    prop_assert!(took < STALL, "parsing took {took:?}");
    let ruleset = match parsed {
        Ok(r) => Arc::new(r),
        Err(e) => {
            prop_assert!(!e.problems.is_empty());
            prop_assert!(!e.to_string().contains(char::from(0x1b)), "{e}");
            return Ok(());
        }
    };
    for players in ruleset.player_counts().collect::<Vec<_>>() {
        let mut state = GameState::new(&ruleset, players, seed)
            .map_err(|e| TestCaseError::fail(format!("{players} players: {e}")))?;
        for step in 0..40 {
            let seat = (seed as usize + step) % players;
            let actions = state.legal_actions(seat);
            let Some(action) = actions.get(step % actions.len().max(1)) else {
                continue;
            };
            if let Err(e) = state.apply(seat, action) {
                return Err(TestCaseError::fail(format!("{action:?} was listed: {e}")));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::support::regressions::config(512))]

    #[test]
    fn parsing_holds_against_hostile_text(text in text(), seed in any::<u64>()) {
        parsing_holds(&text, seed)?;
    }
}

/// A mutated dice ruleset is read or refused quickly, its problems said safely and at
/// most 20 of them one by one.
fn dice_parsing_holds(mutations: &[Mutation]) -> Result<(), TestCaseError> {
    let bytes = mutate(bohnanza::dice::STANDARD_TOML.as_bytes(), mutations);
    let text = String::from_utf8_lossy(&bytes);
    let started = Instant::now();
    let parsed = bohnanza::dice::DiceRuleset::from_toml_str(&text);
    let took = started.elapsed();
    RULESETS.record(took);
    prop_assert!(took < STALL, "parsing took {took:?}");
    if let Err(e) = parsed {
        let said = e.to_string();
        prop_assert!(!said.contains(['\u{1b}', '\u{7}', '\u{9b}']), "{said:?}");
        prop_assert!(!said.trim().is_empty());
        if e.problems.len() > 20 {
            let more = format!("and {} more", e.problems.len() - 20);
            prop_assert!(said.ends_with(&more), "{said}");
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn dice_parsing_holds_against_hostile_text(
        mutations in proptest::collection::vec(mutation(), 1..6),
    ) {
        dice_parsing_holds(&mutations)?;
    }
}

/// The long run: PROPTEST_CASES cases (256 unless set) and a closing tally.
#[test]
#[ignore = "the long run: see the module's documentation"]
fn parsing_holds_against_hostile_text_long() {
    let config = ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let started = Instant::now();
    let cards = runner.run(&(text(), any::<u64>()), |(text, seed)| {
        parsing_holds(&text, seed)
    });
    // A runner counts the cases it has run: the dice rulesets get a runner of their own.
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let dice = runner.run(&proptest::collection::vec(mutation(), 1..6), |m| {
        dice_parsing_holds(&m)
    });
    RULESETS.report(&format!("rulesets in {:?}", started.elapsed()));
    if let Err(e) = cards {
        panic!("{e}");
    }
    if let Err(e) = dice {
        panic!("{e}");
    }
}
