//! The dice ruleset as written in TOML, and the checks that turn it into a [`DiceRuleset`].

use serde::{Deserialize, Serialize};

use super::bean::Bean;
use super::bohnus::{Bohnus, Chances, RollTable};
use super::die::{DICE, Die, Shade};
use super::harvest_card::{HarvestCard, ORDERS_PER_CARD};
use super::order::{Alternative, Order};
use super::order_text::{OrderText, parse_order};
use super::ruleset::{DiceRuleset, Payout};
use super::ruleset_error::{DiceRulesetError, DiceRulesetProblem as P, LocatedDiceProblem};
use super::seam::Dice;
use crate::game::Described;

/// The largest ruleset file read; the built-in one is under 10 kB.
pub const MAX_RULESET_BYTES: usize = 256 * 1024;

/// The most harvest cards a ruleset may hold.
pub const MAX_CARDS: usize = 1000;

/// The most players any dice ruleset may allow.
pub const MAX_PLAYERS: usize = 8;

/// The highest goal a ruleset may set.
pub const MAX_GOAL: u32 = 100;

/// The file's keys, one to one.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceRulesetFile {
    pub name: String,
    pub title: String,
    pub goal: u32,
    pub players: Vec<usize>,
    pub die: Vec<DieFile>,
    pub harvest: Vec<Payout>,
    /// Each card's orders, bottom (easiest) first.
    pub cards: Vec<Vec<String>>,
}

/// One `[[die]]` table.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieFile {
    pub shade: Shade,
    pub faces: Vec<String>,
}

/// Collects every problem with its place, so an author sees them all at once.
#[derive(Default)]
struct Problems(Vec<LocatedDiceProblem>);

impl Problems {
    fn add(&mut self, at: impl Into<String>, problem: P) {
        self.0.push(LocatedDiceProblem {
            line: None,
            at: at.into(),
            problem,
        });
    }
}

/// What the TOML reader refused, said on one line: its line, the key there (placed in its
/// `[[die]]` table), and the reader's reason, or for a key the file may not have, the keys it
/// may. The reader's own report quotes the file over several lines; an author wants the
/// card rulesets' one-line form.
pub(super) fn syntax_problem(text: &str, e: &toml::de::Error) -> LocatedDiceProblem {
    let message = e.message().trim();
    let unknown = message.starts_with("unknown field");
    // A span from the very start is the whole text (a key missing at the top level), unless
    // it is the unknown key itself.
    let span = e.span().filter(|span| span.start > 0 || unknown);
    let line = span
        .as_ref()
        .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
    let named: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let mut at = line.and_then(|l| key_at(text, l)).unwrap_or_default();
    let problem = match named.split_first() {
        Some((field, allowed)) if unknown => {
            // In an inline table (`harvest = [{ orders = 3, … }]`) the line's key holds it.
            if !at.is_empty() && !at.ends_with(field) {
                at = format!("{at}.{field}");
            }
            P::UnknownKey {
                allowed: allowed.join(", "),
            }
        }
        _ => P::Syntax(message.lines().collect::<Vec<_>>().join("; ")),
    };
    LocatedDiceProblem { line, at, problem }
}

/// The key written on line `line` (1-based), placed in the table it stands in (`die[2].colour`:
/// the third `[[die]]`, counted from 0); `None` when the line holds no plain `key =`.
fn key_at(text: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let (key, _) = lines.get(line.checked_sub(1)?)?.split_once('=')?;
    let key = key.trim();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let headers: Vec<&str> = lines[..line - 1]
        .iter()
        .map(|l| l.split('#').next().unwrap_or_default().trim())
        .filter(|l| l.starts_with('['))
        .collect();
    let Some(&last) = headers.last() else {
        return Some(key.to_string());
    };
    let table = last.trim_matches(['[', ']']).trim();
    if last.starts_with("[[") {
        let index = headers.iter().filter(|h| **h == last).count() - 1;
        Some(format!("{table}[{index}].{key}"))
    } else {
        Some(format!("{table}.{key}"))
    }
}

impl TryFrom<DiceRulesetFile> for DiceRuleset {
    type Error = DiceRulesetError;

