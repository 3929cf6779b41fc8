//! `bohnanza simulate-merge`.

use crate::cli::simulate::picture_path;
use crate::cli::simulate::print_report;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use bohnanza::simulate::report::MAX_REPORT_BYTES;
use bohnanza::simulate::{Format, Report};
use bohnanza::text::sanitize;
use bohnanza::user_file::{self, FileRefusal};

/// What `bohnanza simulate-merge` adds up.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The JSON reports (`simulate --format json --shard K/N`), of slices of one run.
    #[arg(required = true, value_name = "REPORT.json")]
    reports: Vec<PathBuf>,
    /// How to print the merged report.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// Also draw the merged report's charts to this file (.html or .svg).
    #[arg(long, value_name = "FILE.html|FILE.svg", value_parser = picture_path)]
    report: Option<PathBuf>,
}

/// Reads one JSON report, refusing anything but a regular file of sane size. Its path is
/// named with control characters replaced: it is text typed by a person.
pub fn read_report(path: &Path) -> Result<Report, String> {
    let shown = shown(path);
    let bytes = user_file::read(path, MAX_REPORT_BYTES).map_err(|e| match e {
        FileRefusal::TooLarge { .. } => format!(
            "{shown}: larger than {} MB, not a report",
            MAX_REPORT_BYTES >> 20
        ),
        other => format!("{shown}: {other}"),
    })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| format!("{shown}: not a simulate report: it is not UTF-8 text"))?;
    Report::from_json(&text).map_err(|e| format!("{shown}: not a simulate report: {e}"))
}

/// `path` as a message names it, safe for a terminal.
fn shown(path: &Path) -> String {
    sanitize(&path.display().to_string()).into_owned()
}

/// `bohnanza simulate-merge`.
pub fn merge(args: MergeArgs) -> ExitCode {
    let mut merged: Option<Report> = None;
    for path in &args.reports {
        let report = match read_report(path) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("bohnanza: {e}");
                return ExitCode::FAILURE;
            }
        };
        match &mut merged {
            None => merged = Some(report),
            Some(m) => {
                if let Err(e) = m.merge(&report) {
                    eprintln!("bohnanza: {}: {e}", shown(path));
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    let Some(mut merged) = merged else {
        return ExitCode::FAILURE;
    };
    merged.timing = None;
    merged.command = Some(super::simulate::command_line());
    if !merged.is_whole() {
        let played: Vec<String> = merged
            .played
            .iter()
            .map(|r| format!("{}–{}", r.start, r.end - 1))
            .collect();
        let unit = if merged.duplicate { "deals" } else { "games" };
        eprintln!(
            "bohnanza: note: the reports cover {unit} {} of 0–{}, not the whole run",
            played.join(", "),
            merged.units.saturating_sub(1)
        );
    }
    print_report(&merged, args.format, args.report.as_deref())
}
