//! `--linear` (or `TERM=dumb`): the game in plain lines, for screen readers and pipes
//! (`bohnanza::ui::linear`); a new game from the flags, or a resumed one.

use crate::cli::farewell::say_where_saved;
use crate::cli::locate;
use crate::cli::new_game::Opening;
use crate::cli::play::PlayArgs;
use crate::cli::resume::{choose_unfinished, continued_in, over};
use std::io::{self, Stdout};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use bohnanza::game::BotOptions;
use bohnanza::rules::DEFAULT_THINK_TIME;
use bohnanza::rules::WorkWithRules;
use bohnanza::store::{SavedGame, Saver, damaged, library};
use bohnanza::text::sanitize;
use bohnanza::ui::linear::{
    LineKeyboard, LineSpeaker, LinearSession, SessionEnd, Spoken, StdinKeyboard, Tag, new_session,
    resumed_session, terminal_is_dumb,
};
use bohnanza::ui::screen::OnScreen;

/// Whether the game is played in lines: `--linear`, or a terminal that cannot move its
/// cursor.
pub fn wanted(args: &PlayArgs) -> bool {
    args.linear || terminal_is_dumb(std::env::var("TERM").ok().as_deref())
}

/// Plays the game the flags describe in lines until it ends, a person quits or the input
/// ends; then says where it is saved, as the screen's farewell does.
pub fn play_linear(args: PlayArgs) -> ExitCode {
    let data_dir = bohnanza::store::data_dir();
    let options = args.mcts.options(Some(DEFAULT_THINK_TIME));
    let said = if let Some(file) = &args.resume {
        let file = file.clone();
        resume(data_dir.as_deref(), file.as_deref(), &options, args.tutor)
    } else {
        if data_dir.is_none() {
            eprintln!(
                "bohnanza: no data directory (set HOME or BOHNANZA_DATA_DIR); the game will not be saved"
            );
        }
        match args.table.rules() {
            Ok((rules, source)) => rules.dispatch(InLines(Opening {
                args,
                source,
                data_dir: data_dir.as_deref(),
            })),
            Err(e) => Err(e),
        }
    };
    said.unwrap_or_else(|message| {
        eprintln!("{}", bohnanza::store::shown_lines(&message));
        ExitCode::FAILURE
    })
}

/// A new game of the flags, to play in lines.
struct InLines<'a>(Opening<'a>);

impl<G: OnScreen + Spoken> WorkWithRules<G> for InLines<'_> {
    type Output = Result<ExitCode, String>;

    fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
        let tutor = self.0.args.tutor;
        let (config, saver) = self.0.table::<G>(rules);
        let keyboard = StdinKeyboard::start();
        let session = new_session(config, saver, keyboard, LineSpeaker::stdout())
            .map_err(|e| format!("bohnanza: {e}"))?;
        Ok(play_out(session, tutor))
    }
}

/// The unfinished saved game `--resume [FILE]` names, in lines.
fn resume(
    data_dir: Option<&Path>,
    file: Option<&Path>,
    options: &BotOptions,
    tutor: bool,
) -> Result<ExitCode, String> {
    let path = match (file, data_dir) {
        (Some(f), _) => locate(f, data_dir),
        (None, Some(d)) => choose_unfinished(d).map_err(|e| format!("bohnanza: {e}"))?,
        (None, None) => {
            return Err("bohnanza: no data directory to resume from (set HOME or \
                        BOHNANZA_DATA_DIR)"
                .to_string());
        }
    };
    let shown_path = sanitize(&path.display().to_string()).into_owned();
    let opened = library::open_with(data_dir, &path.clone(), |saved| {
        if saved.finished {
            return Ok(Err(over(&shown_path, &saved)));
        }
        let saver = continued_in(data_dir, path, &saved);
        let rules = saved.ruleset.rules().map_err(damaged)?;
        rules
            .dispatch(Resume(saved, saver, options, tutor))
            .map(Ok)
            .map_err(damaged)
    });
    match opened {
        Ok(Ok(code)) => Ok(code),
        Ok(Err(message)) | Err(message) => Err(format!("bohnanza: {message}")),
    }
}

/// A saved game, its save, its bots' options and the tutor, to take up in lines.
struct Resume<'a>(SavedGame, Option<Saver>, &'a BotOptions, bool);

impl<G: Spoken> WorkWithRules<G> for Resume<'_> {
    type Output = Result<ExitCode, String>;

    fn with(self, _rules: &Arc<G::Rules>) -> Self::Output {
        let Resume(saved, saver, options, tutor) = self;
        let keyboard = StdinKeyboard::start();
        let session =
            resumed_session::<G, _, _>(saved, saver, options, keyboard, LineSpeaker::stdout())?;
        Ok(play_out(session, tutor))
    }
}

/// Plays `session` out and says where the game is kept, each line tagged as the mode's are.
fn play_out<G: Spoken, K: LineKeyboard>(
    mut session: LinearSession<G, K, Stdout>,
    tutor: bool,
) -> ExitCode {
    session.set_tutor(tutor);
    let ending = session.run();
    let (saver, record, out) = session.into_save();
    let mut speaker = LineSpeaker::new(out);
    let code = match ending {
        SessionEnd::Stuck => ExitCode::FAILURE,
        SessionEnd::Over | SessionEnd::Quit | SessionEnd::EndOfInput => ExitCode::SUCCESS,
    };
    if ending == SessionEnd::EndOfInput {
        speaker.line(Tag::Say, "The input ended.");
    }
    let Some(mut saver) = saver else {
        return code;
    };
    let mut said = Vec::new();
    let code = say_where_saved(&mut said, &mut saver, &record, code);
    // The way back is the linear mode's own.
    let said = String::from_utf8_lossy(&said)
        .replace("`bohnanza --resume`", "`bohnanza --linear --resume`");
    speaker.line(Tag::Say, &said);
    let _ = io::Write::flush(&mut speaker.into_inner());
    code
}
