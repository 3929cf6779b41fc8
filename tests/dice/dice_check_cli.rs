//! `bohnanza check` on dice rulesets: the built-in file, a copy with one order changed, and a
//! file the loader refuses.

use std::process::Output;

use crate::support::cli::bohnanza;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn check_describes_the_built_in_dice_ruleset() {
    let out = bohnanza(&["check", "rulesets/dice.toml"]);
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected_start = "dice (Bohnanza — The Dice Game): the dice game, first to 10 bean dollars, 2, 3, 4, 5 players\n  a harvest: 3 orders pay 1, 4 orders pay 2, 5 orders pay 3\n  die 0 (darker): Blue, Garden, Stink, Stink, Soy, Soy\n";
    assert!(text.starts_with(expected_start), "{text}");
    assert!(
        text.contains(
            "  die 4 (lighter): Stink, Red, Blue, Blue, Green, Green\n  55 harvest cards\n"
        ),
        "{text}"
    );
    assert!(text.contains("  bottom orders: Bohnus "), "{text}");
    assert!(text.contains("  top orders: Bohnus "), "{text}");
    assert_eq!(text.lines().count(), 10, "{text}");
}

/// An author's copy with card 1's top order made harder still: it passes, and the summary
/// shows the new hardest top order (two Garden and a Red: 1/36 × 91/216 = 91/7776).
#[test]
fn check_passes_a_copy_with_one_order_changed() {
    let built_in = std::fs::read_to_string("rulesets/dice.toml").unwrap();
    let changed = built_in.replacen(
        r#""Stink, Soy, Garden/Soy, Stink/Soy"]"#,
        r#""2 Garden, Red"]"#,
        1,
    );
    assert_ne!(changed, built_in, "card 1's top order was not found");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my-dice.toml");
    std::fs::write(&path, &changed).unwrap();
    let out = bohnanza(&["check", path.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("  top orders: Bohnus 1.17% to "), "{text}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        changed,
        "check wrote the file"
    );
}

#[test]
fn check_names_the_impossible_alternative_and_fails() {
    let file = "tests/invalid_dice_rulesets/impossible_alternative.toml";
    let out = bohnanza(&["check", file]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let expected = std::fs::read_to_string(file.replace(".toml", ".expected")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), expected);
}

/// A dice ruleset that is not TOML, or has a key no dice ruleset has, is refused on one line
/// naming the file, the line and the key, as a card ruleset's would be: not the TOML
/// reader's own report over several lines.
#[test]
fn check_says_a_dice_syntax_error_or_unknown_key_on_one_line() {
    for name in ["not_toml", "unknown_key", "unknown_die_key"] {
        let file = format!("tests/invalid_dice_rulesets/{name}.toml");
        let out = bohnanza(&["check", &file]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        let said = String::from_utf8_lossy(&out.stderr);
        let expected = std::fs::read_to_string(file.replace(".toml", ".expected")).unwrap();
        assert_eq!(said, expected, "{file}");
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(said.starts_with(&format!("{file}:")), "{said}");
    }
}
