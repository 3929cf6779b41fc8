//! The coach at the dice table: keeps, the bean piece and harvesting judged by playing the
//! game out on rolls drawn anew, never on the deck's hidden order.

use std::sync::Arc;

use bohnanza::coach::{Coached, Hint, Thinking};
use bohnanza::dice::Dice;
use bohnanza::dice::bots::{DiceAsk, GreedyBot};
use bohnanza::dice::{
    DiceAction, DiceRuleset, DiceState, RngPosition, SavedDiceGame, Shade, TurnPhase,
};
use bohnanza::game::Agent;

const SAMPLES: u32 = 8;

fn names() -> Vec<String> {
    vec!["Ann".into(), "Bob".into(), "Cy".into()]
}

/// A 3-player game of greedy players from `seed`, played until `stop` holds.
fn play_until(seed: u64, stop: impl Fn(&DiceState) -> bool) -> DiceState {
    let ruleset = Arc::new(DiceRuleset::standard());
    let mut state = DiceState::new(&ruleset, 3, seed).expect("3 players");
    let mut bot = GreedyBot;
    for _ in 0..5_000 {
        if stop(&state) || state.outcome().is_some() {
            break;
        }
        let n = state.player_count();
        let active = state.active();
        let seats = (1..n).map(|i| (active + i) % n).chain([active]);
        let Some((seat, action)) = seats
            .filter(|&s| s == active || state.may_harvest(s))
            .find_map(|s| bot.decide(&DiceAsk::new(&state, s)).map(|a| (s, a)))
        else {
            break;
        };
        state.apply(seat, &action).expect("greedy plays legally");
    }
    state
}

fn finish(mut thinking: Box<dyn Thinking<DiceAction>>) -> Hint<DiceAction> {
    while !thinking.step() {}
    thinking.hint()
}

#[test]
fn a_hint_weighs_every_different_keep_after_a_roll() {
    let state = play_until(4, |s| s.phase() == TurnPhase::Save);
    let me = state.active();
    let hint = finish(Dice::think(&state, me, &names(), 1, SAMPLES));
    assert!(hint.samples >= 1, "{hint:#?}");
    assert!(hint.choices.len() >= 2, "{hint:#?}");
    assert_eq!(hint.choices[0].behind, 0.0);
    assert_eq!(hint.choices[0].win_behind, 0.0);
    let keeps: Vec<&str> = hint.choices.iter().map(|c| c.label.as_str()).collect();
    assert!(keeps.iter().any(|l| l.starts_with("Save ")), "{keeps:?}");
    // Keeps that put the same beans aside and leave alike dice to roll are listed once.
    let mut unique = keeps.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), keeps.len(), "{keeps:?}");
    for c in &hint.choices {
        assert!(c.why.starts_with(&c.label), "{c:#?}");
        let mut copy = state.clone();
        assert!(copy.apply(me, &c.actions[0]).is_ok(), "{c:#?}");
    }
}

/// The coach's one ranking ([`bohnanza::coach::RANKING`]): among the choices played on
/// the same deals, the chance to win never rises down the list, and where it is level the
/// coins never rise.
fn ranked_by_the_key(hint: &Hint<DiceAction>) -> bool {
    hint.choices.windows(2).all(|p| {
        let (a, b) = (&p[0], &p[1]);
        a.deals > b.deals || a.win > b.win || (a.win == b.win && a.coins.mean >= b.coins.mean)
    })
}

#[test]
fn a_dice_hint_ranks_by_the_chance_to_win_then_the_coins() {
    let mut richer_but_ranked_lower = 0;
    for seed in 1..12 {
        let state = play_until(seed, |s| s.phase() == TurnPhase::Save);
        let hint = finish(Dice::think(&state, state.active(), &names(), seed, 40));
        assert!(ranked_by_the_key(&hint), "seed {seed}: {hint:#?}");
        let best = &hint.choices[0];
        richer_but_ranked_lower += hint.choices[1..]
            .iter()
            .filter(|c| c.deals == best.deals && c.coins.mean > best.coins.mean)
            .count();
    }
    // Positions like the issue's, a richer choice below one that wins more often, occur.
    assert!(richer_but_ranked_lower > 0);
}

#[test]
fn a_dice_hint_never_depends_on_the_deck_order_or_the_rolls_to_come() {
    let state = play_until(9, |s| s.phase() == TurnPhase::Save && s.deck_len() > 5);
    let me = state.active();
    // The same table with the deck in another order and another random stream.
    let mut saved = SavedDiceGame::from(state.clone());
    saved.position.deck.reverse();
    saved.position.rng = RngPosition {
        seed: 12345,
        words_used: 7,
    };
    let other = DiceState::from_position(state.ruleset(), saved.position).expect("valid");
    assert_eq!(other.view(), state.view());
    assert_ne!(other, state);
    let a = finish(Dice::think(&state, me, &names(), 3, SAMPLES));
    let b = finish(Dice::think(&other, me, &names(), 3, SAMPLES));
    assert_eq!(a, b);
}

