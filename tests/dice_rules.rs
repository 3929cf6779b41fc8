//! The dice game's rules, scenario by scenario, each quoting rules/004 (Bohnanza — Das
//! Würfelspiel). Positions are made by hand with `DiceState::from_position`; where a test
//! needs a roll to come up a certain way, it searches seeds for one that does.

use std::sync::Arc;

use bohnanza::dice::{
    Bean, BeanField, BeanPiece, DiceAction, DiceError, DiceEvent, DicePlayer, DicePosition,
    DiceRuleset, DiceState, DieState, RngPosition, TurnPhase,
};

/// The real dice with three cards, copied to make thirteen: enough for five players.
const SCENARIO: &str = r#"
name = "scenario"
title = "Dice game scenarios"
goal = 10
players = [2, 3, 4, 5]
harvest = [{ orders = 3, dollars = 1 }, { orders = 4, dollars = 2 }, { orders = 5, dollars = 3 }]
cards = [
    # 0: card A, with the rulebook's example orders
    ["Stink", "2 Green | 2 Soy", "Green/Soy, 2 Garden/Red", "Red, Stink, Soy", "Green/Soy, Red, Garden"],
    # 1: card B
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    # 2: card C
    ["2 Stink", "2 Stink, Blue", "2 Stink, 2 Blue", "3 Stink, Blue", "3 Stink, 2 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
    ["Blue", "Blue, Green", "2 Blue, Green", "3 Blue", "4 Blue"],
]

[[die]]
shade = "darker"
faces = ["Blue", "Garden", "Stink", "Stink", "Soy", "Soy"]

[[die]]
shade = "darker"
faces = ["Blue", "Garden", "Stink", "Stink", "Soy", "Soy"]

[[die]]
shade = "lighter"
faces = ["Stink", "Red", "Blue", "Blue", "Green", "Green"]

[[die]]
shade = "lighter"
faces = ["Stink", "Red", "Blue", "Blue", "Green", "Green"]

[[die]]
shade = "lighter"
faces = ["Stink", "Red", "Blue", "Blue", "Green", "Green"]
"#;

const CARD_A: usize = 0;
const CARD_B: usize = 1;
const CARD_C: usize = 2;

fn ruleset() -> Arc<DiceRuleset> {
    Arc::new(DiceRuleset::from_toml_str(SCENARIO).unwrap_or_else(|e| panic!("{e}")))
}

/// A player holding `top` over `bottom` with `covered` orders covered and `dollars`.
fn player(top: usize, bottom: usize, covered: usize, dollars: u32) -> DicePlayer {
    DicePlayer {
        top,
        bottom,
        covered,
        dollars,
    }
}

/// A die lying in the bean field.
fn saved(bean: Bean) -> DieState {
    DieState {
        face: Some(bean),
        saved: true,
        just_rolled: false,
    }
}

/// A die just rolled, not yet saved.
fn rolled(bean: Bean) -> DieState {
    DieState {
        face: Some(bean),
        saved: false,
        just_rolled: true,
    }
}

/// A die waiting to be rolled.
fn to_roll() -> DieState {
    DieState::default()
}

/// A position with seat 0 active and the bean piece standing; every card not held is in the
/// deck in ascending order, so the highest is drawn first.
fn position(
    players: Vec<DicePlayer>,
    phase: TurnPhase,
    dice: [DieState; 5],
    seed: u64,
) -> DicePosition {
    let held: Vec<usize> = players.iter().flat_map(|p| [p.top, p.bottom]).collect();
    DicePosition {
        players,
        active: 0,
        phase,
        field: BeanField { dice },
        bean_piece: BeanPiece::Ready,
        final_phase: None,
        deck: (0..13).filter(|c| !held.contains(c)).collect(),
        dollar_cards: Vec::new(),
        rng: RngPosition {
            seed,
            words_used: 0,
        },
    }
}

fn state(position: DicePosition) -> DiceState {
    DiceState::from_position(&ruleset(), position).unwrap_or_else(|e| panic!("{e}"))
}

/// The first seed whose game, after `action` by seat 0, satisfies `wanted`.
fn seed_where(
    make: impl Fn(u64) -> DicePosition,
    action: &DiceAction,
    wanted: impl Fn(&DiceState) -> bool,
) -> (DiceState, Vec<DiceEvent>) {
    for seed in 0..100_000 {
        let mut game = state(make(seed));
        let events = game.apply(0, action).unwrap();
        if wanted(&game) {
            return (game, events);
        }
    }
    panic!("no seed rolls what the scenario needs");
}

fn just_rolled(game: &DiceState) -> Vec<Bean> {
    game.field().just_rolled()
}

fn covered_events(events: &[DiceEvent]) -> Vec<(usize, usize, usize)> {
    events
        .iter()
        .filter_map(|e| match e {
            DiceEvent::OrdersCovered {
                seat,
                count,
                covered,
            } => Some((*seat, *count, *covered)),
            _ => None,
        })
        .collect()
}

/// "Draw two harvest cards each from the deck and place them face up in front of you ...
/// one top (active) card and one bottom harvest card. ... The last player to have eaten beans
/// goes first. They take the bean piece and all five bean dice."
#[test]
fn setup_deals_two_cards_each_and_the_first_player_takes_the_bean_piece() {
    let ruleset = Arc::new(DiceRuleset::standard());
    for players in 2..=5 {
        let game = DiceState::new(&ruleset, players, 3).unwrap();
        assert_eq!(game.player_count(), players);
        assert_eq!(game.deck_len(), 55 - 2 * players);
        assert!(
            game.players()
                .iter()
                .all(|p| p.top != p.bottom && p.covered == 0)
        );
        assert_eq!((game.active(), game.phase()), (0, TurnPhase::Roll));
        assert_eq!(game.bean_piece(), BeanPiece::Ready);
        assert_eq!(game.legal_actions(0), vec![DiceAction::Roll]);
        assert_eq!(game.acting_players(), vec![0]);
    }
    assert!(DiceState::new(&ruleset, 1, 0).is_err());
    assert!(DiceState::new(&ruleset, 6, 0).is_err());
}

/// "After each roll of the dice, but before the active player has placed one or more dice in
/// the bean field, the other players each check their own top harvest card to see if the
/// dice that have just been rolled complete the bottom-most uncovered order. ... If you can
/// complete more than one order at once, simply push your bottom harvest card up higher."
#[test]
fn after_a_roll_the_others_cover_several_orders_in_a_row() {
    let make = |seed| {
        let players = vec![player(CARD_B, 3, 0, 0), player(CARD_A, 4, 0, 0)];
        position(players, TurnPhase::Roll, [to_roll(); 5], seed)
    };
    // Stink and two Green: card A's "Stink" and "2 Green | 2 Soy" at once.
    let (game, events) = seed_where(make, &DiceAction::Roll, |g| {
        let shown = just_rolled(g);
        let green = shown.iter().filter(|b| **b == Bean::Green).count();
        shown.contains(&Bean::Stink) && green == 2 && !shown.contains(&Bean::Red)
    });
    assert_eq!(covered_events(&events), vec![(1, 2, 2)]);
    assert_eq!(game.players()[1].covered, 2);
    // The active player does not check their own card after a roll: card B's "Blue" waits.
    assert_eq!(game.players()[0].covered, 0);
    assert_eq!(game.phase(), TurnPhase::Save);
}

/// "Note: You can't use any dice that are already in the bean field from previous rolls."
/// (Example 2: Björn's order needs a second Stink Bean; the one in the bean field is from
/// Matthias's previous roll, so he can't use it.)
#[test]
fn the_others_check_only_the_dice_just_rolled() {
    let make = |seed| {
        let players = vec![player(CARD_B, 3, 0, 0), player(CARD_C, 4, 0, 0)];
        let dice = [
            saved(Bean::Stink),
            to_roll(),
            to_roll(),
            to_roll(),
            to_roll(),
        ];
        position(players, TurnPhase::Roll, dice, seed)
    };
    let (game, events) = seed_where(make, &DiceAction::Roll, |g| {
        just_rolled(g).iter().filter(|b| **b == Bean::Stink).count() == 1
    });
    assert!(covered_events(&events).is_empty(), "{events:?}");
    assert_eq!(game.players()[1].covered, 0);
}

/// "You must then save at least one die by placing it in the bean field ... Note: You can't
/// reroll any dice you've placed in the bean field." Refused actions change nothing.
#[test]
fn at_least_one_die_is_saved_after_each_roll_and_saved_dice_stay() {
    let players = vec![player(CARD_B, 3, 0, 0), player(CARD_C, 4, 0, 0)];
    let dice = [
        saved(Bean::Soy),
        rolled(Bean::Blue),
        rolled(Bean::Stink),
        rolled(Bean::Red),
        rolled(Bean::Green),
    ];
    let mut game = state(position(players, TurnPhase::Save, dice, 1));
    let before = game.clone();
    let refused = [
        (DiceAction::Save { dice: vec![] }, DiceError::MustSaveOne),
        (DiceAction::Roll, DiceError::SaveBeforeRolling),
        (
            DiceAction::Save { dice: vec![0] },
            DiceError::AlreadySaved(0),
        ),
        (
            DiceAction::Save { dice: vec![1, 1] },
            DiceError::DieListedTwice(1),
        ),
        (DiceAction::Save { dice: vec![5] }, DiceError::NoSuchDie(5)),
        (DiceAction::PassBeanPiece, DiceError::DiceStillToPlace),
    ];
    for (action, error) in refused {
        assert_eq!(game.apply(0, &action), Err(error));
        assert_eq!(game, before, "{action:?} changed the state");
    }
    assert_eq!(
        game.apply(1, &DiceAction::Roll),
        Err(DiceError::NotActivePlayer)
    );
    game.apply(0, &DiceAction::Save { dice: vec![2] }).unwrap();
    assert_eq!(game.phase(), TurnPhase::Roll);
    let events = game.apply(0, &DiceAction::Roll).unwrap();
    let DiceEvent::Rolled { dice, .. } = &events[0] else {
        panic!("{events:?}")
    };
    let ids: Vec<usize> = dice.iter().map(|d| d.die).collect();
    assert_eq!(
        ids,
        vec![1, 3, 4],
        "only the dice outside the bean field roll"
    );
    assert_eq!(game.field().dice[0].face, Some(Bean::Soy));
    assert_eq!(game.field().dice[2].face, Some(Bean::Stink));
}

/// "Once per turn, you may use the bean piece to repeat a roll. ... take all the dice you just
/// rolled and roll them again — after everyone else has checked ... After you've repeated the
/// roll, everyone checks again. ... Any dice you've already saved to the bean field must
/// remain there."
#[test]
fn the_bean_piece_repeats_a_roll_once_and_the_others_check_again() {
    let make = |seed| {
        let players = vec![player(CARD_B, 3, 0, 0), player(CARD_A, 4, 0, 0)];
        let dice = [
            saved(Bean::Garden),
            saved(Bean::Soy),
            rolled(Bean::Blue),
            rolled(Bean::Blue),
            rolled(Bean::Red),
        ];
        position(players, TurnPhase::Save, dice, seed)
    };
    let (mut game, events) = seed_where(make, &DiceAction::RepeatRoll, |g| {
        just_rolled(g).contains(&Bean::Stink)
    });
    let DiceEvent::Rolled { dice, repeated, .. } = &events[0] else {
        panic!("{events:?}")
    };
    assert!(*repeated);
    assert_eq!(
        dice.iter().map(|d| d.die).collect::<Vec<_>>(),
        vec![2, 3, 4]
    );
    assert_eq!(
        covered_events(&events)[0],
        (1, 1, 1),
        "Martina checks the repeated roll"
    );
    assert_eq!(game.field().saved(), vec![Bean::Garden, Bean::Soy]);
    assert_eq!(game.bean_piece(), BeanPiece::Used);
    assert!(!game.legal_actions(0).contains(&DiceAction::RepeatRoll));
    assert_eq!(
        game.apply(0, &DiceAction::RepeatRoll),
        Err(DiceError::BeanPieceUsed)
    );
    // The piece stands again for the next player's turn.
    game.apply(
        0,
        &DiceAction::Save {
            dice: vec![2, 3, 4],
        },
    )
    .unwrap();
    game.apply(0, &DiceAction::PassBeanPiece).unwrap();
    assert_eq!((game.active(), game.bean_piece()), (1, BeanPiece::Ready));
}

/// "Once you've placed all five dice in the bean field, stop rolling. Now, check your own top
/// harvest card ... If you can complete more than one order at once, push the bottom card
/// higher accordingly. Reminder: You don't have to 'burn' beans to complete orders."
#[test]
fn with_all_five_saved_the_active_player_checks_the_bean_field() {
    // Card A: "Stink", then "2 Green | 2 Soy", then "Green/Soy, 2 Garden/Red".
    let players = vec![player(CARD_A, 3, 0, 0), player(CARD_B, 4, 0, 0)];
    let dice = [
        saved(Bean::Soy),
        saved(Bean::Soy),
        saved(Bean::Stink),
        rolled(Bean::Blue),
        rolled(Bean::Blue),
    ];
    let mut game = state(position(players, TurnPhase::Save, dice, 1));
    let events = game
        .apply(0, &DiceAction::Save { dice: vec![3, 4] })
        .unwrap();
    assert_eq!(covered_events(&events), vec![(0, 2, 2)]);
    assert_eq!(game.phase(), TurnPhase::Pass);
    assert_eq!(
        game.apply(0, &DiceAction::Roll),
        Err(DiceError::StopRolling)
    );
    assert_eq!(game.legal_actions(0), vec![DiceAction::PassBeanPiece]);
    let events = game.apply(0, &DiceAction::PassBeanPiece).unwrap();
    assert_eq!(
        events,
        vec![
            DiceEvent::BeanPiecePassed { from: 0, to: 1 },
            DiceEvent::TurnStarted { seat: 1 }
        ]
    );
    assert!(game.field().dice.iter().all(|d| !d.saved));
    assert_eq!(game.phase(), TurnPhase::Roll);
}

/// "Once you've completed three or more orders on your top harvest card, you may harvest it
/// at any time, even when you're not the active player. Three completed orders earns you 1
/// dollar, four orders earns 2 dollars, ... all five orders, you earn 3 dollars."
#[test]
fn a_harvest_pays_one_two_or_three_dollars_and_needs_three_orders() {
    for (covered, dollars) in [(3, 1), (4, 2), (5, 3)] {
        let players = vec![player(CARD_A, 3, 0, 0), player(CARD_B, 4, covered, 2)];
        let mut game = state(position(players, TurnPhase::Roll, [to_roll(); 5], 1));
        assert_eq!(game.acting_players(), vec![0, 1]);
        let events = game.apply(1, &DiceAction::Harvest).unwrap();
        let p = &game.players()[1];
        assert_eq!(p.dollars, 2 + dollars);
        // "Your bottom harvest card now becomes your top card. Draw another card ... This card
        // becomes your new bottom harvest card." The deck is drawn from its end: card 12 first.
        assert_eq!((p.top, p.covered), (4, 0));
        let drawn_for_dollars = dollars as usize - 1;
        assert_eq!(p.bottom, 12 - drawn_for_dollars);
        let harvested = DiceEvent::Harvested {
            seat: 1,
            orders: covered,
            dollars,
            total: 2 + dollars,
            new_bottom: p.bottom,
        };
        assert_eq!(events, vec![harvested]);
        let saved = bohnanza::dice::SavedDiceGame::from(game.clone()).position;
        assert_eq!(
            saved.dollar_cards.len(),
            dollars as usize,
            "the top card is the first dollar"
        );
    }
    let players = vec![player(CARD_A, 3, 0, 0), player(CARD_B, 4, 2, 0)];
    let mut game = state(position(players, TurnPhase::Roll, [to_roll(); 5], 1));
    let before = game.clone();
    assert_eq!(
        game.apply(1, &DiceAction::Harvest),
        Err(DiceError::TooFewOrders { covered: 2, min: 3 })
    );
    assert_eq!(game, before);
    assert_eq!(game.acting_players(), vec![0]);
}

/// "After harvesting, check whether the bottom-most order on your new top card can be
/// completed right now, too." Our rule for "right now": another player checks the roll that
/// is still open (the dice just rolled); the active player checks the bean field once all
/// five dice lie in it; otherwise there is nothing to check yet.
#[test]
fn a_new_top_card_is_checked_at_once_against_the_dice_the_player_may_use() {
    // Martina (seat 1) harvests during Matthias's open roll; her new top card A covers
    // "Stink" and "2 Green | 2 Soy" from the dice just rolled, not from the bean field's Soy.
    let players = vec![player(CARD_B, 3, 0, 0), player(CARD_C, CARD_A, 3, 0)];
    let dice = [
        saved(Bean::Soy),
        rolled(Bean::Soy),
        rolled(Bean::Green),
        rolled(Bean::Green),
        rolled(Bean::Stink),
    ];
    let mut game = state(position(players, TurnPhase::Save, dice, 1));
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    assert_eq!(covered_events(&events), vec![(1, 2, 2)]);
    // Between rolls there is no open roll: her next new card waits for the next roll.
    let players = vec![player(CARD_B, 3, 0, 0), player(CARD_C, CARD_A, 3, 0)];
    let dice = [
        saved(Bean::Stink),
        to_roll(),
        to_roll(),
        to_roll(),
        to_roll(),
    ];
    let mut game = state(position(players, TurnPhase::Roll, dice, 1));
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    assert!(covered_events(&events).is_empty());
    // The active player harvesting after their own check: the new top card meets the field.
    let players = vec![player(CARD_C, CARD_A, 3, 0), player(CARD_B, 4, 0, 0)];
    let dice = [
        saved(Bean::Stink),
        saved(Bean::Soy),
        saved(Bean::Blue),
        saved(Bean::Blue),
        saved(Bean::Blue),
    ];
    let mut game = state(position(players, TurnPhase::Pass, dice, 1));
    let events = game.apply(0, &DiceAction::Harvest).unwrap();
    assert_eq!(covered_events(&events), vec![(0, 1, 1)]);
}

/// "In the rare case of the harvest cards running out, use one of the player aid cards and
/// flip it to the dollar side: You can exchange this card for five single dollars you've
/// already earned." We keep dollars as a count, so all dollar cards go back: when the deck
/// is empty, the dollar cards are shuffled into a new deck.
#[test]
fn an_empty_deck_is_renewed_from_the_dollar_cards() {
    let players = vec![player(CARD_A, 3, 0, 4), player(CARD_B, 4, 5, 3)];
    let mut pos = position(players, TurnPhase::Roll, [to_roll(); 5], 1);
    pos.dollar_cards = std::mem::take(&mut pos.deck);
    let mut game = state(pos);
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    // The harvested top card is already a dollar card when the deck is renewed.
    assert_eq!(events[0], DiceEvent::DeckRenewed { cards: 10 });
    assert_eq!(game.players()[1].dollars, 6);
    let saved = bohnanza::dice::SavedDiceGame::from(game).position;
    assert_eq!(saved.deck.len() + saved.dollar_cards.len(), 9);
}

/// "If a player has collected 10 or more bean dollars after a harvest, the final phase of the
/// game is announced. If the player with the 10 bean dollars is not the active player, the
/// active player must stop rolling the dice and place all the dice in the bean field. They
/// then check for the final time ... Finally, all players who have at least three completed
/// orders ... can harvest ... The player with the most dollars wins the game!"
#[test]
fn reaching_ten_dollars_stops_the_active_player_and_ends_the_game() {
    // Matthias (0) is mid-turn with card A and the dice just rolled; Martina (1) harvests to
    // 10; Björn (2) has 3 orders and harvests in the final harvest.
    let players = vec![
        player(CARD_A, 3, 0, 5),
        player(CARD_B, 4, 4, 8),
        player(CARD_C, 5, 3, 9),
    ];
    let dice = [
        saved(Bean::Soy),
        saved(Bean::Soy),
        rolled(Bean::Stink),
        rolled(Bean::Blue),
        rolled(Bean::Blue),
    ];
    let mut game = state(position(players, TurnPhase::Save, dice, 1));
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    assert!(events.contains(&DiceEvent::FinalPhaseAnnounced { seat: 1 }));
    assert!(events.contains(&DiceEvent::DicePlaced {
        dice: vec![2, 3, 4]
    }));
    // Matthias's final check with the placed dice covers "Stink" and "2 Green | 2 Soy".
    assert!(covered_events(&events).contains(&(0, 2, 2)));
    assert_eq!(game.phase(), TurnPhase::Over);
    assert!(game.acting_players().is_empty());
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.dollars, vec![5, 10, 10]);
    // "If there is a tie, all players involved share the victory."
    assert_eq!(outcome.winners, vec![1, 2]);
    assert_eq!(
        events.last(),
        Some(&DiceEvent::GameEnded {
            dollars: vec![5, 10, 10],
            winners: vec![1, 2]
        })
    );
    assert_eq!(game.apply(0, &DiceAction::Roll), Err(DiceError::GameOver));
}

