//! The dice coach's figures (docs/coach.md), on 4-player dice games of greedy bots:
//!
//! - `speed N`: the time a hint at the default budget takes on one core, over N decisions
//!   of the active player with more than one legal move;
//! - `review N`: the time the review of seat 0's decisions takes on one core (the review's
//!   budget on screen and on the command line), over N games;
//! - `versus GAMES`: a seat that always plays the hint's top choice against three greedy
//!   bots, on duplicate deals (each deal played four times, the follower in each seat in
//!   turn); its win rate with a 95% interval, and the time a game took.
//!
//! Run with `cargo run --release --example dice_coach_figures -- speed 60`.

use std::sync::Arc;
use std::time::Instant;

use bohnanza::coach::{Coached, DEFAULT_SAMPLES, REVIEW_SAMPLES, hint_seed, review};
use bohnanza::dice::bots::{DiceAsk, GreedyBot, play_game};
use bohnanza::dice::{Dice, DiceAction, DiceRuleset, DiceState};
use bohnanza::game::{Agent, BotName, Tape};

const PLAYERS: usize = 4;
const MAX_ACTIONS: usize = 20_000;

fn names() -> Vec<String> {
    ["Ann", "Bob", "Cy", "Di"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn greedy_game(ruleset: &Arc<DiceRuleset>, seed: u64) -> (DiceState, Vec<(usize, DiceAction)>) {
    let start = DiceState::new(ruleset, PLAYERS, seed).expect("4 players");
    let bots = (0..PLAYERS)
        .map(|_| Box::new(GreedyBot) as Box<dyn Agent<Dice>>)
        .collect();
    let mut state = start.clone();
    let record = play_game(&mut state, bots, MAX_ACTIONS).expect("a greedy game ends");
    (start, record.actions)
}

/// The mean, median, 95th percentile and most of `times` (seconds), in milliseconds.
fn summary(times: &mut [f64]) -> String {
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let pick = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    format!(
        "mean {:.0} ms, median {:.0} ms, 95th percentile {:.0} ms, max {:.0} ms",
        mean * 1e3,
        pick(0.5) * 1e3,
        pick(0.95) * 1e3,
        pick(1.0) * 1e3
    )
}

fn speed(n: usize) {
    let ruleset = Arc::new(DiceRuleset::standard());
    let mut times = Vec::new();
    let mut seed = 0;
    while times.len() < n {
        let (mut state, actions) = greedy_game(&ruleset, seed);
        for (at, (player, action)) in actions.iter().enumerate() {
            if times.len() == n {
                break;
            }
            if *player == state.active() && state.legal_actions(*player).len() > 1 {
                let started = Instant::now();
                let hint = hint_seed(seed, *player, at);
                let mut thinking = Dice::think(&state, *player, &names(), hint, DEFAULT_SAMPLES);
                while !thinking.step() {}
                times.push(started.elapsed().as_secs_f64());
            }
            state.apply(*player, action).expect("a recorded move");
        }
        seed += 1;
    }
    println!(
        "dice hint at {DEFAULT_SAMPLES} samples, {n} decisions, one core: {}",
        summary(&mut times)
    );
}

fn review_speed(n: u64) {
    let ruleset = Arc::new(DiceRuleset::standard());
    let mut times = Vec::new();
    for seed in 0..n {
        let (start, actions) = greedy_game(&ruleset, seed);
        let mut tape = Tape::<Dice>::new(start);
        for (player, action) in actions {
            tape.play(player, action).expect("a recorded move");
        }
        let started = Instant::now();
        let mut reviewing = review(&tape, &names(), &[0], seed, REVIEW_SAMPLES, DEFAULT_SAMPLES);
        while !reviewing.step() {}
        times.push(started.elapsed().as_secs_f64());
    }
    println!(
        "dice review of seat 0 at {REVIEW_SAMPLES} samples (again at {DEFAULT_SAMPLES}), {n} games, one core: {}",
        summary(&mut times)
    );
}

/// A seat that plays the hint's top choice, each hint from a seed of its own.
struct Follower(u64);

impl Agent<Dice> for Follower {
    fn name(&self) -> BotName {
        bohnanza::dice::bots::names::STRONG
    }

    fn decide(&mut self, ask: &DiceAsk<'_>) -> Option<DiceAction> {
        let legal = ask.state.legal_actions(ask.seat);
        if legal.len() <= 1 {
            return legal.into_iter().next();
        }
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let seed = self.0;
        let mut thinking = Dice::think(ask.state, ask.seat, &names(), seed, DEFAULT_SAMPLES);
        while !thinking.step() {}
        thinking.hint().choices.first()?.actions.first().cloned()
    }
}

fn versus(games: u64) {
    let ruleset = Arc::new(DiceRuleset::standard());
    let started = Instant::now();
    let mut wins = 0.0;
    for game in 0..games {
        let (seed, seat) = (game / PLAYERS as u64, (game % PLAYERS as u64) as usize);
        let mut state = DiceState::new(&ruleset, PLAYERS, seed).expect("4 players");
        let bots = (0..PLAYERS)
            .map(|s| {
                if s == seat {
                    Box::new(Follower(game)) as Box<dyn Agent<Dice>>
                } else {
                    Box::new(GreedyBot)
                }
            })
            .collect();
        play_game(&mut state, bots, MAX_ACTIONS).expect("a game ends");
        if let Some(o) = state.outcome()
            && o.winners.contains(&seat)
        {
            wins += 1.0 / o.winners.len() as f64;
        }
        eprintln!("{} games, {wins} won", game + 1);
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "the dice hint's follower ({DEFAULT_SAMPLES} samples) against three greedy, duplicate deals: {:.1}% of {games} games won ({}); {seconds:.0} s, {:.1} s a game",
        100.0 * wins / games as f64,
        wilson(wins.round() as usize, games as usize),
        seconds / games as f64
    );
}

/// The 95% Wilson interval of `k` in `n`, in percent (the simulator's interval).
fn wilson(k: usize, n: usize) -> String {
    let (low, high) = bohnanza::simulate::stats::wilson(k as u64, n as u64);
    format!("{:.1}–{:.1}%", 100.0 * low, 100.0 * high)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize, default: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    match args.first().map(String::as_str) {
        Some("speed") => speed(number(1, 60) as usize),
        Some("review") => review_speed(number(1, 5)),
        Some("versus") => versus(number(1, 20)),
        _ => eprintln!("usage: dice_coach_figures speed [N] | review [N] | versus [GAMES]"),
    }
}