#[test]
fn a_player_who_may_harvest_out_of_turn_may_also_wait() {
    let state = play_until(2, |s| {
        let n = s.player_count();
        (1..n).any(|i| s.may_harvest((s.active() + i) % n))
    });
    let n = state.player_count();
    let me = (1..n)
        .map(|i| (state.active() + i) % n)
        .find(|&s| state.may_harvest(s))
        .expect("someone may harvest");
    let hint = finish(Dice::think(&state, me, &names(), 1, SAMPLES));
    let labels: Vec<&str> = hint.choices.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(hint.choices.len(), 2, "{labels:?}");
    assert!(
        labels.iter().any(|l| l.starts_with("Harvest your ")),
        "{labels:?}"
    );
    let wait = hint
        .choices
        .iter()
        .find(|c| c.actions.is_empty())
        .expect("waiting");
    assert!(wait.label.starts_with("Wait"));
}

/// The bean shown both by a darker and by a lighter die just rolled, if any.
fn on_both_shades(state: &DiceState) -> Option<bohnanza::dice::Bean> {
    let dice = &state.ruleset().dice;
    let rolled = |shade: Shade| -> Vec<bohnanza::dice::Bean> {
        let field = &state.field().dice;
        (0..field.len())
            .filter(|&d| field[d].just_rolled && dice[d].shade == shade)
            .filter_map(|d| field[d].face)
            .collect()
    };
    let lighter = rolled(Shade::Lighter);
    rolled(Shade::Darker)
        .into_iter()
        .find(|b| lighter.contains(b))
}

#[test]
fn two_keeps_of_the_same_bean_from_dice_of_either_shade_read_apart() {
    let state = play_until(4, |s| {
        s.phase() == TurnPhase::Save && on_both_shades(s).is_some()
    });
    let bean = on_both_shades(&state).expect("a bean on both shades");
    let me = state.active();
    let hint = finish(Dice::think(&state, me, &names(), 1, SAMPLES));
    let labels: Vec<&str> = hint.choices.iter().map(|c| c.label.as_str()).collect();
    let mut unique = labels.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), labels.len(), "{labels:?}");
    // Keeping that bean alone, from a darker die or from a lighter one: two choices, each
    // saying the shade it is kept from.
    let alone = format!("Save 1 {}", bean.name());
    let darker = format!("{alone} from a darker die");
    let lighter = format!("{alone} from a lighter die");
    assert!(labels.contains(&darker.as_str()), "{labels:?}");
    assert!(labels.contains(&lighter.as_str()), "{labels:?}");
    assert!(!labels.contains(&alone.as_str()), "{labels:?}");
    let kept = |label: &str| -> Shade {
        let c = hint
            .choices
            .iter()
            .find(|c| c.label == label)
            .expect("listed");
        let DiceAction::Save { dice } = &c.actions[0] else {
            panic!("a keep: {c:#?}");
        };
        assert_eq!(dice.len(), 1, "{c:#?}");
        state.ruleset().dice[dice[0]].shade
    };
    assert_eq!(kept(&darker), Shade::Darker);
    assert_eq!(kept(&lighter), Shade::Lighter);
}

/// Two legal keeps of one die each that the coach counts as one choice: the same bean from
/// two dice of the same shade just rolled, the first of them listed by the rules first.
fn alike_keeps(state: &DiceState) -> Option<(DiceAction, DiceAction)> {
    let dice = &state.ruleset().dice;
    let field = &state.field().dice;
    let rolled: Vec<usize> = (0..field.len()).filter(|&d| field[d].just_rolled).collect();
    let (a, b) = rolled.iter().enumerate().find_map(|(i, &a)| {
        rolled[i + 1..]
            .iter()
            .find(|&&b| field[a].face == field[b].face && dice[a].shade == dice[b].shade)
            .map(|&b| (a, b))
    })?;
    let keep = |d: usize| DiceAction::Save { dice: vec![d] };
    let legal = state.legal_actions(state.active());
    (legal.contains(&keep(a)) && legal.contains(&keep(b))).then(|| (keep(a), keep(b)))
}

#[test]
fn a_keep_of_another_die_showing_the_same_bean_is_judged_as_the_keep_listed() {
    let state = play_until(4, |s| {
        s.phase() == TurnPhase::Save && alike_keeps(s).is_some()
    });
    let (listed, other) = alike_keeps(&state).expect("two alike dice just rolled");
    let me = state.active();
    let mut thinking = Dice::think(&state, me, &names(), 5, SAMPLES);
    while !thinking.step() {}
    let hint = thinking.hint();
    let firsts: Vec<&DiceAction> = hint
        .choices
        .iter()
        .filter_map(|c| c.actions.first())
        .collect();
    assert!(firsts.contains(&&listed), "{hint:#?}");
    assert!(!firsts.contains(&&other), "listed once: {hint:#?}");
    // The other die's keep is that choice: same loss, and it stands for it.
    assert_eq!(thinking.representative(&other), listed);
    assert!(thinking.loss(&other).is_some(), "judged, not 'not weighed'");
    assert_eq!(thinking.loss(&other), thinking.loss(&listed));
    assert_eq!(Dice::representative(&state, me, &other), listed);
    // A review judging the other keep does not weigh it as a choice of its own.
    let mut judged = Dice::think_about(&state, me, &names(), 5, SAMPLES, Some(&other), &());
    while !judged.step() {}
    assert_eq!(judged.hint(), hint);
}

