//! The `bohnanza` command: the game, and the tools for rules testers.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, CommandFactory, Parser, Subcommand};

use bohnanza::bots::{BotOptions, DEFAULT_THINK_TIME, MctsBudget, SeatKind};
use bohnanza::engine::{DrawRule, MAX_POSITION_BYTES, Position, Ruleset};
use bohnanza::game::Rules;
use bohnanza::text::sanitize;
use bohnanza::ui::dice::{DiceConfig, DiceSeat, DiceTable};
use bohnanza::ui::save::{SavedEntry, games_dir, library};
use bohnanza::ui::terminal::Finished;
use bohnanza::ui::{
    self, App, Game, GameConfig, RulesetSource, SavedGame, Saver, Screen, SetupForm, Theme,
};
use bohnanza::{protocol, rulesets};

mod simulate_cli;

/// Bohnanza: plant, trade and harvest beans, hot-seat in one terminal.
///
/// Without a subcommand, opens the game: the setup screen, or straight to the table when
/// `--variant`, `--ruleset`, `--players` or `--names` is given.
#[derive(Parser, Debug)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

/// How to start the game.
#[derive(Args, Debug)]
struct PlayArgs {
    /// Play this built-in variant (see `bohnanza variants`).
    #[arg(long, value_name = "NAME", conflicts_with = "ruleset",
          value_parser = clap::builder::PossibleValuesParser::new(
              rulesets::BUILT_IN.iter().map(|b| b.name).chain([bohnanza::game::DICE_VARIANT])))]
    variant: Option<String>,
    /// Play a custom ruleset file (TOML; check it with `bohnanza check FILE`).
    #[arg(long, value_name = "FILE.toml")]
    ruleset: Option<PathBuf>,
    /// How many players sit at the table (within the variant's range).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    players: Option<u8>,
    /// The players' names in seat order, comma separated (Ana,Ben,Cy).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    names: Option<Vec<String>>,
    /// Shuffle with this seed, to replay the same deal.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Who plays each seat, comma separated: human, random, greedy, mcts
    /// (human,greedy,greedy,mcts); in the dice game human, random, greedy, expect. Sets the
    /// number of players unless --players does.
    #[arg(long, value_name = "SEATS", value_delimiter = ',')]
    seats: Option<Vec<String>>,
    /// Show every hand and skip the hand-offs (for rules testers and solo testing).
    #[arg(long)]
    open_hands: bool,
    /// Open the game screen at the position in FILE.json (a protocol `state` reply, or a
    /// hand-written position: see docs/protocol.md), every hand shown unless --hide-hands.
    #[arg(long, value_name = "FILE.json")]
    position: Option<PathBuf>,
    /// With --position: keep hands hidden, with hand-offs between players.
    #[arg(long, requires = "position")]
    hide_hands: bool,
    /// Continue an unfinished game, card or dice, where it stands: FILE (a save file, or its
    /// name in the data directory's games/), else the only unfinished game, else the one
    /// picked from a list.
    #[arg(long, value_name = "FILE", num_args = 0..=1,
          conflicts_with_all = ["variant", "ruleset", "players", "names", "seed", "open_hands", "seats", "position"])]
    resume: Option<Option<PathBuf>>,
    #[command(flatten)]
    mcts: MctsArgs,
}

/// The search bot's budget, for the game and for `simulate`.
#[derive(Args, Debug)]
struct MctsArgs {
    /// Playouts per mcts decision.
    #[arg(long, value_name = "N", default_value_t = bohnanza::bots::mcts::DEFAULT_PLAYOUTS)]
    mcts_playouts: u32,
    /// Also stop each mcts decision after this many milliseconds (results then depend on
    /// the machine's speed; the game on screen stops at 200 unless told).
    #[arg(long, value_name = "MS")]
    mcts_time: Option<u64>,
}

impl MctsArgs {
    /// The bots' options, with `default_time` when no time limit is given.
    fn options(&self, default_time: Option<std::time::Duration>) -> BotOptions {
        BotOptions {
            mcts: MctsBudget {
                playouts: self.mcts_playouts.max(1),
                time: self
                    .mcts_time
                    .map(std::time::Duration::from_millis)
                    .or(default_time),
            },
        }
    }
}

