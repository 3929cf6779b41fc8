//! The save file: a format version, a checksum, and the game, a card game or the dice game.
//!
//! ```json
//! {"format": 4, "checksum": "sha256:…", "game": {"ruleset": {…}, "names": […], "seats": […],
//!  "seed": 7, "open_hands": false, "finished": false, "action_count": 2,
//!  "actions": [{"player": 0, "type": "plant", "field": 0}, {"player": 0, "type": "turn_over"}]}}
//! ```
//!
//! Actions are written as the headless protocol takes them (bean kinds by name), so a save
//! reads like a protocol session and survives a ruleset listing its beans in another
//! order; which game they belong to follows from the ruleset's text. The checksum is
//! SHA-256 of the `game` object written compactly; with `action_count` it tells a file
//! whose last actions were cut off from a whole one. A game the tutor asked about adds
//! `"tutor_asked": [12, 35]` after the actions (the decisions asked about, each as the
//! number of actions before it), left out when it asked nothing. Formats 2 (card games
//! only) and 3 (no `tutor_asked`) have the same shape and are still read; each new number
//! keeps an older version from taking a file it cannot read for a damaged one (and moving
//! it aside): format 3 a dice game, format 4 the tutor's questions.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{Actions, RulesetSource, SavedGame, SavedSeat, shown_lines};
use crate::cards::{Action, BeanKind};

/// The format this build writes and reads.
pub const FORMAT: u32 = 4;

/// The formats before this one that are read as [`FORMAT`]: 2, the card games' before the
/// dice game was saved, and 3, before the tutor's questions were.
const SAME_SHAPE_FORMATS: [u32; 2] = [2, 3];

/// The largest save file read: far beyond a long game (a few hundred kilobytes), small
/// enough that a hostile file cannot exhaust memory.
pub const MAX_SAVE_BYTES: u64 = 16 << 20;

/// Why a save file cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file could not be read at all.
    #[error("it cannot be read: {0}")]
    Unreadable(#[from] std::io::Error),
    /// A pipe, a device or a folder, not a file: never opened.
    #[error("it is not a regular file (a device, a pipe or a folder is not read)")]
    NotAFile,
    /// The file is larger than any save this program writes.
    #[error("it is {0} bytes, more than any saved game (at most {MAX_SAVE_BYTES})")]
    TooLarge(u64),
    /// Another version of the program wrote it.
    #[error("it was written by another version (format {0}; this version reads format {FORMAT})")]
    OtherFormat(u64),
    /// Its last actions are missing.
    #[error("its last actions are cut off: it holds {kept} of its {expected} actions")]
    CutOff {
        /// Actions still in the file.
        kept: usize,
        /// Actions the file says it holds.
        expected: usize,
    },
    /// It is not a whole, unchanged save file (the reason, made safe to print: it may quote
    /// the file).
    #[error("it is damaged: {0}")]
    Damaged(String),
}

impl SaveError {
    /// Whether the file itself is broken (so it is moved aside), rather than unreadable
    /// here or written by another version.
    pub fn is_damage(&self) -> bool {
        matches!(self, SaveError::CutOff { .. } | SaveError::Damaged(_))
    }
}

/// A damaged file's error; `why` may quote the file, so it is made safe to print.
pub fn damaged(why: String) -> SaveError {
    SaveError::Damaged(shown_lines(&why))
}

/// The file's outer object, as read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope {
    #[serde(rename = "format")]
    _format: u32,
    checksum: String,
    game: Body,
}

/// Only the file's format number: the rest is skipped over, not kept.
#[derive(Deserialize)]
struct FormatOnly {
    format: Option<Value>,
}

/// The `game` object, kinds by name, as read: its actions one at a time into their
/// compact texts ([`Actions`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Body {
    ruleset: RulesetSource,
    names: Vec<String>,
    seats: Vec<SavedSeat>,
    seed: u64,
    open_hands: bool,
    finished: bool,
    action_count: usize,
    actions: Actions,
    /// Only for a game started from a position: left out otherwise, so other saves read
    /// and check as before.
    #[serde(default)]
    position: Option<Value>,
    /// Only for a game the tutor asked about (format 4): left out otherwise.
    #[serde(default)]
    tutor_asked: Vec<usize>,
}

/// The `game` object's fields before its actions, in the order they are written.
#[derive(Serialize)]
struct Head<'a> {
    ruleset: &'a RulesetSource,
    names: &'a [String],
    seats: &'a [SavedSeat],
    seed: u64,
    open_hands: bool,
    finished: bool,
    action_count: usize,
}

/// Format 1 (before saves had checksums): one `last-game.json`, bean kinds by their index
/// in the ruleset's list.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BodyV1 {
    #[serde(rename = "format")]
    _format: u32,
    ruleset: RulesetSource,
    names: Vec<String>,
    seats: Vec<SavedSeat>,
    seed: u64,
    open_hands: bool,
    actions: Vec<ActionV1>,
    finished: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionV1 {
    player: usize,
    action: Action<usize>,
}

