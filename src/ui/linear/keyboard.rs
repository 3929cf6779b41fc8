//! Where the linear mode's lines of input come from: standard input (a terminal or a
//! pipe), or a test's script.

use std::io::{BufRead, IsTerminal};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, channel};
use std::time::Duration;

/// A source of typed lines.
pub trait Keyboard {
    /// The next line typed, without its line ending; `None` at the end of input.
    fn line(&mut self) -> Option<String>;

    /// Reads and drops every line typed but not yet read: the hand-off's barrier, so
    /// nothing typed before it counts after it. Returns how many were dropped.
    fn discard_pending(&mut self) -> usize;

    /// Waits up to `pace` between two bots' moves, so a person can follow them; `true` when
    /// the person typed a line meanwhile (`wait`: skip to the next decision; the line is
    /// not kept). A pipe, or a script, is not paced.
    fn pace(&mut self, pace: Duration) -> bool {
        let _ = pace;
        false
    }
}

/// Standard input, read on a thread of its own so that lines typed ahead can be counted
/// and dropped at a hand-off without waiting for more.
pub struct StdinKeyboard {
    lines: Receiver<String>,
    ended: bool,
    paced: bool,
}

impl StdinKeyboard {
    /// Starts reading standard input. Bots are paced only when a person types at a
    /// terminal.
    pub fn start() -> StdinKeyboard {
        let (send, lines) = channel();
        let paced = std::io::stdin().is_terminal();
        std::thread::spawn(move || {
            let stdin = std::io::stdin();
            for line in stdin.lock().lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        StdinKeyboard {
            lines,
            ended: false,
            paced,
        }
    }
}

impl Keyboard for StdinKeyboard {
    fn line(&mut self) -> Option<String> {
        if self.ended {
            return None;
        }
        let line = self.lines.recv().ok();
        self.ended = line.is_none();
        line
    }

    fn discard_pending(&mut self) -> usize {
        let mut dropped = 0;
        loop {
            match self.lines.try_recv() {
                Ok(_) => dropped += 1,
                Err(TryRecvError::Empty) => return dropped,
                Err(TryRecvError::Disconnected) => {
                    self.ended = true;
                    return dropped;
                }
            }
        }
    }

    fn pace(&mut self, pace: Duration) -> bool {
        if !self.paced || self.ended {
            return false;
        }
        match self.lines.recv_timeout(pace) {
            Ok(_) => true,
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                false
            }
        }
    }
}
