//! Loading a [`Position`]: every card counted against the deck and every key checked
//! against the rules before the game is handed out; the one way a game starts anywhere but
//! at the deal.

use std::sync::Arc;

use super::bean::BeanKind;
use super::deck::Deck;
use super::event_sink::EventSink;
use super::field::Field;
use super::order::OrderCard;
use super::phase::Phase;
use super::position::{PHASES, PlayerPosition, Position, Unplaced};
use super::position_error::{PositionError, PositionProblem};
use super::ruleset::{CoinSource, Ruleset, TurnedOverRule};
use super::shuffle::Shuffler;
use super::state::{GameState, PlayerZones};

type Loaded<T> = Result<T, PositionError>;

/// The highest turn a position may name: far beyond any game, so counting on never overflows.
const MAX_TURN: u32 = 1_000_000;

impl GameState {
    /// Checks `position` against the ruleset and starts the game there. Cards it does not
    /// place are shuffled (from its shuffler, or afresh from `seed`) below the given top of
    /// the draw pile; without a `phase` the active player's turn begins, as at the deal.
    pub fn from_position(
        ruleset: &Arc<Ruleset>,
        players: usize,
        position: &Position,
        seed: u64,
        events: &mut impl EventSink,
    ) -> Loaded<GameState> {
        let table = Self::table_for(ruleset, players)
            .map_err(|e| PositionError::at("players", e.into()))?
            .clone();
        check_seats(position, players)?;
        let phase = phase_of(ruleset, position)?;
        let mut placement = Placement::new(ruleset, players, table.bean_fields);
        for (p, player) in position.players.iter().enumerate() {
            placement.place_player(p, player, ruleset.max_bean_fields(players))?;
        }
        let piles = placement.place_piles(position)?;
        let mut rest = placement.unplaced_beans();
        let mut orders = std::mem::take(&mut placement.orders);
        let mut coin_pile = placement.unplaced_coins();
        coin_pile.extend(piles.coin_pile);
        let mut zones = std::mem::take(&mut placement.zones);

        let mut shuffler = match position.shuffler {
            Some(at) => Shuffler::at(at),
            None => Shuffler::new(seed),
        };
        shuffler.shuffle(&mut rest);
        shuffler.shuffle(&mut orders);
        let coin_source = match ruleset.coins_from {
            CoinSource::HarvestedCards => &mut rest,
            CoinSource::CoinPile => &mut coin_pile,
        };
        deal_coins(&mut zones, position, coin_source)?;
        let (mut draw, mut discard) = match position.unplaced_cards.unwrap_or_default() {
            Unplaced::DrawPile => (rest, Vec::new()),
            Unplaced::DiscardPile => (Vec::new(), rest),
        };
        draw.extend(piles.draw_top.iter().rev());
        discard.extend(piles.discard);
        orders.extend(piles.order_top.iter().rev());
        let deck = Deck::new(
            draw,
            discard,
            position.draw_pile_runs_out,
            table.game_ends_when_draw_pile_runs_out,
            shuffler,
        );
        let mut state = GameState::assemble(
            ruleset,
            table,
            zones,
            deck,
            position.active_player,
            position.starting_player,
        );
        state.order_deck = orders;
        state.coin_pile = coin_pile;
        state.offered = piles.offered;
        state.face_up = piles.face_up;
        state.restore_turn(position, phase)?;
        state.check_position(position)?;
        if phase.is_none() {
            state.begin_turn(events);
        }
        state.check_not_stuck()?;
        Ok(state)
    }

    /// The turn's own state: the phase, the offers and the counters, checked.
    fn restore_turn(&mut self, position: &Position, phase: Option<Phase>) -> Loaded<()> {
        self.turn = match position.turn {
            Some(0) => {
                return Err(PositionError::at(
                    "turn",
                    PositionProblem::Contradiction("turns are counted from 1"),
                ));
            }
            Some(turn) if turn > MAX_TURN => {
                return Err(PositionError::at(
                    "turn",
                    PositionProblem::Contradiction(
                        "no game lasts that many turns (a position may say 1 000 000 at most)",
                    ),
                ));
            }
            // Without a phase the turn is begun afresh, which counts it.
            Some(turn) => turn - u32::from(phase.is_none()),
            None => u32::from(phase.is_some()),
        };
        self.phase = match phase {
            Some(Phase::Plant { .. }) => Phase::Plant {
                planted: position.planted_from_hand.unwrap_or(0),
            },
            Some(phase) => phase,
            // The turn about to begin, as it will begin: checked as such.
            None if self.ruleset.phase_2 == TurnedOverRule::PlantAndOffer
                && !self.offered.is_empty() =>
            {
                Phase::PlantOffered
            }
            None => Phase::Plant { planted: 0 },
        };
        if position.planted_from_hand.is_some() && !matches!(self.phase, Phase::Plant { .. }) {
            return Err(self.wrong_phase_for(
                "planted_from_hand",
                "cards planted from the hand are counted",
                "in phase 1",
            ));
        }
        self.last_turn = position.last_turn;
        self.trades_this_turn = position.trades_this_turn;
        self.discards_made = position.discards_made;
        self.order_laid_out_this_turn = position.order_laid_out_this_turn;
        self.rearrange_window = position.may_rearrange_fields;
        self.restore_offers(position)?;
        if self.phase == Phase::GameOver {
            self.outcome = Some(self.final_outcome());
        }
        Ok(())
    }