    fn try_from(file: DiceRulesetFile) -> Result<DiceRuleset, DiceRulesetError> {
        let mut problems = Problems::default();
        if !is_name(&file.name) {
            problems.add("name", P::BadName);
        }
        let player_counts = check_players(&file.players, &mut problems);
        if !(1..=MAX_GOAL).contains(&file.goal) {
            let goal = file.goal;
            problems.add(
                "goal",
                P::GoalOutOfRange {
                    goal,
                    max: MAX_GOAL,
                },
            );
        }
        let payouts = check_payouts(&file.harvest, &mut problems);
        let dice = check_dice(&file.die, &mut problems);
        let cards = match &dice {
            Some(dice) => check_cards(&file.cards, dice, &mut problems),
            None => Vec::new(),
        };
        if let Some(&most) = player_counts.last() {
            // Two cards each, then a harvest may need two dollars and a new bottom card; the
            // dollar cards go back into the deck when it runs out, so this is always enough.
            // Counted in the file: a card refused for its own problem is not also too few.
            let needed = 2 * most + 3;
            if file.cards.len() < needed && dice.is_some() {
                let (players, have) = (most, file.cards.len());
                problems.add(
                    "cards",
                    P::TooFewCards {
                        players,
                        needed,
                        have,
                    },
                );
            }
        }
        match dice {
            Some(dice) if problems.0.is_empty() => Ok(DiceRuleset {
                name: file.name,
                title: file.title,
                goal: file.goal,
                player_counts,
                dice,
                cards,
                payouts,
            }),
            _ => Err(DiceRulesetError {
                problems: problems.0,
            }),
        }
    }
}

