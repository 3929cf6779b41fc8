//! Colour is never the only cue (WCAG 1.4.1): the card table, the dice table and the offer
//! window drawn under `NO_COLOR` (snapshots), and each compared with its coloured drawing:
//! the same characters in every cell, and every run of coloured cells told apart from a
//! run of another colour by its characters (or by the bold, reverse or underline that
//! `NO_COLOR` keeps), so no distinction the colours make is lost without them.

use std::collections::HashMap;

use bohnanza::ui::{App, Theme};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

use crate::support::card_screen::{app, press};
use crate::support::dice_screen;

const SIZE: (u16, u16) = (120, 40);

/// The app drawn with `theme` at [`SIZE`].
fn drawn(app: &App, theme: Theme) -> Buffer {
    let mut a = app.clone();
    a.theme = theme;
    let mut t = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).unwrap();
    t.draw(|f| f.render_widget(&a, f.area())).unwrap();
    t.backend().buffer().clone()
}

/// The buffer as text, as the snapshots keep it.
fn text(buffer: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// A cell's foreground and background.
type Colour = (Color, Color);

/// A run of cells on one row sharing a colour (foreground and background) that is not the
/// terminal's own: its characters, and what of its style survives without colour.
#[derive(Debug)]
struct Run {
    text: String,
    kept: Modifier,
    at: (u16, u16),
}

/// Every coloured run of `colored`, with the style the same cells have in `plain`.
fn runs(colored: &Buffer, plain: &Buffer) -> Vec<(Colour, Run)> {
    let mut out = Vec::new();
    for y in 0..colored.area.height {
        let mut x = 0;
        while x < colored.area.width {
            let c = &colored[(x, y)];
            let colour = (c.fg, c.bg);
            if colour == (Color::Reset, Color::Reset) {
                x += 1;
                continue;
            }
            let start = x;
            let mut text = String::new();
            while x < colored.area.width && (colored[(x, y)].fg, colored[(x, y)].bg) == colour {
                text.push_str(colored[(x, y)].symbol());
                x += 1;
            }
            let text = text.trim().to_string();
            if !text.is_empty() {
                let kept = plain[(start, y)].modifier;
                out.push((
                    colour,
                    Run {
                        text,
                        kept,
                        at: (start, y),
                    },
                ));
            }
        }
    }
    out
}

/// `plain` keeps every distinction `colored` makes: the same characters in every cell, no
/// colour left, and no two runs of different colours that read alike without colour.
fn keeps_every_distinction(name: &str, colored: &Buffer, plain: &Buffer) {
    assert_eq!(
        text(colored),
        text(plain),
        "{name}: colour changed the characters"
    );
    for y in 0..plain.area.height {
        for x in 0..plain.area.width {
            let cell = &plain[(x, y)];
            assert_eq!(
                (cell.fg, cell.bg),
                (Color::Reset, Color::Reset),
                "{name}: colour at ({x}, {y}) under NO_COLOR"
            );
        }
    }
    let runs = runs(colored, plain);
    let colours: std::collections::HashSet<Colour> = runs.iter().map(|(c, _)| *c).collect();
    assert!(
        colours.len() >= 3,
        "{name}: only {} colours to compare",
        colours.len()
    );
    let mut seen: HashMap<(String, Modifier), (Colour, (u16, u16))> = HashMap::new();
    for (colour, run) in runs {
        let key = (run.text.clone(), run.kept);
        if let Some((other, at)) = seen.get(&key) {
            assert_eq!(
                colour, *other,
                "{name}: {:?} at {:?} and at {at:?} differ only by colour",
                run.text, run.at
            );
        }
        seen.insert(key, (colour, run.at));
    }
}

/// Ana (seed 7, 4 players) has planted and is trading.
fn card_table() -> App {
    let mut a = app(4, 7);
    press(&mut a, "🪑\nt");
    a
}

#[test]
fn the_card_table_keeps_every_distinction_without_colour() {
    let a = card_table();
    let (colored, plain) = (drawn(&a, Theme::colored()), drawn(&a, Theme::plain()));
    insta::assert_snapshot!("no_color_card_table", text(&plain));
    keeps_every_distinction("the card table", &colored, &plain);
}

#[test]
fn the_offer_window_keeps_every_distinction_without_colour() {
    let mut a = card_table();
    press(&mut a, "o →↓ ");
    let (colored, plain) = (drawn(&a, Theme::colored()), drawn(&a, Theme::plain()));
    insta::assert_snapshot!("no_color_offer_window", text(&plain));
    keeps_every_distinction("the offer window", &colored, &plain);
}

#[test]
fn the_dice_table_keeps_every_distinction_without_colour() {
    let mut a = dice_screen::app(3, 4, Theme::colored());
    dice_screen::type_keys(&mut a, "r12");
    let (colored, plain) = (drawn(&a, Theme::colored()), drawn(&a, Theme::plain()));
    insta::assert_snapshot!("no_color_dice_table", text(&plain));
    keeps_every_distinction("the dice table", &colored, &plain);
}

/// The check finds two chips that only colour tells apart.
#[test]
#[should_panic(expected = "differ only by colour")]
fn two_chips_told_apart_by_colour_alone_are_found() {
    use ratatui::layout::Rect;
    use ratatui::style::Style;
    let area = Rect::new(0, 0, 8, 1);
    let mut colored = Buffer::empty(area);
    colored.set_string(0, 0, "[B]", Style::new().bg(Color::Blue));
    colored.set_string(4, 0, "[B]", Style::new().bg(Color::Red));
    let mut plain = Buffer::empty(area);
    plain.set_string(0, 0, "[B]", Style::new());
    plain.set_string(4, 0, "[B]", Style::new());
    let mut third = colored.clone();
    third.set_string(7, 0, "x", Style::new().fg(Color::Green));
    let mut plain_third = plain.clone();
    plain_third.set_string(7, 0, "x", Style::new());
    keeps_every_distinction("two chips", &third, &plain_third);
}
