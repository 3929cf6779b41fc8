//! The dice game in the simulator: the same run, totals, shards and report as the card
//! games, through the dice game's adapter.

use std::sync::Arc;

use bohnanza::bots::{BotOptions, MctsBudget};
use bohnanza::dice::DiceRuleset;
use bohnanza::simulate::{BotName, DiceGame, Entrant, Format, Report, Shard, SimConfig, run};

fn config(seats: &[BotName], games: u64, shard: Shard) -> SimConfig {
    SimConfig {
        game: DiceGame::new(Arc::new(DiceRuleset::standard())),
        seats: seats.iter().map(|&k| Entrant::plain(k)).collect(),
        games,
        seed: 11,
        jobs: 2,
        rotate: true,
        duplicate: false,
        shard,
        options: BotOptions {
            mcts: MctsBudget {
                playouts: 4,
                time: None,
            },
        },
    }
}

#[test]
fn dice_games_at_every_table_size_finish_and_add_up() {
    use BotName::*;
    for seats in [
        vec![Greedy, Random],
        vec![Expect, Greedy, Random],
        vec![Greedy; 4],
        vec![Random, Greedy, Random, Greedy, Random],
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
    use BotName::*;
    let report = run(
        &config(&[Expect, Greedy, Random], 30, Shard::WHOLE),
        &|_| {},
    )
    .unwrap();
    let wins: Vec<u64> = report.totals.per_seat.iter().map(|s| s.wins).collect();
    assert!(wins[0] > wins[1] && wins[1] > wins[2], "{wins:?}");
}

#[test]
fn dice_shards_merge_into_the_whole_run() {
    use BotName::*;
    let seats = [Greedy, Random, Greedy];
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
        &config(&[BotName::Mcts, BotName::Greedy], 2, Shard::WHOLE),
        &|_| {},
    ) else {
        panic!("mcts plays only the card games");
    };
    assert!(err.to_string().contains("no mcts bot"), "{err}");
}