/// The number of players from `--players` and a per-seat list (`--seats`), or why they
/// disagree, said the way clap says its own mistakes.
fn players_for_seats(players: Option<u8>, seats: Option<usize>, what: &str) -> Option<usize> {
    match (players, seats) {
        (Some(p), Some(n)) if usize::from(p) != n => usage_error(format!(
            "--seats names {n} {what} for {p} players (--players {p})"
        )),
        (Some(p), _) => Some(usize::from(p)),
        (None, n) => n,
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the built-in rulesets, one line each.
    Variants,
    /// Validate a ruleset file and print its summary, or every problem in it (exit code 1).
    Check {
        /// The ruleset file (TOML).
        file: PathBuf,
    },
    /// Write a saved game as the protocol's JSON lines (`bohnanza script < FILE.jsonl` replays it).
    Export {
        /// The save file, or its name in the data directory's games/.
        file: PathBuf,
    },
    /// Step through a saved game on the game screen with every hand shown, and continue it
    /// from any point as a new game (the file itself is only read).
    Replay {
        /// The save file, or its name in the data directory's games/; without it, the
        /// unfinished game played most recently.
        file: Option<PathBuf>,
        #[command(flatten)]
        mcts: MctsArgs,
    },
    /// Speak the headless JSON-lines protocol on standard input and output (see docs/protocol.md).
    Script,
    /// Play many games with bots in every seat, headless on all cores, and report how each
    /// did and what the ruleset is like.
    Simulate(simulate_cli::SimulateArgs),
    /// Add up the JSON reports of slices of one run (`simulate --shard K/N`) into the
    /// report of the whole run.
    SimulateMerge(simulate_cli::MergeArgs),
    /// Rate bots against each other from mixed tables (Weng-Lin ratings), as a table.
    Ladder(simulate_cli::LadderArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Variants) => variants(),
        Some(Command::Check { file }) => check(&file),
        Some(Command::Script) => script(),
        Some(Command::Simulate(args)) => simulate_cli::simulate(args),
        Some(Command::SimulateMerge(args)) => simulate_cli::merge(args),
        Some(Command::Export { file }) => export(&file),
        Some(Command::Replay { file, mcts }) => replay(file.as_deref(), &mcts),
        Some(Command::Ladder(args)) => simulate_cli::ladder(args),
        None => play(cli.play),
    }
}

/// A seed nobody chose: from the process's random hasher keys.
fn random_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::process::id())
}

/// A command-line mistake, said the way clap says its own, and the exit.
fn usage_error(message: String) -> ! {
    Cli::command()
        .error(clap::error::ErrorKind::ValueValidation, message)
        .exit()
}