/// Our rule where the rulebook only implies it: when the active player reaches the goal
/// themselves, they finish their turn (no one stops them), and the game ends after their own
/// check and the final harvest.
#[test]
fn the_active_player_reaching_ten_finishes_the_turn_first() {
    let players = vec![player(CARD_B, 3, 4, 8), player(CARD_A, 4, 0, 0)];
    let dice = [
        saved(Bean::Blue),
        rolled(Bean::Blue),
        rolled(Bean::Blue),
        rolled(Bean::Blue),
        rolled(Bean::Green),
    ];
    let mut game = state(position(players, TurnPhase::Save, dice, 1));
    let events = game.apply(0, &DiceAction::Harvest).unwrap();
    assert!(events.contains(&DiceEvent::FinalPhaseAnnounced { seat: 0 }));
    assert_eq!(game.phase(), TurnPhase::Save, "the active player rolls on");
    let events = game
        .apply(
            0,
            &DiceAction::Save {
                dice: vec![1, 2, 3, 4],
            },
        )
        .unwrap();
    // Card 3 (a card B) is the new top card: the field covers all five orders (4 Blue, Green)
    // and the final harvest pays 3 more.
    assert!(covered_events(&events).contains(&(0, 5, 5)));
    assert_eq!(game.outcome().unwrap().dollars, vec![13, 0]);
}

