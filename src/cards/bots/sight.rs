//! What one seat can see, as the bots read it: the same questions answered from a
//! [`PlayerView`] (a real game) or from a game a search bot imagined (its playouts).
//!
//! The trait has no way to ask for another player's hand: a policy written against it
//! cannot cheat, whichever of the two it reads.

use crate::cards::{
    Action, BeanKind, Field, GameState, OfferView, OrderCard, Phase, PlayerView, PlayerZones,
    SeatView,
};

/// An offer on the table, as anyone can see it.
#[derive(Clone, Copy, Debug)]
pub struct SeenOffer<'a> {
    /// The offer's number, to answer or withdraw it.
    pub id: u32,
    /// Who proposes.
    pub from: usize,
    /// Who is asked.
    pub to: usize,
    /// The kinds offered (said aloud).
    pub giving: &'a [BeanKind],
    /// The kinds wanted in return.
    pub want: &'a [BeanKind],
}

/// Everything one seat may know about the game, and nothing more.
pub trait Sight {
    /// The seat looking.
    fn me(&self) -> usize;
    /// How many players sit at the table.
    fn players(&self) -> usize;
    /// Whose turn it is.
    fn active(&self) -> usize;
    /// Where the turn stands.
    fn phase(&self) -> Phase;
    /// Turns begun so far.
    fn turn(&self) -> u32;
    /// Whether the active player laid out their order card at the start of this turn.
    fn order_laid_out_this_turn(&self) -> bool;
    /// My First Bohnanza's phase 2: who must plant received cards before trading goes on.
    fn must_plant_received_cards(&self) -> Option<usize>;
    /// Player `p`'s bean fields (public).
    fn fields(&self, p: usize) -> &[Field];
    /// Player `p`'s set-aside cards, to plant in phase 3 (public).
    fn set_aside(&self, p: usize) -> &[BeanKind];
    /// Player `p`'s coins (public).
    fn coins(&self, p: usize) -> u32;
    /// How many cards player `p` holds (public).
    fn hand_size(&self, p: usize) -> usize;
    /// The card at `position` in my own hand, the front card being 0.
    fn my_card(&self, position: usize) -> Option<BeanKind>;
    /// The cards turned over this turn, not yet traded or set aside.
    fn face_up(&self) -> &[BeanKind];
    /// The bean duel: the cards the opponent left as an offer for the active player.
    fn offered(&self) -> &[BeanKind];
    /// How many offers lie on the table.
    fn offer_count(&self) -> usize;
    /// The `i`-th offer on the table.
    fn offer(&self, i: usize) -> SeenOffer<'_>;
    /// Offers player `p` has made so far this turn (each proposer has their own count).
    fn offers_made(&self, p: usize) -> u32;
    /// Cards left in the draw pile.
    fn draw_pile(&self) -> usize;
    /// Cards in the discard pile.
    fn discard_pile(&self) -> usize;
    /// Times the draw pile has run out.
    fn runs_out(&self) -> u32;
    /// The game ends when the draw pile runs out this many times.
    fn ends_after(&self) -> u32;
    /// Whether I may harvest my field `field` now (the bean protection rule, in whatever
    /// form the ruleset plays it).
    fn can_harvest(&self, field: usize) -> bool;
    /// Whether the game is in its last turn.
    fn last_turn(&self) -> bool;
    /// Whether I may fulfil my order card with fields `field` and `field + 1` now.
    fn can_fulfill_order(&self, field: usize) -> bool;
    /// Whether I may buy a third bean field now.
    fn can_buy_field(&self) -> bool;
    /// Field beans: right after gaining my third field, an arrangement of my beans (as in
    /// [`Action::RearrangeFields`]) that meets my order card where the current one does not.
    fn arrangement_for_my_order(&self) -> Option<Vec<usize>>;

    /// How many beans my own hand holds ([`Sight::my_card`] reads them).
    fn my_hand_len(&self) -> usize;
}

/// A seat's sight read from its [`PlayerView`], with the legal actions the engine listed
/// (which say what the view cannot: which harvests the bean protection rule allows).
#[derive(Clone, Copy, Debug)]
pub struct ViewSight<'a> {
    view: &'a PlayerView,
    me: usize,
    hand: &'a [BeanKind],
    legal: &'a [Action],
}

impl<'a> ViewSight<'a> {
    /// The sight of `me` from `view` (which must be `me`'s own view) and `legal`, `me`'s
    /// legal actions now.
    pub fn new(view: &'a PlayerView, me: usize, legal: &'a [Action]) -> Self {
        let hand = view
            .seats
            .get(me)
            .and_then(|s| s.hand.as_deref())
            .unwrap_or(&[]);
        ViewSight {
            view,
            me,
            hand,
            legal,
        }
    }
}

