//! Evaluation heuristics: what a seat's fields, set-aside cards and hand are worth in coins.
//!
//! The bots compare positions rather than follow rules of thumb: a trade, a planting or a
//! harvest is good when the position after it is worth more. A position is worth the coins
//! its fields would pay now, plus a share of the next beanometer steps they may still reach,
//! after planting what must be planted (the set-aside cards now, the front of the hand next)
//! the way a sensible player would. Everything here is plain arithmetic on small arrays:
//! no allocation, so bots and playouts can evaluate thousands of positions per decision.

use std::cell::RefCell;
use std::sync::{Arc, Weak};

use crate::cards::{BeanKind, Field, MAX_FIELDS, Ruleset};

use super::sight::Sight;

/// Hand sizes [`Appraiser::none_in_hand`] keeps a table for.
const MAX_HAND: usize = 40;

/// Counts past this share the last row of the tables (no beanometer goes this high).
const MAX_COUNT: usize = 31;

/// Cells in [`Appraiser`]'s table: a row of `MAX_COUNT + 1` counts for every kind a
/// [`BeanKind`] can name, so a lookup needs neither a clamp nor a bounds check.
const CELLS: usize = (u8::MAX as usize + 1) * (MAX_COUNT + 1);

/// The numbers the heuristics weigh things by. The defaults were tuned by simulation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Chance, per missing card, that a growing field gets one more bean of its kind.
    pub reach: f32,
    /// What an empty field is worth: room to plant anything without harvesting.
    pub empty_field: f32,
    /// Hand cards simulated as planted (the front ones, which must be planted soon).
    pub hand_depth: usize,
    /// Worth of a later hand card that matches a field (it will grow it) …
    pub tail_match: f32,
    /// … and cost of one that matches none (it will force a harvest or must be given away).
    pub tail_miss: f32,
    /// How much a trade partner's gain counts against my own (they are an opponent).
    pub envy: f32,
    /// The least gain that makes a trade worth proposing or accepting.
    pub threshold: f32,
    /// Offers made in one turn as the active player, at most: players who keep asking slow
    /// the table down for little.
    pub own_offers: usize,
    /// Offers made in one turn to the active player, at most.
    pub offers_to_active: usize,
}

impl Default for Params {
    /// Tuned by simulation: each change was kept when a seat with it beat three seats
    /// without it over 4,000 games (see the README).
    fn default() -> Self {
        Params {
            reach: 0.65,
            empty_field: 0.6,
            hand_depth: 1,
            tail_match: 0.25,
            tail_miss: 0.2,
            envy: 0.4,
            threshold: -0.1,
            own_offers: 6,
            offers_to_active: 2,
        }
    }
}

/// One field's figures in [`Appraiser`]'s table, read with one lookup: what a harvest pays
/// now (as a float, which it is exactly: a coin count) and the growth still in reach.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    coins: f32,
    growth: f32,
}

/// Per-ruleset tables: the coins and the growth potential of a field of each kind and count.
#[derive(Clone, Debug)]
pub struct Appraiser {
    /// The heuristics' weights.
    pub params: Params,
    kinds: usize,
    /// Per kind and count: the coins a harvest pays now and the growth still in reach.
    /// Kinds past the ruleset's read its last kind's row, as a clamped index would.
    cells: Box<[Cell; CELLS]>,
    /// Cards a field must reach before it pays anything, per kind (steep kinds are riskier).
    first_step: Vec<u8>,
    /// Cards each turn moves from the draw pile (turned over and drawn), for the horizon.
    cards_per_turn: f32,
    /// Each kind's share of the deck.
    share: Vec<f32>,
    /// The chance that a hand of `n` hidden cards holds none of a kind, per kind and `n`.
    none_in_hand: Vec<f32>,
    /// The ruleset the tables were made for.
    ruleset: Weak<Ruleset>,
}

thread_local! {
    /// Tables made on this thread, so each game's bots need not make their own.
    static MADE: RefCell<Vec<Arc<Appraiser>>> = const { RefCell::new(Vec::new()) };
}