/// A die left on the table as it lies, not in the bean field and not from the roll just
/// made: between rolls, or at the start of a turn still showing the previous player's roll.
fn lying(bean: Bean) -> DieState {
    DieState {
        face: Some(bean),
        saved: false,
        just_rolled: false,
    }
}

fn has_event(events: &[DiceEvent], wanted: impl Fn(&DiceEvent) -> bool) -> bool {
    events.iter().any(wanted)
}

/// The issue's table: Matthias (0) is in the save step with 9 dollars and three covered
/// orders, Soy saved and Stink, Red, Blue, Green just rolled; Martina (1) has three covered
/// orders and `martina` dollars. Matthias harvests to 10 and announces the final phase.
fn matthias_announces_mid_turn(martina: u32) -> DiceState {
    let players = vec![player(CARD_B, 3, 3, 9), player(CARD_A, 4, 3, martina)];
    let dice = [
        saved(Bean::Soy),
        rolled(Bean::Stink),
        rolled(Bean::Red),
        rolled(Bean::Blue),
        rolled(Bean::Green),
    ];
    let mut game = state(position(players, TurnPhase::Save, dice, 1));
    let events = game.apply(0, &DiceAction::Harvest).unwrap();
    assert!(events.contains(&DiceEvent::FinalPhaseAnnounced { seat: 0 }));
    game
}

