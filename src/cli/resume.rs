//! `--resume [FILE]`: an unfinished saved game, continued on screen.

use crate::cli::MctsArgs;
use crate::cli::locate;
use std::io::{self};
use std::path::{Path, PathBuf};

use bohnanza::rules::DEFAULT_THINK_TIME;
use bohnanza::store::{SavedEntry, games_dir, library};
use bohnanza::store::{SavedGame, Saver, check, damaged};
use bohnanza::text::sanitize;
use bohnanza::ui::{App, Screen, Theme};

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
        0 => {
            let kept = match finished {
                0 => String::new(),
                1 => " (1 finished game is kept there)".to_string(),
                n => format!(" ({n} finished games are kept there)"),
            };
            Err(format!(
                "no saved game to resume in {}{kept}; `bohnanza` starts a new one",
                sanitize(&games_dir(data_dir).display().to_string())
            ))
        }
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
    let shown_path = sanitize(&path.display().to_string()).into_owned();
    // The screen replays the save through its game's rules once; a game it cannot replay
    // is damaged (and moved aside when it is one of the data directory's own).
    library::open_with(data_dir, &path.clone(), |saved| {
        if saved.finished {
            check::replay(&saved)?;
            return Ok(Err(over(&shown_path, &saved)));
        }
        let saver = continued_in(data_dir, path, &saved);
        let options = mcts.options(Some(DEFAULT_THINK_TIME));
        let app = Screen::resumed(saved, saver, &options).map(|s| App::showing(s, theme));
        app.map(Ok).map_err(|e| {
            let why = e.strip_prefix("the saved game is damaged: ").unwrap_or(&e);
            damaged(why.to_string())
        })
    })?
}

/// Why a finished game is not resumed, and what can be done with it.
pub fn over(shown_path: &str, saved: &SavedGame) -> String {
    let names = bohnanza::text::sanitize_all(&saved.names);
    format!(
        "the game in {shown_path} ({}) is over; `bohnanza export {shown_path}` writes it \
         out, `bohnanza` starts a new one",
        names.join(", ")
    )
}

/// Where a resumed game goes on being saved: its own file when that is one of the data
/// directory's saves; else (a file a person named, which is only ever read) a new file in
/// the data directory's `games/`, written at once with the game so far. Without a data
/// directory such a game is not saved at all.
pub fn continued_in(data_dir: Option<&Path>, path: PathBuf, saved: &SavedGame) -> Option<Saver> {
    match data_dir {
        Some(d) if library::is_ours(d, &path) => Some(Saver::resumed(path, saved.actions.len())),
        Some(d) => {
            let name = saved.ruleset.rules().map(|r| r.name().to_string());
            let mut saver = Saver::for_new_game(d, name.as_deref().unwrap_or("game"), &saved.names);
            saver.save(saved);
            Some(saver)
        }
        None => None,
    }
}
