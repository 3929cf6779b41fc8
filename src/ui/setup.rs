//! The setup screen: variant, number of players and names, before the first deal.

use std::sync::Arc;

use super::game::{GameConfig, Seat, screen_bot_options};
use super::saved_games::SavedGames;
use crate::bots::BotName;
use crate::dice::Dice;
use crate::dice::DiceRuleset;
use crate::engine::Cards;
use crate::engine::Ruleset;
use crate::game::{SeatKind, Seated};
use crate::rulesets;
use crate::store::RulesetSource;

/// A ruleset the setup screen offers.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The checked rules.
    pub ruleset: Arc<Ruleset>,
    /// Where they came from.
    pub source: RulesetSource,
}

/// The setup form. Rows: variant, players, one name per seat, then Start.
#[derive(Clone, Debug)]
pub struct SetupForm {
    /// The rulesets to choose from: every built-in one (and a `--ruleset` file, first).
    pub variants: Vec<Variant>,
    /// The dice game, offered after the card variants (`variant == variants.len()`).
    pub dice: Arc<DiceRuleset>,
    /// Who plays each possible seat of a dice game: a person or a dice bot.
    pub dice_seats: Vec<SeatKind>,
    /// Problems with built-in rulesets that could not be offered.
    pub problems: Vec<String>,
    /// The chosen variant.
    pub variant: usize,
    /// The chosen number of players.
    pub players: usize,
    /// Names typed so far, one per possible seat (empty: the placeholder is used).
    pub names: Vec<String>,
    /// Who plays each possible seat: a person or a bot (←→ on the seat's line).
    pub seats: Vec<Seat>,
    /// The row with the cursor.
    pub row: usize,
    /// The seed, if given on the command line.
    pub seed: Option<u64>,
    /// Whether every hand will be shown.
    pub open_hands: bool,
    /// Whether the tutor asks before a costly move (←→ on Start, or `--tutor`).
    pub tutor: bool,
    /// The games saved in the data directory (`None` without one): listed below Start.
    pub games: Option<Box<SavedGames>>,
    /// Whether the saved games list is on screen instead of the form.
    pub listing: bool,
}

/// The most seats the name list keeps.
const MAX_SEATS: usize = 12;

impl SetupForm {
    /// The form with every built-in ruleset, the default chosen.
    pub fn new() -> SetupForm {
        let mut variants = Vec::new();
        let mut problems = Vec::new();
        for b in rulesets::BUILT_IN {
            match crate::rulesets::parse(b.path, b.text) {
                Ok(r) => variants.push(Variant {
                    ruleset: Arc::new(r),
                    source: RulesetSource {
                        origin: b.name.to_string(),
                        toml: b.text.to_string(),
                    },
                }),
                Err(e) => problems.push(e.to_string()),
            }
        }
        let variant = variants
            .iter()
            .position(|v| v.source.origin == rulesets::DEFAULT)
            .unwrap_or(0);
        let mut form = SetupForm {
            variants,
            dice: Arc::new(DiceRuleset::standard()),
            dice_seats: vec![SeatKind::Human; MAX_SEATS],
            problems,
            variant,
            players: 0,
            names: vec![String::new(); MAX_SEATS],
            seats: vec![Seat::Human; MAX_SEATS],
            row: 0,
            seed: None,
            open_hands: false,
            tutor: false,
            games: None,
            listing: false,
        };
        form.players = form.counts().first().copied().unwrap_or(0);
        form
    }

    /// The chosen ruleset.
    pub fn ruleset(&self) -> Option<&Arc<Ruleset>> {
        self.variants.get(self.variant).map(|v| &v.ruleset)
    }

    /// Whether the dice game is chosen.
    pub fn is_dice(&self) -> bool {
        self.variant == self.variants.len()
    }

    /// The player counts the chosen ruleset allows.
    pub fn counts(&self) -> Vec<usize> {
        if self.is_dice() {
            return self.dice.player_counts.clone();
        }
        self.ruleset()
            .map(|r| r.player_counts().collect())
            .unwrap_or_default()
    }

    /// The name shown for an empty name field.
    pub fn placeholder(seat: usize) -> String {
        format!("Player {}", seat + 1)
    }

    /// The name a seat of this kind gets when none is typed: "Player 1", "Greedy 2".
    pub fn default_name(seat: usize, kind: Seat) -> String {
        match kind {
            Seat::Human => SetupForm::placeholder(seat),
            Seat::Bot(k) => {
                let name = k.name();
                let mut chars = name.chars();
                let title: String = chars
                    .next()
                    .map(|c| c.to_uppercase().chain(chars).collect())
                    .unwrap_or_default();
                let title = if k == BotName::Mcts {
                    "MCTS".to_string()
                } else {
                    title
                };
                format!("{title} {}", seat + 1)
            }
        }
    }

