//! A card game's whole position as plain data, with bean kinds by name: what the protocol's
//! `state` reply shows and what `new` loads again ([`GameState::from_position`]).
//!
//! As shakmaty's `Setup` becomes a `Position`, nothing here is checked until it is loaded.
//! Every key may be left out: a hand-written position places a few cards and the loader
//! shuffles the rest from the seed; the position [`GameState::position`] writes places every
//! card and carries the shuffler's place in its stream, so the game loaded from it goes on
//! exactly as the original. Keys that only count or repeat others (`hand_size`, `coins`,
//! `draw_pile`, `outcome`, …) are written for readers and checked against the rest on loading.

use serde::{Deserialize, Deserializer, Serialize};

use super::bean::BeanKind;
use super::field::Field;
use super::order::OrderCard;
use super::outcome::Outcome;
use super::phase::Phase;
use super::position_error::{PositionError, PositionProblem};
use super::ruleset::{CoinSource, Ruleset};
use super::shuffle::ShufflerPosition;
use super::state::{GameState, PlayerZones};
use super::trading::CardRef;

/// Where the cards a position does not place go.
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

/// Beans of one kind in a field or a buried layer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Planted {
    /// The kind's name, as in the ruleset.
    pub bean: String,
    /// How many are planted.
    pub count: u32,
}

/// The order card in a hand and how many beans lie in front of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandOrder {
    pub order: OrderCard,
    pub beans_in_front: usize,
}

/// One seat of a [`Position`].
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PlayerPosition {
    /// The player's name (checked against the table's names; not part of the rules).
    pub name: Option<String>,
    /// Cards in the hand, the order card included: checked against `hand`.
    pub hand_size: Option<usize>,
    /// The bean fields, first field first, `null` for an empty one. A shorter list leaves
    /// the table's other fields empty; a longer one gives a bought or won third field.
    pub fields: Vec<Option<Planted>>,
    /// How many coins: checked against `coin_cards`, or without them the coin cards are
    /// taken at random from the unplaced cards (from the coin pile where there is one).
    pub coins: Option<u32>,
    /// Cards set aside to plant in phase 3 (received in trades, or the kept turned-over ones).
    pub set_aside: Vec<String>,
    /// The beans in the hand, front card first.
    pub hand: Vec<String>,
    /// Mixed patches: under each field, the buried layers, bottom first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buried: Option<Vec<Vec<Planted>>>,
    /// Whether the hand holds an order card: checked against `hand_order`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holds_order: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_order: Option<HandOrder>,
    /// The order card laid out beside the fields this turn (written `null` where order cards
    /// are played and none is laid out).
    #[serde(skip_serializing_if = "Option::is_none", deserialize_with = "present")]
    pub laid_out_order: Option<Option<OrderCard>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fulfilled_orders: Option<Vec<OrderCard>>,
    /// The dollar pile, bottom first: the kinds of the coin cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coin_cards: Option<Vec<String>>,
}

/// A trade offer on the table.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OfferPosition {
    pub id: u32,
    pub from: usize,
    pub to: usize,
    /// The kinds of the cards in `give`: checked against them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub giving: Option<Vec<String>>,
    pub want: Vec<String>,
    /// The proposer's cards, exactly.
    pub give: Vec<CardRef>,
}

