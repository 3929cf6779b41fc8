//! The dice table at 80×24 and 120×40, drawn with `TestBackend` from seeded games.

use crate::support::dice_screen::*;
use bohnanza::ui::{App, Overlay, Theme};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn snap(name: &str, app: &App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("dice_{name}_{w}x{h}"), render(app, w, h));
    }
}

/// Three people (seed 4): Ana has rolled once.
fn after_roll() -> App {
    let mut a = app(3, 4, Theme::colored());
    type_keys(&mut a, "r");
    a
}

#[test]
fn after_a_roll() {
    snap("after_roll", &after_roll());
}

#[test]
fn mid_turn_with_saved_dice_and_dice_chosen() {
    let mut a = after_roll();
    type_keys(&mut a, "12\nr3");
    snap("mid_turn", &a);
}

#[test]
fn five_players_at_the_smallest_size() {
    let mut a = app(5, 8, Theme::colored());
    type_keys(&mut a, "r");
    snap("five_players", &a);
    // Issue 36: the log and its legend of short names keep a place at 80×24, in the cell
    // the fifth card leaves free.
    let screen = render(&a, 80, 24);
    assert!(screen.contains("Log"), "{screen}");
    assert!(screen.contains("Ga Garden"), "{screen}");
    assert!(screen.contains("Bl Blue"), "{screen}");
}

/// Bots in every seat play until someone may harvest on a person's behalf: the question.
#[test]
fn the_harvest_question() {
    let mut a = app(2, 5, Theme::colored());
    let seat = loop {
        let t = dice(&a);
        if let Some(s) = (0..2).find(|&s| t.state.may_harvest(s)) {
            break s;
        }
        let keys = match t.state.phase() {
            bohnanza::dice::TurnPhase::Roll => "r".to_string(),
            bohnanza::dice::TurnPhase::Pass => "p".to_string(),
            _ => format!("{}\n", t.state.field().unsaved()[0] + 1),
        };
        type_keys(&mut a, &keys);
    };
    type_keys(&mut a, &format!("h{}", seat + 1));
    snap("harvest_question", &a);
}

/// Three people who harvest only in their own turn, played until the final phase.
fn final_phase() -> App {
    let mut a = app(3, 2, Theme::colored());
    while dice(&a).state.final_phase().is_none() {
        let keys = patient_keys(&a);
        type_keys(&mut a, &keys);
    }
    assert!(dice(&a).state.outcome().is_none(), "the turn goes on");
    a
}

#[test]
fn the_final_phase_and_the_winner() {
    let mut a = final_phase();
    snap("final_phase", &a);
    while dice(&a).state.outcome().is_none() {
        let keys = patient_keys(&a);
        type_keys(&mut a, &keys);
    }
    assert!(dice(&a).state.outcome().is_some());
    snap("winner", &a);
}

#[test]
fn help_and_quit_windows() {
    let mut a = after_roll();
    a.overlay = Some(Overlay::Help);
    snap("help", &a);
    // Issue 36: the help says what the darker and the lighter dice show.
    let help = render(&a, 80, 24);
    assert!(
        help.contains("The darker dice 1, 2 show Blue, Garden"),
        "{help}"
    );
    assert!(help.contains("dice 3, 4, 5 show Stink, Red"), "{help}");
    a.overlay = Some(Overlay::Symbols);
    snap("symbols", &a);
    a.overlay = Some(Overlay::ConfirmQuit);
    snap("quit", &a);
}

#[test]
fn no_color() {
    let mut a = after_roll();
    a.theme = Theme::plain();
    type_keys(&mut a, "2");
    snap("no_color", &a);
}

