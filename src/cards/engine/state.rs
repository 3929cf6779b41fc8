//! One game being played: every zone, the phase, and the rules that change them.

use std::sync::Arc;

use super::action::Action;
use super::bean::BeanKind;
use super::deck::Deck;
use super::error::RuleError;
use super::event::{Event, OfferClosed};
use super::event_kind::EventKind;
use super::event_sink::EventSink;
use super::few::Few;
use super::field::Field;
use super::fields::{Fields, MAX_FIELDS};
use super::hand::Hand;
use super::order::OrderCard;
use super::outcome::Outcome;
use super::phase::Phase;
use super::ruleset::{
    BeanProtection, CoinSource, DrawRule, FinalHarvest, Ruleset, TableRules, TurnedOverRule,
};
use super::ruleset_shape::MAX_PLAYERS;
use super::shuffle::Shuffler;
use super::trading::{AgreedTrade, CardRef, MAX_OPEN_OFFERS, Offer, Taken, ascending, same_kinds};

/// What one player has in front of them (and in their hand).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerZones {
    pub(crate) hand: Hand,
    pub(crate) fields: Fields,
    /// The dollar pile: harvested cards turned over, most recent last.
    pub(crate) coins: Vec<BeanKind>,
    /// Cards received in trades (and the active player's kept turned-over cards) to plant in phase 3.
    pub(crate) set_aside: Vec<BeanKind>,
    /// The order card laid out beside the fields this turn, not yet fulfilled.
    pub(crate) laid_out_order: Option<OrderCard>,
    /// Fulfilled orders, on the dollar pile: each is worth a coin at the end.
    pub(crate) fulfilled_orders: Vec<OrderCard>,
    /// Mixed patches: the layers buried under each field, bottom first; empty past the last
    /// field (held inline like the fields, so a player without mixed patches allocates none).
    pub(crate) buried: [Vec<Field>; MAX_FIELDS],
}

impl PlayerZones {
    pub(crate) fn new(bean_fields: usize) -> Self {
        // Room for what a game usually holds, so planting, drawing and harvesting seldom
        // allocate.
        PlayerZones {
            hand: Hand::with_room(32),
            fields: Fields::empty(bean_fields),
            coins: Vec::with_capacity(32),
            set_aside: Vec::with_capacity(8),
            laid_out_order: None,
            fulfilled_orders: Vec::new(),
            buried: Default::default(),
        }
    }

    /// Empties every zone for a new game dealt in place, keeping their storage.
    fn clear(&mut self, bean_fields: usize) {
        self.hand.clear();
        self.fields = Fields::empty(bean_fields);
        self.coins.clear();
        self.set_aside.clear();
        self.laid_out_order = None;
        self.fulfilled_orders.clear();
        self.buried.iter_mut().for_each(Vec::clear);
    }

    /// The layers buried under `field` by the mixed-patch rule, bottom first.
    pub fn buried(&self, field: usize) -> &[Field] {
        match self.buried.get(field) {
            Some(layers) if field < self.fields.len() => layers,
            _ => &[],
        }
    }

    /// The buried layers of every field, first field first.
    pub(crate) fn buried_by_field(&self) -> &[Vec<Field>] {
        &self.buried[..self.fields.len()]
    }

    pub(crate) fn add_field(&mut self) {
        self.fields.push_empty();
    }

    /// The order card laid out beside the fields, if any.
    pub fn laid_out_order(&self) -> Option<OrderCard> {
        self.laid_out_order
    }

    /// The orders fulfilled so far.
    pub fn fulfilled_orders(&self) -> &[OrderCard] {
        &self.fulfilled_orders
    }

    /// The player's order card, laid out or anywhere in the hand.
    #[inline]
    pub fn order(&self) -> Option<OrderCard> {
        self.laid_out_order
            .or_else(|| self.hand.order().map(|(_, o)| o))
    }

    /// Coins plus fulfilled orders: what counts at the end.
    #[inline]
    pub fn score(&self) -> u32 {
        self.coins() + self.fulfilled_orders.len() as u32
    }

    /// The hand, front card first.
    #[inline]
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The bean fields, first field first.
    #[inline]
    pub fn fields(&self) -> &[Field] {
        &self.fields
    }

    /// How many coins the player has.
    #[inline]
    pub fn coins(&self) -> u32 {
        self.coins.len() as u32
    }

    /// The dollar pile, bottom first: the harvested cards turned over. Coin sides up, so
    /// screens show only [`PlayerZones::coins`]; the kinds matter when coins are spent.
    pub fn coins_pile(&self) -> &[BeanKind] {
        &self.coins
    }

    /// The cards waiting to be planted in phase 3.
    #[inline]
    pub fn set_aside(&self) -> &[BeanKind] {
        &self.set_aside
    }
}

/// One game: a [`Ruleset`], the players' zones, the deck, and where the turn stands.
///
/// A game is exactly `(ruleset, seed, actions)`: all chance comes from the seeded deck, so
/// applying the same actions to a new game with the same seed gives the same game.
/// [`GameState::apply`] checks an action completely before changing anything, so a refused
/// action leaves the state as it was.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameState {
    pub(crate) ruleset: Arc<Ruleset>,
    pub(crate) table: Arc<TableRules>,
    pub(crate) players: Vec<PlayerZones>,
    pub(crate) deck: Deck,
    pub(crate) phase: Phase,
    pub(crate) active: usize,
    pub(crate) starting_player: usize,
    pub(crate) turn: u32,
    pub(crate) face_up: Vec<BeanKind>,
    /// The order card draw pile, top last.
    pub(crate) order_deck: Vec<OrderCard>,
    /// My First Bohnanza's coin pile: the kinds not in play, coin side up.
    pub(crate) coin_pile: Vec<BeanKind>,
    /// The bean duel: cards left as an offer for the next player, face up.
    pub(crate) offered: Vec<BeanKind>,
    /// The bean duel: cards discarded from the hand this turn.
    pub(crate) discards_made: usize,
    /// Field beans: the player whose harvest just gave them a third field, who may place their
    /// beans anew with their next action (no one else acting in between).
    pub(crate) rearrange_window: Option<usize>,
    /// The active player laid out their order card at the start of this turn: the turn's
    /// planting rules follow from that, whatever becomes of the order afterwards.
    pub(crate) order_laid_out_this_turn: bool,
    pub(crate) offers: Vec<Offer>,
    /// Offers each player has made this turn, by seat (the first `players.len()` places):
    /// each proposer has their own count.
    pub(crate) offers_made: [u32; MAX_PLAYERS],
    /// Trades agreed this turn (donations included).
    pub(crate) trades_this_turn: u32,
    pub(crate) next_offer: u32,
    /// The draw pile ran out for the last time in phase 2: phases 2 and 3 finish, then the game ends.
    pub(crate) last_turn: bool,
    pub(crate) outcome: Option<Outcome>,
    /// Actions so far that changed more than the offers on the table.
    pub(crate) changes_besides_offers: u64,
}

/// Which rule forbids a harvest, before its error is worded ([`GameState::check_harvest`]).
#[derive(Clone, Copy)]
enum HarvestRefusal {
    NoSuchField,
    EmptyField,
    NotOwnTurn,
    PaysNothing(BeanKind),
    Protected,
}

