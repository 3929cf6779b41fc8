//! The keys of the small choosers, as data: those over the card table, the quit window,
//! the replay's seats and the questions only `y` answers yes to. [`PICKER_KEYS`] says which
//! key does what in which chooser, and each chooser's key handling and the key line it
//! shows (the status line's keys, the field-bean window's, the quit window's, the
//! prompt's) read it, so they cannot disagree. The choosers share one shape — the choice
//! before or after, take it, close — written once for all of them; a chooser's own keys
//! (the key that opened it takes the choice, a second row of choices) are rows of their
//! own.

use crossterm::event::KeyCode;

use crate::ui::bindings::{self, Binding, DIGITS, bind};

/// What a key asks of a chooser.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PickerCommand {
    /// The choice before the cursor's (the harvest chooser: the field before; the seats:
    /// who sits in the seat, the kind before).
    Back,
    /// The choice after it.
    On,
    /// A chooser's second row of choices: the player before (harvest), the seat above
    /// (seats).
    PlayerBack,
    /// The player after, the seat below.
    PlayerOn,
    /// The choice named by the digit typed.
    Number,
    /// Take the choice under the cursor.
    Choose,
    /// Close the chooser, choosing nothing (in the harvest's question: back to the chooser).
    Close,
    /// A question's yes: quit, delete the saved game, replace the file.
    Yes,
    /// A question's no: every key that is not yes does this.
    No,
}

/// The choosers, each with its own few keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chooser {
    /// Whose hand to show (`v`).
    Peek,
    /// A hand to show waits for its owner to take the seat.
    PeekSeat,
    /// Field beans: where a person's beans go in their three fields.
    Arrange,
    /// A field to harvest, any player's (`h`), and the question before harvesting
    /// someone else's.
    Harvest,
    /// Who buys a third bean field (`$`).
    Buy,
    /// Which pair of fields fulfils the order (`f`).
    Fulfil,
    /// The bean duel's hand card to discard (`d`).
    Discard,
    /// "Quit? The game is saved" (`q`), over either game's table.
    Quit,
    /// The seats of a game continued from a replay (`c`): ↑↓ the seat, ←→ who sits in it.
    Seats,
    /// A question only `y` answers yes to: deleting a saved game, replacing a file.
    Question,
}

use Chooser::{Arrange, Buy, Discard, Fulfil, Harvest, Peek, PeekSeat, Question, Quit, Seats};
use KeyCode::{BackTab, Down, Enter, Esc, Left, Right, Tab, Up};
use PickerCommand as P;

const fn ch(c: char) -> KeyCode {
    KeyCode::Char(c)
}

/// The moving keys of a one-row chooser: back first, then on.
const MOVES: &[KeyCode] = &[Left, Up, BackTab, Right, Down, Tab];
/// What [`MOVES`] ask for, key for key.
const MOVING: &[PickerCommand] = &[P::Back, P::Back, P::Back, P::On, P::On, P::On];

type PickerBinding = Binding<PickerCommand, &'static [Chooser]>;

/// Every chooser's keys, in the order their key lines name them. The bar name is what the
/// key line shows for all the keys of a row; no `?` help lists them (the key line is each
/// chooser's help), so the help's keys are empty and its words only say what a row is.
#[rustfmt::skip]
pub const PICKER_KEYS: &[PickerBinding] = &[
    // A hand waiting for its owner is taken by the key naming them (`ui::seat_key`).
    bind(&[Enter, ch(' ')], &[P::Choose], &[Arrange, Harvest, Seats], "Enter", ("", "take it")),
    // The key that opened a chooser takes its choice too.
    bind(&[Enter, ch(' '), ch('v')], &[P::Choose], &[Peek], "Enter", ("", "show the hand")),
    bind(&[Enter, ch(' '), ch('$')], &[P::Choose], &[Buy], "Enter", ("", "buy")),
    bind(&[Enter, ch(' '), ch('f')], &[P::Choose], &[Fulfil], "Enter", ("", "fulfil with the first pair")),
    bind(&[Enter, ch(' '), ch('d')], &[P::Choose], &[Discard], "Enter", ("", "discard it")),
    // Laid out across the screen (a row of players' names, a hand) or down it (a list).
    bind(MOVES, MOVING, &[Peek, Discard], "←→", ("", "the choice before / after")),
    bind(MOVES, MOVING, &[Arrange, Buy], "↑↓", ("", "the choice before / after")),
    bind(&[Left, ch('h'), Right, ch('l')], &[P::Back, P::Back, P::On, P::On], &[Harvest, Seats], "←→", ("", "the field / who sits: before / after")),
    bind(&[Up, ch('k'), BackTab, Down, ch('j'), Tab], &[P::PlayerBack, P::PlayerBack, P::PlayerBack, P::PlayerOn, P::PlayerOn, P::PlayerOn], &[Harvest, Seats], "↑↓", ("", "the player / the seat: before / after")),
    bind(DIGITS, &[P::Number], &[Peek, Arrange, Harvest, Buy, Fulfil], "1-9", ("", "the choice of that number")),
    bind(&[Esc, ch('q')], &[P::Close], &[Peek, PeekSeat, Arrange, Harvest, Buy, Fulfil, Discard, Seats], "Esc", ("", "close")),
    bind(&[ch('y'), ch('Y'), ch('q'), Enter], &[P::Yes], &[Quit], "y/Ctrl-C", ("", "quit")),
    bind(&[ch('y'), ch('Y')], &[P::Yes], &[Question], "y", ("", "yes")),
    bind(&[ch('n'), ch('N'), Esc], &[P::No], &[Quit], "n", ("", "no: any other key too")),
];

