//! `bohnanza simulate`, and what the simulator's commands share.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::simulate::{
    self, Entrant, Format, MAX_GAMES, Progress, Report, Shard, SimConfig, SimGame, chart,
};
use bohnanza::text::sanitize;

use super::{MctsArgs, players_for_seats, usage_error};

/// The most worker threads a run starts.
pub const MAX_JOBS: i64 = 1024;

/// Which rules a run plays.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// The built-in variant to play (see `bohnanza variants`).
    #[arg(long, value_name = "NAME", conflicts_with = "ruleset", default_value = rulesets::DEFAULT,
          value_parser = clap::builder::PossibleValuesParser::new(
              bohnanza::rules::variant_names()))]
    variant: String,
    /// A ruleset file to play instead (TOML).
    #[arg(long, value_name = "FILE.toml")]
    ruleset: Option<PathBuf>,
}

impl RulesArgs {
    /// The game under its rules (a card ruleset or the dice game's), or `None` once the
    /// message that says why there is none is printed.
    pub fn load(&self) -> Option<SimGame> {
        load_game(self.ruleset.as_deref(), &self.variant)
            .map_err(|e| eprintln!("{e}"))
            .ok()
    }

    /// The ruleset file, as reports name it, when the rules come from one.
    pub fn file_named(&self) -> Option<String> {
        self.ruleset.as_ref().map(|f| f.display().to_string())
    }
}

/// The game under the rules of `file`, else of the built-in `variant`.
fn load_game(file: Option<&Path>, variant: &str) -> Result<SimGame, String> {
    match file {
        Some(file) => Rules::file(file),
        None => Rules::variant(variant),
    }
    .map(SimGame::new)
    .map_err(|e| format!("bohnanza: {e}"))
}

/// The second ruleset of a comparison (B), played on the same seeds as the first.
#[derive(Args, Debug)]
pub struct AgainstArgs {
    /// Compare: also play the same seeds under this ruleset file (B), and print each figure
    /// of the two side by side with their paired difference and its 95% interval (text or
    /// JSON).
    #[arg(long, value_name = "FILE.toml", conflicts_with_all = ["against_variant", "shard", "report"])]
    against: Option<PathBuf>,
    /// Compare with this built-in variant as B, as --against does with a file.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["shard", "report"],
          value_parser = clap::builder::PossibleValuesParser::new(
              bohnanza::rules::variant_names()))]
    against_variant: Option<String>,
}

/// Ruleset B of a comparison, and the file it came from (none for a built-in).
type RulesB = (SimGame, Option<String>);

impl AgainstArgs {
    /// Ruleset B and the file it came from, when a comparison is asked for.
    fn load(&self) -> Option<Result<RulesB, String>> {
        let variant = self.against_variant.as_deref();
        if self.against.is_none() && variant.is_none() {
            return None;
        }
        let game = load_game(self.against.as_deref(), variant.unwrap_or_default());
        let file = self.against.as_ref().map(|f| f.display().to_string());
        Some(game.map(|g| (g, file)))
    }
}

/// What `bohnanza simulate` plays.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[command(flatten)]
    rules: RulesArgs,
    #[command(flatten)]
    against: AgainstArgs,
    /// Players per game (default: one per seat given, else 4).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    players: Option<u8>,
    /// Games to play (deals, with --duplicate), at most 1,000,000,000 games in all.
    #[arg(long, value_name = "G", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// The bot in each seat, comma separated: for the card games the levels easy, normal, hard
    /// and expert, or random, greedy, mcts, or mcts:PLAYOUTS for a search bot with a budget of
    /// its own (expert,greedy,greedy,mcts:100); for the dice game random, greedy, expect or
    /// strong (default: all greedy).
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

/// A path for `--report`: it must end in .html or .svg, which says what to draw, and be a
/// file that can be written, checked as the flags are read so that a long run does not end
/// in a report with nowhere to go (nor wait without end on a pipe nobody reads).
pub fn picture_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("svg") => {}
        _ => return Err("the report is a page (FILE.html) or a picture (FILE.svg)".into()),
    }
    writable_file(&path)?;
    Ok(path)
}

