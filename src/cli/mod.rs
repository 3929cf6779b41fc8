//! The `bohnanza` command line: one file per command, and the few helpers they share.

mod check;
mod completions;
mod export;
mod farewell;
mod host;
mod join;
mod ladder;
mod linear;
mod man;
mod merge;
mod new_game;
mod play;
mod position;
mod replay;
mod resume;
mod review;
mod script;
mod simulate;
mod stdout;
mod table_args;
mod variants;

use crate::cli::play::PlayArgs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use bohnanza::game::{BotOptions, DEFAULT_PLAYOUTS, ThinkingBudget};
use bohnanza::game::{SeatKind, Seated};
use bohnanza::rules::TIMED_PLAYOUTS;
use bohnanza::simulate::entrant::MAX_PLAYOUTS;
use bohnanza::store::games_dir;
use bohnanza::text::sanitize;

/// Bohnanza: plant, trade and harvest beans, hot-seat in one terminal.
///
/// Without a subcommand, opens the game: the setup screen, or straight to the table when
/// `--variant`, `--ruleset`, `--players` or `--names` is given.
#[derive(Parser, Debug)]
#[command(version, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

/// The search bot's budget, for the game and for `simulate`.
#[derive(Args, Debug)]
pub struct MctsArgs {
    /// Playouts per mcts decision, 1 to 1,000,000 as mcts:N takes them (default 400; in a
    /// game on screen, as many as its thinking time allows).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PLAYOUTS)))]
    pub mcts_playouts: Option<u32>,
    /// Also stop each mcts decision after this many milliseconds (results then depend on
    /// the machine's speed; the game on screen stops at 200 unless told).
    #[arg(long, value_name = "MS")]
    pub mcts_time: Option<u64>,
}

