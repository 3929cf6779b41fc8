//! The built-in rulesets: the TOML files under `rulesets/`, compiled into the binary.

use std::path::Path;
use std::sync::Arc;

use crate::cards::{MAX_RULESET_BYTES, Ruleset, RulesetError};
use crate::text::sanitize;

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

/// The built-in ruleset called `name`, if there is one.
pub fn built_in(name: &str) -> Option<&'static BuiltIn> {
    BUILT_IN.iter().find(|b| b.name == name)
}

/// Reads and checks the built-in ruleset called `name`.
pub fn load(name: &str) -> Result<Arc<Ruleset>, BuiltInError> {
    let built_in = built_in(name).ok_or_else(|| BuiltInError::Unknown {
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
        built_in(name).map(|b| b.text.to_string())
    })
}

/// Why a ruleset file could not be read. Nothing of the file's content is in the message:
/// the path may name any file on the machine.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{path}: {error}")]
    Io { path: String, error: std::io::Error },
    #[error(
        "{path}: not a regular file (a ruleset is read from a file, not a device, pipe or folder)"
    )]
    NotAFile { path: String },
    #[error("{path}: {size} bytes; a ruleset file may be at most {MAX_RULESET_BYTES} bytes")]
    TooLarge { path: String, size: u64 },
    #[error("{path}: not a text file (a ruleset is UTF-8 TOML text)")]
    NotText { path: String },
}

/// Reads a ruleset file's text: only a regular file (not a device, pipe or folder, which
/// could block or never end), and only up to [`MAX_RULESET_BYTES`], so a hostile path costs
/// a message, not the session or the memory.
pub fn read_file(path: &Path) -> Result<String, ReadError> {
    use crate::user_file::FileRefusal;
    let shown = sanitize(&path.display().to_string()).into_owned();
    let bytes = crate::user_file::read(path, MAX_RULESET_BYTES as u64).map_err(|e| match e {
        FileRefusal::Io(error) => ReadError::Io {
            path: shown.clone(),
            error,
        },
        FileRefusal::NotAFile => ReadError::NotAFile {
            path: shown.clone(),
        },
        FileRefusal::TooLarge { size, .. } => ReadError::TooLarge {
            path: shown.clone(),
            size,
        },
    })?;
    String::from_utf8(bytes).map_err(|_| ReadError::NotText { path: shown })
}
