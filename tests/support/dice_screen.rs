//! Helpers shared by the dice screen's tests: seeded tables, keys, and rendering to text.

use std::sync::Arc;

use bohnanza::dice::DiceRuleset;
use bohnanza::store::RulesetSource;
use bohnanza::ui::dice::{DiceConfig, DiceSeat, DiceTable};
use bohnanza::ui::{App, Screen, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

pub const NAMES: [&str; 5] = ["Ana", "Ben", "Cy", "Di", "Ed"];

/// A seeded dice table with these seats, named from [`NAMES`].
pub fn table(seats: &[DiceSeat], seed: u64) -> DiceTable {
    DiceTable::new(
        DiceConfig {
            ruleset: Arc::new(DiceRuleset::standard()),
            source: RulesetSource::dice(),
            names: NAMES[..seats.len()].iter().map(|n| n.to_string()).collect(),
            seats: seats.to_vec(),
            seed,
        },
        None,
    )
    .unwrap()
}

/// A seeded dice game of `players` people, in an app.
pub fn app(players: usize, seed: u64, theme: Theme) -> App {
    App::playing_dice(table(&vec![DiceSeat::Human; players], seed), theme)
}

/// The dice table an app plays.
pub fn dice(app: &App) -> &DiceTable {
    match &app.screen {
        Screen::Dice(t) => t,
        _ => panic!("the dice game is being played"),
    }
}

/// A key press.
pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
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

/// The screen as text, `w`×`h`.
pub fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(app, f.area())).unwrap();
    t.backend().to_string()
}