/// Every order on every card is read whole at 80×24, whatever the seed and the number of
/// players: short names where the full ones do not fit, explained on the screen (when the
/// log shows) and in the table's symbols (`?` twice).
#[test]
fn every_order_is_readable_at_80_by_24() {
    for players in 2..=5 {
        for seed in 1..10 {
            let mut a = app(players, seed, Theme::plain());
            type_keys(&mut a, "r");
            let screen = render(&a, 80, 24);
            assert!(!screen.contains('…'), "an order is cut off:\n{screen}");
            if screen.contains("Ga/") && screen.contains("\"Log") {
                assert!(screen.contains("Ga Garden"), "the legend:\n{screen}");
            }
        }
    }
    // The help fits whole (its last key shows); `?` again turns to the symbols, also whole.
    let mut a = app(3, 4, Theme::plain());
    type_keys(&mut a, "?");
    let keys = render(&a, 80, 24);
    assert!(
        keys.contains("q       quit"),
        "the help is cut off:\n{keys}"
    );
    type_keys(&mut a, "?");
    let help = render(&a, 80, 24);
    for said in [
        "□ open",
        "→ the next",
        "■ covered",
        "Bohnus",
        "| parts",
        "Ga Garden",
        "So Soy, Bl Blue.",
    ] {
        assert!(help.contains(said), "{said:?} is explained:\n{help}");
    }
}

/// What a harvest would pay stays whole beside a long name at 80×24: the line gives up
/// "dollars" for "$" first (and a bot's kind before that), never the pay.
#[test]
fn what_a_harvest_pays_is_never_cut_off_at_80_by_24() {
    use bohnanza::game::SeatKind;
    let long = "Bartholomew Bold";
    let mut seen = 0;
    for seed in 1..6 {
        let mut t = table(&[SeatKind::Human; 3], seed);
        t.shell.names[1] = long.to_string();
        let mut a = App::playing(t, Theme::plain());
        for _ in 0..400 {
            let t = dice(&a);
            if t.state.may_harvest(1) && t.state.active() != 1 {
                let screen = render(&a, 80, 24);
                let line = screen
                    .lines()
                    .find(|l| l.contains(long))
                    .unwrap_or_else(|| panic!("no line for {long}:\n{screen}"));
                let pays = line.split(" · harvest ").nth(1);
                assert!(
                    pays.is_some_and(
                        |p| p.chars().next().is_some_and(|c| c.is_ascii_digit()) && p.contains('$')
                    ),
                    "the pay is cut off:\n{screen}"
                );
                seen += 1;
                break;
            }
            let k = patient_keys(&a);
            type_keys(&mut a, &k);
        }
    }
    assert!(seen > 0, "no deal let {long} harvest on another's turn");
}