/// A card game's whole position; see the module's documentation.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Position {
    /// Always `null`: a position is the whole state, no one player's view of it.
    pub viewer: Option<usize>,
    /// Turns begun so far, the first being 1.
    pub turn: Option<u32>,
    pub active_player: usize,
    /// Who started the game (ties are broken from this seat).
    pub starting_player: usize,
    /// The phase, as the protocol names it. Left out, the active player's turn begins (phase
    /// 1, or the duel's first step): an order card in front is laid out, and an empty hand
    /// goes on to phase 2.
    pub phase: Option<String>,
    /// Phase 1: cards planted from the hand so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub planted_from_hand: Option<usize>,
    /// Every seat, in seat order.
    pub players: Vec<PlayerPosition>,
    /// The cards turned over this turn, not yet traded or set aside.
    pub face_up: Vec<String>,
    /// Cards in the order card draw pile: checked against the rest.
    pub order_deck: Option<usize>,
    /// The order card draw pile, top first; unplaced order cards go below.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_deck_cards: Option<Vec<OrderCard>>,
    /// Cards left in My First Bohnanza's coin pile: checked against the rest.
    pub coin_pile: Option<usize>,
    /// My First Bohnanza's coin pile, bottom first; unplaced coin cards go below.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coin_pile_cards: Option<Vec<String>>,
    /// The bean duel: cards the opponent left as an offer.
    pub offered: Vec<String>,
    /// Trade offers on the table.
    pub offers: Vec<OfferPosition>,
    /// Offers each seat has made this turn, by seat.
    pub offers_made: Option<Vec<u32>>,
    /// Trades agreed this turn, donations included.
    pub trades_this_turn: u32,
    /// The id the next offer gets.
    pub next_offer: Option<u32>,
    /// The bean duel: cards discarded from the hand this turn.
    pub discards_made: usize,
    /// The active player laid out their order card at the start of this turn.
    pub order_laid_out_this_turn: bool,
    /// Field beans: the player who may place their beans anew with their next action.
    pub may_rearrange_fields: Option<usize>,
    /// Cards in the draw pile: checked against the rest.
    pub draw_pile: Option<usize>,
    /// The draw pile, top (the next card drawn) first; unplaced cards go below.
    pub draw_pile_cards: Option<Vec<String>>,
    /// Cards in the discard pile: checked against the rest.
    pub discard_pile: Option<usize>,
    /// The discard pile's top card: checked against the rest.
    pub discard_top: Option<String>,
    /// The discard pile, bottom first.
    pub discard_pile_cards: Vec<String>,
    /// Times the draw pile has run out.
    pub draw_pile_runs_out: u32,
    /// The table's rule: checked against the ruleset.
    pub game_ends_when_draw_pile_runs_out: Option<u32>,
    /// The draw pile ran out for the last time in phase 2: phases 2 and 3 finish, then the
    /// game ends.
    pub last_turn: bool,
    /// The result, once the game is over: checked against the final scores.
    pub outcome: Option<Outcome>,
    /// The game's seed (checked against the `new` request's).
    pub seed: Option<u64>,
    /// The shuffler's place in its stream; left out, it starts afresh from the seed.
    pub shuffler: Option<ShufflerPosition>,
    /// Where cards the position does not place go.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unplaced_cards: Option<Unplaced>,
}

/// The largest position file read: a whole position is a few kilobytes, and a hostile file
/// must not exhaust memory.
pub const MAX_POSITION_BYTES: u64 = 1 << 20;

impl Position {
    /// The players' names the position gives, where it names every seat.
    pub fn names(&self) -> Option<Vec<String>> {
        let names: Option<Vec<String>> = self.players.iter().map(|p| p.name.clone()).collect();
        names.filter(|n| !n.is_empty())
    }

    /// Refuses a table whose names or seed differ from those the position gives.
    pub fn check_table(&self, names: &[String], seed: u64) -> Result<(), PositionError> {
        if let Some(given) = self.seed.filter(|&s| s != seed) {
            let problem = PositionProblem::SeedDisagrees { given, table: seed };
            return Err(PositionError::at("seed", problem));
        }
        for (p, (seat, name)) in self.players.iter().zip(names).enumerate() {
            if let Some(given) = seat.name.as_ref().filter(|&n| n != name) {
                let problem = PositionProblem::NameDisagrees {
                    given: given.clone(),
                    table: name.clone(),
                };
                return Err(PositionError::at(format!("players[{p}].name"), problem));
            }
        }
        Ok(())
    }
}

/// Reads a key that is present (even as `null`) as `Some`, so `null` and a left-out key
/// differ where the state reply writes `null`.
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// The phases a position may name, each with the protocol's key.
pub(crate) const PHASES: [Phase; 6] = [
    Phase::Plant { planted: 0 },
    Phase::Trade,
    Phase::PlantTraded,
    Phase::PlantOffered,
    Phase::PlantTurnedOver,
    Phase::GameOver,
];

