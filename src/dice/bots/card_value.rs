//! What a player's harvest cards are worth with the rest of the game still to play: the
//! dollars they can expect from their top card, their bottom card and the cards after it, if
//! every roll left may cover their next order and they harvest at the best moment.
//!
//! The model is deliberately small. Each roll still to come (by anyone: the others' rolls
//! check every player's card) covers the next order with a chance proportional to its Bohnus;
//! a harvest is free and instant; when the game ends every card with enough covered orders is
//! harvested. That is enough to see what `expect` cannot: that an order others' rolls will
//! likely cover soon is already worth much of its dollar, that starting a fresh card late in
//! the game earns nothing, and when waiting for a fourth order beats harvesting.

use crate::dice::DiceRuleset;
use crate::dice::OUTCOMES;
use crate::dice::{HarvestCard, ORDERS_PER_CARD};

/// Covered-order counts 0 to 5.
const LEVELS: usize = ORDERS_PER_CARD + 1;

/// The top card, the bottom card, and any card drawn after them (an average card).
const SLOTS: usize = 3;

/// A player's cards valued over the rolls left: `value(slot, covered)` for the top card
/// (slot 0) and the bottom card (slot 1) as the top card with `covered` orders, in expected
/// dollars until the game's end.
#[derive(Clone, Debug)]
pub struct CardOutlook {
    /// Dollars with the rolls left, by slot and covered orders, harvesting at the best time.
    now: [[f64; LEVELS]; SLOTS],
    /// The same with one roll fewer: what waiting for the next roll is worth.
    before: [[f64; LEVELS]; SLOTS],
    /// Each slot's chance per roll of covering the order above `covered` orders.
    chance: [[f64; ORDERS_PER_CARD]; SLOTS],
}

impl CardOutlook {
    /// The outlook of a player holding `top` and `bottom` with `rolls` rolls left in the
    /// game, each covering an order with `reach` times its Bohnus chance (at most surely).
    pub fn new(
        ruleset: &DiceRuleset,
        top: &HarvestCard,
        bottom: &HarvestCard,
        rolls: usize,
        reach: f64,
    ) -> CardOutlook {
        let chance_of = |hits: f64| (reach * hits / f64::from(OUTCOMES)).min(1.0);
        let mean = |level: usize| {
            let cards = &ruleset.cards;
            let hits = cards.iter().map(|c| f64::from(c.orders[level].bohnus.hits));
            hits.sum::<f64>() / cards.len() as f64
        };
        let chance = [
            std::array::from_fn(|level| chance_of(f64::from(top.orders[level].bohnus.hits))),
            std::array::from_fn(|level| chance_of(f64::from(bottom.orders[level].bohnus.hits))),
            std::array::from_fn(|level| chance_of(mean(level))),
        ];
        let pays = |covered: usize| ruleset.dollars_for(covered).map_or(0.0, f64::from);
        // With no roll left, the final harvest takes whatever top card there is.
        let mut now = [std::array::from_fn(pays); SLOTS];
        let mut before = now;
        for _ in 0..rolls {
            before = now;
            now = step(&before, &chance, &pays);
        }
        CardOutlook {
            now,
            before,
            chance,
        }
    }

    /// Expected dollars from the top card with `covered` orders and every card after it,
    /// harvesting at the best moment.
    pub fn top(&self, covered: usize) -> f64 {
        self.now[0][covered]
    }

    /// Expected dollars from the bottom card once it is the top card with `covered` orders
    /// (right after a harvest that checks it against dice on the table).
    pub fn after_harvest(&self, covered: usize) -> f64 {
        self.now[1][covered]
    }

    /// Expected dollars if the top card with `covered` orders is kept for at least one more
    /// roll: what harvesting now must beat.
    pub fn waiting(&self, covered: usize) -> f64 {
        match self.chance[0].get(covered) {
            Some(&p) => p * self.before[0][covered + 1] + (1.0 - p) * self.before[0][covered],
            None => self.before[0][covered],
        }
    }
}

/// One more roll left: wait for it (covering the next order by its chance), or harvest now
/// and go on with the next card.
fn step(
    before: &[[f64; LEVELS]; SLOTS],
    chance: &[[f64; ORDERS_PER_CARD]; SLOTS],
    pays: &impl Fn(usize) -> f64,
) -> [[f64; LEVELS]; SLOTS] {
    let mut now = [[0.0; LEVELS]; SLOTS];
    for slot in 0..SLOTS {
        for covered in 0..LEVELS {
            now[slot][covered] = match chance[slot].get(covered) {
                Some(&p) => p * before[slot][covered + 1] + (1.0 - p) * before[slot][covered],
                None => before[slot][covered],
            };
        }
    }
    // A fresh card (no orders covered) has nothing to harvest, so the value of starting the
    // next card is already final; the last slot (any later card) leads to itself.
    for slot in 0..SLOTS {
        let next = (slot + 1).min(SLOTS - 1);
        for covered in 1..LEVELS {
            let harvest = pays(covered);
            if harvest > 0.0 {
                let value = harvest + now[next][0];
                now[slot][covered] = now[slot][covered].max(value);
            }
        }
    }
    now
}
