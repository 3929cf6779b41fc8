//! Rulesets from strangers: a hostile file is refused quickly, in little memory, with each
//! problem said once and no value quoted at length.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use bohnanza::cards::MAX_RULESET_BYTES;
use bohnanza::rulesets;

#[path = "../../benches/common/hard_dice_ruleset.rs"]
mod hard_dice_ruleset;

fn refused_quickly(text: &str) -> String {
    let started = Instant::now();
    let err = rulesets::parse("hostile.toml", text).expect_err("a hostile ruleset is refused");
    let took = started.elapsed();
    // A stall guard, not a speed figure: a loader that is not linear takes minutes here.
    assert!(took < Duration::from_secs(10), "took {took:?}");
    err.to_string()
}

fn base() -> String {
    std::fs::read_to_string("rulesets/base.toml").unwrap()
}

#[test]
fn a_hundred_megabyte_file_with_a_million_kinds_is_refused_before_it_is_parsed() {
    let mut text = String::with_capacity(101 << 20);
    let mut k = 0;
    while text.len() < 100 << 20 {
        write!(
            text,
            "[[bean]]\nname = \"B{k}\"\nletter = \"x\"\ncards = 1\nbeanometer = {{ 1 = 1 }}\n"
        )
        .unwrap();
        k += 1;
    }
    assert!(k > 1_000_000);
    let err = refused_quickly(&text);
    assert!(
        err.contains(&format!("at most {MAX_RULESET_BYTES} bytes")),
        "{err}"
    );
}

#[test]
fn thousands_of_duplicate_player_count_tables_are_one_problem() {
    let mut text = base();
    while text.len() < MAX_RULESET_BYTES - 100 {
        text.push_str("\n[[player_count]]\nplayers = [3]\nbean_fields = 3\n");
    }
    let err = refused_quickly(&text);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("player_count: must list at most 10 entries"),
        "{err}"
    );
}

#[test]
fn a_long_players_list_is_reported_once_and_quoted_short() {
    let list: Vec<String> = (0..10).map(|_| "4".to_string()).collect();
    let text = base().replace(
        "players = [4, 5]",
        &format!("players = [{}]", list.join(", ")),
    );
    let err = refused_quickly(&text);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("4 players are listed twice"), "{err}");

    let long: Vec<String> = (0..20_000).map(|i| (i % 10 + 1).to_string()).collect();
    let text = base().replace(
        "players = [4, 5]",
        &format!("players = [{}]", long.join(", ")),
    );
    let err = refused_quickly(&text);
    assert!(err.len() < 300, "{} bytes of messages: {err}", err.len());
}

#[test]
fn many_bad_beanometer_keys_are_refused_at_once() {
    let steps: Vec<String> = (0..10_000).map(|i| format!("k{i} = 1")).collect();
    let text = base().replace(
        "beanometer = { 2 = 2, 3 = 3 }",
        &format!("beanometer = {{ {} }}", steps.join(", ")),
    );
    let err = refused_quickly(&text);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("bean[7].beanometer = "), "{err}");
    assert!(err.ends_with("…: must list at most 4 entries"), "{err}");
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    let depth = 100_000;
    let text = format!("a = {}{}\n", "[".repeat(depth), "]".repeat(depth));
    refused_quickly(&text);
    let text = format!(
        "a = {}1{}\n",
        "{b=".repeat(depth / 2),
        "}".repeat(depth / 2)
    );
    refused_quickly(&text);
}

#[test]
fn every_bean_kind_and_player_count_at_the_limits_still_loads() {
    let mut text = base().split("[[player_count]]").next().unwrap().to_string();
    text.push_str("[[player_count]]\nplayers = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nbean_fields = 2\n");
    for k in 0..255u32 {
        let letter = char::from_u32(0x100 + k).unwrap();
        write!(text, "\n[[bean]]\nname = \"Bean {k}\"\nletter = \"{letter}\"\ncards = 4\nbeanometer = {{ 1 = 1, 2 = 2, 3 = 3, 4 = 4 }}\n").unwrap();
    }
    let r = rulesets::parse("wide.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.beans.len(), 255);
    assert!(text.len() < MAX_RULESET_BYTES / 4);
}

/// The slowest dice ruleset found: 482 harvest cards, each order four alternatives of five
/// slots (`5 Soy | 5 Red | …`), its text shared with the benchmark that times it
/// (`benches/dice.rs`). Refused without a stall, with the first problems said and the rest
/// counted.
#[test]
fn a_dice_ruleset_of_hard_orders_is_refused_quickly_with_a_short_list_of_problems() {
    let text = hard_dice_ruleset::hard_dice_ruleset();
    assert!(text.len() < 256 * 1024, "{}", text.len());
    let started = Instant::now();
    let err = bohnanza::dice::DiceRuleset::from_toml_str(&text).expect_err("refused");
    let took = started.elapsed();
    assert!(err.problems.len() > 400, "{err}");
    // A stall guard, not a speed figure (the loader is linear; a search per order took minutes).
    assert!(took < Duration::from_secs(10), "took {took:?}");
    let said = err.to_string();
    assert_eq!(said.lines().count(), 21, "{said}");
    let more = err.problems.len() - 20;
    assert!(said.ends_with(&format!("and {more} more")), "{said}");
    assert!(said.len() < 4096, "{} bytes", said.len());
}

/// A dice ruleset whose name would retitle the terminal is refused: the name is a word.
#[test]
fn a_dice_ruleset_name_is_a_word() {
    let standard = std::fs::read_to_string("rulesets/dice.toml").unwrap();
    let text = standard.replace("name = \"dice\"", "name = \"\\u001b]0;pwned\\u0007\"");
    assert_ne!(text, standard);
    let err = bohnanza::dice::DiceRuleset::from_toml_str(&text).expect_err("refused");
    let said = err.to_string();
    assert!(said.contains("name: a ruleset name may only use"), "{said}");
    assert!(!said.contains('\u{1b}'), "{said:?}");
}

/// `--ruleset` and `simulate --ruleset` with a broken dice ruleset say what is wrong with it
/// as a dice ruleset, not as a card ruleset.
#[test]
fn a_broken_dice_ruleset_file_is_refused_with_the_dice_problem() {
    let dir = tempfile::tempdir().unwrap();
    let standard = std::fs::read_to_string("rulesets/dice.toml").unwrap();
    let file = dir.path().join("broken.toml");
    std::fs::write(&file, standard.replace("goal = 10", "goal = 1000")).unwrap();
    let file = file.to_str().unwrap();
    for args in [
        vec!["--ruleset", file],
        vec!["--ruleset", file, "--players", "2"],
        vec!["simulate", "--ruleset", file, "--games", "1"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .args(&args)
            .env("BOHNANZA_DATA_DIR", dir.path())
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains("the goal runs from 1 to 100 bean dollars, not 1000"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("is not a key here"), "{args:?}: {err}");
    }
}
