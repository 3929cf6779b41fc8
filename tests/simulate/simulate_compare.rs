//! Two rulesets in one run (`simulate --against`): the same seeds under both, each figure
//! side by side with the paired difference and its interval.

use crate::support::cli::bohnanza;
use bohnanza::cards::bots::names;
use bohnanza::cards::bots::{BotOptions, ThinkingBudget};
use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::simulate::compare::{self, Unit};
use bohnanza::simulate::{Entrant, Shard, SimConfig, SimGame, run};

fn config(variant: &str, games: u64, jobs: usize) -> SimConfig {
    SimConfig {
        game: SimGame::new(Rules::Cards(rulesets::load(variant).unwrap())),
        seats: [names::GREEDY, names::RANDOM, names::GREEDY]
            .map(Entrant::plain)
            .to_vec(),
        games,
        seed: 11,
        jobs,
        rotate: true,
        duplicate: false,
        shard: Shard::WHOLE,
        options: BotOptions {
            search: ThinkingBudget {
                playouts: 4,
                time: None,
            },
        },
    }
}

#[test]
fn each_ruleset_plays_the_runs_own_seeds() {
    let against = SimGame::new(Rules::Cards(rulesets::load("classic").unwrap()));
    let c = compare::run(&config("base", 12, 2), against, &|_| {}).unwrap();
    // A is exactly the run of A alone, B exactly the run of B alone: the same seeds.
    let a = run(&config("base", 12, 1), &|_| {}).unwrap();
    let b = run(&config("classic", 12, 1), &|_| {}).unwrap();
    assert_eq!(c.a.totals, a.totals);
    assert_eq!(c.b.totals, b.totals);
    assert_eq!(c.units, 12);
    let turns = c.differences.iter().find(|d| d.figure == "turns").unwrap();
    assert!((turns.a - a.totals.turns.mean()).abs() < 1e-9);
    assert!((turns.b - b.totals.turns.mean()).abs() < 1e-9);
    assert!((turns.difference - (turns.a - turns.b)).abs() < 1e-9);
    let (low, high) = turns.interval.unwrap();
    assert!(low <= turns.difference && turns.difference <= high);
    let win = &c.differences[0];
    assert_eq!(win.figure, "seat 1 (greedy) win rate");
    assert_eq!(win.unit, Unit::Share);
    let wins = a.totals.per_seat[0].wins as f64 / 12.0;
    assert!((win.a - wins).abs() < 1e-9);
    // The same for any number of jobs.
    let one = compare::run(
        &config("base", 12, 1),
        SimGame::new(Rules::Cards(rulesets::load("classic").unwrap())),
        &|_| {},
    )
    .unwrap();
    assert_eq!(one.differences, c.differences);
}

#[test]
fn a_ruleset_against_itself_differs_by_nothing() {
    let out = bohnanza(&[
        "simulate",
        "--games",
        "6",
        "--players",
        "3",
        "--ruleset",
        "rulesets/base.toml",
        "--against-variant",
        "base",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["units"], 6);
    assert_eq!(json["a"]["ruleset_file"], "rulesets/base.toml");
    assert!(json["b"].get("ruleset_file").is_none());
    assert_eq!(json["a"]["totals"], json["b"]["totals"]);
    let differences = json["differences"].as_array().unwrap();
    assert!(differences.len() > 20, "{differences:?}");
    for d in differences {
        assert_eq!(d["a"], d["b"], "{d}");
        assert_eq!(d["difference"], 0.0, "{d}");
        if d["figure"] != "balance" {
            assert_eq!(d["interval"], serde_json::json!([0.0, 0.0]), "{d}");
        }
    }
}

#[test]
fn the_text_comparison_sets_the_figures_side_by_side() {
    let out = bohnanza(&[
        "simulate",
        "--games",
        "8",
        "--players",
        "3",
        "--seats",
        "greedy,random,random",
        "--against-variant",
        "classic",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("two rulesets on the same seeds: 8 games each, 3 players: "),
        "{text}"
    );
    assert!(text.contains("\nA: base\nB: classic\n"), "{text}");
    let header = text
        .lines()
        .find(|l| l.starts_with("figure"))
        .expect("a table");
    for column in ["A", "B", "A − B", "95% interval"] {
        assert!(header.contains(column), "{header}");
    }
    let row = text
        .lines()
        .find(|l| l.starts_with("seat 1 (greedy) win rate"))
        .expect("seat 1's row");
    assert!(row.contains('%') && row.contains(" to "), "{row}");
    assert!(text.contains("\nbalance "), "{text}");
    // Classic's players buy third fields; the base game's never do.
    let third = text
        .lines()
        .find(|l| l.starts_with("third fields bought"))
        .expect("a counter only B has");
    assert!(third.ends_with("only B counts it"), "{third}");
}

#[test]
fn a_comparison_refuses_what_it_cannot_do() {
    for args in [
        &[
            "simulate",
            "--against-variant",
            "classic",
            "--format",
            "csv",
        ][..],
        &["simulate", "--against-variant", "classic", "--shard", "1/2"],
        &[
            "simulate",
            "--against",
            "x.toml",
            "--against-variant",
            "base",
        ],
        &["simulate", "--against-variant", "duel", "--players", "4"],
    ] {
        let out = bohnanza(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = bohnanza(&["simulate", "--against", "no/such/file.toml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/file.toml"));
}

/// The dice game and a card game share no figures worth setting side by side: the
/// comparison is refused before a game is played, naming both rulesets' games, either way
/// round.
#[test]
fn a_card_game_against_the_dice_game_is_refused() {
    for (a, b, said) in [
        (
            "base",
            "dice",
            "base is a card game and dice is the dice game",
        ),
        (
            "dice",
            "base",
            "dice is the dice game and base is a card game",
        ),
    ] {
        let out = bohnanza(&[
            "simulate",
            "--games",
            "2",
            "--jobs",
            "1",
            "--variant",
            a,
            "--against-variant",
            b,
            "--seats",
            "greedy,greedy,greedy",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            out.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(err.contains(said), "{err}");
        assert!(
            err.contains("a comparison plays one game under two rulesets"),
            "{err}"
        );
    }
}
