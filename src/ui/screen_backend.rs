//! The backend the game draws through: crossterm's, except that it never asks the terminal
//! where its cursor is.
//!
//! The game fills the screen with the cursor hidden and never needs the cursor's place, but
//! ratatui asks for it whenever the screen is cleared (after a resize or a suspension), and
//! crossterm gives up after two seconds without an answer (a slow link, a busy machine) with
//! an error that would end the game. The place the game last put the cursor is as good.
//!
//! The host draws the screens it serves to joined seats through the same backend into
//! memory ([`GameBackend::in_memory`]): the terminal is far away, its size is the one it
//! last reported, and the bytes drawn are sent to it.

use std::cell::RefCell;
use std::io::{self, Stdout, Write};
use std::rc::Rc;

use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// Crossterm's backend on standard output (or in memory), remembering the cursor's place
/// itself.
pub struct GameBackend<W: Write = Stdout> {
    inner: CrosstermBackend<W>,
    cursor: Position,
    /// The far terminal's size, for a backend in memory; `None`: ask the terminal.
    size: Option<Size>,
}

/// The backend on standard output, the cursor taken to be at the top left.
impl Default for GameBackend {
    fn default() -> Self {
        GameBackend {
            inner: CrosstermBackend::new(io::stdout()),
            cursor: Position::ORIGIN,
            size: None,
        }
    }
}

/// The bytes a backend in memory has drawn and not yet handed over; the backend and its
/// owner share them.
#[derive(Clone, Default)]
pub struct Drawn(Rc<RefCell<Vec<u8>>>);

impl Write for Drawn {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drawn {
    /// The bytes drawn since last taken.
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

impl GameBackend<Drawn> {
    /// A backend drawing into `drawn` for a terminal of `size` elsewhere.
    pub fn in_memory(size: Size, drawn: Drawn) -> GameBackend<Drawn> {
        GameBackend {
            inner: CrosstermBackend::new(drawn),
            cursor: Position::ORIGIN,
            size: Some(size),
        }
    }

    /// The far terminal is now of `size`: the next frame is drawn whole at that size.
    pub fn resize(&mut self, size: Size) {
        self.size = Some(size);
    }
}

impl<W: Write> Backend for GameBackend<W> {
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
        match self.size {
            Some(size) => Ok(size),
            None => self.inner.size(),
        }
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        match self.size {
            Some(columns_rows) => Ok(WindowSize {
                columns_rows,
                pixels: Size::default(),
            }),
            None => self.inner.window_size(),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}
