//! The stepwise search both games share: every choice played out on the same sampled
//! deals, one deal per step, and the choices ranked by expected final coins.

use super::estimate::Tally;
use super::{Choice, Hint, Thinking};

/// What one sampled deal gave one choice, from the advised player's seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Outcome {
    /// The player's final coins (bean dollars in the dice game).
    pub coins: f64,
    /// Whether the player was among the winners.
    pub won: bool,
    /// What the choice does at once. Cards: coins banked by the decision. Dice: 1 when the
    /// player's turn covers another order, else 0.
    pub now: f64,
    /// Dice: orders the rest of the turn covers for the other players (cards: 0).
    pub handed: f64,
    /// Every seat's final coins, by seat.
    pub seats: Vec<f64>,
}

/// A choice's running figures over the deals played so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct Figures {
    pub coins: Tally,
    pub win: Tally,
    pub now: Tally,
    pub handed: Tally,
    /// Every seat's final coins, by seat.
    pub seats: Vec<Tally>,
}

impl Figures {
    fn add(&mut self, o: &Outcome) {
        self.coins.add(o.coins);
        self.win.add(f64::from(u8::from(o.won)));
        self.now.add(o.now);
        self.handed.add(o.handed);
        self.seats.resize(o.seats.len(), Tally::default());
        for (t, &x) in self.seats.iter_mut().zip(&o.seats) {
            t.add(x);
        }
    }
}

/// One choice being judged: what it takes, its label and its figures.
#[derive(Clone, Debug)]
pub(crate) struct Judged<A> {
    pub actions: Vec<A>,
    pub label: String,
    pub figures: Figures,
    /// Who the choice deals with (a trade's partner), for the reason.
    pub partner: Option<usize>,
    /// A fact the player can count that bears on the choice ("3 more Blue are still
    /// unseen"), said first in its reason.
    pub note: Option<String>,
}

/// A game's side of the search: deals a world from a seed and plays choices out on it.
pub(crate) trait World: Send {
    type Action: Clone + PartialEq + Send + 'static;

    /// Deals the world of `seed` from what the player sees, then plays each of `choices`
    /// out on its own copy of it: `out[i]` is choice `i`'s outcome, `None` where the rules
    /// refused it. False when no world could be dealt (then nothing is played).
    fn play(
        &mut self,
        seed: u64,
        choices: &[Judged<Self::Action>],
        out: &mut Vec<Option<Outcome>>,
    ) -> bool;

    /// One plain sentence why `choice` ranks where it does: against `best`, or for the best
    /// itself against `next` (the runner-up, if any).
    fn why(
        &self,
        choice: &Judged<Self::Action>,
        best: &Judged<Self::Action>,
        next: Option<&Judged<Self::Action>>,
    ) -> String;
}

/// A search in progress.
pub(crate) struct Search<W: World> {
    world: W,
    player: usize,
    choices: Vec<Judged<W::Action>>,
    /// Choices the rules refused on some deal: left out of the hint.
    refused: Vec<bool>,
    seed: u64,
    done: u32,
    planned: u32,
    out: Vec<Option<Outcome>>,
}

impl<W: World> Search<W> {
    /// A search for `player` over `choices`, of `samples` deals drawn from `seed`.
    pub(crate) fn new(
        world: W,
        player: usize,
        choices: Vec<Judged<W::Action>>,
        seed: u64,
        samples: u32,
    ) -> Self {
        let planned = if choices.is_empty() {
            0
        } else {
            samples.max(1)
        };
        Search {
            world,
            player,
            refused: vec![false; choices.len()],
            choices,
            seed,
            done: 0,
            planned,
            out: Vec::new(),
        }
    }

    /// Indices of the choices still judged, best first (expected coins, then chance to
    /// win, then the order they were listed in).
    fn ranked(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.choices.len())
            .filter(|&i| !self.refused[i])
            .collect();
        order.sort_by(|&x, &y| {
            let (fx, fy) = (&self.choices[x].figures, &self.choices[y].figures);
            fy.coins
                .mean()
                .total_cmp(&fx.coins.mean())
                .then(fy.win.mean().total_cmp(&fx.win.mean()))
                .then(x.cmp(&y))
        });
        order
    }
}

/// The seed of deal `i`: a well-mixed function of the search's seed (SplitMix64).
pub(crate) fn deal_seed(seed: u64, i: u32) -> u64 {
    let mut z = seed.wrapping_add(
        u64::from(i)
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<W: World> Thinking<W::Action> for Search<W> {
    fn step(&mut self) -> bool {
        if self.done >= self.planned {
            return true;
        }
        let seed = deal_seed(self.seed, self.done);
        if !self.world.play(seed, &self.choices, &mut self.out) {
            // No world fits the view (a rule the coach does not know): stop with what is known.
            self.planned = self.done;
            return true;
        }
        for (i, outcome) in self.out.iter().enumerate() {
            match outcome {
                Some(o) => self.choices[i].figures.add(o),
                None => self.refused[i] = true,
            }
        }
        self.done += 1;
        self.done >= self.planned
    }

    fn progress(&self) -> (u32, u32) {
        (self.done, self.planned)
    }

    fn hint(&self) -> Hint<W::Action> {
        let order = self.ranked();
        let Some(&top) = order.first() else {
            return Hint {
                player: self.player,
                choices: Vec::new(),
                samples: self.done,
            };
        };
        let best = &self.choices[top];
        let next = order.get(1).map(|&i| &self.choices[i]);
        let choices = order
            .iter()
            .map(|&i| {
                let c = &self.choices[i];
                Choice {
                    actions: c.actions.clone(),
                    label: c.label.clone(),
                    coins: c.figures.coins.estimate(),
                    win: c.figures.win.mean(),
                    behind: (best.figures.coins.mean() - c.figures.coins.mean()).max(0.0),
                    why: if self.done == 0 {
                        String::new()
                    } else {
                        self.world.why(c, best, next)
                    },
                }
            })
            .collect();
        Hint {
            player: self.player,
            choices,
            samples: self.done,
        }
    }

    fn loss(&self, action: &W::Action) -> Option<f64> {
        let order = self.ranked();
        let best = self.choices[*order.first()?].figures.coins.mean();
        order
            .iter()
            .map(|&i| &self.choices[i])
            .find(|c| c.actions.first() == Some(action))
            .map(|c| (best - c.figures.coins.mean()).max(0.0))
    }
}
