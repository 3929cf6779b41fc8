//! The simulator: reproducible for a seed (whatever the number of jobs), and a report that
//! adds up.

use std::process::Command;

use bohnanza::bots::{BotKind, BotOptions, MctsBudget};
use bohnanza::rulesets;
use bohnanza::simulate::{Format, SimConfig, run, wilson};

fn config(seats: Vec<BotKind>, games: u64, jobs: usize) -> SimConfig {
    SimConfig {
        ruleset: rulesets::load("base").unwrap(),
        seats,
        games,
        seed: 42,
        jobs,
        rotate: true,
        options: BotOptions {
            mcts: MctsBudget {
                playouts: 4,
                time: None,
            },
        },
    }
}

#[test]
fn same_seed_same_results_for_any_number_of_jobs() {
    let seats = vec![
        BotKind::Greedy,
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Mcts,
    ];
    let one = run(&config(seats.clone(), 6, 1), &|_| {}).unwrap();
    let again = run(&config(seats.clone(), 6, 1), &|_| {}).unwrap();
    let two = run(&config(seats, 6, 2), &|_| {}).unwrap();
    assert_eq!(one.records, again.records);
    assert_eq!(one.records, two.records);
    assert_eq!(one.per_seat, two.per_seat);
    assert_eq!(one.per_bot, two.per_bot);
}

#[test]
fn the_report_adds_up() {
    let seats = vec![BotKind::Greedy, BotKind::Random, BotKind::Random];
    let report = run(&config(seats, 30, 2), &|_| {}).unwrap();
    assert_eq!(report.games, 30);
    assert_eq!(report.records.len(), 30);
    assert_eq!(report.stuck, 0);
    assert_eq!(report.fallbacks, 0);
    // Every seat played every game, rotated through every position.
    for s in &report.per_seat {
        assert_eq!(s.games, 30);
    }
    for p in &report.per_position {
        assert_eq!(p.games, 30);
    }
    let wins: u64 = report.per_seat.iter().map(|s| s.wins).sum();
    assert!(wins >= 30, "every game has a winner");
    let bots: u64 = report.per_bot.iter().map(|b| b.games).sum();
    assert_eq!(bots, 90);
    let random = report.per_bot.iter().find(|b| b.label == "random").unwrap();
    assert_eq!(random.games, 60);
    for r in &report.records {
        // Seat e sits at position (e + game) % 3.
        for (pos, &e) in r.seating.iter().enumerate() {
            assert_eq!((e + r.index as usize) % 3, pos);
        }
    }
    for format in [Format::Text, Format::Json, Format::Csv] {
        assert!(!report.render(format).is_empty());
    }
    let json: serde_json::Value = serde_json::from_str(&report.render(Format::Json)).unwrap();
    assert_eq!(json["games"], 30);
}

#[test]
fn wilson_interval() {
    let (lo, hi) = wilson(50, 100);
    assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3);
    assert_eq!(wilson(0, 0), (0.0, 0.0));
    let (lo, hi) = wilson(100, 100);
    assert!(lo > 0.96 && hi == 1.0);
}

#[test]
fn the_command_prints_json_and_csv() {
    let bin = env!("CARGO_BIN_EXE_bohnanza");
    let out = Command::new(bin)
        .args([
            "simulate",
            "--games",
            "8",
            "--seats",
            "greedy,random,random,random",
        ])
        .args(["--seed", "3", "--jobs", "2", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["games"], 8);
    assert_eq!(json["players"], 4);
    assert_eq!(json["per_bot"].as_array().unwrap().len(), 2);

    let out = Command::new(bin)
        .args([
            "simulate",
            "--games",
            "4",
            "--players",
            "3",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("group,label,games,wins"));
    assert!(text.contains("bot,greedy,12,"));

    let out = Command::new(bin)
        .args([
            "simulate",
            "--games",
            "1",
            "--players",
            "4",
            "--seats",
            "greedy,greedy",
        ])
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "two bots for four players is refused"
    );
}