/// "If the player with the 10 bean dollars is not the active player, the active player must
/// stop rolling": so when the active player has them, no one stops them. Another player's
/// harvest in the announcer's turn is only a harvest ("at any time"): the turn goes on.
#[test]
fn another_harvest_in_the_announcers_turn_does_not_stop_it() {
    let mut game = matthias_announces_mid_turn(0);
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    assert!(!has_event(&events, |e| matches!(
        e,
        DiceEvent::DicePlaced { .. } | DiceEvent::GameEnded { .. }
    )));
    assert_eq!(game.phase(), TurnPhase::Save, "Matthias still saves a die");
    assert_eq!(game.outcome(), None);
    assert_eq!(game.players()[1].dollars, 1);
    assert!(game.legal_actions(0).contains(&DiceAction::RepeatRoll));
    // He saves all four; his new top card (a card B) meets "Blue" and "Blue, Green" in the
    // bean field, too few to harvest; the game ends with his check.
    let events = game
        .apply(
            0,
            &DiceAction::Save {
                dice: vec![1, 2, 3, 4],
            },
        )
        .unwrap();
    assert!(covered_events(&events).contains(&(0, 2, 2)));
    assert_eq!(game.outcome().unwrap().dollars, vec![10, 1]);
}

/// The final phase is announced once. A second player reaching the goal in the announcer's
/// turn stops no one either: the announcer was the active player when it was announced.
#[test]
fn a_second_player_reaching_the_goal_does_not_stop_the_announcer() {
    let mut game = matthias_announces_mid_turn(9);
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    assert!(!has_event(&events, |e| matches!(
        e,
        DiceEvent::FinalPhaseAnnounced { .. } | DiceEvent::GameEnded { .. }
    )));
    assert_eq!(game.final_phase(), Some(0));
    assert_eq!(game.phase(), TurnPhase::Save);
    game.apply(
        0,
        &DiceAction::Save {
            dice: vec![1, 2, 3, 4],
        },
    )
    .unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.dollars, vec![10, 10]);
    assert_eq!(outcome.winners, vec![0, 1]);
}

