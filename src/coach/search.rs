//! The stepwise search both games share: the choices played out on the same sampled deals,
//! one deal per step, and ranked by the coach's one ranking ([`super::RANKING`]).
//!
//! Both games search as the card game's search bot does (`crate::cards::bots::search`):
//! successive halving, where after each round of deals the worse half of the choices is
//! dropped, so the deals go to telling the best apart; it stops halving at the few choices
//! a hint shows, so they are all played on every deal.

use crate::cards::bots::search::halving::{round_deals, survivors};
use crate::game::derived_seed;

use super::estimate::RunningSums;
use super::reasons;
use super::{Choice, Hint, Horizon, Loss, Thinking};

/// What one sampled deal gave one choice, from the advised player's seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct DealOutcome {
    /// The player's expected final coins on this deal (bean dollars in the dice game).
    pub coins: f64,
    /// The player's chance to win on this deal, 0..=1 (1 or 0 for a game played out).
    pub win: f64,
    /// What the choice does at once. Cards: coins banked by the decision. Dice: 1 when the
    /// player's turn covers another order, else 0.
    pub now: f64,
    /// Dice: orders the rest of the turn covers for the other players (cards: 0).
    pub handed: f64,
    /// Every seat's expected final coins, by seat.
    pub seats: Vec<f64>,
}

/// A choice's running figures over the deals played so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct ChoiceFigures {
    pub coins: RunningSums,
    pub win: RunningSums,
    pub now: RunningSums,
    pub handed: RunningSums,
    /// Every seat's final coins, by seat.
    pub seats: Vec<RunningSums>,
    /// The coins of each deal played, in the order dealt: a choice is played on a prefix of
    /// the search's deals, so two choices are compared on the deals both were played on.
    pub by_deal: Vec<f64>,
}

impl ChoiceFigures {
    fn add(&mut self, o: &DealOutcome) {
        self.coins.add(o.coins);
        self.win.add(o.win);
        self.now.add(o.now);
        self.handed.add(o.handed);
        self.seats.resize(o.seats.len(), RunningSums::default());
        for (t, &x) in self.seats.iter_mut().zip(&o.seats) {
            t.add(x);
        }
        self.by_deal.push(o.coins);
    }

    /// Expected coins this choice ends ahead of `other` (behind when negative), on the
    /// deals both were played on (paired: equal luck).
    pub(crate) fn gap(&self, other: &ChoiceFigures) -> f64 {
        let shared = self.by_deal.len().min(other.by_deal.len());
        if shared == 0 {
            return 0.0;
        }
        let sum: f64 = self.by_deal[..shared]
            .iter()
            .zip(&other.by_deal[..shared])
            .map(|(a, b)| a - b)
            .sum();
        sum / shared as f64
    }

    /// Expected coins this choice is behind `best` ([`ChoiceFigures::gap`]); never below 0.
    pub(crate) fn behind(&self, best: &ChoiceFigures) -> f64 {
        best.gap(self).max(0.0)
    }

    /// What this choice gives up against `best`: the chance to win and the coins.
    pub(crate) fn loss(&self, best: &ChoiceFigures) -> Loss {
        Loss {
            win: (best.win.mean() - self.win.mean()).max(0.0),
            coins: self.behind(best),
        }
    }

    /// The coach's one ranking ([`super::RANKING`]): the chance to win to the whole point a
    /// hint shows, then the expected coins; `Less` when `self` ranks first.
    ///
    /// The chance is compared as shown, not to its last decimal: where every choice wins
    /// about equally often (a game far ahead or far behind, where the chance is 0% or 100%
    /// for all of them), a thousandth of a point is noise, and the coins are what tell the
    /// choices apart — as the search bot's own score lets its coin margin decide there.
    pub(crate) fn rank(&self, other: &ChoiceFigures) -> std::cmp::Ordering {
        points(other.win.mean())
            .cmp(&points(self.win.mean()))
            .then(other.coins.mean().total_cmp(&self.coins.mean()))
    }

    /// Whether this choice wins more often than `other` as a hint shows the chance (to the
    /// whole point): what the ranking and the reasons call "wins more often".
    pub(crate) fn wins_more_often_than(&self, other: &ChoiceFigures) -> bool {
        points(self.win.mean()) > points(other.win.mean())
    }
}

/// A chance to win (0..=1) in the whole points of percent a hint shows it in.
pub(crate) fn points(chance: f64) -> i64 {
    (chance * 100.0).round() as i64
}

/// One choice being judged: what it takes, its label and its figures.
#[derive(Clone, Debug)]
pub(crate) struct Judged<A> {
    pub actions: Vec<A>,
    pub label: String,
    pub figures: ChoiceFigures,
    /// Who the choice deals with (a trade's partner), for the reason.
    pub partner: Option<usize>,
    /// A fact the player can count that bears on the choice ("3 more Blue are still
    /// unseen"), said first in its reason.
    pub note: Option<String>,
}

