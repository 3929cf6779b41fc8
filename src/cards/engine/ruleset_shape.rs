//! A ruleset's shape, checked before its meaning: the text is bounded before it is parsed,
//! lists are bounded before anything is built from them, and a value of the wrong type is
//! reported under its key with what the key allows, not in the TOML reader's words.

use std::ops::Range;

use toml_edit::TableLike;

use super::ruleset_error::RulesetProblem;
use super::ruleset_file::{Path, Step};
use crate::text::excerpt;

/// The largest ruleset text read, in bytes. The biggest valid ruleset (255 bean kinds, ten
/// player counts, a long order deck) needs a tenth of it; anything larger is refused before
/// it is parsed, so a hostile file costs neither time nor memory.
pub const MAX_RULESET_BYTES: usize = 256 * 1024;

/// The most bean kinds a ruleset has (a kind is one byte in the engine).
pub const MAX_BEAN_KINDS: usize = 255;

/// The most players a table seats. The engine keeps per-seat counts in arrays this long, so
/// a ruleset cannot name a larger table.
pub const MAX_PLAYERS: usize = 10;

/// The most bean fields a player starts with. With a third field gained or bought a player
/// has at most this many or three, whichever is more: the engine holds a player's fields
/// inline, in an array this long.
pub const MAX_BEAN_FIELDS: usize = 5;

/// The most order cards an order deck holds.
pub const MAX_ORDER_CARDS: usize = 1000;

/// The most characters of a value quoted in a message.
pub const MAX_QUOTED_CHARS: usize = 40;

/// How long each list in a ruleset may be: (where, the most entries). Player counts run from
/// 1 to 10, so no list of them (or of tables for them) needs more than ten entries.
fn list_bounds<'t>(table: &'t toml::Table) -> Vec<(Path, &'t toml::Value, usize)> {
    use Step::{Index, Key};

    let mut lists = Vec::new();
    let mut add = |path: Path, value: Option<&'t toml::Value>, max: usize| {
        if let Some(value) = value {
            lists.push((path, value, max));
        }
    };
    add(vec![Key("bean")], table.get("bean"), MAX_BEAN_KINDS);
    add(vec![Key("player_count")], table.get("player_count"), 10);
    add(vec![Key("cards_dealt")], table.get("cards_dealt"), 10);
    let orders = table
        .get("order_cards")
        .and_then(|o| o.as_table())
        .and_then(|o| o.get("orders"));
    add(
        vec![Key("order_cards"), Key("orders")],
        orders,
        MAX_ORDER_CARDS,
    );
    let entries = |key| {
        table
            .get(key)
            .and_then(toml::Value::as_array)
            .into_iter()
            .flatten()
            .take(MAX_BEAN_KINDS)
            .enumerate()
            .filter_map(|(i, v)| v.as_table().map(|t| (i, t)))
    };
    for (i, entry) in entries("player_count") {
        let at = |k| vec![Key("player_count"), Index(i), Key(k)];
        add(at("players"), entry.get("players"), 10);
        add(
            at("removed_beans"),
            entry.get("removed_beans"),
            MAX_BEAN_KINDS,
        );
        add(at("cards_dealt"), entry.get("cards_dealt"), 10);
    }
    for (i, bean) in entries("bean") {
        let beanometer = vec![Key("bean"), Index(i), Key("beanometer")];
        add(beanometer, bean.get("beanometer"), 4);
    }
    lists
}

/// Every list in `table` longer than a ruleset can use, before anything is built from it.
pub fn oversized_lists(table: &toml::Table) -> Vec<(Path, RulesetProblem)> {
    list_bounds(table)
        .into_iter()
        .filter_map(|(path, value, max)| {
            let len = match value {
                toml::Value::Array(a) => a.len(),
                toml::Value::Table(t) => t.len(),
                _ => return None,
            };
            (len > max).then(|| {
                let problem = if path.len() == 1 && matches!(path[0], Step::Key("bean")) {
                    RulesetProblem::TooManyBeans
                } else {
                    RulesetProblem::TooManyEntries(max)
                };
                (path, problem)
            })
        })
        .collect()
}

