//! The `bohnanza` command: the game, and the tools for rules testers.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, Parser, Subcommand};

use bohnanza::bots::{BotOptions, DEFAULT_THINK_TIME, MctsBudget, SeatKind};
use bohnanza::engine::{DrawRule, Ruleset};
use bohnanza::ui::{self, App, Game, GameConfig, RulesetSource, SetupForm, Theme};
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
          value_parser = clap::builder::PossibleValuesParser::new(rulesets::BUILT_IN.iter().map(|b| b.name)))]
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
    /// (human,greedy,greedy,mcts). Sets the number of players unless --players does.
    #[arg(long, value_name = "SEATS", value_delimiter = ',')]
    seats: Option<Vec<SeatKind>>,
    /// Show every hand and skip the hand-offs (for rules testers and solo testing).
    #[arg(long)]
    open_hands: bool,
    /// Continue the last unfinished game where it stands.
    #[arg(long, conflicts_with_all = ["variant", "ruleset", "players", "names", "seed", "open_hands", "seats"])]
    resume: bool,
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
    if data_dir.is_none() {
        eprintln!(
            "bohnanza: no data directory (set HOME or BOHNANZA_DATA_DIR); the game will not be saved"
        );
    }
    let save_to = data_dir.as_deref().map(ui::save_path);
    let app = if args.resume {
        let Some(path) = save_to else {
            eprintln!("bohnanza: no data directory to resume from (set HOME or BOHNANZA_DATA_DIR)");
            return ExitCode::FAILURE;
        };
        let saved = match ui::save::read(&path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("bohnanza: {e}");
                return ExitCode::FAILURE;
            }
        };
        if saved.finished {
            eprintln!(
                "bohnanza: the last game ({}) is over; `bohnanza` starts a new one",
                saved.names.join(", ")
            );
            return ExitCode::FAILURE;
        }
        match Game::resume_with(
            saved,
            Some(path),
            &args.mcts.options(Some(DEFAULT_THINK_TIME)),
        ) {
            Ok(g) => App::playing(g, theme),
            Err(e) => {
                eprintln!("bohnanza: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else if args.variant.is_some()
        || args.ruleset.is_some()
        || args.players.is_some()
        || args.names.is_some()
        || args.seats.is_some()
    {
        let (ruleset, source) = match (&args.ruleset, &args.variant) {
            (Some(file), _) => {
                let shown = file.display().to_string();
                let text = match std::fs::read_to_string(file) {
                    Ok(t) => t,
                    Err(e) => {
                        eprintln!("bohnanza: {shown}: {e}");
                        return ExitCode::FAILURE;
                    }
                };
                match rulesets::parse(&shown, &text) {
                    Ok(r) => (
                        std::sync::Arc::new(r),
                        RulesetSource {
                            origin: shown,
                            toml: text,
                        },
                    ),
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            (None, variant) => {
                let name = variant.as_deref().unwrap_or(rulesets::DEFAULT);
                let built_in = rulesets::BUILT_IN.iter().find(|b| b.name == name);
                match (rulesets::load(name), built_in) {
                    (Ok(r), Some(b)) => (
                        r,
                        RulesetSource {
                            origin: b.name.to_string(),
                            toml: b.text.to_string(),
                        },
                    ),
                    (Err(e), _) => {
                        eprintln!("bohnanza: {e}");
                        return ExitCode::FAILURE;
                    }
                    (Ok(_), None) => unreachable!("load found it"),
                }
            }
        };
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
        let seats = args
            .seats
            .clone()
            .unwrap_or_else(|| vec![SeatKind::Human; players]);
        let names: Vec<String> = match args.names {
            Some(names) => {
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
                        usage_error(format!("--names: two players are called {n}"));
                    }
                }
                names
            }
            None => (0..players)
                .map(|p| SetupForm::default_name(p, seats[p]))
                .collect(),
        };
        let config = GameConfig {
            ruleset,
            source,
            seats,
            names,
            seed: args.seed.unwrap_or_else(random_seed),
            open_hands: args.open_hands,
            bots: args.mcts.options(Some(DEFAULT_THINK_TIME)),
        };
        match Game::new(config, save_to) {
            Ok(g) => App::playing(g, theme),
            Err(e) => {
                eprintln!("bohnanza: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        let mut form = SetupForm::new();
        form.seed = args.seed;
        form.open_hands = args.open_hands;
        App::setup(form, theme, data_dir, random_seed())
    };
    match ui::terminal::run(app) {
        Ok(app) => {
            if let Some(g) = app.game() {
                match g.state.outcome() {
                    Some(o) => {
                        for (p, c) in o.coins.iter().enumerate() {
                            let won = if o.winners.contains(&p) {
                                "  (winner)"
                            } else {
                                ""
                            };
                            println!("{:<14}{c:>3} bean dollars{won}", g.name(p));
                        }
                    }
                    None if g.save_to.is_some() => {
                        println!("The game is saved. `bohnanza --resume` continues it.")
                    }
                    None => {}
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bohnanza: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn variants() -> ExitCode {
    let mut failed = false;
    for built_in in rulesets::BUILT_IN {
        match rulesets::parse(built_in.path, built_in.text) {
            Ok(r) => println!("{:<28} {}", r.name, r.summary),
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn check(file: &PathBuf) -> ExitCode {
    let shown = file.display().to_string();
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{shown}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match rulesets::parse(&shown, &text) {
        Ok(r) => {
            print!("{}", describe(&r));
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
