//! The backend the game draws through: crossterm's, except that it never asks the terminal
//! where its cursor is.
//!
//! The game fills the screen with the cursor hidden and never needs the cursor's place, but
//! ratatui asks for it whenever the screen is cleared (after a resize or a suspension), and
//! crossterm gives up after two seconds without an answer (a slow link, a busy machine) with
//! an error that would end the game. The place the game last put the cursor is as good.

use std::io::{self, Stdout};

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// Crossterm's backend on standard output, remembering the cursor's place itself.
pub struct GameBackend {
    inner: CrosstermBackend<Stdout>,
    cursor: Position,
}

/// The backend on standard output, the cursor taken to be at the top left.
impl Default for GameBackend {
    fn default() -> Self {
        GameBackend {
            inner: CrosstermBackend::new(io::stdout()),
            cursor: Position::ORIGIN,
        }
    }
}

impl Backend for GameBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.cursor = position.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        self.inner.size()
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}
