//! The real terminal: raw mode, the alternate screen, and the loop that waits for keys.
//!
//! The loop blocks in `event::read`, so the program sleeps while nobody presses a key; while
//! a bot's move is on screen it waits for a key at most [`BOT_PACE`](super::BOT_PACE)
//! (`event::poll`), then plays the move: a pace a person can follow, and never a busy loop. The
//! terminal is restored on every way out: normal exit, an error, and a panic (ratatui's
//! `init` installs a panic hook that restores it before the message is printed).

use std::io;

use crossterm::event::{self, Event, KeyEventKind};

use super::app::App;

/// Restores the terminal when dropped, so an early return or `?` cannot leave it raw.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Runs `app` in the terminal until it quits.
pub fn run(mut app: App) -> io::Result<App> {
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore;
    loop {
        let size = terminal.size()?;
        app.resize(size.width, size.height);
        terminal.draw(|frame| frame.render_widget(&app, frame.area()))?;
        if let Some(wait) = app.bot_wait()
            && !event::poll(wait)?
        {
            app.tick();
            continue;
        }
        match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => app.on_key(key),
            // A resize only needs the redraw at the top of the loop.
            _ => {}
        }
        if app.quit {
            return Ok(app);
        }
    }
}
