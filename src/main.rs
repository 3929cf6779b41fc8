//! The `bohnanza` command: the game, and the tools for rules testers.

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use bohnanza::engine::Ruleset;
use bohnanza::{protocol, rulesets};

/// Bohnanza: plant, trade and harvest beans, hot-seat in one terminal.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Variants) => variants(),
        Some(Command::Check { file }) => check(&file),
        Some(Command::Script) => script(),
        None => {
            eprintln!(
                "The game screen is not part of this build yet. Try `bohnanza variants`, \
                 `bohnanza check FILE` or `bohnanza script`."
            );
            ExitCode::FAILURE
        }
    }
}

fn variants() -> ExitCode {
    let mut failed = false;
    for built_in in rulesets::BUILT_IN {
        match Ruleset::from_toml(built_in.path, built_in.text) {
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
    match Ruleset::from_toml(&shown, &text) {
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
            s.push_str(&format!(
                "  {n} players: {} bean fields, {deck} cards, deal {}, draw {}, ends when the draw pile runs out {} times\n",
                t.bean_fields, t.cards_dealt, t.cards_drawn, t.game_ends_when_draw_pile_runs_out
            ));
        }
    }
    for b in &r.beans {
        let steps: Vec<String> = b
            .beanometer
            .steps()
            .iter()
            .map(|s| s.map_or("-".to_string(), |n| n.to_string()))
            .collect();
        s.push_str(&format!(
            "  {:<12} {} {:>3} cards, beanometer {}\n",
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