/// Our rule where the rulebook is silent: the goal reached before the active player's first
/// roll of the turn. The dice they took up still show the previous player's roll, which is
/// not theirs to check: nothing is placed, there is no final check, and the final harvest
/// follows at once.
#[test]
fn the_goal_reached_before_the_active_player_rolled_places_no_dice() {
    // Matthias (0) has just taken the bean piece; the dice show Stink and 2 Green, which would
    // cover his card A's "Stink" and "2 Green | 2 Soy". Martina (1) harvests to 10; Björn (2)
    // has three covered orders for the final harvest.
    let players = vec![
        player(CARD_A, 3, 0, 5),
        player(CARD_B, 4, 3, 9),
        player(CARD_C, 5, 3, 2),
    ];
    let dice = [
        lying(Bean::Stink),
        lying(Bean::Soy),
        lying(Bean::Green),
        lying(Bean::Green),
        lying(Bean::Blue),
    ];
    let mut game = state(position(players, TurnPhase::Roll, dice, 1));
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    assert!(events.contains(&DiceEvent::FinalPhaseAnnounced { seat: 1 }));
    assert!(!has_event(&events, |e| matches!(
        e,
        DiceEvent::DicePlaced { .. }
    )));
    assert!(covered_events(&events).is_empty(), "{events:?}");
    assert_eq!(game.players()[0].covered, 0);
    assert!(game.field().dice.iter().all(|d| !d.saved));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.dollars, vec![5, 10, 3]);
    // The ended game is a position like any other: it saves and loads.
    let json = serde_json::to_string(&game).unwrap();
    let back: DiceState = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, game);
}

