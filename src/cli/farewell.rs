//! What is printed when the game screen closes.

use std::io::{self, Write};
use std::process::ExitCode;

use bohnanza::store::{SavedGame, Saver};
use bohnanza::text::sanitize;
use bohnanza::ui::terminal::Finished;
use bohnanza::ui::{App, Screen};

/// Runs `app` in the terminal until its screen closes, then says goodbye ([`farewell`]):
/// how every command that opens a screen ends.
pub fn play_out(app: App) -> ExitCode {
    match bohnanza::ui::terminal::run(app) {
        Ok(finished) => farewell(finished),
        Err(e) => {
            eprintln!("bohnanza: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What is printed when the game screen closes: the scores of a finished game, or whether
/// the game is on disk (one more save is tried if the last one failed). A game ended by a
/// signal exits with the shell's status for it.
fn farewell(finished: Finished) -> ExitCode {
    let Finished {
        mut app,
        signal,
        error,
    } = finished;
    // The terminal may be gone (SIGHUP): nothing is printed then, and that is no error.
    let mut out = io::stdout();
    let mut code = signal.map_or(ExitCode::SUCCESS, |s| ExitCode::from(s.exit_status()));
    if let Some(s) = signal {
        let _ = writeln!(out, "bohnanza: ended by {}.", s.name());
    } else if let Some(e) = error {
        let _ = writeln!(io::stderr(), "bohnanza: the terminal failed: {e}");
        code = ExitCode::FAILURE;
    }
    let Screen::Table(table) = &mut app.screen else {
        return code;
    };
    let closing = table.closing();
    if let Some(scores) = &closing.scores {
        let _ = write!(out, "{scores}");
    }
    let (saver, record) = (closing.saver, closing.record);
    match saver {
        Some(saver) => say_where_saved(&mut out, saver, record, code),
        None => code,
    }
}

/// Says where the game is on disk (one more save is tried if the last one failed), or that
/// it is not; the card game and the dice game alike. A game started here and quit before
/// any move is not kept: its file is removed.
pub fn say_where_saved(
    out: &mut impl Write,
    saver: &mut Saver,
    record: &SavedGame,
    code: ExitCode,
) -> ExitCode {
    if saver.forget_if_unplayed(record) {
        let _ = writeln!(out, "Nothing was played, so the game is not kept.");
        return code;
    }
    if saver.problem().is_some() {
        saver.save(record);
    }
    let path = sanitize(&saver.path().display().to_string()).into_owned();
    match saver.problem() {
        Some(problem) => {
            let _ = writeln!(out, "The game is NOT saved in {path}: {problem}");
            ExitCode::FAILURE
        }
        None if record.finished => {
            let _ = writeln!(
                out,
                "The game is kept in {path}; `bohnanza export` writes it as protocol lines."
            );
            code
        }
        None => {
            let _ = writeln!(
                out,
                "The game is saved in {path}. `bohnanza --resume` continues it."
            );
            code
        }
    }
}
