//! `--position FILE`: a game opened at a position, card or dice.

use crate::cli::checked_names;
use crate::cli::new_game::dice_table;
use crate::cli::parse_seats;
use crate::cli::play::PlayArgs;
use crate::cli::play::chosen_names;
use crate::cli::play::chosen_ruleset;
use crate::cli::players_for_seats;
use crate::cli::random_seed;
use std::path::Path;
use std::sync::Arc;

use bohnanza::bots::{DEFAULT_THINK_TIME, SeatKind};
use bohnanza::engine::Cards;
use bohnanza::engine::{MAX_POSITION_BYTES, Position};
use bohnanza::store::{RulesetSource, Saver};
use bohnanza::ui::dice::DiceTable;
use bohnanza::ui::{Game, GameConfig};

/// The card game `--position FILE` opens: the table from the flags and the file (which
/// must agree), every hand shown unless `--hide-hands`, saved like any other game.
pub fn game_at_position(
    args: PlayArgs,
    file: &Path,
    data_dir: Option<&Path>,
) -> Result<Game, String> {
    let position: Position = read_position(file)?;
    let (ruleset, source) = chosen_ruleset(&args)?;
    let seated = players_for_seats(args.players, args.seats.as_ref().map(Vec::len), "seats");
    let players = match (seated, position.players.len()) {
        (Some(p), 0) => p,
        (Some(p), given) if p != given => {
            return Err(format!(
                "players: the position seats {given} players, not {p}"
            ));
        }
        (_, 0) => ruleset.player_counts().next().unwrap_or(0),
        (_, given) => given,
    };
    let seats = match &args.seats {
        Some(kinds) => parse_seats::<Cards>(kinds),
        None => vec![SeatKind::Human; players],
    };
    let names = match (args.names, position.names()) {
        (None, Some(names)) => checked_names(names, players),
        (names, _) => chosen_names(names, &seats),
    };
    let seed = args.seed.or(position.seed).unwrap_or_else(random_seed);
    position
        .check_table(&names, seed)
        .map_err(|e| e.to_string())?;
    let saver = data_dir.map(|d| Saver::for_new_game(d, &ruleset.name, &names));
    let config = GameConfig {
        ruleset,
        source,
        seats,
        names,
        seed,
        open_hands: !args.hide_hands,
        bots: args.mcts.options(Some(DEFAULT_THINK_TIME)),
    };
    Game::at_position(config, position, saver)
}

/// The dice game `--position FILE` opens: the file is the `position` of the protocol's
/// `state` reply (or that whole reply), its players the table's; names and seats from the
/// flags as for a new game.
pub fn dice_at_position(
    args: PlayArgs,
    file: &Path,
    ruleset: Arc<bohnanza::dice::DiceRuleset>,
    source: RulesetSource,
    data_dir: Option<&Path>,
) -> Result<DiceTable, String> {
    let mut value: serde_json::Value = read_position(file)?;
    // A whole `state` reply also names the players and the seed.
    let given_seed = value.get("seed").and_then(serde_json::Value::as_u64);
    let given_names: Option<Vec<String>> = value
        .get("names")
        .and_then(|n| serde_json::from_value(n.clone()).ok());
    if let Some(inner) = value.get_mut("position") {
        value = inner.take();
    }
    let position: bohnanza::dice::DicePosition =
        serde_json::from_value(value).map_err(|e| format!("it is not a dice position: {e}"))?;
    let players = position.players.len();
    if let Some(p) = players_for_seats(args.players, args.seats.as_ref().map(Vec::len), "seats")
        .filter(|&p| p != players)
    {
        return Err(format!(
            "players: the position seats {players} players, not {p}"
        ));
    }
    let seed = args.seed.or(given_seed).unwrap_or(position.rng.seed);
    let names = args.names.clone().or(given_names);
    let (config, saver) = dice_table(&args, players, names, seed, (ruleset, source), data_dir);
    DiceTable::at_position(config, position, saver)
}

/// A position file, read with a bound on its size; a pipe or a device is refused
/// ([`bohnanza::user_file`]).
pub fn read_position<T: serde::de::DeserializeOwned>(file: &Path) -> Result<T, String> {
    let bytes = bohnanza::user_file::read(file, MAX_POSITION_BYTES).map_err(|e| e.to_string())?;
    serde_json::from_slice(&bytes).map_err(|e| format!("it is not a position: {e}"))
}
