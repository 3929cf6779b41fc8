//! `bohnanza --linear`, the real binary on pipes (no terminal), played to the end by a
//! driver that reads the numbered choices and picks: the base game with three people, with
//! an expert bot, and the dice game.

use crate::support::linear::{Policy, check_transcript, play_binary, tail};

#[test]
fn three_people_play_a_whole_base_game_in_lines() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "--linear",
        "--variant",
        "base",
        "--names",
        "Ana,Ben,Cy",
        "--seed",
        "11",
    ];
    let played = play_binary(&args, data.path(), Policy::Seeded(5), 20_000);
    check_transcript(&played.bytes, &played.lines);
    assert_eq!(played.code, Some(0), "{:#?}", tail(&played.lines));
    let handoffs = played
        .lines
        .iter()
        .filter(|l| l.starts_with("handoff: Pass to Ben."))
        .count();
    assert!(handoffs > 3, "Ben was handed the keyboard {handoffs} times");
    assert!(
        played
            .lines
            .iter()
            .any(|l| l.starts_with("say: Your hand (Cy), front card first: "))
    );
    assert!(
        played.lines.iter().any(|l| l == "say: Final scores:"),
        "{:#?}",
        tail(&played.lines)
    );
    assert!(
        played
            .lines
            .iter()
            .any(|l| l.starts_with("say: The game is kept in "))
    );
}

#[test]
fn a_base_game_with_an_expert_bot_plays_to_the_end_in_lines() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "--linear",
        "--variant",
        "base",
        "--seats",
        "human,human,expert",
        "--names",
        "Ana,Ben,Exa",
        "--seed",
        "4",
        "--mcts-time",
        "5",
    ];
    let played = play_binary(&args, data.path(), Policy::First, 20_000);
    check_transcript(&played.bytes, &played.lines);
    assert_eq!(played.code, Some(0), "{:#?}", tail(&played.lines));
    assert!(
        played
            .lines
            .iter()
            .any(|l| l.starts_with("event: Exa planted "))
    );
    assert!(played.lines.iter().any(|l| l == "say: Final scores:"));
}

#[test]
fn a_whole_dice_game_plays_in_lines() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "--linear",
        "--variant",
        "dice",
        "--names",
        "Ana,Ben",
        "--seed",
        "2",
    ];
    let played = play_binary(&args, data.path(), Policy::Seeded(9), 20_000);
    check_transcript(&played.bytes, &played.lines);
    assert_eq!(played.code, Some(0), "{:#?}", tail(&played.lines));
    assert!(
        played
            .lines
            .iter()
            .any(|l| l.starts_with("event: Ana rolled "))
    );
    assert!(
        played
            .lines
            .iter()
            .any(|l| l.starts_with("choose: ") && l.contains("Save "))
    );
    assert!(
        played
            .lines
            .iter()
            .any(|l| l.starts_with("event: This roll covered orders: ")
                || l.starts_with("event: This roll covered no one's order."))
    );
    assert!(
        !played.lines.iter().any(|l| l.starts_with("handoff: ")),
        "the dice game hides nothing"
    );
    assert!(played.lines.iter().any(|l| l == "say: Final scores:"));
}
