//! `bohnanza simulate`, and what the simulator's commands share.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;

use bohnanza::game::{DICE_VARIANT, Rules};
use bohnanza::rulesets;
use bohnanza::simulate::{
    self, BotName, CardGame, DiceGame, Entrant, Format, GameAdapter, MAX_GAMES, Progress, Report,
    Shard, SimConfig, chart,
};

use super::{MctsArgs, players_for_seats, usage_error};

/// The most worker threads a run starts.
pub const MAX_JOBS: i64 = 1024;

/// Which rules a run plays.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The built-in variant to play (see `bohnanza variants`).
    #[arg(long, value_name = "NAME", conflicts_with = "ruleset", default_value = rulesets::DEFAULT,
          value_parser = clap::builder::PossibleValuesParser::new(
              rulesets::BUILT_IN.iter().map(|b| b.name).chain([DICE_VARIANT])))]
    variant: String,
    /// A ruleset file to play instead (TOML).
    #[arg(long, value_name = "FILE.toml")]
    ruleset: Option<PathBuf>,
}

impl RulesArgs {
    /// The game under its rules (a card ruleset or the dice game's), or the message that
    /// says why there is none.
    pub fn load(&self) -> Result<Arc<dyn GameAdapter>, String> {
        let rules = match &self.ruleset {
            Some(file) => Rules::file(file),
            None => Rules::variant(&self.variant),
        }
        .map_err(|e| format!("bohnanza: {e}"))?;
        Ok(match rules {
            Rules::Cards(ruleset) => CardGame::new(ruleset),
            Rules::Dice(ruleset) => DiceGame::new(ruleset),
        })
    }
}

/// What `bohnanza simulate` plays.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Players per game (default: one per seat given, else 4).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    players: Option<u8>,
    /// Games to play (deals, with --duplicate), at most 1,000,000,000 games in all.
    #[arg(long, value_name = "G", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// The bot in each seat, comma separated: random, greedy, and for the card games mcts, or
    /// mcts:PLAYOUTS for a search bot with a budget of its own; for the dice game expect
    /// (default: all greedy).
    #[arg(long, value_name = "BOTS", value_delimiter = ',')]
    seats: Option<Vec<Entrant>>,
    /// Game i is dealt from seed S + i: the same seed gives the same results.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads, at most 1024 (default: every core).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS))]
    jobs: Option<u16>,
    /// Keep every bot in its seat instead of rotating the seats one place each game.
    #[arg(long, conflicts_with = "duplicate")]
    no_rotate: bool,
    /// Play each of the G deals once per rotation of the seats (G × players games), and
    /// compare the bots deal by deal.
    #[arg(long)]
    duplicate: bool,
    /// Play only the K-th of N slices of the games (by seed), for `simulate-merge`.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    #[command(flatten)]
    mcts: MctsArgs,
    /// How to print the report.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also draw the report's charts to this file: a self-contained page (.html) or a
    /// picture (.svg).
    #[arg(long, value_name = "FILE.html|FILE.svg", value_parser = picture_path)]
    report: Option<PathBuf>,
}

/// A path for `--report`: it must end in .html or .svg, which says what to draw.
pub fn picture_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("svg") => Ok(path),
        _ => Err("the report is a page (FILE.html) or a picture (FILE.svg)".into()),
    }
}

/// Draws the report's charts to `path` (an .html page or an .svg picture).
pub fn write_picture(report: &Report, path: &Path) -> Result<(), String> {
    let is_svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let drawn = if is_svg {
        chart::svg(report)
    } else {
        chart::html(report)
    };
    let text = drawn.map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The worker threads to use: as asked, else one per core.
pub fn jobs(asked: Option<u16>) -> usize {
    asked.map(usize::from).unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// Refuses a player count the game cannot seat, or a bot it does not have, the way clap
/// refuses its own.
pub fn check_table(game: &dyn GameAdapter, players: usize, entrants: &[Entrant]) {
    if let Err(e) = game.check_players(players) {
        usage_error(e);
    }
    for entrant in entrants {
        if let Err(e) = game.check_entrant(entrant) {
            usage_error(e);
        }
    }
}

/// `bohnanza simulate`.
pub fn simulate(args: SimulateArgs) -> ExitCode {
    let game = match args.rules.load() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let players =
        players_for_seats(args.players, args.seats.as_ref().map(Vec::len), "bots").unwrap_or(4);
    let seats = args
        .seats
        .unwrap_or_else(|| vec![Entrant::plain(BotName::Greedy); players]);
    check_table(game.as_ref(), players, &seats);
    let config = SimConfig {
        game,
        seats,
        games: args.games,
        seed: args.seed,
        jobs: jobs(args.jobs),
        rotate: !args.no_rotate,
        duplicate: args.duplicate,
        shard: args.shard.unwrap_or(Shard::WHOLE),
        options: args.mcts.options(None),
    };
    if config.total_games().is_none() {
        usage_error(format!(
            "--duplicate plays {} deals × {players} seats: more than {MAX_GAMES} games",
            config.games
        ));
    }
    let shard_games = config.shard.units(config.games).len() * config.games_per_unit();
    let progress = Progress::new(shard_games);
    let result = simulate::run(&config, &|done| progress.update(done));
    progress.finish();
    match result {
        Ok(report) => print_report(&report, args.format, args.report.as_deref()),
        Err(e) => {
            eprintln!("bohnanza: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a report, and draws its charts if asked; fails if a game stopped before its end.
pub fn print_report(report: &Report, format: Format, picture: Option<&Path>) -> ExitCode {
    print!("{}", report.render(format));
    if let Some(path) = picture
        && let Err(e) = write_picture(report, path)
    {
        eprintln!("bohnanza: {e}");
        return ExitCode::FAILURE;
    }
    if report.totals.stuck > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
