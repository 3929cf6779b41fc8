//! Reading a ruleset from TOML text: the plain, unchecked data, and its validation into a
//! [`Ruleset`]. Every problem is collected with the key path where it was found, then
//! located in the text so the author sees the file, the line and the value as written.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::sync::Arc;

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Unexpected, Visitor};

use super::bean::{BeanInfo, BeanKind};
use super::beanometer::Beanometer;
use super::order::OrderCard;
use super::ruleset::{
    BeanProtection, CoinSource, DrawRule, FinalHarvest, Ruleset, TableRules, TieBreak,
    TurnedOverRule,
};
use super::ruleset_error::{LocatedProblem, RulesetError, RulesetProblem};
use super::ruleset_shape::{
    MAX_BEAN_FIELDS, MAX_BEAN_KINDS, MAX_PLAYERS, MAX_QUOTED_CHARS, MAX_RULESET_BYTES, closest,
    expected_at, found_toml, keys_of, oversized_lists, type_error,
};
use super::seam::Cards;
use crate::game::Described;
use crate::text::{excerpt, sanitize};

/// A ruleset as written: nothing checked yet beyond the TOML types.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RulesetFile {
    name: String,
    title: String,
    summary: String,
    cards_dealt: Deal,
    max_planted_from_hand: u64,
    cards_turned_over: u64,
    cards_drawn: u64,
    #[serde(default = "active_player")]
    phase_4_draws: String,
    game_ends_when_draw_pile_runs_out: u64,
    bean_protection_rule: String,
    tie_break: String,
    #[serde(default = "trade")]
    phase_2: String,
    #[serde(default)]
    turned_over_pulls_matching_discards: bool,
    #[serde(default)]
    discards_after_planting: u64,
    #[serde(default)]
    harvest_only_on_own_turn: bool,
    #[serde(default)]
    open_hands: bool,
    #[serde(default)]
    automatic_harvest: bool,
    #[serde(default)]
    harvest_needs_a_coin: bool,
    #[serde(default)]
    mixed_patches: bool,
    #[serde(default)]
    plant_received_cards_at_once: bool,
    #[serde(default = "harvested_cards")]
    coins_from: String,
    #[serde(default = "all")]
    final_harvest: String,
    #[serde(default)]
    max_offers_per_turn: Option<OfferCap>,
    player_count: Vec<PlayerCountFile>,
    bean: Vec<BeanFile>,
    order_cards: Option<OrderCardsFile>,
}

/// The order deck: each card written "a/b".
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct OrderCardsFile {
    orders: Vec<String>,
}

fn active_player() -> String {
    "active_player".to_string()
}

fn trade() -> String {
    "trade".to_string()
}

fn harvested_cards() -> String {
    "harvested_cards".to_string()
}

fn all() -> String {
    "all".to_string()
}

/// Cards dealt: one number for everyone, or a list by seat from the starting player.
#[derive(Debug, Clone)]
enum Deal {
    Everyone(u64),
    BySeat(Vec<u64>),
}

/// Read by hand rather than as an untagged enum, so a wrong value is told what the key
/// allows (an untagged enum only says that no shape matched).
impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct DealVisitor;

        impl<'de> Visitor<'de> for DealVisitor {
            type Value = Deal;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number of cards, or a list per seat")
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Deal, E> {
                Ok(Deal::Everyone(n))
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Deal, E> {
                u64::try_from(n)
                    .map(Deal::Everyone)
                    .map_err(|_| E::invalid_value(Unexpected::Signed(n), &self))
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Deal, A::Error> {
                let mut seats = Vec::new();
                while let Some(n) = seq.next_element()? {
                    seats.push(n);
                }
                Ok(Deal::BySeat(seats))
            }
        }

        deserializer.deserialize_any(DealVisitor)
    }
}

/// The cap on each player's offers in a turn: a number, or the text "none" for no cap.
#[derive(Debug)]
enum OfferCap {
    Count(u64),
    Text(String),
}

