//! A game's rules, loaded once: a card ruleset or the dice game's.

use std::path::Path;
use std::sync::Arc;

use crate::cards::Ruleset;
use crate::dice::DiceRuleset;
use crate::rulesets;

use super::played::Played;
use crate::cards::Cards;
use crate::coach::Coached;
use crate::dice::Dice;
use crate::game::{
    BotName, BotOptions, Described, Game, NewPlay, PlayError, SimulatedGame, Started, Wire,
};

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

/// Work to do with the rules of whichever game they are, needing of the game whatever the
/// work bounds it by: each work implements `WorkWithRules<G>` for every `G` of the traits it
/// needs (a layer above this one, the screens, bounds it by its own), and
/// [`Rules::dispatch`] picks the game, so no other layer names either game to pick it.
pub trait WorkWithRules<G: Game> {
    /// What the work gives.
    type Output;

    /// Does the work with game `G`'s rules.
    fn with(self, rules: &Arc<G::Rules>) -> Self::Output;
}

/// Work that needs only which game it is, not its rules: a save whose rules do not load is
/// still opened by its own game's screens, which say what is wrong in that game's words.
pub trait WorkForGame<G: Game> {
    /// What the work gives.
    type Output;

    /// Does the work as game `G`.
    fn pick(self) -> Self::Output;
}

/// One line of `bohnanza variants`.
pub struct VariantInfo {
    pub name: String,
    pub summary: String,
}

/// How bots are made on screen, in either game: the card games' searching bots think by
/// time ([`crate::cards::bots::screen_bot_options`]); the dice bots take no options.
pub fn screen_bot_options() -> BotOptions {
    crate::cards::bots::screen_bot_options()
}

/// The bot of either game called `s`, as the simulator's `--bots` names them before the
/// game seating them refuses another game's (the message lists every bot).
pub fn bot_named(s: &str) -> Result<BotName, String> {
    use crate::cards::bots::names as cards;
    use crate::dice::bots::names as dice;
    let every = [
        cards::RANDOM,
        cards::GREEDY,
        cards::MCTS,
        dice::EXPECT,
        dice::STRONG,
        cards::EASY,
        cards::NORMAL,
        cards::HARD,
        cards::EXPERT,
    ];
    BotName::among(s, &every)
}

/// Every built-in variant's name, of both games: the card games' in their order (the
/// default first), the dice game last. The command line offers these to `--variant`.
pub fn variant_names() -> impl Iterator<Item = &'static str> {
    rulesets::BUILT_IN
        .iter()
        .map(|b| b.name)
        .chain([DICE_VARIANT])
}

/// The TOML text of the built-in variant called `name`, of either game, as a save keeps it.
pub fn variant_text(name: &str) -> Option<&'static str> {
    if name == DICE_VARIANT {
        return Some(crate::dice::STANDARD_TOML);
    }
    rulesets::built_in(name).map(|b| b.text)
}

