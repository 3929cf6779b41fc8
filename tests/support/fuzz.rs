//! Shared by the fuzz tests: mutations that turn well-formed text into hostile text, and the
//! tallies a long run reports.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use proptest::prelude::*;

/// Values that break careless code: bounds of integer types, negatives, fractions, huge
/// exponents, wrong types.
const HOSTILE_VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "10",
    "255",
    "256",
    "65536",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "-9223372036854775808",
    "3.5",
    "1e308",
    "null",
    "true",
    "\"\"",
    "\"\\u001b]0;pwned\\u0007\"",
    "[]",
    "{}",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
];

/// One change to a text.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Replace the `n`th run of digits with a hostile value.
    Number { n: usize, value: usize },
    /// Insert bytes at a position (taken modulo the length).
    Insert { at: usize, bytes: Vec<u8> },
    /// Remove up to `len` bytes from a position.
    Delete { at: usize, len: usize },
    /// Repeat a stretch of the text `times` times (duplicate keys, long lists).
    Repeat { at: usize, len: usize, times: usize },
    /// Cut the text short.
    Truncate { at: usize },
}

pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), 0..HOSTILE_VALUES.len())
            .prop_map(|(n, value)| Mutation::Number { n, value }),
        2 => (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        2 => (any::<usize>(), 1..16usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        1 => (any::<usize>(), 1..40usize, 2..200usize)
            .prop_map(|(at, len, times)| Mutation::Repeat { at, len, times }),
        1 => any::<usize>().prop_map(|at| Mutation::Truncate { at }),
    ]
}

/// `text` with every mutation applied in turn.
pub fn mutate(text: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut out = text.to_vec();
    for m in mutations {
        let len = out.len().max(1);
        match m {
            Mutation::Number { n, value } => {
                let runs: Vec<(usize, usize)> = digit_runs(&out);
                if let Some(&(start, end)) = runs.get(n % runs.len().max(1)) {
                    out.splice(start..end, HOSTILE_VALUES[*value].bytes());
                }
            }
            Mutation::Insert { at, bytes } => {
                let at = at % (out.len() + 1);
                out.splice(at..at, bytes.iter().copied());
            }
            Mutation::Delete { at, len: n } => {
                let at = at % len;
                let end = (at + n).min(out.len());
                if at < end {
                    out.drain(at..end);
                }
            }
            Mutation::Repeat { at, len: n, times } => {
                let at = at % len;
                let end = (at + n).min(out.len());
                if at < end {
                    let piece = out[at..end].to_vec();
                    let copies = piece.repeat(*times);
                    out.splice(end..end, copies);
                }
            }
            Mutation::Truncate { at } => out.truncate(at % len),
        }
    }
    out
}

fn digit_runs(text: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, b) in text.iter().enumerate() {
        match (b.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        runs.push((s, text.len()));
    }
    runs
}

/// What a run tried and the slowest answer, for the closing report of a long run.
pub struct Tally {
    pub inputs: AtomicU64,
    pub slowest_micros: AtomicU64,
}

impl Tally {
    pub const fn new() -> Self {
        Tally {
            inputs: AtomicU64::new(0),
            slowest_micros: AtomicU64::new(0),
        }
    }

    pub fn record(&self, took: Duration) {
        self.inputs.fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.slowest_micros.fetch_max(micros, Ordering::Relaxed);
    }

    pub fn report(&self, what: &str) {
        eprintln!(
            "{what}: {} tried, slowest {} µs",
            self.inputs.load(Ordering::Relaxed),
            self.slowest_micros.load(Ordering::Relaxed)
        );
    }
}

/// The longest one input may take before it counts as a stall.
pub const STALL: Duration = Duration::from_secs(1);
