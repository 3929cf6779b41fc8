//! The dice table's keys, as data and a pure function: [`DICE_KEYS`] says which key does
//! what, and the key handling ([`dice_key`]: what the keys chose so far, the table, a key →
//! what they choose now and what to do), the key bar and the `?` help all read it. Nothing
//! here touches the game.

use crossterm::event::{KeyCode, KeyEvent};

use super::log::dollars;
use crate::dice::{BeanPiece, DICE, DiceAction, DiceView, Seat, TurnPhase};
use crate::game::SeatKind;
use crate::ui::app::Overlay;
use crate::ui::bindings::{self, Binding, DIGITS, bind};
use crate::ui::keys::digit;

/// What a key at the dice table asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DiceCommand {
    /// Roll the dice (`r`).
    Roll,
    /// Choose or unchoose a die just rolled (`1`–`5`).
    ChooseDie,
    /// Go on as the turn stands: roll, save the chosen dice, or pass (Enter).
    Proceed,
    /// Roll the same dice again with the bean piece (`b`).
    RepeatRoll,
    /// Pass the bean piece (`p`).
    Pass,
    /// Harvest: choose the player first (`h`).
    Harvest,
    /// Take back the last move, if it revealed nothing (`u`).
    TakeBack,
    /// Open the whole log (`l`).
    FullLog,
    /// The log a page back or on, or its ends: the log's own keys (`ui/log_keys.rs`).
    ScrollLog,
    /// The bots' pace, slower or faster (`<` `>`): the app's keys ([`crate::ui::pace::pace_key`]).
    Pace,
    /// Unchoose the dice; in a question, no (Esc).
    Cancel,
    /// Open the help (`?`).
    Help,
    /// Quit, after asking (`q`).
    Quit,
    /// The player's number, choosing who harvests (`1`–`9`).
    Player,
    /// Yes to the harvest question (Enter).
    Confirm,
    /// The coach's hint for the person at the keyboard (`!`).
    Hint,
    /// The review of the finished game (`r`).
    Review,
}

/// Where a dice binding works: the table's modes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DicePlace {
    /// The table's own keys.
    Table,
    /// The turn's keys: the active player's, a person's.
    Turn,
    /// Choosing who harvests.
    PickHarvester,
    /// The harvest question.
    ConfirmHarvest,
    /// Named in the help only: the log's own table reads the keys.
    Log,
    /// The final scores.
    GameOver,
}

type DiceBinding = Binding<DiceCommand, &'static [DicePlace]>;

use DiceCommand as D;

/// The dice's keys, `1`–`5`.
const DIGITS_TO_5: &[KeyCode] = DIGITS.split_at(DICE).0;
use DicePlace::{ConfirmHarvest, GameOver, Log, PickHarvester, Table, Turn};

/// Every key of the dice table, in the order the help lists them.
#[rustfmt::skip]
pub const DICE_KEYS: &[DiceBinding] = &[
    bind(&[KeyCode::Char('r')], &[D::Roll], &[Turn], "r", ("r", "roll the dice")),
    bind(DIGITS_TO_5, &[D::ChooseDie], &[Turn], "1-5", ("1-5", "choose a die")),
    bind(&[KeyCode::Enter], &[D::Proceed], &[Turn], "Enter", ("Enter", "save, roll, pass")),
    bind(&[KeyCode::Char('b')], &[D::RepeatRoll], &[Turn], "b", ("b", "repeat the roll")),
    bind(&[KeyCode::Char('p')], &[D::Pass], &[Turn], "p", ("p", "pass bean piece")),
    bind(&[KeyCode::Char('h')], &[D::Harvest], &[Table], "h", ("h 1-5", "harvest")),
    bind(&[KeyCode::Char('u')], &[D::TakeBack], &[Table], "u", ("u", "take back")),
    bind(&[KeyCode::Char('!')], &[D::Hint], &[Table], "!", ("!", "coach's hint")),
    bind(&[KeyCode::Char('r')], &[D::Review], &[GameOver], "r", ("", "review")),
    bind(&[KeyCode::Char('l')], &[D::FullLog], &[Table], "l", ("l", "the whole log")),
    bind(&[], &[D::ScrollLog], &[Log], "PgUp/Dn", ("PgUp/Dn", "scroll the log")),
    bind(&[], &[D::Pace], &[], "< >", ("< >", "bots' pace")),
    bind(&[KeyCode::Esc], &[D::Cancel], &[Table, PickHarvester, ConfirmHarvest], "Esc", ("Esc", "unchoose dice")),
    bind(&[KeyCode::Char('?')], &[D::Help], &[Table], "?", ("?", "this help")),
    bind(&[KeyCode::Char('q')], &[D::Quit], &[Table], "q", ("q", "quit")),
    bind(DIGITS, &[D::Player], &[PickHarvester], "1-9", ("", "the player")),
    bind(&[KeyCode::Enter], &[D::Confirm], &[ConfirmHarvest], "Enter", ("", "harvest")),
];

