//! `--resume [FILE]`: an unfinished saved game, continued on screen.

use crate::cli::MctsArgs;
use crate::cli::locate;
use std::io::{self};
use std::path::{Path, PathBuf};

use bohnanza::bots::DEFAULT_THINK_TIME;
use bohnanza::game::Rules;
use bohnanza::store::{SavedEntry, games_dir, library};
use bohnanza::store::{SavedGame, Saver, check, damaged};
use bohnanza::text::sanitize;
use bohnanza::ui::dice::DiceTable;
use bohnanza::ui::{App, Game, Theme};

/// The unfinished game to resume from the data directory: the only one, or the one the
/// person picks from a list on standard input.
pub fn choose_unfinished(data_dir: &Path) -> Result<PathBuf, String> {
    let (games, problems) = library::list(data_dir);
    for p in problems {
        eprintln!("bohnanza: {}", bohnanza::store::shown_lines(&p));
    }
    let finished = games.iter().filter(|g| g.game.finished).count();
    let unfinished: Vec<SavedEntry> = games.into_iter().filter(|g| !g.game.finished).collect();
    match unfinished.len() {
        0 => Err(format!(
            "no saved game to resume in {} ({finished} finished games are kept there); \
             `bohnanza` starts a new one",
            sanitize(&games_dir(data_dir).display().to_string())
        )),
        1 => Ok(unfinished[0].path.clone()),
        _ => {
            let i = library::pick(&unfinished, io::stdin().lock(), io::stdout())?;
            Ok(unfinished[i].path.clone())
        }
    }
}

/// The saved game `--resume [FILE]` continues, a card game or the dice game, on screen.
pub fn resume(
    data_dir: Option<&Path>,
    file: Option<&Path>,
    mcts: &MctsArgs,
    theme: Theme,
) -> Result<App, String> {
    let path = match (file, data_dir) {
        (Some(f), _) => locate(f, data_dir),
        (None, Some(d)) => choose_unfinished(d)?,
        (None, None) => {
            return Err(
                "no data directory to resume from (set HOME or BOHNANZA_DATA_DIR)".to_string(),
            );
        }
    };
    // A damaged file is moved aside within the data directory (else beside itself).
    let aside = data_dir
        .map(Path::to_path_buf)
        .or_else(|| path.parent().map(Path::to_path_buf))
        .unwrap_or_default();
    let shown_path = sanitize(&path.display().to_string()).into_owned();
    // The screen replays the save through its game's rules once; a game it cannot replay
    // is damaged and moved aside.
    library::open_with(&aside, &path, |saved| {
        if saved.finished {
            check::replay(&saved)?;
            return Ok(Err(over(&shown_path, &saved)));
        }
        let saver = Some(Saver::resumed(path.clone(), saved.actions.len()));
        let app = if let Ok(Rules::Dice(_)) = saved.ruleset.rules() {
            DiceTable::resume(saved, saver).map(|t| App::playing_dice(t, theme))
        } else {
            Game::resume_with(saved, saver, &mcts.options(Some(DEFAULT_THINK_TIME)))
                .map(|g| App::playing(g, theme))
        };
        app.map(Ok).map_err(|e| {
            let why = e.strip_prefix("the saved game is damaged: ").unwrap_or(&e);
            damaged(why.to_string())
        })
    })?
}

/// Why a finished game is not resumed, and what can be done with it.
fn over(shown_path: &str, saved: &SavedGame) -> String {
    let names = bohnanza::text::sanitize_all(&saved.names);
    format!(
        "the game in {shown_path} ({}) is over; `bohnanza export {shown_path}` writes it \
         out, `bohnanza` starts a new one",
        names.join(", ")
    )
}
