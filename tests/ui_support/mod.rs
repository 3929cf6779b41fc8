//! Helpers shared by the UI tests: seeded games, keys from text, and rendering to text.
#![allow(dead_code)]

use bohnanza::engine::{Action, Phase};
use bohnanza::rulesets;
use bohnanza::ui::{App, Game, GameConfig, Mode, RulesetSource, Seat, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

pub const NAMES: [&str; 5] = ["Ana", "Ben", "Cy", "Di", "Ed"];

/// The config of a seeded base game.
pub fn config(players: usize, seed: u64, open_hands: bool) -> GameConfig {
    let b = rulesets::BUILT_IN
        .iter()
        .find(|b| b.name == "base")
        .unwrap();
    GameConfig {
        ruleset: rulesets::load("base").unwrap(),
        source: RulesetSource {
            origin: "base".into(),
            toml: b.text.into(),
        },
        names: NAMES[..players].iter().map(|s| s.to_string()).collect(),
        seats: vec![Seat::Human; players],
        seed,
        open_hands,
    }
}

/// A new seeded base game, not saved, in an app.
pub fn app(players: usize, seed: u64) -> App {
    App::playing(
        Game::new(config(players, seed, false), None).unwrap(),
        Theme::colored(),
    )
}

/// One key event.
pub fn code(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Keys written as text: `\n` Enter, `\x1b` Esc, `\t` Tab, `<` Left, `>` Right, `^` Up, `v`... no:
/// arrows are `←→↑↓`; every other character is itself.
pub fn keys(text: &str) -> Vec<KeyEvent> {
    text.chars()
        .map(|c| match c {
            '\n' => code(KeyCode::Enter),
            '\x1b' => code(KeyCode::Esc),
            '\t' => code(KeyCode::Tab),
            '←' => code(KeyCode::Left),
            '→' => code(KeyCode::Right),
            '↑' => code(KeyCode::Up),
            '↓' => code(KeyCode::Down),
            '⌫' => code(KeyCode::Backspace),
            c => code(KeyCode::Char(c)),
        })
        .collect()
}

/// Presses the keys in `text` and returns how many were pressed.
pub fn press(app: &mut App, text: &str) -> usize {
    let ks = keys(text);
    for k in &ks {
        app.on_key(*k);
    }
    ks.len()
}

/// The game in the app.
pub fn game(app: &App) -> &Game {
    app.game().expect("a game is being played")
}

/// The screen as text, `w`×`h`.
pub fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(app, f.area())).unwrap();
    t.backend().to_string()
}

/// One key a sensible but lazy player would press now: take the seat, plant where it fits
/// (harvesting first when nothing fits), never trade, decline every offer.
pub fn lazy_key(app: &App) -> String {
    let g = game(app);
    if g.handoff.is_some() {
        return "\n".into();
    }
    if g.harvest.is_some() {
        return "\x1b".into();
    }
    let s = &g.state;
    let harvest_for = |p: usize| -> String {
        let legal = s.legal_actions(p);
        let field = legal
            .iter()
            .find_map(|a| match a {
                Action::Harvest { field } => Some(*field),
                _ => None,
            })
            .expect("a harvest is legal when nothing fits");
        // The picker opens on the player at the keyboard (or the active player): move to p.
        let start = g.viewer.unwrap_or(s.active_player());
        let n = s.player_count();
        let downs = (p + n - start) % n;
        format!("h{}{}\n", "↓".repeat(downs), field + 1)
    };
    match (&g.mode, s.phase()) {
        (Mode::Answer(_), _) => "d".into(),
        (Mode::Compose(_), _) | (Mode::PickProposer(_), _) => "\x1b".into(),
        (Mode::GameOver, _) => String::new(),
        (_, Phase::Plant { planted }) => {
            let a = s.active_player();
            match s.player(a).hand().front() {
                Some(k) if planted == 0 => {
                    if g.suggested_field(a, k).is_some() {
                        "\n".into()
                    } else {
                        harvest_for(a)
                    }
                }
                Some(k) if planted < 2 && g.suggested_field(a, k).is_some() => "\n".into(),
                _ => "t".into(),
            }
        }
        (_, Phase::Trade) => "e".into(),
        (_, Phase::PlantTraded) => {
            let c = g.plant;
            let k = s.player(c.player).set_aside()[c.card];
            if g.suggested_field(c.player, k).is_some() {
                "\n".into()
            } else {
                harvest_for(c.player)
            }
        }
        (_, Phase::GameOver) => String::new(),
    }
}