/// What `code` asks for at `place`.
pub(crate) fn command(place: DicePlace, code: KeyCode) -> Option<DiceCommand> {
    bindings::command(DICE_KEYS, |p| p.contains(&place), code)
}

/// The key bar's name for the key that asks for `command`.
pub fn bar_key(command: DiceCommand) -> &'static str {
    bindings::bar_key(DICE_KEYS, command)
}

/// The help's keys: every binding the help names.
pub fn help_rows() -> Vec<(&'static str, String)> {
    DICE_KEYS
        .iter()
        .filter(|b| !b.help_keys.is_empty())
        .map(|b| (b.help_keys, b.help.to_string()))
        .collect()
}

/// What the keys are doing.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum DiceMode {
    /// The table: turn keys.
    #[default]
    Table,
    /// `h` was pressed: which player harvests?
    PickHarvester,
    /// "Harvest Ana's 4 orders for 2 dollars? Enter/Esc"
    ConfirmHarvest(Seat),
}

/// The keys' own state: dice chosen to save, and the harvest question.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DiceControls {
    /// The dice (by the engine's number, 0–4) chosen to save with Enter.
    pub chosen: [bool; DICE],
    /// What the keys are doing.
    pub mode: DiceMode,
}

impl DiceControls {
    /// These controls, the keys now doing `mode`.
    fn with(&self, mode: DiceMode) -> DiceControls {
        DiceControls { mode, ..*self }
    }

    /// The chosen dice, as the engine numbers them.
    pub fn chosen_dice(&self) -> Vec<usize> {
        (0..DICE).filter(|&d| self.chosen[d]).collect()
    }
}

/// What a key asks for.
#[derive(Clone, PartialEq, Debug)]
pub enum DiceKeyOutcome {
    /// Nothing beyond the new controls.
    Nothing,
    /// A player acts.
    Act(Seat, DiceAction),
    /// Open a window over the table.
    Overlay(Overlay),
    /// The key cannot be obeyed; the reason, for the players.
    Refused(String),
    /// `u`: take back the last move, if it may be.
    TakeBack,
}

/// A key's result: the controls after it and what it asks for.
#[derive(Clone, PartialEq, Debug)]
pub struct DiceKeyResult {
    pub controls: DiceControls,
    pub outcome: DiceKeyOutcome,
}

impl DiceKeyResult {
    fn new(controls: DiceControls, outcome: DiceKeyOutcome) -> DiceKeyResult {
        DiceKeyResult { controls, outcome }
    }
}

/// What `key` does at the dice table.
pub fn dice_key(
    controls: &DiceControls,
    view: &DiceView,
    seats: &[SeatKind],
    names: &[String],
    key: KeyEvent,
) -> DiceKeyResult {
    match controls.mode {
        DiceMode::Table => table_key(controls, view, seats, names, key),
        DiceMode::PickHarvester => pick_harvester(controls, view, seats, names, key),
        DiceMode::ConfirmHarvest(seat) => {
            let back = controls.with(DiceMode::Table);
            match command(ConfirmHarvest, key.code) {
                Some(D::Confirm) => {
                    DiceKeyResult::new(back, DiceKeyOutcome::Act(seat, DiceAction::Harvest))
                }
                Some(D::Cancel) => DiceKeyResult::new(back, DiceKeyOutcome::Nothing),
                _ => DiceKeyResult::new(*controls, DiceKeyOutcome::Nothing),
            }
        }
    }
}

/// The harvest question's words: "Harvest Ana's 4 orders for 2 dollars? Enter/Esc".
pub fn harvest_question(view: &DiceView, names: &[String], seat: Seat) -> String {
    let player = &view.players[seat];
    format!(
        "Harvest {}'s {} orders for {}? Enter/Esc",
        names[seat],
        player.covered,
        dollars(player.harvest_pays.unwrap_or(0))
    )
}

fn pick_harvester(
    controls: &DiceControls,
    view: &DiceView,
    seats: &[SeatKind],
    names: &[String],
    key: KeyEvent,
) -> DiceKeyResult {
    let back = controls.with(DiceMode::Table);
    let command = command(PickHarvester, key.code);
    if command == Some(D::Cancel) {
        return DiceKeyResult::new(back, DiceKeyOutcome::Nothing);
    }
    let player = digit(&key).filter(|_| command == Some(D::Player));
    let Some(seat) = player.filter(|&s| s < view.players.len()) else {
        let why = format!(
            "Harvest: press a player's number, 1 to {}, or Esc",
            view.players.len()
        );
        return DiceKeyResult::new(*controls, DiceKeyOutcome::Refused(why));
    };
    if seats[seat] != SeatKind::Human {
        let why = format!("{} is a bot and harvests when it chooses", names[seat]);
        return DiceKeyResult::new(back, DiceKeyOutcome::Refused(why));
    }
    if view.players[seat].harvest_pays.is_none() {
        // The engine says why, in the rulebook's words.
        return DiceKeyResult::new(back, DiceKeyOutcome::Act(seat, DiceAction::Harvest));
    }
    let ask = controls.with(DiceMode::ConfirmHarvest(seat));
    DiceKeyResult::new(ask, DiceKeyOutcome::Nothing)
}

