//! The card table's keys as data: [`TABLE_KEYS`] says which key does what where, and the
//! key handling (`ui/keys.rs`), the key bar (`ui/view/situation.rs`) and the `?` help
//! (`ui/view/overlays.rs`) all read it. The choosers that open over the table (harvest,
//! buy, fulfil, discard, a look at a hand, field beans) read theirs from `picker_keys.rs`.

use crossterm::event::KeyCode;

use crate::cards::screen::table::CardTable;
use crate::cards::screen::trade;
use crate::ui::bindings::{self, Binding, DIGITS};

/// What a key at the card table asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TableCommand {
    /// Open the help (`?`).
    Help,
    /// Open the beanometer (`b`).
    Beanometer,
    /// Open the whole log (`l`).
    FullLog,
    /// Quit, after asking while the game goes on (`q`).
    Quit,
    /// Open the harvest chooser (`h`).
    Harvest,
    /// Look at a hand (`v`).
    Peek,
    /// Open the chooser of who buys a third bean field (`$`).
    BuyField,
    /// Take back the last move that may be taken back (`u`).
    TakeBack,
    /// Let the bots play on after a take-back (`g`).
    BotsGo,
    /// Fulfil the active player's order (`f`).
    Fulfil,
    /// Plant the card in turn where it fits (Enter, `p`).
    Plant,
    /// Plant the card in turn in the field of the digit typed (`1`–`9`).
    PlantIn,
    /// Turn over the cards of phase 2, or step 2 of the bean duel (`t`).
    TurnOver,
    /// Discard: an offered card, or a hand card after planting (`d`).
    Discard,
    /// End the bean duel's turn, leaving the rest as an offer (`e`).
    EndTurn,
    /// The card before the chosen one.
    CardBack,
    /// The card after the chosen one.
    CardOn,
    /// The player before, among those with cards to plant.
    PlayerBack,
    /// The player after.
    PlayerOn,
    /// End trading: nobody trades (`e`).
    EndTrading,
    /// Put an offer together (`o`).
    MakeOffer,
    /// Let another player propose (`p`).
    OthersPropose,
    /// Answer the first offer waiting for the active player (`a`).
    AnswerOffer,
    /// Accept the offer answered (`a`, Enter).
    Accept,
    /// Decline it (`d`).
    Decline,
    /// Say "I have none" of what it wants (`n`).
    HaveNone,
    /// Answer it with a counter-offer (`c`).
    Counter,
    /// Choose or unchoose the card under the cursor (Space).
    Choose,
    /// The choice before the cursor's.
    Back,
    /// The choice after the cursor's.
    On,
    /// Take what the cursor is on (Enter).
    Confirm,
    /// Give up what is open (Esc).
    Cancel,
    /// The number typed names a player or a field (`1`–`9`).
    Number,
    /// The composer: want one more of the kind under the cursor (`+`).
    WantMore,
    /// The composer: one fewer, or unchoose the card (`-`, Backspace).
    Less,
    /// The composer: ask every partner (`0`).
    AskEveryone,
    /// The composer: want a kind by its letter (Shift: one fewer); no fixed key.
    WantKind,
    /// The composer's next column (Tab, →).
    ColumnOn,
    /// The composer's previous column (Shift-Tab, ←).
    ColumnBack,
    /// Make the offer put together (Enter).
    Send,
    /// Play again, once the game is over (`n`).
    PlayAgain,
    /// Leave the finished game (Esc, Enter).
    Leave,
    /// The log a page back or on, or its ends (PgUp, PgDn, Home, End): the app's log keys.
    ScrollLog,
    /// The bots' pace, slower or faster (`<` `>`): the app's keys, for both games
    /// ([`crate::ui::pace::pace_key`]).
    Pace,
    /// The coach's hint for the player at the keyboard (`!`).
    Hint,
    /// The review of the finished game (`r`).
    Review,
}

/// Where a binding works: the table's modes and the phases' key handlers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum At {
    /// Every mode but the composer: the table's own keys.
    Table,
    /// While a bot's move is on screen.
    BotMove,
    /// The hand-off window.
    HandOff,
    /// The table's turn keys (no window open, no offer being answered).
    Turn,
    /// Planting a card: phase 1, the bean duel's steps, phase 3.
    Planting,
    /// Phase 1 (and the bean duel's step 2).
    PhaseOne,
    /// The bean duel's steps 1 and 3.
    DuelCards,
    /// Phase 3's set-aside cards.
    PlantTraded,
    /// Phase 2 at the table.
    Trading,
    /// An offer being answered.
    Answering,
    /// The composer.
    Composing,
    /// Choosing who proposes.
    PickProposer,
    /// The game is over.
    GameOver,
    /// The log, wherever it shows (the app reads these keys for every screen).
    Log,
}

