//! Offers made again after they were declined, counted from what the table heard: the
//! `Offered` and `OfferClosed` events, kinds only. "The same offer" is the same proposer
//! asking the same player for the same kinds (as multisets) with the same kinds given,
//! whatever places the cards came from; "again" is later in the same turn, after the
//! player asked declined it. Written here from the events, apart from the bots' own key,
//! so a wrong key in the bots cannot agree with a wrong count.

use std::sync::Arc;

use bohnanza::cards::bots::{Agent, Next, SeatKind, Table};
use bohnanza::cards::{BeanKind, Cards, Event, GameState, OfferClosed, Ruleset};

/// An offer as heard: proposer, player asked, kinds given and wanted (each sorted).
type Heard = (usize, usize, Vec<BeanKind>, Vec<BeanKind>);

/// The offers of some games by proposing seat: made, declined, and made again after a
/// decline in the same turn.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Reoffers {
    /// For each seat, the offers it made.
    pub made_by: Vec<usize>,
    /// For each seat, its offers the player asked declined.
    pub declined_by: Vec<usize>,
    /// For each seat, its offers that said the same as one of its own declined this turn.
    pub again_by: Vec<usize>,
    /// The turn being heard, and its offers still open and declined.
    turn: u32,
    open: Vec<(u32, Heard)>,
    refused: Vec<Heard>,
}

impl Reoffers {
    /// Offers made again after a decline, by all seats.
    pub fn again(&self) -> usize {
        self.again_by.iter().sum()
    }

    /// Offers declined, of all seats.
    pub fn declined(&self) -> usize {
        self.declined_by.iter().sum()
    }

    /// Takes in the events of one action played in turn `turn`.
    pub fn hear(&mut self, turn: u32, events: &[Event]) {
        if turn != self.turn {
            self.turn = turn;
            self.open.clear();
            self.refused.clear();
        }
        for event in events {
            match event {
                Event::Offered {
                    offer,
                    from,
                    to,
                    give,
                    want,
                } => {
                    let heard = (*from, *to, sorted(give), sorted(want));
                    bump(&mut self.made_by, *from);
                    if self.refused.contains(&heard) {
                        bump(&mut self.again_by, *from);
                    }
                    self.open.push((*offer, heard));
                }
                Event::OfferClosed { offer, why } => {
                    let Some(i) = self.open.iter().position(|(id, _)| id == offer) else {
                        continue;
                    };
                    let (_, heard) = self.open.swap_remove(i);
                    if *why == OfferClosed::Declined {
                        bump(&mut self.declined_by, heard.0);
                        self.refused.push(heard);
                    }
                }
                Event::Traded { offer, .. } => self.open.retain(|(id, _)| id != offer),
                _ => {}
            }
        }
    }

    /// Adds another count's figures to these.
    pub fn add(&mut self, other: &Reoffers) {
        for (mine, theirs) in [
            (&mut self.made_by, &other.made_by),
            (&mut self.declined_by, &other.declined_by),
            (&mut self.again_by, &other.again_by),
        ] {
            for (seat, &n) in theirs.iter().enumerate() {
                if mine.len() <= seat {
                    mine.resize(seat + 1, 0);
                }
                mine[seat] += n;
            }
        }
    }
}

impl std::fmt::Debug for Reoffers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "by seat: offers made {:?}, declined {:?}, made again after a decline {:?}",
            self.made_by, self.declined_by, self.again_by
        )
    }
}

/// Counts one more for `seat`.
fn bump(counts: &mut Vec<usize>, seat: usize) {
    if counts.len() <= seat {
        counts.resize(seat + 1, 0);
    }
    counts[seat] += 1;
}

fn sorted(kinds: &[BeanKind]) -> Vec<BeanKind> {
    let mut kinds = kinds.to_vec();
    kinds.sort_unstable();
    kinds
}

/// Plays one game of `ruleset` from `seed` with these agents in seats `kinds` to its end,
/// counting the offers made again after a decline. Panics on an illegal action.
pub fn play_counting(
    ruleset: &Arc<Ruleset>,
    kinds: Vec<SeatKind>,
    agents: Vec<Box<dyn Agent<Cards>>>,
    seed: u64,
) -> Reoffers {
    let mut state = GameState::new(ruleset, agents.len(), seed).expect("a player count");
    let mut table = Table::with_agents(kinds, agents.into_iter().map(Some).collect());
    let mut count = Reoffers::default();
    let mut events = Vec::new();
    while let Next::Bot { player, action } = table.next(&state) {
        events.clear();
        let turn = state.turn();
        if let Err(e) = state.apply_with(player, &action, &mut events) {
            panic!("seed {seed}: seat {player} played an illegal {action:?}: {e}");
        }
        count.hear(turn, &events);
    }
    assert!(state.is_over(), "seed {seed}: the game did not end");
    count
}