/// Whether `name` may name a ruleset: 1 to 32 lower-case letters, digits and '-', as a
/// card ruleset's name (it is printed by `simulate` and `ladder`, and shown on the table).
fn is_name(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn check_players(players: &[usize], problems: &mut Problems) -> Vec<usize> {
    if players.is_empty() {
        problems.add("players", P::NoPlayerCounts);
    }
    let mut counts = Vec::new();
    for &count in players.iter().take(MAX_PLAYERS + 1) {
        if !(2..=MAX_PLAYERS).contains(&count) {
            problems.add(
                "players",
                P::PlayerCountOutOfRange {
                    count,
                    max: MAX_PLAYERS,
                },
            );
        } else if counts.contains(&count) {
            problems.add("players", P::DuplicatePlayerCount(count));
        } else {
            counts.push(count);
        }
    }
    counts.sort_unstable();
    counts
}

fn check_payouts(harvest: &[Payout], problems: &mut Problems) -> Vec<Payout> {
    if harvest.is_empty() {
        problems.add("harvest", P::NoPayouts);
    }
    let mut payouts: Vec<Payout> = Vec::new();
    for (i, p) in harvest.iter().enumerate().take(ORDERS_PER_CARD + 1) {
        let at = format!("harvest[{i}]");
        if !(1..=ORDERS_PER_CARD).contains(&p.orders) {
            problems.add(at, P::PayoutOrdersOutOfRange(p.orders));
        } else if !(1..=3).contains(&p.dollars) {
            problems.add(at, P::PayoutDollarsOutOfRange(p.dollars));
        } else if payouts.iter().any(|q| q.orders == p.orders) {
            problems.add(at, P::DuplicatePayout(p.orders));
        } else {
            payouts.push(*p);
        }
    }
    payouts.sort_by_key(|p| p.orders);
    for pair in payouts.windows(2) {
        if pair[1].dollars <= pair[0].dollars {
            let (orders, fewer) = (pair[1].orders, pair[0].orders);
            problems.add("harvest", P::PayoutsDoNotRise { orders, fewer });
        }
    }
    payouts
}

fn check_dice(dice: &[DieFile], problems: &mut Problems) -> Option<[Die; DICE]> {
    if dice.len() != DICE {
        problems.add("die", P::WrongDiceCount(dice.len()));
        return None;
    }
    let mut checked = Vec::with_capacity(DICE);
    for (i, die) in dice.iter().enumerate() {
        let at = format!("die[{i}]");
        if die.faces.len() != 6 {
            problems.add(at, P::WrongFaceCount(die.faces.len()));
            continue;
        }
        let faces: Result<Vec<Bean>, &String> = die
            .faces
            .iter()
            .map(|f| Bean::from_name(f).ok_or(f))
            .collect();
        let faces = match faces {
            Ok(faces) => faces,
            Err(bad) => {
                problems.add(at, P::UnknownBean(bad.clone()));
                continue;
            }
        };
        checked.push(Die {
            shade: die.shade,
            faces: faces.try_into().ok()?,
        });
    }
    checked.try_into().ok()
}

fn check_cards(
    cards: &[Vec<String>],
    dice: &[Die; DICE],
    problems: &mut Problems,
) -> Vec<HarvestCard> {
    if cards.len() > MAX_CARDS {
        problems.add("cards", P::TooManyCards(MAX_CARDS));
        return Vec::new();
    }
    let table = RollTable::new(dice);
    let mut checked = Vec::with_capacity(cards.len());
    for (c, card) in cards.iter().enumerate() {
        let at = format!("cards[{c}]");
        if card.len() != ORDERS_PER_CARD {
            problems.add(at, P::WrongOrderCount(card.len()));
            continue;
        }
        let orders: Vec<Option<Order>> = card
            .iter()
            .enumerate()
            .map(|(o, text)| check_order(text, &table, &format!("{at}[{o}]"), problems))
            .collect();
        let Some(orders) = orders.into_iter().collect::<Option<Vec<Order>>>() else {
            continue;
        };
        for (o, pair) in orders.windows(2).enumerate() {
            if pair[1].bohnus >= pair[0].bohnus {
                let (this, below) = (pair[1].bohnus, pair[0].bohnus);
                problems.add(format!("{at}[{}]", o + 1), P::NotHarder { this, below });
            }
        }
        if let Ok(orders) = orders.try_into() {
            checked.push(HarvestCard { orders });
        }
    }
    checked
}

fn check_order(text: &str, table: &RollTable, at: &str, problems: &mut Problems) -> Option<Order> {
    match parse_order(text) {
        Err(e) => {
            problems.add(at, P::OrderText(e));
            None
        }
        Ok(needs) => {
            let chances = table.chances(&needs);
            if chances.order.hits == 0 {
                problems.add(at, P::ImpossibleOrder);
                return None;
            }
            let impossible = impossible_alternatives(&needs, &chances);
            for (number, text) in &impossible {
                let (number, text) = (*number, text.clone());
                problems.add(at, P::ImpossibleAlternative { number, text });
            }
            let bohnus = chances.order;
            impossible.is_empty().then_some(Order { needs, bohnus })
        }
    }
}

/// The alternatives (numbered from 1, with their text) that no roll of the dice fulfils, as
/// `chances` counted them.
fn impossible_alternatives(needs: &[Alternative], chances: &Chances) -> Vec<(usize, String)> {
    needs
        .iter()
        .zip(&chances.alternatives)
        .enumerate()
        .filter(|(_, (_, chance))| chance.hits == 0)
        .map(|(i, (alternative, _))| {
            let text = OrderText(std::slice::from_ref(alternative)).to_string();
            (i + 1, text)
        })
        .collect()
}

impl From<DiceRuleset> for DiceRulesetFile {
    fn from(ruleset: DiceRuleset) -> DiceRulesetFile {
        DiceRulesetFile {
            name: ruleset.name,
            title: ruleset.title,
            goal: ruleset.goal,
            players: ruleset.player_counts,
            die: ruleset
                .dice
                .iter()
                .map(|d| DieFile {
                    shade: d.shade,
                    faces: d.faces.iter().map(|b| b.name().to_string()).collect(),
                })
                .collect(),
            harvest: ruleset.payouts,
            cards: ruleset
                .cards
                .iter()
                .map(|c| {
                    c.orders
                        .iter()
                        .map(|o| OrderText(&o.needs).to_string())
                        .collect()
                })
                .collect(),
        }
    }
}

impl Described for Dice {
    /// The goal and who plays, what a harvest pays, each die's faces, and how hard the
    /// bottom and top orders of the harvest cards are.
    fn describe(r: &DiceRuleset) -> String {
        let players: Vec<String> = r.player_counts.iter().map(|n| n.to_string()).collect();
        let mut s = format!(
            "{} ({}): the dice game, first to {} bean dollars, {} players\n",
            r.name,
            r.title,
            r.goal,
            players.join(", ")
        );
        let pays: Vec<String> = r
            .payouts
            .iter()
            .map(|p| format!("{} orders pay {}", p.orders, p.dollars))
            .collect();
        s.push_str(&format!("  a harvest: {}\n", pays.join(", ")));
        for (i, die) in r.dice.iter().enumerate() {
            let shade = match die.shade {
                Shade::Darker => "darker",
                Shade::Lighter => "lighter",
            };
            let faces: Vec<&str> = die.faces.iter().map(|b| b.name()).collect();
            s.push_str(&format!("  die {i} ({shade}): {}\n", faces.join(", ")));
        }
        s.push_str(&format!("  {} harvest cards\n", r.cards.len()));
        for (order, place) in [(0, "bottom"), (ORDERS_PER_CARD - 1, "top")] {
            let (low, high) = bohnus_range(r, order);
            s.push_str(&format!(
                "  {place} orders: Bohnus {:.2}% to {:.2}%\n",
                low.percent(),
                high.percent()
            ));
        }
        s
    }
}

/// The smallest and largest Bohnus of the `order`th order (0 = the bottom) over all cards; a
/// checked ruleset has at least one card.
fn bohnus_range(r: &DiceRuleset, order: usize) -> (Bohnus, Bohnus) {
    let figures = r.cards.iter().map(|c| c.orders[order].bohnus);
    let low = figures.clone().min().unwrap_or(Bohnus { hits: 0 });
    let high = figures.max().unwrap_or(Bohnus { hits: 0 });
    (low, high)
}
