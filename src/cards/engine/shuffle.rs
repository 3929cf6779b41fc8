//! Seeded shuffling that replays the same on every machine and every build.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The game's only source of chance.
///
/// ChaCha8's output stream is fixed by its specification, and the Fisher–Yates shuffle below
/// is ours, so a saved game (ruleset, seed, actions) replays identically even after the `rand`
/// crate changes how its own shuffle or range sampling works.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Shuffler {
    seed: u64,
    stream: ChaCha8Rng,
}

/// Where a [`Shuffler`] stands: its seed and how far its stream has run. A position carries
/// it, so a game loaded from one shuffles exactly as the original would have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShufflerPosition {
    pub seed: u64,
    /// 32-bit words of the stream used so far.
    pub words_used: u64,
}

impl Shuffler {
    /// A shuffler whose every shuffle follows from `seed`.
    pub fn new(seed: u64) -> Self {
        Shuffler {
            seed,
            stream: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Where the stream stands now.
    pub fn position(&self) -> ShufflerPosition {
        ShufflerPosition {
            seed: self.seed,
            // A game uses a few thousand words at most, far below u64's range.
            words_used: u64::try_from(self.stream.get_word_pos()).unwrap_or(u64::MAX),
        }
    }

    /// A shuffler put back where `position` says, to go on exactly as the original.
    pub fn at(position: ShufflerPosition) -> Self {
        let mut shuffler = Shuffler::new(position.seed);
        shuffler
            .stream
            .set_word_pos(u128::from(position.words_used));
        shuffler
    }

    /// Shuffles `items` uniformly.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            // `below` is under `i + 1`; saying so (`min`, which changes nothing) lets the
            // swap go unchecked.
            let j = (self.below(i as u32 + 1) as usize).min(i);
            items.swap(i, j);
        }
    }

    /// A uniform number in `0..bound`, without modulo bias.
    #[inline]
    pub(crate) fn below(&mut self, bound: u32) -> u32 {
        loop {
            let x = self.stream.next_u32();
            // The threshold (2^32 mod bound) is below `bound`, so it need only be worked out
            // for the rare draw below `bound`: one division per card, not two.
            if x >= bound || x >= bound.wrapping_neg() % bound {
                return remainder(x, bound);
            }
        }
    }
}

/// Bounds below this take their remainder from [`RECIPROCALS`] rather than by dividing:
/// every deck's shuffle draws one number per card, with bounds up to the deck's size.
const RECIPROCAL_BOUNDS: usize = 256;

/// `RECIPROCALS[d]` is `⌊(2⁶⁴ − 1) / d⌋ + 1`, the fixed-point reciprocal of `d`, worked out
/// when the crate is built.
static RECIPROCALS: [u64; RECIPROCAL_BOUNDS] = {
    let mut table = [0u64; RECIPROCAL_BOUNDS];
    let mut d = 1;
    while d < RECIPROCAL_BOUNDS {
        table[d] = (u64::MAX / d as u64).wrapping_add(1);
        d += 1;
    }
    table
};

/// `x % bound`, exactly, by two multiplications where `bound` is small (Lemire, Kaser and
/// Kurz, "Faster remainder by direct computation", 2019: exact for every 32-bit `x` and
/// divisor). A division is the single costliest step of a shuffle; the result, and so every
/// seeded game, is the same as with `%`.
#[inline]
fn remainder(x: u32, bound: u32) -> u32 {
    match RECIPROCALS.get(bound as usize) {
        Some(&m) if bound > 0 => {
            let fraction = m.wrapping_mul(u64::from(x));
            ((u128::from(fraction) * u128::from(bound)) >> 64) as u32
        }
        _ => x % bound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_order() {
        let mut a: Vec<u32> = (0..50).collect();
        let mut b = a.clone();
        Shuffler::new(7).shuffle(&mut a);
        Shuffler::new(7).shuffle(&mut b);
        assert_eq!(a, b);
        assert_ne!(a, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn shuffle_is_pinned_across_builds() {
        // If this changes, every saved game and golden playthrough stops replaying.
        let mut a: Vec<u32> = (0..10).collect();
        Shuffler::new(42).shuffle(&mut a);
        assert_eq!(a, PINNED_42);
    }

    #[test]
    fn a_restored_shuffler_goes_on_where_it_stopped() {
        let mut a = Shuffler::new(11);
        a.shuffle(&mut (0..37).collect::<Vec<u32>>());
        let mut b = Shuffler::at(a.position());
        assert_eq!(a.position(), b.position());
        assert_eq!(
            a.position().words_used,
            36,
            "one word per swap, no rejections here"
        );
        let mut next_a: Vec<u32> = (0..50).collect();
        let mut next_b = next_a.clone();
        a.shuffle(&mut next_a);
        b.shuffle(&mut next_b);
        assert_eq!(next_a, next_b);
        assert_eq!(a, b);
    }

    #[test]
    fn remainders_by_reciprocal_equal_division() {
        let edges = [
            0,
            1,
            2,
            254,
            255,
            256,
            257,
            65_535,
            1 << 31,
            u32::MAX - 1,
            u32::MAX,
        ];
        let mut stream = ChaCha8Rng::seed_from_u64(3);
        for bound in 1..=300u32 {
            let near_multiples = (1..4).flat_map(|k| {
                let m = (u32::MAX / bound) * bound / k;
                [m.wrapping_sub(1), m, m.wrapping_add(1)]
            });
            let random = (0..200).map(|_| stream.next_u32());
            for x in edges.into_iter().chain(near_multiples).chain(random) {
                assert_eq!(remainder(x, bound), x % bound, "{x} % {bound}");
            }
        }
    }

    const PINNED_42: [u32; 10] = [1, 4, 9, 6, 8, 2, 5, 0, 3, 7];
}
