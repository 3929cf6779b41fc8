//! The event sequence: every accepted action's line, as each viewer receives it, kept so a
//! seat that rejoins with `since` gets the lines it missed.
//!
//! Action `seq` (counted from 1) is one line per viewer, `{"seq": N, "events": [...]}`, its
//! events as `bohnanza script` answers them with `"viewer": P` for seat P, and with every
//! hand hidden for spectators. They are computed once, when the action is accepted, on the
//! host, which alone holds the game.

use std::collections::VecDeque;
use std::sync::Arc;

/// How many of the latest actions' lines are kept for rejoining seats: far beyond a whole
/// game, so only a client that offers and withdraws without end pushes the oldest out.
pub const MAX_KEPT_ACTIONS: usize = 50_000;

/// Every viewer's line for each of the latest accepted actions.
#[derive(Default)]
pub struct History {
    /// How many actions were accepted in all.
    seq: u64,
    /// The kept actions' lines, oldest first, each one per viewer (the seats, then the
    /// spectators).
    kept: VecDeque<Vec<Arc<str>>>,
}

/// Why a rejoining seat cannot be sent the lines it asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Missed {
    /// `since` is past the last accepted action.
    Ahead { since: u64, seq: u64 },
    /// The lines after `since` are no longer kept.
    Forgotten { since: u64, oldest: u64 },
}

impl History {
    /// How many actions were accepted in all: the last one's `seq`.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// Adds the next action's lines, one per viewer; returns its `seq`.
    pub fn push(&mut self, lines: Vec<Arc<str>>) -> u64 {
        self.seq += 1;
        self.kept.push_back(lines);
        if self.kept.len() > MAX_KEPT_ACTIONS {
            self.kept.pop_front();
        }
        self.seq
    }

    /// Viewer `viewer`'s lines of the actions after `since`, oldest first.
    pub fn since(&self, viewer: usize, since: u64) -> Result<Vec<Arc<str>>, Missed> {
        let oldest = self.seq - self.kept.len() as u64;
        if since > self.seq {
            return Err(Missed::Ahead {
                since,
                seq: self.seq,
            });
        }
        if since < oldest {
            return Err(Missed::Forgotten { since, oldest });
        }
        let skip = (since - oldest) as usize;
        Ok(self
            .kept
            .iter()
            .skip(skip)
            .filter_map(|lines| lines.get(viewer).cloned())
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: u64) -> Vec<Arc<str>> {
        vec![format!("a{n}").into(), format!("b{n}").into()]
    }

    #[test]
    fn a_viewer_gets_its_own_lines_after_since() {
        let mut history = History::default();
        for n in 1..=3 {
            assert_eq!(history.push(lines(n)), n);
        }
        let got: Vec<String> = (history.since(1, 1).unwrap().iter())
            .map(|l| l.to_string())
            .collect();
        assert_eq!(got, ["b2", "b3"]);
        assert!(history.since(0, 3).unwrap().is_empty());
        assert_eq!(history.since(0, 4), Err(Missed::Ahead { since: 4, seq: 3 }));
    }
}
