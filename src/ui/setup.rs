//! The setup screen: variant, number of players and names, before the first deal.

use std::sync::Arc;

use super::game::{GameConfig, Seat};
use super::save::RulesetSource;
use crate::engine::Ruleset;
use crate::rulesets;

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
    /// Problems with built-in rulesets that could not be offered.
    pub problems: Vec<String>,
    /// The chosen variant.
    pub variant: usize,
    /// The chosen number of players.
    pub players: usize,
    /// Names typed so far, one per possible seat (empty: the placeholder is used).
    pub names: Vec<String>,
    /// The row with the cursor.
    pub row: usize,
    /// The seed, if given on the command line.
    pub seed: Option<u64>,
    /// Whether every hand will be shown.
    pub open_hands: bool,
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
            problems,
            variant,
            players: 0,
            names: vec![String::new(); MAX_SEATS],
            row: 0,
            seed: None,
            open_hands: false,
        };
        form.players = form.counts().first().copied().unwrap_or(0);
        form
    }

    /// The chosen ruleset.
    pub fn ruleset(&self) -> Option<&Arc<Ruleset>> {
        self.variants.get(self.variant).map(|v| &v.ruleset)
    }

    /// The player counts the chosen ruleset allows.
    pub fn counts(&self) -> Vec<usize> {
        self.ruleset()
            .map(|r| r.player_counts().collect())
            .unwrap_or_default()
    }

    /// The name shown for an empty name field.
    pub fn placeholder(seat: usize) -> String {
        format!("Player {}", seat + 1)
    }

    /// The name seat `seat` will play under.
    pub fn name(&self, seat: usize) -> String {
        let typed = self.names[seat].trim();
        if typed.is_empty() {
            SetupForm::placeholder(seat)
        } else {
            typed.to_string()
        }
    }

    /// How many rows the form has.
    pub fn rows(&self) -> usize {
        self.players.min(MAX_SEATS) + 3
    }

    /// The row of the Start button.
    pub fn start_row(&self) -> usize {
        self.rows() - 1
    }

    /// The seat whose name the cursor is on.
    pub fn name_row(&self) -> Option<usize> {
        (self.row >= 2 && self.row < self.start_row()).then(|| self.row - 2)
    }

    /// Steps the variant (`delta` ±1) and keeps the player count allowed.
    pub fn change_variant(&mut self, delta: isize) {
        if self.variants.is_empty() {
            return;
        }
        let n = self.variants.len() as isize;
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

    /// The game the form describes, or why it cannot start.
    pub fn config(&self, seed: u64) -> Result<GameConfig, String> {
        let v = self
            .variants
            .get(self.variant)
            .ok_or("there is no ruleset to play")?;
        let names: Vec<String> = (0..self.players).map(|s| self.name(s)).collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].contains(n) {
                return Err(format!(
                    "Two players are called {n}: give each a different name"
                ));
            }
        }
        Ok(GameConfig {
            ruleset: Arc::clone(&v.ruleset),
            source: v.source.clone(),
            seats: vec![Seat::Human; names.len()],
            names,
            seed: self.seed.unwrap_or(seed),
            open_hands: self.open_hands,
        })
    }
}

impl Default for SetupForm {
    fn default() -> Self {
        SetupForm::new()
    }
}
