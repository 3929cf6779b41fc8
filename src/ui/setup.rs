//! The setup screen: variant, number of players and names, before the first deal.

use std::sync::Arc;

use crate::game::{Game, SeatKind};
use crate::rules::screen_bot_options;
use crate::rules::{DICE_VARIANT, Rules, WorkWithRules};
use crate::rulesets;
use crate::store::{RulesetSource, Saver};
use crate::ui::config::GameConfig;
use crate::ui::pace::Pace;
use crate::ui::saved_games::SavedGames;
use crate::ui::screen::{GameScreen, OnScreen, SetupNote};

/// A variant the setup screen offers, of either game.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The checked rules.
    pub rules: Rules,
    /// Where they came from.
    pub source: RulesetSource,
    /// Who may play a seat of its game, the person first (←→ steps through them).
    pub kinds: Vec<SeatKind>,
    /// Which of the form's seat lists its seats are: the variants of one game share one,
    /// since the games' bots differ.
    pub seating: usize,
}

/// The setup form. Rows: variant, players, one name per seat, the pace, then Start.
#[derive(Clone, Debug)]
pub struct SetupForm {
    /// The variants to choose from: every built-in one of the card games, then the dice game.
    pub variants: Vec<Variant>,
    /// Problems with built-in rulesets that could not be offered.
    pub problems: Vec<String>,
    /// The chosen variant.
    pub variant: usize,
    /// The chosen number of players.
    pub players: usize,
    /// Names typed so far, one per possible seat (empty: the placeholder is used).
    pub names: Vec<String>,
    /// Who plays each possible seat, one list for each game offered (its variants'
    /// [`Variant::seating`]): a person or a bot (←→ on the seat's line).
    pub seats: Vec<Vec<SeatKind>>,
    /// The row with the cursor.
    pub row: usize,
    /// The seed, if given on the command line.
    pub seed: Option<u64>,
    /// Whether every hand will be shown.
    pub open_hands: bool,
    /// Whether the tutor asks before a costly move (←→ on Start, or `--tutor`).
    pub tutor: bool,
    /// How fast the bots play (←→ on the pace line, or `--pace`).
    pub pace: Pace,
    /// The games saved in the data directory (`None` without one): listed below Start.
    pub games: Option<Box<SavedGames>>,
    /// Whether the saved games list is on screen instead of the form.
    pub listing: bool,
}

/// The most seats the name list keeps.
const MAX_SEATS: usize = 12;

/// The seats when no variant could be offered: all people.
const NO_SEATS: [SeatKind; MAX_SEATS] = [SeatKind::Human; MAX_SEATS];

impl Variant {
    /// The variant of `rules` from `source`, sharing the seat list of the first of
    /// `earlier` whose game has the same seat kinds, or a list of its own.
    fn new(rules: Rules, source: RulesetSource, earlier: &[Variant]) -> Variant {
        struct Kinds;
        impl<G: OnScreen> WorkWithRules<G> for Kinds {
            type Output = Vec<SeatKind>;
            fn with(self, _: &Arc<G::Rules>) -> Vec<SeatKind> {
                SeatKind::all::<G>()
            }
        }
        let kinds = rules.dispatch(Kinds);
        let seating = match earlier.iter().find(|v| v.kinds == kinds) {
            Some(v) => v.seating,
            None => earlier.iter().map(|v| v.seating + 1).max().unwrap_or(0),
        };
        Variant {
            rules,
            source,
            kinds,
            seating,
        }
    }
}

impl SetupForm {
    /// The form with every built-in ruleset, the default chosen.
    pub fn new() -> SetupForm {
        let mut variants = Vec::new();
        let mut problems = Vec::new();
        let built_in = rulesets::BUILT_IN.iter().map(|b| (b.path, b.name));
        for (path, name) in built_in.chain([(DICE_VARIANT, DICE_VARIANT)]) {
            let Some(source) = RulesetSource::variant(name) else {
                continue;
            };
            match Rules::from_text(path, &source.toml) {
                Ok(rules) => variants.push(Variant::new(rules, source, &variants)),
                Err(e) => problems.push(e),
            }
        }
        let variant = variants
            .iter()
            .position(|v| v.source.origin == rulesets::DEFAULT)
            .unwrap_or(0);
        let lists = variants.iter().map(|v| v.seating + 1).max().unwrap_or(0);
        let mut form = SetupForm {
            variants,
            problems,
            variant,
            players: 0,
            names: vec![String::new(); MAX_SEATS],
            seats: vec![vec![SeatKind::Human; MAX_SEATS]; lists],
            row: 0,
            seed: None,
            open_hands: false,
            tutor: false,
            pace: Pace::default(),
            games: None,
            listing: false,
        };
        form.players = form.counts().first().copied().unwrap_or(0);
        form
    }

