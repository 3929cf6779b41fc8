//! The checked ruleset: everything that varies between the games, validated once.

use std::ops::RangeInclusive;
use std::sync::Arc;

use super::bean::{BeanInfo, BeanKind};
use super::field::Field;
use super::order::OrderCard;

/// How a tie for the most coins is broken.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TieBreak {
    /// Base game: the tied player sitting furthest from the starting player, clockwise, wins.
    FurthestFromStartingPlayer,
    /// Classic English rules: the tied player with the most cards in hand wins.
    MostCardsInHand,
    /// My First Bohnanza: all tied players win.
    Shared,
}

/// Who draws in phase 4.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawRule {
    /// Base game: the active player draws.
    ActivePlayer,
    /// The 3–7 player variants: every player draws, the active player first, then clockwise.
    EveryPlayer,
}

/// When a field of a single bean may not be harvested.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BeanProtection {
    /// No protection (My First Bohnanza before its last step).
    Off,
    /// Base game: not while another of the player's fields holds more than one bean.
    WhileAnotherFieldHasMore,
    /// Classic English rules: not unless all of the player's fields hold exactly one bean.
    UnlessAllFieldsHoldOne,
}

impl BeanProtection {
    /// Whether a field of a single bean among `fields` (one player's) may not be harvested.
    #[inline]
    pub fn protects_lone_beans(self, fields: &[Field]) -> bool {
        match self {
            BeanProtection::Off => false,
            BeanProtection::WhileAnotherFieldHasMore => fields.iter().any(|f| f.count() > 1),
            BeanProtection::UnlessAllFieldsHoldOne => fields.iter().any(|f| f.count() != 1),
        }
    }
}

/// What happens to the cards turned over in phase 2.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TurnedOverRule {
    /// The active player trades them, with hand cards, and plants the kept ones in phase 3.
    Trade,
    /// The bean duel: the active player plants any of them and leaves the rest as an offer,
    /// which the next player plants or discards at the start of their turn. No trading.
    PlantAndOffer,
}

/// Where coins come from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CoinSource {
    /// The harvested cards turned over (all games but My First Bohnanza's first two).
    HarvestedCards,
    /// A separate coin pile made of the kinds not in play; every harvested card is discarded.
    CoinPile,
}

/// Which fields are harvested when the game ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FinalHarvest {
    /// Every field.
    All,
    /// Only fields worth at least one coin (My First Bohnanza's two-coin beans).
    FieldsThatPay,
    /// None: beans left in fields are worth nothing (My First Bohnanza).
    None,
}

/// Rules that depend on how many players sit at the table.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TableRules {
    /// Bean fields each player starts with.
    pub bean_fields: usize,
    /// Kinds put back in the box before shuffling.
    pub removed_beans: Vec<BeanKind>,
    /// Cards dealt at the start, by seat from the starting player clockwise; the last number
    /// is dealt to every remaining seat (`[5]` deals five to all).
    pub deal: Vec<usize>,
    /// Cards the active player draws in phase 4.
    pub cards_drawn: usize,
    /// The game ends when the draw pile runs out this many times.
    pub game_ends_when_draw_pile_runs_out: u32,
    /// What a third bean field costs, in coins; `None` where none can be bought.
    pub third_field_price: Option<u32>,
}

impl TableRules {
    /// Cards dealt to the seat `offset` places clockwise from the starting player.
    pub fn dealt_to(&self, offset: usize) -> usize {
        self.deal
            .get(offset)
            .or(self.deal.last())
            .copied()
            .unwrap_or(0)
    }

    /// The deal as players say it: "5", or "3, 4, 5, then 6".
    pub fn deal_description(&self) -> String {
        match self.deal.as_slice() {
            [] => "0".to_string(),
            [one] => one.to_string(),
            [first @ .., last] => {
                let first: Vec<String> = first.iter().map(|n| n.to_string()).collect();
                format!("{}, then {last}", first.join(", "))
            }
        }
    }
}