impl GameState {
    /// The whole position, every card placed and the shuffler's place included: loaded
    /// again with [`GameState::from_position`], it gives this state back (the seed and the
    /// players' names are the caller's to add).
    pub fn position(&self) -> Position {
        let ruleset = &self.ruleset;
        let name = |k: &BeanKind| ruleset.bean(*k).name.clone();
        let names = |kinds: &[BeanKind]| kinds.iter().map(name).collect::<Vec<_>>();
        let deck = &self.deck;
        Position {
            viewer: None,
            turn: Some(self.turn),
            active_player: self.active,
            starting_player: self.starting_player,
            phase: Some(self.phase.key().to_string()),
            planted_from_hand: match self.phase {
                Phase::Plant { planted } => Some(planted),
                _ => None,
            },
            players: self
                .players
                .iter()
                .map(|z| player_position(ruleset, z))
                .collect(),
            face_up: names(&self.face_up),
            order_deck: Some(self.order_deck.len()),
            order_deck_cards: (!ruleset.order_cards.is_empty())
                .then(|| self.order_deck.iter().rev().copied().collect()),
            coin_pile: Some(self.coin_pile.len()),
            coin_pile_cards: (ruleset.coins_from == CoinSource::CoinPile)
                .then(|| names(&self.coin_pile)),
            offered: names(&self.offered),
            offers: self
                .offers
                .iter()
                .map(|o| OfferPosition {
                    id: o.id,
                    from: o.from,
                    to: o.to,
                    giving: Some(names(&o.giving)),
                    want: names(&o.want),
                    give: o.give.to_vec(),
                })
                .collect(),
            offers_made: Some(self.offers_made_by_seat().to_vec()),
            trades_this_turn: self.trades_this_turn,
            next_offer: Some(self.next_offer),
            discards_made: self.discards_made,
            order_laid_out_this_turn: self.order_laid_out_this_turn,
            may_rearrange_fields: self.rearrange_window,
            draw_pile: Some(deck.draw_pile_len()),
            draw_pile_cards: Some(deck.draw_pile().iter().rev().map(name).collect()),
            discard_pile: Some(deck.discard_pile().len()),
            discard_top: deck.discard_pile().last().map(name),
            discard_pile_cards: names(deck.discard_pile()),
            draw_pile_runs_out: deck.runs_out(),
            game_ends_when_draw_pile_runs_out: Some(deck.ends_after()),
            last_turn: self.last_turn,
            outcome: self.outcome.clone(),
            seed: None,
            shuffler: Some(deck.shuffler().position()),
            unplaced_cards: None,
        }
    }
}

fn planted(ruleset: &Ruleset, field: &Field) -> Option<Planted> {
    field.kind().map(|k| Planted {
        bean: ruleset.bean(k).name.clone(),
        count: field.count(),
    })
}

fn player_position(ruleset: &Ruleset, zone: &PlayerZones) -> PlayerPosition {
    let names = |kinds: &mut dyn Iterator<Item = BeanKind>| {
        kinds.map(|k| ruleset.bean(k).name.clone()).collect()
    };
    let orders = !ruleset.order_cards.is_empty();
    PlayerPosition {
        name: None,
        hand_size: Some(zone.hand.card_count()),
        fields: zone.fields.iter().map(|f| planted(ruleset, f)).collect(),
        coins: Some(zone.coins()),
        set_aside: names(&mut zone.set_aside.iter().copied()),
        hand: names(&mut zone.hand.iter()),
        buried: ruleset.mixed_patches.then(|| {
            zone.buried_by_field()
                .iter()
                .map(|layers| layers.iter().filter_map(|f| planted(ruleset, f)).collect())
                .collect()
        }),
        holds_order: orders.then(|| zone.hand.order().is_some()),
        hand_order: zone.hand.order().map(|(beans_in_front, order)| HandOrder {
            order,
            beans_in_front,
        }),
        laid_out_order: orders.then_some(zone.laid_out_order),
        fulfilled_orders: orders.then(|| zone.fulfilled_orders.clone()),
        coin_cards: Some(names(&mut zone.coins.iter().copied())),
    }
}
