//! `bohnanza replay [FILE]`: the viewer on a file, or without one the saved games list.

use crate::cli::MctsArgs;
use crate::cli::farewell::play_out;
use crate::cli::locate;
use std::path::Path;
use std::process::ExitCode;

use bohnanza::rules::DEFAULT_THINK_TIME;
use bohnanza::store::games_dir;
use bohnanza::text::sanitize;
use bohnanza::ui::saved_games::SavedGames;
use bohnanza::ui::{self, App, Theme};

/// `bohnanza replay [FILE]`: the viewer on a saved game, or the list of the data
/// directory's saved games (newest first, finished ones too) to pick one from; a file that
/// cannot be replayed, or no saved game to list, exits with status 1. With `open_hands`
/// the viewer asks first whether to show the hands a game not yet over hides.
pub fn replay(file: Option<&Path>, open_hands: bool, mcts: &MctsArgs) -> ExitCode {
    let data_dir = bohnanza::store::data_dir();
    let bad = |e: &str| {
        eprintln!("bohnanza: {}", bohnanza::store::shown_lines(e));
        ExitCode::FAILURE
    };
    let path = match (file, data_dir.as_deref()) {
        (Some(f), _) => locate(f, data_dir.as_deref()),
        (None, Some(d)) => {
            let games = SavedGames::load(d);
            if games.rows.is_empty() {
                for p in &games.problems {
                    eprintln!("bohnanza: {}", bohnanza::store::shown_lines(p));
                }
                return bad(&format!(
                    "no saved game in {}; `bohnanza replay FILE` opens a save file",
                    sanitize(&games_dir(d).display().to_string())
                ));
            }
            let app = App::game_list(Theme::from_env(), d.to_path_buf(), games);
            return play_out(app);
        }
        (None, None) => {
            return bad(
                "no data directory to find saved games in (set HOME or BOHNANZA_DATA_DIR); \
                 `bohnanza replay FILE` opens a save file",
            );
        }
    };
    let mut viewer = match ui::replay::open_with(&path, &mcts.options(Some(DEFAULT_THINK_TIME))) {
        Ok(v) => v,
        Err(e) => return bad(&e),
    };
    if open_hands {
        viewer.ask_to_open_hands();
    }
    play_out(App::replaying(viewer, Theme::from_env(), data_dir))
}
