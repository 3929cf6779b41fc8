//! Starting a game from any position: plain data in, a checked game state out.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::bean::BeanKind;
use super::deck::Deck;
use super::event_sink::EventSink;
use super::field::Field;
use super::order::OrderCard;
use super::ruleset::Ruleset;
use super::shuffle::Shuffler;
use super::state::{GameState, NewGameError, PlayerZones};

/// Where the cards a setup does not place go.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unplaced {
    /// Shuffled below the given top of the draw pile.
    #[default]
    DrawPile,
    /// Shuffled below the given discard pile, so the draw pile is exactly its given top
    /// (for testing the end of the game).
    DiscardPile,
}

/// A bean field in a setup.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldSetup {
    /// The kind's name, as in the ruleset.
    pub bean: String,
    /// How many are planted.
    pub count: u32,
    /// Mixed patches: the layers buried under these beans, bottom first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buried: Vec<FieldSetup>,
}

/// A position written as plain data, with bean kinds by name: nothing is checked until
/// [`GameState::from_setup`] turns it into a game, as shakmaty's `Setup` becomes a `Position`.
///
/// The game starts at phase 1 of the active player's turn. Anything left out is empty.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Setup {
    /// Each player's hand, front card first. Where order cards are played, an order card is
    /// written as its numbers, such as "3/4" (one per hand at most).
    pub hands: Vec<Vec<String>>,
    /// Each player's fields, first field first; `null` (or a shorter list) for empty fields.
    pub fields: Vec<Vec<Option<FieldSetup>>>,
    /// Each player's coins; the coin cards are taken at random from the unplaced cards.
    pub coins: Vec<u32>,
    /// The top of the draw pile, the next card to be drawn first.
    pub draw_pile_top: Vec<String>,
    /// The discard pile, bottom first, top card last.
    pub discard_pile: Vec<String>,
    /// The bean duel: cards the opponent left as an offer, for the active player to plant or
    /// discard first.
    pub offered: Vec<String>,
    /// Whose turn it is.
    pub active_player: usize,
    /// Who started the game (ties are broken from this seat).
    pub starting_player: usize,
    /// How many times the draw pile has already run out.
    pub draw_pile_runs_out: u32,
    /// Where the cards not placed above go.
    pub unplaced_cards: Unplaced,
}

/// Why a setup is not a position the game can be in.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    #[error("no bean kind is called {0:?}")]
    UnknownBean(String),
    #[error("the setup places {placed} {bean} beans, but only {in_play} are in play")]
    TooManyCards {
        bean: String,
        placed: u64,
        in_play: u32,
    },
    #[error("the setup gives {what} for {given} players, but only {players} play")]
    TooManySeats {
        what: &'static str,
        given: usize,
        players: usize,
    },
    #[error("there is no player {0}")]
    NoSuchPlayer(usize),
    #[error("order {0} is not in the order deck (or not that many times)")]
    UnknownOrder(String),
    #[error("player {0} holds two order cards; a hand holds one at most")]
    TwoOrders(usize),
    #[error("player {player} can have at most {fields} bean fields, not {given}")]
    TooManyFields {
        player: usize,
        fields: usize,
        given: usize,
    },
    #[error("the coins need {needed} cards, but only {left} are left unplaced")]
    NotEnoughCardsForCoins { needed: u64, left: usize },
    #[error(
        "the draw pile has already run out {runs_out} times: the game would be over (it ends at {ends})"
    )]
    AlreadyOver { runs_out: u32, ends: u32 },
}

