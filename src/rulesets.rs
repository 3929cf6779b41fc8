//! The built-in rulesets: the TOML files under `rulesets/`, compiled into the binary.

use std::sync::Arc;

use crate::engine::{Ruleset, RulesetError};

/// A ruleset shipped with the game.
#[derive(Clone, Copy, Debug)]
pub struct BuiltIn {
    /// The name users type after `--variant`.
    pub name: &'static str,
    /// Where the file lives in the source tree, for messages.
    pub path: &'static str,
    /// The TOML text.
    pub text: &'static str,
}

macro_rules! built_in {
    ($name:literal) => {
        BuiltIn {
            name: $name,
            path: concat!("rulesets/", $name, ".toml"),
            text: include_str!(concat!("../rulesets/", $name, ".toml")),
        }
    };
}

/// Every built-in ruleset, the default first.
pub const BUILT_IN: &[BuiltIn] = &[
    built_in!("base"),
    built_in!("base-7"),
    built_in!("expansion-beans"),
    built_in!("expansion-field-beans"),
    built_in!("expansion-order-cards"),
    built_in!("expansion-field-beans-orders"),
    built_in!("classic"),
    built_in!("duel"),
    built_in!("my-first"),
    built_in!("my-first-two-coin"),
    built_in!("my-first-step-1"),
    built_in!("my-first-step-2"),
    built_in!("my-first-step-3"),
    built_in!("my-first-step-4"),
    built_in!("my-first-step-5"),
];

/// The ruleset played when none is chosen.
pub const DEFAULT: &str = "base";

/// Why a built-in ruleset could not be had.
#[derive(Debug, thiserror::Error)]
pub enum BuiltInError {
    #[error("there is no built-in ruleset called {name:?}; the built-in rulesets are: {known}")]
    Unknown { name: String, known: String },
    #[error(transparent)]
    Invalid(#[from] RulesetError),
}

/// Reads and checks the built-in ruleset called `name`.
pub fn load(name: &str) -> Result<Arc<Ruleset>, BuiltInError> {
    let built_in =
        BUILT_IN
            .iter()
            .find(|b| b.name == name)
            .ok_or_else(|| BuiltInError::Unknown {
                name: name.to_string(),
                known: BUILT_IN
                    .iter()
                    .map(|b| b.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
    Ok(Arc::new(parse(built_in.path, built_in.text)?))
}

/// Reads and checks a ruleset's TOML text; `extends = "NAME"` builds on the built-in
/// ruleset of that name. Every ruleset the program reads comes through here.
pub fn parse(source_name: &str, text: &str) -> Result<Ruleset, RulesetError> {
    Ruleset::from_toml_extending(source_name, text, |name| {
        BUILT_IN
            .iter()
            .find(|b| b.name == name)
            .map(|b| b.text.to_string())
    })
}
