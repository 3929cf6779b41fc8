//! The dice table's keys, as a pure function: (what the keys chose so far, the table, a key)
//! → what they choose now and what to do. Nothing here touches the game.

use crossterm::event::{KeyCode, KeyEvent};

use super::log::dollars;
use crate::dice::{BeanPiece, DICE, DiceAction, DiceView, Seat, TurnPhase};
use crate::game::SeatKind;
use crate::ui::app::Overlay;

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

/// The digit 1–9 a key types, as a 0-based index.
fn digit_index(key: &KeyEvent) -> Option<usize> {
    match key.code {
        KeyCode::Char(c @ '1'..='9') => Some(c as usize - '1' as usize),
        _ => None,
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
            let back = DiceControls {
                mode: DiceMode::Table,
                ..*controls
            };
            match key.code {
                KeyCode::Enter => {
                    DiceKeyResult::new(back, DiceKeyOutcome::Act(seat, DiceAction::Harvest))
                }
                KeyCode::Esc => DiceKeyResult::new(back, DiceKeyOutcome::Nothing),
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
    let back = DiceControls {
        mode: DiceMode::Table,
        ..*controls
    };
    if key.code == KeyCode::Esc {
        return DiceKeyResult::new(back, DiceKeyOutcome::Nothing);
    }
    let Some(seat) = digit_index(&key).filter(|&s| s < view.players.len()) else {
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
    let ask = DiceControls {
        mode: DiceMode::ConfirmHarvest(seat),
        ..*controls
    };
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
    match key.code {
        KeyCode::Char('?') => return same(DiceKeyOutcome::Overlay(Overlay::Help)),
        KeyCode::Char('q') => return same(DiceKeyOutcome::Overlay(Overlay::ConfirmQuit)),
        KeyCode::Char('l') => return same(DiceKeyOutcome::Overlay(Overlay::Log)),
        KeyCode::Char('u') => {
            return DiceKeyResult::new(DiceControls::default(), DiceKeyOutcome::TakeBack);
        }
        KeyCode::Char('h') => {
            let pick = DiceControls {
                mode: DiceMode::PickHarvester,
                ..*controls
            };
            return DiceKeyResult::new(pick, DiceKeyOutcome::Nothing);
        }
        KeyCode::Esc => {
            return DiceKeyResult::new(DiceControls::default(), DiceKeyOutcome::Nothing);
        }
        _ => {}
    }
    let is_turn_key = matches!(
        key.code,
        KeyCode::Char('r' | 'b' | 'p' | '1'..='5') | KeyCode::Enter
    );
    if !is_turn_key || view.phase == TurnPhase::Over {
        return same(DiceKeyOutcome::Nothing);
    }
    let active = view.active;
    if seats[active] != SeatKind::Human {
        let why = format!("It is {}'s turn: the bot rolls for itself", names[active]);
        return same(DiceKeyOutcome::Refused(why));
    }
    if let Some(die) = digit_index(&key) {
        return toggle_die(controls, view, die);
    }
    let act = |action| same(DiceKeyOutcome::Act(active, action));
    match (key.code, view.phase) {
        (KeyCode::Char('r'), _) | (KeyCode::Enter, TurnPhase::Roll) => act(DiceAction::Roll),
        (KeyCode::Char('b'), _) => act(DiceAction::RepeatRoll),
        (KeyCode::Char('p'), _) | (KeyCode::Enter, TurnPhase::Pass) => {
            act(DiceAction::PassBeanPiece)
        }
        (KeyCode::Enter, _) => act(DiceAction::Save {
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