/// Reads a format 1 save, checking every kind index against its ruleset.
fn decode_v1(body: BodyV1) -> Result<SavedGame, SaveError> {
    let rules =
        (body.ruleset.rules()).map_err(|e| damaged(format!("its ruleset is not valid: {e}")))?;
    let ruleset = (rules.of::<crate::cards::Cards>())
        .ok_or_else(|| damaged("its ruleset is a dice game's".into()))?;
    let kinds = ruleset.beans.len();
    let mut actions = Actions::new();
    for (i, a) in body.actions.into_iter().enumerate() {
        let action = a
            .action
            .try_map_kinds(|k| {
                if k < kinds {
                    Ok(BeanKind::new(k))
                } else {
                    Err(k)
                }
            })
            .map_err(|k| damaged(format!("action {} names bean kind {k} of {kinds}", i + 1)))?;
        actions.push(&crate::cards::wire::action_json(&ruleset, a.player, action));
    }
    checked(SavedGame {
        ruleset: body.ruleset,
        names: body.names,
        seats: body.seats,
        seed: body.seed,
        open_hands: body.open_hands,
        actions,
        finished: body.finished,
        position: None,
        tutor_asked: Vec::new(),
    })
}

/// `game` if its seats and names agree, and each decision the tutor asked about is one of
/// its actions.
fn checked(game: SavedGame) -> Result<SavedGame, SaveError> {
    if game.seats.len() != game.names.len() {
        return Err(damaged(format!(
            "it has {} seats for {} players",
            game.seats.len(),
            game.names.len()
        )));
    }
    if let Some(at) = game
        .tutor_asked
        .iter()
        .find(|&&at| at >= game.actions.len())
    {
        return Err(damaged(format!(
            "the tutor asked about decision {} of its {} actions",
            at + 1,
            game.actions.len()
        )));
    }
    Ok(game)
}

fn checksum(game_text: &str) -> String {
    let digest = Sha256::digest(game_text.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// The `game` object written compactly, its fields in their order: what the checksum is
/// taken of. The actions are already compact text, so a long game is joined, not rebuilt.
fn game_text(game: &SavedGame) -> String {
    let head = Head {
        ruleset: &game.ruleset,
        names: &game.names,
        seats: &game.seats,
        seed: game.seed,
        open_hands: game.open_hands,
        finished: game.finished,
        action_count: game.actions.len(),
    };
    let mut text = serde_json::to_string(&head).unwrap_or_default();
    text.pop();
    text.reserve(game.actions.joined().len() + 16);
    text.push_str(",\"actions\":[");
    text.push_str(game.actions.joined());
    text.push(']');
    if let Some(position) = &game.position {
        text.push_str(",\"position\":");
        text.push_str(&position.to_string());
    }
    // Only questions about actions the record holds: one taken back is gone with it.
    let asked: Vec<usize> = (game.tutor_asked.iter().copied())
        .filter(|&at| at < game.actions.len())
        .collect();
    if !asked.is_empty() {
        text.push_str(",\"tutor_asked\":");
        text.push_str(&serde_json::to_string(&asked).unwrap_or_default());
    }
    text.push('}');
    text
}

/// The file's text for `game`.
pub fn encode(game: &SavedGame) -> String {
    let game = game_text(game);
    format!(
        "{{\"format\":{FORMAT},\"checksum\":\"{}\",\"game\":{game}}}",
        checksum(&game)
    )
}

/// Reads a save file's text: checks its version, its checksum and that no action is
/// missing or other than an object. Whether the rules take its actions is checked when it
/// is played again ([`super::check::replay`]). Format 1 (no checksum, kinds by index) is
/// still read, so a game saved by an older version is not lost. The file is read straight
/// into the game, each action into its compact text: nothing is held as a tree but one
/// action at a time, so memory follows the file's size.
pub fn decode(text: &str) -> Result<SavedGame, SaveError> {
    let probe: FormatOnly = serde_json::from_str(text)
        .map_err(|e| damaged(format!("it is not a whole save file ({e})")))?;
    match probe.format.as_ref().map(Value::as_u64) {
        Some(Some(f))
            if f == u64::from(FORMAT) || SAME_SHAPE_FORMATS.map(u64::from).contains(&f) => {}
        Some(Some(1)) => {
            let outer: BodyV1 = serde_json::from_str(text)
                .map_err(|e| damaged(format!("it is not a saved game ({e})")))?;
            return decode_v1(outer);
        }
        Some(Some(f)) => return Err(SaveError::OtherFormat(f)),
        _ => return Err(damaged("it has no format number".to_string())),
    }
    let envelope: Envelope =
        serde_json::from_str(text).map_err(|e| damaged(format!("it is not a saved game ({e})")))?;
    let body = envelope.game;
    if body.actions.len() < body.action_count {
        return Err(SaveError::CutOff {
            kept: body.actions.len(),
            expected: body.action_count,
        });
    }
    let count_matches = body.actions.len() == body.action_count;
    let game = checked(SavedGame {
        ruleset: body.ruleset,
        names: body.names,
        seats: body.seats,
        seed: body.seed,
        open_hands: body.open_hands,
        actions: body.actions,
        finished: body.finished,
        position: body.position,
        tutor_asked: body.tutor_asked,
    })?;
    if !count_matches || checksum(&game_text(&game)) != envelope.checksum {
        return Err(damaged(
            "its checksum does not match its contents (it was changed or damaged)".to_string(),
        ));
    }
    Ok(game)
}

/// Reads and decodes the save file at `path`: only a regular file (a pipe or a device is
/// refused before it is opened, [`crate::user_file`]), and not one larger than
/// [`MAX_SAVE_BYTES`].
pub fn read(path: &Path) -> Result<SavedGame, SaveError> {
    use crate::user_file::FileRefusal;
    let bytes = crate::user_file::read(path, MAX_SAVE_BYTES).map_err(|e| match e {
        FileRefusal::Io(e) => SaveError::Unreadable(e),
        FileRefusal::NotAFile => SaveError::NotAFile,
        FileRefusal::TooLarge { size, .. } => SaveError::TooLarge(size),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| damaged("it is not UTF-8 text".to_string()))?;
    decode(&text)
}