impl Appraiser {
    /// Tables for `ruleset` with the default weights.
    pub fn new(ruleset: &Arc<Ruleset>) -> Self {
        Self::with_params(ruleset, Params::default())
    }

    /// Tables for `ruleset` with the default weights, made once per ruleset and thread.
    pub fn shared(ruleset: &Arc<Ruleset>) -> Arc<Appraiser> {
        MADE.with(|made| {
            let mut made = made.borrow_mut();
            made.retain(|a| a.ruleset.strong_count() > 0);
            if let Some(a) = made.iter().find(|a| a.is_for(ruleset)) {
                return Arc::clone(a);
            }
            let a = Arc::new(Appraiser::new(ruleset));
            made.push(Arc::clone(&a));
            a
        })
    }

    /// Whether these tables were made for `ruleset`.
    pub fn is_for(&self, ruleset: &Arc<Ruleset>) -> bool {
        std::ptr::eq(self.ruleset.as_ptr(), Arc::as_ptr(ruleset))
    }

    /// Tables for `ruleset` with the given weights.
    pub fn with_params(ruleset: &Arc<Ruleset>, params: Params) -> Self {
        let kinds = ruleset.beans.len();
        let row = MAX_COUNT + 1;
        let mut coins = vec![0u8; kinds * row];
        let mut growth = vec![0f32; kinds * row];
        let mut first_step = vec![0u8; kinds];
        for (k, bean) in ruleset.beans.iter().enumerate() {
            let meter = bean.beanometer;
            for c in 0..row {
                coins[k * row + c] = meter.coins_for(c as u32) as u8;
            }
            first_step[k] = meter.next_step(0).map_or(u8::MAX, |(n, _)| n as u8);
            for c in 1..row {
                // Each later step pays its extra coins with the chance of getting that far.
                let mut g = 0.0;
                let mut paid = u32::from(coins[k * row + c]);
                let mut at = c as u32;
                while let Some((needed, pays)) = meter.next_step(at) {
                    let extra = pays.saturating_sub(paid) as f32;
                    g += extra * params.reach.powi((needed - c as u32) as i32);
                    paid = pays.max(paid);
                    at = needed;
                }
                growth[k * row + c] = g;
            }
        }
        let per_turn = ruleset.cards_turned_over
            + ruleset
                .player_counts()
                .next()
                .and_then(|n| ruleset.table(n))
                .map_or(3, |t| t.cards_drawn);
        let total: f32 = ruleset.beans.iter().map(|b| f32::from(b.count)).sum();
        let share: Vec<f32> = ruleset
            .beans
            .iter()
            .map(|b| f32::from(b.count) / total.max(1.0))
            .collect();
        let none_in_hand = share
            .iter()
            .flat_map(|s| (0..=MAX_HAND).map(move |n| (1.0 - s).powi(n as i32)))
            .collect();
        let mut cells: Box<[Cell; CELLS]> = vec![Cell::default(); CELLS]
            .into_boxed_slice()
            .try_into()
            .expect("the table has CELLS cells");
        for (at, cell) in cells.iter_mut().enumerate() {
            let (k, c) = (at / row, at % row);
            let from = k.min(kinds.saturating_sub(1)) * row + c;
            if let (Some(&coins), Some(&growth)) = (coins.get(from), growth.get(from)) {
                *cell = Cell {
                    coins: f32::from(coins),
                    growth,
                };
            }
        }
        Appraiser {
            none_in_hand,
            params,
            ruleset: Arc::downgrade(ruleset),
            share,
            kinds,
            cells,
            first_step,
            cards_per_turn: per_turn.max(1) as f32,
        }
    }

    #[inline]
    fn cell(&self, kind: BeanKind, count: u32) -> Cell {
        self.cells[kind.index() * (MAX_COUNT + 1) + (count as usize).min(MAX_COUNT)]
    }

