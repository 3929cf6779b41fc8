//! What can be wrong with a ruleset file, said so that its author can find and fix it.

use std::fmt;

use crate::text::sanitize;

/// One thing wrong with a ruleset, in the file's own terms.
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum RulesetProblem {
    /// The text is not TOML, a key is unknown, or a value has the wrong type.
    #[error("{0}")]
    Syntax(String),
    #[error("the file is {size} bytes; a ruleset may be at most {max} bytes")]
    FileTooLarge { size: usize, max: usize },
    #[error("must be {expected}; found {found}")]
    WrongType { expected: String, found: String },
    #[error("has none of the shapes this key allows (see docs/rulesets.md)")]
    NoShapeMatches,
    #[error("is missing: this key must be set")]
    MissingKey,
    #[error("is not a key here; {}the keys here are {allowed}", did_you_mean(.suggestion))]
    UnknownKey {
        /// Every key the table has.
        allowed: String,
        /// The known key closest to the one written, if one is close.
        suggestion: Option<String>,
    },
    /// The TOML reader could not read the value at a key it knows.
    #[error("not a TOML value{}; {key}: {expected}", if *.bare { " (text goes in quotes)" } else { "" })]
    NotAValue {
        /// The key, as written.
        key: String,
        /// What a value there may be.
        expected: String,
        /// Whether the value is a bare word (text without its quotes).
        bare: bool,
    },
    #[error("must list at most {0} entries")]
    TooManyEntries(usize),
    #[error("a ruleset name may only use lower-case letters, digits and '-'")]
    BadName,
    #[error("must not be empty")]
    Empty,
    #[error("the ruleset lists no bean kinds")]
    NoBeans,
    #[error("a ruleset has at most 255 bean kinds")]
    TooManyBeans,
    #[error("two bean kinds are called {0:?}")]
    DuplicateBean(String),
    #[error("two bean kinds use the letter {0:?}")]
    DuplicateLetter(char),
    #[error("must be exactly one character")]
    NotOneLetter,
    #[error("a bean kind needs at least one card")]
    NoCards,
    #[error("beanometer steps are numbered by coins, 1 to 4")]
    BadCoinStep,
    #[error("the beanometer has no steps: the kind could never earn a coin")]
    EmptyBeanometer,
    #[error("the beanometer must rise: {coins} coins need more cards than {}", coins_text(*.previous))]
    BeanometerDoesNotRise { coins: usize, previous: usize },
    #[error(
        "{coins} coins need at least {coins} cards, since coins are harvested cards turned over"
    )]
    StepBelowCoins { coins: usize },
    #[error("no bean kind is called {0:?}")]
    UnknownBean(String),
    #[error("{0} players are listed twice")]
    DuplicatePlayerCount(usize),
    #[error("player counts run from 1 to 10")]
    PlayerCountOutOfRange,
    #[error("the ruleset lists no player counts")]
    NoPlayerCounts,
    #[error("players need 1 to 5 bean fields")]
    BadFieldCount,
    #[error("every bean kind would be removed")]
    EverythingRemoved,
    #[error(
        "dealing {dealt} cards to {players} players needs {needed} cards, but only {available} are in play"
    )]
    DealExceedsDeck {
        players: usize,
        dealt: String,
        needed: usize,
        available: usize,
    },
    #[error("unknown draw rule; expected active_player or every_player")]
    UnknownDrawRule,
    #[error(
        "unknown bean protection rule; expected off, while_another_field_has_more or unless_all_fields_hold_one"
    )]
    UnknownProtectionRule,
    #[error("{0:?} is not an order card: write two numbers like \"3/4\", each from 0 to 20")]
    BadOrderCard(String),
    #[error("there is no ruleset {0:?} to extend")]
    UnknownParent(String),
    #[error("rulesets extend each other more than {0} deep (do two extend each other?)")]
    ExtendsTooDeep(usize),
    #[error("unknown phase 2 rule; expected trade or plant_and_offer")]
    UnknownPhase2,
    #[error("unknown coin source; expected harvested_cards or coin_pile")]
    UnknownCoinSource,
    #[error("unknown final harvest; expected all, fields_that_pay or none")]
    UnknownFinalHarvest,
    #[error("must be a number of offers, or \"none\" for no limit")]
    BadOfferCap,
    #[error("players with three bean fields have no third field to buy")]
    ThirdFieldOwned,
    #[error("must be at least {0}")]
    TooSmall(u64),
    #[error("must be at most {0}")]
    TooLarge(u64),
    #[error(
        "unknown tie break; expected one of furthest_from_starting_player, most_cards_in_hand, shared"
    )]
    UnknownTieBreak,
}

fn did_you_mean(suggestion: &Option<String>) -> String {
    match suggestion {
        Some(key) => format!("did you mean {key}? "),
        None => String::new(),
    }
}

fn coins_text(coins: usize) -> String {
    if coins == 1 {
        "1 coin".to_string()
    } else {
        format!("{coins} coins")
    }
}

/// A problem with where it is: the line in the file, the key path and the value as written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LocatedProblem {
    /// 1-based line, when the key could be found in the text.
    pub line: Option<usize>,
    /// Key path, such as `bean[2].beanometer` (the third `[[bean]]`: lists and arrays of
    /// tables are counted from 0, as positions count theirs).
    pub key: String,
    /// The bad value exactly as written in the file.
    pub value: Option<String>,
    /// What is wrong.
    pub problem: RulesetProblem,
}

/// Every problem found in one ruleset file. The engine collects them all instead of
/// stopping at the first, so a ruleset author fixes a file in one pass.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RulesetError {
    /// The file name (or built-in name) the text came from.
    pub source_name: String,
    /// At least one problem.
    pub problems: Vec<LocatedProblem>,
}

impl std::error::Error for RulesetError {}

impl fmt::Display for RulesetError {
    /// One line per problem. Every part may come from the file (its name, keys, values, bean
    /// names), so each is made safe for a terminal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = sanitize(&self.source_name);
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{source}")?;
            if let Some(line) = p.line {
                write!(f, ":{line}")?;
            }
            if !p.key.is_empty() {
                write!(f, ": {}", sanitize(&p.key))?;
            }
            if let Some(v) = &p.value {
                write!(f, " = {}", sanitize(v))?;
            }
            write!(f, ": {}", sanitize(&p.problem.to_string()))?;
        }
        Ok(())
    }
}
