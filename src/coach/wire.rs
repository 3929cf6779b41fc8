//! A hint in the protocol's JSON shapes: the ranked choices, each with its actions in their
//! wire form, its figures and its reason.

use serde_json::{Value, json};

use crate::game::{PlayError, Tape, Wire};

use super::{Coached, Hint, MAX_SAMPLES, RANKING};

/// Figures are written to the cent: finer digits are noise at any budget the protocol
/// allows.
fn cents(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Checks a requested number of sampled deals: 1 to [`MAX_SAMPLES`].
pub fn check_samples(samples: u64) -> Result<u32, PlayError> {
    u32::try_from(samples)
        .ok()
        .filter(|&n| (1..=MAX_SAMPLES).contains(&n))
        .ok_or_else(|| {
            PlayError::new(
                "bad_request",
                format!("\"playouts\" must be 1 to {MAX_SAMPLES}, not {samples}"),
            )
        })
}

/// Thinks to the end about `player`'s decision where `tape` stands now, remembering what
/// they saw before it ([`Coached::recall`]: an offer refused this trading phase is not
/// suggested again), and returns the `hint` reply.
pub fn hint_json<G: Wire + Coached>(
    tape: &Tape<G>,
    names: &[String],
    player: usize,
    seed: u64,
    samples: u32,
) -> Value {
    let mut thinking = G::think_on(tape, tape.len(), player, names, seed, samples, None);
    while !thinking.step() {}
    hint_value::<G>(tape.now(), &thinking.hint())
}

/// A hint's wire form.
fn hint_value<G: Wire + Coached>(state: &G::State, hint: &Hint<G::Action>) -> Value {
    let choices: Vec<Value> = hint
        .choices
        .iter()
        .map(|c| {
            let actions: Vec<Value> = c
                .actions
                .iter()
                .map(|a| G::action_json(state, hint.player, a))
                .collect();
            json!({
                "actions": actions,
                "label": c.label,
                "coins": {
                    "mean": cents(c.coins.mean),
                    "low": cents(c.coins.low),
                    "high": cents(c.coins.high),
                },
                "win": cents(c.win),
                "behind": cents(c.behind),
                "win_behind": cents(c.win_behind),
                "deals": c.deals,
                "why": c.why,
            })
        })
        .collect();
    json!({
        "hint": {
            "player": hint.player,
            "samples": hint.samples,
            "ranking": RANKING,
            "horizon": hint.horizon.json(),
            "choices": choices,
        }
    })
}
