//! A new game from the flags, card or dice, saved in a file of its own.

use crate::cli::checked_names;
use crate::cli::parse_seats;
use crate::cli::play::PlayArgs;
use crate::cli::play::chosen_names;
use crate::cli::play::chosen_ruleset;
use crate::cli::players_for_seats;
use crate::cli::random_seed;
use crate::cli::usage_error;
use std::path::Path;
use std::sync::Arc;

use bohnanza::bots::{DEFAULT_THINK_TIME, SeatKind};
use bohnanza::dice::Dice;
use bohnanza::engine::Cards;
use bohnanza::store::{RulesetSource, Saver};
use bohnanza::ui::dice::DiceTable;
use bohnanza::ui::{Game, GameConfig};

/// The game the flags describe, saved in a new file of its own in `data_dir`.
pub fn new_game(args: PlayArgs, data_dir: Option<&Path>) -> Result<Game, String> {
    let (ruleset, source) = chosen_ruleset(&args)?;
    let counts: Vec<usize> = ruleset.player_counts().collect();
    let allowed = counts
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let seated = players_for_seats(args.players, args.seats.as_ref().map(Vec::len), "seats");
    let players = match (seated, &args.names) {
        (Some(p), _) => p,
        (None, Some(names)) => names.len(),
        (None, None) => counts.first().copied().unwrap_or(0),
    };
    // A seat nobody can play is the first thing to say.
    let seats = match &args.seats {
        Some(kinds) => parse_seats::<Cards>(kinds),
        None => vec![SeatKind::Human; players],
    };
    if !counts.contains(&players) {
        usage_error(format!(
            "{} is for {allowed} players, not {players}",
            ruleset.name
        ));
    }
    let names = chosen_names(args.names, &seats);
    let saver = data_dir.map(|d| Saver::for_new_game(d, &ruleset.name, &names));
    let config = GameConfig {
        ruleset,
        source,
        seats,
        names,
        seed: args.seed.unwrap_or_else(random_seed),
        open_hands: args.open_hands,
        bots: args.mcts.options(Some(DEFAULT_THINK_TIME)),
    };
    Game::new(config, saver).map_err(|e| format!("bohnanza: {e}"))
}

/// The dice game the flags describe, saved in a new file of its own in `data_dir`.
pub fn new_dice_game(
    args: PlayArgs,
    ruleset: Arc<bohnanza::dice::DiceRuleset>,
    source: RulesetSource,
    data_dir: Option<&Path>,
) -> Result<DiceTable, String> {
    let seated = players_for_seats(args.players, args.seats.as_ref().map(Vec::len), "seats");
    let players = match (seated, &args.names) {
        (Some(p), _) => p,
        (None, Some(names)) => names.len(),
        (None, None) => ruleset.player_counts.first().copied().unwrap_or(2),
    };
    if !ruleset.supports(players) {
        let allowed: Vec<String> = ruleset
            .player_counts
            .iter()
            .map(|c| c.to_string())
            .collect();
        usage_error(format!(
            "the dice game is for {} players, not {players}",
            allowed.join(", ")
        ));
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let names = args.names.clone();
    let (config, saver) = dice_table(&args, players, names, seed, (ruleset, source), data_dir);
    DiceTable::new(config, saver).map_err(|e| format!("bohnanza: {e}"))
}

/// A dice table of `players`: the seats `--seats` names (else people), `names` (else each
/// seat's default name), and its save file in the data directory.
pub fn dice_table(
    args: &PlayArgs,
    players: usize,
    names: Option<Vec<String>>,
    seed: u64,
    (ruleset, source): (Arc<bohnanza::dice::DiceRuleset>, RulesetSource),
    data_dir: Option<&Path>,
) -> (GameConfig<Dice>, Option<Saver>) {
    let seats: Vec<SeatKind> = match &args.seats {
        Some(kinds) => parse_seats::<Dice>(kinds),
        None => vec![SeatKind::Human; players],
    };
    let names = match names {
        Some(names) => checked_names(names, players),
        None => (0..players).map(|p| seats[p].default_name(p)).collect(),
    };
    let saver = data_dir.map(|d| Saver::for_new_game(d, &ruleset.name, &names));
    let config = GameConfig::new(ruleset, source, names, seats, seed);
    (config, saver)
}
