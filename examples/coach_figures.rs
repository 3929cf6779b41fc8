//! The coach's figures (docs/coach.md), on 4-player base games:
//!
//! - `speed N`: the time a hint at the default budget takes on one core, over N positions;
//! - `review N`: the time the review of seat 0's decisions in a whole greedy game takes on
//!   one core (the review's budget on screen and on the command line), over N games;
//! - `agree N`: over N positions of greedy self-play, how often the hint's top choice (at
//!   the default budget) agrees with a search ten times larger that is not the coach's: the
//!   search bot (`expert`) at ten times its default rollouts, its own seeds; against how
//!   often the search bot's own choice (`expert` at its default) does;
//! - `versus GAMES [DEALS]`: a seat that always plays the hint's top choice (at DEALS
//!   samples, the default budget unless given) against three greedy bots, on duplicate deals:
//!   each deal played four times, the follower in each seat in turn; its win rate with a 95%
//!   interval. Game `g` is deal `g / 4` with the follower in seat `g % 4`, whichever run
//!   plays it, so `versus 800 200 1200` plays games 1,200 to 1,999: a long run cut short
//!   (each thread reports its count as it goes) is finished by another, and the two add up.
//!
//! Run with `cargo run --release --example coach_figures -- agree 500` (two threads: the
//! work is split between them; `--jobs 1` is the build's, not this program's).

use bohnanza::cards::bots::names;
use std::sync::Arc;
use std::time::Instant;

use bohnanza::cards::Cards;
use bohnanza::cards::bots::legal::actions_without_offers;
use bohnanza::cards::bots::offer_key::{OfferKey, kinds_given};
use bohnanza::cards::bots::search::EXPERT_PLAYOUTS;
use bohnanza::cards::bots::{
    Agent, BotName, Decision, GreedyBot, Next, Prompt, SearchBot, SearchBudget, SeatKind, Table,
};
use bohnanza::cards::{Action, BeanKind, GameState, Phase, PlayerView, Ruleset};
use bohnanza::coach::{Coached, DEFAULT_SAMPLES, REVIEW_SAMPLES, Refusals, review};
use bohnanza::game::Tape;
use bohnanza::rulesets;

/// Threads the work is split over.
const THREADS: u64 = 2;

