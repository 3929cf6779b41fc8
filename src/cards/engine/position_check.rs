//! The rules a loaded position must keep beyond counting cards: what may lie where in which
//! phase, offers only between players who may trade, counters that agree with the rest.

use serde::Serialize;

use super::error::RuleError;
use super::phase::Phase;
use super::position::Position;
use super::position_error::{PositionError, PositionProblem};
use super::state::GameState;
use super::trading::{MAX_OPEN_OFFERS, Offer};

type Checked = Result<(), PositionError>;

fn contradiction(key: impl Into<String>, why: &'static str) -> PositionError {
    PositionError::at(key, PositionProblem::Contradiction(why))
}

impl GameState {
    /// Puts the position's offers on the table, each checked as if it were proposed now,
    /// with the counters of offers made and the next offer's id.
    pub(super) fn restore_offers(&mut self, position: &Position) -> Checked {
        if !position.offers.is_empty() && self.phase != Phase::Trade {
            return Err(self.wrong_phase_for("offers", "offers lie on the table", "in phase 2"));
        }
        for (i, given) in position.offers.iter().enumerate() {
            let key = |what: &str| format!("offers[{i}].{what}");
            let players = self.players.len();
            for (what, seat) in [("from", given.from), ("to", given.to)] {
                if seat >= players {
                    let problem = PositionProblem::NoSuchPlayer { seat, players };
                    return Err(PositionError::at(key(what), problem));
                }
            }
            let offer_problem = |e: RuleError| PositionProblem::Offer(e);
            if given.from == given.to {
                return Err(PositionError::at(
                    key("to"),
                    offer_problem(RuleError::TradeWithSelf),
                ));
            }
            if given.from != self.active && given.to != self.active {
                let problem = offer_problem(RuleError::OnlyActivePlayerTrades);
                return Err(PositionError::at(key("from"), problem));
            }
            if given.give.is_empty() && given.want.is_empty() {
                return Err(PositionError::at(
                    key("give"),
                    offer_problem(RuleError::EmptyOffer),
                ));
            }
            let giving = self
                .tradeable(given.from, &given.give)
                .map_err(|e| PositionError::at(key("give"), offer_problem(e)))?;
            let mut want = Vec::with_capacity(given.want.len());
            for name in &given.want {
                let kind = self.ruleset.kind_named(name).ok_or_else(|| {
                    PositionError::at(key("want"), PositionProblem::UnknownBean(name.clone()))
                })?;
                want.push(kind);
            }
            if self.offers.iter().any(|o| o.id == given.id) {
                return Err(PositionError::at(
                    key("id"),
                    PositionProblem::OfferIdTwice(given.id),
                ));
            }
            if self.open_offers(given.from) >= MAX_OPEN_OFFERS {
                let problem = offer_problem(RuleError::TooManyOpenOffers(MAX_OPEN_OFFERS));
                return Err(PositionError::at(key("from"), problem));
            }
            self.offers.push(Offer {
                id: given.id,
                from: given.from,
                to: given.to,
                give: given.give.as_slice().into(),
                giving,
                want: want.as_slice().into(),
            });
        }
        self.restore_offer_counters(position)
    }