/// Why a new game could not start.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum NewGameError {
    #[error("{ruleset} is for {allowed} players, not {players}")]
    PlayerCount {
        ruleset: String,
        players: usize,
        allowed: String,
    },
}

impl GameState {
    /// Shuffles the deck from `seed`, deals, and starts the first turn of player 0.
    pub fn new(ruleset: &Arc<Ruleset>, players: usize, seed: u64) -> Result<Self, NewGameError> {
        Self::new_with_events(ruleset, players, seed, &mut super::event_sink::IgnoreEvents)
    }

    /// Like [`GameState::new`], reporting the deal and the start of the first turn.
    pub fn new_with_events(
        ruleset: &Arc<Ruleset>,
        players: usize,
        seed: u64,
        events: &mut impl EventSink,
    ) -> Result<Self, NewGameError> {
        let table = Arc::clone(Self::table_for(ruleset, players)?);
        let zones = (0..players)
            .map(|_| PlayerZones::new(table.bean_fields))
            .collect();
        // The two piles swap at every reshuffle, so both get room for every card once.
        let total = ruleset.cards_in_play(&table.removed_beans);
        let deck = Deck::new(
            Vec::with_capacity(total),
            Vec::with_capacity(total),
            0,
            table.game_ends_when_draw_pile_runs_out,
            Shuffler::new(seed),
        );
        let mut state = Self::assemble(ruleset, table, zones, deck, 0, 0);
        state.deal(events);
        Ok(state)
    }

    /// Starts a new game at this table (the same ruleset and players) from `seed`, exactly
    /// as [`GameState::new`] would deal it, but in this game's storage: a simulator or a
    /// benchmark playing game after game then allocates nothing for each new one.
    pub fn deal_again(&mut self, seed: u64) {
        let bean_fields = self.table.bean_fields;
        for zone in &mut self.players {
            zone.clear(bean_fields);
        }
        self.deck.start_again(Shuffler::new(seed));
        self.phase = Phase::Plant { planted: 0 };
        self.active = 0;
        self.starting_player = 0;
        self.turn = 0;
        self.face_up.clear();
        Self::fill_coin_pile(&self.ruleset, self.players.len(), &mut self.coin_pile);
        self.offered.clear();
        self.discards_made = 0;
        self.order_laid_out_this_turn = false;
        self.rearrange_window = None;
        self.offers.clear();
        self.offers_made = [0; MAX_PLAYERS];
        self.trades_this_turn = 0;
        self.next_offer = 0;
        self.last_turn = false;
        self.outcome = None;
        self.changes_besides_offers = 0;
        self.deal(&mut super::event_sink::IgnoreEvents);
    }

    /// Lays out and shuffles the draw pile, deals the hands and the order cards, and starts
    /// the first turn of player 0, in a game whose zones and piles are empty and whose deck
    /// holds the new game's shuffler.
    fn deal(&mut self, events: &mut impl EventSink) {
        let ruleset = Arc::clone(&self.ruleset);
        self.deck
            .lay_out(|pile| ruleset.fill_fresh_deck(&self.table.removed_beans, pile));
        // Player 0 starts, so the deal by seat counts from player 0.
        for (p, zone) in self.players.iter_mut().enumerate() {
            let dealt = self.table.dealt_to(p);
            if !self
                .deck
                .take_top(dealt, |top| zone.hand.push_back_from_top(top))
            {
                for _ in 0..dealt {
                    if let Some(card) = self.deck.deal_top() {
                        zone.hand.push_back(card);
                    }
                }
            }
            events.report(EventKind::Dealt, || Event::Dealt {
                player: p,
                cards: zone.hand.iter().collect(),
            });
        }
        // "Once all players have taken their starting bean cards, you each draw one order card.
        // This card goes in the very back of your hand."
        self.order_deck.clear();
        self.order_deck.extend_from_slice(&ruleset.order_cards);
        self.deck.shuffler_mut().shuffle(&mut self.order_deck);
        if !self.order_deck.is_empty() {
            for (player, zone) in self.players.iter_mut().enumerate() {
                if let Some(order) = self.order_deck.pop() {
                    zone.hand.push_order(order);
                    events.report(EventKind::DrewOrder, || Event::DrewOrder { player, order });
                }
            }
        }
        self.begin_turn(events);
    }

