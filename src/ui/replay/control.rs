//! What the replay viewer does with a key: the table's commands ([`crate::ui::replay::keys`]) and the
//! prompts they open (a number after `g`, a search after `/`, a file after `s`, the seats
//! after `c`), the same for every game.

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::SeatKind;
use crate::store::SavedSeat;
use crate::store::position_file::{PositionWrite, write_position};
use crate::text::sanitize;
use crate::ui::picker_keys::{Chooser, PickerCommand, pick};
use crate::ui::replay::keys::{MAX_TURN_DIGITS, ReplayCommand, command};
use crate::ui::replay::search::{Found, find};
use crate::ui::replay::seats::SeatChooser;
use crate::ui::replay::{Move, OVER_HERE, Replay, ReplayRequest, Replayed, rules_flags};

/// The longest search or file name typed.
const MAX_TYPED: usize = 200;

/// Why `s` writes no position while the hands are hidden.
const HIDDEN_POSITION: &str = "The position holds every hand, and this game is not over: \
     `bohnanza replay --open-hands FILE` shows them and saves it.";

/// What a no to `--open-hands` leaves.
const HANDS_KEPT: &str = "Hands stay hidden: this is the public table.";

/// A line the viewer asks a person to type or choose in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayPrompt {
    /// A turn number after `g`, or an action number (`action`, after `g a`).
    Goto {
        /// Whether an action number is typed rather than a turn's.
        action: bool,
        /// The digits so far.
        typed: String,
    },
    /// What to search the log for, after `/`.
    Search(String),
    /// Where to write the position, after `s`.
    SavePath(String),
    /// The file typed after `s` exists: replace it?
    Replace(PathBuf),
    /// Who sits in each seat of the game continued from here, after `c`.
    Seats(SeatChooser),
    /// `--open-hands` on a game not over whose hands are hidden: show every hand?
    OpenHands,
}

/// What the viewer shows besides the picture: the open prompt, the last refusal or news,
/// the last search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Controls {
    /// The prompt being answered, if any.
    pub prompt: Option<ReplayPrompt>,
    /// The last refusal, shown until the next key.
    pub message: Option<String>,
    /// What was done (a position written, a search found), shown until the next key.
    pub news: Option<String>,
    /// The last text searched for, which `n` and `N` look for again.
    pub search: Option<String>,
}

impl Controls {
    /// The number being typed after `g`, if one is.
    pub fn typed(&self) -> Option<&str> {
        match &self.prompt {
            Some(ReplayPrompt::Goto { typed, .. }) => Some(typed),
            _ => None,
        }
    }
}

/// Handles one key for viewer `v`; what the app must do, if anything.
pub(crate) fn on_key<G: Replayed>(v: &mut Replay<G>, key: KeyEvent) -> Option<ReplayRequest> {
    let ctl = &mut v.controls;
    ctl.message = None;
    ctl.news = None;
    if let Some(prompt) = ctl.prompt.take() {
        return prompt_key(v, prompt, key);
    }
    let ask = |v: &mut Replay<G>, p: ReplayPrompt| v.controls.prompt = Some(p);
    match command(&key, G::PHASES)? {
        ReplayCommand::Go(m) => v.go(m),
        ReplayCommand::Log(to) => return Some(ReplayRequest::Scroll(to)),
        ReplayCommand::FullLog => return Some(ReplayRequest::FullLog),
        ReplayCommand::AskTurn => ask(
            v,
            ReplayPrompt::Goto {
                action: false,
                typed: String::new(),
            },
        ),
        ReplayCommand::Search => ask(v, ReplayPrompt::Search(String::new())),
        ReplayCommand::NextMatch => search_again(v, true),
        ReplayCommand::PreviousMatch => search_again(v, false),
        ReplayCommand::SavePosition if v.hands_hidden() => {
            v.controls.message = Some(HIDDEN_POSITION.into());
        }
        ReplayCommand::SavePosition => {
            let name = format!("position-action{}.json", v.cursor());
            ask(v, ReplayPrompt::SavePath(name));
        }
        ReplayCommand::Continue if v.reel().stop(v.cursor()).over => {
            v.controls.message = Some(OVER_HERE.into());
        }
        ReplayCommand::Continue => {
            let chooser = seat_chooser(v);
            ask(v, ReplayPrompt::Seats(chooser));
        }
        ReplayCommand::Leave => return Some(ReplayRequest::Leave),
        ReplayCommand::Help => return Some(ReplayRequest::Help),
    }
    None
}