/// The rulebook's case between two rolls: the dice left on the table are this turn's, so the
/// active player places them as they lie and checks a last time with all five.
#[test]
fn the_goal_reached_between_rolls_places_the_dice_left_as_they_lie() {
    let players = vec![player(CARD_A, 3, 0, 0), player(CARD_B, 4, 3, 9)];
    let dice = [
        saved(Bean::Soy),
        saved(Bean::Soy),
        lying(Bean::Stink),
        lying(Bean::Blue),
        lying(Bean::Red),
    ];
    let mut game = state(position(players, TurnPhase::Roll, dice, 1));
    let events = game.apply(1, &DiceAction::Harvest).unwrap();
    assert!(events.contains(&DiceEvent::DicePlaced {
        dice: vec![2, 3, 4]
    }));
    // Soy, Soy, Stink, Blue, Red: "Stink", "2 Green | 2 Soy", "Green/Soy, 2 Garden/Red" no.
    assert!(covered_events(&events).contains(&(0, 2, 2)));
    assert!(game.field().dice.iter().all(|d| d.saved));
    assert_eq!(game.outcome().unwrap().dollars, vec![0, 10]);
}

/// The active player reaching the goal after their own check (all five dice saved, the bean
/// piece not yet passed): the turn is already over, so the game ends at once.
#[test]
fn the_active_player_reaching_the_goal_after_the_check_ends_the_game_at_once() {
    let players = vec![player(CARD_C, 3, 3, 9), player(CARD_A, 4, 3, 0)];
    let dice = [
        saved(Bean::Stink),
        saved(Bean::Soy),
        saved(Bean::Blue),
        saved(Bean::Blue),
        saved(Bean::Green),
    ];
    let mut game = state(position(players, TurnPhase::Pass, dice, 1));
    let events = game.apply(0, &DiceAction::Harvest).unwrap();
    assert!(events.contains(&DiceEvent::FinalPhaseAnnounced { seat: 0 }));
    assert!(!has_event(&events, |e| matches!(
        e,
        DiceEvent::DicePlaced { .. }
    )));
    // His new top card (a card B) meets "Blue", "Blue, Green" and "2 Blue, Green" in the
    // bean field at once; the final harvest pays him 1 more, and Martina 1 for her three.
    assert!(covered_events(&events).contains(&(0, 3, 3)));
    assert_eq!(game.outcome().unwrap().dollars, vec![11, 1]);
}

