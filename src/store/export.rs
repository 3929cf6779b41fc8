//! A saved game as the headless protocol's JSON lines: the `new` request, then every `act`,
//! bean kinds by name, so `bohnanza script < game.jsonl` plays it again. Card games and the
//! dice game alike: the saved actions are already the protocol's.

use serde_json::json;

use super::{SavedGame, check};
use crate::text::sanitize;

/// The lines of a saved game's protocol session, and a warning when the session may not
/// replay the game (its ruleset file has changed or gone since).
#[derive(Clone, Debug)]
pub struct Export {
    /// One JSON request per line, without newlines.
    pub lines: Vec<String>,
    /// Why `script` may not replay these lines as the game was played.
    pub warning: Option<String>,
}

/// The protocol session replaying `game`, once the game's own checks have taken every
/// action ([`check::replay`]). A built-in ruleset is named as a `variant`; another is
/// referred to by the path it was loaded from (the protocol reads rulesets from files), with
/// a warning if that file no longer holds the saved text.
pub fn export(game: &SavedGame) -> Result<Export, String> {
    check::replay(game).map_err(|e| e.to_string())?;
    let mut new = json!({
        "players": game.names.len(),
        "seed": game.seed,
        "names": game.names,
    });
    if let Some(position) = &game.position {
        new["position"] = json!(position);
    }
    let mut warning = None;
    match game.ruleset.built_in() {
        Some(name) => new["variant"] = json!(name),
        None => {
            let origin = &game.ruleset.origin;
            new["ruleset"] = json!(origin);
            // The path is the save's word: read as any named file is, a regular file of a
            // ruleset's size (never a device read without end, nor a pipe waited on).
            let played_by = format!(
                "the game was played by the ruleset {}, and ",
                sanitize(origin)
            );
            let problem = match crate::rulesets::read_file(std::path::Path::new(origin)) {
                Ok(now) if now == game.ruleset.toml => None,
                Ok(_) => Some("that file no longer holds the same text".to_string()),
                Err(e) => Some(format!("that file cannot be read now ({e})")),
            };
            warning = problem.map(|p| {
                format!(
                    "{played_by}{p}: `bohnanza script` replays it only with the original file \
                     there"
                )
            });
        }
    }
    let mut lines = Vec::with_capacity(game.actions.len() + 1);
    // Names and positions come from the file: their C1 controls and bidi overrides are
    // escaped, as the protocol's replies escape them.
    let line = |v: serde_json::Value| crate::text::escape_json(&v.to_string()).into_owned();
    lines.push(line(json!({ "new": new })));
    lines.extend(game.actions.iter().map(|a| line(json!({ "act": a }))));
    Ok(Export { lines, warning })
}
