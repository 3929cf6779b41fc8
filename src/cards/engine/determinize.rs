//! Building a whole game from what one player can see: the hidden cards dealt at random.
//!
//! A search bot cannot look at the other hands or the draw pile, but it can imagine them:
//! every card it has not seen is shuffled and dealt into the places it cannot see (other
//! hands, the draw pile, the coin piles), keeping everything it can see as it is. Playing on
//! such a game is the determinization of information-set Monte Carlo search.

use std::sync::Arc;

use super::bean::BeanKind;
use super::deck::Deck;
use super::fields::Fields;
use super::order::OrderCard;
use super::phase::Phase;
use super::ruleset::TableRules;
use super::ruleset::{CoinSource, Ruleset};
use super::shuffle::Shuffler;
use super::state::{GameState, NewGameError, PlayerZones};
use super::trading::{CardRef, Offer};
use super::view::{PlayerView, SeatView};

/// Why a view cannot be the view of any game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FromViewError {
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    #[error("the view shows more {0} beans than the deck holds")]
    TooManyCards(String),
    #[error("{unseen} cards are unseen but the view has {places} hidden places for them")]
    CardsDoNotAddUp { unseen: usize, places: usize },
    #[error("the view shows order {0}, which the order deck does not hold (or holds fewer times)")]
    UnknownOrder(String),
    #[error("player {0} has {1} bean fields, which the ruleset never gives (it starts with {2})")]
    FieldCount(usize, usize, usize),
}

/// An offer the viewer may see kept for the imagined game: who made it, the offer, and
/// the cards it takes from a hand the viewer cannot see, each as its kind and which card of
/// that kind in the offer it is (placed in that hand when dealing). Two offers of one seat
/// may offer the same card, so the second Red of one offer and the second Red of another
/// are one card of the hand.
type KeptOffer = (usize, Offer, Vec<(BeanKind, usize)>);

/// The cards seat `p`'s kept offers certainly take from its hidden hand, each once: as many
/// of a kind as the offer naming most of them, in the order the offers first name them.
fn reserved_cards(kept: &[KeptOffer], p: usize) -> Vec<(BeanKind, usize)> {
    let mut cards: Vec<(BeanKind, usize)> = Vec::new();
    for (_, _, hand_cards) in kept.iter().filter(|(from, _, _)| *from == p) {
        for card in hand_cards {
            if !cards.contains(card) {
                cards.push(*card);
            }
        }
    }
    cards
}

/// The unseen cards on their way to the places the viewer cannot see.
struct Dealer {
    shuffler: Shuffler,
    /// Unseen bean cards, shuffled; dealt from the end.
    pool: Vec<BeanKind>,
    /// My First Bohnanza's coins (kinds not in play), shuffled; empty otherwise.
    coins_pool: Vec<BeanKind>,
    /// The order cards the viewer has not seen, shuffled.
    orders: Vec<OrderCard>,
    coin_pile: bool,
}

