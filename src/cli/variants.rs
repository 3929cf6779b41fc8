//! `bohnanza variants`.

use std::process::ExitCode;

/// Lists the built-in rulesets, one line each.
pub fn variants() -> ExitCode {
    match bohnanza::rules::variants() {
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