impl Sight for ViewSight<'_> {
    fn me(&self) -> usize {
        self.me
    }
    fn players(&self) -> usize {
        self.view.seats.len()
    }
    fn active(&self) -> usize {
        self.view.active_player
    }
    fn phase(&self) -> Phase {
        self.view.phase
    }
    fn turn(&self) -> u32 {
        self.view.turn
    }
    fn order_laid_out_this_turn(&self) -> bool {
        self.view.order_laid_out_this_turn
    }
    fn must_plant_received_cards(&self) -> Option<usize> {
        self.view.must_plant_received_cards
    }
    fn fields(&self, p: usize) -> &[Field] {
        &self.view.seats[p].fields
    }
    fn set_aside(&self, p: usize) -> &[BeanKind] {
        &self.view.seats[p].set_aside
    }
    fn coins(&self, p: usize) -> u32 {
        self.view.seats[p].coins
    }
    fn hand_size(&self, p: usize) -> usize {
        self.view.seats[p].hand_size
    }
    fn my_card(&self, position: usize) -> Option<BeanKind> {
        self.hand.get(position).copied()
    }
    fn my_hand_len(&self) -> usize {
        self.hand.len()
    }
    fn face_up(&self) -> &[BeanKind] {
        &self.view.face_up
    }
    fn offered(&self) -> &[BeanKind] {
        &self.view.offered
    }
    fn offer_count(&self) -> usize {
        self.view.offers.len()
    }
    fn offer(&self, i: usize) -> SeenOffer<'_> {
        let o = &self.view.offers[i];
        SeenOffer {
            id: o.id,
            from: o.from,
            to: o.to,
            giving: &o.giving,
            want: &o.want,
        }
    }
    fn offers_made(&self, p: usize) -> u32 {
        self.view.offers_made.get(p).copied().unwrap_or(0)
    }
    fn draw_pile(&self) -> usize {
        self.view.draw_pile
    }
    fn discard_pile(&self) -> usize {
        self.view.discard_pile
    }
    fn runs_out(&self) -> u32 {
        self.view.draw_pile_runs_out
    }
    fn ends_after(&self) -> u32 {
        self.view.game_ends_when_draw_pile_runs_out
    }
    fn can_harvest(&self, field: usize) -> bool {
        self.legal.contains(&Action::Harvest { field })
    }
    fn last_turn(&self) -> bool {
        self.view.last_turn
    }
    fn can_fulfill_order(&self, field: usize) -> bool {
        self.legal.contains(&Action::FulfillOrder { field })
    }
    fn can_buy_field(&self) -> bool {
        self.legal.contains(&Action::BuyThirdField)
    }
    fn arrangement_for_my_order(&self) -> Option<Vec<usize>> {
        let seat = &self.view.seats[self.me];
        let order = seat.laid_out_order.or(seat.hand_order.map(|(_, o)| o))?;
        arrangement_meeting(order, &seat.fields, self.legal)
    }
}

/// The first of the listed arrangements that meets `order` with `fields`, unless the fields
/// as they are meet it already.
fn arrangement_meeting(order: OrderCard, fields: &[Field], legal: &[Action]) -> Option<Vec<usize>> {
    if order.met_at(fields).is_some() {
        return None;
    }
    legal.iter().find_map(|a| match a {
        Action::RearrangeFields { from } => {
            let placed: Vec<Field> = from.iter().map(|&i| fields[i]).collect();
            order.met_at(&placed).map(|_| from.clone())
        }
        _ => None,
    })
}

/// A seat's sight of a game a search bot imagined. It answers only what the seat's own
/// view would, so the same policy plays the playouts as plays the real game.
#[derive(Clone, Copy, Debug)]
pub struct StateSight<'a> {
    state: &'a GameState,
    me: usize,
}

impl<'a> StateSight<'a> {
    /// What `me` sees of `state`.
    pub fn new(state: &'a GameState, me: usize) -> Self {
        StateSight { state, me }
    }
}