impl MctsArgs {
    /// The bots' options, with `default_time` when no time limit is given. With a time
    /// and no playout count, the time alone bounds a decision (a game on screen thinks by
    /// time); without a time, a fixed count keeps results reproducible (`simulate`).
    fn options(&self, default_time: Option<std::time::Duration>) -> BotOptions {
        let untold = if default_time.is_some() {
            TIMED_PLAYOUTS
        } else {
            DEFAULT_PLAYOUTS
        };
        BotOptions {
            search: ThinkingBudget {
                playouts: self.mcts_playouts.unwrap_or(untold).max(1),
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
pub fn players_for_seats(players: Option<u8>, seats: Option<usize>, what: &str) -> Option<usize> {
    match (players, seats) {
        (Some(p), Some(n)) if usize::from(p) != n => usage_error(format!(
            "--seats names {n} {what} for {p} players (--players {p})"
        )),
        (Some(p), _) => Some(usize::from(p)),
        (None, n) => n,
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the built-in rulesets, one line each.
    Variants,
    /// Validate a ruleset file (a card game's or the dice game's) and print its summary, or every
    /// problem in it (exit code 1).
    Check {
        /// The ruleset file (TOML).
        file: PathBuf,
    },
    /// Write a saved game as the protocol's JSON lines (`bohnanza export FILE > game.jsonl`;
    /// `bohnanza script < game.jsonl` replays it).
    Export {
        /// The save file, or its name in the data directory's games/.
        file: PathBuf,
    },
    /// Step through a saved game on the game screen, and continue it from any point as a
    /// new game (the file itself is only read). A finished game shows every hand; one not
    /// yet over whose hands are hidden shows the public table only.
    Replay {
        /// The save file, or its name in the data directory's games/; without it, the list
        /// of saved games (newest first, finished ones too) to pick one from.
        file: Option<PathBuf>,
        /// Show every hand of a game not yet over, after a window asks to be sure (anyone
        /// watching learns what each player holds).
        #[arg(long, requires = "file")]
        open_hands: bool,
        #[command(flatten)]
        mcts: MctsArgs,
    },
    /// List a saved game's costly decisions: what each person did, what the coach finds
    /// better, and how much of the expected final score it cost (the file is only read).
    Review(review::ReviewArgs),
    /// Speak the headless JSON-lines protocol on standard input and output (see docs/protocol.md).
    Script,
    /// Host a game that each player joins from their own terminal or program, over the
    /// network (see docs/network.md); prints one JSON line with the address and the codes.
    Host(host::HostArgs),
    /// Play your seat of a hosted game in this terminal: the game screen, with your hand
    /// only (ADDR:PORT and your code, as the host gave them).
    Join(join::JoinArgs),
    /// Play many games with bots in every seat, headless on all cores, and report how each
    /// did and what the ruleset is like.
    Simulate(simulate::SimulateArgs),
    /// Add up the JSON reports of slices of one run (`simulate --shard K/N`) into the
    /// report of the whole run.
    SimulateMerge(merge::MergeArgs),
    /// Rate bots against each other from mixed tables (Weng-Lin ratings), as a table.
    Ladder(ladder::LadderArgs),
    /// Print the shell's completion script (see the README for where to put it).
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page, in roff (`bohnanza man > bohnanza.1`, or `bohnanza man | man -l -`).
    Man,
}

/// The command line's definition, as the program parses it and as completions and the
/// manual describe it: `-h` asks for the same full help as `--help` on every command.
pub fn command() -> clap::Command {
    one_help(Cli::command())
}

/// `cmd` and its subcommands with a `-h`/`--help` flag that prints the long help both ways
/// (clap's own prints only the first paragraph of each description for `-h`).
fn one_help(cmd: clap::Command) -> clap::Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    let mut cmd = cmd.disable_help_flag(true).arg(
        clap::Arg::new("help")
            .short('h')
            .long("help")
            .action(clap::ArgAction::HelpLong)
            .help("Print help"),
    );
    for name in names {
        cmd = cmd.mut_subcommand(name, one_help);
    }
    cmd
}

/// Runs the command the arguments name.
pub fn run() -> ExitCode {
    let matches = command().try_get_matches().unwrap_or_else(|e| exit_with(e));
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| exit_with(e));
    match cli.command {
        Some(Command::Variants) => variants::variants(),
        Some(Command::Check { file }) => check::check(&file),
        Some(Command::Script) => script::script(),
        Some(Command::Host(args)) => host::host(args),
        Some(Command::Join(args)) => join::join(args),
        Some(Command::Simulate(args)) => simulate::simulate(args),
        Some(Command::SimulateMerge(args)) => merge::merge(args),
        Some(Command::Export { file }) => export::export(&file),
        Some(Command::Replay {
            file,
            open_hands,
            mcts,
        }) => replay::replay(file.as_deref(), open_hands, &mcts),
        Some(Command::Ladder(args)) => ladder::ladder(args),
        Some(Command::Review(args)) => review::review_command(args),
        Some(Command::Completions { shell }) => completions::completions(shell),
        Some(Command::Man) => man::man(),
        None => play::play(cli.play),
    }
}

/// A seed nobody chose: from the process's random hasher keys.
pub fn random_seed() -> u64 {
    use std::hash::BuildHasher;
    std::collections::hash_map::RandomState::new().hash_one(std::process::id())
}

/// A command-line mistake, said the way clap says its own, and the exit: under the usage of
/// the subcommand typed (`bohnanza simulate [OPTIONS]`), as clap shows it for its own
/// refusals, else of the game screen.
pub fn usage_error(message: String) -> ! {
    let mut cli = Cli::command();
    cli.build();
    let typed = std::env::args_os().nth(1);
    let subcommand = typed
        .as_deref()
        .and_then(std::ffi::OsStr::to_str)
        .and_then(|name| cli.find_subcommand(name))
        .cloned();
    let mut command = subcommand.unwrap_or(cli);
    exit_with(command.error(clap::error::ErrorKind::ValueValidation, message))
}

/// Says a command-line error and exits as clap would, but made safe for the terminal: clap
/// quotes the value it refused (`--variant $'\e]0;…'`) as it was typed. Help and the
/// version, which quote nothing typed, are printed by clap as usual.
pub fn exit_with(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit()
    }
    // Rendered without colours: the only escapes left are the ones typed.
    let text = e.render().to_string();
    eprint!("{}", bohnanza::store::shown_lines(&text));
    std::process::exit(e.exit_code())
}

/// The seat kinds `--seats` names, or a usage error saying which one is unknown.
pub fn parse_seats<G: Seated>(kinds: &[String]) -> Vec<SeatKind> {
    kinds
        .iter()
        .map(|k| {
            SeatKind::parse_for::<G>(k).unwrap_or_else(|e| usage_error(format!("--seats: {e}")))
        })
        .collect()
}

/// `--names` trimmed, or a usage error when they do not fit `players` seats.
pub fn checked_names(names: Vec<String>, players: usize) -> Vec<String> {
    let names: Vec<String> = names.into_iter().map(|n| n.trim().to_string()).collect();
    if let Some(problem) = names_problem("--names", &names, players) {
        usage_error(problem);
    }
    names
}

/// Why `names` (from `source`, as the message names it) cannot seat `players` players, if
/// they cannot: the wrong count, an empty name or two players called alike.
pub fn names_problem(source: &str, names: &[String], players: usize) -> Option<String> {
    if names.len() != players {
        return Some(format!(
            "{source} gives {} names for {players} players",
            names.len()
        ));
    }
    if let Some(i) = names.iter().position(|n| n.trim().is_empty()) {
        return Some(format!("{source}: name {} is empty", i + 1));
    }
    let trimmed: Vec<&str> = names.iter().map(|n| n.trim()).collect();
    (1..trimmed.len())
        .find(|&i| trimmed[..i].contains(&trimmed[i]))
        .map(|i| format!("{source}: two players are called {}", sanitize(trimmed[i])))
}

/// `FILE` as given if it exists, else the saved game of that name in the data directory.
pub fn locate(file: &Path, data_dir: Option<&Path>) -> PathBuf {
    match data_dir {
        Some(d) if !file.exists() && games_dir(d).join(file).is_file() => games_dir(d).join(file),
        _ => file.to_path_buf(),
    }
}