/// A key while `prompt` is open: it stays open (put back) unless the key ends it.
fn prompt_key<G: Replayed>(
    v: &mut Replay<G>,
    prompt: ReplayPrompt,
    key: KeyEvent,
) -> Option<ReplayRequest> {
    let keep = |v: &mut Replay<G>, p: ReplayPrompt| {
        v.controls.prompt = Some(p);
        None
    };
    match prompt {
        ReplayPrompt::Goto { action, mut typed } => match key.code {
            KeyCode::Enter => go_to(v, action, &typed),
            KeyCode::Esc => {}
            KeyCode::Char(c @ ('a' | 't')) => {
                let action = c == 'a';
                return keep(v, ReplayPrompt::Goto { action, typed });
            }
            code => {
                edit(&mut typed, code, MAX_TURN_DIGITS, |c| c.is_ascii_digit());
                return keep(v, ReplayPrompt::Goto { action, typed });
            }
        },
        ReplayPrompt::Search(mut typed) => match key.code {
            KeyCode::Enter => {
                if !typed.trim().is_empty() {
                    v.controls.search = Some(typed);
                }
                search_again(v, true);
            }
            KeyCode::Esc => {}
            code => {
                edit(&mut typed, code, MAX_TYPED, |c| !c.is_control());
                return keep(v, ReplayPrompt::Search(typed));
            }
        },
        ReplayPrompt::SavePath(mut typed) => match key.code {
            KeyCode::Enter => save_position(v, PathBuf::from(typed.trim()), false),
            KeyCode::Esc => {}
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                return keep(v, ReplayPrompt::SavePath(String::new()));
            }
            code => {
                edit(&mut typed, code, MAX_TYPED, |c| !c.is_control());
                return keep(v, ReplayPrompt::SavePath(typed));
            }
        },
        ReplayPrompt::Replace(path) => match pick(Chooser::Question, key.code) {
            Some(PickerCommand::Yes) => save_position(v, path, true),
            _ => {
                let shown = sanitize(&path.display().to_string()).into_owned();
                v.controls.news = Some(format!("Not written: {shown} is left as it was."));
            }
        },
        ReplayPrompt::OpenHands => match pick(Chooser::Question, key.code) {
            Some(PickerCommand::Yes) => {
                v.open_hands();
                v.controls.news = Some("Every hand is shown.".into());
            }
            _ => v.controls.news = Some(HANDS_KEPT.into()),
        },
        ReplayPrompt::Seats(mut chooser) => {
            // [`Chooser::Seats`]: ↑↓ (Tab) move between the seats, ←→ change who sits in
            // one, Enter starts, Esc closes.
            match pick(Chooser::Seats, key.code) {
                Some(PickerCommand::Choose) => {
                    return Some(ReplayRequest::Continue(chooser.seats()));
                }
                Some(PickerCommand::Close) => return None,
                Some(PickerCommand::PlayerBack) => chooser.move_row(-1),
                Some(PickerCommand::PlayerOn) => chooser.move_row(1),
                Some(PickerCommand::Back) => chooser.change(-1),
                Some(PickerCommand::On) => chooser.change(1),
                _ => {}
            }
            return keep(v, ReplayPrompt::Seats(chooser));
        }
    }
    None
}

