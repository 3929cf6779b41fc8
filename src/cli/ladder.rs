//! `bohnanza ladder`.

use crate::cli::simulate::MAX_JOBS;
use crate::cli::simulate::RulesArgs;
use crate::cli::simulate::check_table;
use crate::cli::simulate::jobs;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use bohnanza::text::escape_json;

use bohnanza::simulate::ladder::{self, LadderConfig};
use bohnanza::simulate::{Entrant, MAX_GAMES, Progress};

use super::{MctsArgs, usage_error};

/// What `bohnanza ladder` plays.
#[derive(Args, Debug)]
pub struct LadderArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The bots to rate, comma separated: for the card games the levels easy, normal, hard and
    /// expert, or random, greedy, mcts, or mcts:PLAYOUTS for a search bot with a budget of its
    /// own (easy,normal,hard,expert,mcts:400); for the dice game random, greedy, expect or
    /// strong.
    #[arg(long, value_name = "BOTS", value_delimiter = ',', required = true)]
    bots: Vec<Entrant>,
    /// Players per game: each table seats this many of the bots, shuffled.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=32))]
    players: u8,
    /// Games to play.
    #[arg(long, value_name = "G", default_value_t = 200,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Game i is dealt from seed S + i, and its table drawn from it.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads, at most 1024 (default: every core).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u16).range(1..=MAX_JOBS))]
    jobs: Option<u16>,
    #[command(flatten)]
    mcts: MctsArgs,
    /// Text for people, or JSON for tools.
    #[arg(long, value_enum, default_value_t = LadderFormat::Text)]
    format: LadderFormat,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    json: bool,
}

/// How the ladder's table is printed: `--format` as `simulate` and `review` take it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum LadderFormat {
    Text,
    Json,
}

/// `bohnanza ladder`.
pub fn ladder(args: LadderArgs) -> ExitCode {
    let Some(game) = args.rules.load() else {
        return ExitCode::FAILURE;
    };
    let mut distinct = args.bots.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != args.bots.len() {
        usage_error("--bots names a bot twice".into());
    }
    if !(2..=ladder::MAX_ENTRANTS).contains(&args.bots.len()) {
        usage_error(format!(
            "--bots names {} bots: a ladder rates 2 to {}",
            args.bots.len(),
            ladder::MAX_ENTRANTS
        ));
    }
    let players = usize::from(args.players);
    check_table(&game, players, &args.bots);
    let config = LadderConfig {
        game,
        entrants: args.bots,
        players,
        games: args.games,
        seed: args.seed,
        jobs: jobs(args.jobs),
        options: args.mcts.options(None),
    };
    let progress = Progress::new(config.games);
    let result = ladder::run(&config, &|done| progress.update(done));
    progress.finish();
    let result = result.map(|mut table| {
        table.ruleset_file = args.rules.file_named();
        table
    });
    match result {
        Ok(table) => {
            let printed = if args.json || args.format == LadderFormat::Json {
                let json = serde_json::to_string_pretty(&table).expect("a ladder serializes");
                // Read on terminals too: a ruleset file's path may hold bidi overrides.
                format!("{}\n", escape_json(&json))
            } else {
                table.text()
            };
            super::stdout::print_last(printed)
        }
        Err(e) => {
            eprintln!("bohnanza: {e}");
            ExitCode::FAILURE
        }
    }
}
