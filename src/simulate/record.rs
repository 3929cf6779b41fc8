//! One finished game as the simulator sees it, whatever the game: seats, scores, winners,
//! length, how it ended, how the lead moved, and named counters. Each game (the card game,
//! the dice game) has an adapter that plays a game and fills one in; everything after that
//! is shared.

/// One finished game, by table position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// Final scores by position.
    pub scores: Vec<u32>,
    /// The winners, by position (several on a shared win).
    pub winners: Vec<usize>,
    /// Turns played.
    pub turns: u32,
    /// Actions applied.
    pub actions: u64,
    /// Where the game ended, in the game's own words (`phase 2`).
    pub ended_in: String,
    /// How the lead by score moved during the game.
    pub lead: LeadStory,
    /// What else the game counts, by name (`trades`, `harvests that paid nothing`); the
    /// adapter lists every counter its ruleset has, zero or not, so every game of a run
    /// has the same names.
    pub counters: Vec<(&'static str, u64)>,
    /// Bot answers that were illegal or missing and replaced by a legal action.
    pub fallbacks: u64,
    /// Whether the game stopped before its end (a bug: no one could act).
    pub stuck: bool,
}

impl GameRecord {
    /// The winner's margin: the top score less the best score of a player who did not
    /// share it (0 on a tie at the top).
    pub fn margin(&self) -> u32 {
        let top = self.scores.iter().copied().max().unwrap_or(0);
        let tied = self.scores.iter().filter(|&&s| s == top).count();
        if tied > 1 {
            return 0;
        }
        let second = self.scores.iter().copied().filter(|&s| s < top).max();
        top - second.unwrap_or(top)
    }

    /// The winning score: the top score.
    pub fn winning_score(&self) -> u32 {
        self.scores.iter().copied().max().unwrap_or(0)
    }

    /// Whether two or more players ended on the top score (whoever the tie break chose).
    pub fn tied_at_top(&self) -> bool {
        let top = self.winning_score();
        self.scores.iter().filter(|&&s| s == top).count() > 1
    }
}

#[cfg(test)]
impl GameRecord {
    /// A one-turn game with these scores and winners and nothing else, for unit tests.
    pub(crate) fn scored(scores: Vec<u32>, winners: Vec<usize>) -> GameRecord {
        GameRecord {
            scores,
            winners,
            turns: 1,
            actions: 1,
            ended_in: String::new(),
            lead: LeadStory::default(),
            counters: Vec::new(),
            fallbacks: 0,
            stuck: false,
        }
    }
}

/// How the lead moved during one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LeadStory {
    /// Times the sole leader by score became someone else (the first sole leader is not a
    /// change; a tie at the top leaves the last sole leader in place).
    pub changes: u32,
    /// How far behind the leader the eventual winner (the first of them on a shared win)
    /// was at their worst.
    pub winner_worst_deficit: u32,
}

/// Follows the scores through a game, action by action, and tells its [`LeadStory`].
#[derive(Clone, Debug)]
pub struct LeadTracker {
    leader: Option<usize>,
    changes: u32,
    worst_deficit: Vec<u32>,
    /// The scores last observed: most actions change none, and then nothing is to be done.
    last: Vec<u32>,
}

impl LeadTracker {
    /// A tracker for `players` players, all on nothing.
    pub fn new(players: usize) -> Self {
        LeadTracker {
            leader: None,
            changes: 0,
            worst_deficit: vec![0; players],
            last: vec![0; players],
        }
    }

    /// The scores now, by position: call after every action.
    pub fn observe(&mut self, score: impl Fn(usize) -> u32) {
        let mut changed = false;
        for (p, last) in self.last.iter_mut().enumerate() {
            let s = score(p);
            changed |= s != *last;
            *last = s;
        }
        // All on nothing, as at the start, there is no sole leader and no one behind.
        if changed {
            self.follow();
        }
    }

    /// Brings the leader and the deficits up to the scores last observed.
    fn follow(&mut self) {
        let n = self.worst_deficit.len();
        let score = |p: usize| self.last[p];
        let mut top = 0;
        let mut leaders = 0;
        let mut leader = 0;
        for p in 0..n {
            let s = score(p);
            if s > top || p == 0 {
                top = s;
                leaders = 1;
                leader = p;
            } else if s == top {
                leaders += 1;
            }
        }
        for p in 0..n {
            let behind = top - score(p).min(top);
            self.worst_deficit[p] = self.worst_deficit[p].max(behind);
        }
        if leaders == 1 {
            if self.leader.is_some_and(|l| l != leader) {
                self.changes += 1;
            }
            self.leader = Some(leader);
        }
    }

    /// The story, once the winners are known.
    pub fn story(&self, winners: &[usize]) -> LeadStory {
        LeadStory {
            changes: self.changes,
            winner_worst_deficit: winners
                .first()
                .and_then(|&w| self.worst_deficit.get(w).copied())
                .unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn follow(scores: &[[u32; 3]], winners: &[usize]) -> LeadStory {
        let mut t = LeadTracker::new(3);
        for s in scores {
            t.observe(|p| s[p]);
        }
        t.story(winners)
    }

    #[test]
    fn the_lead_changes_only_between_sole_leaders() {
        let story = follow(
            &[
                [0, 0, 0], // no leader
                [2, 0, 0], // 0 leads: the first lead is not a change
                [2, 2, 0], // a tie: 0 is still the last sole leader
                [2, 3, 0], // 1 leads: a change
                [2, 3, 6], // 2 leads: a change
                [7, 3, 6], // 0 leads: a change
            ],
            &[0],
        );
        assert_eq!(story.changes, 3);
        // Player 0 was 4 behind player 2 at [2, 3, 6].
        assert_eq!(story.winner_worst_deficit, 4);
    }

    #[test]
    fn a_wire_to_wire_win_has_no_drama() {
        let story = follow(&[[0, 0, 0], [3, 0, 0], [5, 2, 1]], &[0]);
        assert_eq!(story, LeadStory::default());
    }

    #[test]
    fn margins_and_ties() {
        let record = |scores: Vec<u32>| GameRecord::scored(scores, vec![0]);
        let r = record(vec![12, 9, 4]);
        assert_eq!(
            (r.margin(), r.winning_score(), r.tied_at_top()),
            (3, 12, false)
        );
        let r = record(vec![9, 12, 12]);
        assert_eq!(
            (r.margin(), r.winning_score(), r.tied_at_top()),
            (0, 12, true)
        );
        let r = record(vec![5]);
        assert_eq!(r.margin(), 0);
    }
}
