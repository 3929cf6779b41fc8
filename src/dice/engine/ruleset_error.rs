//! What can be wrong with a dice ruleset, said so that its author can find and fix it.

use std::fmt;

use super::bohnus::Bohnus;
use super::order_text::OrderTextError;

/// One thing wrong with a dice ruleset.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DiceRulesetProblem {
    /// The text is not TOML, a key is unknown, or a value has the wrong type.
    #[error("{0}")]
    Syntax(String),
    /// A key the dice ruleset does not have where it stands, worded as the card rulesets
    /// word theirs, with the keys it may hold there.
    #[error("is not a key here; the keys here are {allowed}")]
    UnknownKey { allowed: String },
    #[error("a ruleset file is at most {0} bytes")]
    TooLarge(usize),
    /// The name is shown and saved: it is a short word, as the card rulesets' are.
    #[error("a ruleset name may only use lower-case letters, digits and '-' (at most 32)")]
    BadName,
    #[error("the game needs exactly 5 dice, not {0}")]
    WrongDiceCount(usize),
    #[error("a die has exactly 6 faces, not {0}")]
    WrongFaceCount(usize),
    #[error("{0:?} is not a bean on the dice (Garden, Green, Red, Stink, Soy or Blue)")]
    UnknownBean(String),
    #[error("the ruleset lists no player counts")]
    NoPlayerCounts,
    #[error("player counts run from 2 to {max}, not {count}")]
    PlayerCountOutOfRange { count: usize, max: usize },
    #[error("{0} players are listed twice")]
    DuplicatePlayerCount(usize),
    #[error("the goal runs from 1 to {max} bean dollars, not {goal}")]
    GoalOutOfRange { goal: u32, max: u32 },
    #[error("the ruleset says no harvest pays: list what 3, 4 and 5 covered orders earn")]
    NoPayouts,
    #[error("a harvest needs 1 to 5 covered orders, not {0}")]
    PayoutOrdersOutOfRange(usize),
    #[error("{0} covered orders are listed twice")]
    DuplicatePayout(usize),
    #[error("a harvest pays 1 to 3 bean dollars, not {0}")]
    PayoutDollarsOutOfRange(u32),
    #[error("more covered orders must pay more: {orders} orders pay no more than {fewer}")]
    PayoutsDoNotRise { orders: usize, fewer: usize },
    #[error("a harvest card has exactly 5 orders, not {0}")]
    WrongOrderCount(usize),
    #[error("{0}")]
    OrderText(OrderTextError),
    #[error("no roll of the five dice can fulfil this order")]
    ImpossibleOrder,
    /// One alternative of an order that others make possible: it could never be chosen, so
    /// the card promises a way to fulfil it that does not exist.
    #[error(
        "no roll of the five dice can fulfil alternative {number} of this order, \"{text}\": write one the dice can show, or remove it"
    )]
    ImpossibleAlternative { number: usize, text: String },
    #[error(
        "orders must get harder from the bottom of the card up: this one's Bohnus is {:.2}%, the one below it only {:.2}%",
        .this.percent(),
        .below.percent()
    )]
    NotHarder { this: Bohnus, below: Bohnus },
    #[error("{players} players need at least {needed} harvest cards, but the ruleset has {have}")]
    TooFewCards {
        players: usize,
        needed: usize,
        have: usize,
    },
    #[error("a ruleset has at most {0} harvest cards")]
    TooManyCards(usize),
}

/// A problem and where in the file it is, such as `cards[11][2]` (counted from 0, bottom
/// order first).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LocatedDiceProblem {
    /// The 1-based line, where the reader knows it (a syntax error or an unknown key).
    pub line: Option<usize>,
    pub at: String,
    pub problem: DiceRulesetProblem,
}

/// Every problem found in a dice ruleset; never empty.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DiceRulesetError {
    pub problems: Vec<LocatedDiceProblem>,
}

impl DiceRulesetError {
    pub(crate) fn one(at: &str, problem: DiceRulesetProblem) -> Self {
        DiceRulesetError {
            problems: vec![LocatedDiceProblem {
                line: None,
                at: at.to_string(),
                problem,
            }],
        }
    }
}

impl LocatedDiceProblem {
    /// The problem after its line and place, as `9: gaol: …` or `cards[1][4]: …`.
    fn placed(&self) -> String {
        let mut text = String::new();
        if let Some(line) = self.line {
            text = format!("{line}: ");
        }
        if !self.at.is_empty() {
            text = format!("{text}{}: ", self.at);
        }
        format!("{text}{}", self.problem)
    }
}

impl DiceRulesetError {
    /// Every problem on a line of its own naming `origin` (the file), as a card ruleset's
    /// are said: `file:line: key: …`, so an author of either game reads one form.
    pub fn located(&self, origin: &str) -> String {
        let lines: Vec<String> = self
            .problems
            .iter()
            .take(MAX_PROBLEMS_SHOWN)
            .map(|p| {
                let place = match p.line {
                    Some(line) => format!("{origin}:{line}"),
                    None => origin.to_string(),
                };
                let at = if p.at.is_empty() {
                    String::new()
                } else {
                    format!(" {}:", p.at)
                };
                let said = format!("{place}:{at} {}", p.problem).replace('\n', " ");
                crate::text::sanitize(&said).into_owned()
            })
            .collect();
        let mut text = lines.join("\n");
        let more = self.problems.len().saturating_sub(MAX_PROBLEMS_SHOWN);
        if more > 0 {
            text.push_str(&format!("\nand {more} more"));
        }
        text
    }
}

/// Problems said one by one; past these, only how many more there are (a hostile file can
/// hold thousands, and its author fixes the first ones first).
pub const MAX_PROBLEMS_SHOWN: usize = 20;

impl fmt::Display for DiceRulesetError {
    /// Each problem on its own line(s), the first [`MAX_PROBLEMS_SHOWN`], then how many more.
    /// A place or a problem may quote the file, so each line is made safe for a terminal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().take(MAX_PROBLEMS_SHOWN).enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            let line = p.placed();
            for (j, part) in line.split('\n').enumerate() {
                if j > 0 {
                    writeln!(f)?;
                }
                write!(f, "{}", crate::text::sanitize(part))?;
            }
        }
        let more = self.problems.len().saturating_sub(MAX_PROBLEMS_SHOWN);
        if more > 0 {
            write!(f, "\nand {more} more")?;
        }
        Ok(())
    }
}

impl std::error::Error for DiceRulesetError {}
