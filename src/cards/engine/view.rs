//! What one player may see: the table, their own hand, and only the sizes of other hands.

use super::bean::BeanKind;
use super::field::Field;
use super::order::OrderCard;
use super::outcome::Outcome;
use super::phase::Phase;
use super::state::GameState;
use super::trading::CardRef;

/// One seat as seen by the viewer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatView {
    /// How many cards the hand holds, an order card included (public: anyone can count them).
    pub hand_size: usize,
    /// The beans in the hand, front first, only for the viewer's own seat (or in the full view).
    pub hand: Option<Vec<BeanKind>>,
    /// Whether the hand holds an order card (public: everyone knows who holds one).
    pub holds_order: bool,
    /// The order card in the hand and how many beans lie in front of it: only for the viewer.
    pub hand_order: Option<(usize, OrderCard)>,
    /// The order card laid out beside the fields this turn.
    pub laid_out_order: Option<OrderCard>,
    /// Fulfilled orders, shown to everyone on the dollar pile.
    pub fulfilled_orders: Vec<OrderCard>,
    /// The bean fields.
    pub fields: Vec<Field>,
    /// Under each field, the layers buried by the mixed-patch rule, bottom first.
    pub buried: Vec<Vec<Field>>,
    /// Coins so far.
    pub coins: u32,
    /// Cards set aside to plant in phase 3 (they lie face up beside the fields).
    pub set_aside: Vec<BeanKind>,
}

/// An offer on the table as seen by the viewer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OfferView {
    /// The offer's number, to answer it.
    pub id: u32,
    /// Who proposes.
    pub from: usize,
    /// Who is asked.
    pub to: usize,
    /// The kinds offered (said aloud, so public).
    pub giving: Vec<BeanKind>,
    /// Where the offered cards are: only the proposer knows which hand positions they named.
    pub give: Option<Vec<CardRef>>,
    /// The kinds wanted in return.
    pub want: Vec<BeanKind>,
}

/// The game as one player may see it. Built only by [`GameState::view`], which leaves out
/// every card the viewer may not see, so a screen or a bot given a view cannot cheat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerView {
    /// Whose view this is; `None` for the full view that rules testers get.
    pub viewer: Option<usize>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatView>,
    /// Whose turn it is.
    pub active_player: usize,
    /// Who started the game.
    pub starting_player: usize,
    /// Turns begun so far.
    pub turn: u32,
    /// Where the turn stands.
    pub phase: Phase,
    /// The cards turned over this turn, not yet traded or set aside.
    pub face_up: Vec<BeanKind>,
    /// Cards in the order card draw pile.
    pub order_deck: usize,
    /// Cards left in My First Bohnanza's coin pile.
    pub coin_pile: usize,
    /// The bean duel: the cards left as an offer for the active player.
    pub offered: Vec<BeanKind>,
    /// The bean duel: cards discarded from the hand this turn.
    pub discards_made: usize,
    /// The active player laid out their order card at the start of this turn (in sight of
    /// all): planting is optional and one bean at most.
    pub order_laid_out_this_turn: bool,
    /// Offers on the table.
    pub offers: Vec<OfferView>,
    /// Field beans: the player who may place their beans anew right now (see
    /// [`GameState::may_rearrange_fields`]).
    pub may_rearrange_fields: Option<usize>,
    /// My First Bohnanza's phase 2: the player who must plant cards received in a trade
    /// before trading goes on (see [`GameState::must_plant_received_cards`]).
    pub must_plant_received_cards: Option<usize>,
    /// Offers each seat has made so far this turn (said aloud, so public), by seat.
    pub offers_made: Vec<u32>,
    /// Cards in the draw pile.
    pub draw_pile: usize,
    /// Cards in the discard pile.
    pub discard_pile: usize,
    /// The top card of the discard pile.
    pub discard_top: Option<BeanKind>,
    /// The whole discard pile, bottom first: it lies face up, and every card on it was
    /// discarded in plain sight since the last reshuffle, so it is public.
    pub discard: Vec<BeanKind>,
    /// Times the draw pile has run out.
    pub draw_pile_runs_out: u32,
    /// The game ends when the draw pile runs out this many times.
    pub game_ends_when_draw_pile_runs_out: u32,
    /// Whether this is the last turn.
    pub last_turn: bool,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl GameState {
    /// What `player` may see.
    pub fn view(&self, player: usize) -> PlayerView {
        self.view_for(Some(player))
    }

    /// Everything, every hand included: for rules testers, never for a player's screen.
    pub fn full_view(&self) -> PlayerView {
        self.view_for(None)
    }

    fn view_for(&self, viewer: Option<usize>) -> PlayerView {
        let open = self.ruleset.open_hands;
        let sees = |p: usize| open || viewer.is_none_or(|v| v == p);
        PlayerView {
            viewer,
            seats: self
                .players
                .iter()
                .enumerate()
                .map(|(p, z)| SeatView {
                    hand_size: z.hand.card_count(),
                    hand: sees(p).then(|| z.hand.iter().collect()),
                    holds_order: z.hand.order().is_some(),
                    hand_order: z.hand.order().filter(|_| sees(p)),
                    laid_out_order: z.laid_out_order,
                    fulfilled_orders: z.fulfilled_orders.clone(),
                    fields: z.fields.to_vec(),
                    buried: z.buried_by_field().to_vec(),
                    coins: z.coins(),
                    set_aside: z.set_aside.clone(),
                })
                .collect(),
            active_player: self.active,
            starting_player: self.starting_player,
            turn: self.turn,
            phase: self.phase,
            face_up: self.face_up.clone(),
            order_deck: self.order_deck.len(),
            coin_pile: self.coin_pile.len(),
            offered: self.offered.clone(),
            discards_made: self.discards_made,
            order_laid_out_this_turn: self.order_laid_out_this_turn,
            offers: self
                .offers
                .iter()
                .map(|o| OfferView {
                    id: o.id,
                    from: o.from,
                    to: o.to,
                    giving: o.giving.to_vec(),
                    give: sees(o.from).then(|| o.give.to_vec()),
                    want: o.want.to_vec(),
                })
                .collect(),
            offers_made: self.offers_made_by_seat().to_vec(),
            must_plant_received_cards: self.must_plant_received_cards(),
            may_rearrange_fields: self.rearrange_window,
            draw_pile: self.deck.draw_pile_len(),
            discard_pile: self.deck.discard_pile().len(),
            discard_top: self.deck.discard_pile().last().copied(),
            discard: self.deck.discard_pile().to_vec(),
            draw_pile_runs_out: self.deck.runs_out(),
            game_ends_when_draw_pile_runs_out: self.deck.ends_after(),
            last_turn: self.last_turn,
            outcome: self.outcome.clone(),
        }
    }
}
