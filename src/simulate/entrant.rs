//! An entrant: a bot as the simulator and the ladder name it, with its own search budget
//! where it has one (`mcts:100` and `mcts:400` are two entrants, as are `expert` and
//! `expert:200`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::bots::{Bot, BotKind, BotOptions, MctsBudget, SearchBot, SearchBudget, make_bot};
use crate::dice::bots::DiceBotKind;

/// The most playouts an entrant may ask for per decision.
pub const MAX_PLAYOUTS: u32 = 1_000_000;

/// A bot by name, of either game: the card games' `random`, `greedy` and `mcts` and their
/// levels `easy`, `normal`, `hard` and `expert`, the dice game's `random`, `greedy` and
/// `expect`. Each game's adapter says which it can seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum BotName {
    Random,
    Greedy,
    Mcts,
    Expect,
    Easy,
    Normal,
    Hard,
    Expert,
}

impl BotName {
    /// Every name, as `--bots` takes them.
    pub const ALL: [BotName; 8] = [
        BotName::Random,
        BotName::Greedy,
        BotName::Mcts,
        BotName::Expect,
        BotName::Easy,
        BotName::Normal,
        BotName::Hard,
        BotName::Expert,
    ];

    /// The name as typed.
    pub fn name(self) -> &'static str {
        match self {
            BotName::Expect => "expect",
            other => other.card_bot().map_or("", BotKind::name),
        }
    }

    /// The card games' bot of this name, if they have one.
    pub fn card_bot(self) -> Option<BotKind> {
        match self {
            BotName::Random => Some(BotKind::Random),
            BotName::Greedy => Some(BotKind::Greedy),
            BotName::Mcts => Some(BotKind::Mcts),
            BotName::Easy => Some(BotKind::Easy),
            BotName::Normal => Some(BotKind::Normal),
            BotName::Hard => Some(BotKind::Hard),
            BotName::Expert => Some(BotKind::Expert),
            BotName::Expect => None,
        }
    }

    /// The dice game's bot of this name, if it has one.
    pub fn dice_bot(self) -> Option<DiceBotKind> {
        match self {
            BotName::Random => Some(DiceBotKind::Random),
            BotName::Greedy => Some(DiceBotKind::Greedy),
            BotName::Expect => Some(DiceBotKind::Expect),
            _ => None,
        }
    }

    /// Whether the bot searches, so `NAME:PLAYOUTS` gives it a budget of its own.
    pub fn searches(self) -> bool {
        self.card_bot().is_some_and(BotKind::searches)
    }
}

impl From<BotKind> for BotName {
    fn from(kind: BotKind) -> Self {
        match kind {
            BotKind::Random => BotName::Random,
            BotKind::Greedy => BotName::Greedy,
            BotKind::Mcts => BotName::Mcts,
            BotKind::Easy => BotName::Easy,
            BotKind::Normal => BotName::Normal,
            BotKind::Hard => BotName::Hard,
            BotKind::Expert => BotName::Expert,
        }
    }
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for BotName {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim().to_ascii_lowercase();
        BotName::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| {
                format!(
                    "no bot is called {s:?}: easy, normal, hard, expert, random, greedy, mcts \
                     (cards) or expect (dice)"
                )
            })
    }
}

/// A bot and, for a bot that searches, the playouts it spends per decision (else the run's
/// budget for `mcts`, the level's own for `hard` and `expert`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Entrant {
    /// Which bot.
    pub kind: BotName,
    /// Playouts per decision, for bots that search only; `None` takes the run's
    /// `--mcts-playouts` for `mcts` and the level's budget for `hard` and `expert`.
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

    /// The card games' bot for one seat, its chance drawn from `seed`; `None` for a bot
    /// only the dice game has (the card adapter refuses it before a run).
    pub fn make(&self, seed: u64, options: &BotOptions) -> Option<Box<dyn Bot>> {
        let kind = self.kind.card_bot()?;
        if let (Some(playouts), BotKind::Hard | BotKind::Expert) = (self.playouts, kind) {
            let budget = SearchBudget::playouts(playouts);
            return Some(Box::new(SearchBot::new(kind, seed, budget)));
        }
        let options = match self.playouts {
            Some(playouts) => BotOptions {
                mcts: MctsBudget {
                    playouts,
                    ..options.mcts
                },
            },
            None => *options,
        };
        Some(make_bot(kind, seed, &options))
    }
}

impl From<BotKind> for Entrant {
    fn from(kind: BotKind) -> Self {
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

    /// A bot's name, or `NAME:PLAYOUTS` for one that searches (`mcts:400`, `expert:800`).
    fn from_str(s: &str) -> Result<Self, String> {
        let (name, budget) = match s.split_once(':') {
            Some((name, budget)) => (name, Some(budget)),
            None => (s, None),
        };
        let kind: BotName = name.parse()?;
        let playouts = match budget {
            None => None,
            Some(_) if !kind.searches() => {
                return Err(format!(
                    "only mcts, hard and expert take a budget ({kind} has none)"
                ));
            }
            Some(b) => match b.trim().parse::<u32>() {
                Ok(p) if (1..=MAX_PLAYOUTS).contains(&p) => Some(p),
                _ => {
                    return Err(format!(
                        "{kind}:N wants a number of playouts from 1 to {MAX_PLAYOUTS}"
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
        for name in [
            "random",
            "greedy",
            "mcts",
            "mcts:100",
            "expect",
            "easy",
            "normal",
            "hard",
            "expert",
            "expert:50",
        ] {
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
            "normal:10",
        ] {
            assert!(bad.parse::<Entrant>().is_err(), "{bad}");
        }
    }
}
