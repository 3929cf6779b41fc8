//! The bookkeeping of both tables' digests ("While you waited: …"): each bot that moved, in
//! the order it first moved, with its moves and its share of what happened, and whether
//! another player's turn began among those moves. Each game counts its own share from its
//! own events.

/// Each bot's moves and share since a person last acted or was last told of them.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Shares<S> {
    /// Each player named, in the order first named: seat, moves made, share.
    shares: Vec<(usize, usize, S)>,
    /// Whether a turn began among the moves: only then has the person waited.
    turn_began: bool,
}

impl<S> Default for Shares<S> {
    fn default() -> Self {
        Shares {
            shares: Vec::new(),
            turn_began: false,
        }
    }
}

impl<S: Default> Shares<S> {
    /// Notes a move by `seat`; its share is what [`Shares::share`] adds to.
    pub(crate) fn moved(&mut self, seat: usize) {
        self.entry(seat).1 += 1;
    }

    /// `seat`'s share, begun empty if the seat was not named yet (a bot traded with counts
    /// though it did not move).
    pub(crate) fn share(&mut self, seat: usize) -> &mut S {
        &mut self.entry(seat).2
    }

    /// Notes that another player's turn began.
    pub(crate) fn turn_began(&mut self) {
        self.turn_began = true;
    }

    fn entry(&mut self, seat: usize) -> &mut (usize, usize, S) {
        let i = match self.shares.iter().position(|(s, _, _)| *s == seat) {
            Some(i) => i,
            None => {
                self.shares.push((seat, 0, S::default()));
                self.shares.len() - 1
            }
        };
        &mut self.shares[i]
    }

    /// Empties the shares; `None` while no other player's turn began, else each player who
    /// moved with their share, and the moves in all.
    pub(crate) fn take(&mut self) -> Option<(Vec<(usize, S)>, usize)> {
        let all = std::mem::take(self);
        if !all.turn_began {
            return None;
        }
        let moves = all.shares.iter().map(|(_, m, _)| m).sum();
        let moved = all
            .shares
            .into_iter()
            .filter(|(_, m, _)| *m > 0)
            .map(|(seat, _, share)| (seat, share))
            .collect();
        Some((moved, moves))
    }
}