    /// Coins a harvest of `count` beans of `kind` pays now.
    #[inline]
    pub fn coins(&self, kind: BeanKind, count: u32) -> u32 {
        self.cell(kind, count).coins as u32
    }

    /// What a field is worth: its coins now, plus its chance of reaching the next steps,
    /// scaled by `horizon` (1 early in the game, falling to 0 as the end nears).
    #[inline]
    pub fn field(&self, field: Field, horizon: f32) -> f32 {
        match field.kind() {
            None => self.params.empty_field,
            Some(k) => {
                let c = self.cell(k, field.count());
                c.coins + horizon * c.growth
            }
        }
    }

    /// The share of the deck that is of `kind` (the chance a hidden card is one).
    pub fn share(&self, kind: BeanKind) -> f32 {
        self.share.get(kind.index()).copied().unwrap_or(0.0)
    }

    /// The chance that a hand of `cards` cards nobody can see holds no card of `kind`.
    pub fn none_in_hand(&self, kind: BeanKind, cards: usize) -> f32 {
        if cards <= MAX_HAND
            && let Some(&p) = self.none_in_hand.get(kind.index() * (MAX_HAND + 1) + cards)
        {
            return p;
        }
        (1.0 - self.share(kind)).powi(cards as i32)
    }

    /// Cards a field of `kind` needs before it pays its first coin.
    pub fn first_step(&self, kind: BeanKind) -> u32 {
        u32::from(self.first_step[kind.index().min(self.kinds.saturating_sub(1))])
    }

    /// How much of the game is left for growing fields: 1 while a player has several turns
    /// to come, falling towards 0 on the last turns.
    pub fn horizon(&self, sight: &impl Sight) -> f32 {
        if sight.last_turn() {
            return 0.0;
        }
        let passes_left = sight.ends_after().saturating_sub(sight.runs_out() + 1) as f32;
        let draw = sight.draw_pile() as f32;
        let later = passes_left * (sight.discard_pile() as f32 + draw * 0.5).max(10.0);
        let my_turns = (draw + later) / self.cards_per_turn / sight.players().max(1) as f32;
        (my_turns / 3.0).clamp(0.0, 1.0)
    }
}

/// A seat's fields while a plan is tried out on them: plant, harvest, and count the coins.
#[derive(Clone, Copy, Debug)]
pub struct Plot {
    fields: [Field; MAX_FIELDS],
    len: usize,
    /// Coins banked by harvests in the plan.
    pub banked: f32,
}

impl Plot {
    /// The plot of these fields (only the first [`MAX_FIELDS`] are tracked).
    pub fn of(fields: &[Field]) -> Self {
        let mut plot = Plot {
            fields: [Field::default(); MAX_FIELDS],
            len: fields.len().min(MAX_FIELDS),
            banked: 0.0,
        };
        plot.fields[..plot.len].copy_from_slice(&fields[..plot.len]);
        plot
    }

    /// The fields.
    pub fn fields(&self) -> &[Field] {
        &self.fields[..self.len]
    }

    /// Whether some field holds `kind`.
    pub fn grows(&self, kind: BeanKind) -> bool {
        self.fields().iter().any(|f| f.kind() == Some(kind))
    }

    /// Whether a bean of `kind` can be planted without a harvest.
    pub fn fits(&self, kind: BeanKind) -> bool {
        self.fields().iter().any(|f| f.accepts(kind))
    }

    /// The field a sensible player plants `kind` in without harvesting: the fullest field of
    /// that kind, else an empty one.
    pub fn home(&self, kind: BeanKind) -> Option<usize> {
        let mut best: Option<(usize, u32)> = None;
        let mut empty: Option<usize> = None;
        for (i, f) in self.fields().iter().enumerate() {
            match f.kind() {
                Some(k) if k == kind && best.is_none_or(|(_, count)| count < f.count()) => {
                    best = Some((i, f.count()));
                }
                None if empty.is_none() => empty = Some(i),
                _ => {}
            }
        }
        best.map(|(i, _)| i).or(empty)
    }

