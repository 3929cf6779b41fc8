//! The ladder: bots rated from mixed tables, the same for any number of jobs, the stronger
//! bot on top.

use bohnanza::cards::bots::names;
use std::process::Command;

use bohnanza::cards::bots::BotOptions;
use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::simulate::ladder::{LadderConfig, run, seating};
use bohnanza::simulate::{Entrant, SimGame};

fn config(jobs: usize) -> LadderConfig {
    LadderConfig {
        game: SimGame::new(Rules::Cards(rulesets::load("base").unwrap())),
        entrants: vec![
            Entrant::plain(names::RANDOM),
            Entrant::plain(names::GREEDY),
            "mcts:4".parse().unwrap(),
        ],
        players: 4,
        games: 16,
        seed: 5,
        jobs,
        options: BotOptions::default(),
    }
}

#[test]
fn the_same_seed_rates_the_same_for_any_number_of_jobs() {
    let one = run(&config(1), &|_| {}).unwrap();
    let two = run(&config(2), &|_| {}).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.table.len(), 3);
    assert_eq!(
        one.table.last().unwrap().entrant,
        Entrant::plain(names::RANDOM)
    );
    let seats: u64 = one.table.iter().map(|r| r.games).sum();
    assert_eq!(seats, 16 * 4, "every seat of every game is rated");
}

#[test]
fn tables_mix_every_entrant() {
    let c = config(1);
    for i in 0..20 {
        let s = seating(&c, i);
        assert_eq!(s.len(), 4);
        for e in 0..3 {
            assert!(s.contains(&e), "game {i}: {s:?} seats everyone");
        }
    }
    let firsts: std::collections::BTreeSet<usize> = (0..20).map(|i| seating(&c, i)[0]).collect();
    assert_eq!(firsts.len(), 3, "every entrant moves first in some game");
}

#[test]
fn the_command_prints_a_table() {
    let bin = env!("CARGO_BIN_EXE_bohnanza");
    let out = Command::new(bin)
        .args([
            "ladder",
            "--bots",
            "random,greedy",
            "--games",
            "8",
            "--players",
            "3",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["table"][0]["entrant"], "greedy");
    assert_eq!(json["games"], 8);
    let out = Command::new(bin)
        .args([
            "ladder",
            "--bots",
            "random,greedy",
            "--games",
            "4",
            "--players",
            "3",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Weng-Lin") && text.contains("mu-3sigma"),
        "{text}"
    );
    for bad in [
        &["ladder", "--bots", "greedy"][..],
        &["ladder", "--bots", "greedy,greedy"],
    ] {
        let out = Command::new(bin).args(bad).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
}

/// `ladder` takes `--format text|json` as `simulate` and `review` do, printing with
/// `--format json` exactly what its older `--json` prints.
#[test]
fn the_ladder_takes_format_as_the_other_tools_do() {
    let bin = env!("CARGO_BIN_EXE_bohnanza");
    let ladder = |format: &[&str]| {
        let mut args = vec!["ladder", "--bots", "random,greedy", "--games", "4"];
        args.extend_from_slice(format);
        let out = Command::new(bin).args(&args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let json = ladder(&["--format", "json"]);
    assert_eq!(json, ladder(&["--json"]));
    let table: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(table["games"], 4);
    assert_eq!(ladder(&["--format", "text"]), ladder(&[]));
}