/// What a TOML reader's type error means for the file's author: the key's path in the text
/// it read, and the problem said in the file's terms.
pub fn type_error(text: &str, e: &toml::de::Error) -> (Path, RulesetProblem) {
    let doc = toml_edit::Document::parse(text).ok();
    let mut path = match (e.span(), &doc) {
        (Some(span), Some(doc)) => path_at(doc.as_item(), span.start),
        _ => Vec::new(),
    };
    let message = e.message().trim();
    let problem = if let Some(field) = between(message, "missing field `", "`") {
        path.push(Step::Entry(field.to_string()));
        RulesetProblem::MissingKey
    } else if let Some(field) = between(message, "unknown field `", "`") {
        if !matches!(path.last(), Some(Step::Entry(k)) if k == field) {
            path.push(Step::Entry(field.to_string()));
        }
        let allowed = message
            .split_once("expected one of ")
            .map_or("none here".to_string(), |(_, a)| a.replace('`', ""));
        let suggestion = closest(field, allowed.split(", ")).map(str::to_string);
        RulesetProblem::UnknownKey {
            allowed,
            suggestion,
        }
    } else if let Some((found, expected)) = unexpected(message) {
        RulesetProblem::WrongType {
            expected: allowed_shape(expected),
            found: found_value(found),
        }
    } else if message.starts_with("data did not match any variant") {
        // An untagged enum cannot say what it wanted; read such a key by hand, as `Deal` is.
        RulesetProblem::NoShapeMatches
    } else {
        RulesetProblem::Syntax(message.to_string())
    };
    (path, problem)
}

/// What a value may be at each key of a ruleset: (the table it sits in, `""` at the top; the
/// key; the value in words), for a value the TOML reader cannot read at all.
const KEYS: &[(&str, &str, &str)] = &[
    ("", "extends", "the name of a built-in ruleset, in quotes"),
    (
        "",
        "name",
        "text in quotes: lower-case letters, digits and '-'",
    ),
    ("", "title", "text in quotes"),
    ("", "summary", "text in quotes"),
    ("", "cards_dealt", "a number of cards, or a list per seat"),
    ("", "max_planted_from_hand", WHOLE),
    ("", "cards_turned_over", WHOLE),
    ("", "cards_drawn", WHOLE),
    ("", "phase_4_draws", "\"active_player\" or \"every_player\""),
    ("", "game_ends_when_draw_pile_runs_out", WHOLE),
    (
        "",
        "bean_protection_rule",
        "\"off\", \"while_another_field_has_more\" or \"unless_all_fields_hold_one\"",
    ),
    (
        "",
        "tie_break",
        "\"furthest_from_starting_player\", \"most_cards_in_hand\" or \"shared\"",
    ),
    ("", "phase_2", "\"trade\" or \"plant_and_offer\""),
    ("", "turned_over_pulls_matching_discards", BOOLEAN),
    ("", "discards_after_planting", WHOLE),
    ("", "harvest_only_on_own_turn", BOOLEAN),
    ("", "open_hands", BOOLEAN),
    ("", "automatic_harvest", BOOLEAN),
    ("", "harvest_needs_a_coin", BOOLEAN),
    ("", "mixed_patches", BOOLEAN),
    ("", "plant_received_cards_at_once", BOOLEAN),
    ("", "coins_from", "\"harvested_cards\" or \"coin_pile\""),
    (
        "",
        "final_harvest",
        "\"all\", \"fields_that_pay\" or \"none\"",
    ),
    ("", "max_offers_per_turn", "a number of offers, or \"none\""),
    (
        "",
        "player_count",
        "tables: a [[player_count]] for each group of player counts",
    ),
    ("", "bean", "tables: a [[bean]] for each bean kind"),
    ("", "order_cards", "a table: [order_cards] with its orders"),
    (
        "player_count",
        "players",
        "a list of player counts, such as [4, 5]",
    ),
    ("player_count", "bean_fields", WHOLE),
    (
        "player_count",
        "removed_beans",
        "a list of bean names in quotes",
    ),
    (
        "player_count",
        "cards_dealt",
        "a number of cards, or a list per seat",
    ),
    ("player_count", "cards_drawn", WHOLE),
    ("player_count", "game_ends_when_draw_pile_runs_out", WHOLE),
    ("player_count", "third_field_price", WHOLE),
    ("bean", "name", "text in quotes"),
    ("bean", "letter", "one character in quotes"),
    ("bean", "cards", WHOLE),
    (
        "bean",
        "beanometer",
        "a table of coins to cards, such as { 1 = 4, 2 = 6, 3 = 8, 4 = 10 }",
    ),
    ("bean", "gives_third_field_at", WHOLE),
    (
        "order_cards",
        "orders",
        "a list of order cards in quotes, such as [\"3/4\"]",
    ),
];

