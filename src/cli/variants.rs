//! `bohnanza variants`.

use std::process::ExitCode;

/// Lists the built-in rulesets, one line each.
pub fn variants() -> ExitCode {
    match bohnanza::rules::variants() {
        Ok(all) => {
            let lines: String = all
                .iter()
                .map(|v| format!("{:<28} {}\n", v.name, v.summary))
                .collect();
            super::stdout::print_last(lines)
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