impl GameState {
    /// A game consistent with `view`: what the viewer sees is kept, the unseen cards are
    /// dealt at random from `seed`. Offers the viewer can act on or see are kept (their own,
    /// those made to them, with the offered cards placed in the proposer's hand, and with open
    /// hands every offer); other offers between other players are left out.
    pub fn from_view(
        ruleset: &Arc<Ruleset>,
        view: &PlayerView,
        seed: u64,
    ) -> Result<GameState, FromViewError> {
        let n = view.seats.len();
        let table = Self::table_for(ruleset, n)?.clone();
        let mut unseen = unseen_counts(ruleset, &table, view)?;
        let mut kept = kept_offers(view, &mut unseen);
        if let Some(k) = (0..unseen.len()).find(|&k| unseen[k] < 0) {
            return Err(FromViewError::TooManyCards(ruleset.beans[k].name.clone()));
        }
        let mut dealer = Dealer::new(ruleset, view, &unseen, &kept, seed)?;
        let mut zones: Vec<PlayerZones> = Vec::with_capacity(n);
        for (p, seat) in view.seats.iter().enumerate() {
            let mut zone = PlayerZones::new(table.bean_fields);
            zone.fields = Fields::from_slice(&seat.fields);
            zone.set_aside = seat.set_aside.clone();
            zone.laid_out_order = seat.laid_out_order;
            zone.fulfilled_orders = seat.fulfilled_orders.clone();
            let fields = zone.fields.len();
            for (layers, seen) in zone.buried[..fields].iter_mut().zip(&seat.buried) {
                layers.clone_from(seen);
            }
            zone.coins = dealer.coins(seat.coins as usize);
            match &seat.hand {
                Some(hand) => known_hand(&mut zone, seat, hand),
                None => dealer.hidden_hand(&mut zone, p, seat, &mut kept)?,
            }
            zones.push(zone);
        }
        let Dealer {
            shuffler,
            pool,
            coins_pool,
            orders,
            ..
        } = dealer;
        let deck = Deck::new(
            pool,
            view.discard.clone(),
            view.draw_pile_runs_out,
            view.game_ends_when_draw_pile_runs_out,
            shuffler,
        );
        let mut state = GameState::assemble(
            ruleset,
            table,
            zones,
            deck,
            view.active_player,
            view.starting_player,
        );
        state.phase = view.phase;
        state.turn = view.turn;
        state.face_up = view.face_up.clone();
        state.order_deck = orders;
        state.coin_pile = coins_pool;
        state.offered = view.offered.clone();
        state.discards_made = view.discards_made;
        state.order_laid_out_this_turn = view.order_laid_out_this_turn;
        state.rearrange_window = view.may_rearrange_fields;
        state.set_offers_made(&view.offers_made);
        state.next_offer = view
            .offers
            .iter()
            .map(|o| o.id.wrapping_add(1))
            .max()
            .unwrap_or(0);
        state.offers = kept.into_iter().map(|(_, o, _)| o).collect();
        state.last_turn = view.last_turn;
        state.outcome = view.outcome.clone();
        if view.outcome.is_some() {
            state.phase = Phase::GameOver;
        }
        Ok(state)
    }
}

/// How many cards of each kind the viewer has not seen (negative when the view shows more
/// than the deck holds), after checking every seat's field count.
fn unseen_counts(
    ruleset: &Ruleset,
    table: &TableRules,
    view: &PlayerView,
) -> Result<Vec<i64>, FromViewError> {
    let n = view.seats.len();
    let mut unseen: Vec<i64> = ruleset
        .deck_counts(n)
        .iter()
        .map(|&c| i64::from(c))
        .collect();
    let mut seen = |k: BeanKind, count: u32| unseen[k.index()] -= i64::from(count);
    for (p, seat) in view.seats.iter().enumerate() {
        if seat.fields.len() < table.bean_fields || seat.fields.len() > ruleset.max_bean_fields(n) {
            return Err(FromViewError::FieldCount(
                p,
                seat.fields.len(),
                table.bean_fields,
            ));
        }
        seat.hand.iter().flatten().for_each(|&k| seen(k, 1));
        for f in seat.fields.iter().chain(seat.buried.iter().flatten()) {
            if let Some(k) = f.kind() {
                seen(k, f.count());
            }
        }
        seat.set_aside.iter().for_each(|&k| seen(k, 1));
    }
    view.face_up
        .iter()
        .chain(&view.offered)
        .for_each(|&k| seen(k, 1));
    view.discard.iter().for_each(|&k| seen(k, 1));
    Ok(unseen)
}

