//! The dice ruleset: the built-in file, the Bohnus figures, and every check on a file.

use bohnanza::dice::{
    Bean, DiceRuleset, DiceRulesetProblem as P, OrderTextError, Shade, parse_order,
};

/// The chance that one roll of the standard dice fulfils `order`, counted independently of
/// the engine: every one of the 6^5 face combinations, and for each every way of giving the
/// order's slots distinct dice.
fn brute_force_hits(order: &str) -> u32 {
    let darker = [
        Bean::Blue,
        Bean::Garden,
        Bean::Stink,
        Bean::Stink,
        Bean::Soy,
        Bean::Soy,
    ];
    let lighter = [
        Bean::Stink,
        Bean::Red,
        Bean::Blue,
        Bean::Blue,
        Bean::Green,
        Bean::Green,
    ];
    let dice = [darker, darker, lighter, lighter, lighter];
    let alternatives: Vec<Vec<Vec<Bean>>> = order
        .split('|')
        .map(|alt| {
            alt.split(',')
                .flat_map(|slot| {
                    let slot = slot.trim();
                    let (n, kinds) = match slot.split_once(' ') {
                        Some((n, kinds)) => (n.parse().unwrap(), kinds),
                        None => (1, slot),
                    };
                    let kinds: Vec<Bean> = kinds
                        .split('/')
                        .map(|k| *Bean::ALL.iter().find(|b| b.name() == k).unwrap())
                        .collect();
                    std::iter::repeat_n(kinds, n)
                })
                .collect()
        })
        .collect();
    let mut hits = 0;
    for n in 0..7776u32 {
        let shown: Vec<Bean> = (0..5)
            .map(|d| dice[d][(n / 6u32.pow(d as u32) % 6) as usize])
            .collect();
        if alternatives
            .iter()
            .any(|slots| assign(slots, &shown, &mut [false; 5]))
        {
            hits += 1;
        }
    }
    hits
}

fn assign(slots: &[Vec<Bean>], shown: &[Bean], used: &mut [bool; 5]) -> bool {
    let Some((slot, rest)) = slots.split_first() else {
        return true;
    };
    for d in 0..5 {
        if !used[d] && slot.contains(&shown[d]) {
            used[d] = true;
            let ok = assign(rest, shown, used);
            used[d] = false;
            if ok {
                return true;
            }
        }
    }
    false
}

/// The Bohnus the engine worked out, when it loaded the built-in ruleset, for the order
/// written `order` (cards 1 to 4 of rulesets/dice.toml carry the rulebook's examples).
fn engine_bohnus(order: &str) -> (u32, u32) {
    let needs = parse_order(order).unwrap();
    let ruleset = DiceRuleset::standard();
    let found = ruleset.cards[..4]
        .iter()
        .flat_map(|c| &c.orders)
        .find(|o| o.needs == needs)
        .unwrap_or_else(|| panic!("{order} is not on cards 1 to 4"));
    found.bohnus.fraction()
}

/// The roll table's count (each result checked by Hall's condition on its slots' kinds)
/// agrees with trying every way of giving slots dice on every face combination: for every
/// slot written one to five times, and for hundreds of mixed alternatives and orders of
/// several alternatives, the impossible ones included.
#[test]
fn the_roll_table_counts_what_trying_every_assignment_counts() {
    let mut slots: Vec<String> = Bean::ALL.iter().map(|b| b.name().to_string()).collect();
    for (i, a) in Bean::ALL.iter().enumerate() {
        for b in &Bean::ALL[i + 1..] {
            slots.push(format!("{a}/{b}"));
        }
    }
    let mut orders: Vec<String> = slots
        .iter()
        .flat_map(|s| (1..=5).map(move |n| format!("{n} {s}")))
        .collect();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |below: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % below as u64) as usize
    };
    for _ in 0..400 {
        let alternatives: Vec<String> = (0..1 + next(3))
            .map(|_| {
                let picked: Vec<&str> =
                    (0..2 + next(4)).map(|_| slots[next(21)].as_str()).collect();
                picked.join(", ")
            })
            .collect();
        orders.push(alternatives.join(" | "));
    }
    let table = bohnanza::dice::RollTable::new(&DiceRuleset::standard().dice);
    for order in &orders {
        let needs = parse_order(order).unwrap();
        assert_eq!(
            table.bohnus(&needs).hits,
            brute_force_hits(order),
            "{order}"
        );
        let chances = table.chances(&needs);
        for (alternative, chance) in needs.iter().zip(&chances.alternatives) {
            let alone = table.bohnus(std::slice::from_ref(alternative));
            assert_eq!(*chance, alone, "{order}");
        }
    }
}

