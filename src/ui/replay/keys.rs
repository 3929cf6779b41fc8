//! The replay viewer's keys as data: one table ([`BINDINGS`]) says which keys do what, and
//! the key handling ([`command`]), the key bar and the `?` help all read it, so they cannot
//! disagree. The typed prompts the viewer opens (a number after `g`, a search after `/`, a
//! file name after `s`) take their own few keys, named where they show; the seats after `c`
//! and the question before replacing a file read theirs from `ui/picker_keys.rs`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::ui::bindings;
use crate::ui::log_scroll::LogMove;
use crate::ui::replay::cursor::Move;

/// The most digits a turn or action number typed after `g` may have.
pub const MAX_TURN_DIGITS: usize = 7;

/// What a key press asks the replay viewer for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayCommand {
    /// Move the cursor.
    Go(Move),
    /// Move through the log (PgUp/PgDn, Home/End), as on the game screen.
    Log(LogMove),
    /// Open the whole log (`l`).
    FullLog,
    /// Start typing the turn (or action) number to jump to (`g`).
    AskTurn,
    /// Start typing what to search the log for (`/`).
    Search,
    /// The next action whose log lines hold the search (`n`).
    NextMatch,
    /// The previous such action (`N`).
    PreviousMatch,
    /// Write the position at the cursor as a file `--position` opens (`s`).
    SavePosition,
    /// Continue playing from the cursor as a new game, choosing the seats first (`c`).
    Continue,
    /// Leave the viewer (`q`, Esc).
    Leave,
    /// Show the keys (`?`).
    Help,
}

/// How the viewer shows a binding and where it works: a replay binding's scope.
#[derive(Clone, Copy, Debug)]
pub struct ReplayScope {
    /// The binding's word on the key bar, after its key.
    pub word: &'static str,
    /// The key bar drops the highest first when the line is too narrow (1 stays longest);
    /// 0: in the help only.
    pub rank: u8,
    /// Whether only a game whose turn has phases has it.
    pub phases: bool,
    /// The same keys with Shift held (arrows): matched before the binding's keys.
    pub shifted: &'static [KeyCode],
}

/// One line of the table: the keys, what they do, and how the key bar and help say it.
pub type ReplayBinding = bindings::Binding<ReplayCommand, ReplayScope>;

/// A binding on the key bar as `bar` (its key and word) at `rank`, and in the help as
/// `help` (its keys and words).
const fn bind(
    keys: &'static [KeyCode],
    commands: &'static [ReplayCommand],
    (bar, word): (&'static str, &'static str),
    rank: u8,
    help: (&'static str, &'static str),
) -> ReplayBinding {
    let shown = ReplayScope {
        word,
        rank,
        phases: false,
        shifted: &[],
    };
    bindings::bind(keys, commands, shown, bar, help)
}

/// `b` for a game whose turn has phases only.
const fn with_phases(mut b: ReplayBinding) -> ReplayBinding {
    b.scope.phases = true;
    b
}

/// `b` with `keys` asking the same with Shift held.
const fn shifted(mut b: ReplayBinding, keys: &'static [KeyCode]) -> ReplayBinding {
    b.scope.shifted = keys;
    b
}

const fn go(m: Move) -> ReplayCommand {
    ReplayCommand::Go(m)
}

use KeyCode::Char;

/// Every key of the replay viewer, in the order the help lists them; `("", "")` and rank
/// 0: not on the key bar.
#[rustfmt::skip]
pub const BINDINGS: &[ReplayBinding] = &[
    bind(&[KeyCode::Left, KeyCode::Right], &[go(Move::Back), go(Move::Forward)], ("←→", "action"), 1, ("← →", "one action back / on")),
    with_phases(bind(&[Char('['), Char(']')], &[go(Move::PhaseBack), go(Move::PhaseForward)], ("[]", "phase"), 3, ("[ ]", "to the start of the phase / the next phase"))),
    shifted(bind(&[Char('{'), Char('}')], &[go(Move::TurnBack), go(Move::TurnForward)], ("{}", "turn"), 2, ("{ }  Shift-← →", "to the start of the turn / the next turn")), &[KeyCode::Left, KeyCode::Right]),
    bind(&[Char('<'), Char('>')], &[go(Move::Start), go(Move::End)], ("<>", "ends"), 4, ("< >", "to the deal / the last action")),
    bind(&[Char('g')], &[ReplayCommand::AskTurn], ("g", "go to"), 2, ("g 12 Enter", "to the start of turn 12 (g a 57 Enter: to action 57)")),
    bind(&[Char('/')], &[ReplayCommand::Search], ("/", "search"), 1, ("/ text Enter", "to the next action whose log lines hold the text")),
    bind(&[Char('n'), Char('N')], &[ReplayCommand::NextMatch, ReplayCommand::PreviousMatch], ("", ""), 0, ("n N", "the next / the previous action found")),
    bind(&[KeyCode::PageUp, KeyCode::PageDown], &[ReplayCommand::Log(LogMove::PageBack), ReplayCommand::Log(LogMove::PageOn)], ("PgUp/Dn", "log"), 3, ("PgUp PgDn", "the log a page back / on")),
    bind(&[KeyCode::Home, KeyCode::End], &[ReplayCommand::Log(LogMove::Oldest), ReplayCommand::Log(LogMove::Newest)], ("", ""), 0, ("Home End", "the log's oldest / newest lines")),
    bind(&[Char('l')], &[ReplayCommand::FullLog], ("l", "log"), 2, ("l", "the whole log up to the cursor, full screen")),
    bind(&[Char('s')], &[ReplayCommand::SavePosition], ("s", "save position"), 3, ("s", "write the position here as a file --position opens")),
    bind(&[Char('c')], &[ReplayCommand::Continue], ("c", "continue"), 2, ("c", "continue playing from here as a new game (choose the seats)")),
    bind(&[Char('?')], &[ReplayCommand::Help], ("?", "help"), 1, ("?", "this help")),
    bind(&[Char('q'), KeyCode::Esc], &[ReplayCommand::Leave], ("q", "leave"), 1, ("q  Esc", "leave")),
];

/// The bindings of the viewer on a game whose turn has `phases` (or none), in the table's
/// order.
pub fn bindings(phases: bool) -> impl Iterator<Item = &'static ReplayBinding> {
    BINDINGS.iter().filter(move |b| phases || !b.scope.phases)
}

/// What `key` asks of the viewer on a game whose turn has `phases` (`[` and `]` step them)
/// or has none; `None` for a key that does nothing there.
pub fn command(key: &KeyEvent, phases: bool) -> Option<ReplayCommand> {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let shifted = bindings(phases).filter(|_| shift).find_map(|b| {
        let i = b.scope.shifted.iter().position(|&k| k == key.code)?;
        b.commands.get(i).or(b.commands.first()).copied()
    });
    shifted.or_else(|| bindings(phases).find_map(|b| b.command(key.code)))
}

/// The key bar's hints for the viewer (on a game with `phases` or without) at rank `rank`
/// and below.
pub fn bar(phases: bool, rank: u8) -> Vec<(&'static str, &'static str)> {
    bindings(phases)
        .filter(|b| b.scope.rank >= 1 && b.scope.rank <= rank)
        .map(|b| (b.bar, b.scope.word))
        .collect()
}

/// The highest rank any binding has: the widest key bar.
pub fn top_rank() -> u8 {
    BINDINGS.iter().map(|b| b.scope.rank).max().unwrap_or(1)
}