const WHOLE: &str = "a whole number, 0 or more";
const BOOLEAN: &str = "true or false";

/// What a value at `key` of `table` (`""` at the top) may be, if the key is known there.
pub fn expected_at(table: &str, key: &str) -> Option<&'static str> {
    KEYS.iter()
        .find(|(t, k, _)| *t == table && *k == key)
        .map(|(_, _, e)| *e)
}

/// The keys `table` (`""` at the top) has, in the documented order.
pub fn keys_of(table: &str) -> impl Iterator<Item = &'static str> + '_ {
    KEYS.iter()
        .filter(move |(t, _, _)| *t == table)
        .map(|(_, k, _)| *k)
}

/// The candidate a mistyped `word` most likely meant: the nearest by edits (letters added,
/// dropped or changed), if within a third of its length, or one it begins or ends.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (edits(&word, c), c))
        .filter(|&(d, c)| {
            d <= limit || (word.len() >= 4 && (c.starts_with(&word) || c.ends_with(&word)))
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// The edit distance between two words (Levenshtein).
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The text between `start` and the next `end` in `message`, when it begins with `start`.
fn between<'a>(message: &'a str, start: &str, end: &str) -> Option<&'a str> {
    message.strip_prefix(start)?.split(end).next()
}

/// Serde's "invalid type: FOUND, expected EXPECTED" (or "invalid value"), split.
fn unexpected(message: &str) -> Option<(&str, &str)> {
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))?;
    rest.rsplit_once(", expected ")
}

/// What a key allows, in words, from the name serde gives the type it wanted.
fn allowed_shape(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".to_string(),
        "a string" | "a borrowed string" => "text in quotes".to_string(),
        "a boolean" => "true or false".to_string(),
        "a sequence" => "a list in brackets".to_string(),
        "a map" => "a table".to_string(),
        e if e.starts_with("struct ") => "a table".to_string(),
        e => e.to_string(),
    }
}

/// The value found, in words, from serde's description of it; a long text is cut short.
fn found_value(found: &str) -> String {
    let inner = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|v| v.trim_matches('`').to_string())
    };
    if let Some(text) = found.strip_prefix("string ") {
        return format!("the text {}", excerpt(text, MAX_QUOTED_CHARS));
    }
    if let Some(n) = inner("integer ").or_else(|| inner("floating point ")) {
        return format!("the number {}", excerpt(&n, MAX_QUOTED_CHARS));
    }
    match found {
        "sequence" => "a list".to_string(),
        "map" => "a table".to_string(),
        f => match inner("boolean ") {
            Some(b) => b,
            None => excerpt(f, MAX_QUOTED_CHARS),
        },
    }
}

/// A TOML value in the same words as [`found_value`], for keys checked by hand.
pub fn found_toml(value: &toml::Value) -> String {
    match value {
        toml::Value::String(text) => format!(
            "the text {}",
            excerpt(&format!("{text:?}"), MAX_QUOTED_CHARS)
        ),
        toml::Value::Integer(_) | toml::Value::Float(_) => {
            format!(
                "the number {}",
                excerpt(&value.to_string(), MAX_QUOTED_CHARS)
            )
        }
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Array(_) => "a list".to_string(),
        toml::Value::Table(_) => "a table".to_string(),
        toml::Value::Datetime(d) => format!("the date {d}"),
    }
}