    pub(crate) fn table_for(
        ruleset: &Ruleset,
        players: usize,
    ) -> Result<&Arc<TableRules>, NewGameError> {
        ruleset
            .shared_table(players)
            .ok_or_else(|| NewGameError::PlayerCount {
                ruleset: ruleset.name.clone(),
                players,
                allowed: ruleset
                    .player_counts()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    pub(crate) fn coin_pile_for(ruleset: &Ruleset, players: usize) -> Vec<BeanKind> {
        let mut pile = Vec::new();
        Self::fill_coin_pile(ruleset, players, &mut pile);
        pile
    }

    /// Lays out My First Bohnanza's coin pile in `pile` (emptied first; left empty where
    /// coins are harvested cards).
    fn fill_coin_pile(ruleset: &Ruleset, players: usize, pile: &mut Vec<BeanKind>) {
        pile.clear();
        if ruleset.coins_from != CoinSource::CoinPile {
            return;
        }
        for (k, &n) in ruleset.coin_pile_counts(players).iter().enumerate() {
            pile.extend(std::iter::repeat_n(BeanKind::new(k), usize::from(n)));
        }
    }

    /// Puts a game together from its parts, at phase 1 of `active`'s turn.
    pub(crate) fn assemble(
        ruleset: &Arc<Ruleset>,
        table: Arc<TableRules>,
        players: Vec<PlayerZones>,
        deck: Deck,
        active: usize,
        starting_player: usize,
    ) -> Self {
        let coin_pile = Self::coin_pile_for(ruleset, players.len());
        GameState {
            ruleset: Arc::clone(ruleset),
            table,
            players,
            deck,
            phase: Phase::Plant { planted: 0 },
            active,
            starting_player,
            turn: 0,
            face_up: Vec::new(),
            order_deck: Vec::new(),
            coin_pile,
            offered: Vec::new(),
            discards_made: 0,
            order_laid_out_this_turn: false,
            rearrange_window: None,
            offers: Vec::new(),
            offers_made: [0; MAX_PLAYERS],
            trades_this_turn: 0,
            next_offer: 0,
            last_turn: false,
            outcome: None,
            changes_besides_offers: 0,
        }
    }

    // ---- reading the state ----

    /// The rules this game is played by.
    #[inline]
    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.ruleset
    }

    /// How many actions so far changed more than the offers on the table (every action but
    /// proposing, declining and withdrawing an offer). While it stands still in one game,
    /// everything a player's view shows but the offers (and the chance to rearrange fields,
    /// which any action ends) stands still too, so a view kept up to date between decisions
    /// need not be rebuilt.
    pub fn changes_besides_offers(&self) -> u64 {
        self.changes_besides_offers
    }

    /// The rules for this game's player count.
    pub fn table(&self) -> &TableRules {
        &self.table
    }

    /// How many players sit at the table.
    #[inline]
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// Everything in front of (and in the hand of) `player`. Hands are secret: screens use
    /// [`GameState::view`] instead.
    #[inline]
    pub fn player(&self, player: usize) -> &PlayerZones {
        &self.players[player]
    }

    /// The draw and discard piles.
    #[inline]
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// Where the turn stands.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose turn it is.
    #[inline]
    pub fn active_player(&self) -> usize {
        self.active
    }

    /// Who started; ties are broken from this seat.
    pub fn starting_player(&self) -> usize {
        self.starting_player
    }

    /// Turns begun so far, the first being 1.
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The cards turned over this turn and not yet traded or set aside.
    #[inline]
    pub fn face_up(&self) -> &[BeanKind] {
        &self.face_up
    }

    /// The bean duel: the cards left as an offer for the active player, planted or discarded
    /// at the start of the turn.
    pub fn offered(&self) -> &[BeanKind] {
        &self.offered
    }

    /// The bean duel: cards discarded from the hand this turn.
    pub fn discards_made(&self) -> usize {
        self.discards_made
    }

    /// Whether the active player laid out their order card at the start of this turn (so
    /// planting is optional and one bean at most, even once the order is fulfilled).
    pub fn order_laid_out_this_turn(&self) -> bool {
        self.order_laid_out_this_turn
    }

    /// My First Bohnanza's coin pile (empty where coins are harvested cards).
    pub fn coin_pile(&self) -> &[BeanKind] {
        &self.coin_pile
    }

    /// The order card draw pile, top last (hidden from players).
    pub fn order_deck(&self) -> &[OrderCard] {
        &self.order_deck
    }

    /// Offers on the table.
    pub fn offers(&self) -> &[Offer] {
        &self.offers
    }

    /// Offers `player` has made so far this turn, counted against the ruleset's cap.
    pub fn offers_made(&self, player: usize) -> u32 {
        self.offers_made_by_seat().get(player).copied().unwrap_or(0)
    }

    /// Offers made so far this turn, by seat.
    pub fn offers_made_by_seat(&self) -> &[u32] {
        &self.offers_made[..self.players.len()]
    }

    /// Sets the offers made this turn, by seat, from a position or a view (a count for a
    /// seat that is not at the table is ignored; a seat not given has made none).
    pub(crate) fn set_offers_made(&mut self, made: &[u32]) {
        self.offers_made = [0; MAX_PLAYERS];
        let seats = self.players.len();
        for (slot, &count) in self.offers_made[..seats].iter_mut().zip(made) {
            *slot = count;
        }
    }

    /// Whether `player` may make another offer: their own offers this turn leave room under
    /// the ruleset's cap, and fewer than [`MAX_OPEN_OFFERS`] of theirs wait for an answer.
    pub fn may_offer_again(&self, player: usize) -> bool {
        self.ruleset.allows_another_offer(self.offers_made(player))
            && self.open_offers(player) < MAX_OPEN_OFFERS
    }

    /// Trades agreed so far this turn, donations included.
    pub fn trades_this_turn(&self) -> u32 {
        self.trades_this_turn
    }

    /// How many of `player`'s offers wait on the table for an answer.
    pub fn open_offers(&self, player: usize) -> usize {
        self.offers.iter().filter(|o| o.from == player).count()
    }

    /// My First Bohnanza's phase 2: the player (the first from the active player clockwise)
    /// who holds cards received in a trade and must plant them before trading goes on.
    /// `None` where trading may go on, and in every ruleset that plants traded cards in phase 3.
    #[inline]
    pub fn must_plant_received_cards(&self) -> Option<usize> {
        if self.phase != Phase::Trade || !self.ruleset.plant_received_cards_at_once {
            return None;
        }
        let n = self.players.len();
        (0..n)
            .map(|i| (self.active + i) % n)
            .find(|&p| !self.players[p].set_aside.is_empty())
    }

    /// Refuses a trading action while received cards wait to be planted.
    #[inline]
    fn expect_trading_goes_on(&self) -> Result<(), RuleError> {
        match self.must_plant_received_cards() {
            Some(player) => Err(RuleError::PlantReceivedCardsFirst { player }),
            None => Ok(()),
        }
    }

    /// Whether this is the last turn: the draw pile ran out for the last time in phase 2.
    pub fn is_last_turn(&self) -> bool {
        self.last_turn
    }

    /// The result, once the game has ended.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// How many cards of each kind lie in every zone together (hands, fields, coins, set-aside,
    /// face up, draw and discard piles, buried layers, the coin pile). Equal to
    /// [`Ruleset::cards_in_game`] in every state.
    pub fn card_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.ruleset.beans.len()];
        let mut add = |k: BeanKind, n: u32| counts[k.index()] += n;
        for z in &self.players {
            z.hand.iter().for_each(|k| add(k, 1));
            for f in z.fields.iter() {
                if let Some(k) = f.kind() {
                    add(k, f.count());
                }
            }
            z.coins.iter().for_each(|&k| add(k, 1));
            z.set_aside.iter().for_each(|&k| add(k, 1));
            for layer in z.buried_by_field().iter().flatten() {
                if let Some(k) = layer.kind() {
                    add(k, layer.count());
                }
            }
        }
        self.coin_pile.iter().for_each(|&k| add(k, 1));
        self.offered.iter().for_each(|&k| add(k, 1));
        self.face_up.iter().for_each(|&k| add(k, 1));
        self.deck.draw_pile().iter().for_each(|&k| add(k, 1));
        self.deck.discard_pile().iter().for_each(|&k| add(k, 1));
        counts
    }

    // ---- acting ----

    /// Applies `action` by `player` and returns what happened. On an error nothing changed.
    pub fn apply(&mut self, player: usize, action: &Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_with(player, action, &mut events)?;
        Ok(events)
    }

    /// Applies `action` by `player`, reporting events to `events`. On an error nothing changed.
    pub fn apply_with(
        &mut self,
        player: usize,
        action: &Action,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.apply_inline(player, action, events)
    }

    /// [`GameState::apply_with`] compiled into its caller, for a loop that plays whole games
    /// (a benchmark, a bot's playouts) and writes each action where it chooses it. The checks
    /// are the same, in the same order; inlined where the action's kind and the phase the
    /// caller matched are known, the dispatch over every action and the checks the caller's
    /// own `match` already settled (the phase, whose turn it is) compile away, and only that
    /// action's checks and changes remain. Callers holding an action of any kind use
    /// `apply_with`, which is compiled once.
    #[inline(always)]
    pub fn apply_inline(
        &mut self,
        player: usize,
        action: &Action,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if player >= self.players.len() {
            return Err(RuleError::NoSuchPlayer(player));
        }
        let window = self.rearrange_window;
        let applied = match action {
            Action::Plant { field } => self.plant_from_hand(player, *field, events),
            Action::TurnOver => self.turn_over(player, events),
            Action::Propose { to, give, want } => self.propose(player, *to, give, want, events),
            Action::Accept { offer, give } => self.accept(player, *offer, give, events),
            Action::Decline { offer } => {
                self.close_offer(player, *offer, OfferClosed::Declined, events)
            }
            Action::Withdraw { offer } => {
                self.close_offer(player, *offer, OfferClosed::Withdrawn, events)
            }
            Action::EndTrading => self.end_trading(player, events),
            Action::PlantSetAside { card, field } => {
                self.plant_set_aside(player, *card, *field, events)
            }
            Action::Harvest { field } => self.harvest(player, *field, events),
            Action::BuyThirdField => self.buy_third_field(player, events),
            Action::FulfillOrder { field } => self.fulfill_order(player, *field, events),
            Action::RearrangeFields { from } => self.rearrange_fields(player, from, events),
            Action::PlantOffered { card, field } => {
                self.plant_offered(player, *card, *field, events)
            }
            Action::DiscardOffered { card } => self.discard_offered(player, *card, events),
            Action::Discard { card } => self.discard_from_hand(player, *card, events),
            Action::PlantTurnedOver { card, field } => {
                self.plant_turned_over(player, *card, *field, events)
            }
            Action::EndTurn => self.end_turn(player, events),
        };
        let offers_only = matches!(
            action,
            Action::Propose { .. } | Action::Decline { .. } | Action::Withdraw { .. }
        );
        if applied.is_ok() && !offers_only {
            self.changes_besides_offers += 1;
        }
        // The chance to rearrange lasts only until the next action (one that opened it
        // anew keeps it; with none open before, there is nothing to close).
        if window.is_some() && applied.is_ok() && self.rearrange_window == window {
            self.rearrange_window = None;
        }
        applied
    }

