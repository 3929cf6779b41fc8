//! The actions a player may take now.

use super::action::{Action, CardRefs};
use super::bean::BeanKind;
use super::phase::Phase;
use super::state::GameState;
use super::trading::CardRef;
use crate::few;

impl GameState {
    /// Every action `player` may take now, except that trade offers are open-ended: of those,
    /// the list holds every one-card donation and every one-card-for-one-card offer (any
    /// other offer the rules allow is legal too). Every listed action succeeds if applied.
    pub fn legal_actions(&self, player: usize) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(player, &mut out);
        out
    }

    /// [`GameState::legal_actions`] into a buffer the caller reuses, appended in a fixed order.
    pub fn legal_actions_into(&self, player: usize, out: &mut Vec<Action>) {
        if self.is_over() || player >= self.players.len() {
            return;
        }
        let zone = &self.players[player];
        for field in 0..zone.fields.len() {
            if self.check_harvest(player, field).is_ok() {
                out.push(Action::Harvest { field });
            }
        }
        if self.check_buy_third_field(player).is_ok() {
            out.push(Action::BuyThirdField);
        }
        self.push_arrangements(player, out);
        if player == self.active
            && let Some(order) = zone.order()
        {
            for field in 0..zone.fields.len().saturating_sub(1) {
                if order.is_met_by(&zone.fields, field) {
                    out.push(Action::FulfillOrder { field });
                }
            }
        }
        match self.phase {
            Phase::Plant { planted } if player == self.active => {
                if planted < self.max_planted_from_hand()
                    && let Some(card) = zone.hand.front()
                {
                    self.push_plants(player, card, |field| Action::Plant { field }, out);
                }
                if planted >= 1 || self.planting_optional() {
                    out.push(Action::TurnOver);
                }
                if self.may_discard_from_hand() {
                    out.extend((0..zone.hand.len()).map(|card| Action::Discard { card }));
                }
            }
            Phase::Trade => match self.must_plant_received_cards() {
                Some(_) => self.push_set_aside_plants(player, out),
                None => self.push_trade_actions(player, out),
            },
            Phase::PlantOffered if player == self.active => {
                for (card, &kind) in self.offered.iter().enumerate() {
                    if self.offered[..card].contains(&kind) {
                        continue;
                    }
                    self.push_plants(
                        player,
                        kind,
                        |field| Action::PlantOffered { card, field },
                        out,
                    );
                    out.push(Action::DiscardOffered { card });
                }
            }
            Phase::PlantTurnedOver if player == self.active => {
                for (card, &kind) in self.face_up.iter().enumerate() {
                    if self.face_up[..card].contains(&kind) {
                        continue;
                    }
                    self.push_plants(
                        player,
                        kind,
                        |field| Action::PlantTurnedOver { card, field },
                        out,
                    );
                }
                out.push(Action::EndTurn);
            }
            Phase::PlantTraded => self.push_set_aside_plants(player, out),
            _ => {}
        }
    }

    /// Where `player` may plant each distinct kind of their set-aside cards.
    fn push_set_aside_plants(&self, player: usize, out: &mut Vec<Action>) {
        let set_aside = &self.players[player].set_aside;
        for (card, &kind) in set_aside.iter().enumerate() {
            if set_aside[..card].contains(&kind) {
                continue;
            }
            self.push_plants(
                player,
                kind,
                |field| Action::PlantSetAside { card, field },
                out,
            );
        }
    }

    fn push_plants(
        &self,
        player: usize,
        card: BeanKind,
        make: impl Fn(usize) -> Action,
        out: &mut Vec<Action>,
    ) {
        let fields = &self.players[player].fields;
        // With mixed patches, a bean that fits no field may go over any of them.
        let any = self.ruleset.mixed_patches && !fields.iter().any(|f| f.accepts(card));
        for (field, f) in fields.iter().enumerate() {
            if any || f.accepts(card) {
                out.push(make(field));
            }
        }
    }

    /// The cards `player` could trade now, one per distinct (zone, kind), frontmost first.
    fn tradeable_cards(&self, player: usize) -> Vec<(CardRef, BeanKind)> {
        let mut cards: Vec<(CardRef, BeanKind)> = Vec::new();
        let mut seen_face_up: Vec<BeanKind> = Vec::new();
        if player == self.active {
            for (i, &k) in self.face_up.iter().enumerate() {
                if !seen_face_up.contains(&k) {
                    seen_face_up.push(k);
                    cards.push((CardRef::FaceUp(i), k));
                }
            }
        }
        let mut seen_hand: Vec<BeanKind> = Vec::new();
        for (i, k) in self.players[player].hand.iter().enumerate() {
            if !seen_hand.contains(&k) {
                seen_hand.push(k);
                cards.push((CardRef::Hand(i), k));
            }
        }
        cards
    }

    fn push_trade_actions(&self, player: usize, out: &mut Vec<Action>) {
        if player == self.active {
            out.push(Action::EndTrading);
        }
        for offer in &self.offers {
            if offer.from == player {
                out.push(Action::Withdraw { offer: offer.id });
            }
            if offer.to == player {
                out.push(Action::Decline { offer: offer.id });
                if let Some(give) = self.frontmost_match(player, &offer.want) {
                    out.push(Action::Accept {
                        offer: offer.id,
                        give,
                    });
                }
            }
        }
        if !self.may_offer_again(player) {
            return;
        }
        let partners: Vec<usize> = if player == self.active {
            (0..self.players.len()).filter(|&p| p != player).collect()
        } else {
            vec![self.active]
        };
        let cards = self.tradeable_cards(player);
        let kinds_in_play: Vec<BeanKind> = self
            .ruleset
            .deck_counts(self.players.len())
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(k, _)| BeanKind::new(k))
            .collect();
        for &to in &partners {
            for &(card, _) in &cards {
                out.push(Action::Propose {
                    to,
                    give: few![card],
                    want: few![],
                });
                for &want in &kinds_in_play {
                    out.push(Action::Propose {
                        to,
                        give: few![card],
                        want: few![want],
                    });
                }
            }
        }
    }

    /// The frontmost cards of `player` (turned-over cards first for the active player) that
    /// make up `want`, or `None` if they do not have them; held inline, so that answering or
    /// checking an answer does not allocate.
    pub fn frontmost_match(&self, player: usize, want: &[BeanKind]) -> Option<CardRefs> {
        let mut chosen = CardRefs::new();
        for &kind in want {
            let face_up = (player == self.active)
                .then(|| {
                    self.face_up
                        .iter()
                        .enumerate()
                        .find(|&(i, &k)| k == kind && !chosen.contains(&CardRef::FaceUp(i)))
                        .map(|(i, _)| CardRef::FaceUp(i))
                })
                .flatten();
            let pick = face_up.or_else(|| {
                self.players[player]
                    .hand
                    .iter()
                    .enumerate()
                    .find(|&(i, k)| k == kind && !chosen.contains(&CardRef::Hand(i)))
                    .map(|(i, _)| CardRef::Hand(i))
            })?;
            chosen.push(pick);
        }
        Some(chosen)
    }
}