/// Read by hand for the same reason as [`Deal`]: a wrong value is told what the key allows.
impl<'de> Deserialize<'de> for OfferCap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct OfferCapVisitor;

        impl Visitor<'_> for OfferCapVisitor {
            type Value = OfferCap;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number of offers, or \"none\"")
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<OfferCap, E> {
                Ok(OfferCap::Count(n))
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<OfferCap, E> {
                u64::try_from(n)
                    .map(OfferCap::Count)
                    .map_err(|_| E::invalid_value(Unexpected::Signed(n), &self))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<OfferCap, E> {
                Ok(OfferCap::Text(text.to_string()))
            }
        }

        deserializer.deserialize_any(OfferCapVisitor)
    }
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct PlayerCountFile {
    players: Vec<u64>,
    bean_fields: u64,
    #[serde(default)]
    removed_beans: Vec<String>,
    cards_dealt: Option<Deal>,
    cards_drawn: Option<u64>,
    game_ends_when_draw_pile_runs_out: Option<u64>,
    third_field_price: Option<u64>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct BeanFile {
    name: String,
    letter: String,
    cards: u64,
    /// Coins (as a key, "1" to "4") to the cards needed for them.
    beanometer: BTreeMap<String, u64>,
    gives_third_field_at: Option<u64>,
}

/// One step of a key path: a table key or a position in an array.
#[derive(Clone, Debug)]
pub(super) enum Step {
    Key(&'static str),
    Index(usize),
    Entry(String),
}

pub(super) type Path = Vec<Step>;

fn path(steps: &[Step]) -> Path {
    steps.to_vec()
}

fn show_path(p: &[Step]) -> String {
    let mut s = String::new();
    for step in p {
        match step {
            Step::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Step::Entry(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Step::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// Collects problems while validating, each with the path of the key it concerns.
#[derive(Default)]
struct Problems(Vec<(Path, RulesetProblem)>);

impl Problems {
    fn add(&mut self, at: Path, problem: RulesetProblem) {
        self.0.push((at, problem));
    }

    fn range(&mut self, at: Path, value: u64, min: u64, max: u64) -> usize {
        if value < min {
            self.add(at, RulesetProblem::TooSmall(min));
        } else if value > max {
            self.add(at, RulesetProblem::TooLarge(max));
        }
        value.clamp(min, max) as usize
    }

    /// [`Problems::range`] for a key at the top of the file.
    fn key_range(&mut self, key: &'static str, value: u64, min: u64, max: u64) -> usize {
        self.range(path(&[Step::Key(key)]), value, min, max)
    }
}

/// How deep `extends` may chain, so a cycle ends with a message instead of a hang.
const MAX_EXTENDS: usize = 16;

impl Ruleset {
    /// Reads and validates a ruleset from TOML text. `source_name` names the file in messages.
    /// A ruleset that `extends` another is refused here; see [`Ruleset::from_toml_extending`].
    pub fn from_toml(source_name: &str, text: &str) -> Result<Ruleset, RulesetError> {
        Self::from_toml_extending(source_name, text, |_| None)
    }

    /// Reads and validates a ruleset that may build on another: `extends = "NAME"` takes every
    /// key of the ruleset `parent(NAME)` returns (its TOML text), and this file's keys replace
    /// them (tables are merged key by key; arrays, such as the list of beans, are replaced).
    pub fn from_toml_extending(
        source_name: &str,
        text: &str,
        parent: impl Fn(&str) -> Option<String>,
    ) -> Result<Ruleset, RulesetError> {
        let error = |problem: LocatedProblem| RulesetError {
            source_name: source_name.to_string(),
            problems: vec![problem],
        };
        let located = |problems| RulesetError {
            source_name: source_name.to_string(),
            problems: locate(text, problems),
        };
        if text.len() > MAX_RULESET_BYTES {
            return Err(error(LocatedProblem {
                line: None,
                key: String::new(),
                value: None,
                problem: RulesetProblem::FileTooLarge {
                    size: text.len(),
                    max: MAX_RULESET_BYTES,
                },
            }));
        }
        let mut table: toml::Table =
            toml::from_str(text).map_err(|e| error(syntax_problem(text, &e)))?;
        let extends = table.contains_key("extends");
        if extends {
            table = merge_parents(table, text, &parent).map_err(error)?;
        }
        let oversized = oversized_lists(&table);
        if !oversized.is_empty() {
            return Err(located(oversized));
        }
        // An extending ruleset's keys come from two texts: its merged table is written out
        // and read from there, and a type error is then found by its key in this file.
        let merged_text;
        let read_from = if extends {
            merged_text = toml::to_string(&table).unwrap_or_default();
            merged_text.as_str()
        } else {
            text
        };
        let file: RulesetFile =
            toml::from_str(read_from).map_err(|e| located(vec![type_error(read_from, &e)]))?;
        let mut problems = Problems::default();
        let ruleset = check(file, &mut problems);
        if problems.0.is_empty() {
            Ok(ruleset)
        } else {
            Err(RulesetError {
                source_name: source_name.to_string(),
                problems: locate(text, problems.0),
            })
        }
    }
}

/// The ruleset `table` extends, with `table`'s keys laid over it, as deep as `extends` chains.
fn merge_parents(
    mut table: toml::Table,
    text: &str,
    parent: &impl Fn(&str) -> Option<String>,
) -> Result<toml::Table, LocatedProblem> {
    let mut depth = 0;
    let line = text
        .lines()
        .position(|l| l.trim_start().starts_with("extends"))
        .map(|l| l + 1);
    while let Some(extends) = table.remove("extends") {
        let Some(name) = extends.as_str().map(str::to_string) else {
            return Err(LocatedProblem {
                line,
                key: "extends".to_string(),
                value: None,
                problem: RulesetProblem::WrongType {
                    expected: "the name of a built-in ruleset, in quotes".to_string(),
                    found: found_toml(&extends),
                },
            });
        };
        depth += 1;
        let base = parent(&name).and_then(|t| toml::from_str::<toml::Table>(&t).ok());
        let Some(base) = base.filter(|_| depth <= MAX_EXTENDS) else {
            return Err(LocatedProblem {
                line,
                key: "extends".to_string(),
                value: Some(excerpt(&format!("{name:?}"), MAX_QUOTED_CHARS)),
                problem: if depth > MAX_EXTENDS {
                    RulesetProblem::ExtendsTooDeep(MAX_EXTENDS)
                } else {
                    RulesetProblem::UnknownParent(excerpt(&name, MAX_QUOTED_CHARS))
                },
            });
        };
        table = merge(base, table);
    }
    Ok(table)
}

/// `over`'s keys replace `base`'s; tables present in both are merged key by key.
fn merge(mut base: toml::Table, over: toml::Table) -> toml::Table {
    for (key, value) in over {
        let merged = match (base.remove(&key), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => toml::Value::Table(merge(b, o)),
            (_, v) => v,
        };
        base.insert(key, merged);
    }
    base
}

/// A problem for text that is not TOML. Nothing of the text is quoted: it may not be a
/// ruleset at all (any file a path names), so only the line and the reader's reason are shown.
/// A span at the very start is the whole document (a key missing at the top level).
fn syntax_problem(text: &str, e: &toml::de::Error) -> LocatedProblem {
    let line = e
        .span()
        .filter(|span| span.start > 0)
        .map(|span| line_of(text, span.start));
    if let Some(problem) = line.and_then(|l| unreadable_value(text, l)) {
        return problem;
    }
    LocatedProblem {
        line,
        key: String::new(),
        value: None,
        problem: RulesetProblem::Syntax(e.message().trim().to_string()),
    }
}

/// Line `line` as `key = value` the reader could not read, when the key is one a ruleset has
/// where it stands (or close to one): its path, the value as written and what the key takes.
/// A line of anything else is left to the reader's own words: the file may be no ruleset.
fn unreadable_value(text: &str, line: usize) -> Option<LocatedProblem> {
    let lines: Vec<&str> = text.lines().collect();
    let (key, value) = lines.get(line.checked_sub(1)?)?.split_once('=')?;
    let key = key.trim();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let (table, index) = table_above(&lines[..line - 1]);
    let value = value.split(" #").next().unwrap_or_default().trim();
    let problem = match expected_at(&table, key) {
        Some(expected) => RulesetProblem::NotAValue {
            key: key.to_string(),
            expected: expected.to_string(),
            bare: value.starts_with(|c: char| c.is_alphabetic()),
        },
        None => {
            let allowed: Vec<&str> = keys_of(&table).filter(|k| *k != "extends").collect();
            let suggestion = closest(key, allowed.iter().copied())?;
            RulesetProblem::UnknownKey {
                allowed: allowed.join(", "),
                suggestion: Some(suggestion.to_string()),
            }
        }
    };
    let mut at = table.clone();
    if let Some(i) = index {
        at = show_path(&[Step::Entry(at), Step::Index(i)]);
    }
    Some(LocatedProblem {
        line: Some(line),
        key: if at.is_empty() {
            key.to_string()
        } else {
            format!("{at}.{key}")
        },
        value: Some(excerpt(value, MAX_QUOTED_CHARS)),
        problem,
    })
}

/// The table the line after `lines` sits in: the last `[table]` or `[[table]]` header above
/// it (`""` for none), and for an array of tables which entry (counted from 0).
fn table_above(lines: &[&str]) -> (String, Option<usize>) {
    let header = |l: &&str| l.trim_start().starts_with('[');
    let Some(last) = lines.iter().rposition(header) else {
        return (String::new(), None);
    };
    let text = lines[last].trim();
    let text = text.split(" #").next().unwrap_or(text).trim();
    if let Some(name) = text.strip_prefix("[[").and_then(|t| t.strip_suffix("]]")) {
        let name = name.trim();
        let count = lines[..last]
            .iter()
            .filter(|l| {
                let t = l.trim();
                t.strip_prefix("[[")
                    .and_then(|t| t.split("]]").next())
                    .is_some_and(|t| t.trim() == name)
            })
            .count();
        return (name.to_string(), Some(count));
    }
    let name = text.trim_start_matches('[').trim_end_matches(']').trim();
    (name.to_string(), None)
}

fn line_of(text: &str, offset: usize) -> usize {
    LineStarts::of(text).line_of(offset)
}

/// Where each line of a text starts, so that finding the line of many offsets stays linear.
struct LineStarts(Vec<usize>);

impl LineStarts {
    fn of(text: &str) -> Self {
        let breaks = text.match_indices('\n').map(|(i, _)| i + 1);
        LineStarts(std::iter::once(0).chain(breaks).collect())
    }

    /// The 1-based line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&start| start <= offset)
    }
}

fn check(file: RulesetFile, problems: &mut Problems) -> Ruleset {
    check_name(&file, problems);
    let beans = check_beans(&file.bean, problems);
    let dealt = check_deal(
        path(&[Step::Key("cards_dealt")]),
        &file.cards_dealt,
        problems,
    );
    let choices = Choices::check(&file, problems);
    let defaults = TableDefaults {
        dealt,
        drawn: problems.key_range("cards_drawn", file.cards_drawn, 0, 10),
        runs_out: problems.key_range(
            "game_ends_when_draw_pile_runs_out",
            file.game_ends_when_draw_pile_runs_out,
            1,
            10,
        ),
    };
    let tables = check_tables(&file.player_count, &beans, &defaults, problems);
    let order_cards = check_order_cards(file.order_cards.as_ref(), problems);
    let max_planted_from_hand =
        problems.key_range("max_planted_from_hand", file.max_planted_from_hand, 1, 10);
    let cards_turned_over = problems.key_range("cards_turned_over", file.cards_turned_over, 1, 10);
    let discards_after_planting = problems.key_range(
        "discards_after_planting",
        file.discards_after_planting,
        0,
        10,
    );
    let max_offers_per_turn = check_offer_cap(file.max_offers_per_turn.as_ref(), problems);
    Ruleset {
        order_cards,
        name: file.name,
        title: sanitize(&file.title).into_owned(),
        summary: sanitize(&file.summary).into_owned(),
        beans,
        max_planted_from_hand,
        cards_turned_over,
        bean_protection_rule: choices.bean_protection_rule,
        phase_4_draws: choices.phase_4_draws,
        phase_2: choices.phase_2,
        turned_over_pulls_matching_discards: file.turned_over_pulls_matching_discards,
        discards_after_planting,
        harvest_only_on_own_turn: file.harvest_only_on_own_turn,
        open_hands: file.open_hands,
        automatic_harvest: file.automatic_harvest,
        harvest_needs_a_coin: file.harvest_needs_a_coin,
        mixed_patches: file.mixed_patches,
        plant_received_cards_at_once: file.plant_received_cards_at_once,
        coins_from: choices.coins_from,
        final_harvest: choices.final_harvest,
        tie_break: choices.tie_break,
        max_offers_per_turn,
        tables,
    }
}

/// The ruleset's short name (lowercase letters, digits and dashes) and its title.
fn check_name(file: &RulesetFile, problems: &mut Problems) {
    let fits = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    if file.name.is_empty() || !file.name.chars().all(fits) {
        problems.add(path(&[Step::Key("name")]), RulesetProblem::BadName);
    }
    if file.title.trim().is_empty() {
        problems.add(path(&[Step::Key("title")]), RulesetProblem::Empty);
    }
}

/// What a `[[player_count]]` table deals, draws and ends on when it does not say: the
/// ruleset's own values.
struct TableDefaults {
    dealt: Vec<usize>,
    drawn: usize,
    runs_out: usize,
}

/// The rules given by name in the file, each read from the names it allows.
struct Choices {
    tie_break: TieBreak,
    phase_4_draws: DrawRule,
    phase_2: TurnedOverRule,
    coins_from: CoinSource,
    final_harvest: FinalHarvest,
    bean_protection_rule: BeanProtection,
}

/// The names each choice allows, the base game's rule first (taken when the name is not
/// one of them).
const TIE_BREAKS: &[(&str, TieBreak)] = &[
    (
        "furthest_from_starting_player",
        TieBreak::FurthestFromStartingPlayer,
    ),
    ("most_cards_in_hand", TieBreak::MostCardsInHand),
    ("shared", TieBreak::Shared),
];
const DRAW_RULES: &[(&str, DrawRule)] = &[
    ("active_player", DrawRule::ActivePlayer),
    ("every_player", DrawRule::EveryPlayer),
];
const PHASE_2_RULES: &[(&str, TurnedOverRule)] = &[
    ("trade", TurnedOverRule::Trade),
    ("plant_and_offer", TurnedOverRule::PlantAndOffer),
];
const COIN_SOURCES: &[(&str, CoinSource)] = &[
    ("harvested_cards", CoinSource::HarvestedCards),
    ("coin_pile", CoinSource::CoinPile),
];
const FINAL_HARVESTS: &[(&str, FinalHarvest)] = &[
    ("all", FinalHarvest::All),
    ("fields_that_pay", FinalHarvest::FieldsThatPay),
    ("none", FinalHarvest::None),
];
const PROTECTION_RULES: &[(&str, BeanProtection)] = &[
    ("off", BeanProtection::Off),
    (
        "while_another_field_has_more",
        BeanProtection::WhileAnotherFieldHasMore,
    ),
    (
        "unless_all_fields_hold_one",
        BeanProtection::UnlessAllFieldsHoldOne,
    ),
];

impl Choices {
    fn check(file: &RulesetFile, problems: &mut Problems) -> Choices {
        use RulesetProblem as P;
        Choices {
            tie_break: one_of(
                problems,
                "tie_break",
                &file.tie_break,
                TIE_BREAKS,
                P::UnknownTieBreak,
            ),
            phase_4_draws: one_of(
                problems,
                "phase_4_draws",
                &file.phase_4_draws,
                DRAW_RULES,
                P::UnknownDrawRule,
            ),
            phase_2: one_of(
                problems,
                "phase_2",
                &file.phase_2,
                PHASE_2_RULES,
                P::UnknownPhase2,
            ),
            coins_from: one_of(
                problems,
                "coins_from",
                &file.coins_from,
                COIN_SOURCES,
                P::UnknownCoinSource,
            ),
            final_harvest: one_of(
                problems,
                "final_harvest",
                &file.final_harvest,
                FINAL_HARVESTS,
                P::UnknownFinalHarvest,
            ),
            bean_protection_rule: one_of(
                problems,
                "bean_protection_rule",
                &file.bean_protection_rule,
                PROTECTION_RULES,
                P::UnknownProtectionRule,
            ),
        }
    }
}

/// The `[[player_count]]` tables, by player count: each table's own values, else the
/// ruleset's, checked against the deck it deals from.
fn check_tables(
    entries: &[PlayerCountFile],
    beans: &[BeanInfo],
    defaults: &TableDefaults,
    problems: &mut Problems,
) -> Vec<Option<Arc<TableRules>>> {
    let mut tables: Vec<Option<Arc<TableRules>>> = Vec::new();
    if entries.is_empty() {
        let at = path(&[Step::Key("player_count")]);
        problems.add(at, RulesetProblem::NoPlayerCounts);
    }
    for (i, entry) in entries.iter().enumerate() {
        let at = |k: &'static str| path(&[Step::Key("player_count"), Step::Index(i), Step::Key(k)]);
        let table = check_table(entry, &at, beans, defaults, problems);
        if entry.players.is_empty() {
            problems.add(at("players"), RulesetProblem::Empty);
        }
        for &n in &entry.players {
            if !(1..=MAX_PLAYERS as u64).contains(&n) {
                problems.add(at("players"), RulesetProblem::PlayerCountOutOfRange);
                continue;
            }
            let n = n as usize;
            if tables.len() <= n {
                tables.resize(n + 1, None);
            }
            if tables[n].is_some() {
                problems.add(at("players"), RulesetProblem::DuplicatePlayerCount(n));
            }
            check_deck_suffices(&table, n, beans, at("players"), problems);
            tables[n] = Some(Arc::new(table.clone()));
        }
    }
    tables
}

/// One `[[player_count]]` table's rules, `at` giving the path of each of its keys.
fn check_table(
    entry: &PlayerCountFile,
    at: &dyn Fn(&'static str) -> Path,
    beans: &[BeanInfo],
    defaults: &TableDefaults,
    problems: &mut Problems,
) -> TableRules {
    let bean_fields = problems.range(
        at("bean_fields"),
        entry.bean_fields,
        1,
        MAX_BEAN_FIELDS as u64,
    );
    let mut removed = Vec::new();
    for name in &entry.removed_beans {
        match beans.iter().position(|b| b.name.eq_ignore_ascii_case(name)) {
            Some(k) => removed.push(BeanKind::new(k)),
            None => problems.add(
                at("removed_beans"),
                RulesetProblem::UnknownBean(name.clone()),
            ),
        }
    }
    if !beans.is_empty() && removed.len() >= beans.len() {
        problems.add(at("removed_beans"), RulesetProblem::EverythingRemoved);
    }
    let third_field_price = entry.third_field_price.map(|v| {
        if bean_fields >= 3 {
            problems.add(at("third_field_price"), RulesetProblem::ThirdFieldOwned);
        }
        problems.range(at("third_field_price"), v, 0, 20) as u32
    });
    TableRules {
        bean_fields,
        removed_beans: removed,
        deal: match &entry.cards_dealt {
            Some(d) => check_deal(at("cards_dealt"), d, problems),
            None => defaults.dealt.clone(),
        },
        third_field_price,
        cards_drawn: entry.cards_drawn.map_or(defaults.drawn, |v| {
            problems.range(at("cards_drawn"), v, 0, 10)
        }),
        game_ends_when_draw_pile_runs_out: entry
            .game_ends_when_draw_pile_runs_out
            .map_or(defaults.runs_out, |v| {
                problems.range(at("game_ends_when_draw_pile_runs_out"), v, 1, 10)
            }) as u32,
    }
}

/// Refuses a deal to `n` players that needs more cards than the deck left by the table's
/// removed beans.
fn check_deck_suffices(
    table: &TableRules,
    n: usize,
    beans: &[BeanInfo],
    at: Path,
    problems: &mut Problems,
) {
    let available: usize = beans
        .iter()
        .enumerate()
        .filter(|(k, _)| !table.removed_beans.contains(&BeanKind::new(*k)))
        .map(|(_, b)| usize::from(b.count))
        .sum();
    let needed: usize = (0..n).map(|seat| table.dealt_to(seat)).sum();
    if !beans.is_empty() && needed > available {
        let problem = RulesetProblem::DealExceedsDeck {
            players: n,
            dealt: table.deal_description(),
            needed,
            available,
        };
        problems.add(at, problem);
    }
}

/// The order cards' texts, each read as an order.
fn check_order_cards(file: Option<&OrderCardsFile>, problems: &mut Problems) -> Vec<OrderCard> {
    use Step::{Index, Key};
    let mut order_cards = Vec::new();
    let Some(orders) = file else {
        return order_cards;
    };
    if orders.orders.is_empty() {
        problems.add(
            path(&[Key("order_cards"), Key("orders")]),
            RulesetProblem::Empty,
        );
    }
    for (i, text) in orders.orders.iter().enumerate() {
        match text.parse() {
            Ok(o) => order_cards.push(o),
            Err(_) => problems.add(
                path(&[Key("order_cards"), Key("orders"), Index(i)]),
                RulesetProblem::BadOrderCard(text.clone()),
            ),
        }
    }
    order_cards
}

/// The value a text key names, from the table of the names it allows; a name outside the
/// table is a problem reported under the key, and the table's first (the rulebook's rule)
/// stands in for it.
fn one_of<T: Copy>(
    problems: &mut Problems,
    key: &'static str,
    text: &str,
    allowed: &[(&str, T)],
    problem: RulesetProblem,
) -> T {
    match allowed.iter().find(|(name, _)| *name == text) {
        Some(&(_, v)) => v,
        None => {
            problems.add(path(&[Step::Key(key)]), problem);
            allowed[0].1
        }
    }
}

/// The offer cap: left out or "none" sets no cap.
fn check_offer_cap(cap: Option<&OfferCap>, problems: &mut Problems) -> Option<u32> {
    let at = path(&[Step::Key("max_offers_per_turn")]);
    match cap? {
        OfferCap::Count(n) => Some(problems.range(at, *n, 0, 1000) as u32),
        OfferCap::Text(t) if t == "none" => None,
        OfferCap::Text(_) => {
            problems.add(at, RulesetProblem::BadOfferCap);
            None
        }
    }
}

fn check_deal(at: Path, deal: &Deal, problems: &mut Problems) -> Vec<usize> {
    match deal {
        Deal::Everyone(n) => vec![problems.range(at, *n, 0, 40)],
        Deal::BySeat(seats) if seats.is_empty() => {
            problems.add(at, RulesetProblem::Empty);
            vec![0]
        }
        Deal::BySeat(seats) => seats
            .iter()
            .map(|&n| problems.range(at.clone(), n, 0, 40))
            .collect(),
    }
}

/// The `[[bean]]` tables: names and letters unique, card counts and beanometers sound.
fn check_beans(beans: &[BeanFile], problems: &mut Problems) -> Vec<BeanInfo> {
    use Step::{Index, Key};

    if beans.is_empty() {
        problems.add(path(&[Key("bean")]), RulesetProblem::NoBeans);
    }
    if beans.len() > MAX_BEAN_KINDS {
        problems.add(path(&[Key("bean")]), RulesetProblem::TooManyBeans);
    }
    let mut checked: Vec<BeanInfo> = Vec::new();
    for (i, bean) in beans.iter().take(MAX_BEAN_KINDS).enumerate() {
        let at = |k: &'static str| path(&[Key("bean"), Index(i), Key(k)]);
        // Bean names are shown on the table and in messages: made safe where they enter.
        let name = sanitize(&bean.name).into_owned();
        if name.trim().is_empty() {
            problems.add(at("name"), RulesetProblem::Empty);
        } else if checked.iter().any(|b| b.name.eq_ignore_ascii_case(&name)) {
            problems.add(at("name"), RulesetProblem::DuplicateBean(name.clone()));
        }
        let mut letters = bean.letter.chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(c), None) => {
                if checked.iter().any(|b| b.letter == c) {
                    problems.add(at("letter"), RulesetProblem::DuplicateLetter(c));
                }
                c
            }
            _ => {
                problems.add(at("letter"), RulesetProblem::NotOneLetter);
                '?'
            }
        };
        let count = problems.range(at("cards"), bean.cards, 1, 1000) as u16;
        let steps = check_beanometer(i, bean, problems);
        let gives_third_field_at = bean
            .gives_third_field_at
            .map(|n| problems.range(at("gives_third_field_at"), n, 1, 255) as u32);
        if bean.beanometer.is_empty() && gives_third_field_at.is_none() {
            problems.add(at("beanometer"), RulesetProblem::EmptyBeanometer);
        }
        checked.push(BeanInfo {
            name,
            letter,
            count,
            beanometer: Beanometer::from_steps(steps),
            gives_third_field_at,
        });
    }
    checked
}

/// The `i`th bean's beanometer: steps keyed by coins 1 to 4, each needing at least as many
/// cards as coins and more than the step below.
fn check_beanometer(
    i: usize,
    bean: &BeanFile,
    problems: &mut Problems,
) -> [Option<u8>; Beanometer::MAX_COINS] {
    use Step::{Entry, Index, Key};
    let at = |key: &String| path(&[Key("bean"), Index(i), Key("beanometer"), Entry(key.clone())]);
    let mut by_coins: Vec<(usize, u64, &String)> = Vec::new();
    for (key, &cards) in &bean.beanometer {
        match key.parse::<usize>() {
            Ok(c) if (1..=Beanometer::MAX_COINS).contains(&c) => by_coins.push((c, cards, key)),
            _ => problems.add(at(key), RulesetProblem::BadCoinStep),
        }
    }
    by_coins.sort();
    let mut steps = [None; Beanometer::MAX_COINS];
    let mut previous: Option<(usize, u64)> = None;
    for (coins, cards, key) in by_coins {
        if cards < coins as u64 {
            problems.add(at(key), RulesetProblem::StepBelowCoins { coins });
        }
        if let Some((prev_coins, prev_cards)) = previous
            && cards <= prev_cards
        {
            let problem = RulesetProblem::BeanometerDoesNotRise {
                coins,
                previous: prev_coins,
            };
            problems.add(at(key), problem);
        }
        if cards > 255 {
            problems.add(at(key), RulesetProblem::TooLarge(255));
        }
        steps[coins - 1] = Some(cards.min(255) as u8);
        previous = Some((coins, cards));
    }
    steps
}

/// Finds each problem's key in the text, for its line and the value as written (cut short).
/// A problem found twice at one key is reported once.
fn locate(text: &str, problems: Vec<(Path, RulesetProblem)>) -> Vec<LocatedProblem> {
    let doc = toml_edit::Document::parse(text).ok();
    let lines = LineStarts::of(text);
    let mut seen = HashSet::new();
    let mut located: Vec<LocatedProblem> = problems
        .into_iter()
        .map(|(p, problem)| {
            let span = doc.as_ref().and_then(|d| span_of(d.as_item(), &p));
            // A wrong type says what it found itself; a missing key has no value.
            let quoted = !matches!(
                problem,
                RulesetProblem::WrongType { .. } | RulesetProblem::MissingKey
            );
            LocatedProblem {
                line: span.clone().map(|s| lines.line_of(s.start)),
                key: show_path(&p),
                // A value over several lines (a table, a long list) is not quoted.
                value: span
                    .filter(|_| quoted)
                    .and_then(|s| text.get(s))
                    .map(str::trim)
                    .filter(|v| !v.contains('\n'))
                    .map(|v| excerpt(v, MAX_QUOTED_CHARS)),
                problem,
            }
        })
        .filter(|p| seen.insert((p.key.clone(), p.problem.clone())))
        .collect();
    located.sort_by_key(|p| p.line);
    located
}

fn span_of(root: &toml_edit::Item, p: &[Step]) -> Option<std::ops::Range<usize>> {
    use toml_edit::TableLike;

    /// Where the walk stands: arrays of tables hand out `Table`s, inline arrays `Value`s.
    enum Node<'a> {
        Item(&'a toml_edit::Item),
        Table(&'a toml_edit::Table),
        Value(&'a toml_edit::Value),
    }

    fn table_like<'a>(node: &Node<'a>) -> Option<&'a dyn TableLike> {
        match *node {
            Node::Item(i) => i.as_table_like(),
            Node::Table(t) => Some(t),
            Node::Value(v) => v.as_inline_table().map(|t| t as &dyn TableLike),
        }
    }

    let mut node = Node::Item(root);
    let mut span = None;
    for step in p {
        let next = match step {
            Step::Key(k) => table_like(&node).and_then(|t| t.get(k)).map(Node::Item),
            Step::Entry(k) => table_like(&node).and_then(|t| t.get(k)).map(Node::Item),
            Step::Index(i) => match node {
                Node::Item(item) => match item {
                    toml_edit::Item::ArrayOfTables(a) => a.get(*i).map(Node::Table),
                    toml_edit::Item::Value(toml_edit::Value::Array(a)) => {
                        a.get(*i).map(Node::Value)
                    }
                    _ => None,
                },
                Node::Value(toml_edit::Value::Array(a)) => a.get(*i).map(Node::Value),
                _ => None,
            },
        };
        let Some(next) = next else { break };
        let here = match &next {
            Node::Item(i) => i.span(),
            Node::Table(t) => t.span(),
            Node::Value(v) => v.span(),
        };
        span = here.or(span);
        node = next;
    }
    span
}

impl Described for Cards {
    /// The name line, then a line per player count (fields, deck, deal, draw, end), the
    /// order cards and a line per bean kind with its beanometer.
    fn describe(r: &Ruleset) -> String {
        let mut s = format!("{} ({}): {}\n", r.name, r.title, r.summary);
        for n in r.player_counts() {
            if let Some(t) = r.table(n) {
                s.push_str(&table_line(r, n, t));
            }
        }
        if !r.order_cards.is_empty() {
            s.push_str(&format!("  {} order cards\n", r.order_cards.len()));
        }
        for b in &r.beans {
            s.push_str(&bean_line(b));
        }
        s
    }
}

/// What `n` players play with, in one line of `check`'s summary.
fn table_line(r: &Ruleset, n: usize, t: &TableRules) -> String {
    let deck: u32 = r.deck_counts(n).iter().map(|&c| u32::from(c)).sum();
    let draw = match r.phase_4_draws {
        DrawRule::ActivePlayer => format!("draw {}", t.cards_drawn),
        DrawRule::EveryPlayer => format!("every player draws {}", t.cards_drawn),
    };
    let third = t
        .third_field_price
        .map(|p| format!(", a third field costs {p}"))
        .unwrap_or_default();
    format!(
        "  {n} players: {} bean fields, {deck} cards, deal {}, {draw}{third}, ends when the draw pile runs out {} times\n",
        t.bean_fields,
        t.deal_description(),
        t.game_ends_when_draw_pile_runs_out
    )
}

/// A bean kind and its beanometer, in one line of `check`'s summary.
fn bean_line(b: &BeanInfo) -> String {
    let steps: Vec<String> = b
        .beanometer
        .steps()
        .iter()
        .map(|s| s.map_or("-".to_string(), |n| n.to_string()))
        .collect();
    let field = b
        .gives_third_field_at
        .map(|n| format!(", {n} harvested give a third field"))
        .unwrap_or_default();
    format!(
        "  {:<12} {} {:>3} cards, beanometer {}{field}\n",
        b.name,
        b.letter,
        b.count,
        steps.join(" ")
    )
}
