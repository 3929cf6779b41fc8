//! A report printed for people (text), for tools (JSON: the totals, which merge, and the
//! figures), and for spreadsheets (CSV: one row per figure).

use serde::Serialize;

use super::figures::{Figures, Performance};
use super::report::Report;
use super::stats::Summary;

/// How a report is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, clap::ValueEnum)]
pub enum Format {
    /// Tables for people.
    #[default]
    Text,
    /// One JSON object, for tools and `simulate-merge`.
    Json,
    /// One row per figure, for spreadsheets.
    Csv,
}

/// The JSON report: the run and its totals (what `simulate-merge` reads back), and the
/// figures worked out from them.
#[derive(Serialize)]
pub(super) struct JsonReport<'a> {
    #[serde(flatten)]
    report: &'a Report,
    figures: Figures,
}

impl<'a> JsonReport<'a> {
    /// The JSON report of `report`: its run and totals, and its figures.
    pub(super) fn of(report: &'a Report) -> Self {
        JsonReport {
            report,
            figures: Figures::of(report),
        }
    }
}

impl Report {
    /// The report in `format`.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Text => text(self, &Figures::of(self)),
            Format::Json => {
                let json = JsonReport::of(self);
                let json = serde_json::to_string_pretty(&json).expect("a report serializes");
                // Read on terminals too: a ruleset file's path may hold bidi overrides.
                crate::text::escape_json(&json).into_owned() + "\n"
            }
            Format::Csv => csv(&Figures::of(self)),
        }
    }
}

/// What "ties at the top" and "shared wins" count, printed under them: they differ by the
/// ruleset's tie break.
pub const TIES_EXPLAINED: &str = "(a tie at the top: two or more players end on the top score; \
     the ruleset's tie break then picks the winner, and a shared win is a tie it leaves shared)";

/// The report as tables for people.
fn text(report: &Report, f: &Figures) -> String {
    let seats: Vec<String> = report.seats.iter().map(|s| s.to_string()).collect();
    let mut s = format!(
        "{} games of {}, {} players: {}{}; seed {}{}\n",
        f.games,
        report.rules_named(),
        report.players,
        seats.join(", "),
        report.seating_note(),
        report.seed,
        if report.is_whole() {
            String::new()
        } else {
            let unit = if report.duplicate { "deals" } else { "games" };
            format!(" (part of a run of {} {unit})", report.units)
        },
    );
    for line in report.seat_settings() {
        s.push_str(&line);
        s.push('\n');
    }
    s.push_str(&standings("per seat", &f.per_seat));
    s.push_str(&standings("per bot", &f.per_bot));
    s.push_str(&standings("per position", &f.per_position));
    s.push_str(&format!(
        "balance (1 less the largest gap between positions' win rates): {:.3}\n",
        f.balance
    ));
    s.push_str(&format!(
        "\n{:<28} {:>8} {:>7} {:>5} {:>5} {:>6} {:>5} {:>5}\n",
        "per game", "mean", "sd", "min", "10%", "median", "90%", "max"
    ));
    for (name, summary) in summaries(f) {
        s.push_str(&summary_row(&name, &summary));
    }
    if let Some(c) = f.cards_per_trade {
        s.push_str(&format!("cards per trade: {c:.2}\n"));
    }
    s.push_str(&format!(
        "ties at the top: {} ({:.1}%), shared wins: {}\n  {TIES_EXPLAINED}\n",
        f.ties,
        100.0 * f.tie_rate,
        f.shared_wins
    ));
    let endings: Vec<String> = f
        .endings
        .iter()
        .map(|e| format!("{} {:.1}%", e.ended_in, 100.0 * e.share))
        .collect();
    s.push_str(&format!("the game ended in: {}\n", endings.join(", ")));
    s.push_str(&paired_text(f));
    if f.fallbacks > 0 || f.stuck > 0 {
        s.push_str(&format!(
            "bot answers replaced by a legal action: {}; games stopped early: {}\n",
            f.fallbacks, f.stuck
        ));
    }
    if let Some(t) = report.timing {
        let rate = if t.seconds > 0.0 {
            f.games as f64 / t.seconds
        } else {
            0.0
        };
        // A slow run (search bots in a debug build) keeps two figures, not "0".
        let places = if rate < 1.0 { 2 } else { 0 };
        s.push_str(&format!(
            "{}, {rate:.places$} games per second\n",
            t.spent()
        ));
    }
    s
}