    /// The number the rulebook gives `phase`: the bean duel numbers its steps 1–4 its own way.
    pub fn step_number(&self, phase: Phase) -> u8 {
        match (self.ruleset.phase_2, phase) {
            (TurnedOverRule::PlantAndOffer, Phase::PlantOffered) => 1,
            (TurnedOverRule::PlantAndOffer, Phase::Plant { .. }) => 2,
            (TurnedOverRule::PlantAndOffer, Phase::PlantTurnedOver) => 3,
            _ => phase.number().unwrap_or(0),
        }
    }

    #[inline]
    pub(crate) fn expect_phase(&self, expected: Phase) -> Result<(), RuleError> {
        if std::mem::discriminant(&self.phase) == std::mem::discriminant(&expected) {
            Ok(())
        } else {
            Err(self.wrong_phase(expected))
        }
    }

    #[cold]
    fn wrong_phase(&self, expected: Phase) -> RuleError {
        RuleError::WrongPhase {
            expected: self.step_number(expected),
            title: expected.title(),
            current: match self.phase {
                Phase::GameOver => self.phase.title().to_string(),
                p => format!("{} ({})", self.step_number(p), p.title()),
            },
        }
    }

    #[inline]
    pub(crate) fn expect_active(&self, player: usize) -> Result<(), RuleError> {
        if player == self.active {
            Ok(())
        } else {
            Err(RuleError::NotActivePlayer)
        }
    }

    /// Checks that `card` may go into `player`'s field `field`.
    #[inline(always)]
    pub(crate) fn check_plant(
        &self,
        player: usize,
        card: BeanKind,
        field: usize,
    ) -> Result<(), RuleError> {
        let fields = &self.players[player].fields;
        let Some(target) = fields.get(field) else {
            return Err(RuleError::NoSuchField(field));
        };
        if target.accepts(card) {
            return Ok(());
        }
        if fields.iter().any(|f| f.accepts(card)) {
            // Mixed patches too only cover a field when the bean fits no field.
            let holds = target.kind().map(|k| self.ruleset.bean(k).name.clone());
            Err(RuleError::FieldHoldsOtherKind {
                field,
                holds: holds.unwrap_or_default(),
            })
        } else if self.ruleset.mixed_patches {
            // "If you have to plant a third type of bean ... you may put the third type of
            // bean in either one of your fields."
            Ok(())
        } else {
            Err(RuleError::NoFieldFits(self.ruleset.bean(card).name.clone()))
        }
    }

    /// Plants `card` (already taken from its zone) in a field `check_plant` allowed, burying
    /// the field's beans under it if they are of another kind, and harvests it at once where
    /// harvests are automatic.
    #[inline(always)]
    pub(crate) fn plant_checked(
        &mut self,
        player: usize,
        card: BeanKind,
        field: usize,
        events: &mut impl EventSink,
    ) {
        let zone = &mut self.players[player];
        let target = zone.fields[field];
        if !target.accepts(card) {
            zone.buried[field].push(target);
            zone.fields[field] = Field::default();
            if let Some(covered) = target.kind() {
                events.report(EventKind::Buried, || Event::Buried {
                    player,
                    field,
                    card: covered,
                    count: target.count(),
                });
            }
        }
        zone.fields[field].plant(card);
        events.report(EventKind::Planted, || Event::Planted {
            player,
            card,
            field,
        });
        self.harvest_automatically(player, field, events);
    }

    /// "You always harvest a bean field as soon as it has the necessary number of beans of the
    /// same type in an unbroken row, even if it is not your turn!"
    #[inline(always)]
    fn harvest_automatically(&mut self, player: usize, field: usize, events: &mut impl EventSink) {
        if !self.ruleset.automatic_harvest {
            return;
        }
        if self.ruleset.field_pays(self.players[player].fields[field]) > 0 {
            self.harvest_unchecked(player, field, events);
        }
    }

    #[inline(always)]
    fn plant_from_hand(
        &mut self,
        player: usize,
        field: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.expect_phase(Phase::Plant { planted: 0 })?;
        self.expect_active(player)?;
        let Phase::Plant { planted } = self.phase else {
            unreachable!("checked above")
        };
        let max = self.max_planted_from_hand();
        if planted >= max {
            return Err(RuleError::PlantedEnough(max));
        }
        let hand = &self.players[player].hand;
        let Some(card) = hand.front() else {
            return Err(if hand.order_in_front().is_some() {
                RuleError::OrderInFront
            } else {
                RuleError::EmptyHand
            });
        };
        self.check_plant(player, card, field)?;

        self.players[player].hand.pop_front();
        self.plant_checked(player, card, field, events);
        self.phase = Phase::Plant {
            planted: planted + 1,
        };
        // A duel player may still discard after the last plant: the turn waits for them.
        let hand_done = self.players[player].hand.front().is_none();
        if (planted + 1 >= max || hand_done) && !self.may_discard_from_hand() {
            self.begin_trade(events);
        }
        Ok(())
    }

    /// Phase 1's limit: one bean after laying out an order card this turn ("you may choose
    /// to plant exactly one bean card"), fulfilled since or not, else the ruleset's.
    #[inline]
    pub fn max_planted_from_hand(&self) -> usize {
        if self.order_laid_out_this_turn {
            1
        } else {
            self.ruleset.max_planted_from_hand
        }
    }

    /// Whether the active player may turn over without planting: after laying out an order
    /// card this turn, planting is a choice.
    #[inline]
    pub(crate) fn planting_optional(&self) -> bool {
        self.order_laid_out_this_turn
    }

    /// Checks that `player` may fulfil their order with fields `field` and `field + 1`.
    pub fn check_fulfill_order(&self, player: usize, field: usize) -> Result<OrderCard, RuleError> {
        if player != self.active {
            return Err(RuleError::NotYourTurnToFulfill);
        }
        let zone = &self.players[player];
        let Some(order) = zone.order() else {
            return Err(RuleError::NoOrder);
        };
        // `field` comes from the client: it may be any number.
        if field.saturating_add(1) >= zone.fields.len() {
            return Err(RuleError::NoSuchField(field.saturating_add(1)));
        }
        if order.is_met_by(&zone.fields, field) {
            Ok(order)
        } else {
            Err(RuleError::OrderNotMet {
                order: order.to_string(),
                field,
            })
        }
    }

