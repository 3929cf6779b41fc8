//! Pictures of a report: one SVG of four charts (score distribution per seat, game length,
//! win rate by position with intervals, lead changes), alone or in a self-contained HTML
//! page with the key figures. Nothing is fetched: the page opens from a file with no
//! network.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::figures::Figures;
use super::render::TIES_EXPLAINED;
use super::report::Report;
use super::stats::{Distribution, wilson};

/// The picture's size in pixels.
pub const SIZE: (u32, u32) = (1200, 900);

/// One colour per seat, in seat order (then round again).
pub const SEAT_COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

/// The game length histogram's bars.
pub const LENGTH_COLOUR: RGBColor = RGBColor(70, 130, 180);
/// The win rate bars.
pub const WIN_RATE_COLOUR: RGBColor = RGBColor(46, 139, 87);
/// The lead changes histogram's bars.
pub const LEAD_COLOUR: RGBColor = RGBColor(205, 92, 92);

/// Why a picture could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("the chart could not be drawn: {0}")]
pub struct ChartError(String);

fn fail(e: impl std::fmt::Display) -> ChartError {
    ChartError(e.to_string())
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The report's charts as one SVG document.
pub fn svg(report: &Report) -> Result<String, ChartError> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(fail)?;
        let areas = root.split_evenly((2, 2));
        scores_by_seat(&areas[0], report)?;
        histogram(
            &areas[1],
            "Game length",
            "turns",
            &report.totals.turns,
            LENGTH_COLOUR,
        )?;
        win_rate_by_position(&areas[2], report)?;
        histogram(
            &areas[3],
            "Lead changes per game",
            "times the leader changed",
            &report.totals.lead_changes,
            LEAD_COLOUR,
        )?;
        root.present().map_err(fail)?;
    }
    Ok(out)
}

/// The report as a self-contained HTML page: a title, where it came from (the seed, the
/// command, the program's version), the key figures and the charts, which shrink to fit a
/// narrower window (the SVG keeps its `viewBox`) so the page never scrolls sideways.
pub fn html(report: &Report) -> Result<String, ChartError> {
    let f = Figures::of(report);
    let title = format!(
        "{} games of {}, {} players",
        f.games,
        escape(&report.rules_named()),
        report.players
    );
    let rows: String = key_figures(report, &f)
        .iter()
        .map(|(name, value)| {
            format!(
                "<tr><th>{}</th><td>{}</td></tr>\n",
                escape(name),
                escape(value)
            )
        })
        .collect();
    let charts = svg(report)?;
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Bohnanza simulation: {title}</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 24px; color: #222; background: #fff; overflow-wrap: anywhere; }}\n\
         table {{ border-collapse: collapse; margin-bottom: 16px; }}\n\
         th {{ text-align: left; font-weight: normal; padding: 1px 16px 1px 0; }}\n\
         td {{ padding: 1px 0; }}\n\
         svg {{ display: block; width: 100%; max-width: {}px; height: auto; }}\n</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <table>\n{rows}</table>\n{charts}\n</body>\n</html>\n",
        SIZE.0
    ))
}

/// The key figures the page lists above its charts, each a name and its value.
fn key_figures(report: &Report, f: &Figures) -> Vec<(String, String)> {
    let seats: Vec<String> = report.seats.iter().map(|s| s.to_string()).collect();
    let mut rows = Vec::new();
    let mut row = |name: &str, value: String| rows.push((name.to_string(), value));
    row("seats", seats.join(", "));
    for line in report.seat_settings() {
        row("search budget", line);
    }
    row(
        "seed",
        format!(
            "{} (game i is dealt from seed {} + i)",
            report.seed, report.seed
        ),
    );
    if let Some(command) = &report.command {
        row("command", command.clone());
    }
    row("program", format!("bohnanza {}", env!("CARGO_PKG_VERSION")));
    row("balance", format!("{:.3}", f.balance));
    for p in &f.per_position {
        row(
            &format!("{} win rate", p.label),
            format!(
                "{:.1}% (95% CI {:.1}–{:.1}%)",
                100.0 * p.win_rate,
                100.0 * p.win_rate_ci.0,
                100.0 * p.win_rate_ci.1
            ),
        );
    }
    row(
        "turns",
        format!("{:.1} (sd {:.1})", f.turns.mean, f.turns.sd),
    );
    row(
        "winner's margin",
        format!("{:.2} (sd {:.2})", f.margin.mean, f.margin.sd),
    );
    row(
        "ties at the top",
        format!("{} ({:.1}%)", f.ties, 100.0 * f.tie_rate),
    );
    row("shared wins", format!("{} {TIES_EXPLAINED}", f.shared_wins));
    row("lead changes", format!("{:.2}", f.lead_changes.mean));
    for c in &f.counters {
        row(
            &format!("{} per game", c.name),
            format!("{:.2}", c.per_game.mean),
        );
    }
    for p in &f.paired {
        row(
            &format!("duplicate: {} less {}", p.reference, p.other),
            format!(
                "{:+.2} coins a game (95% CI {:+.2} to {:+.2})",
                p.coins.mean, p.coins.low, p.coins.high
            ),
        );
    }
    rows
}

