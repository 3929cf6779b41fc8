//! The field-bean chooser: right after harvesting two field beans gave a person a third bean
//! field, they put their other beans in the first and/or second field (rules/001). The current
//! arrangement comes first, so Enter keeps it.

use crossterm::event::KeyEvent;

use crate::cards::screen::table::CardTable;
use crate::cards::{Action, GameState};
use crate::ui::keys::digit;
use crate::ui::picker_keys::{Chooser, PickerCommand, pick};

/// An open chooser of how to place a player's beans: the arrangements the rules allow, each
/// as "field `i` takes the beans of field `from[i]`", the chosen one under the cursor.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ArrangePicker {
    /// Who places their beans.
    pub player: usize,
    /// The arrangements to choose from, the current one first.
    pub choices: Vec<Vec<usize>>,
    /// The one under the cursor.
    pub cursor: usize,
}

impl ArrangePicker {
    /// The chooser for whoever may place their beans anew in `state`, if `is_person` says a
    /// person plays that seat (bots choose for themselves).
    pub fn offered(state: &GameState, is_person: impl Fn(usize) -> bool) -> Option<Self> {
        let player = state.may_rearrange_fields().filter(|&p| is_person(p))?;
        let choices: Vec<Vec<usize>> = state
            .legal_actions(player)
            .into_iter()
            .filter_map(|a| match a {
                Action::RearrangeFields { from } => Some(from),
                _ => None,
            })
            .collect();
        (!choices.is_empty()).then_some(ArrangePicker {
            player,
            choices,
            cursor: 0,
        })
    }
}

/// [`Chooser::Arrange`]'s keys: ↑↓ (or the arrangement's number) choose, Enter places the
/// beans so, Esc keeps them.
pub(crate) fn arrange_key(game: &mut CardTable, key: KeyEvent) {
    let Some(mut picker) = game.arrange().cloned() else {
        return;
    };
    let n = picker.choices.len();
    match pick(Chooser::Arrange, key.code) {
        Some(PickerCommand::Close) => return game.set_arrange(None),
        Some(PickerCommand::Back) => picker.cursor = (picker.cursor + n - 1) % n,
        Some(PickerCommand::On) => picker.cursor = (picker.cursor + 1) % n,
        Some(PickerCommand::Number) => {
            if let Some(d) = digit(&key).filter(|&d| d < n) {
                picker.cursor = d;
            }
        }
        Some(PickerCommand::Choose) => {
            let from = picker.choices[picker.cursor].clone();
            game.set_arrange(None);
            if !game.act(picker.player, Action::RearrangeFields { from }) {
                game.set_arrange(Some(picker));
            }
            return;
        }
        _ => {}
    }
    game.set_arrange(Some(picker));
}