    fn restore_offer_counters(&mut self, position: &Position) -> Checked {
        let players = self.players.len();
        let open: Vec<u32> = (0..players).map(|p| self.open_offers(p) as u32).collect();
        let made = position.offers_made.clone().unwrap_or_else(|| open.clone());
        if made.len() != players {
            let problem = PositionProblem::SeatCount {
                given: made.len(),
                players,
            };
            return Err(PositionError::at("offers_made", problem));
        }
        for (p, (&made, &open)) in made.iter().zip(&open).enumerate() {
            if let Some(cap) = self.ruleset.max_offers_per_turn.filter(|&cap| made > cap) {
                return Err(PositionError::at(
                    format!("offers_made[{p}]"),
                    PositionProblem::OfferCap(cap),
                ));
            }
            if made < open {
                return Err(contradiction(
                    format!("offers_made[{p}]"),
                    "the seat has more offers on the table than it made this turn",
                ));
            }
        }
        let total: u64 = made.iter().map(|&m| u64::from(m)).sum();
        if u64::from(self.trades_this_turn) > total {
            return Err(contradiction(
                "trades_this_turn",
                "more trades were agreed this turn than offers were made",
            ));
        }
        let next_id = self.offers.iter().map(|o| o.id.saturating_add(1)).max();
        self.next_offer = position.next_offer.or(next_id).unwrap_or(0);
        if let Some(offer) = self.offers.iter().find(|o| o.id >= self.next_offer) {
            let problem = PositionProblem::OfferIdAhead {
                id: offer.id,
                next: self.next_offer,
            };
            return Err(PositionError::at("next_offer", problem));
        }
        self.set_offers_made(&made);
        Ok(())
    }

    /// Everything the position holds, checked against the phase and the rules; then the
    /// keys that only count or repeat others, checked against what the rest makes.
    pub(super) fn check_position(&self, position: &Position) -> Checked {
        self.check_phase_zones()?;
        self.check_turn_counters()?;
        self.check_orders()?;
        self.check_deck_end()?;
        self.check_repeated_keys(position)
    }

    fn check_phase_zones(&self) -> Checked {
        let phase = self.phase;
        if !self.face_up.is_empty() && !matches!(phase, Phase::Trade | Phase::PlantTurnedOver) {
            return Err(self.wrong_phase_for(
                "face_up",
                "cards lie turned over",
                "in phase 2 (the duel's step 3)",
            ));
        }
        for (p, zone) in self.players.iter().enumerate() {
            if !zone.set_aside.is_empty() && !matches!(phase, Phase::Trade | Phase::PlantTraded) {
                let key = format!("players[{p}].set_aside");
                return Err(self.wrong_phase_for(&key, "cards lie set aside", "in phases 2 and 3"));
            }
        }
        if phase == Phase::PlantTraded && self.players.iter().all(|z| z.set_aside.is_empty()) {
            return Err(contradiction(
                "phase",
                "in phase 3 someone has set-aside cards to plant; with none the turn is over",
            ));
        }
        if !self.offered.is_empty() && !matches!(phase, Phase::PlantOffered | Phase::GameOver) {
            return Err(self.wrong_phase_for(
                "offered",
                "cards left as an offer wait",
                "in the duel's step 1",
            ));
        }
        if phase == Phase::PlantOffered && self.offered.is_empty() {
            return Err(contradiction(
                "phase",
                "step 1 plants or discards the offered cards; with none it is over",
            ));
        }
        Ok(())
    }

    fn check_turn_counters(&self) -> Checked {
        let start_of_turn = matches!(self.phase, Phase::Plant { .. } | Phase::PlantOffered);
        if start_of_turn && (self.offers_made.iter().any(|&m| m > 0) || self.trades_this_turn > 0) {
            return Err(contradiction(
                "offers_made",
                "offers are made from phase 2 on; before it none is made this turn",
            ));
        }
        let allowed = self.ruleset.discards_after_planting;
        if self.discards_made > allowed || (start_of_turn && self.discards_made > 0) {
            return Err(contradiction(
                "discards_made",
                "a duel player discards at most once a turn, after planting, which ends the planting",
            ));
        }
        if let Phase::Plant { planted } = self.phase
            && planted > self.max_planted_from_hand()
        {
            return Err(contradiction(
                "planted_from_hand",
                "more cards were planted from the hand this turn than phase 1 allows",
            ));
        }
        if let Some(p) = self.rearrange_window {
            let field_beans = self
                .ruleset
                .beans
                .iter()
                .any(|b| b.gives_third_field_at.is_some());
            if !field_beans || self.players[p].fields.len() != 3 {
                return Err(contradiction(
                    "may_rearrange_fields",
                    "only a player whose field beans just gave them a third field may place their beans anew",
                ));
            }
        }
        Ok(())
    }

