//! The bean duel's turn (classic rules, 2 players): no trading; the cards the active player
//! turns over and does not plant become an offer that the opponent plants or discards at the
//! start of the next turn, and a player may discard one card from the hand after planting.
//! Switched on by the ruleset (`phase_2 = "plant_and_offer"`, `discards_after_planting`,
//! `turned_over_pulls_matching_discards`), never by the ruleset's name.

use super::bean::BeanKind;
use super::error::RuleError;
use super::event::Event;
use super::event_kind::EventKind;
use super::event_sink::EventSink;
use super::phase::Phase;
use super::state::GameState;

/// Proof that the rules allow a discard from anywhere in the hand ("the player may discard one
/// card from anywhere in his hand"). Only this module makes one, so a hand still changes only
/// at its ends, by an agreed trade, or by this rule.
#[derive(Debug)]
pub struct DiscardAllowed(());

impl GameState {
    /// Step 1: the cards the opponent left as an offer, planted or discarded one by one.
    pub(crate) fn plant_offered(
        &mut self,
        player: usize,
        card: usize,
        field: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let kind = self.offered_card(player, card)?;
        self.check_plant(player, kind, field)?;
        self.offered.remove(card);
        self.plant_checked(player, kind, field, events);
        self.after_offered_card(events);
        Ok(())
    }

    pub(crate) fn discard_offered(
        &mut self,
        player: usize,
        card: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let kind = self.offered_card(player, card)?;
        self.offered.remove(card);
        self.deck.discard(kind, 1);
        events.report(EventKind::Discarded, || Event::Discarded {
            player,
            card: kind,
        });
        self.after_offered_card(events);
        Ok(())
    }

    fn offered_card(&self, player: usize, card: usize) -> Result<BeanKind, RuleError> {
        self.expect_phase(Phase::PlantOffered)?;
        self.expect_active(player)?;
        self.offered
            .get(card)
            .copied()
            .ok_or(RuleError::NoSuchOfferedCard(card))
    }

    fn after_offered_card(&mut self, events: &mut impl EventSink) {
        if self.offered.is_empty() {
            self.begin_planting(events);
        }
    }

    /// Step 2, after planting: one card from anywhere in the hand to the discard pile. It ends
    /// the planting; the cards of step 3 are turned over.
    pub(crate) fn discard_from_hand(
        &mut self,
        player: usize,
        position: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.expect_phase(Phase::Plant { planted: 0 })?;
        self.expect_active(player)?;
        let allowed = self.ruleset.discards_after_planting;
        if self.discards_made >= allowed {
            return Err(RuleError::DiscardedEnough(allowed));
        }
        if self.phase == (Phase::Plant { planted: 0 }) {
            return Err(RuleError::MustPlantFirst);
        }
        let kind = self.players[player]
            .hand
            .get(position)
            .ok_or(RuleError::NoSuchCard(super::CardRef::Hand(position)))?;

        self.players[player]
            .hand
            .discard_at(position, &DiscardAllowed(()));
        self.deck.discard(kind, 1);
        self.discards_made += 1;
        events.report(EventKind::Discarded, || Event::Discarded {
            player,
            card: kind,
        });
        self.begin_trade(events);
        Ok(())
    }

    /// Whether the active player may still discard from the hand in step 2.
    pub(crate) fn may_discard_from_hand(&self) -> bool {
        matches!(self.phase, Phase::Plant { planted } if planted >= 1)
            && self.discards_made < self.ruleset.discards_after_planting
            && !self.players[self.active].hand.is_empty()
    }

    /// Step 3: cards on the discard pile matching a turned-over card join them, until the top
    /// card matches none.
    pub(crate) fn pull_matching_discards(&mut self, events: &mut impl EventSink) {
        while let Some(top) = self.deck.discard_pile().last().copied() {
            if !self.face_up.contains(&top) {
                break;
            }
            self.deck.take_discard_top();
            self.face_up.push(top);
            events.report(EventKind::PulledFromDiscard, || Event::PulledFromDiscard {
                card: top,
            });
        }
    }

    /// Step 3: plant one of the turned-over cards.
    pub(crate) fn plant_turned_over(
        &mut self,
        player: usize,
        card: usize,
        field: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.expect_phase(Phase::PlantTurnedOver)?;
        self.expect_active(player)?;
        let kind = self
            .face_up
            .get(card)
            .copied()
            .ok_or(RuleError::NoSuchCard(super::CardRef::FaceUp(card)))?;
        self.check_plant(player, kind, field)?;
        self.face_up.remove(card);
        self.plant_checked(player, kind, field, events);
        Ok(())
    }

    /// Step 3 ends: the cards not planted are left as an offer to the next player; then step 4.
    pub(crate) fn end_turn(
        &mut self,
        player: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.expect_phase(Phase::PlantTurnedOver)?;
        self.expect_active(player)?;
        self.offered.append(&mut self.face_up);
        events.report(EventKind::LeftAsOffer, || Event::LeftAsOffer {
            player,
            cards: self.offered.clone(),
        });
        self.finish_turn(events);
        Ok(())
    }
}