fn play(args: PlayArgs) -> ExitCode {
    let theme = Theme::from_env();
    let data_dir = ui::data_dir();
    let app = if let Some(file) = &args.resume {
        match resume(data_dir.as_deref(), file.as_deref(), &args.mcts, theme) {
            Ok(app) => app,
            Err(e) => {
                // It may quote the save file, or the ruleset within it.
                eprintln!("bohnanza: {}", ui::save::shown_lines(&e));
                return ExitCode::FAILURE;
            }
        }
    } else {
        if data_dir.is_none() {
            eprintln!(
                "bohnanza: no data directory (set HOME or BOHNANZA_DATA_DIR); the game will not be saved"
            );
        }
        if let Some(file) = args.position.clone() {
            let opened = match dice_rules(&args) {
                Some((ruleset, source)) => {
                    dice_at_position(args, &file, ruleset, source, data_dir.as_deref())
                        .map(|t| App::playing_dice(t, theme))
                }
                None => game_at_position(args, &file, data_dir.as_deref())
                    .map(|g| App::playing(g, theme)),
            };
            match opened {
                Ok(app) => app,
                Err(e) => {
                    let shown = sanitize(&file.display().to_string()).into_owned();
                    eprintln!("bohnanza: {shown}: {}", ui::save::shown_lines(&e));
                    return ExitCode::from(2);
                }
            }
        } else if args.variant.is_some()
            || args.ruleset.is_some()
            || args.players.is_some()
            || args.names.is_some()
            || args.seats.is_some()
        {
            if let Some((ruleset, source)) = dice_rules(&args) {
                match new_dice_game(args, ruleset, source, data_dir.as_deref()) {
                    Ok(t) => App::playing_dice(t, theme),
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                }
            } else {
                match new_game(args, data_dir.as_deref()) {
                    Ok(g) => App::playing(g, theme),
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
        } else {
            let mut form = SetupForm::new();
            form.seed = args.seed;
            form.open_hands = args.open_hands;
            App::setup(form, theme, data_dir, random_seed())
        }
    };
    match ui::terminal::run(app) {
        Ok(finished) => farewell(finished),
        Err(e) => {
            eprintln!("bohnanza: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The ruleset `--ruleset` or `--variant` names (the default variant without either), and
/// its source for the save; the error is ready to print.
fn chosen_ruleset(args: &PlayArgs) -> Result<(Arc<Ruleset>, RulesetSource), String> {
    if let Some(file) = &args.ruleset {
        let shown = file.display().to_string();
        let text = rulesets::read_file(file).map_err(|e| format!("bohnanza: {e}"))?;
        let ruleset = rulesets::parse(&shown, &text).map_err(|e| e.to_string())?;
        let source = RulesetSource {
            origin: shown,
            toml: text,
        };
        return Ok((Arc::new(ruleset), source));
    }
    let name = args.variant.as_deref().unwrap_or(rulesets::DEFAULT);
    let ruleset = rulesets::load(name).map_err(|e| format!("bohnanza: {e}"))?;
    let built_in = rulesets::BUILT_IN
        .iter()
        .find(|b| b.name == name)
        .ok_or_else(|| format!("bohnanza: no built-in variant is called {name}"))?;
    let source = RulesetSource {
        origin: built_in.name.to_string(),
        toml: built_in.text.to_string(),
    };
    Ok((ruleset, source))
}

/// The players' names from `--names` (checked), else the defaults for the seats.
fn chosen_names(names: Option<Vec<String>>, seats: &[SeatKind]) -> Vec<String> {
    let players = seats.len();
    let Some(names) = names else {
        return (0..players)
            .map(|p| SetupForm::default_name(p, seats[p]))
            .collect();
    };
    checked_names(names, players)
}

/// `--names` trimmed, or a usage error when they do not fit `players` seats.
fn checked_names(names: Vec<String>, players: usize) -> Vec<String> {
    let names: Vec<String> = names.into_iter().map(|n| n.trim().to_string()).collect();
    if names.len() != players {
        usage_error(format!(
            "--names gives {} names for {players} players",
            names.len()
        ));
    }
    if let Some(i) = names.iter().position(String::is_empty) {
        usage_error(format!("--names: name {} is empty", i + 1));
    }
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            usage_error(format!("--names: two players are called {}", sanitize(n)));
        }
    }
    names
}

/// The game the flags describe, saved in a new file of its own in `data_dir`.
fn new_game(args: PlayArgs, data_dir: Option<&Path>) -> Result<Game, String> {
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
    if !counts.contains(&players) {
        usage_error(format!(
            "{} is for {allowed} players, not {players}",
            ruleset.name
        ));
    }
    let seats = match &args.seats {
        Some(kinds) => parse_seats(kinds),
        None => vec![SeatKind::Human; players],
    };
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

/// The card game `--position FILE` opens: the table from the flags and the file (which
/// must agree), every hand shown unless `--hide-hands`, saved like any other game.
fn game_at_position(args: PlayArgs, file: &Path, data_dir: Option<&Path>) -> Result<Game, String> {
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
        Some(kinds) => parse_seats(kinds),
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
fn dice_at_position(
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

/// A position file, read with a bound on its size.
fn read_position<T: serde::de::DeserializeOwned>(file: &Path) -> Result<T, String> {
    let opened = std::fs::File::open(file).map_err(|e| format!("it cannot be read: {e}"))?;
    let mut bytes = Vec::new();
    opened
        .take(MAX_POSITION_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("it cannot be read: {e}"))?;
    if bytes.len() as u64 > MAX_POSITION_BYTES {
        return Err(format!(
            "it is larger than a position file may be ({MAX_POSITION_BYTES} bytes)"
        ));
    }
    serde_json::from_slice(&bytes).map_err(|e| format!("it is not a position: {e}"))
}

/// The seat kinds `--seats` names, or a usage error saying which one is unknown.
fn parse_seats<T: std::str::FromStr<Err = String>>(kinds: &[String]) -> Vec<T> {
    kinds
        .iter()
        .map(|k| {
            k.parse()
                .unwrap_or_else(|e| usage_error(format!("--seats: {e}")))
        })
        .collect()
}

/// The dice game's rules and their source for the save, when the flags ask for the dice
/// game: `--variant dice`, or a `--ruleset` file that is a dice ruleset (a card ruleset, or a
/// file that cannot be read, is left to the card game's path, which says what is wrong with
/// it).
fn dice_rules(args: &PlayArgs) -> Option<(Arc<bohnanza::dice::DiceRuleset>, RulesetSource)> {
    match (&args.variant, &args.ruleset) {
        (Some(v), _) if v == bohnanza::game::DICE_VARIANT => Some((
            Arc::new(bohnanza::dice::DiceRuleset::standard()),
            RulesetSource::dice(),
        )),
        (_, Some(file)) => {
            let text = rulesets::read_file(file).ok()?;
            let origin = file.display().to_string();
            match Rules::from_text(&origin, &text) {
                Ok(Rules::Dice(r)) => Some((r, RulesetSource { origin, toml: text })),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The dice game the flags describe, saved in a new file of its own in `data_dir`.
fn new_dice_game(
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
fn dice_table(
    args: &PlayArgs,
    players: usize,
    names: Option<Vec<String>>,
    seed: u64,
    (ruleset, source): (Arc<bohnanza::dice::DiceRuleset>, RulesetSource),
    data_dir: Option<&Path>,
) -> (DiceConfig, Option<Saver>) {
    let seats: Vec<DiceSeat> = match &args.seats {
        Some(kinds) => parse_seats(kinds),
        None => vec![DiceSeat::Human; players],
    };
    let names = match names {
        Some(names) => checked_names(names, players),
        None => (0..players).map(|p| seats[p].default_name(p)).collect(),
    };
    let saver = data_dir.map(|d| Saver::for_new_game(d, &ruleset.name, &names));
    let config = DiceConfig {
        ruleset,
        source,
        names,
        seats,
        seed,
    };
    (config, saver)
}

/// `FILE` as given if it exists, else the saved game of that name in the data directory.
fn locate(file: &Path, data_dir: Option<&Path>) -> PathBuf {
    match data_dir {
        Some(d) if !file.exists() && games_dir(d).join(file).is_file() => games_dir(d).join(file),
        _ => file.to_path_buf(),
    }
}

/// The unfinished game to resume from the data directory: the only one, or the one the
/// person picks from a list on standard input.
fn choose_unfinished(data_dir: &Path) -> Result<PathBuf, String> {
    let (games, problems) = library::list(data_dir);
    for p in problems {
        eprintln!("bohnanza: {}", ui::save::shown_lines(&p));
    }
    let finished = games.iter().filter(|g| g.game.finished).count();
    let unfinished: Vec<SavedEntry> = games.into_iter().filter(|g| !g.game.finished).collect();
    match unfinished.len() {
        0 => Err(format!(
            "no saved game to resume in {} ({finished} finished games are kept there); \
             `bohnanza` starts a new one",
            sanitize(&games_dir(data_dir).display().to_string())
        )),
        1 => Ok(unfinished[0].path.clone()),
        _ => {
            let i = library::pick(&unfinished, io::stdin().lock(), io::stdout())?;
            Ok(unfinished[i].path.clone())
        }
    }
}

/// The saved game `--resume [FILE]` continues, a card game or the dice game, on screen.
fn resume(
    data_dir: Option<&Path>,
    file: Option<&Path>,
    mcts: &MctsArgs,
    theme: Theme,
) -> Result<App, String> {
    let path = match (file, data_dir) {
        (Some(f), _) => locate(f, data_dir),
        (None, Some(d)) => choose_unfinished(d)?,
        (None, None) => {
            return Err(
                "no data directory to resume from (set HOME or BOHNANZA_DATA_DIR)".to_string(),
            );
        }
    };
    // A damaged file is moved aside within the data directory (else beside itself).
    let aside = data_dir
        .map(Path::to_path_buf)
        .or_else(|| path.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    let saved = library::open(&aside, &path)?;
    let shown_path = sanitize(&path.display().to_string()).into_owned();
    if saved.finished {
        let names = bohnanza::text::sanitize_all(&saved.names);
        return Err(format!(
            "the game in {shown_path} ({}) is over; `bohnanza export {shown_path}` writes it \
             out, `bohnanza` starts a new one",
            names.join(", ")
        ));
    }
    let saver = Some(Saver::resumed(path, saved.actions.len()));
    if let Ok(Rules::Dice(_)) = saved.ruleset.rules() {
        return DiceTable::resume(saved, saver).map(|t| App::playing_dice(t, theme));
    }
    Game::resume_with(saved, saver, &mcts.options(Some(DEFAULT_THINK_TIME)))
        .map(|g| App::playing(g, theme))
}

/// What is printed when the game screen closes: the scores of a finished game, or whether
/// the game is on disk (one more save is tried if the last one failed). A game ended by a
/// signal exits with the shell's status for it.
fn farewell(finished: Finished) -> ExitCode {
    let Finished {
        mut app,
        signal,
        error,
    } = finished;
    // The terminal may be gone (SIGHUP): nothing is printed then, and that is no error.
    let mut out = io::stdout();
    let mut code = signal.map_or(ExitCode::SUCCESS, |s| ExitCode::from(s.exit_status()));
    if let Some(s) = signal {
        let _ = writeln!(out, "bohnanza: ended by {}.", s.name());
    } else if let Some(e) = error {
        let _ = writeln!(io::stderr(), "bohnanza: the terminal failed: {e}");
        code = ExitCode::FAILURE;
    }
    let (saver, record) = match &mut app.screen {
        Screen::Dice(table) => {
            let _ = write!(out, "{}", ui::dice::farewell(table));
            let table: &mut DiceTable = table;
            (&mut table.saver, &table.record)
        }
        Screen::Game(game) => {
            let game: &mut Game = game;
            if let Some(o) = game.state.outcome() {
                let _ = write!(out, "{}", ui::final_scores(game, o));
            }
            (&mut game.saver, &game.record)
        }
        Screen::Setup(_) | Screen::Replay(_) | Screen::DiceReplay(_) => return code,
    };
    match saver {
        Some(saver) => say_where_saved(&mut out, saver, record, code),
        None => code,
    }
}

/// Says where the game is on disk (one more save is tried if the last one failed), or that
/// it is not; the card game and the dice game alike.
fn say_where_saved(
    out: &mut impl Write,
    saver: &mut Saver,
    record: &SavedGame,
    code: ExitCode,
) -> ExitCode {
    if saver.problem().is_some() {
        saver.save(record);
    }
    let path = sanitize(&saver.path().display().to_string()).into_owned();
    match saver.problem() {
        Some(problem) => {
            let _ = writeln!(out, "The game is NOT saved in {path}: {problem}");
            ExitCode::FAILURE
        }
        None if record.finished => {
            let _ = writeln!(
                out,
                "The game is kept in {path}; `bohnanza export` writes it as protocol lines."
            );
            code
        }
        None => {
            let _ = writeln!(
                out,
                "The game is saved in {path}. `bohnanza --resume` continues it."
            );
            code
        }
    }
}

/// `bohnanza replay [FILE]`: the viewer on a saved game; a file that cannot be replayed
/// exits with status 2.
fn replay(file: Option<&Path>, mcts: &MctsArgs) -> ExitCode {
    let data_dir = ui::data_dir();
    let bad = |e: &str| {
        eprintln!("bohnanza: {}", ui::save::shown_lines(e));
        ExitCode::from(2)
    };
    let path = match (file, data_dir.as_deref()) {
        (Some(f), _) => locate(f, data_dir.as_deref()),
        (None, Some(d)) => {
            let (found, problems) = ui::replay::running_game(d);
            for p in problems {
                eprintln!("bohnanza: {}", ui::save::shown_lines(&p));
            }
            match found {
                Ok(path) => path,
                Err(e) => return bad(&e),
            }
        }
        (None, None) => {
            return bad(
                "no data directory to find the running game in (set HOME or \
                 BOHNANZA_DATA_DIR); `bohnanza replay FILE` opens a save file",
            );
        }
    };
    let mut viewer = match ui::replay::open(&path) {
        Ok(v) => v,
        Err(e) => return bad(&e),
    };
    if let ui::replay::Viewer::Cards(cards) = &mut viewer {
        cards.bot_options = mcts.options(Some(DEFAULT_THINK_TIME));
    }
    let app = App::replaying(viewer, Theme::from_env(), data_dir);
    match ui::terminal::run(app) {
        Ok(finished) => farewell(finished),
        Err(e) => {
            eprintln!("bohnanza: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `bohnanza export FILE`: a saved game as the protocol's JSON lines on standard output.
fn export(file: &Path) -> ExitCode {
    let path = locate(file, ui::data_dir().as_deref());
    let shown_path = sanitize(&path.display().to_string()).into_owned();
    let saved = match ui::save::read(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("bohnanza: the saved game {shown_path} cannot be exported: {e}");
            return ExitCode::FAILURE;
        }
    };
    let exported = match ui::save::export::export(&saved) {
        Ok(x) => x,
        Err(e) => {
            let e = ui::save::shown_lines(&e);
            eprintln!("bohnanza: the saved game {shown_path} cannot be exported: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(w) = &exported.warning {
        eprintln!("bohnanza: {w}");
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in &exported.lines {
        if let Err(e) = writeln!(out, "{line}") {
            eprintln!("bohnanza: export: {e}");
            return ExitCode::FAILURE;
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bohnanza: export: {e}");
            ExitCode::FAILURE
        }
    }
}

fn variants() -> ExitCode {
    match bohnanza::game::variants() {
        Ok(all) => {
            for v in all {
                println!("{:<28} {}", v.name, v.summary);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn check(file: &Path) -> ExitCode {
    let shown = file.display().to_string();
    let text = match rulesets::read_file(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match rulesets::parse(&shown, &text) {
        Ok(r) => {
            for line in describe(&r).lines() {
                println!("{}", sanitize(line));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// A ruleset's summary, as `check` prints it.
fn describe(r: &Ruleset) -> String {
    let mut s = format!("{} ({}): {}\n", r.name, r.title, r.summary);
    for n in r.player_counts() {
        if let Some(t) = r.table(n) {
            let deck: u32 = r.deck_counts(n).iter().map(|&c| u32::from(c)).sum();
            let draw = match r.phase_4_draws {
                DrawRule::ActivePlayer => format!("draw {}", t.cards_drawn),
                DrawRule::EveryPlayer => format!("every player draws {}", t.cards_drawn),
            };
            let third = t
                .third_field_price
                .map(|p| format!(", a third field costs {p}"))
                .unwrap_or_default();
            s.push_str(&format!(
                "  {n} players: {} bean fields, {deck} cards, deal {}, {draw}{third}, ends when the draw pile runs out {} times\n",
                t.bean_fields,
                t.deal_description(),
                t.game_ends_when_draw_pile_runs_out
            ));
        }
    }
    if !r.order_cards.is_empty() {
        s.push_str(&format!("  {} order cards\n", r.order_cards.len()));
    }
    for b in &r.beans {
        let steps: Vec<String> = b
            .beanometer
            .steps()
            .iter()
            .map(|s| s.map_or("-".to_string(), |n| n.to_string()))
            .collect();
        let field = b
            .gives_third_field_at
            .map(|n| format!(", {n} harvested give a third field"))
            .unwrap_or_default();
        s.push_str(&format!(
            "  {:<12} {} {:>3} cards, beanometer {}{field}\n",
            b.name,
            b.letter,
            b.count,
            steps.join(" ")
        ));
    }
    s
}

fn script() -> ExitCode {
    let stdin = io::stdin();
    match protocol::run(stdin.lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bohnanza script: {e}");
            ExitCode::FAILURE
        }
    }
}