    /// The field a sensible player harvests to make room: the one whose harvest loses least
    /// (its coins now against what it is worth growing) among those the base game's bean
    /// protection rule allows (the plan's approximation; real harvests ask the engine).
    /// `None` only when every field is empty.
    fn room_to_plant(&self, a: &Appraiser, horizon: f32) -> Option<usize> {
        // With every field at one bean or fewer, the protection rule protects none.
        let all_single = self.fields().iter().all(|g| g.count() <= 1);
        self.cheapest_harvest(a, horizon, |i| all_single || self.fields[i].count() > 1)
    }

    /// The field whose harvest loses least (its coins now against what it is worth
    /// growing), among those `allowed`; `None` if none is.
    pub fn cheapest_harvest(
        &self,
        a: &Appraiser,
        horizon: f32,
        allowed: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let mut best: Option<(usize, f32)> = None;
        for (i, &f) in self.fields().iter().enumerate() {
            let Some(k) = f.kind() else { continue };
            if !allowed(i) {
                continue;
            }
            // The same sum as `a.field(f, horizon) - a.coins(..) as f32`, read once.
            let c = a.cell(k, f.count());
            let loss = (c.coins + horizon * c.growth) - c.coins;
            if best.is_none_or(|(_, l)| loss < l) {
                best = Some((i, loss));
            }
        }
        best.map(|(i, _)| i)
    }

    /// Harvests field `i`, banking its coins.
    pub fn harvest(&mut self, a: &Appraiser, i: usize) {
        let f = self.fields[i];
        if let Some(k) = f.kind() {
            self.banked += a.cell(k, f.count()).coins;
        }
        self.fields[i] = Field::default();
    }

    /// Plants `kind` in field `i` (which must accept it).
    pub fn plant_in(&mut self, i: usize, kind: BeanKind) {
        let f = self.fields[i];
        self.fields[i] = Field::with(kind, f.count() + 1);
    }

    /// Plants `kind` where a sensible player would, harvesting the cheapest field first if
    /// no field has room. Returns the field planted in.
    pub fn plant_best(&mut self, a: &Appraiser, horizon: f32, kind: BeanKind) -> Option<usize> {
        let field = match self.home(kind) {
            Some(i) => i,
            None => {
                let i = self.room_to_plant(a, horizon)?;
                self.harvest(a, i);
                i
            }
        };
        self.plant_in(field, kind);
        Some(field)
    }

    /// What planting `kind` where [`Plot::plant_best`] would changes [`Plot::worth`] by,
    /// without planting: only the field planted in (and harvested) changes.
    pub fn marginal(&self, a: &Appraiser, horizon: f32, kind: BeanKind) -> f32 {
        match self.home(kind) {
            Some(i) => {
                let f = self.fields[i];
                a.field(Field::with(kind, f.count() + 1), horizon) - a.field(f, horizon)
            }
            None => match self.room_to_plant(a, horizon) {
                Some(i) => {
                    let f = self.fields[i];
                    let coins = f.kind().map_or(0.0, |k| a.cell(k, f.count()).coins);
                    coins + a.field(Field::with(kind, 1), horizon) - a.field(f, horizon)
                }
                None => 0.0,
            },
        }
    }

    /// What the fields are worth now, with the coins banked.
    pub fn worth(&self, a: &Appraiser, horizon: f32) -> f32 {
        self.banked
            + self
                .fields()
                .iter()
                .map(|&f| a.field(f, horizon))
                .sum::<f32>()
    }
}

/// A set of bean kinds (a ruleset has at most 255).
#[derive(Clone, Copy, Debug, Default)]
struct KindSet([u64; 4]);

impl KindSet {
    fn insert(&mut self, k: BeanKind) {
        self.0[k.index() / 64] |= 1 << (k.index() % 64);
    }
    fn contains(&self, k: BeanKind) -> bool {
        self.0[k.index() / 64] & (1 << (k.index() % 64)) != 0
    }
}