    fn fulfill_order(
        &mut self,
        player: usize,
        field: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let order = self.check_fulfill_order(player, field)?;
        self.fulfill_unchecked(player, order, field, events);
        Ok(())
    }

    fn fulfill_unchecked(
        &mut self,
        player: usize,
        order: OrderCard,
        field: usize,
        events: &mut impl EventSink,
    ) {
        let zone = &mut self.players[player];
        if zone.laid_out_order.take().is_none() {
            zone.hand.take_order();
        }
        zone.fulfilled_orders.push(order);
        events.report(EventKind::OrderFulfilled, || Event::OrderFulfilled {
            player,
            order,
            field,
        });
    }

    /// The end of phase 3 for an order card: fulfilled if it can be (it only gains), else a
    /// laid-out order goes under the order card draw pile.
    fn settle_order(&mut self, events: &mut impl EventSink) {
        let player = self.active;
        let zone = &self.players[player];
        if let Some(order) = zone.order()
            && let Some(field) = order.met_at(&zone.fields)
        {
            self.fulfill_unchecked(player, order, field, events);
        }
        if let Some(order) = self.players[player].laid_out_order.take() {
            self.order_deck.insert(0, order);
            events.report(EventKind::OrderReturned, || Event::OrderReturned {
                player,
                order,
            });
        }
    }

    #[inline(always)]
    fn turn_over(&mut self, player: usize, events: &mut impl EventSink) -> Result<(), RuleError> {
        self.expect_phase(Phase::Plant { planted: 0 })?;
        self.expect_active(player)?;
        if self.phase == (Phase::Plant { planted: 0 }) && !self.planting_optional() {
            return Err(RuleError::MustPlantFirst);
        }
        self.begin_trade(events);
        Ok(())
    }

    /// Checks that `player` may trade the cards at `refs` now, returning their kinds.
    pub(crate) fn tradeable(
        &self,
        player: usize,
        refs: &[CardRef],
    ) -> Result<Few<[BeanKind; 16]>, RuleError> {
        let zone = &self.players[player];
        let mut kinds = Few::default();
        for (i, r) in refs.iter().enumerate() {
            if refs[..i].contains(r) {
                return Err(RuleError::CardNamedTwice);
            }
            let kind = match *r {
                CardRef::Hand(pos) => zone.hand.get(pos),
                CardRef::FaceUp(pos) => {
                    if player != self.active {
                        return Err(RuleError::FaceUpCardsAreActivePlayers);
                    }
                    self.face_up.get(pos).copied()
                }
                CardRef::SetAside(_) => return Err(RuleError::TradedCardsLocked),
            };
            kinds.push(kind.ok_or(RuleError::NoSuchCard(*r))?);
        }
        Ok(kinds)
    }

    fn propose(
        &mut self,
        player: usize,
        to: usize,
        give: &[CardRef],
        want: &[BeanKind],
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.expect_phase(Phase::Trade)?;
        self.expect_trading_goes_on()?;
        if to >= self.players.len() {
            return Err(RuleError::NoSuchPlayer(to));
        }
        if to == player {
            return Err(RuleError::TradeWithSelf);
        }
        if player != self.active && to != self.active {
            return Err(RuleError::OnlyActivePlayerTrades);
        }
        if let Some(cap) = self.ruleset.max_offers_per_turn
            && !self.may_offer_again(player)
        {
            return Err(RuleError::OfferLimit(cap));
        }
        if self.open_offers(player) >= MAX_OPEN_OFFERS {
            return Err(RuleError::TooManyOpenOffers(MAX_OPEN_OFFERS));
        }
        if give.is_empty() && want.is_empty() {
            return Err(RuleError::EmptyOffer);
        }
        if let Some(bad) = want.iter().find(|k| k.index() >= self.ruleset.beans.len()) {
            return Err(RuleError::NoSuchBean(bad.index()));
        }
        let giving = self.tradeable(player, give)?;

        let id = self.next_offer;
        // Ids only need to differ among the few offers on the table at once.
        self.next_offer = self.next_offer.wrapping_add(1);
        self.offers_made[player] = self.offers_made[player].saturating_add(1);
        events.report(EventKind::Offered, || Event::Offered {
            offer: id,
            from: player,
            to,
            give: giving.clone(),
            want: want.into(),
        });
        self.offers.push(Offer {
            id,
            from: player,
            to,
            give: give.into(),
            giving,
            want: want.into(),
        });
        Ok(())
    }

    fn offer_index(&self, id: u32) -> Result<usize, RuleError> {
        self.offers
            .iter()
            .position(|o| o.id == id)
            .ok_or(RuleError::NoSuchOffer(id))
    }

