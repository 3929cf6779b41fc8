//! The dice game in the simulator: the same run, totals, shards and report as the card
//! games, through the dice game's adapter.

use bohnanza::dice::bots::names;
use std::sync::Arc;

use bohnanza::cards::bots::{BotOptions, ThinkingBudget};
use bohnanza::dice::DiceRuleset;
use bohnanza::rules::Rules;
use bohnanza::simulate::{BotName, Entrant, Format, Report, Shard, SimConfig, SimGame, run};

fn config(seats: &[BotName], games: u64, shard: Shard) -> SimConfig {
    SimConfig {
        game: SimGame::new(Rules::Dice(Arc::new(DiceRuleset::standard()))),
        seats: seats.iter().map(|&k| Entrant::plain(k)).collect(),
        games,
        seed: 11,
        jobs: 2,
        rotate: true,
        duplicate: false,
        shard,
        options: BotOptions {
            search: ThinkingBudget {
                playouts: 4,
                time: None,
            },
        },
    }
}

#[test]
fn dice_games_at_every_table_size_finish_and_add_up() {
    use bohnanza::dice::bots::names::*;
    for seats in [
        vec![GREEDY, RANDOM],
        vec![EXPECT, GREEDY, RANDOM],
        vec![GREEDY; 4],
        vec![RANDOM, GREEDY, RANDOM, GREEDY, RANDOM],
    ] {
        let report = run(&config(&seats, 12, Shard::WHOLE), &|_| {}).unwrap();
        let t = &report.totals;
        assert_eq!(t.games, 12, "{seats:?}");
        assert_eq!(t.stuck, 0, "{seats:?}: every game reaches its end");
        let wins: u64 = t.per_seat.iter().map(|s| s.wins).sum();
        assert!(wins >= 12, "{seats:?}: every game has a winner");
        // Someone reached the goal of 10 bean dollars in every game.
        assert!(t.winning_score.quantile(0.0) >= 10, "{seats:?}");
        for name in ["rolls", "harvests", "orders covered (others')"] {
            assert!(t.counters.contains_key(name), "{seats:?}: {name}");
        }
        assert!(
            t.ended_in
                .keys()
                .all(|k| k.starts_with("final phase announced")),
            "{:?}",
            t.ended_in
        );
    }
}

#[test]
fn the_strong_dice_bot_wins_most_and_random_least() {
    use bohnanza::dice::bots::names::*;
    let report = run(
        &config(&[STRONG, EXPECT, GREEDY, RANDOM], 40, Shard::WHOLE),
        &|_| {},
    )
    .unwrap();
    let wins: Vec<u64> = report.totals.per_seat.iter().map(|s| s.wins).collect();
    assert!(wins[..3].iter().all(|&w| w > wins[3]), "{wins:?}");
    assert!(wins[0] > wins[1] && wins[0] > wins[2], "{wins:?}");
}

#[test]
fn dice_shards_merge_into_the_whole_run() {
    use bohnanza::dice::bots::names::*;
    let seats = [GREEDY, RANDOM, GREEDY];
    let whole = run(&config(&seats, 9, Shard::WHOLE), &|_| {}).unwrap();
    let mut merged: Option<Report> = None;
    for k in 1..=3 {
        let shard = format!("{k}/3").parse::<Shard>().unwrap();
        let part = run(&config(&seats, 9, shard), &|_| {}).unwrap();
        let part = Report::from_json(&part.render(Format::Json)).unwrap();
        match &mut merged {
            None => merged = Some(part),
            Some(m) => m.merge(&part).unwrap(),
        }
    }
    assert_eq!(merged.unwrap().totals, whole.totals);
}

#[test]
fn a_bot_the_dice_game_lacks_is_refused_before_a_game_is_played() {
    let Err(err) = run(
        &config(
            &[bohnanza::cards::bots::names::MCTS, names::GREEDY],
            2,
            Shard::WHOLE,
        ),
        &|_| {},
    ) else {
        panic!("mcts plays only the card games");
    };
    assert!(err.to_string().contains("no mcts bot"), "{err}");
}

/// The same dice seed and seats give the same game on the screen's table, in `simulate` and
/// through `script`: every seat's bot is seeded one way (`bots::seat_seed`), wherever it plays.
#[test]
fn the_screen_the_simulator_and_script_play_the_same_dice_game() {
    use bohnanza::dice::screen::DiceTable;
    use bohnanza::game::SeatKind;
    use bohnanza::store::RulesetSource;

    let kinds = [names::RANDOM, names::GREEDY, names::RANDOM];
    let names = [names::RANDOM, names::GREEDY, names::RANDOM];
    let ruleset = Arc::new(DiceRuleset::standard());
    for seed in [3, 20, 77] {
        let mut table = DiceTable::new(
            bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
                ruleset.clone(),
                RulesetSource::dice(),
                ["A", "B", "C"].map(String::from).to_vec(),
                kinds.map(SeatKind::Bot).to_vec(),
                seed,
            ),
            None,
        )
        .unwrap();
        while table.state.outcome().is_none() {
            assert!(
                table.play_bot(),
                "seed {seed}: a bot seat always has a move"
            );
            assert!(
                table.shell.record.actions.len() < 100_000,
                "seed {seed}: the game ends"
            );
        }
        let on_screen = table.state.outcome().unwrap();

        let seating: Vec<Entrant> = names.iter().map(|&k| Entrant::plain(k)).collect();
        let simulated = SimGame::new(Rules::Dice(ruleset.clone()))
            .play(seed, &seating, &BotOptions::default())
            .unwrap();
        assert_eq!(simulated.scores, on_screen.dollars, "seed {seed}");
        assert_eq!(simulated.winners, on_screen.winners, "seed {seed}");
        assert_eq!(
            simulated.actions,
            table.shell.record.actions.len() as u64,
            "seed {seed}"
        );

        let mut script = bohnanza::protocol::Session::new();
        let started = script.handle_line(&format!(
            r#"{{"new": {{"variant": "dice", "players": 3, "seed": {seed}}}}}"#
        ));
        assert!(started.contains("started"), "{started}");
        let mut last = String::new();
        for action in table.shell.record.actions.iter() {
            last = script.handle_line(&serde_json::json!({ "act": action }).to_string());
            assert!(!last.contains("\"error\""), "seed {seed}: {last}");
        }
        let reply: serde_json::Value = serde_json::from_str(&last).unwrap();
        let ended = reply["events"]
            .as_array()
            .and_then(|events| events.iter().find_map(|e| e.get("game_ended")))
            .unwrap_or_else(|| panic!("seed {seed}: the last action ends the game: {last}"));
        assert_eq!(
            ended,
            &serde_json::json!({ "dollars": on_screen.dollars, "winners": on_screen.winners }),
            "seed {seed}"
        );
    }
}
