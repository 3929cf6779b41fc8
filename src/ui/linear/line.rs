//! One line of the linear mode's output: a stable word, a colon, a sentence.

use std::io::{self, Write};

/// The word each line starts with, so a screen reader's search (or a program) can find the
/// lines of one kind: the scheme `docs/playing.md` documents.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tag {
    /// Something that happened at the table, as the log tells it.
    Event,
    /// One numbered choice of the decision at hand.
    Choose,
    /// The program waits for a line: who types, and what.
    Ask,
    /// The line typed was refused: why, and what would be valid. Nothing changed.
    Error,
    /// An answer to a command (`look`, `hand`, `hint`, `help`…) or a notice.
    Say,
    /// The keyboard passes to another player: nothing private is said until they take it.
    Handoff,
}

impl Tag {
    /// The word as printed.
    pub fn word(self) -> &'static str {
        match self {
            Tag::Event => "event",
            Tag::Choose => "choose",
            Tag::Ask => "ask",
            Tag::Error => "error",
            Tag::Say => "say",
            Tag::Handoff => "handoff",
        }
    }
}

/// Writes the linear mode's lines: each a tag and a sentence, made safe for a terminal
/// (names and rulesets come from strangers) and flushed at once, so a reader on a pipe sees
/// every line as it happens.
pub struct Speaker<W: Write> {
    out: W,
}

impl<W: Write> Speaker<W> {
    /// A speaker writing to `out`.
    pub fn new(out: W) -> Speaker<W> {
        Speaker { out }
    }

    /// Writes one line tagged `tag`; a text of several lines becomes several lines, each
    /// tagged. A failed write (a reader gone) is ignored: the game is saved all the same.
    pub fn line(&mut self, tag: Tag, text: &str) {
        for part in text.lines() {
            let safe = crate::text::sanitize(part);
            let _ = writeln!(self.out, "{}: {}", tag.word(), safe.trim_end());
        }
        let _ = self.out.flush();
    }

    /// Writes every line of `lines` tagged `tag`.
    pub fn lines<S: AsRef<str>>(&mut self, tag: Tag, lines: &[S]) {
        for l in lines {
            self.line(tag, l.as_ref());
        }
    }

    /// The writer, given back.
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl Speaker<io::Stdout> {
    /// A speaker on standard output.
    pub fn stdout() -> Speaker<io::Stdout> {
        Speaker::new(io::stdout())
    }
}