    pub(crate) fn wrong_phase_for(
        &self,
        key: &str,
        what: &'static str,
        when: &'static str,
    ) -> PositionError {
        PositionError::at(
            key,
            PositionProblem::WrongPhase {
                what,
                when,
                phase: self.phase_name(),
            },
        )
    }

    /// The phase as errors name it: its number and the rulebook's title.
    pub(crate) fn phase_name(&self) -> String {
        match self.phase.number() {
            Some(_) => format!(
                "phase {} ({})",
                self.step_number(self.phase),
                self.phase.title()
            ),
            None => self.phase.title().to_lowercase(),
        }
    }
}

/// Refuses seats that do not exist and a list of players of another length.
fn check_seats(position: &Position, players: usize) -> Loaded<()> {
    let given = position.players.len();
    if given != 0 && given != players {
        return Err(PositionError::at(
            "players",
            PositionProblem::SeatCount { given, players },
        ));
    }
    let seats = [
        ("active_player", Some(position.active_player)),
        ("starting_player", Some(position.starting_player)),
        ("may_rearrange_fields", position.may_rearrange_fields),
    ];
    for (key, seat) in seats {
        if let Some(seat) = seat.filter(|&s| s >= players) {
            return Err(PositionError::at(
                key,
                PositionProblem::NoSuchPlayer { seat, players },
            ));
        }
    }
    if position.viewer.is_some() {
        return Err(PositionError::at("viewer", PositionProblem::Viewer));
    }
    Ok(())
}

/// The phase the position names, among this ruleset's; `None` where it names none.
fn phase_of(ruleset: &Ruleset, position: &Position) -> Loaded<Option<Phase>> {
    let Some(name) = &position.phase else {
        return Ok(None);
    };
    let duel = ruleset.phase_2 == TurnedOverRule::PlantAndOffer;
    let allowed: Vec<Phase> = PHASES
        .into_iter()
        .filter(|p| match p {
            Phase::Trade | Phase::PlantTraded => !duel,
            Phase::PlantOffered | Phase::PlantTurnedOver => duel,
            Phase::Plant { .. } | Phase::GameOver => true,
        })
        .collect();
    allowed
        .iter()
        .find(|p| p.key() == name)
        .map(|&p| Some(p))
        .ok_or_else(|| {
            let keys: Vec<&str> = allowed.iter().map(Phase::key).collect();
            PositionError::at(
                "phase",
                PositionProblem::UnknownPhase(name.clone(), keys.join(", ")),
            )
        })
}

/// Gives players who have a number of coins but no coin cards their coins from `source`,
/// once the total is known to be there.
fn deal_coins(
    zones: &mut [PlayerZones],
    position: &Position,
    source: &mut Vec<BeanKind>,
) -> Loaded<()> {
    let counts: Vec<u32> = position
        .players
        .iter()
        .map(|p| match (&p.coin_cards, p.coins) {
            (None, Some(coins)) => coins,
            _ => 0,
        })
        .collect();
    let mut needed: u64 = 0;
    for (p, &coins) in counts.iter().enumerate() {
        needed += u64::from(coins);
        if needed > source.len() as u64 {
            return Err(PositionError::at(
                format!("players[{p}].coins"),
                PositionProblem::NotEnoughCardsForCoins {
                    needed,
                    left: source.len(),
                },
            ));
        }
    }
    for (zone, &coins) in zones.iter_mut().zip(&counts) {
        for _ in 0..coins {
            zone.coins.extend(source.pop());
        }
    }
    Ok(())
}

/// The shared piles a position places.
struct Piles {
    face_up: Vec<BeanKind>,
    offered: Vec<BeanKind>,
    draw_top: Vec<BeanKind>,
    discard: Vec<BeanKind>,
    order_top: Vec<OrderCard>,
    coin_pile: Vec<BeanKind>,
}