    fn accept(
        &mut self,
        player: usize,
        id: u32,
        give: &[CardRef],
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.expect_phase(Phase::Trade)?;
        self.expect_trading_goes_on()?;
        let index = self.offer_index(id)?;
        let offer = &self.offers[index];
        if offer.to != player {
            return Err(RuleError::NotOfferedToYou);
        }
        let kinds = self.tradeable(player, give)?;
        if !same_kinds(&kinds, &offer.want) {
            let wanted = if offer.want.is_empty() {
                "nothing".to_string()
            } else {
                offer
                    .want
                    .iter()
                    .map(|&k| self.ruleset.bean(k).name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            return Err(RuleError::NotWhatWasAsked(wanted));
        }

        let offer = self.offers.remove(index);
        self.trades_this_turn = self.trades_this_turn.saturating_add(1);
        let agreed = AgreedTrade::accepted(&offer);
        let gave_from = self.players[player].set_aside.len();
        let got_from = self.players[offer.from].set_aside.len();
        self.take_traded(offer.from, &offer.give, player, &agreed);
        self.take_traded(player, give, offer.from, &agreed);
        events.report(EventKind::Traded, || Event::Traded {
            offer: id,
            from: offer.from,
            to: player,
            gave: self.players[player].set_aside[gave_from..].into(),
            got: self.players[offer.from].set_aside[got_from..].into(),
        });
        let taken = Taken {
            traders: [(offer.from, &offer.give[..]), (player, give)],
        };
        let gave = [(offer.from, &offer.giving[..]), (player, &kinds[..])];
        self.follow_moved_cards(&taken, &gave, events);
        Ok(())
    }

    /// After a trade, every other open offer follows its cards to their new places, and an
    /// offer that names a card the trade took closes, naming that card: one its proposer
    /// gives, or, where hands lie open, the last of a kind it wants from a trader (`gave`:
    /// the kinds each trader gave). With hidden hands an offer's wanted kinds never close
    /// it: whether the one asked still holds one is theirs to say, and the table would learn
    /// it from the offer closing.
    fn follow_moved_cards(
        &mut self,
        taken: &Taken,
        gave: &[(usize, &[BeanKind]); 2],
        events: &mut impl EventSink,
    ) {
        let mut i = 0;
        while i < self.offers.len() {
            let o = &mut self.offers[i];
            let gone = match o.follow(taken) {
                Some(k) => Some((o.giving[k], o.from)),
                None => self.wanted_card_gone(&self.offers[i], gave),
            };
            match gone {
                Some((card, player)) => {
                    let closed = self.offers.remove(i);
                    events.report(EventKind::OfferClosed, || Event::OfferClosed {
                        offer: closed.id,
                        why: OfferClosed::CardsMoved { card, player },
                    });
                }
                None => i += 1,
            }
        }
    }

    /// Where hands lie open: the card of a kind `offer` wants that the one asked gave in a
    /// trade (`gave`, each trader's kinds) and now lacks, so the offer cannot be met.
    fn wanted_card_gone(
        &self,
        offer: &Offer,
        gave: &[(usize, &[BeanKind]); 2],
    ) -> Option<(BeanKind, usize)> {
        if !self.ruleset.open_hands {
            return None;
        }
        let asked = offer.to;
        let (_, given) = gave.iter().find(|(p, _)| *p == asked)?;
        let held = |k: BeanKind| {
            let face_up = if asked == self.active {
                self.face_up.iter().filter(|&&f| f == k).count()
            } else {
                0
            };
            self.players[asked].hand.iter().filter(|&h| h == k).count() + face_up
        };
        let wanted = |k: BeanKind| offer.want.iter().filter(|&&w| w == k).count();
        given
            .iter()
            .find(|&&k| wanted(k) > held(k))
            .map(|&k| (k, asked))
    }

    /// Moves a trader's cards to the back of another player's set-aside cards: the turned-over
    /// ones first, then those from the hand, each in the order they lay. `refs` were checked by
    /// [`GameState::tradeable`].
    fn take_traded(
        &mut self,
        player: usize,
        refs: &[CardRef],
        receiver: usize,
        agreed: &AgreedTrade,
    ) {
        let mut set_aside = std::mem::take(&mut self.players[receiver].set_aside);
        let face_up = refs.iter().filter_map(|r| match *r {
            CardRef::FaceUp(p) => Some(p),
            _ => None,
        });
        for (removed, position) in ascending(face_up).enumerate() {
            set_aside.push(self.face_up.remove(position - removed));
        }
        let hand = refs.iter().filter_map(|r| match *r {
            CardRef::Hand(p) => Some(p),
            _ => None,
        });
        self.players[player]
            .hand
            .take_traded(hand, &mut set_aside, agreed);
        self.players[receiver].set_aside = set_aside;
    }

    fn close_offer(
        &mut self,
        player: usize,
        id: u32,
        why: OfferClosed,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.expect_phase(Phase::Trade)?;
        self.expect_trading_goes_on()?;
        let index = self.offer_index(id)?;
        let offer = &self.offers[index];
        match why {
            OfferClosed::Declined if offer.to != player => return Err(RuleError::NotOfferedToYou),
            OfferClosed::Withdrawn if offer.from != player => return Err(RuleError::NotYourOffer),
            _ => {}
        }
        self.offers.remove(index);
        events.report(EventKind::OfferClosed, || Event::OfferClosed {
            offer: id,
            why,
        });
        Ok(())
    }

    #[inline(always)]
    fn end_trading(&mut self, player: usize, events: &mut impl EventSink) -> Result<(), RuleError> {
        self.expect_phase(Phase::Trade)?;
        self.expect_active(player)?;
        self.expect_trading_goes_on()?;
        self.close_every_offer(events);
        let set_aside = &mut self.players[self.active].set_aside;
        // Two cards are turned over in every game but the duel: copied one by one rather
        // than through a call to copy memory of a length not known here.
        if let [first, second] = self.face_up[..] {
            set_aside.reserve(2);
            set_aside.push(first);
            set_aside.push(second);
        } else {
            set_aside.extend_from_slice(&self.face_up);
        }
        events.report(EventKind::TradingEnded, || Event::TradingEnded {
            kept: self.face_up[..].into(),
        });
        // Cleared rather than taken, so the pile keeps its room for the next turn.
        self.face_up.clear();
        self.phase = Phase::PlantTraded;
        events.report(EventKind::PhaseBegan, || Event::PhaseBegan { phase: 3 });
        self.finish_planting_if_done(player, events);
        Ok(())
    }

    #[inline(always)]
    fn plant_set_aside(
        &mut self,
        player: usize,
        card: usize,
        field: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        // My First Bohnanza plants received cards during phase 2, before trading goes on.
        let during_trading =
            self.phase == Phase::Trade && self.ruleset.plant_received_cards_at_once;
        if !during_trading {
            self.expect_phase(Phase::PlantTraded)?;
        }
        let set_aside = &self.players[player].set_aside;
        if set_aside.is_empty() {
            return Err(RuleError::NothingSetAside);
        }
        let Some(&kind) = set_aside.get(card) else {
            return Err(RuleError::NoSuchCard(CardRef::SetAside(card)));
        };
        self.check_plant(player, kind, field)?;

        take_out(&mut self.players[player].set_aside, card);
        self.plant_checked(player, kind, field, events);
        if !during_trading {
            self.finish_planting_if_done(player, events);
        }
        Ok(())
    }

    /// Whether `player` may harvest `field` now, and if not, which rule forbids it (the bean
    /// protection rule, an empty field). Cheaper than listing every legal action.
    #[inline]
    pub fn check_harvest(&self, player: usize, field: usize) -> Result<(), RuleError> {
        match self.harvest_refusal(player, field) {
            None => Ok(()),
            Some(refusal) => Err(self.harvest_error(field, refusal)),
        }
    }

    /// Whether `player` may harvest `field` now: [`GameState::check_harvest`] without the
    /// error's words, for a bot weighing every field, which only needs yes or no.
    #[inline]
    pub fn may_harvest(&self, player: usize, field: usize) -> bool {
        self.harvest_refusal(player, field).is_none()
    }

    /// The fields `player` may harvest now, first field first, each with its beans and the
    /// coins it pays: [`GameState::may_harvest`] of every field in one question, the bean
    /// protection rule weighed once for the row rather than once a field, for a bot
    /// choosing which field to harvest.
    #[inline]
    pub fn harvest_choices(&self, player: usize) -> impl Iterator<Item = (usize, Field, u32)> + '_ {
        let ruleset = &*self.ruleset;
        let fields = &self.players[player].fields;
        let off_turn = ruleset.harvest_only_on_own_turn && player != self.active;
        let lone_beans_protected = ruleset.bean_protection_rule.protects_lone_beans(fields);
        let fields: &[Field] = if off_turn { &[] } else { fields };
        fields.iter().enumerate().filter_map(move |(f, &field)| {
            if field.is_empty() || (lone_beans_protected && field.count() == 1) {
                return None;
            }
            let pays = ruleset.field_pays(field);
            (pays > 0 || !ruleset.harvest_needs_a_coin).then_some((f, field, pays))
        })
    }

    /// The first rule that forbids `player` to harvest `field` now, in the order
    /// [`GameState::check_harvest`] reports them.
    #[inline(always)]
    fn harvest_refusal(&self, player: usize, field: usize) -> Option<HarvestRefusal> {
        let fields = &self.players[player].fields;
        let Some(target) = fields.get(field) else {
            return Some(HarvestRefusal::NoSuchField);
        };
        if target.is_empty() {
            return Some(HarvestRefusal::EmptyField);
        }
        if self.ruleset.harvest_only_on_own_turn && player != self.active {
            return Some(HarvestRefusal::NotOwnTurn);
        }
        if self.ruleset.harvest_needs_a_coin
            && let Some(kind) = target.kind()
            && self.ruleset.field_pays(*target) == 0
        {
            return Some(HarvestRefusal::PaysNothing(kind));
        }
        let protected = target.count() == 1
            && self
                .ruleset
                .bean_protection_rule
                .protects_lone_beans(fields);
        protected.then_some(HarvestRefusal::Protected)
    }

    /// The rulebook's words for a refused harvest.
    #[cold]
    fn harvest_error(&self, field: usize, refusal: HarvestRefusal) -> RuleError {
        match refusal {
            HarvestRefusal::NoSuchField => RuleError::NoSuchField(field),
            HarvestRefusal::EmptyField => RuleError::EmptyField(field),
            HarvestRefusal::NotOwnTurn => RuleError::HarvestOnlyOnOwnTurn,
            HarvestRefusal::PaysNothing(kind) => {
                RuleError::HarvestPaysNothing(self.ruleset.bean(kind).name.clone())
            }
            HarvestRefusal::Protected => match self.ruleset.bean_protection_rule {
                BeanProtection::UnlessAllFieldsHoldOne => RuleError::BeanProtectionAllFields,
                _ => RuleError::BeanProtection,
            },
        }
    }

    #[inline(always)]
    fn harvest(
        &mut self,
        player: usize,
        field: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        self.check_harvest(player, field)?;
        self.harvest_inline(player, field, events);
        Ok(())
    }

    /// Checks that `player` may buy a third bean field now, returning its price.
    pub fn check_buy_third_field(&self, player: usize) -> Result<u32, RuleError> {
        let price = self
            .table
            .third_field_price
            .ok_or(RuleError::NoThirdFieldForSale)?;
        let zone = &self.players[player];
        if zone.fields.len() >= 3 {
            return Err(RuleError::HasThirdField);
        }
        if zone.coins() < price {
            return Err(RuleError::NotEnoughCoins {
                price,
                coins: zone.coins(),
            });
        }
        Ok(price)
    }

    fn buy_third_field(
        &mut self,
        player: usize,
        events: &mut impl EventSink,
    ) -> Result<(), RuleError> {
        let price = self.check_buy_third_field(player)?;
        // The topmost coins go to the discard pile, bean side up.
        for _ in 0..price {
            if let Some(kind) = self.players[player].coins.pop() {
                self.deck.discard(kind, 1);
            }
        }
        self.players[player].add_field();
        events.report(EventKind::GainedBeanField, || Event::GainedBeanField {
            player,
            paid: price,
        });
        Ok(())
    }

    /// Harvests `field`, which the rules allow (the final harvest, a field harvested
    /// automatically): [`GameState::harvest_inline`] compiled once.
    #[inline(never)]
    fn harvest_unchecked(&mut self, player: usize, field: usize, events: &mut impl EventSink) {
        self.harvest_inline(player, field, events);
    }

    /// Harvests `field`, which the rules allow: its coins to the dollar pile, the rest to the
    /// discard pile. Compiled into the harvest action, which a bot's playouts take often.
    #[inline(always)]
    fn harvest_inline(&mut self, player: usize, field: usize, events: &mut impl EventSink) {
        // The player's zones are looked up once for the whole harvest.
        let zone = &mut self.players[player];
        let Some((kind, cards)) = zone.fields[field].clear() else {
            return;
        };
        let bean = self.ruleset.bean(kind);
        if bean.gives_third_field_at == Some(cards) {
            self.harvest_for_a_field(player, field, kind, cards, events);
            return;
        }
        // The beanometer's pay (`Ruleset::field_pays`), looked up in the kind already at hand.
        let earned = bean.beanometer.coins_for(cards);
        let coins = match self.ruleset.coins_from {
            CoinSource::HarvestedCards => {
                for _ in 0..earned {
                    zone.coins.push(kind);
                }
                self.deck.discard(kind, (cards - earned) as usize);
                earned
            }
            CoinSource::CoinPile => {
                // "Take a card off the coin card pile ... Put the harvested beans next to the
                // draw pile with the bean side up, forming a discard pile."
                self.deck.discard(kind, cards as usize);
                let paid = (earned as usize).min(self.coin_pile.len());
                let from = self.coin_pile.len() - paid;
                zone.coins.extend_from_slice(&self.coin_pile[from..]);
                self.coin_pile.truncate(from);
                paid as u32
            }
        };
        events.report(EventKind::Harvested, || Event::Harvested {
            player,
            field,
            card: kind,
            cards,
            coins,
        });
        // A mixed patch: the beans buried under the harvested ones come to the top again.
        if let Some(layer) = zone.buried[field].pop() {
            zone.fields[field] = layer;
        }
    }

    /// Field beans: harvesting exactly the number on the card gives a third field instead of
    /// coins; both cards are discarded.
    #[cold]
    fn harvest_for_a_field(
        &mut self,
        player: usize,
        field: usize,
        kind: BeanKind,
        cards: u32,
        events: &mut impl EventSink,
    ) {
        self.deck.discard(kind, cards as usize);
        events.report(EventKind::Harvested, || Event::Harvested {
            player,
            field,
            card: kind,
            cards,
            coins: 0,
        });
        if self.players[player].fields.len() < 3 && !self.is_over() {
            self.players[player].add_field();
            self.rearrange_window = Some(player);
            events.report(EventKind::GainedBeanField, || Event::GainedBeanField {
                player,
                paid: 0,
            });
        }
    }

    // ---- the flow of a turn ----

    pub(crate) fn begin_turn(&mut self, events: &mut impl EventSink) {
        self.turn += 1;
        self.offers_made.fill(0);
        self.trades_this_turn = 0;
        self.discards_made = 0;
        self.order_laid_out_this_turn = false;
        events.report(EventKind::TurnBegan, || Event::TurnBegan {
            player: self.active,
        });
        // The bean duel: "The player may plant or discard the bean cards his opponent left as
        // an offer."
        if !self.offered.is_empty() {
            self.phase = Phase::PlantOffered;
            events.report(EventKind::PhaseBegan, || Event::PhaseBegan {
                phase: self.step_number(Phase::PlantOffered),
            });
            return;
        }
        self.begin_planting(events);
    }

    /// Phase 1 (the duel's step 2): planting from the hand.
    pub(crate) fn begin_planting(&mut self, events: &mut impl EventSink) {
        self.phase = Phase::Plant { planted: 0 };
        events.report(EventKind::PhaseBegan, || Event::PhaseBegan {
            phase: self.step_number(self.phase),
        });
        let player = self.active;
        // "If ... your order card is the first card in your hand at the start of your turn,
        // you must put it next to your fields, face up."
        if self.players[player].hand.order_in_front().is_some()
            && let Some(order) = self.players[player].hand.take_order()
        {
            self.players[player].laid_out_order = Some(order);
            self.order_laid_out_this_turn = true;
            events.report(EventKind::OrderLaidOut, || Event::OrderLaidOut {
                player,
                order,
            });
        }
        // "If you don't have any cards in your hand at the start of phase 1, skip it."
        if self.players[player].hand.front().is_none() {
            self.begin_trade(events);
        }
    }

    pub(crate) fn begin_trade(&mut self, events: &mut impl EventSink) {
        self.phase = match self.ruleset.phase_2 {
            TurnedOverRule::Trade => Phase::Trade,
            TurnedOverRule::PlantAndOffer => Phase::PlantTurnedOver,
        };
        events.report(EventKind::PhaseBegan, || Event::PhaseBegan {
            phase: self.step_number(self.phase),
        });
        // As in phase 4: nearly every turn the pile holds more cards than are turned over, and
        // they are taken at once.
        let face_up = &mut self.face_up;
        let taken = self.deck.take_top(self.ruleset.cards_turned_over, |top| {
            for &card in top.iter().rev() {
                events.report(EventKind::TurnedOver, || Event::TurnedOver { card });
            }
            face_up.extend(top.iter().rev().copied());
        });
        if !taken {
            self.turn_over_near_the_end(events);
        }
        if self.ruleset.turned_over_pulls_matching_discards {
            self.pull_matching_discards(events);
        }
    }

    /// Phase 2's cards turned over one at a time, when the draw pile may run out under them.
    #[inline(never)]
    fn turn_over_near_the_end(&mut self, events: &mut impl EventSink) {
        for _ in 0..self.ruleset.cards_turned_over {
            match self
                .deck
                .draw(events, EventKind::TurnedOver, |card| Event::TurnedOver {
                    card,
                }) {
                Some(card) => self.face_up.push(card),
                None => self.last_turn = true,
            }
            if self.deck.exhausted() {
                // Ran out for the last time: finish phases 2 and 3, turning over no more.
                self.last_turn = true;
                break;
            }
        }
    }

    /// Ends the turn once no one has set-aside cards left to plant. `player` has just
    /// planted: their row, asked first, usually answers at once.
    #[inline(always)]
    fn finish_planting_if_done(&mut self, player: usize, events: &mut impl EventSink) {
        if !self.players[player].set_aside.is_empty()
            || self.players.iter().any(|z| !z.set_aside.is_empty())
        {
            return;
        }
        self.finish_turn(events);
    }

    /// The end of phase 3 (the duel's step 3): orders settled, then phase 4 and the next turn,
    /// or the end of the game.
    pub(crate) fn finish_turn(&mut self, events: &mut impl EventSink) {
        self.settle_order(events);
        if self.last_turn {
            self.end_game(events);
            return;
        }
        // Phase 4: draw, one card at a time, to the back of the hand.
        let n = self.players.len();
        let drawers = match self.ruleset.phase_4_draws {
            DrawRule::ActivePlayer => 1,
            DrawRule::EveryPlayer => n,
        };
        'drawing: for offset in 0..drawers {
            let player = seat_after(self.active, offset, n);
            // The hand borrowed once for the player's draws, not found again for each card.
            let hand = &mut self.players[player].hand;
            // Nearly every turn the pile holds more cards than are drawn: none of them can run
            // it out, and they are taken at once.
            let taken = self.deck.take_top(self.table.cards_drawn, |top| {
                for &card in top.iter().rev() {
                    events.report(EventKind::Drew, || Event::Drew { player, card });
                }
                hand.push_back_from_top(top);
            });
            if taken {
                continue;
            }
            for _ in 0..self.table.cards_drawn {
                match self
                    .deck
                    .draw(events, EventKind::Drew, |card| Event::Drew { player, card })
                {
                    Some(card) => hand.push_back(card),
                    None => break 'drawing,
                }
                if self.deck.exhausted() {
                    break 'drawing;
                }
            }
        }
        if self.deck.exhausted() {
            self.end_game(events);
            return;
        }
        // "If you are the active player and don't have an order card in your hand at this
        // point, draw a new one and put it at the back of your hand."
        let player = self.active;
        if !self.ruleset.order_cards.is_empty()
            && self.players[player].hand.order().is_none()
            && let Some(order) = self.order_deck.pop()
        {
            self.players[player].hand.push_order(order);
            events.report(EventKind::DrewOrder, || Event::DrewOrder { player, order });
        }
        self.active = seat_after(self.active, 1, n);
        self.begin_turn(events);
    }

