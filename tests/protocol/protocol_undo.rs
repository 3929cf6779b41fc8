//! `{"undo": null}`: the last accepted action is taken back, in every card variant and the
//! dice game, and the state after it equals the state before that action.

use crate::support::session::ask;
use bohnanza::game::NewPlay;
use bohnanza::protocol::{MAX_UNDO_ACTIONS, Session};
use bohnanza::rules::{Rules, variants};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

fn state(session: &mut Session) -> Value {
    ask(session, json!({ "state": null }))
}

/// The smallest table the variant seats.
fn smallest_table(variant: &str) -> usize {
    let rules = Rules::variant(variant).unwrap();
    rules.player_counts()[0]
}

/// A listed action picked at random, offers and harvests rarely so that turns go on.
fn pick(session: &mut Session, players: usize, rng: &mut ChaCha8Rng) -> Option<Value> {
    let mut choices = Vec::new();
    for p in 0..players {
        let legal = ask(session, json!({ "legal": p }));
        choices.extend(legal["legal"].as_array().expect("a legal list").clone());
    }
    let calm: Vec<&Value> = choices
        .iter()
        .filter(|a| !matches!(a["type"].as_str(), Some("propose" | "harvest")))
        .collect();
    let roll = rng.next_u64() as usize;
    if !calm.is_empty() && !roll.is_multiple_of(8) {
        Some(calm[(roll / 8) % calm.len()].clone())
    } else {
        choices.get((roll / 8) % choices.len().max(1)).cloned()
    }
}