/// The cards a position places, counted per kind as they are placed.
struct Placement<'a> {
    ruleset: &'a Ruleset,
    zones: Vec<PlayerZones>,
    in_play: Vec<u16>,
    /// Counted wide and saturating, so no count a client writes can wrap around.
    placed: Vec<u64>,
    /// My First Bohnanza's coin cards (kinds not in play), counted apart from the deck.
    coins_in_play: Vec<u16>,
    coins_placed: Vec<u64>,
    /// The order cards not yet placed.
    orders: Vec<OrderCard>,
}

impl<'a> Placement<'a> {
    fn new(ruleset: &'a Ruleset, players: usize, bean_fields: usize) -> Self {
        let coins_in_play = match ruleset.coins_from {
            CoinSource::HarvestedCards => vec![0; ruleset.beans.len()],
            CoinSource::CoinPile => ruleset.coin_pile_counts(players),
        };
        Placement {
            ruleset,
            zones: (0..players)
                .map(|_| PlayerZones::new(bean_fields))
                .collect(),
            in_play: ruleset.deck_counts(players),
            placed: vec![0; ruleset.beans.len()],
            coins_in_play,
            coins_placed: vec![0; ruleset.beans.len()],
            orders: ruleset.order_cards.clone(),
        }
    }

    fn kind(&self, key: &str, name: &str) -> Loaded<BeanKind> {
        self.ruleset
            .kind_named(name)
            .ok_or_else(|| PositionError::at(key, PositionProblem::UnknownBean(name.to_string())))
    }

    /// Counts `cards` of `kind` placed at `key`, refusing more than are in play.
    fn count(&mut self, key: &str, kind: BeanKind, cards: u64, coin_cards: bool) -> Loaded<()> {
        let (placed, in_play) = if coin_cards {
            (&mut self.coins_placed, &self.coins_in_play)
        } else {
            (&mut self.placed, &self.in_play)
        };
        let placed = &mut placed[kind.index()];
        *placed = placed.saturating_add(cards);
        let in_play = u32::from(in_play[kind.index()]);
        if *placed > u64::from(in_play) {
            return Err(PositionError::at(
                key,
                PositionProblem::TooManyCards {
                    bean: self.ruleset.bean(kind).name.clone(),
                    placed: *placed,
                    in_play,
                },
            ));
        }
        Ok(())
    }

    /// Loose cards at `key`, counted against the deck (or the coin cards).
    fn cards(&mut self, key: &str, names: &[String], coin_cards: bool) -> Loaded<Vec<BeanKind>> {
        let mut kinds = Vec::with_capacity(names.len());
        for name in names {
            let kind = self.kind(key, name)?;
            self.count(key, kind, 1, coin_cards)?;
            kinds.push(kind);
        }
        Ok(kinds)
    }

    /// Takes `order` out of the order cards not yet placed.
    fn order(&mut self, key: &str, order: OrderCard) -> Loaded<()> {
        if self.ruleset.order_cards.is_empty() {
            return Err(PositionError::at(key, PositionProblem::NoOrderCards));
        }
        let at = self
            .orders
            .iter()
            .position(|&o| o == order)
            .ok_or_else(|| {
                PositionError::at(key, PositionProblem::UnknownOrder(order.to_string()))
            })?;
        self.orders.swap_remove(at);
        Ok(())
    }

    fn place_piles(&mut self, position: &Position) -> Loaded<Piles> {
        let coin_pile = match (&position.coin_pile_cards, self.ruleset.coins_from) {
            (Some(cards), CoinSource::CoinPile) => self.cards("coin_pile_cards", cards, true)?,
            (Some(cards), CoinSource::HarvestedCards) if !cards.is_empty() => {
                return Err(PositionError::at(
                    "coin_pile_cards",
                    PositionProblem::NoCoinPile,
                ));
            }
            _ => Vec::new(),
        };
        let mut order_top = Vec::new();
        for &order in position.order_deck_cards.iter().flatten() {
            self.order("order_deck_cards", order)?;
            order_top.push(order);
        }
        Ok(Piles {
            face_up: self.cards("face_up", &position.face_up, false)?,
            offered: self.cards("offered", &position.offered, false)?,
            draw_top: match &position.draw_pile_cards {
                Some(cards) => self.cards("draw_pile_cards", cards, false)?,
                None => Vec::new(),
            },
            discard: self.cards("discard_pile_cards", &position.discard_pile_cards, false)?,
            order_top,
            coin_pile,
        })
    }