    fn check_orders(&self) -> Checked {
        if self.order_laid_out_this_turn && self.ruleset.order_cards.is_empty() {
            return Err(PositionError::at(
                "order_laid_out_this_turn",
                PositionProblem::NoOrderCards,
            ));
        }
        for (p, zone) in self.players.iter().enumerate() {
            if zone.laid_out_order.is_some() && p != self.active {
                let key = format!("players[{p}].laid_out_order");
                return Err(PositionError::at(key, PositionProblem::LaidOutOffTurn));
            }
        }
        Ok(())
    }

    /// The draw pile's count of run-outs against the last turn and the end of the game.
    fn check_deck_end(&self) -> Checked {
        let (runs_out, ends) = (self.deck.runs_out(), self.deck.ends_after());
        let over = self.phase == Phase::GameOver;
        if runs_out > ends || (runs_out == ends && !self.last_turn && !over) {
            return Err(PositionError::at(
                "draw_pile_runs_out",
                PositionProblem::AlreadyOver { runs_out, ends },
            ));
        }
        if self.last_turn && runs_out < ends {
            return Err(contradiction(
                "last_turn",
                "the last turn comes once the draw pile has run out for the last time",
            ));
        }
        if self.last_turn && matches!(self.phase, Phase::Plant { .. } | Phase::PlantOffered) {
            return Err(self.wrong_phase_for(
                "last_turn",
                "the last turn is played",
                "from phase 2 on",
            ));
        }
        Ok(())
    }

    fn check_repeated_keys(&self, position: &Position) -> Checked {
        let actual = self.position();
        for (p, (given, actual)) in position.players.iter().zip(&actual.players).enumerate() {
            let key = |what: &str| format!("players[{p}].{what}");
            agree(key("hand_size"), &given.hand_size, &actual.hand_size)?;
            agree(key("coins"), &given.coins, &actual.coins)?;
            agree(key("holds_order"), &given.holds_order, &actual.holds_order)?;
        }
        for (i, (given, actual)) in position.offers.iter().zip(&actual.offers).enumerate() {
            agree(format!("offers[{i}].giving"), &given.giving, &actual.giving)?;
        }
        agree("draw_pile", &position.draw_pile, &actual.draw_pile)?;
        agree("discard_pile", &position.discard_pile, &actual.discard_pile)?;
        agree("order_deck", &position.order_deck, &actual.order_deck)?;
        agree("coin_pile", &position.coin_pile, &actual.coin_pile)?;
        let ends = &position.game_ends_when_draw_pile_runs_out;
        agree(
            "game_ends_when_draw_pile_runs_out",
            ends,
            &actual.game_ends_when_draw_pile_runs_out,
        )?;
        agree("discard_top", &position.discard_top, &actual.discard_top)?;
        agree("outcome", &position.outcome, &actual.outcome)?;
        Ok(())
    }

    /// Refuses a position in which the game could never go on.
    pub(super) fn check_not_stuck(&self) -> Checked {
        let anyone_acts = (0..self.players.len()).any(|p| !self.legal_actions(p).is_empty());
        if self.is_over() || anyone_acts {
            Ok(())
        } else {
            Err(PositionError::at("phase", PositionProblem::Stuck))
        }
    }
}

/// Refuses a key given that differs from what the rest of the position makes it.
fn agree<T: PartialEq + Serialize>(
    key: impl Into<String>,
    given: &Option<T>,
    actual: &Option<T>,
) -> Checked {
    match given {
        Some(value) if Some(value) != actual.as_ref() => {
            let text = |v: &T| serde_json::to_string(v).unwrap_or_default();
            Err(PositionError::at(
                key,
                PositionProblem::Disagrees {
                    given: text(value),
                    actual: actual.as_ref().map_or("nothing".into(), text),
                },
            ))
        }
        _ => Ok(()),
    }
}