/// Which games' help lists a binding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shown {
    /// Every game's.
    Always,
    /// The bean duel's only.
    Duel,
    /// Every game's but the bean duel's.
    NotDuel,
    /// Where order cards are played.
    Orders,
    /// Where a third bean field is for sale.
    ThirdField,
    /// No help: the key is named where it works (a chooser's or a window's key bar).
    Never,
}

/// Where a binding works and which help lists it.
#[derive(Clone, Copy, Debug)]
pub struct Scope {
    /// The modes and handlers that read the binding.
    pub at: &'static [At],
    /// Which games' help lists it.
    pub shown: Shown,
}

type TableBinding = Binding<TableCommand, Scope>;

const fn bind(
    keys: &'static [KeyCode],
    commands: &'static [TableCommand],
    at: &'static [At],
    shown: Shown,
    bar: &'static str,
    help: (&'static str, &'static str),
) -> TableBinding {
    bindings::bind(keys, commands, Scope { at, shown }, bar, help)
}

use At::*;
use KeyCode::{BackTab, Backspace, Down, Enter, Esc, Left, Right, Tab, Up};
use TableCommand as C;

const fn ch(c: char) -> KeyCode {
    KeyCode::Char(c)
}

/// Every key of the card table, in the order the help lists them.
#[rustfmt::skip]
pub const TABLE_KEYS: &[TableBinding] = &[
    bind(&[Enter, ch('p')], &[C::Plant], &[Planting], Shown::Always, "Enter", ("Enter/p", "plant (field shown)")),
    bind(DIGITS, &[C::PlantIn], &[Planting], Shown::Always, "1-9", ("1-9", "plant in that field")),
    bind(&[Left, Up, BackTab, Right, Down, Tab], &[C::CardBack, C::CardBack, C::CardBack, C::CardOn, C::CardOn, C::CardOn], &[DuelCards], Shown::Duel, "←→", ("←→", "choose the card")),
    bind(&[ch('d')], &[C::Discard], &[DuelCards, PhaseOne], Shown::Duel, "d", ("d", "discard: offer / hand card")),
    bind(&[ch('t'), ch('e')], &[C::TurnOver], &[PhaseOne], Shown::NotDuel, "t", ("t", "turn over (phase 1)")),
    bind(&[ch('t'), ch('e')], &[C::TurnOver], &[PhaseOne], Shown::Duel, "t", ("t", "step 2: turn over")),
    bind(&[ch('e')], &[C::EndTurn], &[DuelCards], Shown::Duel, "e", ("e", "step 3: end turn, offer rest")),
    // Not in steps 1 and 3: `t` there says what to do instead.
    bind(&[ch('t')], &[C::TurnOver], &[DuelCards], Shown::Never, "t", ("", "turn over")),
    bind(&[ch('e')], &[C::EndTrading], &[Trading], Shown::NotDuel, "e", ("e", "end trading: nobody trades")),
    bind(&[ch('o')], &[C::MakeOffer], &[Trading], Shown::NotDuel, "o", ("o", "make an offer")),
    bind(&[ch('p')], &[C::OthersPropose], &[Trading], Shown::NotDuel, "p", ("p", "another player proposes")),
    bind(&[ch('a'), Enter], &[C::Accept], &[Answering], Shown::NotDuel, "a", ("a d c", "accept, decline, counter")),
    bind(&[ch('d')], &[C::Decline], &[Answering], Shown::NotDuel, "d", ("", "decline")),
    bind(&[ch('n')], &[C::HaveNone], &[Answering], Shown::NotDuel, "n", ("", "I have none")),
    bind(&[ch('c')], &[C::Counter], &[Answering], Shown::NotDuel, "c", ("", "counter")),
    bind(&[ch('h')], &[C::Harvest], &[Table], Shown::NotDuel, "h", ("h", "harvest any player's field")),
    bind(&[ch('h')], &[C::Harvest], &[Table], Shown::Duel, "h", ("h", "harvest your field")),
    bind(&[], &[C::WantKind], &[Composing], Shown::NotDuel, "letter", ("letter ⇧letter", "offer: want one more, one less")),
    bind(&[ch('0')], &[C::AskEveryone], &[Composing], Shown::NotDuel, "0", ("0", "offer: ask everyone at once")),
    bind(&[ch('a')], &[C::AnswerOffer], &[Trading], Shown::NotDuel, "a", ("a", "answer an offer made to you")),
    bind(&[ch('v')], &[C::Peek], &[Table], Shown::Always, "v", ("v", "look at your hand")),
    bind(&[ch('f')], &[C::Fulfil], &[Turn], Shown::Orders, "f", ("f", "fulfil your order")),
    bind(&[ch('$')], &[C::BuyField], &[Table], Shown::ThirdField, "$", ("$", "buy a third bean field")),
    bind(&[ch('l')], &[C::FullLog], &[Table, BotMove, HandOff], Shown::Always, "l", ("l", "the whole log, by turn")),
    // The log's own table (`log_scroll::LOG_KEYS`) reads these keys on every screen.
    bind(&[], &[C::ScrollLog], &[Log], Shown::Always, "PgUp/Dn", ("PgUp/Dn", "scroll the log (Home/End)")),
    // The app reads these keys at either game's table (`ui/pace.rs`).
    bind(&[], &[C::Pace], &[], Shown::Always, "< >", ("< >", "bots' pace: slower, faster")),
    bind(&[ch('u')], &[C::TakeBack], &[Table, BotMove, HandOff], Shown::Always, "u", ("u", "take back your last move")),
    bind(&[ch('g')], &[C::BotsGo], &[Table], Shown::Never, "g", ("", "bots play on")),
    bind(&[ch('!')], &[C::Hint], &[Table], Shown::Always, "!", ("!", "hint: the coach's top three")),
    bind(&[ch('b')], &[C::Beanometer], &[Table, BotMove, HandOff], Shown::Always, "b", ("b", "beanometer   ? help")),
    bind(&[ch('?')], &[C::Help], &[Table, BotMove, HandOff, Composing], Shown::Never, "?", ("", "help")),
    bind(&[ch('q')], &[C::Quit], &[Table, BotMove, HandOff], Shown::Always, "q", ("q", "quit (the game is saved)")),
    bind(&[Tab, Down], &[C::PlayerOn], &[PlantTraded], Shown::Never, "Tab", ("", "player")),
    bind(&[Up, BackTab], &[C::PlayerBack], &[PlantTraded], Shown::Never, "⇧Tab", ("", "player")),
    bind(&[Left, Right], &[C::CardBack, C::CardOn], &[PlantTraded], Shown::Never, "←→", ("", "card")),
    // A hand-off is taken by the key naming the player (`ui::seat_key`), never Enter or Space.
    bind(&[Enter, ch(' ')], &[C::Confirm], &[PickProposer], Shown::Never, "Enter", ("", "choose")),
    bind(&[Esc], &[C::Cancel], &[HandOff, PickProposer, Composing], Shown::Never, "Esc", ("", "back")),
    bind(&[Left, Up, Right, Down, ch(' ')], &[C::Back, C::Back, C::On, C::On, C::Choose], &[Answering], Shown::Never, "Space", ("", "choose the cards to give")),
    bind(&[Up, Down, Tab], &[C::Back, C::On, C::On], &[PickProposer], Shown::Never, "↑↓", ("", "choose")),
    bind(&[Up, Down], &[C::Back, C::On], &[Composing], Shown::Never, "↑↓", ("", "choose")),
    bind(DIGITS, &[C::Number], &[PickProposer, Composing], Shown::Never, "1-9", ("", "that player")),
    bind(&[Enter], &[C::Send], &[Composing], Shown::Never, "Enter", ("", "make the offer")),
    bind(&[Tab, Right], &[C::ColumnOn], &[Composing], Shown::Never, "Tab", ("", "next column")),
    bind(&[BackTab, Left], &[C::ColumnBack], &[Composing], Shown::Never, "⇧Tab", ("", "previous column")),
    bind(&[ch(' ')], &[C::Choose], &[Composing], Shown::Never, "Space", ("", "choose")),
    bind(&[ch('+'), ch('=')], &[C::WantMore], &[Composing], Shown::Never, "+", ("", "want one more")),
    bind(&[ch('-'), Backspace], &[C::Less], &[Composing], Shown::Never, "-", ("", "one fewer")),
    bind(&[Esc, Enter], &[C::Leave], &[GameOver], Shown::Never, "Esc", ("", "leave")),
    bind(&[ch('r')], &[C::Review], &[GameOver], Shown::Never, "r", ("", "review")),
    bind(&[ch('n')], &[C::PlayAgain], &[GameOver], Shown::Never, "n", ("", "play again")),
];

