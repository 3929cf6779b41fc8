//! A comparison of two rulesets printed for people (every figure side by side with the
//! paired difference and its interval) and for tools (JSON: both reports, whole, and the
//! differences).

use serde::Serialize;

use crate::text::sanitize;

use super::compare::{Comparison, Difference, Unit};
use super::render::{Format, JsonReport, TIES_EXPLAINED};

/// The JSON comparison.
#[derive(Serialize)]
struct JsonComparison<'a> {
    /// Units played under both rulesets.
    units: u64,
    a: JsonReport<'a>,
    b: JsonReport<'a>,
    differences: &'a [Difference],
}

impl Comparison {
    /// The comparison in `format` (text or JSON; a comparison has no CSV form).
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Json => {
                let json = JsonComparison {
                    units: self.units,
                    a: JsonReport::of(&self.a),
                    b: JsonReport::of(&self.b),
                    differences: &self.differences,
                };
                let json = serde_json::to_string_pretty(&json).expect("a comparison serializes");
                // Read on terminals too: a ruleset file's path may hold bidi overrides.
                crate::text::escape_json(&json).into_owned() + "\n"
            }
            Format::Text | Format::Csv => self.text(),
        }
    }

    fn text(&self) -> String {
        let (a, b) = (&self.a, &self.b);
        let seats: Vec<String> = a.seats.iter().map(|s| s.to_string()).collect();
        let per_unit = if a.duplicate {
            format!(" ({} games a deal)", a.players)
        } else {
            String::new()
        };
        let seating = a.seating_note();
        let mut s = format!(
            "two rulesets on the same seeds: {} {}{per_unit} each, {} players: {}{seating}; \
             seed {}\nA: {}\nB: {}\n",
            self.units,
            if a.duplicate { "deals" } else { "games" },
            a.players,
            seats.join(", "),
            a.seed,
            a.rules_named(),
            b.rules_named(),
        );
        for line in a.seat_settings() {
            s.push_str(&line);
            s.push('\n');
        }
        s.push_str(&format!(
            "{} i of A and of B is dealt from seed {} + i: A − B is the mean of their \
             differences, with its 95% interval\n\n",
            if a.duplicate { "deal" } else { "game" },
            a.seed
        ));
        let counters = a.totals.counters.keys().chain(b.totals.counters.keys());
        let width = (self.differences.iter().map(|d| &d.figure))
            .chain(counters)
            .map(|name| name.chars().count())
            .max()
            .unwrap_or(0);
        s.push_str(&format!(
            "{:<width$} {:>9} {:>9} {:>9}   {}\n",
            "figure (per game)", "A", "B", "A − B", "95% interval"
        ));
        for d in &self.differences {
            s.push_str(&row(d, width));
        }
        s.push_str(&self.one_sided(width));
        s.push_str(&format!("{TIES_EXPLAINED}\n"));
        s.push_str(
            "(win rates and ties are % of games, their differences in points; \
             balance is no mean per game, so it has no interval)\n",
        );
        if let Some(t) = a.timing {
            s.push_str(&format!("{}\n", t.spent()));
        }
        s
    }
}

impl Comparison {
    /// The counters only one of the rulesets has (third fields bought, orders fulfilled):
    /// its value, and a dash for the other and for the difference.
    fn one_sided(&self, width: usize) -> String {
        let mut s = String::new();
        let (a, b) = (&self.a.totals.counters, &self.b.totals.counters);
        for (side, mine, theirs) in [("A", a, b), ("B", b, a)] {
            for (name, d) in mine.iter().filter(|(n, _)| !theirs.contains_key(*n)) {
                let value = format!("{:.2}", d.mean());
                let (in_a, in_b) = if side == "A" {
                    (value.as_str(), "—")
                } else {
                    ("—", value.as_str())
                };
                s.push_str(&format!(
                    "{:<width$} {in_a:>9} {in_b:>9} {:>9}   only {side} counts it\n",
                    sanitize(name),
                    "—"
                ));
            }
        }
        s
    }
}

/// One figure's line: A, B, A − B and its interval; shares as percentages.
fn row(d: &Difference, width: usize) -> String {
    let (scale, suffix) = match d.unit {
        Unit::Share => (100.0, "%"),
        Unit::PerGame | Unit::Index => (1.0, ""),
    };
    let value = |x: f64| format!("{:.2}{suffix}", scale * x);
    let interval = match d.interval {
        Some((low, high)) => format!("{:+.2} to {:+.2}", scale * low, scale * high),
        None => "—".to_string(),
    };
    format!(
        "{:<width$} {:>9} {:>9} {:>+9.2}   {interval}\n",
        sanitize(&d.figure),
        value(d.a),
        value(d.b),
        scale * d.difference
    )
}
