//! A game's rules, loaded once: a card ruleset or the dice game's.

use std::path::Path;
use std::sync::Arc;

use crate::dice::DiceRuleset;
use crate::engine::Ruleset;
use crate::rulesets;

use super::played::Played;
use crate::coach::Coached;
use crate::dice::Dice;
use crate::engine::Cards;
use crate::game::{Described, Game, NewPlay, PlayError, Started, Tallied, Wire};

/// The variant name that plays the dice game.
pub const DICE_VARIANT: &str = "dice";

/// The rules of one of the two games: the one place that says which game it is. Everything
/// else is generic over [`Game`] and reaches it through [`Rules::dispatch`].
#[derive(Clone, Debug)]
pub enum Rules {
    /// A card game: the base game, the Expansion, My First Bohnanza, the classic rules.
    Cards(Arc<Ruleset>),
    /// Bohnanza — Das Würfelspiel.
    Dice(Arc<DiceRuleset>),
}

/// Work to do with the rules of whichever game they are: a generic function in a trait,
/// since a closure cannot be generic over the game.
pub trait WithGame {
    /// What the work gives.
    type Output;

    /// Does the work with game `G`'s rules.
    fn with<G: Wire + Coached + Tallied + Described>(self, rules: &Arc<G::Rules>) -> Self::Output;
}

/// One line of `bohnanza variants`.
pub struct VariantInfo {
    pub name: String,
    pub summary: String,
}

/// Every built-in variant of both games, the default first.
pub fn variants() -> Result<Vec<VariantInfo>, String> {
    let mut all = Vec::new();
    for built_in in rulesets::BUILT_IN {
        let r = rulesets::parse(built_in.path, built_in.text).map_err(|e| e.to_string())?;
        all.push(VariantInfo {
            name: r.name.clone(),
            summary: r.summary.clone(),
        });
    }
    all.push(VariantInfo {
        name: DICE_VARIANT.to_string(),
        summary: dice_summary(&DiceRuleset::standard()),
    });
    Ok(all)
}

/// The dice game's one-line summary, for `bohnanza variants` and the setup screen.
pub fn dice_summary(dice: &DiceRuleset) -> String {
    format!(
        "{}: five bean dice and harvest cards, first to {} bean dollars",
        dice.title, dice.goal
    )
}

impl Rules {
    /// These rules as game `G`'s, where they are `G`'s: a screen that can only show its own
    /// game asks for its rules by its own type, without naming the other game.
    pub fn of<G: Game>(self) -> Option<Arc<G::Rules>> {
        let any: Arc<dyn std::any::Any + Send + Sync> = match self {
            Rules::Cards(r) => r,
            Rules::Dice(r) => r,
        };
        any.downcast().ok()
    }

    /// The built-in variant called `name` (`dice`, or a card ruleset's name).
    pub fn variant(name: &str) -> Result<Rules, String> {
        if name == DICE_VARIANT {
            return Ok(Rules::Dice(Arc::new(DiceRuleset::standard())));
        }
        rulesets::load(name)
            .map(Rules::Cards)
            .map_err(|e| e.to_string())
    }

    /// A ruleset file: the dice game's when it has `[[die]]` tables, else a card ruleset.
    pub fn file(path: &Path) -> Result<Rules, String> {
        let text = rulesets::read_file(path).map_err(|e| e.to_string())?;
        Rules::from_text(&path.display().to_string(), &text)
    }

    /// A ruleset's text, from `origin` (a file's path or a variant's name, for messages):
    /// the dice game's when it has `[[die]]` tables, else a card ruleset. A saved game keeps
    /// this text, so it knows which game it is.
    pub fn from_text(origin: &str, text: &str) -> Result<Rules, String> {
        if Rules::is_dice_text(text) {
            DiceRuleset::from_toml_str(text)
                .map(|r| Rules::Dice(Arc::new(r)))
                .map_err(|e| format!("{origin}: {e}"))
        } else {
            rulesets::parse(origin, text)
                .map(|r| Rules::Cards(Arc::new(r)))
                .map_err(|e| e.to_string())
        }
    }

    /// Does `work` with these rules, typed as their game's: the one place that picks the
    /// game.
    pub fn dispatch<W: WithGame>(&self, work: W) -> W::Output {
        match self {
            Rules::Cards(r) => work.with::<Cards>(r),
            Rules::Dice(r) => work.with::<Dice>(r),
        }
    }

    /// Whether a ruleset's text is the dice game's by its shape: `[[die]]` tables, or the
    /// dice game's `goal` or `harvest` keys, which no card ruleset has; when the text is not
    /// even TOML, a `[[die]]` line. A broken dice ruleset is then refused with the dice
    /// game's problems, not a card ruleset's.
    pub fn is_dice_text(text: &str) -> bool {
        match toml::from_str::<toml::Table>(text) {
            Ok(t) => ["die", "goal", "harvest"]
                .iter()
                .any(|k| t.contains_key(*k)),
            Err(_) => text.lines().any(|l| l.trim() == "[[die]]"),
        }
    }

    /// The ruleset's short name.
    pub fn name(&self) -> &str {
        match self {
            Rules::Cards(r) => Cards::rules_name(r),
            Rules::Dice(r) => Dice::rules_name(r),
        }
    }

    /// The player counts the rules allow, ascending.
    pub fn player_counts(&self) -> Vec<usize> {
        struct Counts;
        impl WithGame for Counts {
            type Output = Vec<usize>;
            fn with<G: Wire + Coached + Tallied>(self, rules: &Arc<G::Rules>) -> Vec<usize> {
                G::player_counts(rules)
            }
        }
        self.dispatch(Counts)
    }

    /// Starts a play of these rules.
    pub fn start(&self, new: NewPlay) -> Result<Started, PlayError> {
        struct Start(NewPlay);
        impl WithGame for Start {
            type Output = Result<Started, PlayError>;
            fn with<G: Wire + Coached + Tallied>(self, rules: &Arc<G::Rules>) -> Self::Output {
                Played::<G>::start(rules, self.0)
            }
        }
        self.dispatch(Start(new))
    }

    /// The ruleset's summary, as `bohnanza check` prints it.
    pub fn describe(&self) -> String {
        struct Describe;
        impl WithGame for Describe {
            type Output = String;
            fn with<G: Described>(self, rules: &Arc<G::Rules>) -> String {
                G::describe(rules)
            }
        }
        self.dispatch(Describe)
    }
}