fn names() -> Vec<String> {
    ["Ann", "Bob", "Cy", "Di"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Positions of greedy self-play (game `seed`): the active player's own decisions with
/// more than one choice (phase 2 too, unless an offer waits for their answer), every
/// `every`-th of them.
fn positions(ruleset: &Arc<Ruleset>, seed: u64, every: usize) -> Vec<GameState> {
    let mut state = GameState::new(ruleset, 4, seed).expect("4 players");
    let mut table = Table::new(
        &[SeatKind::Bot(names::GREEDY); 4],
        seed,
        &Default::default(),
    )
    .expect("greedy seats");
    let mut found = Vec::new();
    let mut count = 0;
    while let Next::Bot { player, action } = table.next(&state) {
        let answering = state.offers().iter().any(|o| o.to == player);
        if player == state.active_player() && !answering {
            let mut legal = Vec::new();
            actions_without_offers(&state, player, &mut legal);
            if legal.len() > 1 {
                count += 1;
                if count % every == 0 {
                    found.push(state.clone());
                }
            }
        }
        if state.apply(player, &action).is_err() {
            break;
        }
    }
    found
}

/// The hint's top action for the active player, at `samples` deals.
fn top(state: &GameState, seed: u64, samples: u32) -> Option<Action> {
    let mut thinking = Cards::think(state, state.active_player(), &names(), seed, samples);
    while !thinking.step() {}
    thinking.hint().choices.first()?.actions.first().cloned()
}

fn speed(n: usize) {
    let ruleset = rulesets::load("base").unwrap();
    let mut times = Vec::new();
    let mut seed = 0;
    while times.len() < n {
        for state in positions(&ruleset, seed, 5) {
            let started = Instant::now();
            top(&state, seed, DEFAULT_SAMPLES);
            times.push(started.elapsed().as_secs_f64());
            if times.len() == n {
                break;
            }
        }
        seed += 1;
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let pick = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "hint at {DEFAULT_SAMPLES} deals, {n} positions, one core: mean {:.0} ms, median {:.0} ms, 95th percentile {:.0} ms, max {:.0} ms",
        mean * 1e3,
        pick(0.5) * 1e3,
        pick(0.95) * 1e3,
        pick(1.0) * 1e3
    );
}

fn review_speed(n: u64) {
    let ruleset = rulesets::load("base").unwrap();
    let mut times = Vec::new();
    for seed in 0..n {
        let start = GameState::new(&ruleset, 4, seed).expect("4 players");
        let mut state = start.clone();
        let mut tape = Tape::<Cards>::new(start);
        let mut table = Table::new(
            &[SeatKind::Bot(names::GREEDY); 4],
            seed,
            &Default::default(),
        )
        .expect("greedy seats");
        while let Next::Bot { player, action } = table.next(&state) {
            if state.apply(player, &action).is_err() || tape.play(player, action).is_err() {
                break;
            }
        }
        let started = Instant::now();
        let mut reviewing = review(&tape, &names(), &[0], seed, REVIEW_SAMPLES, DEFAULT_SAMPLES);
        while !reviewing.step() {}
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "card review of seat 0 at {REVIEW_SAMPLES} samples (again at {DEFAULT_SAMPLES}), {n} games, one core: mean {:.2} s, median {:.2} s, max {:.2} s",
        mean,
        times[times.len() / 2],
        times[times.len() - 1]
    );
}

/// The search bot's choice for the active player of `state` at `playouts` rollouts, its
/// deals drawn from `seed`.
fn expert(state: &GameState, ruleset: &Arc<Ruleset>, seed: u64, playouts: u32) -> Option<Action> {
    let me = state.active_player();
    let view = state.view(me);
    let mut legal = Vec::new();
    actions_without_offers(state, me, &mut legal);
    let d = Decision {
        me,
        view: &view,
        ruleset,
        legal: &legal,
        prompt: Prompt::Act,
        stopwatch: &bohnanza::game::StoppedStopwatch,
    };
    let budget = SearchBudget::playouts(playouts);
    SearchBot::new(names::EXPERT, seed, budget).decide(&d)
}

/// (positions, hint agrees, expert agrees) over the positions of games `first`, `first +
/// THREADS`, … until `n` positions.
fn agree_part(first: u64, n: usize) -> (usize, usize, usize) {
    let ruleset = rulesets::load("base").unwrap();
    let (mut done, mut hint_agrees, mut bot_agrees) = (0, 0, 0);
    let mut seed = first;
    while done < n {
        for state in positions(&ruleset, seed, 7) {
            if done == n {
                break;
            }
            // Three independent seeds: the reference, the bot and the hint share no deals.
            let reference = expert(&state, &ruleset, seed ^ 0xABCD, EXPERT_PLAYOUTS * 10);
            let bot = expert(&state, &ruleset, seed ^ 0x1234, EXPERT_PLAYOUTS);
            let hint = top(&state, seed, DEFAULT_SAMPLES);
            done += 1;
            hint_agrees += usize::from(hint == reference);
            bot_agrees += usize::from(bot == reference);
            if done % 10 == 0 {
                // Partial counts, for a run cut short on a busy machine.
                eprintln!(
                    "thread {first}: {done} positions, hint {hint_agrees}, expert {bot_agrees}"
                );
            }
        }
        seed += THREADS;
    }
    (done, hint_agrees, bot_agrees)
}

fn agree(n: usize) {
    let started = Instant::now();
    let parts: Vec<_> = (0..THREADS)
        .map(|t| {
            let share = n / THREADS as usize + usize::from((t as usize) < n % THREADS as usize);
            std::thread::spawn(move || agree_part(t, share))
        })
        .collect();
    let (mut done, mut h, mut m) = (0, 0, 0);
    for p in parts {
        let (d, a, b) = p.join().unwrap();
        done += d;
        h += a;
        m += b;
    }
    let pct = |x: usize| 100.0 * x as f64 / done as f64;
    println!(
        "{done} positions: against expert at {} rollouts, the hint ({DEFAULT_SAMPLES} samples) agrees {:.1}% ({}), expert at {EXPERT_PLAYOUTS} {:.1}% ({}); {:.0} s",
        EXPERT_PLAYOUTS * 10,
        pct(h),
        wilson(h, done),
        pct(m),
        wilson(m, done),
        started.elapsed().as_secs_f64()
    );
}

/// An offer the follower made: to whom, the kinds given, the kinds wanted.
type MadeOffer = (usize, Vec<BeanKind>, Vec<BeanKind>);

/// A seat that plays the hint's top choice, from a game dealt from what it sees. Like a
/// person reading the hint on screen, it is not told again of an offer it made this trading
/// phase: the screen's hint leaves out offers refused (read from the record), and the
/// follower, with no record, leaves out every offer it made that is no longer open (as
/// the search bot does with its own).
struct Follower {
    deals: u32,
    seed: u64,
    /// The turn of the trading phase its offers were made in, and the offers.
    made: (u32, Vec<MadeOffer>),
}

impl Follower {
    fn new(deals: u32, seed: u64) -> Self {
        Follower {
            deals,
            seed,
            made: (u32::MAX, Vec::new()),
        }
    }

    /// The offers made this trading phase that are no longer open, as refused.
    fn refusals(&mut self, view: &PlayerView, me: usize) -> Refusals {
        if view.phase != Phase::Trade || view.turn != self.made.0 {
            self.made = (view.turn, Vec::new());
        }
        let open: Vec<OfferKey> = view
            .offers
            .iter()
            .filter(|o| o.from == me)
            .map(|o| OfferKey::new(o.to, &o.giving, &o.want))
            .collect();
        let mut refused = Refusals::default();
        for (to, give, want) in &self.made.1 {
            if !open.contains(&OfferKey::new(*to, give, want)) {
                refused.note(*to, give, want);
            }
        }
        refused
    }
}

impl Agent<Cards> for Follower {
    fn name(&self) -> BotName {
        names::MCTS
    }

    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let Ok(world) = GameState::from_view(d.ruleset, d.view, self.seed) else {
            return d.legal.first().cloned();
        };
        let refused = self.refusals(d.view, d.me);
        let mut thinking = Cards::think_about(
            &world,
            d.me,
            &names(),
            self.seed,
            self.deals,
            None,
            &refused,
        );
        while !thinking.step() {}
        let hint = thinking.hint();
        let choice = hint.choices.first()?;
        let action = match (d.prompt, choice.actions.first()) {
            (
                Prompt::Answer { offer },
                Some(a @ (Action::Accept { offer: o, .. } | Action::Decline { offer: o })),
            ) if *o == offer => Some(a.clone()),
            (Prompt::Answer { offer }, _) => Some(Action::Decline { offer }),
            (_, action) => action.cloned(),
        };
        if let Some(Action::Propose { to, give, want }) = &action {
            let giving = kinds_given(d.view, &d.view.seats[d.me], give);
            self.made.1.push((*to, giving, want.to_vec()));
        }
        action
    }
}

/// (games, the follower's wins, a shared win counting its share) for games `first`,
/// `first + THREADS`, …: game `g` is deal `g / 4` with the follower in seat `g % 4`.
fn versus_part(first: u64, games: u64, deals: u32) -> (u64, f64) {
    let ruleset = rulesets::load("base").unwrap();
    let mut wins = 0.0;
    let mut played = 0;
    let mut game = first;
    while played < games {
        let (seed, seat) = (game / 4, (game % 4) as usize);
        let mut state = GameState::new(&ruleset, 4, seed).expect("4 players");
        let bots: Vec<Option<Box<dyn Agent<Cards>>>> = (0..4)
            .map(|s| {
                Some(if s == seat {
                    Box::new(Follower::new(deals, game)) as Box<dyn Agent<Cards>>
                } else {
                    Box::new(GreedyBot::new())
                })
            })
            .collect();
        let mut table = Table::with_agents(vec![SeatKind::Bot(names::GREEDY); 4], bots);
        table.play(&mut state);
        if let Some(o) = state.outcome()
            && o.winners.contains(&seat)
        {
            wins += 1.0 / o.winners.len() as f64;
        }
        played += 1;
        game += THREADS;
        if played % 10 == 0 {
            eprintln!("thread {first}: {played} games, {wins} won");
        }
    }
    (played, wins)
}

fn versus(games: u64, deals: u32, from: u64) {
    let started = Instant::now();
    let parts: Vec<_> = (0..THREADS)
        .map(|t| {
            let share = games / THREADS + u64::from(t < games % THREADS);
            std::thread::spawn(move || versus_part(from + t, share, deals))
        })
        .collect();
    let (mut played, mut wins) = (0, 0.0);
    for p in parts {
        let (g, w) = p.join().unwrap();
        played += g;
        wins += w;
    }
    println!(
        "the hint's follower ({deals} samples) against three greedy, duplicate deals: {:.1}% of {played} games won ({}); {:.0} s",
        100.0 * wins / played as f64,
        wilson(wins.round() as usize, played as usize),
        started.elapsed().as_secs_f64()
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
        Some("speed") => speed(number(1, 100) as usize),
        Some("review") => review_speed(number(1, 5)),
        Some("agree") => agree(number(1, 500) as usize),
        Some("versus") => versus(
            number(1, 1000),
            number(2, u64::from(DEFAULT_SAMPLES)) as u32,
            number(3, 0),
        ),
        _ => eprintln!(
            "usage: coach_figures speed [N] | review [N] | agree [N] | versus [GAMES] [DEALS] [FIRST]"
        ),
    }
}
