//! What a game's screen supplies to the one replay viewer: the game replayed once, its
//! table drawn at an action, and its own words; the cursor, the keys, the prompts, the
//! status line and continuing are the viewer's, written once.

use std::fmt;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::game::BotOptions;
use crate::store::{SavedGame, Saver};
use crate::ui::replay::ReplayedSave;
use crate::ui::screen::{GameScreen, OnScreen};
use crate::ui::theme::Theme;

/// A game the replay viewer steps through, implemented by each game's screen.
pub trait Replayed: OnScreen + Clone + fmt::Debug {
    /// What the game's screen keeps beside the tape to draw the table after any action.
    type Own: fmt::Debug + 'static;
    /// The table as it stood after one action: the game's own table, which nobody acts
    /// on (its log and its reader's place are the table's).
    type Picture: GameScreen + Clone;

    /// Whether a turn has phases for `[` and `]` to step through.
    const PHASES: bool;
    /// What the help says the viewer shows: " Every hand is shown."
    const SHOWN: &'static str;

    /// Whether the game keeps something from those watching it while it is played (the
    /// card game's hands, where they are hidden): its replay then shows the public table
    /// until the game is over, unless asked to show everything.
    fn hides_hands(reel: &ReplayedSave<Self>) -> bool;

    /// `record` replayed once; the error says which action does not replay.
    fn reel(record: SavedGame) -> Result<ReplayedSave<Self>, String>;

    /// The table after action `n` of `reel`, its log panel holding `log` (the log as told
    /// by then, the lines of action `n` marked); every hand shown where `hands`, else the
    /// public table only.
    fn picture(reel: &ReplayedSave<Self>, n: usize, log: Vec<String>, hands: bool)
    -> Self::Picture;

    /// Where the cursor on action `n` is, for the header: "Replay: action 57 of 412, turn 9".
    fn title(reel: &ReplayedSave<Self>, n: usize) -> String;

    /// The position in `picture` in the form this game's `--position` reads.
    fn position(reel: &ReplayedSave<Self>, picture: &Self::Picture) -> serde_json::Value;

    /// The table of the game `record` going on, saved by `saver`, its log ending in `told`
    /// (where it was continued from); its bots, if the game's bots take them, think within
    /// `options`.
    fn continued(
        record: SavedGame,
        saver: Saver,
        options: &BotOptions,
        told: String,
    ) -> Result<Box<dyn GameScreen>, String>;

    /// Draws `picture` in `area` with the viewer's `footer` where the table has its own
    /// prompt and keys.
    fn draw(
        picture: &Self::Picture,
        footer: Vec<Line<'static>>,
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    );
}