/// Why a report cannot be written to `path`, if it cannot: it is there and not a regular
/// file, or the folder it goes in is not there.
fn writable_file(path: &Path) -> Result<(), String> {
    if let Ok(meta) = std::fs::metadata(path) {
        if !meta.is_file() {
            return Err(
                "it is not a regular file (a report is written to a file, not a folder, pipe or device)"
                    .into(),
            );
        }
        return Ok(());
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if folder.is_dir() {
        Ok(())
    } else {
        Err(format!(
            "the folder {} is not there",
            sanitize(&folder.display().to_string())
        ))
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
    let shown = || sanitize(&path.display().to_string()).into_owned();
    // Checked again: the path may have become a pipe during a long run.
    writable_file(path).map_err(|e| format!("{}: {e}", shown()))?;
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", shown()))
}

/// The worker threads to use: as asked, else one per core.
pub fn jobs(asked: Option<u16>) -> usize {
    asked.map(usize::from).unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    })
}

/// Refuses a player count the game cannot seat, or a bot it does not have, the way clap
/// refuses its own.
pub fn check_table(game: &SimGame, players: usize, entrants: &[Entrant]) {
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
    let Some(game) = args.rules.load() else {
        return ExitCode::FAILURE;
    };
    let players =
        players_for_seats(args.players, args.seats.as_ref().map(Vec::len), "bots").unwrap_or(4);
    let seats = args.seats.unwrap_or_else(|| {
        vec![
            Entrant::plain(
                bohnanza::rules::bot_named("greedy").expect("both games have a greedy bot")
            );
            players
        ]
    });
    check_table(&game, players, &seats);
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
    if let Some(against) = args.against.load() {
        return compare(config, args.rules.file_named(), against, args.format);
    }
    let shard_games = config.shard.units(config.games).len() * config.games_per_unit();
    let progress = Progress::new(shard_games);
    let result = simulate::run(&config, &|done| progress.update(done));
    progress.finish();
    match result {
        Ok(mut report) => {
            report.ruleset_file = args.rules.file_named();
            report.command = Some(command_line());
            print_report(&report, args.format, args.report.as_deref())
        }
        Err(e) => {
            eprintln!("bohnanza: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `simulate --against`: the run under both rulesets, side by side.
fn compare(
    config: SimConfig,
    file: Option<String>,
    against: Result<RulesB, String>,
    format: Format,
) -> ExitCode {
    let (game, against_file) = match against {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    if !config.game.rules.same_game_as(&game.rules) {
        usage_error(format!(
            "--against: {} is {} and {} is {}: a comparison plays one game under two rulesets",
            config.game.variant(),
            config.game.rules.game_words(),
            game.variant(),
            game.rules.game_words(),
        ));
    }
    if format == Format::Csv {
        usage_error("--against prints text or JSON (--format text|json)".into());
    }
    check_table(&game, config.seats.len(), &config.seats);
    let progress = Progress::new(2 * config.games * config.games_per_unit());
    let result = simulate::compare::run(&config, game, &|done| progress.update(done));
    progress.finish();
    match result {
        Ok(mut comparison) => {
            comparison.a.ruleset_file = file;
            comparison.b.ruleset_file = against_file;
            if let Err(code) = super::stdout::print(comparison.render(format)) {
                return code;
            }
            if comparison.a.totals.stuck + comparison.b.totals.stuck > 0 {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("bohnanza: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The command line as typed, quoted where a word needs it, for the HTML report.
pub fn command_line() -> String {
    let words: Vec<String> = std::env::args_os()
        .map(|a| {
            let w = a.to_string_lossy().into_owned();
            let plain = !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./:,=+@%".contains(c));
            if plain {
                w
            } else {
                format!("'{}'", w.replace('\'', "'\\''"))
            }
        })
        .collect();
    words.join(" ")
}

/// Prints a report, and draws its charts if asked; fails if a game stopped before its end.
pub fn print_report(report: &Report, format: Format, picture: Option<&Path>) -> ExitCode {
    // The charts are drawn even when nobody reads the text any more (`| head`).
    let printed = super::stdout::print(report.render(format));
    if let Some(path) = picture
        && let Err(e) = write_picture(report, path)
    {
        eprintln!("bohnanza: {e}");
        return ExitCode::FAILURE;
    }
    if let Err(code) = printed {
        return code;
    }
    if report.totals.stuck > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
