//! Harvesting a top card for bean dollars, drawing from the deck, and the end of the game.

use super::event::DiceEvent;
use super::harvest_card::CardId;
use super::phase::TurnPhase;
use super::state::{DiceState, Seat};

impl DiceState {
    /// A harvest asked for by a player (already checked). The first harvest that reaches the
    /// goal announces the final phase, and only that harvest decides the turn's fate: unless
    /// the harvester is the active player still rolling, the game ends at once. A later
    /// harvest, in the announcer's turn, stops no one (see docs/dice.md).
    pub(super) fn harvest_action(&mut self, seat: Seat, events: &mut Vec<DiceEvent>) {
        let announced_before = self.final_phase.is_some();
        self.harvest(seat, events);
        let announces = !announced_before && self.final_phase.is_some();
        if announces && (seat != self.active || self.phase == TurnPhase::Pass) {
            self.finish(events);
        }
    }

    /// Turns the top card into a dollar, takes further dollars from the deck, makes the
    /// bottom card the top one, draws a new bottom card, and checks the new top card at once
    /// against the dice this player could use right now (see docs/dice.md).
    pub(super) fn harvest(&mut self, seat: Seat, events: &mut Vec<DiceEvent>) {
        let orders = self.players[seat].covered;
        let dollars = self
            .ruleset
            .dollars_for(orders)
            .expect("only players with enough covered orders harvest");
        let top = self.players[seat].top;
        self.dollar_cards.push(top);
        for _ in 1..dollars {
            let card = self.draw(events);
            self.dollar_cards.push(card);
        }
        let new_bottom = self.draw(events);
        let player = &mut self.players[seat];
        player.dollars += dollars;
        player.top = player.bottom;
        player.bottom = new_bottom;
        player.covered = 0;
        let total = player.dollars;
        events.push(DiceEvent::Harvested {
            seat,
            orders,
            dollars,
            total,
            new_bottom,
        });
        self.check_new_top_card(seat, events);
        if total >= self.ruleset.goal && self.final_phase.is_none() {
            self.final_phase = Some(seat);
            events.push(DiceEvent::FinalPhaseAnnounced { seat });
        }
    }

    /// The dice a player may use right now: another player's roll that is still open for the
    /// others, or, for the active player, the bean field once all five dice lie in it.
    fn check_new_top_card(&mut self, seat: Seat, events: &mut Vec<DiceEvent>) {
        let shown = if seat != self.active && self.phase == TurnPhase::Save {
            self.field.just_rolled()
        } else if seat == self.active && self.field.all_saved() {
            self.field.saved()
        } else {
            return;
        };
        self.cover_orders(seat, &shown, events);
    }

    /// The next card of the deck. When the deck is empty, the dollar cards earned so far are
    /// shuffled into a new deck; players keep their dollar counts (our reading of the
    /// rulebook's player-aid exchange, which lets five single dollars go back).
    fn draw(&mut self, events: &mut Vec<DiceEvent>) -> CardId {
        if self.deck.is_empty() {
            self.deck = std::mem::take(&mut self.dollar_cards);
            self.rng.shuffle(&mut self.deck);
            events.push(DiceEvent::DeckRenewed {
                cards: self.deck.len(),
            });
        }
        self.deck
            .pop()
            .expect("a checked ruleset has cards for every draw once dollar cards go back")
    }

    /// The final phase stops the turn: the active player places all dice in the bean field
    /// as they lie and checks their card a last time, then everyone with enough covered
    /// orders harvests once (starting with the active player, round the table), and the game
    /// ends. An active player who has not rolled yet this turn holds only the dice the
    /// previous player left: nothing is placed and there is no final check.
    pub(super) fn finish(&mut self, events: &mut Vec<DiceEvent>) {
        if self.has_rolled_this_turn() {
            let placed = self.field.place_all();
            if !placed.is_empty() {
                events.push(DiceEvent::DicePlaced { dice: placed });
            }
            self.own_check(events);
            self.phase = TurnPhase::Pass;
        }
        let (count, active) = (self.players.len(), self.active);
        for seat in (0..count).map(|i| (active + i) % count) {
            if self.players[seat].covered >= self.ruleset.min_harvest() {
                self.harvest(seat, events);
            }
        }
        self.phase = TurnPhase::Over;
        let outcome = self.outcome().expect("the game is over");
        events.push(DiceEvent::GameEnded {
            dollars: outcome.dollars,
            winners: outcome.winners,
        });
    }

    /// Whether the active player has rolled in this turn: after the first roll a die is
    /// either just rolled or saved, and one stays saved until the bean piece is passed.
    fn has_rolled_this_turn(&self) -> bool {
        self.phase != TurnPhase::Roll || self.field.dice.iter().any(|d| d.saved)
    }
}
