//! A game position given whole: for scenario tests, tools and saved games. Every field is
//! checked before a [`DiceState`] is made from it, so a hand-made or hostile position can
//! never break the rules' invariants.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::bean_field::BeanField;
use super::bean_piece::BeanPiece;
use super::harvest_card::{CardId, ORDERS_PER_CARD};
use super::phase::TurnPhase;
use super::rng::RngPosition;
use super::ruleset::DiceRuleset;
use super::state::{DicePlayer, DiceState, Seat};

/// The most bean dollars a position may give a player: far above any goal, so sums never
/// overflow.
pub const MAX_DOLLARS: u32 = 10_000;

/// Everything in a [`DiceState`] but the ruleset.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DicePosition {
    pub players: Vec<DicePlayer>,
    pub active: Seat,
    pub phase: TurnPhase,
    pub field: BeanField,
    pub bean_piece: BeanPiece,
    pub final_phase: Option<Seat>,
    /// The draw deck; the next card drawn is the last.
    pub deck: Vec<CardId>,
    pub dollar_cards: Vec<CardId>,
    /// The random stream: its seed and how far it has run.
    pub rng: RngPosition,
}

/// Why a position is not one the game can be in.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DicePositionError {
    #[error("this game is not for {0} players")]
    PlayerCount(usize),
    #[error("there is no player {0}")]
    NoSuchPlayer(Seat),
    #[error("there is no harvest card {0}")]
    NoSuchCard(CardId),
    #[error("harvest card {0} is in two places")]
    CardTwice(CardId),
    #[error("harvest card {0} is nowhere: every card is in a player's hands, the deck or a dollar")]
    CardMissing(CardId),
    #[error("player {0} has more than {ORDERS_PER_CARD} covered orders")]
    TooManyCovered(Seat),
    #[error("player {0} has more than {MAX_DOLLARS} bean dollars")]
    TooManyDollars(Seat),
    #[error("die {0} shows a bean it does not have")]
    FaceNotOnDie(usize),
    #[error("the dice do not fit the turn's step: {0}")]
    DiceDoNotFitPhase(&'static str),
    #[error("player {0} reached the goal, but no final phase was announced")]
    GoalUnannounced(Seat),
    #[error("the final phase is wrongly recorded: {0}")]
    BadFinalPhase(&'static str),
}

/// Checks `position` against `ruleset`: card ids, where the cards are, seats, covered orders,
/// dice faces, and that the dice fit the turn's step.
pub(super) fn check(
    ruleset: &DiceRuleset,
    position: &DicePosition,
) -> Result<(), DicePositionError> {
    let count = position.players.len();
    if !ruleset.supports(count) {
        return Err(DicePositionError::PlayerCount(count));
    }
    for seat in [Some(position.active), position.final_phase]
        .into_iter()
        .flatten()
    {
        if seat >= count {
            return Err(DicePositionError::NoSuchPlayer(seat));
        }
    }
    check_cards(ruleset, position)?;
    for (seat, player) in position.players.iter().enumerate() {
        if player.covered > ORDERS_PER_CARD {
            return Err(DicePositionError::TooManyCovered(seat));
        }
        if player.dollars > MAX_DOLLARS {
            return Err(DicePositionError::TooManyDollars(seat));
        }
        if player.dollars >= ruleset.goal && position.final_phase.is_none() {
            return Err(DicePositionError::GoalUnannounced(seat));
        }
    }
    check_dice(ruleset, position)?;
    check_final_phase(ruleset, position)
}

fn check_cards(ruleset: &DiceRuleset, position: &DicePosition) -> Result<(), DicePositionError> {
    let mut seen = vec![false; ruleset.cards.len()];
    let held = position.players.iter().flat_map(|p| [p.top, p.bottom]);
    let everywhere = held
        .chain(position.deck.iter().copied())
        .chain(position.dollar_cards.iter().copied());
    for card in everywhere {
        let slot = seen
            .get_mut(card)
            .ok_or(DicePositionError::NoSuchCard(card))?;
        if *slot {
            return Err(DicePositionError::CardTwice(card));
        }
        *slot = true;
    }
    match seen.iter().position(|s| !s) {
        Some(card) => Err(DicePositionError::CardMissing(card)),
        None => Ok(()),
    }
}

fn check_dice(ruleset: &DiceRuleset, position: &DicePosition) -> Result<(), DicePositionError> {
    let dice = &position.field.dice;
    for (i, die) in dice.iter().enumerate() {
        if die
            .face
            .is_some_and(|f| !ruleset.dice[i].faces.contains(&f))
        {
            return Err(DicePositionError::FaceNotOnDie(i));
        }
        if die.just_rolled && (die.saved || die.face.is_none()) {
            return Err(DicePositionError::DiceDoNotFitPhase(
                "a die just rolled shows a bean and is not in the bean field",
            ));
        }
        if die.saved && die.face.is_none() && position.phase != TurnPhase::Over {
            return Err(DicePositionError::DiceDoNotFitPhase(
                "a die in the bean field shows a bean",
            ));
        }
    }
    let any_rolled = dice.iter().any(|d| d.just_rolled);
    let all_saved = dice.iter().all(|d| d.saved);
    let unsaved_all_rolled = dice.iter().all(|d| d.saved || d.just_rolled);
    // A game may end before its last active player rolled: then no die was placed.
    let none_touched = dice.iter().all(|d| !d.saved && !d.just_rolled);
    let fits = match position.phase {
        TurnPhase::Roll => !any_rolled && !all_saved,
        TurnPhase::Save => any_rolled && unsaved_all_rolled,
        TurnPhase::Pass => all_saved,
        TurnPhase::Over => all_saved || none_touched,
    };
    if fits {
        Ok(())
    } else {
        Err(DicePositionError::DiceDoNotFitPhase(match position.phase {
            TurnPhase::Roll => "before a roll no die is just rolled and some are left to roll",
            TurnPhase::Save => "while saving, every die outside the bean field was just rolled",
            TurnPhase::Pass => "at the end of a turn all five dice are saved",
            TurnPhase::Over => {
                "at the end of the game all five dice are saved, or none if the last turn had not begun"
            }
        }))
    }
}

fn check_final_phase(
    ruleset: &DiceRuleset,
    position: &DicePosition,
) -> Result<(), DicePositionError> {
    let Some(announcer) = position.final_phase else {
        return if position.phase == TurnPhase::Over {
            Err(DicePositionError::BadFinalPhase(
                "the game ended without one",
            ))
        } else {
            Ok(())
        };
    };
    if position.players[announcer].dollars < ruleset.goal {
        return Err(DicePositionError::BadFinalPhase(
            "its announcer has not reached the goal",
        ));
    }
    let ongoing = !matches!(position.phase, TurnPhase::Over);
    if ongoing && (announcer != position.active || position.phase == TurnPhase::Pass) {
        return Err(DicePositionError::BadFinalPhase(
            "once announced, the game goes on only while its announcer is still rolling",
        ));
    }
    Ok(())
}

/// A whole game as saved: the ruleset (checked again when read) and the position.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedDiceGame {
    pub ruleset: DiceRuleset,
    pub position: DicePosition,
}

impl From<DiceState> for SavedDiceGame {
    fn from(state: DiceState) -> SavedDiceGame {
        SavedDiceGame {
            ruleset: (*state.ruleset).clone(),
            position: DicePosition {
                players: state.players,
                active: state.active,
                phase: state.phase,
                field: state.field,
                bean_piece: state.bean_piece,
                final_phase: state.final_phase,
                deck: state.deck,
                dollar_cards: state.dollar_cards,
                rng: state.rng.into(),
            },
        }
    }
}

impl TryFrom<SavedDiceGame> for DiceState {
    type Error = DicePositionError;

    fn try_from(saved: SavedDiceGame) -> Result<DiceState, DicePositionError> {
        DiceState::from_position(&Arc::new(saved.ruleset), saved.position)
    }
}
