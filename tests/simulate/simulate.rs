//! The simulator: reproducible for a seed (whatever the number of jobs or shards), a report
//! that adds up, and figures that agree with the games' own events.

use crate::support::cli::bohnanza;
use bohnanza::cards::bots::names;
use bohnanza::cards::bots::{BotName, BotOptions, Next, SeatKind, Table, ThinkingBudget};
use bohnanza::cards::{Event, GameState};
use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::simulate::{Entrant, Format, Report, Shard, SimConfig, SimGame, run};

fn config(variant: &str, seats: &[BotName], games: u64, jobs: usize) -> SimConfig {
    SimConfig {
        game: SimGame::new(Rules::Cards(rulesets::load(variant).unwrap())),
        seats: seats.iter().map(|&k| Entrant::plain(k)).collect(),
        games,
        seed: 42,
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
fn same_seed_same_report_for_any_number_of_jobs() {
    use bohnanza::cards::bots::names::*;
    let seats = [GREEDY, RANDOM, GREEDY, MCTS];
    let one = run(&config("base", &seats, 6, 1), &|_| {}).unwrap();
    let again = run(&config("base", &seats, 6, 1), &|_| {}).unwrap();
    let two = run(&config("base", &seats, 6, 2), &|_| {}).unwrap();
    assert_eq!(one.totals, again.totals);
    assert_eq!(one.totals, two.totals);
    assert_eq!(one.render(Format::Json), two.render(Format::Json));
}

#[test]
fn the_report_adds_up() {
    use bohnanza::cards::bots::names::*;
    let report = run(&config("base", &[GREEDY, RANDOM, RANDOM], 30, 2), &|_| {}).unwrap();
    let t = &report.totals;
    assert_eq!((t.games, t.stuck, t.fallbacks), (30, 0, 0));
    // Every seat played every game, rotated through every position.
    for side in t.per_seat.iter().chain(&t.per_position) {
        assert_eq!(side.games, 30);
        assert_eq!(side.scores.count, 30);
    }
    let wins: u64 = t.per_seat.iter().map(|s| s.wins).sum();
    assert_eq!(
        wins,
        30 + t.shared_wins,
        "one winner a game, more on a shared win"
    );
    assert_eq!(t.ended_in.values().sum::<u64>(), 30);
    assert!(t.ended_in.keys().all(|k| k.starts_with("phase ")));
    for d in [&t.turns, &t.actions, &t.margin, &t.lead_changes] {
        assert_eq!(d.count, 30);
    }
    for name in [
        "trades",
        "cards traded",
        "donations",
        "harvests",
        "harvests that paid nothing",
    ] {
        assert_eq!(t.counters[name].count, 30, "{name}");
    }
    assert!(
        !t.counters.contains_key("orders fulfilled"),
        "the base game has no order cards"
    );
    let json: serde_json::Value = serde_json::from_str(&report.render(Format::Json)).unwrap();
    assert_eq!(json["totals"]["games"], 30);
    assert_eq!(json["figures"]["per_bot"].as_array().unwrap().len(), 2);
    let random = &json["figures"]["per_bot"][0];
    assert_eq!(
        (random["label"].as_str(), random["games"].as_u64()),
        (Some("random"), Some(60))
    );
    let csv = report.render(Format::Csv);
    let columns = csv.lines().next().unwrap().split(',').count();
    for line in csv.lines() {
        assert_eq!(line.split(',').count(), columns, "{line}");
    }
    let text = report.render(Format::Text);
    for figure in [
        "balance",
        "lead changes",
        "winner's margin",
        "ended in",
        "cards per trade",
    ] {
        assert!(text.contains(figure), "{figure} in\n{text}");
    }
}

/// Plays the game `SimGame::play` plays, reading every event, and checks the record
/// against them.
/// The simulator's counters read only the few events they need (offers are counted from the
/// actions, their events never built); every counter still agrees with the whole list of
/// the game's events.
#[test]
fn a_record_agrees_with_the_games_events() {
    for variant in ["base", "expansion-field-beans-orders", "classic"] {
        let ruleset = rulesets::load(variant).unwrap();
        let entrants = [Entrant::plain(names::GREEDY); 4];
        let options = BotOptions::default();
        let seed = 7;
        let record = SimGame::new(Rules::Cards(ruleset.clone()))
            .play(seed, &entrants, &options)
            .unwrap();

        let mut state = GameState::new(&ruleset, 4, seed).unwrap();
        let mut table = Table::new(&[SeatKind::Bot(names::GREEDY); 4], seed, &options).unwrap();
        let mut events: Vec<Event> = Vec::new();
        let mut actions = 0;
        while let Next::Bot { player, action } = table.next(&state) {
            state.apply_with(player, &action, &mut events).unwrap();
            actions += 1;
        }
        let outcome = state.outcome().unwrap();
        assert_eq!(record.scores, outcome.coins);
        assert_eq!(record.winners, outcome.winners);
        assert_eq!((record.turns, record.actions), (state.turn(), actions));
        let count = |f: &dyn Fn(&Event) -> bool| events.iter().filter(|e| f(e)).count() as u64;
        let counter = |name: &str| {
            record
                .counters
                .iter()
                .find(|c| c.0 == name)
                .map(|c| c.1)
                .unwrap_or_else(|| panic!("{variant} counts {name}"))
        };
        assert_eq!(
            counter("trades"),
            count(&|e| matches!(e, Event::Traded { .. }))
        );
        assert_eq!(
            counter("offers"),
            count(&|e| matches!(e, Event::Offered { .. }))
        );
        assert_eq!(
            counter("donations"),
            count(
                &|e| matches!(e, Event::Traded { gave, got, .. } if gave.is_empty() || got.is_empty())
            )
        );
        let traded: usize = events
            .iter()
            .map(|e| match e {
                Event::Traded { gave, got, .. } => gave.len() + got.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(counter("cards traded"), traded as u64);
        assert_eq!(
            counter("harvests that paid nothing"),
            count(&|e| matches!(e, Event::Harvested { coins: 0, .. }))
        );
        assert_eq!(
            counter("harvests"),
            count(&|e| matches!(e, Event::Harvested { .. }))
        );
        if variant == "classic" {
            assert_eq!(
                counter("third fields bought"),
                count(&|e| matches!(e, Event::GainedBeanField { paid, .. } if *paid > 0))
            );
        }
        if variant == "expansion-field-beans-orders" {
            assert_eq!(
                counter("third fields earned by harvest"),
                count(&|e| matches!(e, Event::GainedBeanField { paid: 0, .. }))
            );
            assert_eq!(
                counter("orders fulfilled"),
                count(&|e| matches!(e, Event::OrderFulfilled { .. }))
            );
        }
        assert!(counter("trades") > 0, "greedy bots trade");
        assert!(
            counter("offers") > counter("trades"),
            "some offers are declined"
        );
    }
}

#[test]
fn shards_merge_into_exactly_one_run() {
    use bohnanza::cards::bots::names::*;
    let whole = run(&config("base", &[GREEDY, RANDOM, GREEDY], 11, 2), &|_| {}).unwrap();
    let mut merged: Option<Report> = None;
    // Merged out of order: the result does not depend on it.
    for k in [3, 1, 2] {
        let mut c = config("base", &[GREEDY, RANDOM, GREEDY], 11, 1);
        c.shard = Shard { index: k, count: 3 };
        let part = run(&c, &|_| {}).unwrap();
        assert!(!part.is_whole());
        let back = Report::from_json(&part.render(Format::Json)).unwrap();
        match &mut merged {
            None => merged = Some(back),
            Some(m) => m.merge(&back).unwrap(),
        }
    }
    let merged = merged.unwrap();
    assert!(merged.is_whole());
    assert_eq!(merged.render(Format::Json), whole.render(Format::Json));
    // The same slice twice is refused, not counted twice.
    let mut twice = merged.clone();
    assert!(twice.merge(&merged).is_err());
}

#[test]
fn duplicate_mode_plays_each_deal_from_every_seat() {
    use bohnanza::cards::bots::names::*;
    let mut c = config("base", &[GREEDY, RANDOM, RANDOM], 4, 2);
    c.duplicate = true;
    let report = run(&c, &|_| {}).unwrap();
    assert_eq!(report.totals.games, 12, "4 deals, 3 rotations each");
    for side in &report.totals.per_position {
        assert_eq!(side.games, 12);
    }
    assert_eq!(report.paired.len(), 1);
    let text = report.render(Format::Text);
    assert!(
        text.contains("duplicate, greedy less random over 4 deals"),
        "{text}"
    );
    let figures: serde_json::Value = serde_json::from_str(&report.render(Format::Json)).unwrap();
    let coins = &figures["figures"]["paired"][0]["coins"];
    assert!(
        coins["mean"].as_f64().unwrap() > 0.0,
        "greedy beats random: {coins}"
    );
    let csv = report.render(Format::Csv);
    let columns = csv.lines().next().unwrap().split(',').count();
    assert!(
        csv.contains("duplicate,greedy less random coins,4,"),
        "{csv}"
    );
    for line in csv.lines() {
        assert_eq!(line.split(',').count(), columns, "{line}");
    }
}

#[test]
fn the_command_prints_json_and_csv() {
    let out = bohnanza(&[
        "simulate",
        "--games",
        "8",
        "--seats",
        "greedy,random,random,random",
        "--seed",
        "3",
        "--jobs",
        "2",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["totals"]["games"], 8);
    assert_eq!(json["players"], 4);
    assert_eq!(json["figures"]["per_bot"].as_array().unwrap().len(), 2);

    let out = bohnanza(&[
        "simulate",
        "--games",
        "4",
        "--players",
        "3",
        "--format",
        "csv",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("group,label,games,wins"));
    assert!(text.contains("bot,greedy,12,"));

    let out = bohnanza(&[
        "simulate",
        "--games",
        "1",
        "--players",
        "4",
        "--seats",
        "greedy,greedy",
    ]);
    assert!(
        !out.status.success(),
        "two bots for four players is refused"
    );
}

#[test]
fn the_command_refuses_runs_beyond_the_bound() {
    for args in [
        &["simulate", "--games", "18446744073709551615"][..],
        &["simulate", "--games", "1000000001"],
        &[
            "simulate",
            "--games",
            "300000000",
            "--duplicate",
            "--players",
            "4",
        ],
        &["simulate", "--games", "0"],
        &["simulate", "--shard", "3/2"],
        &["simulate", "--seats", "greedy,mcts:0,random"],
        &["simulate", "--mcts-playouts", "0"],
        &["simulate", "--mcts-playouts", "1000001"],
        &["ladder", "--bots", "random,mcts", "--mcts-playouts", "0"],
        &["simulate", "--jobs", "5000"],
        &["ladder", "--bots", "random,greedy", "--games", "1000000001"],
    ] {
        let out = bohnanza(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// A mistake the command finds after reading its flags (a player count the ruleset does
/// not seat, a bot named twice, CSV for a comparison) shows the usage of the command typed,
/// as clap's own refusals do, not the usage of the game screen.
#[test]
fn a_refusal_shows_the_usage_of_the_command_typed() {
    for (args, usage) in [
        (
            &["simulate", "--variant", "duel"][..],
            "Usage: bohnanza simulate [OPTIONS]",
        ),
        (
            &["simulate", "--seats", "greedy,strong"],
            "Usage: bohnanza simulate [OPTIONS]",
        ),
        (
            &[
                "simulate",
                "--against-variant",
                "classic",
                "--format",
                "csv",
                "--games",
                "1",
            ],
            "Usage: bohnanza simulate [OPTIONS]",
        ),
        (
            &["ladder", "--bots", "greedy,greedy"],
            "Usage: bohnanza ladder [OPTIONS]",
        ),
        (
            &["ladder", "--variant", "duel", "--bots", "greedy,random"],
            "Usage: bohnanza ladder [OPTIONS]",
        ),
        (
            &["--variant", "duel", "--players", "3"],
            "Usage: bohnanza [OPTIONS]",
        ),
    ] {
        let out = bohnanza(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(usage), "{args:?}: {err}");
    }
}

#[test]
fn the_command_merges_shards() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for k in 1..=2 {
        let shard = format!("{k}/2");
        let out = bohnanza(&[
            "simulate",
            "--games",
            "5",
            "--players",
            "3",
            "--seed",
            "9",
            "--format",
            "json",
            "--shard",
            &shard,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let path = dir.path().join(format!("{k}.json"));
        std::fs::write(&path, &out.stdout).unwrap();
        paths.push(path.display().to_string());
    }
    let whole = bohnanza(&[
        "simulate",
        "--games",
        "5",
        "--players",
        "3",
        "--seed",
        "9",
        "--format",
        "json",
    ]);
    let merged = bohnanza(&["simulate-merge", &paths[1], &paths[0]]);
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    assert_eq!(
        String::from_utf8(merged.stdout).unwrap(),
        String::from_utf8(whole.stdout).unwrap()
    );
    // One slice alone is merged with a note of what it covers, in games (deals with
    // --duplicate), not the simulator's "units".
    let part = bohnanza(&["simulate-merge", &paths[1]]);
    let note = String::from_utf8_lossy(&part.stderr);
    assert!(
        note.contains("the reports cover games 2–4 of 0–4, not the whole run"),
        "{note}"
    );

    // A damaged report is refused with a reason, and control characters never reach the
    // terminal.
    let bad = dir.path().join("bad.json");
    let text = std::fs::read_to_string(&paths[0]).unwrap();
    let damaged = text.replacen(
        "\"variant\": \"base\"",
        "\"variant\": \"\\u001b]0;pwned\\u0007\"",
        1,
    );
    assert_ne!(text, damaged);
    std::fs::write(&bad, damaged).unwrap();
    let out = bohnanza(&["simulate-merge", &bad.display().to_string()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("not a simulate report"),
        "{err}"
    );
    assert!(!err.contains('\u{1b}') && out.stdout.is_empty());
    let out = bohnanza(&["simulate-merge", "/dev/null/nothing"]);
    assert!(!out.status.success());
}

fn text_of(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn each_seat_prints_its_own_search_budget() {
    let text = text_of(&bohnanza(&[
        "simulate",
        "--games",
        "1",
        "--seats",
        "greedy,mcts:3,mcts",
        "--mcts-playouts",
        "2",
    ]));
    assert!(
        text.contains("seat 2 (mcts:3): 3 playouts per decision\n"),
        "{text}"
    );
    assert!(
        text.contains("seat 3 (mcts): 2 playouts per decision\n"),
        "{text}"
    );
    assert!(!text.contains("seat 1 (greedy):"), "greedy has no budget");
    assert!(
        !text.contains("mcts: 2 playouts"),
        "no budget for all: {text}"
    );
}

#[test]
fn a_ruleset_file_is_named_as_a_file() {
    let text = text_of(&bohnanza(&[
        "simulate",
        "--games",
        "2",
        "--players",
        "3",
        "--ruleset",
        "rulesets/base.toml",
    ]));
    assert!(
        text.starts_with(
            "2 games of the ruleset file rulesets/base.toml (named base), 3 players: "
        ),
        "{text}"
    );
    let json = bohnanza(&[
        "simulate",
        "--games",
        "2",
        "--players",
        "3",
        "--ruleset",
        "rulesets/base.toml",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["ruleset_file"], "rulesets/base.toml");
    assert_eq!(json["variant"], "base");
    // A built-in variant's report is as it was: no file named.
    let json = bohnanza(&[
        "simulate",
        "--games",
        "2",
        "--players",
        "3",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(json.get("ruleset_file").is_none(), "{json}");

    let ladder = text_of(&bohnanza(&[
        "ladder",
        "--bots",
        "greedy,random",
        "--players",
        "3",
        "--games",
        "2",
        "--ruleset",
        "rulesets/base.toml",
    ]));
    assert!(
        ladder.starts_with("2 games of the ruleset file rulesets/base.toml (named base), "),
        "{ladder}"
    );
}

#[test]
fn ties_at_the_top_and_shared_wins_are_told_apart() {
    let text = text_of(&bohnanza(&["simulate", "--games", "2", "--players", "3"]));
    let at = text.find("ties at the top: ").expect("the ties line");
    let next = &text[at..];
    assert!(
        next.lines().nth(1).unwrap().trim() == bohnanza::simulate::render::TIES_EXPLAINED,
        "{next}"
    );
    let explained = bohnanza::simulate::render::TIES_EXPLAINED;
    assert!(
        explained.contains("tie break") && explained.contains("shared win"),
        "{explained}"
    );
}

/// JSON printed by the tools may be read on a terminal, as the protocol's replies are: a
/// ruleset file's path holding a bidi override or a C1 control is written with those
/// characters as `\uXXXX` escapes, which read back as the same path, by `simulate`, a
/// comparison, `simulate-merge` and `ladder`.
#[test]
fn json_reports_escape_bidi_and_c1_controls_in_paths() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("odd\u{202e}\u{9b}31m.toml");
    std::fs::copy("rulesets/base.toml", &file).unwrap();
    let file = file.to_str().unwrap();
    let report = dir.path().join("run.json");
    let runs: [&[&str]; 3] = [
        &[
            "simulate",
            "--games",
            "2",
            "--players",
            "3",
            "--format",
            "json",
            "--ruleset",
            file,
        ],
        &[
            "simulate",
            "--games",
            "2",
            "--players",
            "3",
            "--format",
            "json",
            "--ruleset",
            file,
            "--against-variant",
            "base",
        ],
        &[
            "ladder",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--format",
            "json",
            "--ruleset",
            file,
        ],
    ];
    let mut printed: Vec<String> = runs
        .iter()
        .map(|args| {
            let out = bohnanza(args);
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8(out.stdout).unwrap()
        })
        .collect();
    std::fs::write(&report, &printed[0]).unwrap();
    let merged = bohnanza(&["simulate-merge", report.to_str().unwrap()]);
    printed.push(String::from_utf8(merged.stdout).unwrap());
    for json in printed {
        assert!(!json.contains(['\u{202e}', '\u{9b}']), "{json}");
        assert!(json.contains("odd\\u202e\\u009b31m.toml"), "{json}");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let named = value["ruleset_file"]
            .as_str()
            .or_else(|| value["a"]["ruleset_file"].as_str())
            .unwrap();
        assert_eq!(named, file);
    }
}