/// What `code` asks of `chooser`; `None` for a key it does not read.
pub fn pick(chooser: Chooser, code: KeyCode) -> Option<PickerCommand> {
    bindings::command(PICKER_KEYS, |c| c.contains(&chooser), code)
}

/// The key bar's name in `chooser` for the keys that ask for `pick` (`"?"` where none
/// does: the table's tests keep that from happening).
pub fn bar(chooser: Chooser, pick: PickerCommand) -> &'static str {
    PICKER_KEYS
        .iter()
        .find(|b| b.scope.contains(&chooser) && b.commands.contains(&pick))
        .map_or("?", |b| b.bar)
}

/// The digits' key bar name for `choices` numbered choices: `1-3` where three can be
/// chosen, not the table's `1-9`, so the line does not offer numbers that do nothing.
pub fn numbers(choices: usize) -> String {
    match choices {
        0 | 1 => "1".to_string(),
        n => format!("1-{}", n.min(9)),
    }
}

/// A key line's entry in `chooser`: the key bar's name of the keys that ask for `pick`
/// there, and what they do now.
pub fn pick_hint(
    chooser: Chooser,
    pick: PickerCommand,
    what: impl Into<String>,
) -> (String, String) {
    (bar(chooser, pick).to_string(), what.into())
}

/// `chooser`'s rows: each one's key bar name and its keys, so a test can hold each key
/// line to its table.
pub fn rows(chooser: Chooser) -> Vec<(&'static str, &'static [KeyCode])> {
    PICKER_KEYS
        .iter()
        .filter(|b| b.scope.contains(&chooser))
        .map(|b| (b.bar, b.keys))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_asks_for_two_things_in_one_chooser() {
        let share = |a: &&[Chooser], b: &&[Chooser]| a.iter().any(|c| b.contains(c));
        assert_eq!(bindings::clashes(PICKER_KEYS, share), vec![]);
    }

    #[test]
    fn the_choosers_share_their_keys_and_keep_their_own() {
        for c in [Peek, Arrange, Harvest, Buy, Discard, Fulfil] {
            assert_eq!(pick(c, Esc), Some(P::Close), "{c:?}");
            assert_eq!(pick(c, ch('q')), Some(P::Close), "{c:?}");
            assert_eq!(pick(c, Enter), Some(P::Choose), "{c:?}");
        }
        assert_eq!(pick(Buy, ch('$')), Some(P::Choose));
        assert_eq!(pick(Peek, ch('$')), None);
        assert_eq!(pick(Harvest, ch('k')), Some(P::PlayerBack));
        assert_eq!(pick(Buy, ch('k')), None);
        assert_eq!(pick(Quit, ch('q')), Some(P::Yes));
        assert_eq!(pick(Question, ch('q')), None);
        assert_eq!(pick(Seats, Tab), Some(P::PlayerOn));
        assert_eq!(pick_hint(Arrange, P::Back, "choose").0, "↑↓");
        assert_eq!(pick_hint(Discard, P::On, "card").0, "←→");
    }
}
