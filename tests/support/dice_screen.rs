//! Helpers shared by the dice screen's tests: seeded tables, keys, and rendering to text.

use std::sync::Arc;

use bohnanza::dice::screen::DiceTable;
use bohnanza::dice::{DiceRuleset, TurnPhase};
use bohnanza::game::SeatKind;
use bohnanza::store::RulesetSource;
use bohnanza::ui::{App, Theme};
use crossterm::event::KeyCode;

#[allow(unused_imports)]
pub use super::card_screen::{code as key, render};

pub const NAMES: [&str; 5] = ["Ana", "Ben", "Cy", "Di", "Ed"];

/// A seeded dice table with these seats, named from [`NAMES`].
pub fn table(seats: &[SeatKind], seed: u64) -> DiceTable {
    DiceTable::new(
        bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
            Arc::new(DiceRuleset::standard()),
            RulesetSource::dice(),
            NAMES[..seats.len()].iter().map(|n| n.to_string()).collect(),
            seats.to_vec(),
            seed,
        ),
        None,
    )
    .unwrap()
}

/// A seeded dice game of `players` people, in an app.
pub fn app(players: usize, seed: u64, theme: Theme) -> App {
    App::playing(table(&vec![SeatKind::Human; players], seed), theme)
}

/// The dice table an app plays.
pub fn dice(app: &App) -> &DiceTable {
    app.shown::<DiceTable>()
        .expect("the dice game is being played")
}

/// Presses each character of `text` (Enter for `\n`).
pub fn type_keys(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        app.on_key(key(code));
    }
}

/// The keys a patient player presses now: harvest only in their own turn, after a roll
/// (so the final phase comes mid-turn and the turn goes on), else save the first die.
pub fn patient_keys(a: &App) -> String {
    let t = dice(a);
    let active = t.state.active();
    match t.state.phase() {
        TurnPhase::Roll => "r".into(),
        TurnPhase::Pass => "p".into(),
        _ if t.state.may_harvest(active) => format!("h{}\n", active + 1),
        _ => format!("{}\n", t.state.field().unsaved()[0] + 1),
    }
}