/// A game's side of the search: deals a world from a seed and plays choices out on it.
pub(crate) trait World: Send {
    type Action: Clone + PartialEq + Send + 'static;

    /// Deals the world of `seed` from what the player sees, then plays each of the choices
    /// in `alive` out on its own copy of it: `out[i]` is the outcome of `choices[alive[i]]`,
    /// `None` where the rules refused it. False when no world could be dealt (then nothing
    /// is played).
    fn play(
        &mut self,
        seed: u64,
        choices: &[Judged<Self::Action>],
        alive: &[usize],
        out: &mut Vec<Option<DealOutcome>>,
    ) -> bool;

    /// The parts of a reason only this game speaks of: how figures `a` differ from `b` in
    /// the game's own terms (cards: coins banked now and what the fields earn later; dice:
    /// the chance the turn covers another order, and the orders handed to the others). The
    /// parts every game shares (a note, the chance to win, the partner and the leader) are
    /// [`super::reasons::explain`]'s.
    fn contrast(&self, a: &ChoiceFigures, b: &ChoiceFigures) -> Vec<String>;

    /// The choice `action` is judged as ([`super::Coached::representative`] at the world's
    /// decision); by default itself.
    fn representative(&self, action: &Self::Action) -> Self::Action {
        action.clone()
    }

    /// How far ahead the deals are played.
    fn horizon(&self) -> Horizon;

    /// What else the rules allow that the coach did not weigh, in groups said as acts ("a
    /// counter-offer", "saying \"I have none\""): a hint with one choice names them rather
    /// than calling it the only choice. Empty when the choices weighed are all there is.
    fn unweighed(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The choices a search judges: the game's `options` (`None`: passing or waiting), then
/// `also` when the game did not list it (a review judges what was actually played), each
/// made ready by `judge` (its label, partner and note). `also` is given as the choice that
/// stands for it ([`super::Coached::representative`]), so a move the options list in
/// another form is not judged twice.
pub(crate) fn choices<A: Clone + PartialEq>(
    mut options: Vec<Option<A>>,
    also: Option<&A>,
    judge: impl FnMut(Option<A>) -> Judged<A>,
) -> Vec<Judged<A>> {
    if let Some(a) = also
        && !options.iter().any(|o| o.as_ref() == Some(a))
    {
        options.push(Some(a.clone()));
    }
    options.into_iter().map(judge).collect()
}

/// Rollouts a hint makes for each of its `samples`, in both games: as many as two choices
/// played on every deal, spread by successive halving over however many choices there are.
pub const ROLLOUTS_PER_SAMPLE: u32 = 2;
/// Choices halving keeps to the end: the three a hint shows, each played on every deal.
const SHOWN: usize = 3;

/// How a search spends its deals: how many each round plays, and how many choices a
/// round keeps for the next.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    /// Deals per round.
    rounds: Vec<u32>,
    /// The fewest choices halving keeps.
    keep: usize,
}

impl Plan {
    /// A hint of `samples` over `choices` choices: [`ROLLOUTS_PER_SAMPLE`] rollouts a
    /// sample, shared out by successive halving down to the [`SHOWN`] three. A lone choice
    /// has nothing to be told apart from and is played on `samples` deals, for its figures.
    pub(crate) fn hint(choices: usize, samples: u32) -> Self {
        if choices <= 1 {
            return Plan {
                rounds: vec![samples.max(1)],
                keep: SHOWN,
            };
        }
        Plan::halving(choices, SHOWN, samples.saturating_mul(ROLLOUTS_PER_SAMPLE))
    }

    /// Successive halving of `choices` choices down to `keep`, spending about `playouts`
    /// rollouts over all of them, each round's deals as the search bot shares them out.
    pub(crate) fn halving(choices: usize, keep: usize, playouts: u32) -> Self {
        let mut counts = vec![choices.max(1)];
        while let Some(&last) = counts.last()
            && survivors(last, keep) < last
        {
            counts.push(survivors(last, keep));
        }
        let budget = u64::from(playouts.max(1));
        let (mut spent, mut rounds) = (0u64, Vec::new());
        for (i, &alive) in counts.iter().enumerate() {
            let left = (counts.len() - i) as u64;
            let deals = round_deals(budget, spent, alive, left);
            spent += deals * alive as u64;
            rounds.push(u32::try_from(deals).unwrap_or(u32::MAX));
        }
        Plan { rounds, keep }
    }

