//! The game's flags: clap's clear errors for bad ones, the engine's message for a bad ruleset.

use crate::support::cli::{run, stderr};

#[test]
fn a_player_count_outside_the_variant_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["--players", "9"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("base is for 3, 4, 5 players, not 9"),
        "{}",
        stderr(&o)
    );
    let o = run(&["--names", "Ana,Ben"], dir.path());
    assert!(stderr(&o).contains("not 2"), "{}", stderr(&o));
    let o = run(&["--players", "4", "--names", "Ana,Ben,Cy"], dir.path());
    assert!(
        stderr(&o).contains("--names gives 3 names for 4 players"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_dice_ruleset_file_opens_the_dice_game() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(
        &["--ruleset", "rulesets/dice.toml", "--players", "9"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the dice game is for 2, 3, 4, 5 players, not 9"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_unknown_variant_lists_the_built_in_ones() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["--variant", "nope"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("[possible values: base"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_bad_ruleset_file_gives_the_engines_message_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, "name = \"x\"\n").unwrap();
    let o = run(&["--ruleset", file.to_str().unwrap()], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("bad.toml") && e.contains("title"), "{e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn resume_without_a_saved_game_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["--resume"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no saved game"), "{}", stderr(&o));
    // With no finished game either, it does not count "0 finished games".
    assert!(!stderr(&o).contains("0 finished"), "{}", stderr(&o));
    let o = run(&["--resume", "--players", "3"], dir.path());
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_tools_still_work() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["variants"], dir.path());
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("base"));
}

#[test]
fn seats_must_match_the_players_and_name_known_bots() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["--seats", "human,greedy", "--players", "4"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--seats names 2 seats for 4 players"),
        "{}",
        stderr(&o)
    );
    let o = run(&["--seats", "human,robot,greedy"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("say human, easy, normal, hard, expert, random, greedy or mcts"),
        "{}",
        stderr(&o)
    );
    let o = run(&["--seats", "human,greedy"], dir.path());
    assert!(stderr(&o).contains("not 2"), "{}", stderr(&o));
}

#[test]
fn short_and_long_help_say_the_same() {
    let dir = tempfile::tempdir().unwrap();
    for command in [
        &[][..],
        &["simulate"],
        &["simulate-merge"],
        &["ladder"],
        &["replay"],
        &["check"],
        &["completions"],
        &["man"],
    ] {
        let with = |flag: &str| {
            let mut args = command.to_vec();
            args.push(flag);
            let o = run(&args, dir.path());
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            String::from_utf8(o.stdout).unwrap()
        };
        let (short, long) = (with("-h"), with("--help"));
        assert_eq!(short, long, "{command:?}");
    }
    // The long description is the one both give: simulate's second paragraph is there.
    let o = run(&["simulate", "-h"], dir.path());
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("[possible values: base,"),
        "the long form"
    );
}

#[test]
fn completions_and_the_manual_come_from_the_flags() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        let o = run(&["completions", shell], dir.path());
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let script = String::from_utf8(o.stdout).unwrap();
        // fish names a flag without its dashes (`-l against-variant`).
        for word in [
            "simulate",
            "against-variant",
            "mcts-playouts",
            "completions",
        ] {
            assert!(script.contains(word), "{shell} completes {word}");
        }
    }
    let o = run(&["completions", "tcsh"], dir.path());
    assert_eq!(
        o.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );

    let o = run(&["man"], dir.path());
    assert!(o.status.success(), "{}", stderr(&o));
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(page.contains(".TH bohnanza 1"), "a section 1 page");
    for text in ["simulate", "\\-\\-against", "completions", "\\-\\-seats"] {
        assert!(page.contains(text), "the page mentions {text}");
    }
}

/// The help of `flag` in `help`: its line and the lines under it, up to the next flag.
fn flag_help(help: &str, flag: &str) -> String {
    let mut lines = help
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(flag));
    let first = lines.next().unwrap_or_else(|| panic!("{flag} in {help}"));
    let rest = lines.take_while(|l| !l.trim_start().starts_with('-'));
    std::iter::once(first)
        .chain(rest)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every bot a seat flag accepts is named in its help, for the card games and the dice game
/// alike: the game's `--seats` once left out the levels (easy, normal, hard, expert) that
/// the README seats with it.
#[test]
fn every_seat_flag_names_every_bot_it_takes() {
    use bohnanza::cards::Cards;
    use bohnanza::dice::Dice;
    use bohnanza::game::Seated;
    let dir = tempfile::tempdir().unwrap();
    let mut names: Vec<&str> = Cards::bot_names().iter().map(|b| b.name()).collect();
    names.extend(Dice::bot_names().iter().map(|b| b.name()));
    for (command, flag) in [
        (&[][..], "--seats"),
        (&["simulate"], "--seats"),
        (&["ladder"], "--bots"),
    ] {
        let mut args = command.to_vec();
        args.push("--help");
        let o = run(&args, dir.path());
        let help = flag_help(&String::from_utf8(o.stdout).unwrap(), flag);
        let words: Vec<&str> = help
            .split(|c: char| !c.is_ascii_alphanumeric() && c != ':')
            .collect();
        for name in &names {
            assert!(
                words.contains(name),
                "{command:?} {flag} names {name}: {help}"
            );
        }
    }
}

#[test]
fn an_unknown_pace_lists_the_paces() {
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["--pace", "quick"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("[possible values: slow, normal, fast, instant]"),
        "{}",
        stderr(&o)
    );
}