/// The distributions per game, named as printed.
fn summaries(f: &Figures) -> Vec<(String, Summary)> {
    let mut rows = vec![
        ("turns".to_string(), f.turns),
        ("actions".to_string(), f.actions),
        ("winning score".to_string(), f.winning_score),
        ("winner's margin".to_string(), f.margin),
        ("lead changes".to_string(), f.lead_changes),
        ("winner's worst deficit".to_string(), f.winner_worst_deficit),
    ];
    rows.extend(f.counters.iter().map(|c| (c.name.clone(), c.per_game)));
    rows
}

fn summary_row(name: &str, s: &Summary) -> String {
    format!(
        "{name:<28} {:>8.2} {:>7.2} {:>5} {:>5} {:>6} {:>5} {:>5}\n",
        s.mean, s.sd, s.min, s.p10, s.median, s.p90, s.max
    )
}

fn standings(title: &str, rows: &[Performance]) -> String {
    let mut t = format!(
        "\n{title:<18} {:>7} {:>7} {:>8} {:>17} {:>7} {:>6}\n",
        "games", "wins", "win %", "95% CI", "score", "sd"
    );
    for r in rows {
        t.push_str(&format!(
            "{:<18} {:>7} {:>7} {:>7.1}% {:>7.1}% – {:>5.1}% {:>7.2} {:>6.2}\n",
            r.label,
            r.games,
            r.wins,
            100.0 * r.win_rate,
            100.0 * r.win_rate_ci.0,
            100.0 * r.win_rate_ci.1,
            r.scores.mean,
            r.scores.sd
        ));
    }
    t
}

fn paired_text(f: &Figures) -> String {
    let mut s = String::new();
    for p in &f.paired {
        s.push_str(&format!(
            "duplicate, {} less {} over {} deals: {:+.2} coins a game (95% CI {:+.2} to {:+.2}), \
             {:+.1} points of win rate ({:+.1} to {:+.1})\n",
            p.reference,
            p.other,
            p.deals,
            p.coins.mean,
            p.coins.low,
            p.coins.high,
            100.0 * p.win_rate.mean,
            100.0 * p.win_rate.low,
            100.0 * p.win_rate.high,
        ));
    }
    s
}

/// The CSV header: every row has these columns, empty where they do not apply.
const CSV_HEADER: &str =
    "group,label,games,wins,win_rate,ci_low,ci_high,mean,sd,min,p10,median,p90,max\n";

fn csv(f: &Figures) -> String {
    let mut s = String::from(CSV_HEADER);
    for (group, rows) in [
        ("seat", &f.per_seat),
        ("bot", &f.per_bot),
        ("position", &f.per_position),
    ] {
        for r in rows {
            let sc = &r.scores;
            s.push_str(&format!(
                "{group},{},{},{},{:.6},{:.6},{:.6},{:.4},{:.4},{},{},{},{},{}\n",
                r.label,
                r.games,
                r.wins,
                r.win_rate,
                r.win_rate_ci.0,
                r.win_rate_ci.1,
                sc.mean,
                sc.sd,
                sc.min,
                sc.p10,
                sc.median,
                sc.p90,
                sc.max
            ));
        }
    }
    s.push_str(&format!(
        "balance,balance,{},,{:.6},,,,,,,,,\n",
        f.games, f.balance
    ));
    for (name, m) in summaries(f) {
        s.push_str(&format!(
            "per_game,{name},{},,,,,{:.4},{:.4},{},{},{},{},{}\n",
            f.games, m.mean, m.sd, m.min, m.p10, m.median, m.p90, m.max
        ));
    }
    if let Some(c) = f.cards_per_trade {
        s.push_str(&format!(
            "ratio,cards per trade,{},,,,,{c:.4},,,,,,\n",
            f.games
        ));
    }
    s.push_str(&format!(
        "ties,ties at the top,{},{},{:.6},,,,,,,,,\n",
        f.games, f.ties, f.tie_rate
    ));
    s.push_str(&format!(
        "ties,shared wins,{},{},,,,,,,,,,\n",
        f.games, f.shared_wins
    ));
    for e in &f.endings {
        s.push_str(&format!(
            "ended_in,{},{},{},{:.6},,,,,,,,,\n",
            e.ended_in, f.games, e.games, e.share
        ));
    }
    for p in &f.paired {
        for (what, e) in [("coins", p.coins), ("win_rate", p.win_rate)] {
            s.push_str(&format!(
                "duplicate,{} less {} {what},{},,,{:.6},{:.6},{:.6},,,,,,\n",
                p.reference, p.other, p.deals, e.low, e.high, e.mean
            ));
        }
    }
    s
}
