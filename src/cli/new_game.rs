//! A new game from the flags, of whichever game the rules are, saved in a file of its own.

use crate::cli::parse_seats;
use crate::cli::play::PlayArgs;
use crate::cli::play::chosen_names;
use crate::cli::random_seed;
use crate::cli::usage_error;
use std::path::Path;
use std::sync::Arc;

use bohnanza::game::SeatKind;
use bohnanza::rules::DEFAULT_THINK_TIME;
use bohnanza::rules::Rules;
use bohnanza::rules::WorkWithRules;
use bohnanza::store::{RulesetSource, Saver};
use bohnanza::ui::GameConfig;
use bohnanza::ui::screen::{GameScreen, OnScreen};

/// What a table opened from the flags is made of besides its game's rules: the flags, where
/// the rules came from, and the data directory its save goes in.
pub struct Opening<'a> {
    /// The command line's flags.
    pub args: PlayArgs,
    /// Where the rules came from, kept in the save.
    pub source: RulesetSource,
    /// Where the save goes, if anywhere.
    pub data_dir: Option<&'a Path>,
}

impl Opening<'_> {
    /// The seats `--seats` names for game `G` (else people at each of `players` seats).
    pub fn seats<G: OnScreen>(&self, players: usize) -> Vec<SeatKind> {
        match &self.args.table.seats {
            Some(kinds) => parse_seats::<G>(kinds),
            None => vec![SeatKind::Human; players],
        }
    }

    /// The table of `seats` playing `rules` with `seed`: the players' names from `names`
    /// (checked) else each seat's default, its bots as the flags make them, and its save file
    /// in the data directory.
    pub fn config<G: OnScreen>(
        self,
        rules: &Arc<G::Rules>,
        seats: Vec<SeatKind>,
        names: Option<Vec<String>>,
        seed: u64,
    ) -> (GameConfig<G>, Option<Saver>) {
        let names = chosen_names(names, &seats);
        let name = G::rules_name(rules);
        let saver = self.data_dir.map(|d| Saver::for_new_game(d, name, &names));
        let config = GameConfig {
            ruleset: Arc::clone(rules),
            source: self.source,
            seats,
            names,
            seed,
            open_hands: self.args.open_hands,
            bots: self.args.mcts.options(Some(DEFAULT_THINK_TIME)),
        };
        (config, saver)
    }
}

/// The game the flags describe, playing `rules` (picked once from `--variant` or
/// `--ruleset`), saved in a new file of its own in the data directory.
pub fn new_game(opening: Opening, rules: &Rules) -> Result<Box<dyn GameScreen>, String> {
    rules.dispatch(opening)
}

impl<G: OnScreen> WorkWithRules<G> for Opening<'_> {
    type Output = Result<Box<dyn GameScreen>, String>;

    fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
        let (config, saver) = self.table::<G>(rules);
        G::new_table(config, saver).map_err(|e| format!("bohnanza: {e}"))
    }
}

impl Opening<'_> {
    /// The table the flags describe for a game of `rules`: the players `--players`,
    /// `--seats` or `--names` count (else the fewest the rules allow), a usage error when
    /// the rules do not seat that many; the screen and the linear mode open it alike.
    pub fn table<G: OnScreen>(self, rules: &Arc<G::Rules>) -> (GameConfig<G>, Option<Saver>) {
        let args = &self.args;
        let counts = G::player_counts(rules);
        let players = args.table.players(&counts);
        // A seat nobody can play is the first thing to say.
        let seats = self.seats::<G>(players);
        if !counts.contains(&players) {
            let allowed: Vec<String> = counts.iter().map(|c| c.to_string()).collect();
            usage_error(G::players_refused(rules, &allowed.join(", "), players));
        }
        let seed = args.table.seed.unwrap_or_else(random_seed);
        let names = args.table.names.clone();
        self.config::<G>(rules, seats, names, seed)
    }
}
