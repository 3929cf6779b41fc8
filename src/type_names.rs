//! One type name, one meaning, checked from the crate's own source: two types declared
//! with the same name at the top of their files (say a game's `Outcome` and a replay
//! viewer's) make a reader stop and look up which one a file means. A new type that reuses
//! a name fails here, naming both places.

use std::collections::BTreeMap;
use std::fs;

use super::layers::{sources, src_dir};

/// Names each game declares for itself, in its own folder (`bots/` and `dice/bots/`,
/// `engine/` and `dice/`), for the same idea in each game's own types: the card game's and
/// the dice game's greedy and random bot, and each ruleset file's list of problems. No file
/// uses both games' one.
const EACH_GAME_ITS_OWN: &[&str] = &["GreedyBot", "RandomBot", "Problems"];

/// The type names `text` declares at the top level of its file, with their line numbers
/// (from 1): structs, enums, unions, traits and type aliases, of any visibility, and names
/// re-exported under another name (`pub use a::B as C`; a file's own shorthand,
/// `use TableCommand as C`, is not a name others read). An alias of the generic of the same
/// name (`type Table = game::Table<Cards>`) is the same meaning, and is left out.
fn declared(text: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = declared_on(line) {
            found.push((name, i + 1));
        }
    }
    found
}

/// The type name `line` declares, if it is a top-level declaration (see [`declared`]).
fn declared_on(line: &str) -> Option<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let public = line.starts_with("pub");
    let rest = match line.strip_prefix("pub") {
        Some(after) if after.starts_with('(') => after.split_once(") ")?.1,
        Some(after) => after.strip_prefix(' ')?,
        None => line,
    };
    if let Some(used) = rest.strip_prefix("use ") {
        let (_, alias) = used.split_once(" as ").filter(|_| public)?;
        let name = ident(alias);
        return (name != "_" && !name.is_empty()).then_some(name);
    }
    let (kind, after) = rest.split_once(' ')?;
    if !["struct", "enum", "union", "trait", "type"].contains(&kind) {
        return None;
    }
    let name = ident(after);
    if kind == "type" {
        let target = after.split_once('=').map_or("", |(_, t)| t.trim());
        let head = target.split('<').next().unwrap_or("");
        if head.rsplit("::").next() == Some(name.as_str()) {
            return None;
        }
    }
    name.starts_with(|c: char| c.is_ascii_uppercase())
        .then_some(name)
}

#[test]
fn no_two_types_share_a_name() {
    let src = src_dir();
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in sources(&src) {
        let text = fs::read_to_string(&path).expect("a source file is readable");
        let shown = path.strip_prefix(&src).expect("under src/").display();
        for (name, line) in declared(&text) {
            places
                .entry(name)
                .or_default()
                .push(format!("src/{shown}:{line}"));
        }
    }
    assert!(places.contains_key("GameState") && places.contains_key("DiceTable"));
    let shared: Vec<String> = places
        .iter()
        .filter(|(name, at)| at.len() > 1 && !EACH_GAME_ITS_OWN.contains(&name.as_str()))
        .map(|(name, at)| format!("`{name}` at {}", at.join(", ")))
        .collect();
    assert!(
        shared.is_empty(),
        "type names that mean more than one thing (rename the narrower one so each name \
         explains itself): {}",
        shared.join("; ")
    );
}

#[test]
fn declarations_are_read_at_the_top_level_only() {
    let text = "pub struct Seat {\n    x: u8,\n}\npub(crate) enum Pick<T> {}\n\
                trait Shown: Sized {}\npub use crate::cards::bots::SeatKind as Kind;\n\
                use Command as C;\npub type Table = crate::game::Table<Cards>;\n\
                type Key = (usize, u8);\n    struct Local;\nimpl Seat {}\n\
                pub(super) type Step<'a> = &'a [u8];\n";
    let names: Vec<(String, usize)> = declared(text);
    let want = [
        ("Seat", 1),
        ("Pick", 4),
        ("Shown", 5),
        ("Kind", 6),
        ("Key", 9),
        ("Step", 12),
    ];
    let want: Vec<(String, usize)> = want.iter().map(|&(n, l)| (n.to_string(), l)).collect();
    assert_eq!(names, want);
}
