//! The dice game's screens as the app shell sees them: the table ([`DiceTable`]) and the
//! replay viewer ([`DiceReplay`]); everything else about them is the dice game's own.

use std::path::Path;
use std::time::Duration;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::{DiceReplay, DiceTable};
use crate::bots::BotOptions;
use crate::game::PlayOutcome;
use crate::store::{SavedGame, SavedSeat, Saver};
use crate::ui::app::Overlay;
use crate::ui::game::BOT_PACE;
use crate::ui::log_scroll::LogScroll;
use crate::ui::replay::Outcome;
use crate::ui::screen::{Closing, GameScreen, ReplayScreen, Screens, TableKey};
use crate::ui::theme::Theme;
use crate::ui::view::{LogSource, identity, log_heading};

impl GameScreen for DiceTable {
    fn on_key(&mut self, key: KeyEvent) -> Option<TableKey> {
        DiceTable::on_key(self, key).map(TableKey::Window)
    }

    fn bot_wait(&self) -> Option<Duration> {
        self.bot_ready().then_some(BOT_PACE)
    }

    fn tick(&mut self) -> bool {
        DiceTable::play_bot(self)
    }

    fn play_bot(&mut self) -> bool {
        DiceTable::play_bot(self)
    }

    /// The dice table asks before quitting even on its final scores.
    fn playing(&self) -> bool {
        true
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        (&self.log, &mut self.log_scroll)
    }

    fn log_source(&self) -> LogSource<'_> {
        dice_log(self, false)
    }

    fn render(&self, overlay: Option<Overlay>, theme: Theme, area: Rect, buf: &mut Buffer) {
        super::view::render(self, overlay, theme, area, buf);
    }

    fn coach_busy(&self) -> bool {
        DiceTable::coach_busy(self)
    }

    fn coach_think(&mut self, budget: Duration) {
        DiceTable::coach_think(self, budget);
    }

    fn set_tutor(&mut self, on: bool) {
        self.coach.set_tutor(on);
    }

    fn closing(&mut self) -> Closing<'_> {
        let scores = self.state.outcome().map(|o| {
            let outcome = PlayOutcome {
                scores: o.dollars.clone(),
                winners: o.winners.clone(),
            };
            crate::ui::final_scores(&self.names, &outcome)
        });
        Closing {
            scores,
            saver: &mut self.saver,
            record: &self.record,
        }
    }

    fn boxed(&self) -> Box<dyn GameScreen> {
        Box::new(self.clone())
    }
}

impl ReplayScreen for DiceReplay {
    fn on_key(&mut self, key: KeyEvent) -> Option<Outcome> {
        DiceReplay::on_key(self, key)
    }

    fn continued(
        &self,
        data_dir: Option<&Path>,
        seats: Vec<SavedSeat>,
    ) -> Result<Box<dyn GameScreen>, String> {
        DiceReplay::continued(self, data_dir, Some(seats)).map(|t| t.into())
    }

    fn refuse(&mut self, why: String) {
        self.controls.message = Some(why);
    }

    fn log_and_scroll(&mut self) -> (&[String], &mut LogScroll) {
        DiceReplay::log_and_scroll(self)
    }

    fn log_source(&self) -> LogSource<'_> {
        dice_log(self.picture(), true)
    }

    fn render(&self, help: bool, theme: Theme, area: Rect, buf: &mut Buffer) {
        super::replay_view::render(self, help, theme, area, buf);
    }

    fn boxed(&self) -> Box<dyn ReplayScreen> {
        Box::new(self.clone())
    }
}

/// A dice table's log for the `l` window; a replay says so in its heading.
fn dice_log(t: &DiceTable, replay: bool) -> LogSource<'_> {
    LogSource {
        log: &t.log,
        names: &t.names,
        turn: t.turn,
        identity: log_heading(identity(&t.state.ruleset().name, t.seed, t.turn), replay),
        scroll: &t.log_scroll,
    }
}

impl From<DiceTable> for Box<dyn GameScreen> {
    fn from(table: DiceTable) -> Self {
        Box::new(table)
    }
}

impl From<DiceReplay> for Box<dyn ReplayScreen> {
    fn from(replay: DiceReplay) -> Self {
        Box::new(replay)
    }
}

/// How the dice game's screens open a save.
pub(crate) struct DiceScreens;

/// The dice game's screens, for [`crate::ui::screen::screens_of`].
pub(crate) static SCREENS: DiceScreens = DiceScreens;

impl Screens for DiceScreens {
    /// The dice bots think within their own bounds, not the card bots' `options`.
    fn resume(
        &self,
        saved: SavedGame,
        saver: Option<Saver>,
        _options: &BotOptions,
    ) -> Result<Box<dyn GameScreen>, String> {
        DiceTable::resume(saved, saver).map(|t| t.into())
    }

    fn replay(
        &self,
        saved: SavedGame,
        source: &str,
        _options: &BotOptions,
    ) -> Result<Box<dyn ReplayScreen>, String> {
        DiceReplay::new(saved, source).map(|r| r.into())
    }
}