/// The rulebook's four example orders, pinned to their exact chances.
#[test]
fn the_rulebooks_examples_have_their_exact_bohnus() {
    let examples = [
        // "1 Stink Bean, 1 Soy Bean, and 1 Red Bean"
        ("Red, Stink, Soy", (34, 243)),
        // "2 Green Beans or 2 Soy Beans"
        ("2 Green | 2 Soy", (83, 243)),
        // "1 Soy Bean or 1 Green Bean, as well as 1 Red Bean and 1 Garden Bean"
        ("Green/Soy, Red, Garden", (371, 3888)),
        // "1 Soy Bean or 1 Green Bean. Of the remaining dice, 2 must show either a Garden Bean
        // or a Red Bean"
        ("Green/Soy, 2 Garden/Red", (575, 3888)),
    ];
    for (order, fraction) in examples {
        let hits = brute_force_hits(order);
        assert_eq!(hits * fraction.1, fraction.0 * 7776, "{order}: {hits}/7776");
        assert_eq!(engine_bohnus(order), fraction, "{order}");
    }
}

#[test]
fn the_built_in_dice_match_the_player_aid() {
    let ruleset = DiceRuleset::standard();
    let shades: Vec<Shade> = ruleset.dice.iter().map(|d| d.shade).collect();
    assert_eq!(
        shades,
        [
            Shade::Darker,
            Shade::Darker,
            Shade::Lighter,
            Shade::Lighter,
            Shade::Lighter
        ]
    );
    // card-data.md: over all 30 faces, Blue 8, Stink 7, Green 6, Soy 4, Red 3, Garden 2.
    let count = |bean| {
        ruleset
            .dice
            .iter()
            .flat_map(|d| d.faces)
            .filter(|f| *f == bean)
            .count()
    };
    let counts: Vec<usize> = [
        Bean::Blue,
        Bean::Stink,
        Bean::Green,
        Bean::Soy,
        Bean::Red,
        Bean::Garden,
    ]
    .into_iter()
    .map(count)
    .collect();
    assert_eq!(counts, [8, 7, 6, 4, 3, 2]);
    assert!(
        ruleset.dice.iter().all(|d| d.kinds().len() == 4),
        "each die shows four kinds"
    );
    assert_eq!(ruleset.cards.len(), 55);
    assert_eq!(ruleset.goal, 10);
    assert!(bohnanza::dice::STANDARD_TOML.contains("AUTHORED"));
}

#[test]
fn every_built_in_card_gets_harder_upwards() {
    let ruleset = DiceRuleset::standard();
    for card in &ruleset.cards {
        for pair in card.orders.windows(2) {
            assert!(pair[1].bohnus < pair[0].bohnus);
        }
        assert!(card.orders[4].bohnus.hits > 0);
    }
}

#[test]
fn a_ruleset_survives_a_serde_round_trip() {
    let ruleset = DiceRuleset::standard();
    let json = serde_json::to_string(&ruleset).unwrap();
    let back: DiceRuleset = serde_json::from_str(&json).unwrap();
    assert_eq!(back, ruleset);
}

/// The built-in file with its first card replaced by `card` (a TOML array of five strings).
fn with_first_card(card: &str) -> String {
    let text = bohnanza::dice::STANDARD_TOML;
    let start = text.find("cards = [\n").unwrap() + "cards = [\n".len();
    let end = start + text[start..].find('\n').unwrap();
    format!("{}    {card},{}", &text[..start], &text[end..])
}

/// The built-in file keeping only its first `count` cards.
fn only_cards(count: usize) -> String {
    let text = bohnanza::dice::STANDARD_TOML;
    let start = text.find("cards = [\n").unwrap() + "cards = [\n".len();
    let end = start + text[start..].find("\n]\n").unwrap();
    let kept: Vec<&str> = text[start..end].lines().take(count).collect();
    format!("{}{}{}", &text[..start], kept.join("\n"), &text[end..])
}

fn problems(text: &str) -> Vec<(String, P)> {
    let err = DiceRuleset::from_toml_str(text).unwrap_err();
    err.problems
        .into_iter()
        .map(|p| (p.at, p.problem))
        .collect()
}

#[test]
fn a_card_that_does_not_get_harder_upwards_is_refused() {
    let text = with_first_card(r#"["Stink", "Blue", "2 Blue", "3 Blue", "4 Blue"]"#);
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "cards[0][1]");
    assert!(matches!(found[0].1, P::NotHarder { .. }));
    let message = DiceRuleset::from_toml_str(&text).unwrap_err().to_string();
    assert!(
        message.contains("orders must get harder from the bottom of the card up"),
        "{message}"
    );
}