#[test]
fn the_tutor_asks_about_a_costly_keep_of_another_die_showing_the_same_bean() {
    use bohnanza::ui::coach::{DecisionPoint, Thinker, Tutor};
    // A game where keeping one of two alike dice is costly.
    let (state, listed, other, thinker) = (1..40)
        .find_map(|seed| {
            let state = play_until(seed, |s| {
                s.phase() == TurnPhase::Save && alike_keeps(s).is_some()
            });
            let (listed, other) = alike_keeps(&state)?;
            let me = state.active();
            let thinker = Thinker::new(Dice::think(&state, me, &names(), seed, SAMPLES));
            thinker.finish();
            let costly = thinker.loss(&listed)?.costly();
            costly.then_some((state, listed, other, thinker))
        })
        .expect("a costly keep of one of two alike dice");
    let decision = DecisionPoint {
        player: state.active(),
        at: 0,
    };
    let mut tutor = Tutor::default();
    tutor.watch(Some(decision), |_| thinker.clone());
    let label = |a: &DiceAction| Dice::label(&state, decision.player, a, &names());
    assert!(tutor.stops(decision, std::slice::from_ref(&other), label));
    let question = tutor.question.clone().expect("a question");
    assert_eq!(question.actions, vec![other]);
    assert!(
        question.text.starts_with(&label(&listed)),
        "{}",
        question.text
    );
}

/// `state` with its deck shuffled and every roll to come drawn anew from `seed`: what the
/// player does not know, dealt again.
fn dealt_again(state: &DiceState, seed: u64) -> DiceState {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};
    let mut position = SavedDiceGame::from(state.clone()).position;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for i in (1..position.deck.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        position.deck.swap(i, j);
    }
    position.rng = RngPosition {
        seed: rng.next_u64(),
        words_used: 0,
    };
    DiceState::from_position(state.ruleset(), position).expect("the same position")
}

/// The hint's figure is the game's final bean dollars: at turn 1 (seed 4, 3 players,
/// Ann's first roll) the hint's expected dollars for its first choice, at the on-screen
/// budget, and the mean final dollars of 200 games played from that position after that
/// choice at the table the hint's deals are played at ([`deal_table`]: the player's
/// harvests timed as `strong` times them, the others greedy), each with the deck and the
/// rolls to come dealt afresh from seeds of the test's own, agree within three standard
/// errors of their difference (the hint's from its 95% interval, the games' from their
/// spread). A figure cut short of the end, or read from another horizon, would fall
/// outside. When this was written: "Save 1 Green", 8.52$ expected (7.86–9.17), against
/// 7.53$ (standard error 0.20) over the 200 games; the tolerance 1.16$. The hint's figure is
/// the higher by 2.6 of those errors: the choice ranked first is also the one its deals
/// favoured.
///
/// [`deal_table`]: bohnanza::dice::coach::deal_table
#[test]
fn the_turn_1_hint_expects_the_dollars_the_games_end_with() {
    let state = play_until(4, |s| s.phase() == TurnPhase::Save);
    let me = state.active();
    let samples = bohnanza::coach::DEFAULT_SAMPLES;
    let hint = finish(Dice::think(&state, me, &names(), 1, samples));
    let first = &hint.choices[0];
    let games = 200;
    let finals: Vec<f64> = (0..games)
        .map(|g| {
            let mut game = dealt_again(&state, 10_000 + g);
            for a in &first.actions {
                game.apply(me, a).expect("the hint's choice is legal");
            }
            bohnanza::dice::coach::deal_table(3, me).play(&mut game);
            let outcome = game.outcome().expect("the game ends");
            f64::from(outcome.dollars[me])
        })
        .collect();
    let n = finals.len() as f64;
    let mean = finals.iter().sum::<f64>() / n;
    let var = finals.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let games_se = (var / n).sqrt();
    let hint_se = (first.coins.high - first.coins.low) / (2.0 * 1.96);
    let tolerance = 3.0 * (games_se.powi(2) + hint_se.powi(2)).sqrt();
    let said = first.coins.mean;
    eprintln!(
        "{}: the hint expects {said:.2}$ ({:.2}–{:.2}); {games} games ended with {mean:.2}$ \
         (standard error {games_se:.2}); tolerance {tolerance:.2}",
        first.label, first.coins.low, first.coins.high
    );
    assert!(
        (said - mean).abs() <= tolerance,
        "{}: the hint expects {said:.2}$ ({:.2}–{:.2}); {games} games ended with {mean:.2}$ \
         on average (standard error {games_se:.2}); tolerance {tolerance:.2}",
        first.label,
        first.coins.low,
        first.coins.high
    );
    assert!(tolerance < 1.5, "a test that can fail: {tolerance:.2}");
}