/// The offers the viewer may see. Offers made to the viewer name kinds from a hand the
/// viewer cannot see: those cards are certainly in that hand, so they are set apart from
/// `unseen` before dealing.
fn kept_offers(view: &PlayerView, unseen: &mut [i64]) -> Vec<KeptOffer> {
    let mut face_up_taken = vec![false; view.face_up.len()];
    let mut kept: Vec<KeptOffer> = Vec::new();
    // How many cards of each kind each seat's kept offers already set apart.
    let mut set_apart = vec![vec![0usize; unseen.len()]; view.seats.len()];
    for o in &view.offers {
        let (give, from_hand) = if let Some(give) = &o.give {
            (give.clone(), Vec::new())
        } else if view.viewer == Some(o.to) {
            let mut give = Vec::new();
            let mut from_hand = Vec::new();
            for &kind in &o.giving {
                let face_up = (o.from == view.active_player)
                    .then(|| {
                        (0..view.face_up.len())
                            .find(|&i| !face_up_taken[i] && view.face_up[i] == kind)
                    })
                    .flatten();
                match face_up {
                    Some(i) => {
                        face_up_taken[i] = true;
                        give.push(CardRef::FaceUp(i));
                    }
                    None => {
                        let nth = from_hand.iter().filter(|&&(k, _)| k == kind).count();
                        if let Some(apart) = set_apart
                            .get_mut(o.from)
                            .and_then(|seat| seat.get_mut(kind.index()))
                            && nth == *apart
                        {
                            *apart += 1;
                            unseen[kind.index()] -= 1;
                        }
                        from_hand.push((kind, nth));
                        give.push(CardRef::Hand(usize::MAX));
                    }
                }
            }
            (give, from_hand)
        } else {
            continue;
        };
        let offer = Offer {
            id: o.id,
            from: o.from,
            to: o.to,
            give: give.as_slice().into(),
            giving: o.giving.as_slice().into(),
            want: o.want.as_slice().into(),
        };
        kept.push((o.from, offer, from_hand));
    }
    kept
}

/// A hand the viewer sees: its beans in order, the order card at its place.
fn known_hand(zone: &mut PlayerZones, seat: &SeatView, hand: &[BeanKind]) {
    let order_at = seat.hand_order.map_or(usize::MAX, |(ahead, _)| ahead);
    for (i, &k) in hand.iter().enumerate() {
        if i == order_at
            && let Some((_, o)) = seat.hand_order
        {
            zone.hand.push_order(o);
        }
        zone.hand.push_back(k);
    }
    if order_at >= hand.len()
        && let Some((_, o)) = seat.hand_order
    {
        zone.hand.push_order(o);
    }
}

/// The beans in a hand the viewer cannot see (its order card is not a bean).
fn hidden_beans(seat: &SeatView) -> usize {
    seat.hand_size - usize::from(seat.holds_order)
}

impl Dealer {
    /// Shuffles the unseen cards from `seed` after checking they fill the hidden places
    /// exactly: other hands, coins and the draw pile (and the coin pile, where coins come
    /// from kinds not in play).
    fn new(
        ruleset: &Ruleset,
        view: &PlayerView,
        unseen: &[i64],
        kept: &[KeptOffer],
        seed: u64,
    ) -> Result<Dealer, FromViewError> {
        let mut pool: Vec<BeanKind> = Vec::new();
        for (k, &count) in unseen.iter().enumerate() {
            pool.extend(std::iter::repeat_n(BeanKind::new(k), count as usize));
        }
        let reserved: usize = (0..view.seats.len())
            .map(|p| reserved_cards(kept, p).len())
            .sum();
        let coin_pile = ruleset.coins_from == CoinSource::CoinPile;
        let places: usize = view
            .seats
            .iter()
            .map(|s| {
                let coins = if coin_pile { 0 } else { s.coins as usize };
                let hand = if s.hand.is_some() { 0 } else { hidden_beans(s) };
                hand + coins
            })
            .sum::<usize>()
            + view.draw_pile;
        if pool.len() + reserved != places {
            return Err(FromViewError::CardsDoNotAddUp {
                unseen: pool.len() + reserved,
                places,
            });
        }
        let mut shuffler = Shuffler::new(seed);
        shuffler.shuffle(&mut pool);
        let mut coins_pool: Vec<BeanKind> = Vec::new();
        if coin_pile {
            let n = view.seats.len();
            for (k, &count) in ruleset.coin_pile_counts(n).iter().enumerate() {
                coins_pool.extend(std::iter::repeat_n(BeanKind::new(k), usize::from(count)));
            }
            let coins: usize = view.seats.iter().map(|s| s.coins as usize).sum();
            if coins + view.coin_pile != coins_pool.len() {
                return Err(FromViewError::CardsDoNotAddUp {
                    unseen: coins_pool.len(),
                    places: coins + view.coin_pile,
                });
            }
            shuffler.shuffle(&mut coins_pool);
        }
        let orders = unseen_orders(ruleset, view, &mut shuffler)?;
        Ok(Dealer {
            shuffler,
            pool,
            coins_pool,
            orders,
            coin_pile,
        })
    }