    /// Steps who plays `seat` (`delta` ±1): human, the levels easy to expert, then random,
    /// greedy, mcts.
    pub fn change_seat(&mut self, seat: usize, delta: isize) {
        if self.is_dice() {
            let kinds = SeatKind::all::<Dice>();
            let i = kinds.iter().position(|&k| k == self.dice_seats[seat]);
            let n = kinds.len() as isize;
            let next = (i.unwrap_or(0) as isize + delta).rem_euclid(n);
            self.dice_seats[seat] = kinds[next as usize];
            return;
        }
        let kinds: Vec<Seat> = std::iter::once(Seat::Human)
            .chain(Cards::bot_names().into_iter().map(Seat::Bot))
            .collect();
        let i = kinds
            .iter()
            .position(|&k| k == self.seats[seat])
            .unwrap_or(0) as isize;
        let n = kinds.len() as isize;
        self.seats[seat] = kinds[(i + delta).rem_euclid(n) as usize];
    }

    /// The name seat `seat` will play under.
    pub fn name(&self, seat: usize) -> String {
        let typed = self.names[seat].trim();
        if typed.is_empty() {
            self.placeholder_name(seat)
        } else {
            typed.to_string()
        }
    }

    /// The name an empty name field stands for, by the seat's kind.
    pub fn placeholder_name(&self, seat: usize) -> String {
        if self.is_dice() {
            self.dice_seats[seat].default_name(seat)
        } else {
            SetupForm::default_name(seat, self.seats[seat])
        }
    }

    /// How many rows the form has: the saved games' row after Start when any is saved.
    pub fn rows(&self) -> usize {
        self.start_row() + 1 + usize::from(self.games_row().is_some())
    }

    /// The row of the Start button.
    pub fn start_row(&self) -> usize {
        self.players.min(MAX_SEATS) + 2
    }

    /// The row that opens the saved games list, when any game is saved.
    pub fn games_row(&self) -> Option<usize> {
        self.games
            .as_ref()
            .filter(|g| !g.rows.is_empty())
            .map(|_| self.start_row() + 1)
    }

    /// The seat whose name the cursor is on.
    pub fn name_row(&self) -> Option<usize> {
        (self.row >= 2 && self.row < self.start_row()).then(|| self.row - 2)
    }

    /// Steps the variant (`delta` ±1) and keeps the player count allowed.
    pub fn change_variant(&mut self, delta: isize) {
        // The card variants, then the dice game.
        let n = self.variants.len() as isize + 1;
        self.variant = (self.variant as isize + delta).rem_euclid(n) as usize;
        let counts = self.counts();
        if !counts.contains(&self.players) {
            self.players = counts
                .iter()
                .copied()
                .min_by_key(|c| c.abs_diff(self.players))
                .unwrap_or(0);
        }
    }

    /// Steps the player count among the allowed ones.
    pub fn change_players(&mut self, delta: isize) {
        let counts = self.counts();
        if counts.is_empty() {
            return;
        }
        let i = counts.iter().position(|&c| c == self.players).unwrap_or(0) as isize;
        let j = (i + delta).clamp(0, counts.len() as isize - 1) as usize;
        self.players = counts[j];
    }

    /// The players' names, or why two of them cannot sit at one table.
    fn distinct_names(&self) -> Result<Vec<String>, String> {
        let names: Vec<String> = (0..self.players).map(|s| self.name(s)).collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].contains(n) {
                return Err(format!(
                    "Two players are called {n}: give each a different name"
                ));
            }
        }
        Ok(names)
    }

    /// The dice game the form describes (when the dice game is chosen), or why it cannot start.
    pub fn dice_config(&self, seed: u64) -> Result<GameConfig<Dice>, String> {
        let names = self.distinct_names()?;
        let seats = self.dice_seats[..names.len()].to_vec();
        Ok(GameConfig::new(
            Arc::clone(&self.dice),
            RulesetSource::dice(),
            names,
            seats,
            self.seed.unwrap_or(seed),
        ))
    }

    /// The game the form describes, or why it cannot start.
    pub fn config(&self, seed: u64) -> Result<GameConfig, String> {
        let v = self
            .variants
            .get(self.variant)
            .ok_or("there is no ruleset to play")?;
        let names = self.distinct_names()?;
        Ok(GameConfig {
            ruleset: Arc::clone(&v.ruleset),
            source: v.source.clone(),
            seats: self.seats[..names.len()].to_vec(),
            names,
            seed: self.seed.unwrap_or(seed),
            open_hands: self.open_hands,
            bots: screen_bot_options(),
        })
    }
}

impl SetupForm {
    /// The table of the game the form describes, saved in a new file in `data_dir` (when
    /// there is one), or why it cannot start.
    pub fn start(
        &self,
        seed: u64,
        data_dir: Option<&std::path::Path>,
    ) -> Result<Box<dyn super::GameScreen>, String> {
        let saver = |ruleset: &str, names: &[String]| {
            data_dir.map(|d| crate::store::Saver::for_new_game(d, ruleset, names))
        };
        if self.is_dice() {
            let config = self.dice_config(seed)?;
            let saver = saver(&config.ruleset.name, &config.names);
            return super::dice::DiceTable::new(config, saver).map(|t| t.into());
        }
        let config = self.config(seed)?;
        let saver = saver(&config.ruleset.name, &config.names);
        super::game::Game::new(config, saver).map(|g| g.into())
    }
}

impl Default for SetupForm {
    fn default() -> Self {
        SetupForm::new()
    }
}