/// Worth of a position after planting `incoming` (the cards to plant in phase 3: those that
/// match a field first) and then the hand `hand` (front first): its front cards planted as
/// they must be, its later cards weighed by whether they will fit.
pub fn position_worth(
    a: &Appraiser,
    horizon: f32,
    mut plot: Plot,
    incoming: impl Iterator<Item = BeanKind> + Clone,
    hand: impl Iterator<Item = BeanKind>,
) -> f32 {
    let mut grown = KindSet::default();
    for f in plot.fields() {
        if let Some(k) = f.kind() {
            grown.insert(k);
        }
    }
    // Those that match a field first, then the rest, each in their order: the rest wait
    // in `later` (read from `incoming` again only if more than it holds).
    let mut later = [None; 8];
    let mut waiting = 0;
    for kind in incoming.clone() {
        if grown.contains(kind) {
            plot.plant_best(a, horizon, kind);
        } else {
            if let Some(slot) = later.get_mut(waiting) {
                *slot = Some(kind);
            }
            waiting += 1;
        }
    }
    if waiting <= later.len() {
        for kind in later.iter().flatten() {
            plot.plant_best(a, horizon, *kind);
        }
    } else {
        for kind in incoming {
            if !grown.contains(kind) {
                plot.plant_best(a, horizon, kind);
            }
        }
    }
    let p = &a.params;
    let mut hand = hand;
    for kind in hand.by_ref().take(p.hand_depth) {
        plot.plant_best(a, horizon, kind);
    }
    // The later cards change no field: what grows and whether a field is empty are read
    // once (the same answers as `Plot::grows` and `Plot::fits`).
    let mut tail = 0.0;
    if let Some(next) = hand.next() {
        let mut grows = KindSet::default();
        let mut empty = false;
        for f in plot.fields() {
            match f.kind() {
                Some(k) => grows.insert(k),
                None => empty = true,
            }
        }
        for (j, kind) in std::iter::once(next).chain(hand).take(4).enumerate() {
            let weight = horizon / (1 + j) as f32;
            if grows.contains(kind) {
                tail += p.tail_match * weight;
            } else if !empty {
                tail -= p.tail_miss * weight;
            }
        }
    }
    plot.worth(a, horizon) + tail
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers below `n`, one a call, the same from the same `seed` (a linear congruential
    /// generator: the tests need many, cheaply, not good ones).
    fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut x = seed;
        move |n| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % n
        }
    }

    #[test]
    fn marginal_is_the_change_plant_best_makes() {
        let base = crate::rulesets::load("base").unwrap();
        let a = Appraiser::new(&base);
        let kinds = base.beans.len();
        let mut next = numbers(12345);
        for _ in 0..5000 {
            let fields: Vec<Field> = (0..2 + next(2))
                .map(|_| match next(4) {
                    0 => Field::default(),
                    _ => Field::with(
                        BeanKind::new(next(kinds as u64) as usize),
                        1 + next(9) as u32,
                    ),
                })
                .collect();
            let plot = Plot::of(&fields);
            let kind = BeanKind::new(next(kinds as u64) as usize);
            let h = (next(5) as f32) / 4.0;
            let mut after = plot;
            after.plant_best(&a, h, kind);
            let expected = after.worth(&a, h) - plot.worth(&a, h);
            assert!(
                (plot.marginal(&a, h, kind) - expected).abs() < 1e-4,
                "{fields:?} {kind:?}"
            );
        }
    }

    /// The later hand cards read once what grows and whether a field is empty: the very
    /// worth, to the bit, of asking `Plot::grows` and `Plot::fits` for each card.
    #[test]
    fn position_worth_weighs_the_later_hand_as_grows_and_fits_do() {
        fn card_by_card(a: &Appraiser, h: f32, mut plot: Plot, hand: &[BeanKind]) -> f32 {
            let p = &a.params;
            let mut tail = 0.0;
            for (i, &kind) in hand.iter().enumerate() {
                if i < p.hand_depth {
                    plot.plant_best(a, h, kind);
                } else if i < p.hand_depth + 4 {
                    let weight = h / (1 + i - p.hand_depth) as f32;
                    if plot.grows(kind) {
                        tail += p.tail_match * weight;
                    } else if !plot.fits(kind) {
                        tail -= p.tail_miss * weight;
                    }
                }
            }
            plot.worth(a, h) + tail
        }
        let base = crate::rulesets::load("base").unwrap();
        let kinds = base.beans.len() as u64;
        let mut next = numbers(4242);
        for depth in [0, 1, 2] {
            let a = Appraiser::with_params(
                &base,
                Params {
                    hand_depth: depth,
                    ..Params::default()
                },
            );
            for _ in 0..3000 {
                let fields: Vec<Field> = (0..2 + next(2))
                    .map(|_| match next(4) {
                        0 => Field::default(),
                        _ => Field::with(BeanKind::new(next(kinds) as usize), 1 + next(9) as u32),
                    })
                    .collect();
                let hand: Vec<BeanKind> = (0..next(9))
                    .map(|_| BeanKind::new(next(kinds) as usize))
                    .collect();
                let h = (next(5) as f32) / 4.0;
                let plot = Plot::of(&fields);
                let read_once =
                    position_worth(&a, h, plot, std::iter::empty(), hand.iter().copied());
                assert_eq!(
                    read_once.to_bits(),
                    card_by_card(&a, h, plot, &hand).to_bits(),
                    "{fields:?} {hand:?}"
                );
            }
        }
    }

    /// A kind past the ruleset's reads its last kind's figures, as the clamped index did.
    #[test]
    fn kinds_past_the_ruleset_read_its_last_kind() {
        let base = crate::rulesets::load("base").unwrap();
        let a = Appraiser::new(&base);
        let last = BeanKind::new(base.beans.len() - 1);
        for count in 0..40 {
            for past in [base.beans.len(), 200, 255] {
                let field = |k| Field::with(k, count);
                assert_eq!(
                    a.field(field(BeanKind::new(past)), 0.7).to_bits(),
                    a.field(field(last), 0.7).to_bits()
                );
            }
        }
    }

    /// Planting the incoming cards in one walk (those that grow a field at once, the rest
    /// kept for after) gives the very worth, to the bit, of the two walks it replaced, with
    /// few cards and with more than it keeps.
    #[test]
    fn position_worth_plants_in_the_same_order_as_two_walks() {
        fn two_walks(a: &Appraiser, h: f32, mut plot: Plot, incoming: &[BeanKind]) -> f32 {
            let grown: Vec<BeanKind> = plot.fields().iter().filter_map(Field::kind).collect();
            for &k in incoming.iter().filter(|k| grown.contains(k)) {
                plot.plant_best(a, h, k);
            }
            for &k in incoming.iter().filter(|k| !grown.contains(k)) {
                plot.plant_best(a, h, k);
            }
            plot.worth(a, h)
        }
        let base = crate::rulesets::load("base").unwrap();
        let a = Appraiser::new(&base);
        let kinds = base.beans.len() as u64;
        let mut next = numbers(777);
        for _ in 0..5000 {
            let fields: Vec<Field> = (0..2 + next(2))
                .map(|_| match next(4) {
                    0 => Field::default(),
                    _ => Field::with(BeanKind::new(next(kinds) as usize), 1 + next(9) as u32),
                })
                .collect();
            let incoming: Vec<BeanKind> = (0..next(14))
                .map(|_| BeanKind::new(next(kinds) as usize))
                .collect();
            let h = (next(5) as f32) / 4.0;
            let plot = Plot::of(&fields);
            let one_walk =
                position_worth(&a, h, plot, incoming.iter().copied(), std::iter::empty());
            assert_eq!(
                one_walk.to_bits(),
                two_walks(&a, h, plot, &incoming).to_bits(),
                "{fields:?} {incoming:?}"
            );
        }
    }
}
