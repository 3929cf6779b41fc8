//! The setup form's keys as data: [`SETUP_KEYS`] says which key does what, and the key
//! handling ([`setup_key`]), the key bar and the `?` help all read it. The saved games list
//! over the form keeps its own table (`ui/saved_games.rs`).

use crossterm::event::{KeyCode, KeyEvent};

use crate::ui::bindings::{self, Binding, bind};
use crate::ui::setup::SetupForm;

/// What a key on the setup form asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetupCommand {
    /// The line above (↑, Shift-Tab).
    Up,
    /// The line below (↓, Tab).
    Down,
    /// Change the line's choice one way (←).
    Previous,
    /// Change it the other way (→).
    Next,
    /// A name's letters; on the players line, their number (no fixed key).
    Type,
    /// Erase a name's last letter (Backspace).
    Erase,
    /// The next line; on Start, start; on Saved games, open the list (Enter).
    Enter,
    /// Start the game from a line that is not a name (`s`).
    Start,
    /// Show the keys (`?`).
    Help,
    /// Quit (Esc).
    Quit,
}

use SetupCommand as S;

/// Every key of the setup form, in the order the help lists them. A character no binding
/// has is typed (`?` is never a letter of a name; `s` is, on a name's line).
#[rustfmt::skip]
pub const SETUP_KEYS: &[Binding<SetupCommand, ()>] = &[
    bind(&[KeyCode::Up, KeyCode::BackTab, KeyCode::Down, KeyCode::Tab], &[S::Up, S::Up, S::Down, S::Down], (), "↑↓", ("↑ ↓  Tab", "the line above / below")),
    bind(&[KeyCode::Left, KeyCode::Right], &[S::Previous, S::Next], (), "←→", ("← →", "change the variant, the players, who plays a seat, the bots' pace; on Start, the tutor")),
    bind(&[], &[S::Type], (), "type", ("type", "a player's name on their seat's line; a digit on the players' line")),
    bind(&[KeyCode::Backspace], &[S::Erase], (), "⌫", ("⌫", "erase a name's last letter")),
    bind(&[KeyCode::Enter], &[S::Enter], (), "Enter", ("Enter", "the next line; on Start, start the game\non Saved games, the list of games to resume, replay or delete")),
    bind(&[KeyCode::Char('s')], &[S::Start], (), "s", ("s", "start the game, from any line but a name")),
    bind(&[KeyCode::Char('?')], &[S::Help], (), "?", ("?", "this help")),
    bind(&[KeyCode::Esc], &[S::Quit], (), "Esc", ("Esc", "quit")),
];

/// The key bar's name for the key that asks for `command`.
pub fn bar_key(command: SetupCommand) -> &'static str {
    bindings::bar_key(SETUP_KEYS, command)
}

/// The help's lines of keys: a key and what it does, a line each (a second line of what it
/// does under an empty key).
pub fn help_rows() -> Vec<(&'static str, &'static str)> {
    SETUP_KEYS
        .iter()
        .flat_map(|b| {
            b.help
                .split('\n')
                .enumerate()
                .map(|(i, line)| (if i == 0 { b.help_keys } else { "" }, line))
        })
        .collect()
}

/// What a key on the setup form asks of the app.
pub enum SetupKey {
    /// Nothing more.
    Stay,
    /// Start the game.
    Start,
    /// Quit.
    Quit,
    /// Show the keys.
    Help,
}

/// Handles a key on the setup form.
pub fn setup_key(form: &mut SetupForm, key: KeyEvent) -> SetupKey {
    let rows = form.rows();
    let command = bindings::command(SETUP_KEYS, |_| true, key.code);
    // On a name's line every letter is the name's, `s` too.
    let command = match (command, key.code) {
        (Some(S::Start), _) if form.name_row().is_some() => Some(S::Type),
        (None, KeyCode::Char(_)) => Some(S::Type),
        (c, _) => c,
    };
    match command {
        Some(S::Quit) => return SetupKey::Quit,
        Some(S::Help) => return SetupKey::Help,
        Some(S::Start) => return SetupKey::Start,
        Some(S::Up) => form.row = (form.row + rows - 1) % rows,
        Some(S::Down) => form.row = (form.row + 1) % rows,
        Some(c @ (S::Previous | S::Next)) => change(form, if c == S::Previous { -1 } else { 1 }),
        Some(S::Enter) => {
            if form.row == form.start_row() {
                return SetupKey::Start;
            }
            if Some(form.row) == form.games_row() {
                form.listing = true;
                return SetupKey::Stay;
            }
            form.row += 1;
        }
        Some(S::Erase) => {
            if let Some(seat) = form.name_row() {
                form.names[seat].pop();
            }
        }
        Some(S::Type) => {
            if let KeyCode::Char(c) = key.code {
                type_char(form, c);
            }
        }
        None => {}
    }
    if form.row >= form.rows() {
        form.row = form.start_row();
    }
    SetupKey::Stay
}

/// ←→ on the form's line: the variant, the number of players, who plays a seat, the bots'
/// pace, or on Start the tutor (which asks before a move that costs coins).
fn change(form: &mut SetupForm, d: isize) {
    match form.row {
        0 => form.change_variant(d),
        1 => form.change_players(d),
        r if r == form.start_row() => form.tutor = !form.tutor,
        r if r == form.pace_row() => form.pace = form.pace.cycled(d),
        _ => {
            if let Some(seat) = form.name_row() {
                form.change_seat(seat, d);
            }
        }
    }
}

/// A typed character: a letter of a name on a name's line, a number of players on theirs.
fn type_char(form: &mut SetupForm, c: char) {
    if let Some(seat) = form.name_row() {
        if !c.is_control() && form.names[seat].chars().count() < 12 {
            form.names[seat].push(c);
        }
    } else if form.row == 1
        && let Some(n) = c.to_digit(10)
        && form.counts().contains(&(n as usize))
    {
        form.players = n as usize;
    }
}
