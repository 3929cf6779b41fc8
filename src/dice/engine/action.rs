//! What a player can do in the dice game.

use serde::{Deserialize, Serialize};

use super::die::DieId;

/// One thing one player does; who acts is given beside it
/// ([`DiceState::apply`](super::DiceState::apply)).
///
/// Read through [`ActionFields`], so that any field an action does not have is refused.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", from = "ActionFields")]
pub enum DiceAction {
    /// The active player rolls every die not in the bean field.
    Roll,
    /// The active player lays the bean piece on its back and rolls the dice just rolled again.
    RepeatRoll,
    /// The active player places these dice (ids 0–4, from the dice just rolled) in the bean
    /// field; at least one.
    Save { dice: Vec<DieId> },
    /// With all five dice in the bean field, the active player hands the bean piece on.
    PassBeanPiece,
    /// Any player with enough covered orders harvests their top card.
    Harvest,
}

/// An action as read: the same shapes, with the field-less actions as empty structs. Serde
/// lets a unit variant of an internally tagged enum ignore every other field, even with
/// `deny_unknown_fields`, so `{"type": "harvest", "seat": 2}` would pass for a harvest; an
/// empty struct variant refuses it.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ActionFields {
    Roll {},
    RepeatRoll {},
    Save { dice: Vec<DieId> },
    PassBeanPiece {},
    Harvest {},
}

impl From<ActionFields> for DiceAction {
    fn from(fields: ActionFields) -> DiceAction {
        match fields {
            ActionFields::Roll {} => DiceAction::Roll,
            ActionFields::RepeatRoll {} => DiceAction::RepeatRoll,
            ActionFields::Save { dice } => DiceAction::Save { dice },
            ActionFields::PassBeanPiece {} => DiceAction::PassBeanPiece,
            ActionFields::Harvest {} => DiceAction::Harvest,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_refuses_a_field_it_does_not_have() {
        for text in [
            r#"{"type": "roll", "dice": [0]}"#,
            r#"{"type": "repeat_roll", "x": 1}"#,
            r#"{"type": "save", "dice": [0], "seat": 1}"#,
            r#"{"type": "pass_bean_piece", "to": 2}"#,
            r#"{"type": "harvest", "seat": 2}"#,
        ] {
            let read: Result<DiceAction, _> = serde_json::from_str(text);
            let err = read.expect_err(text).to_string();
            assert!(err.contains("unknown field"), "{text}: {err}");
        }
    }

    #[test]
    fn every_action_reads_back_what_it_writes() {
        let actions = [
            DiceAction::Roll,
            DiceAction::RepeatRoll,
            DiceAction::Save { dice: vec![0, 3] },
            DiceAction::PassBeanPiece,
            DiceAction::Harvest,
        ];
        for action in actions {
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(serde_json::from_str::<DiceAction>(&json).unwrap(), action);
        }
        let roll: DiceAction = serde_json::from_str(r#"{"type": "roll"}"#).unwrap();
        assert_eq!(roll, DiceAction::Roll);
    }
}
