//! What a terminal shows after the frames a host sent for `bohnanza join`: the frames are
//! only the cells that changed, placed by cursor moves, so a test reads them through
//! termwiz's escape parser into a grid, as the terminal would.

use termwiz::escape::csi::{CSI, Cursor, Edit};
use termwiz::escape::parser::Parser;
use termwiz::escape::{Action, ControlCode};
use unicode_width::UnicodeWidthChar;

/// The far terminal's screen.
pub struct FarScreen {
    cells: Vec<Vec<char>>,
    row: usize,
    col: usize,
    parser: Parser,
}

impl FarScreen {
    /// A blank screen of `cols` × `rows`.
    pub fn new(cols: usize, rows: usize) -> FarScreen {
        FarScreen {
            cells: vec![vec![' '; cols]; rows],
            row: 0,
            col: 0,
            parser: Parser::new(),
        }
    }

    /// Writes a frame's bytes.
    pub fn feed(&mut self, frame: &str) {
        let actions = self.parser.parse_as_vec(frame.as_bytes());
        for action in actions {
            match action {
                Action::Print(c) => self.print(c),
                Action::PrintString(s) => s.chars().for_each(|c| self.print(c)),
                Action::Control(ControlCode::CarriageReturn) => self.col = 0,
                Action::Control(ControlCode::LineFeed) => self.row += 1,
                Action::CSI(CSI::Cursor(Cursor::Position { line, col })) => {
                    self.row = line.as_zero_based() as usize;
                    self.col = col.as_zero_based() as usize;
                }
                Action::CSI(CSI::Edit(Edit::EraseInDisplay(_))) => {
                    self.cells.iter_mut().for_each(|r| r.fill(' '));
                }
                _ => {}
            }
        }
    }

    fn print(&mut self, c: char) {
        if let Some(cell) = self
            .cells
            .get_mut(self.row)
            .and_then(|r| r.get_mut(self.col))
        {
            *cell = c;
        }
        self.col += c.width().unwrap_or(0).max(1);
    }

    /// The screen as text, a line per row.
    pub fn text(&self) -> String {
        let rows: Vec<String> = self.cells.iter().map(|r| r.iter().collect()).collect();
        rows.join("\n")
    }
}