    fn place_player(&mut self, p: usize, player: &PlayerPosition, max_fields: usize) -> Loaded<()> {
        let key = |what: &str| format!("players[{p}].{what}");
        let hand = self.cards(&key("hand"), &player.hand, false)?;
        let set_aside = self.cards(&key("set_aside"), &player.set_aside, false)?;
        let coin_pile = self.ruleset.coins_from == CoinSource::CoinPile;
        let coins = match &player.coin_cards {
            Some(cards) => self.cards(&key("coin_cards"), cards, coin_pile)?,
            None => Vec::new(),
        };
        self.place_orders(p, player)?;
        self.place_fields(p, player, max_fields)?;
        let zone = &mut self.zones[p];
        hand.into_iter().for_each(|k| zone.hand.push_back(k));
        zone.set_aside = set_aside;
        zone.coins = coins;
        if let Some(order) = player.hand_order {
            let beans = zone.hand.len();
            if order.beans_in_front > beans {
                return Err(PositionError::at(
                    key("hand_order"),
                    PositionProblem::OrderBeyondHand {
                        ahead: order.beans_in_front,
                        beans,
                    },
                ));
            }
            zone.hand.insert_order(order.beans_in_front, order.order);
        }
        Ok(())
    }

    fn place_orders(&mut self, p: usize, player: &PlayerPosition) -> Loaded<()> {
        let key = |what: &str| format!("players[{p}].{what}");
        if let Some(order) = player.hand_order {
            self.order(&key("hand_order"), order.order)?;
        }
        if let Some(Some(order)) = player.laid_out_order {
            self.order(&key("laid_out_order"), order)?;
            if player.hand_order.is_some() {
                return Err(PositionError::at(
                    key("laid_out_order"),
                    PositionProblem::TwoOrders,
                ));
            }
            self.zones[p].laid_out_order = Some(order);
        }
        for &order in player.fulfilled_orders.iter().flatten() {
            self.order(&key("fulfilled_orders"), order)?;
            self.zones[p].fulfilled_orders.push(order);
        }
        Ok(())
    }

    fn place_fields(&mut self, p: usize, player: &PlayerPosition, max_fields: usize) -> Loaded<()> {
        let key = |what: String| format!("players[{p}].{what}");
        let given = player.fields.len();
        if given > max_fields {
            return Err(PositionError::at(
                key("fields".into()),
                PositionProblem::TooManyFields {
                    max: max_fields,
                    given,
                },
            ));
        }
        // A position may give a player the third field they could have bought or won.
        let fields = given.max(self.zones[p].fields.len());
        self.zones[p].fields.grow_to(fields);
        for (f, field) in player.fields.iter().enumerate() {
            let Some(field) = field else { continue };
            let at = key(format!("fields[{f}]"));
            let kind = self.kind(&at, &field.bean)?;
            self.count(&at, kind, field.count.into(), false)?;
            self.zones[p].fields[f] = Field::with(kind, field.count);
        }
        let buried = player.buried.as_deref().unwrap_or_default();
        let layers = buried.iter().filter(|l| !l.is_empty()).count();
        if layers > 0 && !self.ruleset.mixed_patches {
            return Err(PositionError::at(
                key("buried".into()),
                PositionProblem::NoMixedPatches,
            ));
        }
        if buried.len() > fields {
            return Err(PositionError::at(
                key("buried".into()),
                PositionProblem::BuriedWithoutField {
                    layers: buried.len(),
                    fields,
                },
            ));
        }
        for (f, layers) in buried.iter().enumerate() {
            for (l, layer) in layers.iter().enumerate() {
                let at = key(format!("buried[{f}][{l}]"));
                let kind = self.kind(&at, &layer.bean)?;
                if layer.count == 0 {
                    return Err(PositionError::at(at, PositionProblem::EmptyLayer));
                }
                self.count(&at, kind, layer.count.into(), false)?;
                self.zones[p].buried[f].push(Field::with(kind, layer.count));
            }
        }
        Ok(())
    }

    /// The deck's cards not placed, kind by kind.
    fn unplaced_beans(&self) -> Vec<BeanKind> {
        unplaced(&self.in_play, &self.placed)
    }

    /// My First Bohnanza's coin cards not placed, kind by kind (none elsewhere).
    fn unplaced_coins(&self) -> Vec<BeanKind> {
        unplaced(&self.coins_in_play, &self.coins_placed)
    }
}

fn unplaced(in_play: &[u16], placed: &[u64]) -> Vec<BeanKind> {
    let mut rest = Vec::new();
    for (k, (&available, &used)) in in_play.iter().zip(placed).enumerate() {
        let left = u64::from(available).saturating_sub(used) as usize;
        rest.extend(std::iter::repeat_n(BeanKind::new(k), left));
    }
    rest
}
