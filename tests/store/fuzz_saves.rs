//! Fuzzing save files: a card game's and a dice game's saves, mutated, are read, checked,
//! exported and opened in the replay viewer without a panic or a stall; whatever is
//! accepted is a game the rules take. (Long and huge saves: tests/saves_long.rs.)
//!
//! `cargo test` runs a bounded smoke. A long run:
//! `PROPTEST_CASES=20000 cargo test --test store fuzz_saves -- --ignored --nocapture`

use std::time::Instant;

use crate::support::fuzz::{Mutation, STALL, Tally, mutate, mutation};
use bohnanza::store::{self, Actions, RulesetSource, SavedGame, SavedSeat, check, export};
use proptest::prelude::*;
use serde_json::json;

/// A short legal card game: planting, turning over, offers made, declined and taken back.
fn card_save() -> String {
    let mut actions = Actions::new();
    for a in [
        json!({"player": 0, "type": "plant", "field": 0}),
        json!({"player": 0, "type": "turn_over"}),
        json!({"player": 0, "type": "propose", "to": 1, "give": [{"hand": 0}], "want": []}),
        json!({"player": 0, "type": "withdraw", "offer": 0}),
        json!({"player": 0, "type": "propose", "to": 2, "give": [{"face_up": 0}], "want": ["Blue"]}),
        json!({"player": 2, "type": "decline", "offer": 1}),
    ] {
        actions.push(&a);
    }
    let ruleset = RulesetSource {
        origin: "base".to_string(),
        toml: bohnanza::rulesets::BUILT_IN[0].text.to_string(),
    };
    store::encode(&game(ruleset, actions))
}

/// A short legal dice game: each player rolls, saves every die and passes the bean piece.
fn dice_save() -> String {
    let mut actions = Actions::new();
    for turn in 0..12usize {
        let player = turn % 3;
        actions.push(&json!({"player": player, "type": "roll"}));
        actions.push(&json!({"player": player, "type": "save", "dice": [0, 1, 2, 3, 4]}));
        actions.push(&json!({"player": player, "type": "pass_bean_piece"}));
    }
    store::encode(&game(RulesetSource::dice(), actions))
}

fn game(ruleset: RulesetSource, actions: Actions) -> SavedGame {
    SavedGame {
        ruleset,
        names: vec!["Ana".into(), "Ben".into(), "Cy".into()],
        seats: vec![SavedSeat::Human; 3],
        seed: 7,
        open_hands: false,
        actions,
        finished: false,
        position: None,
        tutor_asked: Vec::new(),
    }
}

static SAVES: Tally = Tally::new();

/// Reads, checks, exports and opens one mutated save; each step is quick, and what the
/// checks take exports.
fn save_holds(dice: bool, mutations: &[Mutation]) -> Result<(), TestCaseError> {
    let original = if dice { dice_save() } else { card_save() };
    let bytes = mutate(original.as_bytes(), mutations);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("save.json");
    std::fs::write(&path, &bytes).unwrap();
    let started = Instant::now();
    let read = store::read(&path);
    if let Ok(game) = &read
        && check::replay(game).is_ok()
    {
        prop_assert!(export::export(game).is_ok());
    }
    let opened = bohnanza::ui::replay::open(&path);
    if let Err(e) = &opened {
        prop_assert!(!e.contains('\u{1b}'), "{e:?}");
    }
    let took = started.elapsed();
    SAVES.record(took);
    prop_assert!(took < STALL, "took {took:?}");
    prop_assert!(path.exists(), "the file is only read");
    Ok(())
}

proptest! {
    #![proptest_config(crate::support::regressions::config(256))]

    #[test]
    fn mutated_saves_are_read_or_refused_quickly(
        dice in any::<bool>(),
        mutations in proptest::collection::vec(mutation(), 1..6),
    ) {
        save_holds(dice, &mutations)?;
    }
}

/// The unmutated saves are whole games the rules take (so the mutations start from good
/// files).
#[test]
fn the_fuzzed_saves_are_legal_games() {
    for text in [card_save(), dice_save()] {
        let game = store::decode(&text).unwrap();
        check::replay(&game).unwrap();
    }
}

/// The long run: PROPTEST_CASES cases (256 unless set) and a closing tally.
#[test]
#[ignore = "the long run: see the module's documentation"]
fn mutated_saves_long() {
    let config = ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner = proptest::test_runner::TestRunner::new(config);
    let started = Instant::now();
    let result = runner.run(
        &(any::<bool>(), proptest::collection::vec(mutation(), 1..6)),
        |(dice, mutations)| save_holds(dice, &mutations),
    );
    SAVES.report(&format!("saves in {:?}", started.elapsed()));
    if let Err(e) = result {
        panic!("{e}");
    }
}