/// What `code` asks for at `at`; `None` for a key that does nothing there.
pub fn command(at: At, code: KeyCode) -> Option<TableCommand> {
    bindings::command(TABLE_KEYS, |s| s.at.contains(&at), code)
}

/// The key bar's name for the key that asks for `command`.
pub fn bar_key(command: TableCommand) -> &'static str {
    bindings::bar_key(TABLE_KEYS, command)
}

/// A key bar hint: the key that asks for `command`, and what it does now.
pub fn hint(command: TableCommand, what: impl Into<String>) -> (String, String) {
    (bar_key(command).to_string(), what.into())
}

/// The help's keys for `game`: the bindings its rules have, each said as it works in this
/// game (what `u` does with bots waiting, whether `q` saved the game, which bean's letter
/// the composer's example names).
pub fn help_rows(game: &CardTable) -> Vec<(String, String)> {
    let r = game.ruleset();
    let shown = |s: Shown| match s {
        Shown::Always => true,
        Shown::Duel => game.is_duel(),
        Shown::NotDuel => !game.is_duel(),
        Shown::Orders => !r.order_cards.is_empty(),
        Shown::ThirdField => game.state.table().third_field_price.is_some(),
        Shown::Never => false,
    };
    TABLE_KEYS
        .iter()
        .filter(|b| shown(b.scope.shown) && !b.help_keys.is_empty())
        .map(|b| match b.commands.first() {
            Some(C::WantKind) => {
                want_example(game).unwrap_or_else(|| (b.help_keys.to_string(), b.help.to_string()))
            }
            _ => (b.help_keys.to_string(), help_word(game, b)),
        })
        .collect()
}