    /// Takes every offer off the table as trading ends. Most turns end with none, and then
    /// nothing is done at all: the question is inlined where trading ends, so those turns
    /// make no call.
    #[inline(always)]
    fn close_every_offer(&mut self, events: &mut impl EventSink) {
        if !self.offers.is_empty() {
            self.close_open_offers(events);
        }
    }

    /// [`GameState::close_every_offer`] when some offer is open: each is closed and reported.
    #[cold]
    #[inline(never)]
    fn close_open_offers(&mut self, events: &mut impl EventSink) {
        for offer in self.offers.drain(..) {
            events.report(EventKind::OfferClosed, || Event::OfferClosed {
                offer: offer.id,
                why: OfferClosed::TradingEnded,
            });
        }
    }

    fn end_game(&mut self, events: &mut impl EventSink) {
        self.close_every_offer(events);
        // The final harvest, whatever the bean protection rule says. The game is over first,
        // so field beans harvested now give no field.
        self.phase = Phase::GameOver;
        for player in 0..self.players.len() {
            for field in 0..self.players[player].fields.len() {
                loop {
                    let f = self.players[player].fields[field];
                    if f.is_empty() {
                        break;
                    }
                    let pays = self.ruleset.field_pays(f) > 0;
                    match self.ruleset.final_harvest {
                        FinalHarvest::All => {}
                        FinalHarvest::FieldsThatPay if pays => {}
                        FinalHarvest::FieldsThatPay | FinalHarvest::None => break,
                    }
                    self.harvest_unchecked(player, field, events);
                }
            }
        }
        let outcome = self.final_outcome();
        events.report(EventKind::GameEnded, || Event::GameEnded {
            coins: outcome.coins.clone(),
            winners: outcome.winners.clone(),
        });
        self.outcome = Some(outcome);
    }

    /// Who won, from the scores as they stand after the final harvest.
    pub(crate) fn final_outcome(&self) -> Outcome {
        let coins: Vec<u32> = self.players.iter().map(PlayerZones::score).collect();
        let mut hands = [0; MAX_PLAYERS];
        for (size, zone) in hands.iter_mut().zip(&self.players) {
            *size = zone.hand.len();
        }
        Outcome::decide(coins, &hands, self.starting_player, self.ruleset.tie_break)
    }
}

/// The seat `offset` places clockwise from `seat` at a table of `seats` (`offset` below
/// `seats`), without a division: every turn's end asks it, and a division costs more than
/// the rest of the step.
#[inline]
fn seat_after(seat: usize, offset: usize, seats: usize) -> usize {
    let next = seat + offset;
    if next >= seats { next - seats } else { next }
}

/// Takes the card at `at` (in range) out of a row of a few cards, the ones behind it moving
/// up: swapped along one by one, so planting a set-aside card moves a card or two without
/// the calls `Vec::remove` makes to move memory.
#[inline]
fn take_out(row: &mut Vec<BeanKind>, at: usize) {
    for i in at + 1..row.len() {
        row.swap(i - 1, i);
    }
    row.pop();
}