    /// The chosen variant.
    pub fn chosen(&self) -> Option<&Variant> {
        self.variants.get(self.variant)
    }

    /// Who plays each possible seat of the chosen game.
    pub fn seat_kinds(&self) -> &[SeatKind] {
        self.chosen()
            .map_or(&NO_SEATS[..], |v| &self.seats[v.seating])
    }

    /// What the form says of the chosen game under its player line, if one is chosen.
    pub fn note(&self) -> Option<SetupNote> {
        struct Note(usize);
        impl<G: OnScreen> WorkWithRules<G> for Note {
            type Output = SetupNote;
            fn with(self, rules: &Arc<G::Rules>) -> SetupNote {
                G::setup_note(rules, self.0)
            }
        }
        Some(self.chosen()?.rules.dispatch(Note(self.players)))
    }

    /// The player counts the chosen variant allows.
    pub fn counts(&self) -> Vec<usize> {
        self.chosen()
            .map(|v| v.rules.player_counts())
            .unwrap_or_default()
    }

    /// Steps who plays `seat` (`delta` ±1): human, the levels easy to expert, then random,
    /// greedy, mcts.
    pub fn change_seat(&mut self, seat: usize, delta: isize) {
        let Some(v) = self.variants.get(self.variant) else {
            return;
        };
        let (kinds, seats) = (&v.kinds, &mut self.seats[v.seating]);
        let i = kinds.iter().position(|&k| k == seats[seat]).unwrap_or(0) as isize;
        let n = kinds.len() as isize;
        seats[seat] = kinds[(i + delta).rem_euclid(n) as usize];
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
        self.seat_kinds()[seat].default_name(seat)
    }

    /// How many rows the form has: the saved games' row after Start when any is saved.
    pub fn rows(&self) -> usize {
        self.start_row() + 1 + usize::from(self.games_row().is_some())
    }

    /// The row of the Start button.
    pub fn start_row(&self) -> usize {
        self.pace_row() + 1
    }

    /// The row of the bots' pace, under the seats.
    pub fn pace_row(&self) -> usize {
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
        (self.row >= 2 && self.row < self.pace_row()).then(|| self.row - 2)
    }

    /// Steps the variant (`delta` ±1) and keeps the player count allowed.
    pub fn change_variant(&mut self, delta: isize) {
        let n = self.variants.len().max(1) as isize;
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

    /// The game of `rules` the form describes, or why it cannot start.
    pub fn config<G: Game>(
        &self,
        rules: &Arc<G::Rules>,
        source: RulesetSource,
        seed: u64,
    ) -> Result<GameConfig<G>, String> {
        let names = self.distinct_names()?;
        Ok(GameConfig {
            ruleset: Arc::clone(rules),
            source,
            seats: self.seat_kinds()[..names.len()].to_vec(),
            names,
            seed: self.seed.unwrap_or(seed),
            open_hands: self.open_hands,
            bots: screen_bot_options(),
        })
    }

    /// The table of the game the form describes, saved in a new file in `data_dir` (when
    /// there is one), or why it cannot start.
    pub fn start(
        &self,
        seed: u64,
        data_dir: Option<&std::path::Path>,
    ) -> Result<Box<dyn GameScreen>, String> {
        let v = self.chosen().ok_or("there is no ruleset to play")?;
        let start = Start {
            form: self,
            source: v.source.clone(),
            seed,
            data_dir,
        };
        v.rules.dispatch(start)
    }
}

/// A table to start from the form.
struct Start<'a> {
    form: &'a SetupForm,
    source: RulesetSource,
    seed: u64,
    data_dir: Option<&'a std::path::Path>,
}

impl<G: OnScreen> WorkWithRules<G> for Start<'_> {
    type Output = Result<Box<dyn GameScreen>, String>;

    fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
        let config = self.form.config::<G>(rules, self.source, self.seed)?;
        let name = G::rules_name(rules);
        let saver = self
            .data_dir
            .map(|d| Saver::for_new_game(d, name, &config.names));
        G::new_table(config, saver)
    }
}

impl Default for SetupForm {
    fn default() -> Self {
        SetupForm::new()
    }
}
