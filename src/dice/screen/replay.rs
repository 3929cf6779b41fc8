//! The dice game in the replay viewer: the dice table after any action, with the roll
//! report of the last roll by then.
//!
//! The save is replayed once with every seat played by a person, so no bot is asked along
//! the way (a bot's choices are in the saved actions already), and kept on the game's
//! tape, so each step replays at most [`crate::game::CHECKPOINT_EVERY`] actions however
//! long the game (a game nobody ends can fill a save file with actions).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Widget};

use super::log::turns_begun;
use super::{DiceTable, roll_report};
use crate::dice::{Dice, DiceEvent, SavedDiceGame};
use crate::game::BotOptions;
use crate::game::{After, SeatKind};
use crate::store::{SavedGame, SavedSeat, Saver};
use crate::ui::replay::{Replayed, ReplayedSave, Stop};
use crate::ui::screen::GameScreen;
use crate::ui::theme::Theme;

/// What the dice game keeps beside the tape: the table at the deal, and for each action
/// the one whose roll the roll report told by then.
#[derive(Debug)]
pub struct DiceReel {
    /// The table at the deal, with the original seats: what every picture starts from.
    deal: DiceTable,
    /// For each stop, the action (counted from 1) whose roll was reported; 0 for none.
    rolled: Vec<usize>,
}

impl Replayed for Dice {
    type Own = DiceReel;
    type Picture = DiceTable;
    /// The dice game's turn has no phases: `{` `}` step a whole turn.
    const PHASES: bool = false;
    const SHOWN: &'static str = " Every card is shown.";

    fn reel(record: SavedGame) -> Result<ReplayedSave<Dice>, String> {
        let seats = (record.seats.iter())
            .map(SavedSeat::read::<Dice>)
            .collect::<Result<Vec<SeatKind>, String>>()
            .map_err(|e| format!("the saved game is damaged: {e}"))?;
        let people = SavedGame {
            seats: vec![SavedSeat::of(SeatKind::Human); seats.len()],
            ..record.clone()
        };
        let (mut stops, mut rolled) = (Vec::new(), Vec::new());
        let mut deal = None;
        let (end, tape) = DiceTable::replayed(people, |t, events| {
            deal.get_or_insert_with(|| t.clone());
            // As at the table: the turn's last roll, none at a new turn's start.
            let last = rolled.last().copied().unwrap_or(0);
            let roll = roll_report(events, &t.shell.names).is_some();
            let fresh = turns_begun(events) > 0;
            rolled.push(match (roll, fresh) {
                (true, _) => stops.len(),
                (false, true) => 0,
                (false, false) => last,
            });
            stops.push(Stop {
                turn: t.turn,
                step: 0,
                told: t.shell.log.len(),
                over: t.state.outcome().is_some(),
            });
        })?;
        let mut deal = deal.ok_or("the saved game does not deal")?;
        deal.shell.seats = seats;
        Ok(ReplayedSave {
            record,
            names: deal.shell.names.clone(),
            tape,
            stops,
            log: end.shell.log,
            own: DiceReel { deal, rolled },
        })
    }

    /// The dice game hides nothing: every card lies on the table.
    fn hides_hands(_: &ReplayedSave<Dice>) -> bool {
        false
    }

    fn picture(reel: &ReplayedSave<Dice>, n: usize, log: Vec<String>, _hands: bool) -> DiceTable {
        let mut table = reel.own.deal.clone();
        table.state = reel.state_at(n);
        table.roll_report = roll_report_at(reel, n);
        table.turn = reel.stop(n).turn;
        table.shell.log = log;
        table
    }

    /// "Replay: action 57 of 312, turn 9", and "the game is over" after its last action.
    fn title(reel: &ReplayedSave<Dice>, n: usize) -> String {
        let stop = reel.stop(n);
        let over = if stop.over { ", the game is over" } else { "" };
        format!(
            " Replay: action {n} of {}, turn {}{over} ",
            reel.actions(),
            stop.turn
        )
    }

    /// The protocol's `state` reply's parts a dice `--position` reads: the names, the seed
    /// and the position.
    fn position(reel: &ReplayedSave<Dice>, picture: &DiceTable) -> serde_json::Value {
        let saved = SavedDiceGame::from(picture.state.clone());
        serde_json::json!({
            "names": reel.record.names,
            "seed": reel.record.seed,
            "position": serde_json::to_value(saved.position).unwrap_or_default(),
        })
    }

    /// The dice bots think within their own bounds, not the card bots' `options`.
    fn continued(
        record: SavedGame,
        saver: Saver,
        _options: &BotOptions,
        told: String,
    ) -> Result<Box<dyn GameScreen>, String> {
        let mut table = DiceTable::resume(record, Some(saver))?;
        table.shell.log.push(told);
        Ok(table.into())
    }

    /// The dice screen's own prompt and keys (its last two lines) are under the footer; a
    /// longer footer takes the lines above from it.
    fn draw(
        picture: &DiceTable,
        footer: Vec<Line<'static>>,
        theme: Theme,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let extra = (footer.len() as u16).saturating_sub(2);
        let table = Rect {
            height: area.height.saturating_sub(extra),
            ..area
        };
        super::view::render_replayed(picture, theme, table, buf);
        let h = (footer.len() as u16).min(area.height);
        let footer_area = Rect {
            y: area.y + area.height - h,
            height: h,
            ..area
        };
        Clear.render(footer_area, buf);
        Paragraph::new(footer).render(footer_area, buf);
    }
}

/// What the last roll by action `n` covered: that action's events told again.
fn roll_report_at(reel: &ReplayedSave<Dice>, n: usize) -> Option<String> {
    let rolled = reel.own.rolled[n.min(reel.actions())];
    let mut events = Vec::new();
    let mut hear = After(|_: &_, e: &[DiceEvent]| events = e.to_vec());
    reel.tape.retell(rolled.checked_sub(1)?, rolled, &mut hear);
    roll_report(&events, &reel.own.deal.shell.names)
}
