//! Ruleset files: every built-in one is valid, every file in `tests/invalid_rulesets/` fails
//! with the message in its `.expected` file.

use std::fs;
use std::path::Path;

use crate::support::cli::bohnanza;
use bohnanza::rulesets::{self, BUILT_IN};

#[test]
fn every_invalid_ruleset_fails_with_its_expected_message() {
    let dir = Path::new("tests/invalid_rulesets");
    let mut checked = 0;
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let shown = format!(
            "tests/invalid_rulesets/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let text = fs::read_to_string(&path).unwrap();
        let expected = fs::read_to_string(path.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{shown} has no .expected file"));
        let err = rulesets::parse(&shown, &text).expect_err(&shown);
        assert_eq!(err.to_string(), expected.trim_end(), "{shown}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} invalid rulesets found");
}

#[test]
fn every_file_under_rulesets_is_built_in_and_valid() {
    let mut files: Vec<String> = fs::read_dir("rulesets")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        // The dice game's ruleset is a different game, checked by tests/dice/.
        .filter(|stem| stem != "dice")
        .collect();
    files.sort();
    let mut built_in: Vec<String> = BUILT_IN.iter().map(|b| b.name.to_string()).collect();
    built_in.sort();
    assert_eq!(files, built_in, "rulesets/ and the built-in list disagree");
    for b in BUILT_IN {
        let on_disk = fs::read_to_string(b.path).unwrap();
        assert_eq!(on_disk, b.text);
        let r = rulesets::parse(b.path, b.text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.name, b.name, "{} names itself {}", b.path, r.name);
    }
}

#[test]
fn the_base_game_matches_the_card_data() {
    let r = rulesets::load("base").unwrap();
    let expected = [
        ("Blue", 20, [Some(4), Some(6), Some(8), Some(10)]),
        ("Chili", 18, [Some(3), Some(6), Some(8), Some(9)]),
        ("Stink", 16, [Some(3), Some(5), Some(7), Some(8)]),
        ("Green", 14, [Some(3), Some(5), Some(6), Some(7)]),
        ("Soy", 12, [Some(2), Some(4), Some(6), Some(7)]),
        ("Black-eyed", 10, [Some(2), Some(4), Some(5), Some(6)]),
        ("Red", 8, [Some(2), Some(3), Some(4), Some(5)]),
        ("Garden", 6, [None, Some(2), Some(3), None]),
    ];
    assert_eq!(r.beans.len(), expected.len());
    for (bean, (name, count, steps)) in r.beans.iter().zip(expected) {
        assert_eq!(bean.name, name);
        assert_eq!(bean.count, count, "{name}");
        assert_eq!(bean.beanometer.steps(), steps, "{name}");
    }
    assert_eq!(
        r.deck_counts(4).iter().map(|&c| u32::from(c)).sum::<u32>(),
        104
    );
    assert_eq!(r.player_counts().collect::<Vec<_>>(), vec![3, 4, 5]);
    assert_eq!(r.table(3).unwrap().bean_fields, 3);
    assert_eq!(r.table(5).unwrap().bean_fields, 2);
}

#[test]
fn an_unknown_variant_names_the_known_ones() {
    let err = rulesets::load("bass").unwrap_err().to_string();
    assert!(err.contains("\"bass\"") && err.contains("base"), "{err}");
}

#[test]
fn check_prints_a_summary_or_every_problem() {
    let ok = bohnanza(&["check", "rulesets/base.toml"]);
    assert!(ok.status.success());
    let out = String::from_utf8_lossy(&ok.stdout);
    assert!(out.contains("4 players: 2 bean fields, 104 cards"), "{out}");
    assert!(
        out.contains("Garden       D   6 cards, beanometer - 2 3 -"),
        "{out}"
    );

    let bad = bohnanza(&["check", "tests/invalid_rulesets/several_problems.toml"]);
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(err.lines().count(), 3, "{err}");

    let missing = bohnanza(&["check", "no/such/file.toml"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).starts_with("no/such/file.toml: "));
}

#[test]
fn variants_lists_each_built_in_ruleset_on_one_line() {
    let out = bohnanza(&["variants"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    // Every card ruleset, then the dice game.
    assert_eq!(text.lines().count(), BUILT_IN.len() + 1);
    assert!(text.starts_with("base "), "{text}");
    assert!(text.lines().last().unwrap().starts_with("dice "), "{text}");
}