/// Backspace takes back a character; a character `allowed` is added while `typed` is
/// shorter than `max`.
fn edit(typed: &mut String, code: KeyCode, max: usize, allowed: impl Fn(char) -> bool) {
    match code {
        KeyCode::Backspace => {
            typed.pop();
        }
        KeyCode::Char(c) if allowed(c) && typed.chars().count() < max => typed.push(c),
        _ => {}
    }
}

/// Jumps to the turn (or the action) typed, or says what to type.
fn go_to<G: Replayed>(v: &mut Replay<G>, action: bool, typed: &str) {
    let what = if action { "an action" } else { "a turn" };
    let Ok(n) = typed.parse::<u32>() else {
        v.controls.message = Some(format!(
            "Type {what} number after g (a: an action, t: a turn), then Enter."
        ));
        return;
    };
    if !action {
        v.go(Move::Turn(n));
        return;
    }
    let last = v.reel().actions();
    match usize::try_from(n) {
        Ok(n) if n <= last => v.put(n),
        _ => {
            v.controls.message = Some(format!(
                "Action {n}? This game has actions 0 (the deal) to {last}."
            ));
        }
    }
}

/// Looks for the last search again, after the cursor (`forward`) or before it.
fn search_again<G: Replayed>(v: &mut Replay<G>, forward: bool) {
    let Some(text) = v.controls.search.clone() else {
        v.controls.message = Some("Nothing searched yet: / starts a search.".into());
        return;
    };
    let shown = sanitize(&text).into_owned();
    let found = find(&text, v.cursor(), v.reel().actions(), forward, |n| {
        v.reel().told(n).iter()
    });
    match found {
        Some(f) => {
            v.put(f.action);
            v.controls.news = Some(describe(&shown, f));
        }
        None => {
            v.controls.message = Some(format!("“{shown}” is not in the log."));
        }
    }
}

/// "“traded”: action 57, 3 of 41 (n next, N previous)".
fn describe(text: &str, f: Found) -> String {
    let round = if f.wrapped {
        ", from the other end"
    } else {
        ""
    };
    format!(
        "“{text}”: action {}, {} of {}{round} (n next, N previous).",
        f.action, f.nth, f.of
    )
}

/// Writes the position at the cursor to `path` (replacing a file there only if `replace`),
/// and says where, or why not; asks first when a file is there.
fn save_position<G: Replayed>(v: &mut Replay<G>, path: PathBuf, replace: bool) {
    if path.as_os_str().is_empty() {
        v.controls.message = Some("Type a file name after s, then Enter.".into());
        return;
    }
    let position = G::position(v.reel(), v.picture());
    let flags = rules_flags(v.reel().record());
    let typed = sanitize(&path.display().to_string()).into_owned();
    let ctl = &mut v.controls;
    match write_position(&path, &position, replace) {
        Ok(PositionWrite::Written(full)) => {
            let full = sanitize(&full.display().to_string()).into_owned();
            ctl.news = Some(format!(
                "The position is written to {full}: `bohnanza {flags} --position {typed}` opens it."
            ));
        }
        Ok(PositionWrite::Exists(full)) => ctl.prompt = Some(ReplayPrompt::Replace(full)),
        Err(e) => ctl.message = Some(format!("{typed}: {e}")),
    }
}

/// The seats of the game continued from the cursor, as played, among every kind a seat of
/// game `G` may be.
fn seat_chooser<G: Replayed>(v: &Replay<G>) -> SeatChooser {
    let reel = v.reel();
    let seats: Vec<SavedSeat> = (reel.record().seats.iter())
        .map(|s| s.read::<G>().map_or_else(|_| s.clone(), SavedSeat::of))
        .collect();
    let kinds = SeatKind::all::<G>()
        .into_iter()
        .map(SavedSeat::of)
        .collect();
    SeatChooser::new(reel.names().to_vec(), &seats, kinds)
}
