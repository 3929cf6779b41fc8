//! The coach at the card table: hints for the decision at hand in every built-in variant,
//! computed from what the player may see only, step by step, and the review of a record.

use bohnanza::cards::bots::names;
use std::sync::Arc;

use bohnanza::cards::Cards;
use bohnanza::cards::bots::{BotOptions, Next, SeatKind, Table};
use bohnanza::cards::{Action, GameState, IgnoreEvents, Phase, Ruleset};
use bohnanza::coach::{Coached, Hint, Thinking, review};
use bohnanza::game::Tape;

use crate::support::cards::{base, every_ruleset};

/// Few deals: enough to rank, cheap in a debug build.
const SAMPLES: u32 = 6;

pub(crate) fn names(n: usize) -> Vec<String> {
    ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A game of greedy players from `seed`, played until `stop` holds (or the game ends),
/// with its record.
pub(crate) fn play_until(
    ruleset: &Arc<Ruleset>,
    players: usize,
    seed: u64,
    stop: impl Fn(&GameState) -> bool,
) -> Tape<Cards> {
    let state = GameState::new(ruleset, players, seed).expect("allowed player count");
    let kinds = vec![SeatKind::Bot(names::GREEDY); players];
    let mut table = Table::new(&kinds, seed, &BotOptions::default()).expect("greedy seats");
    let mut tape = Tape::<Cards>::new(state);
    while !stop(tape.now()) {
        match table.next(tape.now()) {
            Next::Bot { player, action } => {
                tape.play(player, action)
                    .expect("the driver hands out legal actions");
            }
            _ => break,
        }
    }
    tape
}

pub(crate) fn finish(
    mut thinking: Box<dyn Thinking<Action>>,
) -> (Hint<Action>, Box<dyn Thinking<Action>>) {
    while !thinking.step() {}
    (thinking.hint(), thinking)
}

/// Checks a hint's shape: the choices kept to the end of the halving first, each of the
/// first three (or all, if fewer) played on every deal, the best 0 behind, every figure
/// sane.
fn check_ranked(hint: &Hint<Action>) {
    assert!(!hint.choices.is_empty(), "no choices");
    assert_eq!(hint.choices[0].behind, 0.0);
    assert!(hint.samples >= 1);
    for c in hint.choices.iter().take(3) {
        assert_eq!(c.deals, hint.samples, "{hint:#?}");
    }
    for pair in hint.choices.windows(2) {
        assert!(pair[0].deals >= pair[1].deals, "{hint:#?}");
        assert!(pair[1].behind >= 0.0);
    }
    for c in &hint.choices {
        assert!(!c.label.is_empty() && !c.why.is_empty(), "{c:#?}");
        assert!(c.why.starts_with(&c.label), "{c:#?}");
        assert!((0.0..=1.0).contains(&c.win));
        assert!(c.coins.low <= c.coins.mean && c.coins.mean <= c.coins.high);
    }
}

#[test]
fn a_hint_ranks_the_choices_of_the_active_player_in_every_variant() {
    for ruleset in every_ruleset() {
        let players = ruleset.player_counts().next().expect("a player count");
        // The third turn, at the active player's first decision with more than one choice.
        let tape = play_until(&ruleset, players, 3, |s| {
            (s.turn() >= 3 && s.legal_actions(s.active_player()).len() >= 2) || s.is_over()
        });
        let state = tape.now();
        let me = state.active_player();
        let (hint, _) = finish(Cards::think(state, me, &names(players), 1, SAMPLES));
        assert_eq!(hint.player, me);
        check_ranked(&hint);
        for c in &hint.choices {
            let first = c.actions.first().expect("the active player acts");
            let mut copy = state.clone();
            let ok = copy.apply_with(me, first, &mut IgnoreEvents);
            assert!(
                ok.is_ok(),
                "{}: {:?} is refused: {ok:?}",
                ruleset.name,
                c.actions
            );
        }
    }
}

#[test]
fn a_hint_never_depends_on_a_hidden_card() {
    let ruleset = base();
    let tape = play_until(&ruleset, 4, 11, |s| {
        s.turn() >= 6 && matches!(s.phase(), Phase::Plant { .. })
    });
    let state = tape.now().clone();
    let me = state.active_player();
    let view = state.view(me);
    // The same table for `me`, the hidden cards (other hands, the draw pile) dealt anew.
    let other = GameState::from_view(&ruleset, &view, 99).expect("a game fits the view");
    assert_eq!(other.view(me), view);
    assert_ne!(
        other.full_view(),
        state.full_view(),
        "the hidden cards should differ"
    );
    let n = names(4);
    let (a, _) = finish(Cards::think(&state, me, &n, 5, SAMPLES));
    let (b, _) = finish(Cards::think(&other, me, &n, 5, SAMPLES));
    assert_eq!(a, b);
    // And the seed matters: another seed deals other worlds.
    let (c, _) = finish(Cards::think(&state, me, &n, 6, SAMPLES));
    assert_ne!(
        a.choices.iter().map(|c| c.coins.mean).collect::<Vec<_>>(),
        c.choices.iter().map(|c| c.coins.mean).collect::<Vec<_>>()
    );
}

#[test]
fn thinking_goes_a_deal_at_a_time_and_says_how_far_it_is() {
    let ruleset = base();
    let tape = play_until(&ruleset, 3, 2, |s| s.turn() >= 2);
    let state = tape.now();
    let mut thinking = Cards::think(state, state.active_player(), &names(3), 1, 4);
    let planned = thinking.progress().1;
    assert!(planned >= 1);
    assert_eq!(thinking.progress(), (0, planned));
    assert_eq!(thinking.hint().samples, 0);
    let mut steps = 0;
    while !thinking.step() {
        steps += 1;
        assert_eq!(thinking.progress(), (steps, planned));
    }
    assert_eq!(thinking.progress(), (planned, planned));
    assert!(thinking.step(), "a finished search stays finished");
    let hint = thinking.hint();
    let best = hint.choices[0].actions[0].clone();
    assert_eq!(thinking.loss(&best), Some(bohnanza::coach::Loss::default()));
    for c in &hint.choices[1..] {
        let loss = thinking.loss(&c.actions[0]).expect("a judged choice");
        assert_eq!(loss, c.loss());
    }
    assert_eq!(thinking.loss(&Action::BuyThirdField), None);
}

#[test]
fn an_offer_made_to_a_player_is_answered_accept_or_decline() {
    let ruleset = base();
    let tape = play_until(&ruleset, 4, 5, |s| !s.offers().is_empty());
    let state = tape.now();
    let offer = state
        .offers()
        .first()
        .expect("greedy players trade")
        .clone();
    let (hint, _) = finish(Cards::think(state, offer.to, &names(4), 2, SAMPLES));
    check_ranked(&hint);
    assert!(
        hint.choices.iter().any(|c| c.label.starts_with("Decline ")),
        "{hint:#?}"
    );
    for c in &hint.choices {
        assert!(
            matches!(c.actions[0], Action::Accept { .. } | Action::Decline { .. }),
            "{c:#?}"
        );
    }
}

#[test]
fn a_player_with_nothing_to_decide_gets_no_choices() {
    let ruleset = base();
    let tape = play_until(&ruleset, 4, 2, |s| {
        s.turn() >= 2 && matches!(s.phase(), Phase::Plant { .. })
    });
    let state = tape.now();
    let idle = (state.active_player() + 1) % 4;
    let mut thinking = Cards::think(state, idle, &names(4), 1, SAMPLES);
    assert!(thinking.step());
    assert!(thinking.hint().choices.is_empty());
}

#[test]
fn a_review_lists_costly_decisions_of_the_chosen_seats_costliest_first() {
    let ruleset = base();
    let tape = play_until(&ruleset, 3, 8, |s| s.turn() >= 4);
    let mut reviewing = review(&tape, &names(3), &[0], 3, 3, 12);
    let (_, planned) = reviewing.progress();
    assert!(planned > 0);
    while !reviewing.step() {}
    assert_eq!(reviewing.progress(), (planned, planned));
    let mistakes = reviewing.mistakes();
    for m in &mistakes {
        assert_eq!(m.player, 0);
        assert!(m.loss.costly(), "{m:#?}");
        assert_eq!(tape.action(m.at).map(|a| a.0), Some(0));
        assert!(m.turn >= 1 && m.turn <= 4);
        assert_ne!(m.done, m.better);
    }
    for pair in mistakes.windows(2) {
        assert!(pair[0].loss.worse_than(pair[1].loss).is_ge());
    }
}

#[test]
fn a_review_from_a_position_names_the_games_turns() {
    let ruleset = base();
    let early = play_until(&ruleset, 3, 8, |s| s.turn() >= 12);
    let mut tape = Tape::<Cards>::new(early.now().clone());
    let kinds = vec![SeatKind::Bot(names::GREEDY); 3];
    let mut table = Table::new(&kinds, 8, &BotOptions::default()).expect("greedy seats");
    while tape.now().turn() < 16 {
        match table.next(tape.now()) {
            Next::Bot { player, action } => {
                tape.play(player, action).expect("legal");
            }
            _ => break,
        }
    }
    let players = [0, 1, 2];
    let mut reviewing = review(&tape, &names(3), &players, 3, 2, 2);
    while !reviewing.step() {}
    let mistakes = reviewing.mistakes();
    assert!(
        !mistakes.is_empty(),
        "greedy play costs something in four turns"
    );
    for m in &mistakes {
        assert_eq!(m.turn, tape.state_at(m.at).turn(), "{m:?}");
        assert!(m.turn >= 12);
    }
}

/// Ann's trading phase (base, 3 players): the turned-over Stink and Red, her three fields
/// of Red, Blue and Soy, and Bob's offer of his Garden and Green for the Stink waiting for her.
fn stink_without_a_field() -> GameState {
    let position: bohnanza::cards::Position = serde_json::from_value(serde_json::json!({
        "phase": "trade",
        "players": [
            {"fields": [{"bean": "Red", "count": 2}, {"bean": "Blue", "count": 3},
                        {"bean": "Soy", "count": 1}],
             "hand": ["Green", "Soy"]},
            {"hand": ["Garden", "Green"]},
            {}
        ],
        "face_up": ["Stink", "Red"],
        "offers": [{"id": 0, "from": 1, "to": 0, "give": [{"hand": 0}, {"hand": 1}],
                    "want": ["Stink"]}]
    }))
    .unwrap();
    GameState::from_position(&base(), 3, &position, 5, &mut IgnoreEvents).unwrap()
}

/// A review says what to do instead as a different kind of act when it is one ("keep
/// trading" after "End trading", though both turn Bob's offer down), and what differs when
/// both are the same act on different offers; ending trading's reason says the turned-over
/// Stink has no field, and cites the figures that rank it.
#[test]
fn the_reviews_advice_names_the_act_and_what_differs() {
    let state = stink_without_a_field();
    let names = names(3);
    let decline = Action::Decline { offer: 0 };
    let label = Cards::label(&state, 0, &decline, &names);
    assert_eq!(
        label,
        "Decline Bob's offer of 1 Garden and 1 Green for 1 Stink"
    );
    let advice = Cards::advice(
        &state,
        0,
        &Action::EndTrading,
        Some(&decline),
        &label,
        &names,
    );
    assert_eq!(advice, format!("keep trading: {label}"));
    let end = Cards::advice(
        &state,
        0,
        &decline,
        Some(&Action::EndTrading),
        "End trading",
        &names,
    );
    assert_eq!(end, "End trading");
    let ask = |to: usize| Action::Propose {
        to,
        give: vec![].into(),
        want: vec![bohnanza::cards::BeanKind::new(0)].into(),
    };
    let to_cy = Cards::label(&state, 0, &ask(2), &names);
    let advice = Cards::advice(&state, 0, &ask(1), Some(&ask(2)), &to_cy, &names);
    assert_eq!(advice, format!("{to_cy} (to Cy, not Bob)"));

    let thinking = Cards::think_about(
        &state,
        0,
        &names,
        3,
        SAMPLES,
        Some(&Action::EndTrading),
        &Default::default(),
    );
    let (hint, _) = finish(thinking);
    let end = hint
        .choices
        .iter()
        .find(|c| c.actions == [Action::EndTrading])
        .expect("ending trading is judged");
    assert!(
        end.why
            .starts_with("End trading: the turned-over Stink has no field"),
        "{}",
        end.why
    );
    if end.behind >= 0.05 || end.win_behind >= 0.005 {
        assert!(
            end.why.contains('%') || end.why.contains('$'),
            "{}",
            end.why
        );
    }
}
