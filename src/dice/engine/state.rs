//! The whole dice game at one moment, and the one way to change it: [`DiceState::apply`].

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::action::DiceAction;
use super::bean::Bean;
use super::bean_field::BeanField;
use super::bean_piece::BeanPiece;
use super::error::DiceError;
use super::event::DiceEvent;
use super::harvest_card::{CardId, HarvestCard};
use super::outcome::DiceOutcome;
use super::phase::TurnPhase;
use super::position::{DicePosition, DicePositionError, SavedDiceGame};
use super::rng::DiceRng;
use super::ruleset::DiceRuleset;

/// A player's place at the table, 0-based; seat 0 starts.
pub type Seat = usize;

/// One player's harvest cards and dollars.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DicePlayer {
    /// The active harvest card, whose orders are covered from the bottom up.
    pub top: CardId,
    /// The card that covers the top card's completed orders, and becomes the top card at the
    /// next harvest.
    pub bottom: CardId,
    /// How many of the top card's orders are covered, 0 to 5.
    pub covered: usize,
    pub dollars: u32,
}

/// Why a game could not be started.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum NewDiceGameError {
    #[error("this game is for {allowed} players, not {players}")]
    PlayerCount { players: usize, allowed: String },
}

/// A dice game: `(ruleset, seed, actions)` replays it exactly, and a serialized state
/// (which carries the generator's position) continues exactly as the original would.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(into = "SavedDiceGame", try_from = "SavedDiceGame")]
pub struct DiceState {
    pub(super) ruleset: Arc<DiceRuleset>,
    pub(super) players: Vec<DicePlayer>,
    pub(super) active: Seat,
    pub(super) phase: TurnPhase,
    pub(super) field: BeanField,
    pub(super) bean_piece: BeanPiece,
    /// Who announced the final phase by reaching the goal.
    pub(super) final_phase: Option<Seat>,
    /// The draw deck; the next card drawn is the last.
    pub(super) deck: Vec<CardId>,
    /// Every dollar card earned so far (turned-over harvest cards).
    pub(super) dollar_cards: Vec<CardId>,
    pub(super) rng: DiceRng,
}

impl DiceState {
    /// Shuffles the harvest cards from `seed`, deals each player a top and a bottom card, and
    /// gives seat 0 the bean piece and the dice.
    pub fn new(
        ruleset: &Arc<DiceRuleset>,
        players: usize,
        seed: u64,
    ) -> Result<DiceState, NewDiceGameError> {
        if !ruleset.supports(players) {
            let allowed: Vec<String> = ruleset
                .player_counts
                .iter()
                .map(|c| c.to_string())
                .collect();
            let allowed = allowed.join(", ");
            return Err(NewDiceGameError::PlayerCount { players, allowed });
        }
        let mut rng = DiceRng::new(seed);
        let mut deck: Vec<CardId> = (0..ruleset.cards.len()).collect();
        rng.shuffle(&mut deck);
        let players = (0..players)
            .map(|_| {
                let top = deck.pop().expect("the ruleset has cards for every player");
                let bottom = deck.pop().expect("the ruleset has cards for every player");
                DicePlayer {
                    top,
                    bottom,
                    covered: 0,
                    dollars: 0,
                }
            })
            .collect();
        Ok(DiceState {
            ruleset: Arc::clone(ruleset),
            players,
            active: 0,
            phase: TurnPhase::Roll,
            field: BeanField::default(),
            bean_piece: BeanPiece::Ready,
            final_phase: None,
            deck,
            dollar_cards: Vec::new(),
            rng,
        })
    }

    /// A game set up exactly as `position` says, after checking it is a position the rules
    /// can reach in form (for scenario tests and tools).
    pub fn from_position(
        ruleset: &Arc<DiceRuleset>,
        position: DicePosition,
    ) -> Result<DiceState, DicePositionError> {
        super::position::check(ruleset, &position)?;
        Ok(DiceState {
            ruleset: Arc::clone(ruleset),
            players: position.players,
            active: position.active,
            phase: position.phase,
            field: position.field,
            bean_piece: position.bean_piece,
            final_phase: position.final_phase,
            deck: position.deck,
            dollar_cards: position.dollar_cards,
            rng: position.rng.into(),
        })
    }

    pub fn ruleset(&self) -> &Arc<DiceRuleset> {
        &self.ruleset
    }

    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    pub fn players(&self) -> &[DicePlayer] {
        &self.players
    }

    /// The player with the bean piece.
    pub fn active(&self) -> Seat {
        self.active
    }

    pub fn phase(&self) -> TurnPhase {
        self.phase
    }

    pub fn field(&self) -> &BeanField {
        &self.field
    }

    pub fn bean_piece(&self) -> BeanPiece {
        self.bean_piece
    }

    /// Who announced the final phase, if anyone has.
    pub fn final_phase(&self) -> Option<Seat> {
        self.final_phase
    }

    /// Cards left in the draw deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// `seat`'s top harvest card.
    pub fn top_card(&self, seat: Seat) -> &HarvestCard {
        self.ruleset.card(self.players[seat].top)
    }

    /// Whether `seat` may harvest now: the game is on and they have enough covered orders.
    pub fn may_harvest(&self, seat: Seat) -> bool {
        self.phase != TurnPhase::Over && self.players[seat].covered >= self.ruleset.min_harvest()
    }

    /// Who may act now: the active player, and anyone who may harvest.
    pub fn acting_players(&self) -> Vec<Seat> {
        if self.phase == TurnPhase::Over {
            return Vec::new();
        }
        (0..self.players.len())
            .filter(|&s| s == self.active || self.may_harvest(s))
            .collect()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<DiceOutcome> {
        (self.phase == TurnPhase::Over)
            .then(|| DiceOutcome::from_dollars(self.players.iter().map(|p| p.dollars).collect()))
    }

    /// Does what `seat` asks, or explains in the rulebook's words why not and changes
    /// nothing.
    pub fn apply(&mut self, seat: Seat, action: &DiceAction) -> Result<Vec<DiceEvent>, DiceError> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        match action {
            DiceAction::Roll => self.roll(&mut events),
            DiceAction::RepeatRoll => self.repeat_roll(&mut events),
            DiceAction::Save { dice } => self.save(dice, &mut events),
            DiceAction::PassBeanPiece => self.pass_bean_piece(&mut events),
            DiceAction::Harvest => self.harvest_action(seat, &mut events),
        }
        Ok(events)
    }

    /// Covers `seat`'s bottom-most uncovered orders, as many in a row as `shown` fulfils.
    pub(super) fn cover_orders(&mut self, seat: Seat, shown: &[Bean], events: &mut Vec<DiceEvent>) {
        let player = &mut self.players[seat];
        let count = self
            .ruleset
            .card(player.top)
            .fulfilled_in_a_row(player.covered, shown);
        if count > 0 {
            player.covered += count;
            events.push(DiceEvent::OrdersCovered {
                seat,
                count,
                covered: player.covered,
            });
        }
    }
}
