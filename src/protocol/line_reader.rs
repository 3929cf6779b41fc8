//! Reading request lines with a bound: a line longer than the limit streams past and is
//! dropped as it comes, never held whole, and a line that is not UTF-8 is reported rather
//! than ending the session.

use std::io::{self, BufRead};

/// The longest request line read, in bytes (a whole setup fits many times over).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input, without its line break.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Line {
    /// A line of UTF-8 text.
    Text(String),
    /// A line longer than the limit; its bytes were skipped.
    TooLong,
    /// A line that is not UTF-8; `at` is the offset of its first bad byte.
    NotUtf8 { at: usize },
}

/// Splits a byte stream into [`Line`]s, holding at most `limit` bytes of one line.
pub struct LineReader<R> {
    input: R,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// Reads lines of at most `limit` bytes from `input`.
    pub fn new(input: R, limit: usize) -> Self {
        LineReader { input, limit }
    }

    /// The next line, or `None` at the end of the input. Only errors of the input itself
    /// (not what it holds) are returned as errors.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut line: Vec<u8> = Vec::new();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(read_any.then(|| finish(line, too_long)));
            }
            read_any = true;
            let newline = chunk.iter().position(|&b| b == b'\n');
            let part = &chunk[..newline.unwrap_or(chunk.len())];
            if !too_long {
                if line.len() + part.len() > self.limit {
                    too_long = true;
                    line = Vec::new();
                } else {
                    line.extend_from_slice(part);
                }
            }
            let used = newline.map_or(chunk.len(), |i| i + 1);
            self.input.consume(used);
            if newline.is_some() {
                return Ok(Some(finish(line, too_long)));
            }
        }
    }
}

fn finish(mut line: Vec<u8>, too_long: bool) -> Line {
    if too_long {
        return Line::TooLong;
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    match String::from_utf8(line) {
        Ok(text) => Line::Text(text),
        Err(e) => Line::NotUtf8 {
            at: e.utf8_error().valid_up_to(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        // A tiny buffer, so lines cross many reads.
        let mut reader = LineReader::new(io::BufReader::with_capacity(3, input), limit);
        std::iter::from_fn(|| reader.next_line().unwrap()).collect()
    }

    #[test]
    fn lines_are_split_and_their_breaks_dropped() {
        assert_eq!(
            lines(b"ab\r\n\ncd", 10),
            vec![
                Line::Text("ab".into()),
                Line::Text(String::new()),
                Line::Text("cd".into())
            ]
        );
        assert!(lines(b"", 10).is_empty());
    }

    #[test]
    fn a_long_line_is_skipped_and_the_next_read() {
        assert_eq!(
            lines(b"0123456789abc\nok\n", 10),
            vec![Line::TooLong, Line::Text("ok".into())]
        );
        assert_eq!(
            lines(b"0123456789", 10),
            vec![Line::Text("0123456789".into())]
        );
    }

    #[test]
    fn invalid_utf8_is_reported_and_the_next_line_read() {
        assert_eq!(
            lines(b"a\xffb\n{}\n", 10),
            vec![Line::NotUtf8 { at: 1 }, Line::Text("{}".into())]
        );
    }
}