/// The path of the deepest key whose key or value holds byte `offset`.
pub fn path_at(root: &toml_edit::Item, offset: usize) -> Path {
    let mut path = Vec::new();
    if let Some(table) = root.as_table_like() {
        path_in_table(table, offset, &mut path);
    }
    path
}

fn holds(span: Option<Range<usize>>, offset: usize) -> bool {
    span.is_some_and(|s| s.contains(&offset))
}

fn path_in_table(table: &dyn TableLike, offset: usize, path: &mut Path) -> bool {
    for (key, item) in table.iter() {
        path.push(Step::Entry(key.to_string()));
        let on_key = holds(table.key(key).and_then(toml_edit::Key::span), offset);
        if on_key || path_in_item(item, offset, path) {
            return true;
        }
        path.pop();
    }
    false
}

fn path_in_item(item: &toml_edit::Item, offset: usize, path: &mut Path) -> bool {
    match item {
        toml_edit::Item::Value(v) => path_in_value(v, offset, path),
        // Keys inside first: the deepest key holding the offset is the one meant.
        toml_edit::Item::Table(t) => path_in_table(t, offset, path) || holds(t.span(), offset),
        toml_edit::Item::ArrayOfTables(tables) => {
            for (i, t) in tables.iter().enumerate() {
                path.push(Step::Index(i));
                if path_in_table(t, offset, path) || holds(t.span(), offset) {
                    return true;
                }
                path.pop();
            }
            false
        }
        toml_edit::Item::None => false,
    }
}

fn path_in_value(value: &toml_edit::Value, offset: usize, path: &mut Path) -> bool {
    if !holds(value.span(), offset) {
        return false;
    }
    match value {
        toml_edit::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                if path_in_value(item, offset, path) {
                    return true;
                }
                path.pop();
            }
        }
        toml_edit::Value::InlineTable(t) => {
            path_in_table(t, offset, path);
        }
        _ => {}
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path_of(text: &str, needle: &str) -> String {
        let doc = toml_edit::Document::parse(text).unwrap();
        let offset = text.find(needle).unwrap();
        format!("{:?}", path_at(doc.as_item(), offset))
    }

    #[test]
    fn the_path_at_an_offset_is_the_deepest_key_holding_it() {
        let text = "x = 1\n[[t]]\ny = 2\n[[t]]\na = { b = [1, { c = 99 }] }\n";
        assert_eq!(
            path_of(text, "99"),
            r#"[Entry("t"), Index(1), Entry("a"), Entry("b"), Index(1), Entry("c")]"#
        );
        assert_eq!(path_of(text, "y"), r#"[Entry("t"), Index(0), Entry("y")]"#);
        assert_eq!(path_of(text, "x"), r#"[Entry("x")]"#);
    }

    #[test]
    fn a_mistyped_key_finds_the_one_meant() {
        let top = || keys_of("");
        assert_eq!(
            closest("cards_turned_ovr", top()),
            Some("cards_turned_over")
        );
        assert_eq!(closest("cards_delt", top()), Some("cards_dealt"));
        assert_eq!(closest("tiebreak", top()), Some("tie_break"));
        assert_eq!(closest("flavour", keys_of("bean")), None);
        assert_eq!(edits("kitten", "sitting"), 3);
        assert_eq!(
            expected_at("", "cards_dealt"),
            Some("a number of cards, or a list per seat")
        );
        assert_eq!(expected_at("bean", "cards_dealt"), None);
    }

    #[test]
    fn values_found_are_said_in_words_and_cut_short() {
        assert_eq!(found_value("string \"five\""), "the text \"five\"");
        assert_eq!(found_value("integer `-3`"), "the number -3");
        assert_eq!(found_value("boolean `true`"), "true");
        assert_eq!(found_value("sequence"), "a list");
        let long = format!("string \"{}\"", "a".repeat(100));
        assert!(found_value(&long).ends_with('…'));
    }
}
