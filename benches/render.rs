//! Rendering one full frame of the table at 120×40, as the terminal does after every key.

use std::hint::black_box;

use bohnanza::cards::screen::CardTable;
use bohnanza::game::SeatKind;
use bohnanza::rulesets;
use bohnanza::store::RulesetSource;
use bohnanza::ui::{App, GameConfig, Theme};
use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

fn trading_table() -> App {
    let b = rulesets::BUILT_IN
        .iter()
        .find(|b| b.name == "base")
        .unwrap();
    let names: Vec<String> = ["Ana", "Ben", "Cy", "Di", "Ed"].map(String::from).to_vec();
    let config = GameConfig {
        ruleset: rulesets::load("base").unwrap(),
        source: RulesetSource {
            origin: "base".into(),
            toml: b.text.into(),
        },
        seats: vec![SeatKind::Human; names.len()],
        names,
        seed: 7,
        open_hands: false,
        bots: Default::default(),
    };
    let mut app = App::playing(CardTable::new(config, None).unwrap(), Theme::colored());
    // Take the seat, plant two cards: Ana is trading, with a log and turned-over cards.
    for c in ['\n', '\n', '\n'] {
        let code = if c == '\n' {
            KeyCode::Enter
        } else {
            KeyCode::Char(c)
        };
        app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
    }
    app
}

fn render(c: &mut Criterion) {
    let app = trading_table();
    let area = Rect::new(0, 0, 120, 40);
    let mut buf = Buffer::empty(area);
    c.bench_function("render the table at 120x40", |b| {
        b.iter(|| {
            buf.reset();
            black_box(&app).render(area, &mut buf);
            black_box(&buf);
        })
    });
}

criterion_group!(benches, render);
criterion_main!(benches);