impl Sight for StateSight<'_> {
    fn me(&self) -> usize {
        self.me
    }
    fn players(&self) -> usize {
        self.state.player_count()
    }
    fn active(&self) -> usize {
        self.state.active_player()
    }
    fn phase(&self) -> Phase {
        self.state.phase()
    }
    fn turn(&self) -> u32 {
        self.state.turn()
    }
    fn order_laid_out_this_turn(&self) -> bool {
        self.state.order_laid_out_this_turn()
    }
    fn must_plant_received_cards(&self) -> Option<usize> {
        self.state.must_plant_received_cards()
    }
    fn fields(&self, p: usize) -> &[Field] {
        self.state.player(p).fields()
    }
    fn set_aside(&self, p: usize) -> &[BeanKind] {
        self.state.player(p).set_aside()
    }
    fn coins(&self, p: usize) -> u32 {
        self.state.player(p).coins()
    }
    fn hand_size(&self, p: usize) -> usize {
        self.state.player(p).hand().card_count()
    }
    fn my_card(&self, position: usize) -> Option<BeanKind> {
        self.state.player(self.me).hand().get(position)
    }
    fn my_hand_len(&self) -> usize {
        self.state.player(self.me).hand().len()
    }
    fn face_up(&self) -> &[BeanKind] {
        self.state.face_up()
    }
    fn offered(&self) -> &[BeanKind] {
        self.state.offered()
    }
    fn offer_count(&self) -> usize {
        self.state.offers().len()
    }
    fn offer(&self, i: usize) -> SeenOffer<'_> {
        let o = &self.state.offers()[i];
        SeenOffer {
            id: o.id,
            from: o.from,
            to: o.to,
            giving: &o.giving,
            want: &o.want,
        }
    }
    fn offers_made(&self, p: usize) -> u32 {
        self.state.offers_made(p)
    }
    fn draw_pile(&self) -> usize {
        self.state.deck().draw_pile_len()
    }
    fn discard_pile(&self) -> usize {
        self.state.deck().discard_pile().len()
    }
    fn runs_out(&self) -> u32 {
        self.state.deck().runs_out()
    }
    fn ends_after(&self) -> u32 {
        self.state.deck().ends_after()
    }
    fn can_harvest(&self, field: usize) -> bool {
        self.state.check_harvest(self.me, field).is_ok()
    }
    fn last_turn(&self) -> bool {
        self.state.is_last_turn()
    }
    fn can_fulfill_order(&self, field: usize) -> bool {
        // Without order cards in the game there is nothing to check (the search bot's
        // playouts ask at every move).
        !self.state.ruleset().order_cards.is_empty()
            && self.state.check_fulfill_order(self.me, field).is_ok()
    }
    fn arrangement_for_my_order(&self) -> Option<Vec<usize>> {
        if self.state.may_rearrange_fields() != Some(self.me) {
            return None;
        }
        let zone = self.state.player(self.me);
        arrangement_meeting(
            zone.order()?,
            zone.fields(),
            &self.state.legal_actions(self.me),
        )
    }

    fn can_buy_field(&self) -> bool {
        self.state.check_buy_third_field(self.me).is_ok()
    }
}

/// A seat's view kept up to date between decisions, reusing its allocations.
///
/// The driver asks bots hundreds of times a game; building a fresh view each time would
/// allocate a dozen vectors per decision. [`ViewCache::refresh`] rewrites the view in place
/// and must always equal [`GameState::view`] (a test checks it over whole games in every
/// built-in ruleset). It follows one game through its actions, as a table does: after an
/// action that changed only the offers (most of phase 2), only the offers are rewritten.
#[derive(Clone, Debug, Default)]
pub struct ViewCache {
    view: Option<PlayerView>,
    spare_offers: Vec<OfferView>,
    /// What the view showed besides the offers when last refreshed: the game's
    /// [`GameState::changes_besides_offers`], its turn and its piles.
    shown: Option<(u64, u32, usize, usize)>,
}

impl ViewCache {
    /// An empty cache: the first refresh builds the view.
    pub fn new() -> Self {
        ViewCache::default()
    }

    /// `state.view(player)`, rewritten in place.
    pub fn refresh(&mut self, state: &GameState, player: usize) -> &PlayerView {
        let n = state.player_count();
        let fits = self.view.as_ref().is_some_and(|v| {
            v.viewer == Some(player)
                && v.seats.len() == n
                && v.offers.len() + self.spare_offers.len() >= state.offers().len()
        });
        let deck = state.deck();
        let shown = (
            state.changes_besides_offers(),
            state.turn(),
            deck.draw_pile_len(),
            deck.discard_pile().len(),
        );
        if !fits {
            if let Some(v) = self.view.take() {
                self.spare_offers.extend(v.offers);
            }
            self.shown = Some(shown);
            return self.view.insert(state.view(player));
        }
        let view = self.view.as_mut().expect("checked above");
        let wanted = state.offers().len();
        if view.offers.len() > wanted {
            self.spare_offers.extend(view.offers.drain(wanted..));
        }
        while view.offers.len() < wanted {
            view.offers
                .push(self.spare_offers.pop().expect("counted above"));
        }
        if self.shown == Some(shown) {
            refresh_offers(state, player, &mut view.offers, &mut view.offers_made);
            // Any action ends the chance to rearrange, offers too.
            view.may_rearrange_fields = state.may_rearrange_fields();
        } else {
            refresh_view(state, player, view);
            self.shown = Some(shown);
        }
        view
    }
}

