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
        let kind = |name: &String| {
            ruleset
                .kind_named(name)
                .ok_or_else(|| SetupError::UnknownBean(name.clone()))
        };
        let kinds = |names: &[String]| names.iter().map(kind).collect::<Result<Vec<_>, _>>();
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
        if setup.draw_pile_runs_out >= table.game_ends_when_draw_pile_runs_out {
            return Err(SetupError::AlreadyOver {
                runs_out: setup.draw_pile_runs_out,
                ends: table.game_ends_when_draw_pile_runs_out,
            });
        }

        let mut zones: Vec<PlayerZones> = (0..players)
            .map(|_| PlayerZones::new(table.bean_fields))
            .collect();
        // Counted wide and saturating, so no count a client writes can wrap around: every
        // count is then held against the deck before any card is dealt from it.
        let mut placed = vec![0u64; ruleset.beans.len()];
        let mut orders = ruleset.order_cards.clone();
        for (p, hand) in setup.hands.iter().enumerate() {
            for name in hand {
                let order = if ruleset.order_cards.is_empty() {
                    None
                } else {
                    name.parse::<OrderCard>().ok()
                };
                if let Some(order) = order {
                    let at = orders
                        .iter()
                        .position(|&o| o == order)
                        .ok_or_else(|| SetupError::UnknownOrder(order.to_string()))?;
                    orders.swap_remove(at);
                    if zones[p].hand.order().is_some() {
                        return Err(SetupError::TwoOrders(p));
                    }
                    zones[p].hand.push_order(order);
                    continue;
                }
                let k = kind(name)?;
                zones[p].hand.push_back(k);
                placed[k.index()] = placed[k.index()].saturating_add(1);
            }
        }
        let max_fields = ruleset.max_bean_fields(players);
        for (p, fields) in setup.fields.iter().enumerate() {
            if fields.len() > max_fields {
                return Err(SetupError::TooManyFields {
                    player: p,
                    fields: max_fields,
                    given: fields.len(),
                });
            }
            // A setup may give a player the third field they could have bought or won.
            zones[p]
                .fields
                .resize(fields.len().max(table.bean_fields), Field::default());
            let field_count = zones[p].fields.len();
            zones[p].buried.resize(field_count, Vec::new());
            for (f, field) in fields.iter().enumerate() {
                if let Some(field) = field {
                    let k = kind(&field.bean)?;
                    zones[p].fields[f] = Field::with(k, field.count);
                    placed[k.index()] = placed[k.index()].saturating_add(field.count.into());
                    for layer in &field.buried {
                        let k = kind(&layer.bean)?;
                        zones[p].buried[f].push(Field::with(k, layer.count));
                        placed[k.index()] = placed[k.index()].saturating_add(layer.count.into());
                    }
                }
            }
        }
        let top = kinds(&setup.draw_pile_top)?;
        let discard = kinds(&setup.discard_pile)?;
        let offered = kinds(&setup.offered)?;
        for &k in top.iter().chain(&discard).chain(&offered) {
            placed[k.index()] = placed[k.index()].saturating_add(1);
        }
        let in_play = ruleset.deck_counts(players);
        let mut rest: Vec<BeanKind> = Vec::new();
        for k in ruleset.kinds() {
            let available = u32::from(in_play[k.index()]);
            let used = placed[k.index()];
            if used > u64::from(available) {
                return Err(SetupError::TooManyCards {
                    bean: ruleset.bean(k).name.clone(),
                    placed: used,
                    in_play: available,
                });
            }
            rest.extend(std::iter::repeat_n(
                k,
                (u64::from(available) - used) as usize,
            ));
        }

        let mut shuffler = Shuffler::new(seed);
        shuffler.shuffle(&mut rest);
        shuffler.shuffle(&mut orders);
        let needed: u64 = setup.coins.iter().map(|&c| u64::from(c)).sum();
        // Coins come from the unplaced cards, or from the coin pile where the ruleset has one.
        let mut coin_pile = GameState::coin_pile_for(ruleset, players);
        let coin_source = if coin_pile.is_empty() {
            &mut rest
        } else {
            &mut coin_pile
        };
        if needed > coin_source.len() as u64 {
            return Err(SetupError::NotEnoughCardsForCoins {
                needed,
                left: coin_source.len(),
            });
        }
        for (p, &coins) in setup.coins.iter().enumerate() {
            for _ in 0..coins {
                zones[p].coins.extend(coin_source.pop());
            }
        }

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