/// Nothing is secret: the view shows every player's top card with its covered orders and
/// Bohnus figures, the dice as they lie, and what a harvest would pay now.
#[test]
fn the_view_shows_the_whole_table() {
    let players = vec![player(CARD_A, 3, 0, 0), player(CARD_B, 4, 4, 7)];
    let dice = [
        saved(Bean::Soy),
        rolled(Bean::Stink),
        rolled(Bean::Green),
        rolled(Bean::Green),
        rolled(Bean::Blue),
    ];
    let game = state(position(players, TurnPhase::Save, dice, 1));
    let view = game.view();
    let a = &view.players[0];
    assert_eq!(a.top.orders.len(), 5);
    assert_eq!(a.top.orders[2].text, "Green/Soy, 2 Garden/Red");
    assert_eq!(a.top.orders[2].bohnus, 14.79);
    assert_eq!(a.harvest_pays, None);
    let b = &view.players[1];
    assert_eq!((b.covered, b.dollars, b.harvest_pays), (4, 7, Some(2)));
    assert!(b.top.orders[3].covered && !b.top.orders[4].covered);
    assert_eq!(view.dice[0].faces[1], Bean::Garden);
    assert!(view.dice[0].state.saved && view.dice[1].state.just_rolled);
    assert_eq!(
        (view.active, view.phase, view.goal),
        (0, TurnPhase::Save, 10)
    );
    let json = serde_json::to_string(&view).unwrap();
    assert!(json.contains(r#""bohnus":14.79"#), "{json}");
    assert_eq!(
        serde_json::from_str::<bohnanza::dice::DiceView>(&json).unwrap(),
        view
    );
}