/// Plays up to `steps` random actions; after about a third of them takes the action back
/// (once or twice in a row), checks the state is the one before, and plays it again.
fn play_with_undos(variant: &str, seed: u64, steps: usize) {
    let players = smallest_table(variant);
    let mut s = Session::new();
    let started = ask(
        &mut s,
        json!({"new": {"variant": variant, "players": players, "seed": seed}}),
    );
    assert!(started.get("started").is_some(), "{variant}: {started}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut states = vec![state(&mut s)];
    let mut actions: Vec<Value> = Vec::new();
    for _ in 0..steps {
        let Some(action) = pick(&mut s, players, &mut rng) else {
            break;
        };
        let reply = ask(&mut s, json!({ "act": action }));
        assert!(
            reply.get("events").is_some(),
            "{variant}: {action}: {reply}"
        );
        actions.push(action);
        states.push(state(&mut s));
        if rng.next_u64() % 3 != 0 {
            continue;
        }
        let back = 1 + (rng.next_u64() % 2) as usize;
        for _ in 0..back.min(actions.len()) {
            let undone = ask(&mut s, json!({ "undo": null }));
            let action = actions.pop().unwrap();
            assert_eq!(undone["undone"], action, "{variant} seed {seed}: {undone}");
            states.pop();
            assert_eq!(
                &state(&mut s),
                states.last().unwrap(),
                "{variant} seed {seed}: the state after undoing {action}"
            );
        }
        if ask(&mut s, json!({ "state": null }))["state"]["outcome"].is_null() {
            continue;
        }
        break;
    }
}

#[test]
fn undo_restores_the_state_before_the_action_in_every_variant_of_both_games() {
    for v in variants().unwrap() {
        for seed in 0..6 {
            play_with_undos(&v.name, seed, 200);
        }
    }
}

#[test]
fn undo_takes_a_game_back_to_its_deal_and_replays_it_the_same() {
    for variant in ["base", "dice"] {
        let mut s = Session::new();
        ask(
            &mut s,
            json!({"new": {"variant": variant, "players": 3, "seed": 5}}),
        );
        let deal = state(&mut s);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut actions = Vec::new();
        for _ in 0..60 {
            let action = pick(&mut s, 3, &mut rng).unwrap();
            ask(&mut s, json!({ "act": action }));
            actions.push(action);
        }
        let end = state(&mut s);
        for _ in 0..actions.len() {
            assert!(ask(&mut s, json!({ "undo": null })).get("undone").is_some());
        }
        assert_eq!(state(&mut s), deal, "{variant}");
        let refused = ask(&mut s, json!({ "undo": null }));
        assert_eq!(refused["error"]["kind"], "nothing_to_undo", "{refused}");
        for action in &actions {
            ask(&mut s, json!({ "act": action }));
        }
        assert_eq!(
            state(&mut s),
            end,
            "{variant}: the same actions play the same game"
        );
    }
}

#[test]
fn undo_with_nothing_to_take_back_is_refused_and_changes_nothing() {
    let mut s = Session::new();
    let reply = ask(&mut s, json!({ "undo": null }));
    assert_eq!(reply["error"]["kind"], "no_game", "{reply}");
    ask(&mut s, json!({"new": {"players": 3, "seed": 2}}));
    let before = state(&mut s);
    let reply = ask(&mut s, json!({ "undo": null }));
    assert_eq!(reply["error"]["kind"], "nothing_to_undo", "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("nothing to take back"),
        "{reply}"
    );
    assert_eq!(state(&mut s), before);
    // A refused action is not in the history.
    let refused = ask(
        &mut s,
        json!({"act": {"player": 1, "type": "plant", "field": 0}}),
    );
    assert_eq!(refused["error"]["kind"], "not_active_player", "{refused}");
    let reply = ask(&mut s, json!({ "undo": null }));
    assert_eq!(reply["error"]["kind"], "nothing_to_undo", "{reply}");
    let reply = ask(&mut s, json!({ "undo": 1 }));
    assert_eq!(reply["error"]["kind"], "bad_request", "{reply}");
}

#[test]
fn a_new_game_starts_a_new_history() {
    let mut s = Session::new();
    ask(&mut s, json!({"new": {"players": 3, "seed": 2}}));
    ask(
        &mut s,
        json!({"act": {"player": 0, "type": "plant", "field": 0}}),
    );
    ask(&mut s, json!({"new": {"players": 4, "seed": 3}}));
    let reply = ask(&mut s, json!({ "undo": null }));
    assert_eq!(reply["error"]["kind"], "nothing_to_undo", "{reply}");
}

#[test]
fn the_reply_names_the_action_taken_back_and_who_acts_now() {
    let mut s = Session::new();
    ask(&mut s, json!({"new": {"players": 3, "seed": 2}}));
    let plant = json!({"player": 0, "type": "plant", "field": 0});
    ask(&mut s, json!({ "act": plant }));
    let reply = ask(&mut s, json!({ "undo": null }));
    assert_eq!(reply["undone"], plant, "{reply}");
    assert_eq!(reply["acting"], json!([0]), "{reply}");
}

/// Endless offers and withdrawals: the history keeps the last [`MAX_UNDO_ACTIONS`], and
/// undo still rebuilds the right state from where the older ones were played in.
#[test]
fn the_history_is_bounded_and_still_rebuilds_exactly() {
    let rules = Rules::variant("base").unwrap();
    let started = rules
        .start(NewPlay {
            players: 3,
            seed: 4,
            names: vec!["A".into(), "B".into(), "C".into()],
            setup: None,
            position: None,
        })
        .unwrap();
    let mut play = started.play;
    let act = |play: &mut Box<dyn bohnanza::game::Play>, a: Value| {
        play.act(a).unwrap();
    };
    act(&mut play, json!({"player": 0, "type": "plant", "field": 0}));
    act(&mut play, json!({"player": 0, "type": "turn_over"}));
    let propose = json!({"player": 0, "type": "propose", "to": 1, "give": [], "want": ["Blue"]});
    let mut offer = 0;
    for round in 0..MAX_UNDO_ACTIONS / 2 + 3 {
        let before = play.state();
        act(&mut play, propose.clone());
        offer = play.state()["offers"][0]["id"].as_u64().unwrap();
        if round == MAX_UNDO_ACTIONS / 2 + 1 {
            // Past the bound: taking back the newest still gives the state before it.
            let undone = play.undo().unwrap();
            assert_eq!(undone, propose);
            assert_eq!(play.state(), before);
            act(&mut play, propose.clone());
        }
        let withdraw = json!({"player": 0, "type": "withdraw", "offer": offer});
        act(&mut play, withdraw);
    }
    let before = play.state();
    act(&mut play, propose.clone());
    play.undo().unwrap();
    assert_eq!(play.state(), before);
    // Exactly the last MAX_UNDO_ACTIONS actions can be taken back, one after another.
    let mut taken_back = 0;
    while play.undo().is_ok() {
        taken_back += 1;
    }
    assert_eq!(taken_back, MAX_UNDO_ACTIONS - 1);
    let refusal = play.undo().unwrap_err();
    assert_eq!(refusal.kind, "nothing_to_undo");
    assert!(refusal.message.contains("undo reaches back"), "{refusal}");
    assert!(offer > MAX_UNDO_ACTIONS as u64 / 2);
}

/// Plays `moves` actions of `G` (each seat taking the legal action its turn's count picks)
/// onto a tape, keeping a copy of the game after each for comparison.
fn taped<G: bohnanza::game::Game>(
    start: G::State,
    moves: usize,
) -> (bohnanza::game::Tape<G>, Vec<G::State>) {
    let mut tape = bohnanza::game::Tape::<G>::new(start.clone());
    let mut after = vec![start];
    for i in 0..moves {
        let Some(&player) = G::acting(tape.now()).first() else {
            break;
        };
        let legal = G::legal_actions(tape.now(), player);
        let action = legal[i % legal.len()].clone();
        tape.play(player, action).unwrap();
        after.push(tape.now().clone());
    }
    (tape, after)
}

/// The one tape of either game: the game at any action equals the game as it was played
/// there, a cut goes back exactly, and forgetting the oldest actions keeps both true.
#[test]
fn the_tape_rebuilds_every_point_of_a_card_game_and_a_dice_game() {
    use bohnanza::cards::Cards;
    use bohnanza::dice::Dice;
    use bohnanza::game::Game;
    let Rules::Cards(cards) = Rules::variant("base").unwrap() else {
        panic!("base is a card game")
    };
    let Rules::Dice(dice) = Rules::variant("dice").unwrap() else {
        panic!("dice is the dice game")
    };
    let (mut tape, after) = taped::<Cards>(Cards::deal(&cards, 3, 7).ok().unwrap().state, 100);
    for (n, state) in after.iter().enumerate() {
        assert_eq!(tape.state_at(n).position(), state.position(), "action {n}");
    }
    tape.cut(37);
    assert_eq!(tape.len(), 37);
    assert_eq!(tape.now().position(), after[37].position());
    tape.forget_oldest();
    assert_eq!(tape.len(), 36);
    assert_eq!(tape.start().position(), after[1].position());
    assert_eq!(tape.state_at(20).position(), after[21].position());

    let (mut tape, after) = taped::<Dice>(Dice::deal(&dice, 4, 3).ok().unwrap().state, 200);
    assert_eq!(tape.len() + 1, after.len());
    for _ in 0..40 {
        tape.forget_oldest();
    }
    for n in 0..tape.len() {
        assert_eq!(&tape.state_at(n), &after[n + 40], "action {n}");
    }
    tape.cut(3);
    assert_eq!(tape.now(), &after[43]);
}

/// A replay tells its listener every action once, before and after, with the game each
/// time as the tape holds it; retelling a stretch tells exactly that stretch and ends where
/// the tape says the game stood.
#[test]
fn a_replay_and_a_retelling_tell_each_action_once_in_order() {
    use bohnanza::dice::Dice;
    use bohnanza::game::{Game, Listener, Tape};
    struct Heard(Vec<(usize, usize)>, usize);
    impl Listener<Dice> for Heard {
        fn before(
            &mut self,
            _: &<Dice as Game>::State,
            n: usize,
            player: usize,
            _: &<Dice as Game>::Action,
        ) {
            self.0.push((n, player));
        }
        fn after(&mut self, _: &<Dice as Game>::State, _: &[<Dice as Game>::Event]) {
            self.1 += 1;
        }
    }
    let Rules::Dice(dice) = Rules::variant("dice").unwrap() else {
        panic!("dice is the dice game")
    };
    let start = Dice::deal(&dice, 3, 5).ok().unwrap().state;
    let (played, after) = taped::<Dice>(start.clone(), 120);
    let actions: Vec<_> = played.actions().cloned().collect();
    let mut heard = Heard(Vec::new(), 0);
    let tape = Tape::<Dice>::replay(start, actions.clone(), &mut heard).unwrap();
    let order: Vec<(usize, usize)> = actions
        .iter()
        .enumerate()
        .map(|(n, &(p, _))| (n, p))
        .collect();
    assert_eq!(heard.0, order);
    assert_eq!(heard.1, actions.len());
    assert_eq!(tape.now(), after.last().unwrap());
    let mut stretch = Heard(Vec::new(), 0);
    assert_eq!(&tape.retell(30, 47, &mut stretch), &after[47]);
    assert_eq!(stretch.0, order[30..47].to_vec());
    assert_eq!(stretch.1, 17);
}
