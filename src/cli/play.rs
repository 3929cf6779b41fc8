//! Playing: the setup screen, a new game from the flags, a position, or a resumed game.

use crate::cli::MctsArgs;
use crate::cli::checked_names;
use crate::cli::farewell::play_out;
use crate::cli::new_game::{Opening, new_game};
use crate::cli::position::game_at_position;
use crate::cli::random_seed;
use crate::cli::resume::resume;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use bohnanza::game::SeatKind;
use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::store::{RulesetSource, shown_lines};
use bohnanza::text::sanitize;
use bohnanza::ui::saved_games::SavedGames;
use bohnanza::ui::{App, Pace, SetupForm, Theme};

/// How to start the game.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Play this built-in variant (see `bohnanza variants`).
    #[arg(long, value_name = "NAME", conflicts_with = "ruleset",
          value_parser = clap::builder::PossibleValuesParser::new(
              bohnanza::rules::variant_names()))]
    pub variant: Option<String>,
    /// Play a custom ruleset file (TOML; check it with `bohnanza check FILE`).
    #[arg(long, value_name = "FILE.toml")]
    pub ruleset: Option<PathBuf>,
    /// How many players sit at the table (within the variant's range).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    pub players: Option<u8>,
    /// The players' names in seat order, comma separated (Ana,Ben,Cy).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub names: Option<Vec<String>>,
    /// Shuffle with this seed, to replay the same deal.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Who plays each seat, comma separated: human, or for the card games the bot levels easy,
    /// normal, hard and expert, or random, greedy and mcts by name (human,normal,hard,expert);
    /// in the dice game human, random, greedy, expect or strong. Sets the number of players
    /// unless --players does.
    #[arg(long, value_name = "SEATS", value_delimiter = ',')]
    pub seats: Option<Vec<String>>,
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
    if args.variant.is_some()
        || args.ruleset.is_some()
        || args.players.is_some()
        || args.names.is_some()
        || args.seats.is_some()
    {
        let (rules, source) = chosen_rules(&args).map_err(NoGame)?;
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
    form.seed = args.seed;
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
    let (rules, source) = chosen_rules(&args).map_err(NoGame)?;
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

/// The rules `--ruleset` or `--variant` names (the default variant without either), loaded
/// once, and their source for the save; the error is ready to print
/// ([`Rules::from_file_text`]).
pub fn chosen_rules(args: &PlayArgs) -> Result<(Rules, RulesetSource), String> {
    rules_named(args.variant.as_deref(), args.ruleset.as_deref())
}

/// The rules of the ruleset file `ruleset`, else of the built-in `variant` (the default
/// without either), as [`chosen_rules`] loads them.
pub fn rules_named(
    variant: Option<&str>,
    ruleset: Option<&Path>,
) -> Result<(Rules, RulesetSource), String> {
    if let Some(file) = ruleset {
        let typed = file.display().to_string();
        let toml = rulesets::read_file(file).map_err(|e| format!("bohnanza: {e}"))?;
        let rules = Rules::from_file_text(&typed, &toml)?;
        // The save names the file by its whole path, so `export` run from another folder
        // names a file `script` finds, and checks the game against that file.
        let origin = std::path::absolute(file).map_or(typed, |p| p.display().to_string());
        return Ok((rules, RulesetSource { origin, toml }));
    }
    let name = variant.unwrap_or(rulesets::DEFAULT);
    let rules = Rules::variant(name).map_err(|e| format!("bohnanza: {e}"))?;
    let source = RulesetSource::variant(name)
        .ok_or_else(|| format!("bohnanza: no built-in variant is called {name}"))?;
    Ok((rules, source))
}

/// The players' names from `--names` (checked), else the defaults for the seats.
pub fn chosen_names(names: Option<Vec<String>>, seats: &[SeatKind]) -> Vec<String> {
    match names {
        Some(names) => checked_names(names, seats.len()),
        None => (0..seats.len()).map(|p| seats[p].default_name(p)).collect(),
    }
}
