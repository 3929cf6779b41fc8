//! A game's actions as they are kept in memory: each in its compact JSON text, all in one
//! string. A save file may hold hundreds of thousands of actions (a dice game nobody ends,
//! offers made and taken back all turn); as JSON trees they took twenty and more times the
//! file's size, and this takes about the file's size. An action is read into a tree only
//! while it is played.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde_json::Value;

/// Every action taken, in order, each in the protocol's wire form.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Actions {
    /// The actions' compact JSON texts, separated by commas: what a save file's `actions`
    /// array holds between its brackets.
    text: String,
    /// Where each action's text ends in `text`.
    ends: Vec<usize>,
}

impl Actions {
    /// No actions.
    pub fn new() -> Actions {
        Actions::default()
    }

    /// How many actions there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Adds an action at the end.
    pub fn push(&mut self, action: &Value) {
        self.push_text(&action.to_string());
    }

    fn push_text(&mut self, compact: &str) {
        if !self.ends.is_empty() {
            self.text.push(',');
        }
        self.text.push_str(compact);
        self.ends.push(self.text.len());
    }

    /// The compact JSON text of action `i`.
    pub fn text_of(&self, i: usize) -> Option<&str> {
        let end = *self.ends.get(i)?;
        let start = match i {
            0 => 0,
            _ => self.ends[i - 1] + 1,
        };
        Some(&self.text[start..end])
    }

    /// Action `i`, read into a JSON value.
    pub fn get(&self, i: usize) -> Option<Value> {
        // Each text was written from a value, so it reads back.
        self.text_of(i)
            .map(|t| serde_json::from_str(t).unwrap_or(Value::Null))
    }

    /// The last action.
    pub fn last(&self) -> Option<Value> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// Each action in order, read into a JSON value one at a time.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = Value> + '_ {
        (0..self.len()).map(|i| self.get(i).unwrap_or(Value::Null))
    }

    /// Keeps the first `n` actions.
    pub fn truncate(&mut self, n: usize) {
        if n < self.len() {
            self.text
                .truncate(if n == 0 { 0 } else { self.ends[n - 1] });
            self.ends.truncate(n);
        }
    }

    /// The first `n` actions (all, if there are fewer).
    pub fn first(&self, n: usize) -> Actions {
        let mut kept = Actions {
            text: String::new(),
            ends: self.ends[..n.min(self.len())].to_vec(),
        };
        kept.text = self.text[..kept.ends.last().copied().unwrap_or(0)].to_string();
        kept
    }

    /// The actions as JSON values.
    pub fn to_vec(&self) -> Vec<Value> {
        self.iter().collect()
    }

    /// The JSON array's contents: the actions' texts separated by commas.
    pub fn joined(&self) -> &str {
        &self.text
    }
}

impl fmt::Debug for Actions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Actions[{}]", self.text)
    }
}

impl From<Vec<Value>> for Actions {
    fn from(values: Vec<Value>) -> Actions {
        values.iter().collect()
    }
}

impl<'a> FromIterator<&'a Value> for Actions {
    fn from_iter<I: IntoIterator<Item = &'a Value>>(iter: I) -> Actions {
        let mut actions = Actions::new();
        for v in iter {
            actions.push(v);
        }
        actions
    }
}

impl FromIterator<Value> for Actions {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Actions {
        let mut actions = Actions::new();
        for v in iter {
            actions.push(&v);
        }
        actions
    }
}

impl PartialEq<[Value]> for Actions {
    fn eq(&self, other: &[Value]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| &a == b)
    }
}

impl PartialEq<Vec<Value>> for Actions {
    fn eq(&self, other: &Vec<Value>) -> bool {
        self == other.as_slice()
    }
}

impl<'de> Deserialize<'de> for Actions {
    /// A JSON array of actions, each an object, read one at a time into its compact text:
    /// only one action is ever a tree, however many the file holds.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Actions, D::Error> {
        struct Each;
        impl<'de> Visitor<'de> for Each {
            type Value = Actions;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of actions")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Actions, A::Error> {
                let mut actions = Actions::new();
                while let Some(action) = seq.next_element::<Value>()? {
                    if !action.is_object() {
                        let n = actions.len() + 1;
                        return Err(de::Error::custom(format!("action {n} is not an action")));
                    }
                    actions.push(&action);
                }
                Ok(actions)
            }
        }
        deserializer.deserialize_seq(Each)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn actions_read_back_as_they_were_pushed_and_cut() {
        let values = vec![
            json!({"player": 0, "type": "roll"}),
            json!({}),
            json!({"a": [1, 2]}),
        ];
        let mut actions = Actions::from(values.clone());
        assert_eq!(actions.len(), 3);
        assert_eq!(actions, values);
        assert_eq!(
            actions.joined(),
            r#"{"player":0,"type":"roll"},{},{"a":[1,2]}"#
        );
        assert_eq!(actions.last(), Some(json!({"a": [1, 2]})));
        assert_eq!(actions.first(2), values[..2]);
        actions.truncate(1);
        assert_eq!(actions, values[..1]);
        actions.push(&values[2]);
        assert_eq!(
            actions.joined(),
            r#"{"player":0,"type":"roll"},{"a":[1,2]}"#
        );
        actions.truncate(0);
        assert!(actions.is_empty() && actions.joined().is_empty());
    }

    #[test]
    fn a_list_of_objects_is_read_and_anything_else_refused() {
        let actions: Actions = serde_json::from_str(r#"[{"b": 1, "a": 2}, { }]"#).unwrap();
        assert_eq!(actions.joined(), r#"{"b":1,"a":2},{}"#);
        let e = serde_json::from_str::<Actions>(r#"[{}, 3]"#).unwrap_err();
        assert!(e.to_string().contains("action 2 is not an action"), "{e}");
    }
}