/// The longest names the command line takes (any length), wide characters and emoji among
/// them: the name gives way on its player's line, never the dollars, the bean piece or what
/// a harvest pays, at 80×24 at every step of a game, the bean piece used where it may be.
#[test]
fn a_long_name_gives_way_on_its_players_line() {
    use bohnanza::dice::{BeanPiece, TurnPhase};
    use bohnanza::game::SeatKind;
    let names = [
        "Bartholomew Maximilian Featherstonehaugh-Smythe the Third of Wessex",
        "李小龍李小龍李小龍李小龍李小龍李小龍",
        "🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢🐢",
    ];
    let mut t = table(&[SeatKind::Human; 3], 7);
    for (seat, name) in names.iter().enumerate() {
        t.shell.names[seat] = name.to_string();
    }
    let mut a = App::playing(t, Theme::plain());
    let mut seen_all = false;
    for _ in 0..600 {
        let t = dice(&a);
        if t.state.outcome().is_some() {
            break;
        }
        let view = t.state.view();
        let screen = render(&a, 80, 24);
        for (seat, name) in names.iter().enumerate() {
            let start: String = name.chars().take(1).collect();
            // The name's start, or all of it given way to "…" in the narrowest column.
            let labels: Vec<String> = [start.as_str(), "…"]
                .iter()
                .flat_map(|s| [format!("{}▶ {s}", seat + 1), format!("{}  {s}", seat + 1)])
                .collect();
            let (line, label) = (screen.lines())
                .find_map(|l| {
                    labels
                        .iter()
                        .find(|x| l.contains(x.as_str()))
                        .map(|x| (l, x))
                })
                .unwrap_or_else(|| panic!("no line for {name}:\n{screen}"));
            let own = &line[line.find(label.as_str()).unwrap_or(0) + label.len()..];
            // The left column's player ends where the right column's begins.
            let right: String = names[1].chars().take(1).collect();
            let own = [format!("2▶ {right}"), format!("2  {right}")]
                .iter()
                .fold(own, |own, next| {
                    own.split(next.as_str()).next().unwrap_or(own)
                });
            assert!(
                own.contains('$') || own.contains("dollar"),
                "{own:?}:\n{screen}"
            );
            if seat == view.active {
                assert!(own.contains("· bean piece"), "{own:?}:\n{screen}");
            }
            if let Some(pays) = view.players[seat].harvest_pays {
                let said = format!("· harvest {pays}$");
                assert!(own.contains(&said), "{own:?}:\n{screen}");
                seen_all |= seat == view.active && view.bean_piece == BeanPiece::Used;
            }
        }
        // Use the bean piece whenever it may be, so its longer words are seen too.
        let keys = if view.phase == TurnPhase::Save && view.bean_piece == BeanPiece::Ready {
            "b".to_string()
        } else {
            patient_keys(&a)
        };
        type_keys(&mut a, &keys);
    }
    assert!(
        seen_all,
        "the active player never had a harvest with the bean piece used"
    );
}

/// The final scores keep every player's dollars whole beside a long name, wide characters
/// included: the name is cut instead (a 67-letter name pushed the dollars out of the
/// window).
#[test]
fn the_final_scores_cut_a_long_name_not_its_dollars() {
    use bohnanza::game::SeatKind;
    let names = [
        "Bartholomew Maximilian Featherstonehaugh-Smythe the Third of Wessex",
        "李小龍李小龍李小龍李小龍李小龍李小龍",
        "Cy",
    ];
    let mut t = table(&[SeatKind::Human; 3], 2);
    for (seat, name) in names.iter().enumerate() {
        t.shell.names[seat] = name.to_string();
    }
    let mut a = App::playing(t, Theme::plain());
    while dice(&a).state.outcome().is_none() {
        let keys = patient_keys(&a);
        type_keys(&mut a, &keys);
    }
    let screen = render(&a, 80, 24);
    let scores: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.contains("Game over"))
        .skip(1)
        .take(3)
        .collect();
    for (line, name) in scores.iter().zip(names) {
        let start: String = name.chars().take(1).collect();
        assert!(line.contains(&start), "{name}:\n{screen}");
        assert!(
            line.contains(" dollar") && line.contains("│"),
            "{name}'s dollars:\n{screen}"
        );
    }
    assert!(scores[0].contains("…: "), "the long name is cut:\n{screen}");
}

/// The help's and the symbols' titles are never cut mid-word at 80×24: the game's identity
/// gives way from its end (the symbols' title read "· seed 11 · tur┐").
#[test]
fn the_help_titles_are_whole_at_80_by_24() {
    for seed in [4, 11, 12_345_678_901_234_567] {
        let mut a = app(3, seed, Theme::plain());
        for (press, what) in [
            ("?", "Help · ? symbols, any key closes"),
            ("?", "The table's symbols · any key closes"),
        ] {
            type_keys(&mut a, press);
            let screen = render(&a, 80, 24);
            let top = screen
                .lines()
                .find(|l| l.contains('┌'))
                .unwrap_or_else(|| panic!("no window:\n{screen}"));
            let title = top
                .split("┌ ")
                .nth(1)
                .and_then(|t| t.split(" ─").next())
                .and_then(|t| t.split(" ┐").next())
                .unwrap_or_else(|| panic!("no title: {top}"));
            assert!(title.starts_with(what), "{title}");
            assert!(
                title == what || title.ends_with(" · turn 1"),
                "cut: {title:?}"
            );
        }
        type_keys(&mut a, "x");
    }
}