#[test]
fn bad_orders_and_impossible_orders_are_refused_with_their_place() {
    let cases = [
        (
            r#"["Blue", "Pinto", "2 Blue", "3 Blue", "4 Blue"]"#,
            "cards[0][1]",
            P::OrderText(OrderTextError::UnknownBean("Pinto".into())),
        ),
        (
            r#"["Blue", "2 Blue", "3 Blue", "4 Blue", "3 Garden"]"#,
            "cards[0][4]",
            P::ImpossibleOrder,
        ),
        (
            r#"["Blue", "2 Blue", "3 Blue", "4 Blue", "4 Blue | 3 Soy | 3 Garden, Blue"]"#,
            "cards[0][4]",
            P::ImpossibleAlternative {
                number: 2,
                text: "3 Soy".into(),
            },
        ),
        (
            r#"["Blue", "2 Blue", "3 Blue", "4 Blue"]"#,
            "cards[0]",
            P::WrongOrderCount(4),
        ),
        (
            r#"["Blue", "2 Blue", "3 Blue", "4 Blue", "6 Blue"]"#,
            "cards[0][4]",
            P::OrderText(OrderTextError::BadCount("6 Blue".into())),
        ),
    ];
    for (card, at, problem) in cases {
        let found = problems(&with_first_card(card));
        assert!(
            found.contains(&(at.to_string(), problem)),
            "{card}: {found:?}"
        );
        assert!(
            found.iter().all(|(place, _)| place == at),
            "{card}: {found:?}"
        );
    }
    // Each impossible alternative is its own problem.
    let found = problems(&with_first_card(
        r#"["Blue", "2 Blue", "3 Blue", "4 Blue", "4 Blue | 3 Soy | 3 Garden, Blue"]"#,
    ));
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        found[1].1,
        P::ImpossibleAlternative {
            number: 3,
            text: "3 Garden, Blue".into()
        }
    );
}

/// Every file in `tests/invalid_dice_rulesets/` is refused with the one line in its
/// `.expected` file, as `bohnanza check` prints it: `file:line: key: …`, the card rulesets'
/// form.
#[test]
fn every_invalid_dice_ruleset_fails_with_its_expected_message() {
    let dir = std::path::Path::new("tests/invalid_dice_rulesets");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{} has no .expected file", path.display()));
        let shown = path.display().to_string();
        let err = DiceRuleset::from_toml_str(&text).expect_err(&shown);
        assert_eq!(err.located(&shown), expected.trim_end(), "{shown}");
        assert_eq!(expected.lines().count(), 1, "{shown}");
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} invalid dice rulesets found");
}

/// Soy is on the two darker dice only, so no roll shows three: the built-in cards 30 and 40
/// once offered "3 Soy" as a second way to fulfil their top order.
#[test]
fn no_built_in_alternative_is_impossible() {
    let ruleset = DiceRuleset::standard();
    let table = bohnanza::dice::RollTable::new(&ruleset.dice);
    for (c, card) in ruleset.cards.iter().enumerate() {
        for (o, order) in card.orders.iter().enumerate() {
            for alternative in &order.needs {
                let hits = table.bohnus(std::slice::from_ref(alternative)).hits;
                assert!(hits > 0, "cards[{c}][{o}]: {alternative:?}");
            }
        }
    }
    for card in [30, 40] {
        let top = bohnanza::dice::OrderText(&ruleset.cards[card - 1].orders[4].needs).to_string();
        assert!(top.ends_with("| 2 Soy, 2 Red"), "card {card}: {top}");
    }
}

#[test]
fn bad_dice_players_goal_and_payouts_are_refused() {
    let text = bohnanza::dice::STANDARD_TOML;
    let cases = [
        (
            text.replace("goal = 10", "goal = 0"),
            P::GoalOutOfRange { goal: 0, max: 100 },
        ),
        (
            text.replace("players = [2, 3, 4, 5]", "players = [2, 2]"),
            P::DuplicatePlayerCount(2),
        ),
        (
            text.replace("players = [2, 3, 4, 5]", "players = [1]"),
            P::PlayerCountOutOfRange { count: 1, max: 8 },
        ),
        (
            only_cards(12),
            P::TooFewCards {
                players: 5,
                needed: 13,
                have: 12,
            },
        ),
        (
            text.replace("{ orders = 4, dollars = 2 }", "{ orders = 4, dollars = 1 }"),
            P::PayoutsDoNotRise {
                orders: 4,
                fewer: 3,
            },
        ),
        (
            text.replacen(r#""Soy", "Soy"]"#, r#""Soy", "Pinto"]"#, 1),
            P::UnknownBean("Pinto".into()),
        ),
    ];
    for (text, problem) in cases {
        let found = problems(&text);
        assert!(
            found.iter().any(|(_, p)| *p == problem),
            "{problem:?} not in {found:?}"
        );
    }
}

#[test]
fn syntax_errors_and_unknown_keys_say_so() {
    let unknown = format!("colour = \"red\"\n{}", bohnanza::dice::STANDARD_TOML);
    let found = problems(&unknown);
    assert_eq!(found[0].0, "colour", "{found:?}");
    assert!(
        matches!(&found[0].1, P::UnknownKey { allowed } if allowed.starts_with("name, title")),
        "{found:?}"
    );
    let huge = "#".repeat(300 * 1024);
    assert!(matches!(problems(&huge)[0].1, P::TooLarge(_)));
}