/// The composer's letter keys shown on a bean this game has (its first kind in play), so
/// the example never names a bean the ruleset leaves out; `None` with no kind in play.
fn want_example(game: &CardTable) -> Option<(String, String)> {
    let kind = *trade::kinds_in_play(&game.state).first()?;
    let bean = game.ruleset().bean(kind);
    let lower: String = bean.letter.to_lowercase().collect();
    let upper: String = bean.letter.to_uppercase().collect();
    let article = if bean.name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    let want = format!("want {article} {}, one less", bean.name);
    let words = [format!("offer: {want}"), want]
        .into_iter()
        .find(|w| w.chars().count() <= HELP_WORDS)
        .unwrap_or_else(|| format!("offer: want {article} {}", bean.name));
    Some((format!("{lower} ⇧{upper}"), words))
}

/// The room for a key's words in the table's help (`ui/view/overlays.rs` lays the keys out
/// in cells of 36 and 40, each with 9 for the key): a longer bean name leaves out
/// "offer:", then "one less", rather than be cut mid-word.
const HELP_WORDS: usize = 27;

/// A binding's words in the help, where they depend on the game.
fn help_word(game: &CardTable, b: &TableBinding) -> String {
    match b.commands.first() {
        Some(C::TakeBack) if game.bots().driver().is_some() && game.shell.record.open_hands => {
            "take back a move (g: bots go on)".to_string()
        }
        // Said only while true: a failed save is on the bottom line until a save succeeds.
        Some(C::Quit) if game.shell.save_problem().is_some() => {
            "quit (NOT saved: see below)".to_string()
        }
        _ => b.help.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_asks_for_two_things_in_one_place() {
        let share = |a: &Scope, b: &Scope| a.at.iter().any(|x| b.at.contains(x));
        assert_eq!(bindings::clashes(TABLE_KEYS, share), vec![]);
    }

    #[test]
    fn the_key_bar_names_the_bound_key() {
        assert_eq!(bar_key(TableCommand::TurnOver), "t");
        assert_eq!(bar_key(TableCommand::Decline), "d");
        assert_eq!(bar_key(TableCommand::Send), "Enter");
        assert_eq!(
            command(At::Trading, KeyCode::Char('p')),
            Some(TableCommand::OthersPropose)
        );
        assert_eq!(
            command(At::Planting, KeyCode::Char('p')),
            Some(TableCommand::Plant)
        );
        assert_eq!(
            command(At::Composing, KeyCode::Tab),
            Some(TableCommand::ColumnOn)
        );
        assert_eq!(
            command(At::PickProposer, KeyCode::Tab),
            Some(TableCommand::On)
        );
    }
}
