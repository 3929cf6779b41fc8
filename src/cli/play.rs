//! Playing: the setup screen, a new game from the flags, a position, or a resumed game.

use crate::cli::MctsArgs;
use crate::cli::checked_names;
use crate::cli::farewell::play_out;
use crate::cli::new_game::{Opening, new_game};
use crate::cli::position::game_at_position;
use crate::cli::random_seed;
use crate::cli::resume::resume;
use crate::cli::table_args::TableArgs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use bohnanza::game::SeatKind;
use bohnanza::store::shown_lines;
use bohnanza::text::sanitize;
use bohnanza::ui::saved_games::SavedGames;
use bohnanza::ui::{App, Pace, SetupForm, Theme};

/// How to start the game.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Show every hand and skip the hand-offs (for rules testers and solo testing).
    #[arg(long)]
    pub open_hands: bool,
    /// Open the game screen at the position in FILE.json (what a protocol `{"state": …}`
    /// reply holds, or a hand-written position: see docs/protocol.md), every hand shown unless
    /// --hide-hands.
    #[arg(long, value_name = "FILE.json")]
    pub position: Option<PathBuf>,
    /// With --position: keep hands hidden, with hand-offs between players.
    #[arg(long, requires = "position")]
    pub hide_hands: bool,
    /// Continue an unfinished game, card or dice, where it stands: FILE (a save file, or its
    /// name in the data directory's games/), else the only unfinished game, else the one
    /// picked from a list.
    #[arg(long, value_name = "FILE", num_args = 0..=1,
          conflicts_with_all = ["variant", "ruleset", "players", "names", "seed", "open_hands", "seats", "position"])]
    pub resume: Option<Option<PathBuf>>,
    /// The tutor: before a move that gives up more than half a coin of the expected final
    /// score (half a bean dollar in the dice game), ask once whether to do it anyway (the
    /// setup screen's Start line switches it too).
    #[arg(long)]
    pub tutor: bool,
    /// How fast the bots play on screen: slow, normal (the default), fast or instant (no
    /// wait); `<` and `>` at the table change it, and so does the setup screen.
    #[arg(long, value_name = "PACE",
          value_parser = clap::builder::PossibleValuesParser::new(bohnanza::ui::Pace::names()))]
    pub pace: Option<String>,
    /// Play in plain lines on standard output and input, for screen readers and pipes: no
    /// cursor movement, no colours, no redraws (also when TERM=dumb). See docs/playing.md.
    #[arg(long, conflicts_with = "position")]
    pub linear: bool,
    #[command(flatten)]
    pub mcts: MctsArgs,
}

/// Opens the game the flags describe (or the setup screen) and plays it until the screen
/// closes.
pub fn play(args: PlayArgs) -> ExitCode {
    if crate::cli::linear::wanted(&args) {
        return crate::cli::linear::play_linear(args);
    }
    let theme = Theme::from_env();
    let data_dir = bohnanza::store::data_dir();
    if let Some(d) = &data_dir {
        bohnanza::store::library::remove_abandoned_temporaries(d);
    }
    let tutor = args.tutor;
    let pace = args.pace.as_deref().and_then(|p| p.parse::<Pace>().ok());
    let mut app = match open(args, data_dir, theme) {
        Ok(app) => app,
        Err(NoGame(message)) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    app.set_tutor(tutor);
    if let Some(pace) = pace {
        app.set_pace(pace);
    }
    play_out(app)
}

/// Why no game opens: the message, ready to print; the program then exits with status 1,
/// as for every file it cannot use (2 is clap's, for a command line it cannot parse).
struct NoGame(String);

/// The screen the flags open: a resumed game, a position, a new game, or the setup screen.
fn open(args: PlayArgs, data_dir: Option<PathBuf>, theme: Theme) -> Result<App, NoGame> {
    if let Some(file) = &args.resume {
        // It may quote the save file, or the ruleset within it.
        return resume(data_dir.as_deref(), file.as_deref(), &args.mcts, theme)
            .map_err(|e| NoGame(format!("bohnanza: {}", bohnanza::store::shown_lines(&e))));
    }
    if data_dir.is_none() {
        eprintln!(
            "bohnanza: no data directory (set HOME or BOHNANZA_DATA_DIR); the game will not be saved"
        );
    }
    if let Some(file) = args.position.clone() {
        return at_position(args, &file, data_dir.as_deref(), theme);
    }
    if args.table.describe_a_table() {
        let (rules, source) = args.table.rules().map_err(NoGame)?;
        let data_dir = data_dir.as_deref();
        let opening = Opening {
            args,
            source,
            data_dir,
        };
        return new_game(opening, &rules)
            .map(|t| App::playing(t, theme))
            .map_err(NoGame);
    }
    let mut form = SetupForm::new();
    form.seed = args.table.seed;
    form.open_hands = args.open_hands;
    form.games = data_dir.as_deref().map(|d| Box::new(SavedGames::load(d)));
    Ok(App::setup(form, theme, data_dir, random_seed()))
}

/// The game `--position FILE` opens, of whichever game the rules are; rules that do not
/// load, or a file that cannot open, exit with status 1, naming what is wrong.
fn at_position(
    args: PlayArgs,
    file: &Path,
    data_dir: Option<&Path>,
    theme: Theme,
) -> Result<App, NoGame> {
    let (rules, source) = args.table.rules().map_err(NoGame)?;
    let opening = Opening {
        args,
        source,
        data_dir,
    };
    let opened = game_at_position(opening, &rules, file).map(|t| App::playing(t, theme));
    opened.map_err(|e| {
        let shown = sanitize(&file.display().to_string()).into_owned();
        NoGame(format!("bohnanza: {shown}: {}", shown_lines(&e)))
    })
}

/// The players' names from `--names` (checked), else the defaults for the seats.
pub fn chosen_names(names: Option<Vec<String>>, seats: &[SeatKind]) -> Vec<String> {
    match names {
        Some(names) => checked_names(names, seats.len()),
        None => (0..seats.len()).map(|p| seats[p].default_name(p)).collect(),
    }
}