/// Every built-in variant of both games, the default first.
pub fn variants() -> Result<Vec<VariantInfo>, String> {
    variant_names()
        .map(|name| {
            let rules = Rules::variant(name)?;
            Ok(VariantInfo {
                name: rules.name().to_string(),
                summary: rules.summary(),
            })
        })
        .collect()
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
                .map_err(|e| e.located(origin))
        } else {
            rulesets::parse(origin, text)
                .map(|r| Rules::Cards(Arc::new(r)))
                .map_err(|e| e.to_string())
        }
    }

    /// Does `work` with these rules, typed as their game's: the one place that picks the
    /// game, for work bound by any trait both games implement.
    pub fn dispatch<W, O>(&self, work: W) -> O
    where
        W: WorkWithRules<Cards, Output = O> + WorkWithRules<Dice, Output = O>,
    {
        match self {
            Rules::Cards(r) => WorkWithRules::<Cards>::with(work, r),
            Rules::Dice(r) => WorkWithRules::<Dice>::with(work, r),
        }
    }

    /// Does `work` as the game a ruleset's text (from `origin`) is meant for, whether or not
    /// it loads: the game of its rules when they load; else the dice game's when it is
    /// called `dice` or has the dice game's shape ([`Rules::is_dice_text`]), else the card
    /// games'.
    pub fn meant_for<W, O>(origin: &str, text: &str, work: W) -> O
    where
        W: WorkForGame<Cards, Output = O> + WorkForGame<Dice, Output = O>,
    {
        let dice = match Rules::from_text(origin, text) {
            Ok(rules) => matches!(rules, Rules::Dice(_)),
            Err(_) => origin == DICE_VARIANT || Rules::is_dice_text(text),
        };
        if dice {
            WorkForGame::<Dice>::pick(work)
        } else {
            WorkForGame::<Cards>::pick(work)
        }
    }

    /// A ruleset file's text as the command line loads it, the error ready to print: a
    /// card ruleset's problems are already safe to show, each naming the file; the dice
    /// game's quote the file, so they are made safe here, after the program's name.
    pub fn from_file_text(origin: &str, text: &str) -> Result<Rules, String> {
        Rules::from_text(origin, text).map_err(|e| {
            if Rules::is_dice_text(text) {
                let lines: Vec<_> = e.split('\n').map(crate::text::sanitize).collect();
                format!("bohnanza: {}", lines.join("\n"))
            } else {
                e
            }
        })
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

    /// Whether `other` is a ruleset of the same game as these: two rulesets of one game can
    /// be compared figure by figure, a card game and the dice game cannot.
    pub fn same_game_as(&self, other: &Rules) -> bool {
        matches!(
            (self, other),
            (Rules::Cards(_), Rules::Cards(_)) | (Rules::Dice(_), Rules::Dice(_))
        )
    }

    /// Which game these rules are of, in words for a message: "a card game" or "the dice
    /// game".
    pub fn game_words(&self) -> &'static str {
        match self {
            Rules::Cards(_) => "a card game",
            Rules::Dice(_) => "the dice game",
        }
    }

    /// The ruleset's short name.
    pub fn name(&self) -> &str {
        match self {
            Rules::Cards(r) => Cards::rules_name(r),
            Rules::Dice(r) => Dice::rules_name(r),
        }
    }

    /// The ruleset's one-line summary, as `bohnanza variants` and the setup screen show it.
    pub fn summary(&self) -> String {
        match self {
            Rules::Cards(r) => r.summary.clone(),
            Rules::Dice(r) => format!(
                "{}: five bean dice and harvest cards, first to {} bean dollars",
                r.title, r.goal
            ),
        }
    }

    /// The player counts the rules allow, ascending.
    pub fn player_counts(&self) -> Vec<usize> {
        struct Counts;
        impl<G: Wire + Coached + SimulatedGame> WorkWithRules<G> for Counts {
            type Output = Vec<usize>;
            fn with(self, rules: &Arc<G::Rules>) -> Vec<usize> {
                G::player_counts(rules)
            }
        }
        self.dispatch(Counts)
    }

    /// Starts a play of these rules.
    pub fn start(&self, new: NewPlay) -> Result<Started, PlayError> {
        struct Start(NewPlay);
        impl<G: Wire + Coached + SimulatedGame> WorkWithRules<G> for Start {
            type Output = Result<Started, PlayError>;
            fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
                Played::<G>::start(rules, self.0)
            }
        }
        self.dispatch(Start(new))
    }

    /// The ruleset's summary, as `bohnanza check` prints it.
    pub fn describe(&self) -> String {
        struct Describe;
        impl<G: Described> WorkWithRules<G> for Describe {
            type Output = String;
            fn with(self, rules: &Arc<G::Rules>) -> String {
                G::describe(rules)
            }
        }
        self.dispatch(Describe)
    }
}
