//! `bohnanza review FILE`: a saved game's costly decisions, judged by the coach, as text or
//! JSON. The file is only read.

use crate::cli::locate;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, ValueEnum};
use serde_json::{Value, json};

use bohnanza::coach::{
    COSTLY, COSTLY_CHANCE, Coached, DEFAULT_SAMPLES, Mistake, RANKING, REVIEW_SAMPLES,
};
use bohnanza::game::Wire;
use bohnanza::rules::WorkWithRules;
use bohnanza::simulate::Progress;
use bohnanza::store::check::{rules, tape};
use bohnanza::store::review::{review_saved, reviewed_seats};
use bohnanza::store::{SaveError, SavedGame};
use bohnanza::text::{escape_json, sanitize};

/// How long a review runs before its progress bar shows.
const QUIET: std::time::Duration = std::time::Duration::from_millis(500);

/// How the review is printed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, ValueEnum)]
pub enum ReviewFormat {
    Text,
    Json,
}

/// `bohnanza review FILE [--format text|json] [--playouts N]`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The save file, or its name in the data directory's games/ (only read, never written).
    file: PathBuf,
    /// Text for people, or JSON for tools.
    #[arg(long, value_enum, default_value_t = ReviewFormat::Text)]
    format: ReviewFormat,
    /// Sampled deals each decision is judged on (1 to 1000; more is steadier and slower).
    /// The default is the review's on screen, so both list the same entries.
    #[arg(long, value_name = "N", default_value_t = REVIEW_SAMPLES,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    playouts: u32,
}

/// What a review found: the seats reviewed, the decisions judged and the costly ones.
struct ReviewFindings {
    players: Vec<usize>,
    judged: u32,
    mistakes: Vec<Mistake>,
}

/// Reviews the saved game: every person's decisions, or every seat's where bots played
/// them all. Exit status 1 for a file that cannot be read or replayed.
pub fn review_command(args: ReviewArgs) -> ExitCode {
    let path = locate(&args.file, bohnanza::store::data_dir().as_deref());
    let shown = sanitize(&path.display().to_string()).into_owned();
    let found = bohnanza::store::read(&path).and_then(|game| {
        let found = judge(&game, args.playouts)?;
        Ok((game, found))
    });
    let (game, found) = match found {
        Ok(x) => x,
        Err(e) => {
            let e = bohnanza::store::shown_lines(&e.to_string());
            eprintln!("bohnanza: the saved game {shown} cannot be reviewed: {e}");
            return ExitCode::FAILURE;
        }
    };
    let printed = match args.format {
        ReviewFormat::Text => text(&shown, &game.names, &found, args.playouts),
        ReviewFormat::Json => {
            let value = to_json(&game.names, &found, args.playouts);
            format!("{}\n", escape_json(&value.to_string()))
        }
    };
    super::stdout::print_last(printed)
}

/// Plays the saved game again and judges its decisions, whichever game it is.
fn judge(game: &SavedGame, playouts: u32) -> Result<ReviewFindings, SaveError> {
    struct Judge<'a>(&'a SavedGame, u32);
    impl<G: Wire + Coached> WorkWithRules<G> for Judge<'_> {
        type Output = Result<ReviewFindings, SaveError>;
        fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
            let (game, playouts) = (self.0, self.1);
            let tape = tape::<G>(rules, game)?;
            let players = reviewed_seats(game);
            let mut reviewing = review_saved(&tape, game, &players, playouts);
            let bar = Progress::counting(u64::from(reviewing.progress().1), "decisions", QUIET);
            while !reviewing.step() {
                bar.update(u64::from(reviewing.progress().0));
            }
            bar.finish();
            Ok(ReviewFindings {
                players,
                judged: reviewing.progress().1,
                mistakes: reviewing.mistakes(),
            })
        }
    }
    rules(game)?.dispatch(Judge(game, playouts))
}

fn name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("player {}", seat + 1))
}

/// The review for people: per seat, its costly decisions, costliest first.
fn text(shown: &str, names: &[String], found: &ReviewFindings, playouts: u32) -> String {
    let again = DEFAULT_SAMPLES.max(playouts);
    let mut out = format!(
        "Review of {shown}: {} judged on {} each, ranked by {RANKING}; listed when they \
         win {:.0} points less often or end {COSTLY}$ poorer than the best choice, judged \
         again on {again} as a hint judges them.\n",
        counted(found.judged as usize, "decision"),
        counted(playouts as usize, "sampled deal"),
        COSTLY_CHANCE * 100.0,
    );
    for &p in &found.players {
        let mine: Vec<&Mistake> = found.mistakes.iter().filter(|m| m.player == p).collect();
        out += &format!("\n{}: ", sanitize(&name(names, p)));
        if mine.is_empty() {
            out += "no costly decision.\n";
            continue;
        }
        out += &format!("{}\n", counted(mine.len(), "costly decision"));
        // Each line is made safe alone: the entry's own line break is ours, not the save's.
        for line in mine.iter().flat_map(|m| entry_lines(m)) {
            out += &sanitize(&line);
            out.push('\n');
        }
    }
    out
}

/// One entry, as the review on screen says it: the turn, what was done and what it lost;
/// under it, the coach's reason with its figures.
fn entry_lines(m: &Mistake) -> [String; 2] {
    [
        format!(
            "  turn {:>3}: {}: it {}; better: {}",
            m.turn,
            m.done,
            m.loss.words(),
            m.advice
        ),
        format!("             {}", m.why),
    ]
}

/// "1 decision", "2 decisions".
fn counted(n: usize, what: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {what}{s}")
}

/// A figure to the cent.
fn cents(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The review for tools.
fn to_json(names: &[String], found: &ReviewFindings, playouts: u32) -> Value {
    let mistakes: Vec<Value> = found
        .mistakes
        .iter()
        .map(|m| {
            json!({
                "player": m.player,
                "name": name(names, m.player),
                "turn": m.turn,
                "action": m.at,
                "done": m.done,
                "better": m.better,
                "advice": m.advice,
                "lost": cents(m.loss.coins),
                "win_lost": cents(m.loss.win),
                "why": m.why,
            })
        })
        .collect();
    json!({
        "players": found.players,
        "playouts": playouts,
        "playouts_listed": DEFAULT_SAMPLES.max(playouts),
        "judged": found.judged,
        "costly": COSTLY,
        "costly_chance": COSTLY_CHANCE,
        "ranking": RANKING,
        "mistakes": mistakes,
    })
}
