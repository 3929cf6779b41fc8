//! The linear mode (`bohnanza --linear`, or `TERM=dumb`): every game played as plain lines
//! on standard output, read from standard input, for screen readers and pipes. No cursor
//! is moved, no colour is used, nothing is redrawn.
//!
//! Every line starts with a stable word, so a screen reader's search, or a program, finds
//! the lines of one kind:
//!
//! - `event:` something that happened, in the log's sentences, as it happens;
//! - `choose:` one numbered choice of the decision at hand (`choose: 1 Plant the Red in field 1`);
//! - `ask:` the program waits for a line, and says whose and what;
//! - `error:` the line typed was refused: why, and what would be valid (nothing changed);
//! - `say:` an answer to a command (`look`, `hint`, `help`…) or a notice;
//! - `handoff:` the keyboard passes to another player (a barrier: see `handoff.rs`).
//!
//! The mode is a client of the game: it reads what one seat may see (the engine's view and
//! events, in the log's words) and sends actions back through the table's driver, never
//! changing the state itself; each game says its own words in its own file (`cards*.rs`,
//! `dice.rs`, through [`Spoken`]) and the session (`session.rs`) is written once.

mod choice;
mod command;
mod handoff;
mod hint;
mod keyboard;
mod line;
mod session;
mod spoken;

use std::io::Write;

pub use choice::{Choice, Pick, normal, picked};
pub use command::{HELP, Part};
pub use keyboard::{Keyboard, StdinKeyboard};
pub use line::{Speaker, Tag};
pub use session::{Ending, LINEAR_PACE, Seating, Session};
pub use spoken::Spoken;

use super::config::GameConfig;
use crate::game::{NewPlay, SeatKind, Table, Tape};
use crate::store::{SavedGame, SavedSeat, Saver};

/// A new game of `config` in lines, saved by `saver`: the deal is told on `speaker` at once.
pub fn new_session<G: Spoken, K: Keyboard, W: Write>(
    config: GameConfig<G>,
    saver: Option<Saver>,
    keyboard: K,
    mut speaker: Speaker<W>,
) -> Result<Session<G, K, W>, String> {
    let names = crate::text::sanitize_all(&config.names);
    let begun =
        G::deal(&config.ruleset, config.names.len(), config.seed).map_err(|e| e.to_string())?;
    let log = session::plain(G::tell(&begun.state, &begun.events, &names));
    let title = G::title(&config.ruleset).to_string();
    speaker.line(
        Tag::Say,
        &format!(
            "A new game of {title}: {}.",
            crate::ui::words::listed(&names)
        ),
    );
    speaker.lines(Tag::Event, &log);
    let table = Table::new(&config.seats, config.seed, &config.bots)?;
    let record = config.record(None);
    let mut seating = Seating {
        tape: Tape::new(begun.state),
        table,
        seats: config.seats,
        record,
        saver,
        log,
    };
    if let Some(s) = &mut seating.saver {
        s.save(&seating.record);
    }
    Ok(Session::new(seating, keyboard, speaker))
}

/// The unfinished game `saved` taken up in lines: its actions replayed through the rules
/// from its deal (or start position), its bots made anew from its seats and seed.
pub fn resumed_session<G: Spoken, K: Keyboard, W: Write>(
    saved: SavedGame,
    saver: Option<Saver>,
    options: &crate::game::BotOptions,
    keyboard: K,
    mut speaker: Speaker<W>,
) -> Result<Session<G, K, W>, String> {
    let rules = saved
        .ruleset
        .rules()?
        .of::<G>()
        .ok_or("the saved game is of the other game")?;
    let seats = saved
        .seats
        .iter()
        .map(SavedSeat::read::<G>)
        .collect::<Result<Vec<SeatKind>, String>>()?;
    let new = NewPlay {
        players: saved.names.len(),
        seed: saved.seed,
        names: saved.names.clone(),
        setup: None,
        position: saved.position.clone(),
    };
    let begun = G::begin(&rules, &new).map_err(|e| e.to_string())?;
    let names = crate::text::sanitize_all(&saved.names);
    let mut log = session::plain(G::tell(&begun.state, &begun.events, &names));
    let mut tape: Tape<G> = Tape::new(begun.state);
    for (i, value) in saved.actions.iter().enumerate() {
        let damaged = |e: String| format!("the saved game is damaged: action {}: {e}", i + 1);
        let (player, action) =
            G::parse_action(tape.now(), value).map_err(|e| damaged(e.to_string()))?;
        let before = tape.now().clone();
        let events = tape
            .play(player, action)
            .map_err(|e| damaged(e.to_string()))?;
        log.extend(session::plain(G::tell(&before, &events, &names)));
    }
    let table = Table::new(&seats, saved.seed, options)?;
    speaker.line(
        Tag::Say,
        &format!("Game resumed: {}.", crate::ui::words::listed(&names)),
    );
    let seating = Seating {
        tape,
        table,
        seats,
        record: saved,
        saver,
        log,
    };
    Ok(Session::new(seating, keyboard, speaker))
}

/// Whether the linear mode is wanted without `--linear`: a terminal that cannot move its
/// cursor (`TERM=dumb`, as Emacs's shell and some screen readers' consoles set).
pub fn terminal_is_dumb(term: Option<&str>) -> bool {
    term == Some("dumb")
}