/// Brings `view`, an earlier view of `player` in this game with as many offers as `state`
/// has, up to date as `state.view(player)`.
fn refresh_view(state: &GameState, player: usize, view: &mut PlayerView) {
    let PlayerView {
        viewer,
        seats,
        active_player,
        starting_player,
        turn,
        phase,
        face_up,
        order_deck,
        coin_pile,
        offered,
        discards_made,
        order_laid_out_this_turn,
        offers,
        offers_made,
        must_plant_received_cards,
        may_rearrange_fields,
        draw_pile,
        discard_pile,
        discard_top,
        discard,
        draw_pile_runs_out,
        game_ends_when_draw_pile_runs_out,
        last_turn,
        outcome,
    } = view;
    *viewer = Some(player);
    let open = state.ruleset().open_hands;
    let sees = |p: usize| open || p == player;
    for (p, seat) in seats.iter_mut().enumerate() {
        refresh_seat(state.player(p), sees(p), seat);
    }
    *active_player = state.active_player();
    *starting_player = state.starting_player();
    *turn = state.turn();
    *phase = state.phase();
    copy_into(face_up, state.face_up());
    *order_deck = state.order_deck().len();
    *coin_pile = state.coin_pile().len();
    copy_into(offered, state.offered());
    *discards_made = state.discards_made();
    *order_laid_out_this_turn = state.order_laid_out_this_turn();
    refresh_offers(state, player, offers, offers_made);
    *must_plant_received_cards = state.must_plant_received_cards();
    *may_rearrange_fields = state.may_rearrange_fields();
    let deck = state.deck();
    *draw_pile = deck.draw_pile_len();
    *discard_pile = deck.discard_pile().len();
    *discard_top = deck.discard_pile().last().copied();
    copy_into(discard, deck.discard_pile());
    *draw_pile_runs_out = deck.runs_out();
    *game_ends_when_draw_pile_runs_out = deck.ends_after();
    *last_turn = state.is_last_turn();
    if outcome.as_ref() != state.outcome() {
        *outcome = state.outcome().cloned();
    }
}

/// Brings `seat` up to date with `zone`, the seat's cards in the game; `sees`: whether
/// the viewer may see this seat's hand (its own, or every hand when hands are open).
fn refresh_seat(zone: &PlayerZones, sees: bool, seat: &mut SeatView) {
    let SeatView {
        hand_size,
        hand,
        holds_order,
        hand_order,
        laid_out_order,
        fulfilled_orders,
        fields,
        buried,
        coins,
        set_aside,
        ..
    } = seat;
    *hand_size = zone.hand().card_count();
    *holds_order = zone.hand().order().is_some();
    *hand_order = zone.hand().order().filter(|_| sees);
    *laid_out_order = zone.laid_out_order();
    copy_into(fulfilled_orders, zone.fulfilled_orders());
    buried.resize_with(zone.fields().len(), Vec::new);
    for (i, layers) in buried.iter_mut().enumerate() {
        copy_into(layers, zone.buried(i));
    }
    if sees {
        let cards = hand.get_or_insert_with(Vec::new);
        cards.clear();
        cards.extend(zone.hand().iter());
    } else {
        *hand = None;
    }
    copy_into(fields, zone.fields());
    *coins = zone.coins();
    copy_into(set_aside, zone.set_aside());
}

/// Makes `dst` a copy of `src`. Many of a view's lists are empty and stay so (buried beans,
/// fulfilled orders, set-aside cards): those cost nothing.
fn copy_into<T: Copy>(dst: &mut Vec<T>, src: &[T]) {
    if !(dst.is_empty() && src.is_empty()) {
        dst.clear();
        dst.extend_from_slice(src);
    }
}

/// Brings the offers in `view` up to date (as many as `state` has).
fn refresh_offers(
    state: &GameState,
    player: usize,
    offers: &mut [OfferView],
    offers_made: &mut Vec<u32>,
) {
    let open = state.ruleset().open_hands;
    let sees = |p: usize| open || p == player;
    for (o, seen) in state.offers().iter().zip(offers.iter_mut()) {
        let OfferView {
            id,
            from,
            to,
            giving,
            give,
            want,
            ..
        } = seen;
        *id = o.id;
        *from = o.from;
        *to = o.to;
        copy_into(giving, &o.giving);
        if sees(o.from) {
            let refs = give.get_or_insert_with(Vec::new);
            copy_into(refs, &o.give);
        } else {
            *give = None;
        }
        copy_into(want, &o.want);
    }
    copy_into(offers_made, state.offers_made_by_seat());
}
