//! `bohnanza replay [FILE]`.

use crate::cli::MctsArgs;
use crate::cli::farewell::farewell;
use crate::cli::locate;
use std::path::Path;
use std::process::ExitCode;

use bohnanza::bots::DEFAULT_THINK_TIME;
use bohnanza::ui::{self, App, Theme};

/// `bohnanza replay [FILE]`: the viewer on a saved game; a file that cannot be replayed
/// exits with status 2.
pub fn replay(file: Option<&Path>, mcts: &MctsArgs) -> ExitCode {
    let data_dir = bohnanza::store::data_dir();
    let bad = |e: &str| {
        eprintln!("bohnanza: {}", bohnanza::store::shown_lines(e));
        ExitCode::from(2)
    };
    let path = match (file, data_dir.as_deref()) {
        (Some(f), _) => locate(f, data_dir.as_deref()),
        (None, Some(d)) => {
            let (found, problems) = ui::replay::running_game(d);
            for p in problems {
                eprintln!("bohnanza: {}", bohnanza::store::shown_lines(&p));
            }
            match found {
                Ok(path) => path,
                Err(e) => return bad(&e),
            }
        }
        (None, None) => {
            return bad(
                "no data directory to find the running game in (set HOME or \
                 BOHNANZA_DATA_DIR); `bohnanza replay FILE` opens a save file",
            );
        }
    };
    let mut viewer = match ui::replay::open(&path) {
        Ok(v) => v,
        Err(e) => return bad(&e),
    };
    if let ui::replay::Viewer::Cards(cards) = &mut viewer {
        cards.bot_options = mcts.options(Some(DEFAULT_THINK_TIME));
    }
    let app = App::replaying(viewer, Theme::from_env(), data_dir);
    match ui::terminal::run(app) {
        Ok(finished) => farewell(finished),
        Err(e) => {
            eprintln!("bohnanza: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}