    /// A player's `count` coins, from the coin pile or from the unseen cards.
    fn coins(&mut self, count: usize) -> Vec<BeanKind> {
        let source = if self.coin_pile {
            &mut self.coins_pool
        } else {
            &mut self.pool
        };
        source.split_off(source.len() - count)
    }

    /// Deals player `p`'s hidden hand: the cards their kept offers name, and unseen cards,
    /// in random order, with an order card at a random place if they hold one. The kept
    /// offers' hand cards are pointed at where their cards landed.
    fn hidden_hand(
        &mut self,
        zone: &mut PlayerZones,
        p: usize,
        seat: &SeatView,
        kept: &mut [KeptOffer],
    ) -> Result<(), FromViewError> {
        let mut slots: Vec<(BeanKind, Option<(BeanKind, usize)>)> = reserved_cards(kept, p)
            .into_iter()
            .map(|card| (card.0, Some(card)))
            .collect();
        let beans = hidden_beans(seat);
        if slots.len() > beans {
            return Err(FromViewError::CardsDoNotAddUp {
                unseen: slots.len(),
                places: beans,
            });
        }
        let dealt = beans - slots.len();
        slots.extend(
            self.pool
                .split_off(self.pool.len() - dealt)
                .into_iter()
                .map(|k| (k, None)),
        );
        self.shuffler.shuffle(&mut slots);
        let order_at = if seat.holds_order {
            self.shuffler.below(slots.len() as u32 + 1) as usize
        } else {
            usize::MAX
        };
        let slot_count = slots.len();
        for (pos, (kind, owner)) in slots.into_iter().enumerate() {
            if pos == order_at
                && let Some(o) = self.orders.pop()
            {
                zone.hand.push_order(o);
            }
            zone.hand.push_back(kind);
            if let Some(card) = owner {
                point_offers_at(kept, p, card, pos);
            }
        }
        if order_at == slot_count
            && let Some(o) = self.orders.pop()
        {
            zone.hand.push_order(o);
        }
        Ok(())
    }
}

/// Points every kept offer of seat `p` that takes `card` from its hand at the hand's place
/// `pos`, where the card was dealt.
fn point_offers_at(kept: &mut [KeptOffer], p: usize, card: (BeanKind, usize), pos: usize) {
    for (_, offer, hand_cards) in kept.iter_mut().filter(|(from, _, _)| *from == p) {
        let hand_refs = offer
            .give
            .iter_mut()
            .filter(|r| matches!(r, CardRef::Hand(_)));
        for (r, c) in hand_refs.zip(hand_cards.iter()) {
            if *c == card {
                *r = CardRef::Hand(pos);
            }
        }
    }
}

/// Order cards: every one the viewer can see is taken out; the rest, shuffled, are dealt
/// to the hands known to hold one, and what is left is the order card pile.
fn unseen_orders(
    ruleset: &Ruleset,
    view: &PlayerView,
    shuffler: &mut Shuffler,
) -> Result<Vec<OrderCard>, FromViewError> {
    let mut orders: Vec<OrderCard> = ruleset.order_cards.clone();
    let seen_orders = view.seats.iter().flat_map(|s| {
        s.hand_order
            .map(|(_, o)| o)
            .into_iter()
            .chain(s.laid_out_order)
            .chain(s.fulfilled_orders.iter().copied())
    });
    for o in seen_orders {
        let at = orders
            .iter()
            .position(|&x| x == o)
            .ok_or_else(|| FromViewError::UnknownOrder(o.to_string()))?;
        orders.swap_remove(at);
    }
    shuffler.shuffle(&mut orders);
    Ok(orders)
}