/// The line that says whose move it is cuts a long name, not its own words: it read
/// "Bartholomew Maximilian Featherstonehaugh-Smythe the Third of Wessex saves at lea" at
/// 80×24; the harvest question keeps its keys.
#[test]
fn a_long_name_leaves_the_prompt_whole() {
    use bohnanza::game::SeatKind;
    let names = [
        "Bartholomew Maximilian Featherstonehaugh-Smythe the Third of Wessex",
        "李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍李小龍",
    ];
    let mut t = table(&[SeatKind::Human; 2], 5);
    for (seat, name) in names.iter().enumerate() {
        t.shell.names[seat] = name.to_string();
    }
    let mut a = App::playing(t, Theme::plain());
    let prompt = |a: &App| {
        let screen = render(a, 80, 24);
        let line = screen.lines().nth(22).unwrap_or("").to_string();
        let said = line.split('"').nth(1).unwrap_or("").trim_end().to_string();
        (said, screen)
    };
    let mut asked = false;
    for _ in 0..300 {
        let t = dice(&a);
        if t.state.outcome().is_some() {
            break;
        }
        let (said, screen) = prompt(&a);
        assert!(said.ends_with('.'), "{said:?}:\n{screen}");
        if let Some(seat) = (0..2).find(|&s| dice(&a).state.may_harvest(s)) {
            type_keys(&mut a, &format!("h{}", seat + 1));
            let (said, screen) = prompt(&a);
            assert!(said.ends_with("? Enter/Esc"), "{said:?}:\n{screen}");
            asked = true;
            a.on_key(key(crossterm::event::KeyCode::Esc));
        }
        let keys = patient_keys(&a);
        type_keys(&mut a, &keys);
    }
    assert!(asked, "no one could harvest");
}

/// Issue 36: when the keyboard comes back to a person after the bots' turns, the roll
/// report's line says what they did, until the person's first move.
#[test]
fn what_the_bots_did_while_a_person_waited() {
    use bohnanza::dice::bots::names::GREEDY;
    use bohnanza::game::SeatKind;
    let mut t = table(
        &[
            SeatKind::Human,
            SeatKind::Bot(GREEDY),
            SeatKind::Bot(GREEDY),
        ],
        6,
    );
    t.act(0, &bohnanza::dice::DiceAction::Roll);
    while t.state.active() == 0 {
        let first = t.state.field().unsaved().first().copied();
        let action = match (t.state.phase(), first) {
            (bohnanza::dice::TurnPhase::Save, Some(die)) => {
                bohnanza::dice::DiceAction::Save { dice: vec![die] }
            }
            (bohnanza::dice::TurnPhase::Roll, _) => bohnanza::dice::DiceAction::Roll,
            _ => bohnanza::dice::DiceAction::PassBeanPiece,
        };
        assert!(t.act(0, &action), "{:?}", t.shell.message);
    }
    assert!(t.waited().is_none(), "no digest while the bots play");
    let moves = (0..500).take_while(|_| t.play_bot()).count();
    assert_eq!(
        t.state.active(),
        0,
        "Ana's turn again after {moves} bot moves"
    );
    let waited = t.waited().expect("a digest for Ana").line(200);
    assert!(waited.starts_with("While you waited: "), "{waited}");
    assert!(waited.contains("Ben rolled 5 times"), "{waited}");
    assert!(
        waited.ends_with(&format!("{moves} moves in the log (l).")),
        "{waited}"
    );
    let mut a = App::playing(t, Theme::colored());
    snap("while_you_waited", &a);
    type_keys(&mut a, "r");
    let screen = render(&a, 80, 24);
    assert!(
        !screen.contains("While you waited"),
        "gone at Ana's move:\n{screen}"
    );
}