/// Text made safe to put in HTML (and free of control characters).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// An axis label for a whole number (the axes count games, turns, coins and percent).
fn whole(x: &f64) -> String {
    format!("{x:.0}")
}

/// Each seat's final score: a line per seat, the share of its games at each score.
fn scores_by_seat(area: &Area<'_>, report: &Report) -> Result<(), ChartError> {
    let sides = &report.totals.per_seat;
    let top = sides.iter().filter_map(|s| s.scores.max).max().unwrap_or(0) as f64;
    let share = |d: &Distribution, b: u64| {
        100.0 * d.buckets.get(&b).copied().unwrap_or(0) as f64 / d.count.max(1) as f64
    };
    let peak = sides
        .iter()
        .flat_map(|s| s.scores.buckets.keys().map(|&b| share(&s.scores, b)))
        .fold(1.0, f64::max);
    let mut chart = ChartBuilder::on(area)
        .caption("Final score by seat", ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0.0..top + 1.0, 0.0..peak * 1.1)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .x_desc("score")
        .y_desc("% of the seat's games")
        .x_label_formatter(&whole)
        .y_label_formatter(&whole)
        .draw()
        .map_err(fail)?;
    // Every score some seat reached, and its neighbours (where the lines fall to zero): as
    // many points as the histograms have buckets, whatever the scores.
    let xs: std::collections::BTreeSet<u64> = sides
        .iter()
        .flat_map(|s| s.scores.buckets.keys())
        .flat_map(|&b| [b.saturating_sub(1), b, b.saturating_add(1)])
        .collect();
    for (e, side) in sides.iter().enumerate() {
        let colour = SEAT_COLOURS[e % SEAT_COLOURS.len()];
        let points = xs.iter().map(|&x| (x as f64, share(&side.scores, x)));
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))
            .map_err(fail)?
            .label(format!("seat {} ({})", e + 1, report.seats[e]))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(fail)
}

/// A distribution's histogram: the share of games in each bucket.
fn histogram(
    area: &Area<'_>,
    title: &str,
    x_desc: &str,
    d: &Distribution,
    colour: RGBColor,
) -> Result<(), ChartError> {
    let width = d.bucket_width as f64;
    // A bar stands centred over the values its bucket holds.
    let centre = |b: u64| b as f64 + (width - 1.0) / 2.0;
    let low = centre(d.buckets.keys().next().copied().unwrap_or(0)) - width / 2.0;
    let high = centre(d.buckets.keys().last().copied().unwrap_or(0)) + width / 2.0;
    let share = |n: u64| 100.0 * n as f64 / d.count.max(1) as f64;
    let peak = d.buckets.values().map(|&n| share(n)).fold(1.0, f64::max);
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(low..high, 0.0..peak * 1.1)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc("% of games")
        .x_label_formatter(&whole)
        .y_label_formatter(&whole)
        .draw()
        .map_err(fail)?;
    chart
        .draw_series(d.buckets.iter().map(|(&b, &n)| {
            let x = b as f64;
            Rectangle::new(
                [(x + 0.05 * width, 0.0), (x + 0.95 * width, share(n))],
                colour.filled(),
            )
        }))
        .map_err(fail)?;
    Ok(())
}

/// Each position's win rate with its 95% interval, and the fair share as a dashed line.
fn win_rate_by_position(area: &Area<'_>, report: &Report) -> Result<(), ChartError> {
    let sides = &report.totals.per_position;
    let n = sides.len() as f64;
    let mut chart = ChartBuilder::on(area)
        .caption("Win rate by position (95% intervals)", ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0.5..n + 0.5, 0.0..100.0)
        .map_err(fail)?;
    chart
        .configure_mesh()
        .x_desc("position (1 moves first)")
        .y_desc("% of games won")
        .x_labels(sides.len())
        .x_label_formatter(&whole)
        .y_label_formatter(&whole)
        .draw()
        .map_err(fail)?;
    chart
        .draw_series(sides.iter().enumerate().map(|(p, s)| {
            let x = p as f64 + 1.0;
            let rate = 100.0 * s.wins as f64 / s.games.max(1) as f64;
            Rectangle::new([(x - 0.3, 0.0), (x + 0.3, rate)], WIN_RATE_COLOUR.filled())
        }))
        .map_err(fail)?;
    chart
        .draw_series(sides.iter().enumerate().map(|(p, s)| {
            let (low, high) = wilson(s.wins, s.games);
            let rate = s.wins as f64 / s.games.max(1) as f64;
            let x = p as f64 + 1.0;
            ErrorBar::new_vertical(
                x,
                100.0 * low,
                100.0 * rate,
                100.0 * high,
                BLACK.stroke_width(2),
                16,
            )
        }))
        .map_err(fail)?;
    let fair = 100.0 / n.max(1.0);
    chart
        .draw_series(DashedLineSeries::new(
            [(0.5, fair), (n + 0.5, fair)],
            8,
            6,
            BLACK.stroke_width(1),
        ))
        .map_err(fail)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_files_is_escaped() {
        assert_eq!(
            escape("<b>\"Ana\" & 'Ben'</b>\u{1b}]0;pwned\u{7}"),
            "&lt;b&gt;&quot;Ana&quot; &amp; &#39;Ben&#39;&lt;/b&gt;\u{FFFD}]0;pwned\u{FFFD}"
        );
    }
}
