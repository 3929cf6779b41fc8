//! An entrant: a bot as the simulator and the ladder name it, with its own search budget
//! where it has one (`mcts:100` and `mcts:400` are two entrants).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::{BotName, BotOptions, ThinkingBudget};
use crate::rules::bot_named;

/// The most playouts an entrant may ask for per decision.
pub const MAX_PLAYOUTS: u32 = 1_000_000;

/// A bot and, for `mcts`, the playouts it spends per decision (else the run's budget).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Entrant {
    /// Which bot.
    pub kind: BotName,
    /// Playouts per decision, for `mcts` only; `None` takes the run's `--mcts-playouts`.
    pub playouts: Option<u32>,
}

impl Entrant {
    /// The bot with the run's budget.
    pub fn plain(kind: impl Into<BotName>) -> Self {
        Entrant {
            kind: kind.into(),
            playouts: None,
        }
    }

    /// The run's `options` with this entrant's own budget, if it has one.
    pub fn options(&self, options: &BotOptions) -> BotOptions {
        match self.playouts {
            Some(playouts) => BotOptions {
                search: ThinkingBudget {
                    playouts,
                    ..options.search
                },
            },
            None => *options,
        }
    }
}

impl From<BotName> for Entrant {
    fn from(kind: BotName) -> Self {
        Entrant::plain(kind)
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.playouts {
            Some(p) => write!(f, "{}:{p}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl FromStr for Entrant {
    type Err = String;

    /// `random`, `greedy`, `mcts` or `mcts:PLAYOUTS`.
    fn from_str(s: &str) -> Result<Self, String> {
        let (name, budget) = match s.split_once(':') {
            Some((name, budget)) => (name, Some(budget)),
            None => (s, None),
        };
        let kind = bot_named(name)?;
        let playouts = match budget {
            None => None,
            Some(_) if !kind.spends_the_callers_budget() => {
                return Err(format!("only mcts takes a budget ({kind} has none)"));
            }
            Some(b) => match b.trim().parse::<u32>() {
                Ok(p) if (1..=MAX_PLAYOUTS).contains(&p) => Some(p),
                _ => {
                    return Err(format!(
                        "mcts:N wants a number of playouts from 1 to {MAX_PLAYOUTS}"
                    ));
                }
            },
        };
        Ok(Entrant { kind, playouts })
    }
}

impl Serialize for Entrant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Entrant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entrants_are_named_as_typed() {
        for name in ["random", "greedy", "mcts", "mcts:100", "expect", "strong"] {
            assert_eq!(name.parse::<Entrant>().unwrap().to_string(), name);
        }
        assert_eq!(
            "mcts:400".parse::<Entrant>().unwrap().playouts,
            Some(400),
            "a budget of its own"
        );
        for bad in [
            "greedy:3",
            "mcts:0",
            "mcts:x",
            "mcts:",
            "mcts:99999999",
            "nobody",
        ] {
            assert!(bad.parse::<Entrant>().is_err(), "{bad}");
        }
    }
}
