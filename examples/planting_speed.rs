//! Times the engine benchmark's planting game alone, printing CPU microseconds a game the way
//! the floor (`../shared/floor`, `ONLY4=1`) prints its own, so `benches/floor_ratio.sh` can
//! run the two in turn and divide. Usage: `planting_speed [GAMES]` (default 300,000).

use std::hint::black_box;
use std::time::Instant;

use bohnanza::cards::GameState;
use bohnanza::rulesets;

#[path = "../benches/common/planting.rs"]
mod planting;

/// CPU time this thread has used, in nanoseconds, where Linux reports it; `None` elsewhere
/// (the wall clock is printed too, and on a busy machine only the CPU time means much).
fn cpu_ns() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

fn main() {
    let games: u64 = match std::env::args().nth(1) {
        Some(arg) => arg.parse().unwrap_or_else(|_| {
            eprintln!("planting_speed: GAMES must be a whole number, not {arg:?}");
            std::process::exit(2)
        }),
        None => 300_000,
    };
    let base = rulesets::load("base").expect("the built-in base ruleset loads");
    let (cpu0, wall0) = (cpu_ns(), Instant::now());
    let mut turns = 0u64;
    let mut table = GameState::new(&base, 4, 0).expect("the base game seats 4");
    for seed in 1..=games {
        turns += u64::from(black_box(planting::planting_game(&mut table, seed)));
    }
    let wall = wall0.elapsed().as_secs_f64() * 1e6 / games as f64;
    let cpu = match (cpu0, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) / 1e3 / games as f64,
        _ => wall,
    };
    println!(
        "engine np=4: cpu {cpu:.3} us/game, wall {wall:.3} us/game, turns/game {:.1}",
        turns as f64 / games as f64
    );
}
