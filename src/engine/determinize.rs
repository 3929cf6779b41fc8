//! Building a whole game from what one player can see: the hidden cards dealt at random.
//!
//! A search bot cannot look at the other hands or the draw pile, but it can imagine them:
//! every card it has not seen is shuffled and dealt into the places it cannot see (other
//! hands, the draw pile, the coin piles), keeping everything it can see as it is. Playing on
//! such a game is the determinization of information-set Monte Carlo search.

use std::sync::Arc;

use super::bean::BeanKind;
use super::deck::Deck;
use super::order::OrderCard;
use super::phase::Phase;
use super::ruleset::{CoinSource, Ruleset};
use super::shuffle::Shuffler;
use super::state::{GameState, NewGameError, PlayerZones};
use super::trading::{CardRef, Offer};
use super::view::PlayerView;

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
        let mut unseen: Vec<i64> = ruleset
            .deck_counts(n)
            .iter()
            .map(|&c| i64::from(c))
            .collect();
        let mut seen = |k: BeanKind, count: u32| unseen[k.index()] -= i64::from(count);
        for (p, seat) in view.seats.iter().enumerate() {
            if seat.fields.len() < table.bean_fields
                || seat.fields.len() > ruleset.max_bean_fields(n)
            {
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

        // Offers made to the viewer name kinds from a hand the viewer cannot see: those cards
        // are certainly in that hand, so they are set apart before dealing.
        let mut face_up_taken = vec![false; view.face_up.len()];
        let mut kept: Vec<(usize, Offer, Vec<Option<BeanKind>>)> = Vec::new();
        for o in &view.offers {
            if let Some(give) = &o.give {
                let offer = Offer {
                    id: o.id,
                    from: o.from,
                    to: o.to,
                    give: give.as_slice().into(),
                    giving: o.giving.as_slice().into(),
                    want: o.want.as_slice().into(),
                };
                kept.push((o.from, offer, Vec::new()));
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
                            unseen[kind.index()] -= 1;
                            from_hand.push(Some(kind));
                            give.push(CardRef::Hand(usize::MAX));
                        }
                    }
                }
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
        }
        if let Some(k) = (0..unseen.len()).find(|&k| unseen[k] < 0) {
            return Err(FromViewError::TooManyCards(ruleset.beans[k].name.clone()));
        }

        let mut pool: Vec<BeanKind> = Vec::new();
        for (k, &count) in unseen.iter().enumerate() {
            pool.extend(std::iter::repeat_n(BeanKind::new(k), count as usize));
        }
        let reserved: usize = kept.iter().map(|(_, _, h)| h.len()).sum();
        let hidden_beans = |s: &super::view::SeatView| s.hand_size - usize::from(s.holds_order);
        // Coins are cards from the deck, or from the coin pile (kinds not in play).
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
            for (k, &n) in ruleset.coin_pile_counts(n).iter().enumerate() {
                coins_pool.extend(std::iter::repeat_n(BeanKind::new(k), usize::from(n)));
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

        // Order cards: every one the viewer can see is taken out; the rest are dealt to the
        // hands known to hold one, and what is left is the order card pile.
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

        let mut zones: Vec<PlayerZones> = Vec::with_capacity(n);
        for (p, seat) in view.seats.iter().enumerate() {
            let mut zone = PlayerZones::new(table.bean_fields);
            zone.fields = seat.fields.clone();
            zone.set_aside = seat.set_aside.clone();
            zone.laid_out_order = seat.laid_out_order;
            zone.fulfilled_orders = seat.fulfilled_orders.clone();
            zone.buried = seat.buried.clone();
            zone.buried.resize(seat.fields.len(), Vec::new());
            let coin_source = if coin_pile {
                &mut coins_pool
            } else {
                &mut pool
            };
            zone.coins = coin_source.split_off(coin_source.len() - seat.coins as usize);
            match &seat.hand {
                Some(hand) => {
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
                None => {
                    // Cards offered to the viewer go in at random places among the dealt ones.
                    let mut slots: Vec<(BeanKind, Option<(usize, usize)>)> = Vec::new();
                    for (o, (from, _, hand_cards)) in kept.iter().enumerate() {
                        if *from == p {
                            for (c, k) in hand_cards.iter().enumerate() {
                                slots.extend(k.map(|k| (k, Some((o, c)))));
                            }
                        }
                    }
                    let beans = hidden_beans(seat);
                    if slots.len() > beans {
                        return Err(FromViewError::CardsDoNotAddUp {
                            unseen: slots.len(),
                            places: beans,
                        });
                    }
                    let dealt = beans - slots.len();
                    slots.extend(
                        pool.split_off(pool.len() - dealt)
                            .into_iter()
                            .map(|k| (k, None)),
                    );
                    shuffler.shuffle(&mut slots);
                    let order_at = if seat.holds_order {
                        shuffler.below(slots.len() as u32 + 1) as usize
                    } else {
                        usize::MAX
                    };
                    let slot_count = slots.len();
                    for (pos, (kind, owner)) in slots.into_iter().enumerate() {
                        if pos == order_at
                            && let Some(o) = orders.pop()
                        {
                            zone.hand.push_order(o);
                        }
                        zone.hand.push_back(kind);
                        if let Some((o, c)) = owner {
                            let hand_refs = kept[o]
                                .1
                                .give
                                .iter_mut()
                                .filter(|r| matches!(r, CardRef::Hand(_)));
                            if let Some(r) = hand_refs.into_iter().nth(c) {
                                *r = CardRef::Hand(pos);
                            }
                        }
                    }
                    if order_at == slot_count
                        && let Some(o) = orders.pop()
                    {
                        zone.hand.push_order(o);
                    }
                }
            }
            zones.push(zone);
        }

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
        state.offers_made = view.offers_made.clone();
        state.next_offer = view.offers.iter().map(|o| o.id + 1).max().unwrap_or(0);
        state.offers = kept.into_iter().map(|(_, o, _)| o).collect();
        state.last_turn = view.last_turn;
        state.outcome = view.outcome.clone();
        if view.outcome.is_some() {
            state.phase = Phase::GameOver;
        }
        Ok(state)
    }
}