impl GameState {
    /// Checks `setup` against the ruleset and starts the game there. `seed` shuffles the
    /// unplaced cards and every later reshuffle.
    pub fn from_setup(
        ruleset: &Arc<Ruleset>,
        players: usize,
        setup: &Setup,
        seed: u64,
        events: &mut impl EventSink,
    ) -> Result<GameState, SetupError> {
        let table = Self::table_for(ruleset, players)?.clone();
        check_seats(setup, players, table.game_ends_when_draw_pile_runs_out)?;
        let mut placement = Placement::new(ruleset, players, table.bean_fields);
        placement.place_hands(&setup.hands)?;
        placement.place_fields(&setup.fields, ruleset.max_bean_fields(players))?;
        let top = placement.place_cards(&setup.draw_pile_top)?;
        let discard = placement.place_cards(&setup.discard_pile)?;
        let offered = placement.place_cards(&setup.offered)?;
        let mut rest = placement.unplaced(players)?;
        let Placement {
            mut zones,
            mut orders,
            ..
        } = placement;

        let mut shuffler = Shuffler::new(seed);
        shuffler.shuffle(&mut rest);
        shuffler.shuffle(&mut orders);
        // Coins come from the unplaced cards, or from the coin pile where the ruleset has one.
        let mut coin_pile = GameState::coin_pile_for(ruleset, players);
        let coin_source = if coin_pile.is_empty() {
            &mut rest
        } else {
            &mut coin_pile
        };
        deal_coins(&mut zones, &setup.coins, coin_source)?;

        let (mut draw, mut discard_pile) = match setup.unplaced_cards {
            Unplaced::DrawPile => (rest, Vec::new()),
            Unplaced::DiscardPile => (Vec::new(), rest),
        };
        draw.extend(top.iter().rev());
        discard_pile.extend(discard);
        let deck = Deck::new(
            draw,
            discard_pile,
            setup.draw_pile_runs_out,
            table.game_ends_when_draw_pile_runs_out,
            shuffler,
        );
        let mut state = GameState::assemble(
            ruleset,
            table,
            zones,
            deck,
            setup.active_player,
            setup.starting_player,
        );
        state.order_deck = orders;
        state.coin_pile = coin_pile;
        state.offered = offered;
        state.begin_turn(events);
        Ok(state)
    }
}

/// Refuses a setup that names more seats than play, a seat that does not exist, or a game
/// already over.
fn check_seats(setup: &Setup, players: usize, ends: u32) -> Result<(), SetupError> {
    for (what, given) in [
        ("hands", setup.hands.len()),
        ("fields", setup.fields.len()),
        ("coins", setup.coins.len()),
    ] {
        if given > players {
            return Err(SetupError::TooManySeats {
                what,
                given,
                players,
            });
        }
    }
    for p in [setup.active_player, setup.starting_player] {
        if p >= players {
            return Err(SetupError::NoSuchPlayer(p));
        }
    }
    if setup.draw_pile_runs_out >= ends {
        return Err(SetupError::AlreadyOver {
            runs_out: setup.draw_pile_runs_out,
            ends,
        });
    }
    Ok(())
}

/// Gives each player their coins from `source`, once the total is known to be there.
fn deal_coins(
    zones: &mut [PlayerZones],
    coins: &[u32],
    source: &mut Vec<BeanKind>,
) -> Result<(), SetupError> {
    let needed: u64 = coins.iter().map(|&c| u64::from(c)).sum();
    if needed > source.len() as u64 {
        return Err(SetupError::NotEnoughCardsForCoins {
            needed,
            left: source.len(),
        });
    }
    for (zone, &coins) in zones.iter_mut().zip(coins) {
        for _ in 0..coins {
            zone.coins.extend(source.pop());
        }
    }
    Ok(())
}

/// The cards a setup places, counted per kind as they are placed.
struct Placement<'a> {
    ruleset: &'a Ruleset,
    zones: Vec<PlayerZones>,
    /// Counted wide and saturating, so no count a client writes can wrap around: every
    /// count is held against the deck before any card is dealt from it.
    placed: Vec<u64>,
    /// The order cards not yet placed in a hand.
    orders: Vec<OrderCard>,
}

