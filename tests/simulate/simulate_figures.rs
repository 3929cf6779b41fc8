//! Every figure of the report, checked on three games whose outcome is known (made by
//! hand, as any game's adapter would record them).
use bohnanza::cards::bots::names;
use bohnanza::simulate::figures::Figures;
use bohnanza::simulate::record::{GameRecord, LeadStory};
use bohnanza::simulate::{Entrant, Format, Report, RunTotals, Timing, UnitRange};

fn game(
    scores: [u32; 3],
    winners: &[usize],
    turns: u32,
    ended_in: &str,
    lead: (u32, u32),
    trades: u64,
    cards: u64,
) -> GameRecord {
    GameRecord {
        scores: scores.to_vec(),
        winners: winners.to_vec(),
        turns,
        actions: u64::from(turns) * 5,
        ended_in: ended_in.to_string(),
        lead: LeadStory {
            changes: lead.0,
            winner_worst_deficit: lead.1,
        },
        counters: vec![("trades", trades), ("cards traded", cards)],
        fallbacks: 0,
        stuck: false,
    }
}

fn known_report() -> Report {
    let mut totals = RunTotals::new(3);
    // Seat e sits at position (e + game) % 3, as a rotated run seats them.
    totals.add(
        &game([10, 7, 3], &[0], 20, "phase 2", (2, 3), 4, 10),
        &[0, 1, 2],
    );
    totals.add(
        &game([5, 5, 9], &[2], 30, "phase 4 (drawing)", (0, 0), 2, 2),
        &[2, 0, 1],
    );
    totals.add(
        &game([8, 8, 1], &[0, 1], 25, "phase 2", (1, 2), 0, 0),
        &[1, 2, 0],
    );
    Report {
        variant: "known".into(),
        ruleset_file: None,
        players: 3,
        seats: vec![
            Entrant::plain(names::GREEDY),
            Entrant::plain(names::RANDOM),
            Entrant::plain(names::RANDOM),
        ],
        seed: 0,
        units: 3,
        rotate: true,
        duplicate: false,
        mcts_playouts: 1,
        mcts_time_ms: None,
        played: vec![UnitRange { start: 0, end: 3 }],
        totals,
        paired: Vec::new(),
        timing: None,
        command: None,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn positions_seats_bots_and_balance() {
    let f = Figures::of(&known_report());
    assert_eq!(f.games, 3);
    let wins: Vec<u64> = f.per_position.iter().map(|s| s.wins).collect();
    assert_eq!(
        wins,
        [2, 1, 1],
        "position 1 won the first game and shared the third"
    );
    assert!(close(f.per_position[0].win_rate, 2.0 / 3.0));
    assert!(close(f.per_position[0].scores.mean, 23.0 / 3.0));
    let (lo, hi) = f.per_position[0].win_rate_ci;
    assert!(lo < 2.0 / 3.0 && hi > 2.0 / 3.0);
    assert!(close(f.balance, 1.0 - 1.0 / 3.0));
    let seat_wins: Vec<u64> = f.per_seat.iter().map(|s| s.wins).collect();
    assert_eq!(seat_wins, [1, 2, 1]);
    assert!(close(f.per_seat[0].scores.mean, 16.0 / 3.0));
    assert_eq!(f.per_seat[1].label, "seat 2 (random)");
    let bots: Vec<(&str, u64, u64)> = f
        .per_bot
        .iter()
        .map(|b| (b.label.as_str(), b.games, b.wins))
        .collect();
    assert_eq!(bots, [("random", 6, 3), ("greedy", 3, 1)]);
}

#[test]
fn length_endings_and_score_spread() {
    let f = Figures::of(&known_report());
    assert!(close(f.turns.mean, 25.0) && close(f.turns.sd, 5.0));
    assert_eq!((f.turns.min, f.turns.median, f.turns.max), (20, 25, 30));
    assert!(close(f.actions.mean, 125.0));
    let endings: Vec<(&str, u64)> = f
        .endings
        .iter()
        .map(|e| (e.ended_in.as_str(), e.games))
        .collect();
    assert_eq!(endings, [("phase 2", 2), ("phase 4 (drawing)", 1)]);
    assert!(close(f.endings[0].share, 2.0 / 3.0));
    // Margins 3, 4 and 0 (the third game tied at the top).
    assert!(close(f.margin.mean, 7.0 / 3.0));
    assert_eq!((f.margin.min, f.margin.max), (0, 4));
    assert_eq!(
        (
            f.winning_score.min,
            f.winning_score.median,
            f.winning_score.max
        ),
        (8, 9, 10)
    );
    assert_eq!((f.ties, f.shared_wins), (1, 1));
    assert!(close(f.tie_rate, 1.0 / 3.0));
}

#[test]
fn drama_and_the_games_counters() {
    let f = Figures::of(&known_report());
    assert!(close(f.lead_changes.mean, 1.0));
    assert_eq!((f.lead_changes.min, f.lead_changes.max), (0, 2));
    assert_eq!(
        (
            f.winner_worst_deficit.min,
            f.winner_worst_deficit.median,
            f.winner_worst_deficit.max
        ),
        (0, 2, 3)
    );
    let trades = f.counters.iter().find(|c| c.name == "trades").unwrap();
    assert_eq!(trades.total, 6);
    assert!(close(trades.per_game.mean, 2.0));
    assert_eq!(f.cards_per_trade, Some(2.0));
}

#[test]
fn the_json_report_reads_back_and_checks_itself() {
    let report = known_report();
    let json = report.render(Format::Json);
    let back = Report::from_json(&json).unwrap();
    assert_eq!(back, report);
    // Totals that contradict each other are refused.
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let mut damaged = value.clone();
    damaged["totals"]["games"] = 4.into();
    assert!(Report::from_json(&damaged.to_string()).is_err());
    let mut damaged = value.clone();
    damaged["played"][0]["end"] = 2.into();
    assert!(Report::from_json(&damaged.to_string()).is_err());
    let mut damaged = value.clone();
    damaged["totals"]["turns"]["bucket_width"] = 0.into();
    assert!(Report::from_json(&damaged.to_string()).is_err());
    // Two seats of one bot bucketed differently could not be added up for the bot.
    let mut damaged = value;
    damaged["totals"]["per_seat"][1]["scores"]["bucket_width"] = 2.into();
    assert!(Report::from_json(&damaged.to_string()).is_err());
}

#[test]
fn a_huge_score_draws_promptly() {
    let mut report = known_report();
    report.totals.add(
        &game([u32::MAX, 0, 0], &[0], 20, "phase 2", (0, 0), 0, 0),
        &[0, 1, 2],
    );
    let started = std::time::Instant::now();
    let page = bohnanza::simulate::chart::html(&report).unwrap();
    assert!(page.contains("<svg"));
    assert!(
        started.elapsed().as_secs() < 5,
        "the chart draws its buckets, not every score"
    );
}

/// The text report's first and last lines say what was played: a duplicate run counts its
/// whole in deals (a slice of 3 of 20 deals is not "a run of 20 games"), and a slow run's
/// speed keeps its figures (three games in 25 s is 0.12 a second, not 0).
#[test]
fn the_text_report_counts_deals_and_slow_runs_truly() {
    let mut report = known_report();
    report.duplicate = true;
    report.units = 20;
    report.timing = Some(Timing {
        seconds: 25.0,
        jobs: 1,
    });
    let text = report.render(Format::Text);
    let first = text.lines().next().unwrap();
    assert!(first.ends_with("(part of a run of 20 deals)"), "{first}");
    let last = text.lines().last().unwrap();
    assert_eq!(last, "25.00 s on 1 job, 0.12 games per second");
    report.timing = Some(Timing {
        seconds: 0.5,
        jobs: 2,
    });
    let text = report.render(Format::Text);
    assert_eq!(
        text.lines().last().unwrap(),
        "0.50 s on 2 jobs, 6 games per second"
    );
}
