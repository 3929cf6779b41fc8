//! `bohnanza check FILE`.

use std::path::Path;
use std::process::ExitCode;

use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::text::sanitize;

/// Validates a ruleset file of either game and prints its summary, or every problem in it.
pub fn check(file: &Path) -> ExitCode {
    let shown = file.display().to_string();
    let text = match rulesets::read_file(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let described = match Rules::from_text(&shown, &text) {
        Ok(rules) => rules.describe(),
        Err(e) => {
            for line in e.lines() {
                eprintln!("{}", sanitize(line));
            }
            return ExitCode::FAILURE;
        }
    };
    let lines: String = described
        .lines()
        .map(|line| format!("{}\n", sanitize(line)))
        .collect();
    super::stdout::print_last(lines)
}
