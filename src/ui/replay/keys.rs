//! The replay viewer's keys as data: one table ([`BINDINGS`]) says which keys do what, and
//! the key handling ([`command`]), the key bar and the `?` help all read it, so they cannot
//! disagree. The prompts the viewer opens (a number after `g`, a search after `/`, a file
//! name after `s`, the seats after `c`) take their own few keys, named where they show.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::cursor::Move;
use crate::ui::log_scroll::LogMove;

/// The most digits a turn or action number typed after `g` may have.
pub const MAX_TURN_DIGITS: usize = 7;

/// What a key press asks the replay viewer for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
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

/// One line of the table: the keys, what they do, and how the key bar and help say it.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The keys, without Shift.
    pub keys: &'static [KeyCode],
    /// The same keys with Shift held (arrows): matched before [`Binding::keys`].
    pub shifted: &'static [KeyCode],
    /// What they ask for: `[back, on]` for a pair of keys, else one command for all.
    pub commands: &'static [Command],
    /// The keys as the help window names them.
    pub help_keys: &'static str,
    /// What they do, in the help window.
    pub help: &'static str,
    /// The keys and their word on the key bar; `None`: in the help only.
    pub bar: Option<(&'static str, &'static str)>,
    /// The key bar drops the highest first when the line is too narrow (1 stays longest).
    pub rank: u8,
    /// Whether only a game whose turn has phases has it.
    pub phases: bool,
}

const fn go(m: Move) -> Command {
    Command::Go(m)
}

/// Every key of the replay viewer, in the order the help lists them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[KeyCode::Left, KeyCode::Right],
        shifted: &[],
        commands: &[go(Move::Back), go(Move::Forward)],
        help_keys: "← →",
        help: "one action back / on",
        bar: Some(("←→", "action")),
        rank: 1,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('['), KeyCode::Char(']')],
        shifted: &[],
        commands: &[go(Move::PhaseBack), go(Move::PhaseForward)],
        help_keys: "[ ]",
        help: "to the start of the phase / the next phase",
        bar: Some(("[]", "phase")),
        rank: 3,
        phases: true,
    },
    Binding {
        keys: &[KeyCode::Char('{'), KeyCode::Char('}')],
        shifted: &[KeyCode::Left, KeyCode::Right],
        commands: &[go(Move::TurnBack), go(Move::TurnForward)],
        help_keys: "{ }  Shift-← →",
        help: "to the start of the turn / the next turn",
        bar: Some(("{}", "turn")),
        rank: 2,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('<'), KeyCode::Char('>')],
        shifted: &[],
        commands: &[go(Move::Start), go(Move::End)],
        help_keys: "< >",
        help: "to the deal / the last action",
        bar: Some(("<>", "ends")),
        rank: 4,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('g')],
        shifted: &[],
        commands: &[Command::AskTurn],
        help_keys: "g 12 Enter",
        help: "to the start of turn 12 (g a 57 Enter: to action 57)",
        bar: Some(("g", "go to")),
        rank: 2,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('/')],
        shifted: &[],
        commands: &[Command::Search],
        help_keys: "/ text Enter",
        help: "to the next action whose log lines hold the text",
        bar: Some(("/", "search")),
        rank: 1,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('n'), KeyCode::Char('N')],
        shifted: &[],
        commands: &[Command::NextMatch, Command::PreviousMatch],
        help_keys: "n N",
        help: "the next / the previous action found",
        bar: None,
        rank: 0,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::PageUp, KeyCode::PageDown],
        shifted: &[],
        commands: &[
            Command::Log(LogMove::PageBack),
            Command::Log(LogMove::PageOn),
        ],
        help_keys: "PgUp PgDn",
        help: "the log a page back / on",
        bar: Some(("PgUp/Dn", "log")),
        rank: 3,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Home, KeyCode::End],
        shifted: &[],
        commands: &[Command::Log(LogMove::Oldest), Command::Log(LogMove::Newest)],
        help_keys: "Home End",
        help: "the log's oldest / newest lines",
        bar: None,
        rank: 0,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('l')],
        shifted: &[],
        commands: &[Command::FullLog],
        help_keys: "l",
        help: "the whole log up to the cursor, full screen",
        bar: Some(("l", "log")),
        rank: 2,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('s')],
        shifted: &[],
        commands: &[Command::SavePosition],
        help_keys: "s",
        help: "write the position here as a file --position opens",
        bar: Some(("s", "save position")),
        rank: 3,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('c')],
        shifted: &[],
        commands: &[Command::Continue],
        help_keys: "c",
        help: "continue playing from here as a new game (choose the seats)",
        bar: Some(("c", "continue")),
        rank: 2,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('?')],
        shifted: &[],
        commands: &[Command::Help],
        help_keys: "?",
        help: "this help",
        bar: Some(("?", "help")),
        rank: 1,
        phases: false,
    },
    Binding {
        keys: &[KeyCode::Char('q'), KeyCode::Esc],
        shifted: &[],
        commands: &[Command::Leave],
        help_keys: "q  Esc",
        help: "leave",
        bar: Some(("q", "leave")),
        rank: 1,
        phases: false,
    },
];

impl Binding {
    /// What `code` asks for under this binding (`shift`: Shift is held), if it is one of its keys.
    fn command(&self, code: KeyCode, shift: bool) -> Option<Command> {
        let keys = if shift && !self.shifted.is_empty() {
            self.shifted
        } else {
            self.keys
        };
        let i = keys.iter().position(|&k| k == code)?;
        self.commands.get(i).or(self.commands.first()).copied()
    }

    /// Whether the viewer on a game whose turn has `phases` (or has none) has this binding.
    pub fn applies(&self, phases: bool) -> bool {
        phases || !self.phases
    }
}

/// The bindings of the viewer on a game whose turn has `phases` (or none), in the table's
/// order.
pub fn bindings(phases: bool) -> impl Iterator<Item = &'static Binding> {
    BINDINGS.iter().filter(move |b| b.applies(phases))
}

/// What `key` asks of the viewer on a game whose turn has `phases` (`[` and `]` step them)
/// or has none; `None` for a key that does nothing there.
pub fn command(key: &KeyEvent, phases: bool) -> Option<Command> {
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let shifted = bindings(phases)
        .filter(|b| shift && !b.shifted.is_empty())
        .find_map(|b| b.command(key.code, true));
    shifted.or_else(|| bindings(phases).find_map(|b| b.command(key.code, false)))
}

/// The key bar's hints for the viewer (on a game with `phases` or without) at rank `rank`
/// and below.
pub fn bar(phases: bool, rank: u8) -> Vec<(&'static str, &'static str)> {
    bindings(phases)
        .filter(|b| b.rank >= 1 && b.rank <= rank)
        .filter_map(|b| b.bar)
        .collect()
}

/// The highest rank any binding has: the widest key bar.
pub fn top_rank() -> u8 {
    BINDINGS.iter().map(|b| b.rank).max().unwrap_or(1)
}