/// A validated ruleset. Only [`Ruleset::from_toml`](Ruleset::from_toml) makes one, so every
/// value in it has been checked: the engine never re-validates rules while playing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ruleset {
    /// The short name users type (`--variant base`).
    pub name: String,
    /// The game's title, for screens.
    pub title: String,
    /// One line saying what this ruleset plays.
    pub summary: String,
    /// Every bean kind, in the order the ruleset lists them.
    pub beans: Vec<BeanInfo>,
    /// Phase 1: the most cards a player may plant from the hand.
    pub max_planted_from_hand: usize,
    /// Phase 2: cards turned over from the draw pile.
    pub cards_turned_over: usize,
    /// Which bean protection rule is played.
    pub bean_protection_rule: BeanProtection,
    /// Who draws in phase 4.
    pub phase_4_draws: DrawRule,
    /// What happens to the turned-over cards.
    pub phase_2: TurnedOverRule,
    /// The bean duel: after turning over, cards on top of the discard pile that match a
    /// turned-over card join them, one after another.
    pub turned_over_pulls_matching_discards: bool,
    /// The bean duel: after planting in phase 1, a player may discard this many cards from
    /// anywhere in the hand.
    pub discards_after_planting: usize,
    /// The bean duel: a player may harvest only during their own turn.
    pub harvest_only_on_own_turn: bool,
    /// Hands lie face up in an open line: everyone sees every hand (My First Bohnanza).
    pub open_hands: bool,
    /// A field is harvested as soon as it earns a coin, even in another player's turn.
    pub automatic_harvest: bool,
    /// A field may be harvested only when it earns at least one coin.
    pub harvest_needs_a_coin: bool,
    /// My First Bohnanza: "You have to immediately plant" the cards received in a trade, so
    /// trading waits while anyone holds received cards; the active player plants the kept
    /// turned-over cards when trading ends.
    pub plant_received_cards_at_once: bool,
    /// The mixed-patch rule: a bean that fits no field may be planted over another kind,
    /// which is buried until the new kind is harvested.
    pub mixed_patches: bool,
    /// Where coins come from.
    pub coins_from: CoinSource,
    /// Which fields are harvested at the end.
    pub final_harvest: FinalHarvest,
    /// How ties for the most coins are broken.
    pub tie_break: TieBreak,
    /// The most trade offers each player may make in one turn, counted per proposer so no
    /// player's offers use up another's; `None` sets no limit, as the rulebook does ("You may
    /// continue trading for as long as you like").
    pub max_offers_per_turn: Option<u32>,
    /// The order deck (The Expansion, variant 3); empty where order cards are not played.
    pub order_cards: Vec<OrderCard>,
    /// Indexed by player count; `None` where that count may not play.
    /// Shared, so a new game takes its table without copying the lists in it.
    pub(crate) tables: Vec<Option<Arc<TableRules>>>,
}

impl Ruleset {
    /// The rules for `players` players, or `None` if this ruleset is not for that many.
    #[inline]
    pub fn table(&self, players: usize) -> Option<&TableRules> {
        self.tables.get(players).and_then(Option::as_deref)
    }

    /// The rules for `players` players, shared with every game at that table.
    pub(crate) fn shared_table(&self, players: usize) -> Option<&Arc<TableRules>> {
        self.tables.get(players).and_then(Option::as_ref)
    }