    fn deals(&self) -> u32 {
        self.rounds.iter().fold(0u32, |t, &d| t.saturating_add(d))
    }
}

/// A search in progress.
pub(crate) struct Search<W: World> {
    world: W,
    player: usize,
    /// The seats' names, for reasons.
    names: Vec<String>,
    choices: Vec<Judged<W::Action>>,
    /// Choices still played, in the order listed.
    alive: Vec<usize>,
    /// Choices the rules refused on some deal: left out of the hint.
    refused: Vec<bool>,
    plan: Plan,
    /// The round being played and the deals it has played.
    round: usize,
    in_round: u32,
    seed: u64,
    done: u32,
    planned: u32,
    out: Vec<Option<DealOutcome>>,
}

impl<W: World> Search<W> {
    /// A search for `player` over `choices` spending deals drawn from `seed` as `plan` says;
    /// `names` name the seats in its reasons.
    pub(crate) fn new(
        world: W,
        player: usize,
        names: &[String],
        choices: Vec<Judged<W::Action>>,
        seed: u64,
        plan: Plan,
    ) -> Self {
        let planned = if choices.is_empty() { 0 } else { plan.deals() };
        Search {
            world,
            player,
            names: names.to_vec(),
            alive: (0..choices.len()).collect(),
            refused: vec![false; choices.len()],
            choices,
            plan,
            round: 0,
            in_round: 0,
            seed,
            done: 0,
            planned,
            out: Vec::new(),
        }
    }

    /// Indices of the choices still judged, best first: those played on the most deals
    /// (the survivors of halving), then by the coach's ranking ([`ChoiceFigures::rank`]),
    /// then in the order they were listed.
    fn ranked(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.choices.len())
            .filter(|&i| !self.refused[i])
            .collect();
        order.sort_by(|&x, &y| {
            let (fx, fy) = (&self.choices[x].figures, &self.choices[y].figures);
            fy.by_deal
                .len()
                .cmp(&fx.by_deal.len())
                .then(fx.rank(fy))
                .then(x.cmp(&y))
        });
        order
    }

    /// Ends a round: the choices still alive are cut to the better half (at least the
    /// plan's `keep`) and the next round begins.
    fn next_round(&mut self) {
        self.round += 1;
        self.in_round = 0;
        let order = self.ranked();
        let alive: Vec<usize> = order
            .into_iter()
            .filter(|i| self.alive.contains(i))
            .collect();
        let kept = survivors(alive.len(), self.plan.keep);
        self.alive = alive.into_iter().take(kept).collect();
        self.alive.sort_unstable();
    }
}

impl<W: World> Thinking<W::Action> for Search<W> {
    fn step(&mut self) -> bool {
        if self.done >= self.planned || self.alive.is_empty() {
            self.planned = self.done;
            return true;
        }
        // Deal `done`'s seed, a stream of the search's own.
        let seed = derived_seed(self.seed, u64::from(self.done), 0);
        if !self
            .world
            .play(seed, &self.choices, &self.alive, &mut self.out)
        {
            // No world fits the view (a rule the coach does not know): stop with what is known.
            self.planned = self.done;
            return true;
        }
        for (k, outcome) in self.out.iter().enumerate() {
            let i = self.alive[k];
            match outcome {
                Some(o) => self.choices[i].figures.add(o),
                None => self.refused[i] = true,
            }
        }
        let refused = &self.refused;
        self.alive.retain(|&i| !refused[i]);
        self.done += 1;
        self.in_round += 1;
        let round_over = self
            .plan
            .rounds
            .get(self.round)
            .is_none_or(|&d| self.in_round >= d);
        if round_over && self.round + 1 < self.plan.rounds.len() {
            self.next_round();
        }
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
                horizon: self.world.horizon(),
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
                    behind: c.figures.behind(&best.figures),
                    win_behind: c.figures.loss(&best.figures).win,
                    deals: c.figures.by_deal.len() as u32,
                    why: if self.done == 0 {
                        String::new()
                    } else {
                        let world = &self.world;
                        let own = |a: &ChoiceFigures, b: &ChoiceFigures| world.contrast(a, b);
                        let unweighed = world.unweighed();
                        let why = reasons::Why {
                            me: self.player,
                            names: &self.names,
                            own: &own,
                            unweighed: &unweighed,
                        };
                        reasons::explain(c, best, next, &why)
                    },
                }
            })
            .collect();
        Hint {
            player: self.player,
            choices,
            samples: best.figures.by_deal.len() as u32,
            horizon: self.world.horizon(),
        }
    }

    fn loss(&self, action: &W::Action) -> Option<Loss> {
        let order = self.ranked();
        let best = &self.choices[*order.first()?].figures;
        let action = self.world.representative(action);
        order
            .iter()
            .map(|&i| &self.choices[i])
            .find(|c| c.actions.first() == Some(&action))
            .map(|c| c.figures.loss(best))
    }

    fn representative(&self, action: &W::Action) -> W::Action {
        self.world.representative(action)
    }
}