impl<'a> Placement<'a> {
    fn new(ruleset: &'a Ruleset, players: usize, bean_fields: usize) -> Self {
        Placement {
            ruleset,
            zones: (0..players)
                .map(|_| PlayerZones::new(bean_fields))
                .collect(),
            placed: vec![0; ruleset.beans.len()],
            orders: ruleset.order_cards.clone(),
        }
    }

    fn kind(&self, name: &str) -> Result<BeanKind, SetupError> {
        self.ruleset
            .kind_named(name)
            .ok_or_else(|| SetupError::UnknownBean(name.to_string()))
    }

    fn count(&mut self, kind: BeanKind, cards: u64) {
        let placed = &mut self.placed[kind.index()];
        *placed = placed.saturating_add(cards);
    }

    /// Loose cards (the draw pile's top, the discard pile, the duel's offer), counted.
    fn place_cards(&mut self, names: &[String]) -> Result<Vec<BeanKind>, SetupError> {
        let kinds = names
            .iter()
            .map(|n| self.kind(n))
            .collect::<Result<Vec<_>, _>>()?;
        for &k in &kinds {
            self.count(k, 1);
        }
        Ok(kinds)
    }

    fn place_hands(&mut self, hands: &[Vec<String>]) -> Result<(), SetupError> {
        for (p, hand) in hands.iter().enumerate() {
            for name in hand {
                let order = if self.ruleset.order_cards.is_empty() {
                    None
                } else {
                    name.parse::<OrderCard>().ok()
                };
                if let Some(order) = order {
                    let at = self
                        .orders
                        .iter()
                        .position(|&o| o == order)
                        .ok_or_else(|| SetupError::UnknownOrder(order.to_string()))?;
                    self.orders.swap_remove(at);
                    if self.zones[p].hand.order().is_some() {
                        return Err(SetupError::TwoOrders(p));
                    }
                    self.zones[p].hand.push_order(order);
                    continue;
                }
                let k = self.kind(name)?;
                self.zones[p].hand.push_back(k);
                self.count(k, 1);
            }
        }
        Ok(())
    }

    fn place_fields(
        &mut self,
        fields: &[Vec<Option<FieldSetup>>],
        max_fields: usize,
    ) -> Result<(), SetupError> {
        for (p, fields) in fields.iter().enumerate() {
            if fields.len() > max_fields {
                return Err(SetupError::TooManyFields {
                    player: p,
                    fields: max_fields,
                    given: fields.len(),
                });
            }
            // A setup may give a player the third field they could have bought or won.
            let field_count = fields.len().max(self.zones[p].fields.len());
            self.zones[p].fields.resize(field_count, Field::default());
            self.zones[p].buried.resize(field_count, Vec::new());
            for (f, field) in fields.iter().enumerate() {
                let Some(field) = field else { continue };
                let k = self.kind(&field.bean)?;
                self.zones[p].fields[f] = Field::with(k, field.count);
                self.count(k, field.count.into());
                for layer in &field.buried {
                    let k = self.kind(&layer.bean)?;
                    self.zones[p].buried[f].push(Field::with(k, layer.count));
                    self.count(k, layer.count.into());
                }
            }
        }
        Ok(())
    }

    /// The cards of the deck this setup does not place, or which kind it placed too many of.
    fn unplaced(&self, players: usize) -> Result<Vec<BeanKind>, SetupError> {
        let in_play = self.ruleset.deck_counts(players);
        let mut rest: Vec<BeanKind> = Vec::new();
        for k in self.ruleset.kinds() {
            let available = u32::from(in_play[k.index()]);
            let used = self.placed[k.index()];
            if used > u64::from(available) {
                return Err(SetupError::TooManyCards {
                    bean: self.ruleset.bean(k).name.clone(),
                    placed: used,
                    in_play: available,
                });
            }
            rest.extend(std::iter::repeat_n(
                k,
                (u64::from(available) - used) as usize,
            ));
        }
        Ok(rest)
    }
}
