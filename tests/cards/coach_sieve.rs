//! The review agrees with the tutor: a decision the tutor asked about at the table is judged
//! on the hint's budget whatever the review's first few deals said of it, so the review
//! lists it with the tutor's figure, where the sieve alone passed it by.

use bohnanza::cards::Cards;
use bohnanza::coach::{Coached, Loss, Mistake, hint_seed, review};
use bohnanza::game::Tape;

use crate::coach::{finish, names, play_until};
use crate::support::cards::base;

/// The review's first look at each decision: few deals, a noisy sieve.
const SIEVE: u32 = 2;
/// The hint's budget in these tests (the tutor's, and the review's second look).
const CONFIRM: u32 = 12;
const SEATS: usize = 3;

/// The decisions of seat 0 the tutor asks about, as the table finds them: those whose
/// hint (on [`CONFIRM`] deals from the hint's own seed, remembering what its player saw)
/// finds what was done costly against the best, with those figures.
fn tutor_flags(tape: &Tape<Cards>, seed: u64) -> Vec<(usize, Loss)> {
    let mut flags = Vec::new();
    for (at, (player, action)) in tape.actions().enumerate() {
        if *player != 0 || tape.state_at(at).legal_actions(0).len() < 2 {
            continue;
        }
        let hint = hint_seed(seed, 0, at);
        let thinking = Cards::think_on(tape, at, 0, &names(SEATS), hint, CONFIRM, None);
        let (_, thinking) = finish(thinking);
        if let Some(loss) = thinking.loss(action).filter(|l| l.costly()) {
            flags.push((at, loss));
        }
    }
    flags
}

/// Seat 0's costly decisions as the review lists them, judging `flagged` on the hint's
/// budget at once.
fn reviewed(tape: &Tape<Cards>, seed: u64, flagged: &[usize]) -> Vec<Mistake> {
    let mut reviewing = review(tape, &names(SEATS), &[0], seed, SIEVE, CONFIRM).confirming(flagged);
    while !reviewing.step() {}
    reviewing.mistakes()
}

#[test]
fn the_review_lists_every_decision_the_tutor_asked_about() {
    for seed in 1..20 {
        let tape = play_until(&base(), SEATS, seed, |s| s.turn() >= 7);
        let flags = tutor_flags(&tape, seed);
        let sieved = reviewed(&tape, seed, &[]);
        let missed = flags
            .iter()
            .any(|(at, _)| !sieved.iter().any(|m| m.at == *at));
        if !missed {
            continue;
        }
        // The sieve alone passed a decision the tutor asked about by; told what the
        // tutor asked about, the review lists each, with the tutor's own figure.
        let asked: Vec<usize> = flags.iter().map(|f| f.0).collect();
        let listed = reviewed(&tape, seed, &asked);
        for (at, loss) in &flags {
            let m = listed.iter().find(|m| m.at == *at);
            let m = m.unwrap_or_else(|| panic!("seed {seed}: {at} unlisted in {listed:#?}"));
            assert_eq!(m.loss, *loss, "{m:#?}");
        }
        // What the sieve found is still listed, as it was.
        for m in &sieved {
            assert!(listed.contains(m), "{m:#?} in {listed:#?}");
        }
        return;
    }
    panic!("no game where the sieve passes by a decision the tutor asks about");
}