fn table_key(
    controls: &DiceControls,
    view: &DiceView,
    seats: &[SeatKind],
    names: &[String],
    key: KeyEvent,
) -> DiceKeyResult {
    let same = |outcome| DiceKeyResult::new(*controls, outcome);
    match command(Table, key.code) {
        Some(D::Help) => return same(DiceKeyOutcome::Overlay(Overlay::Help)),
        Some(D::Quit) => return same(DiceKeyOutcome::Overlay(Overlay::ConfirmQuit)),
        Some(D::FullLog) => return same(DiceKeyOutcome::Overlay(Overlay::Log)),
        // The dice chosen stay chosen if nothing is taken back; a move taken back brings
        // back the table as it was, nothing chosen.
        Some(D::TakeBack) => return same(DiceKeyOutcome::TakeBack),
        Some(D::Harvest) => {
            let pick = controls.with(DiceMode::PickHarvester);
            return DiceKeyResult::new(pick, DiceKeyOutcome::Nothing);
        }
        Some(D::Cancel) => {
            return DiceKeyResult::new(DiceControls::default(), DiceKeyOutcome::Nothing);
        }
        _ => {}
    }
    let Some(turn) = command(Turn, key.code) else {
        return same(DiceKeyOutcome::Nothing);
    };
    if view.phase == TurnPhase::Over {
        return same(DiceKeyOutcome::Nothing);
    }
    let active = view.active;
    if seats[active] != SeatKind::Human {
        let why = format!("It is {}'s turn: the bot rolls for itself", names[active]);
        return same(DiceKeyOutcome::Refused(why));
    }
    let act = |action| same(DiceKeyOutcome::Act(active, action));
    match (turn, view.phase) {
        (D::ChooseDie, _) => match digit(&key) {
            Some(die) => toggle_die(controls, view, die),
            None => same(DiceKeyOutcome::Nothing),
        },
        (D::Roll, _) | (D::Proceed, TurnPhase::Roll) => act(DiceAction::Roll),
        (D::RepeatRoll, _) => act(DiceAction::RepeatRoll),
        (D::Pass, _) | (D::Proceed, TurnPhase::Pass) => act(DiceAction::PassBeanPiece),
        (D::Proceed, _) => act(DiceAction::Save {
            dice: controls.chosen_dice(),
        }),
        _ => same(DiceKeyOutcome::Nothing),
    }
}

/// Digit `die` + 1: choose or unchoose a die just rolled for saving.
fn toggle_die(controls: &DiceControls, view: &DiceView, die: usize) -> DiceKeyResult {
    let state = view.dice[die].state;
    let refuse = |why: String| DiceKeyResult::new(*controls, DiceKeyOutcome::Refused(why));
    if view.phase != TurnPhase::Save {
        return refuse(match view.phase {
            TurnPhase::Pass => {
                "All five dice are in the bean field: stop rolling and pass the bean piece".into()
            }
            _ => "Roll the bean dice first".into(),
        });
    }
    if state.saved {
        return refuse(format!("Die {} is already in the bean field", die + 1));
    }
    if !state.just_rolled {
        return refuse(format!("Die {} was not just rolled", die + 1));
    }
    let mut next = *controls;
    next.chosen[die] = !next.chosen[die];
    DiceKeyResult::new(next, DiceKeyOutcome::Nothing)
}

/// Whether the active player may still repeat a roll with the bean piece now.
pub fn may_repeat(view: &DiceView) -> bool {
    view.phase == TurnPhase::Save && view.bean_piece == BeanPiece::Ready
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_key_asks_for_two_things_in_one_place() {
        let share = |a: &&[DicePlace], b: &&[DicePlace]| a.iter().any(|x| b.contains(x));
        assert_eq!(bindings::clashes(DICE_KEYS, share), vec![]);
    }

    #[test]
    fn every_turn_key_is_on_the_bar_and_in_the_help() {
        let help = help_rows();
        for c in [
            D::Roll,
            D::ChooseDie,
            D::Proceed,
            D::RepeatRoll,
            D::Pass,
            D::Harvest,
        ] {
            let key = bar_key(c);
            assert_ne!(key, "?", "{c:?} has no key");
            assert!(
                help.iter().any(|(k, _)| k.starts_with(key)),
                "{c:?} is not in the help"
            );
        }
    }
}