    /// The player counts this ruleset allows, smallest to largest.
    pub fn player_counts(&self) -> impl Iterator<Item = usize> + '_ {
        self.tables
            .iter()
            .enumerate()
            .filter_map(|(n, t)| t.as_ref().map(|_| n))
    }

    /// The smallest and largest player counts (the counts between may still be missing).
    pub fn player_range(&self) -> RangeInclusive<usize> {
        let min = self.player_counts().next().unwrap_or(0);
        let max = self.player_counts().last().unwrap_or(0);
        min..=max
    }

    /// The most bean fields a player can come to have with `players` players: a third field
    /// can be bought, or won by harvesting field beans.
    pub fn max_bean_fields(&self, players: usize) -> usize {
        let Some(table) = self.table(players) else {
            return 0;
        };
        let gainable = table.third_field_price.is_some()
            || self.kinds().any(|k| {
                self.bean(k).gives_third_field_at.is_some() && !table.removed_beans.contains(&k)
            });
        if gainable {
            table.bean_fields.max(3)
        } else {
            table.bean_fields
        }
    }

    /// Every card in the game with `players` players: the deck's, plus the coin pile's where
    /// coins come from a pile of the kinds not in play.
    pub fn cards_in_game(&self, players: usize) -> Vec<u16> {
        match self.coins_from {
            CoinSource::HarvestedCards => self.deck_counts(players),
            CoinSource::CoinPile => self.kinds().map(|k| self.bean(k).count).collect(),
        }
    }

    /// The coin pile's cards with `players` players: the kinds not in play, where coins come
    /// from a pile.
    pub fn coin_pile_counts(&self, players: usize) -> Vec<u16> {
        let deck = self.deck_counts(players);
        self.cards_in_game(players)
            .iter()
            .zip(deck)
            .map(|(all, in_deck)| all - in_deck)
            .collect()
    }

    /// Whether a player who has made `made` offers this turn may make another.
    pub fn allows_another_offer(&self, made: u32) -> bool {
        self.max_offers_per_turn.is_none_or(|cap| made < cap)
    }

    /// What the ruleset says about `kind`.
    #[inline]
    pub fn bean(&self, kind: BeanKind) -> &BeanInfo {
        &self.beans[kind.index()]
    }

    /// The coins a harvest of `field` pays now by its kind's beanometer (0 for an empty
    /// field).
    #[inline]
    pub fn field_pays(&self, field: Field) -> u32 {
        field
            .kind()
            .map_or(0, |k| self.bean(k).beanometer.coins_for(field.count()))
    }

    /// The kind called `name` (case-insensitive), as players and testers type it.
    pub fn kind_named(&self, name: &str) -> Option<BeanKind> {
        self.beans
            .iter()
            .position(|b| b.name.eq_ignore_ascii_case(name))
            .map(BeanKind::new)
    }

    /// Every kind, in ruleset order.
    pub fn kinds(&self) -> impl Iterator<Item = BeanKind> + use<> {
        (0..self.beans.len()).map(BeanKind::new)
    }

    /// The cards in play with `players` players: every kind's count, less the removed kinds.
    pub fn deck_counts(&self, players: usize) -> Vec<u16> {
        let removed = self
            .table(players)
            .map(|t| t.removed_beans.as_slice())
            .unwrap_or(&[]);
        self.kinds()
            .map(|k| {
                if removed.contains(&k) {
                    0
                } else {
                    self.bean(k).count
                }
            })
            .collect()
    }

    /// How many cards are in play with `removed` kinds taken out: the draw pile's size
    /// before the first shuffle.
    pub(crate) fn cards_in_play(&self, removed: &[BeanKind]) -> usize {
        self.kinds()
            .filter(|k| !removed.contains(k))
            .map(|k| usize::from(self.bean(k).count))
            .sum()
    }

    /// Lays out the draw pile before its first shuffle in `pile` (emptied first): every kind
    /// in play, in the ruleset's order of kinds, as many cards as [`Ruleset::deck_counts`]
    /// gives it (built without that list, and in a pile's own storage: a new game's deck is
    /// built for every game a bot plays out).
    pub(crate) fn fill_fresh_deck(&self, removed: &[BeanKind], pile: &mut Vec<BeanKind>) {
        pile.clear();
        pile.reserve(self.cards_in_play(removed));
        for kind in self.kinds().filter(|k| !removed.contains(k)) {
            pile.extend(std::iter::repeat_n(
                kind,
                usize::from(self.bean(kind).count),
            ));
        }
    }
}
