//! The greedy bot: sensible planting, harvesting at good beanometer steps, and trading that
//! gives away what its fields cannot use and asks for what they want.
//!
//! Every choice compares the positions it leads to with the [`eval`](super::eval)
//! heuristics, looking one move ahead. The policy reads a [`Sight`], so the same code plays
//! a real seat (from its view) and every seat of a search bot's playouts.

use super::names;
use crate::cards::{Action, BeanKind, CardRef, Field, Phase, PlayerView, Ruleset};

use super::duel;
use super::eval::{Appraiser, Params, Plot, position_worth};
use super::offer_key::kinds_given;
use super::sight::{Sight, ViewSight};
use super::{Agent, BotName, Decision, Prompt};
use crate::cards::Cards;

/// At most `N` items, kept without allocating; any past `N` are dropped.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Capped<T: Copy, const N: usize> {
    items: [Option<T>; N],
    len: usize,
}

impl<T: Copy, const N: usize> Default for Capped<T, N> {
    fn default() -> Self {
        Capped {
            items: [None; N],
            len: 0,
        }
    }
}

impl<T: Copy + PartialEq, const N: usize> Capped<T, N> {
    pub(crate) fn push(&mut self, item: T) {
        if self.len < N {
            self.items[self.len] = Some(item);
            self.len += 1;
        }
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = T> + Clone + '_ {
        self.items[..self.len].iter().flatten().copied()
    }
    pub(crate) fn contains(&self, item: T) -> bool {
        self.iter().any(|i| i == item)
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A trade the greedy player might propose, with what it expects to gain.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proposal {
    pub(crate) to: usize,
    pub(crate) give: Capped<CardRef, 2>,
    pub(crate) giving: Capped<BeanKind, 2>,
    pub(crate) want: Capped<BeanKind, 2>,
    pub(crate) score: f32,
}

impl Proposal {
    /// Who is asked, and the kinds given and wanted in any order: equal for offers that
    /// say the same.
    fn signature(&self) -> u64 {
        let sorted_pair = |kinds: Capped<BeanKind, 2>| {
            let mut pair = [u64::from(u8::MAX); 2];
            for (slot, k) in pair.iter_mut().zip(kinds.iter()) {
                *slot = k.index() as u64;
            }
            if pair[0] > pair[1] {
                pair.swap(0, 1);
            }
            pair[0] | pair[1] << 8
        };
        self.to as u64 | sorted_pair(self.giving) << 16 | sorted_pair(self.want) << 32
    }

    /// The offer as an action.
    pub(crate) fn action(&self) -> Action {
        Action::Propose {
            to: self.to,
            give: self.give.iter().collect(),
            want: self.want.iter().collect(),
        }
    }
}

/// The greedy policy, with what it remembers within a turn (the offers it already made, so
/// it never repeats one that was declined).
#[derive(Clone, Debug, Default)]
pub struct Greedy {
    turn: u32,
    proposed: Vec<u64>,
    scratch: Vec<(Proposal, u64)>,
    /// The [`fingerprint`] of the position `scratch` was gathered in.
    gathered: u64,
    /// Plant and harvest only: end trading at once, never propose, decline every offer.
    planting_only: bool,
}

/// My hand with some positions given away, front first.
struct HandLeft<'a, S> {
    sight: &'a S,
    len: usize,
    skip: Capped<usize, 2>,
}

impl<S> Clone for HandLeft<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for HandLeft<'_, S> {}

impl<S: Sight> HandLeft<'_, S> {
    fn iter(&self) -> impl Iterator<Item = BeanKind> + Clone + '_ {
        (0..self.len)
            .filter(|i| !self.skip.contains(*i))
            .filter_map(|i| self.sight.my_card(i))
    }
}

/// Cards that will be planted in phase 3: a seat's set-aside cards, the turned-over cards
/// for the active player (less those given away), and the cards a trade would bring.
#[derive(Clone, Copy)]
struct Incoming<'a> {
    set_aside: &'a [BeanKind],
    face_up: &'a [BeanKind],
    skip_face_up: Capped<usize, 2>,
    extra: Capped<BeanKind, 2>,
}

impl Incoming<'_> {
    fn iter(&self) -> impl Iterator<Item = BeanKind> + Clone + '_ {
        self.set_aside
            .iter()
            .copied()
            .chain(
                self.face_up
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !self.skip_face_up.contains(*i))
                    .map(|(_, &k)| k),
            )
            .chain(self.extra.iter())
    }
}

impl Greedy {
    /// A fresh policy.
    pub fn new() -> Self {
        Greedy::default()
    }

    /// The policy without trading: the same planting and harvesting, but it ends trading at
    /// once, never proposes and declines every offer.
    pub fn planting_only() -> Self {
        Greedy {
            planting_only: true,
            ..Greedy::default()
        }
    }

    /// The action to take now, or `None` to pass (or where the policy has nothing to say,
    /// such as a rule it does not know: the caller then plays a legal action).
    pub fn decide<S: Sight>(
        &mut self,
        a: &Appraiser,
        s: &S,
        ruleset: &Ruleset,
        prompt: Prompt,
    ) -> Option<Action> {
        if s.turn() != self.turn {
            self.turn = s.turn();
            self.proposed.clear();
        }
        if self.planting_only && s.phase() == Phase::Trade {
            return match prompt {
                Prompt::Answer { offer } => Some(Action::Decline { offer }),
                Prompt::MayPropose => None,
                Prompt::Act => Some(Action::EndTrading),
            };
        }
        match prompt {
            Prompt::Answer { offer } => return Some(self.answer(a, s, offer)),
            Prompt::MayPropose if s.phase() == Phase::Trade => return self.propose(a, s, ruleset),
            Prompt::MayPropose => return None,
            Prompt::Act => {}
        }
        let h = a.horizon(s);
        // Variants: a fulfilled order only gains; a third field pays while the game has turns
        // left to fill it.
        if let Some(from) = s.arrangement_for_my_order() {
            return Some(Action::RearrangeFields { from });
        }
        let fields = s.fields(s.me()).len();
        if let Some(field) = (0..fields.saturating_sub(1)).find(|&f| s.can_fulfill_order(f)) {
            return Some(Action::FulfillOrder { field });
        }
        if h >= 1.0 && s.can_buy_field() {
            return Some(Action::BuyThirdField);
        }
        match s.phase() {
            Phase::Plant { planted } => {
                match self.plant_from_hand(a, h, s, ruleset, planted) {
                    // The bean duel: a hand card may be discarded instead.
                    Some(Action::TurnOver) => Some(duel::discard_or_turn_over(a, h, s, ruleset)),
                    other => other,
                }
            }
            Phase::Trade
                if s.must_plant_received_cards().is_some() && !s.set_aside(s.me()).is_empty() =>
            {
                self.plant_set_aside(a, h, s)
            }
            Phase::Trade if s.active() == s.me() => {
                Some(self.propose(a, s, ruleset).unwrap_or(Action::EndTrading))
            }
            Phase::PlantTraded => self.plant_set_aside(a, h, s),
            Phase::PlantOffered | Phase::PlantTurnedOver => duel::decide(a, h, s),
            _ => None,
        }
    }

    /// What my position is worth with these changes.
    fn my_worth<S: Sight>(
        a: &Appraiser,
        h: f32,
        incoming: Incoming<'_>,
        hand: HandLeft<'_, S>,
        plot: Plot,
    ) -> f32 {
        position_worth(a, h, plot, incoming.iter(), hand.iter())
    }

    fn incoming<'a, S: Sight>(s: &'a S, p: usize) -> Incoming<'a> {
        let face_up: &[BeanKind] = if p == s.active() && s.phase() == Phase::Trade {
            s.face_up()
        } else {
            &[]
        };
        Incoming {
            set_aside: s.set_aside(p),
            face_up,
            skip_face_up: Capped::default(),
            extra: Capped::default(),
        }
    }

    fn hand<'a, S: Sight>(s: &'a S) -> HandLeft<'a, S> {
        HandLeft {
            sight: s,
            len: s.my_hand_len(),
            skip: Capped::default(),
        }
    }

    /// What the `wanted` cards, planted, add to another seat's public position (their hand
    /// is unknown, so it is left out). A gift wants nothing: both worths would be one sum,
    /// so its gain is exactly 0 without weighing them.
    fn their_gain<S: Sight>(a: &Appraiser, h: f32, s: &S, p: usize, wanted: &[BeanKind]) -> f32 {
        if wanted.is_empty() {
            return 0.0;
        }
        let worth = |extra: &[BeanKind]| {
            let mut inc = Self::incoming(s, p);
            extra.iter().for_each(|&k| inc.extra.push(k));
            position_worth(a, h, Plot::of(s.fields(p)), inc.iter(), std::iter::empty())
        };
        worth(wanted) - worth(&[])
    }

    /// A fully grown field (no step left to reach) is harvested on my move: it frees the field.
    fn ripe_field<S: Sight>(&self, a: &Appraiser, s: &S) -> Option<usize> {
        s.fields(s.me()).iter().enumerate().find_map(|(i, f)| {
            let k = f.kind()?;
            let coins = a.coins(k, f.count());
            (coins > 0 && a.field(*f, 1.0) <= coins as f32 + 1e-3 && s.can_harvest(i)).then_some(i)
        })
    }

    /// The harvest that leaves the best position for planting `kind` now.
    fn harvest_for<S: Sight>(
        &self,
        a: &Appraiser,
        h: f32,
        s: &S,
        kind: BeanKind,
        hand_from: usize,
    ) -> Option<usize> {
        let me = s.me();
        let fields = s.fields(me);
        // Often the bean protection rule leaves one choice: nothing to weigh.
        if let Some(only) = only_harvest(s, fields.len()) {
            return only;
        }
        let mut best: Option<(usize, f32)> = None;
        for i in 0..fields.len() {
            if !s.can_harvest(i) {
                continue;
            }
            let mut plot = Plot::of(fields);
            plot.harvest(a, i);
            plot.plant_in(i, kind);
            let hand = (hand_from..s.my_hand_len()).filter_map(|p| s.my_card(p));
            let w = position_worth(a, h, plot, Self::incoming(s, me).iter(), hand);
            if best.is_none_or(|(_, b)| w > b) {
                best = Some((i, w));
            }
        }
        best.map(|(i, _)| i)
    }

    fn plant_from_hand<S: Sight>(
        &mut self,
        a: &Appraiser,
        h: f32,
        s: &S,
        ruleset: &Ruleset,
        planted: usize,
    ) -> Option<Action> {
        if s.active() != s.me() {
            return None;
        }
        if let Some(field) = self.ripe_field(a, s) {
            return Some(Action::Harvest { field });
        }
        let card = s.my_card(0);
        let plot = Plot::of(s.fields(s.me()));
        match card {
            Some(card) if planted == 0 => match plot.home(card) {
                Some(field) => Some(Action::Plant { field }),
                None => self
                    .harvest_for(a, h, s, card, 1)
                    .map(|field| Action::Harvest { field }),
            },
            Some(card) if planted < most_planted(s, ruleset) => {
                // A second card only where it grows a field of its kind; otherwise keep the
                // room for the turned-over cards and the trades.
                match plot.home(card) {
                    Some(field) if plot.fields()[field].kind() == Some(card) => {
                        Some(Action::Plant { field })
                    }
                    _ => Some(Action::TurnOver),
                }
            }
            _ if planted >= 1 => Some(Action::TurnOver),
            _ => None,
        }
    }

    fn plant_set_aside<S: Sight>(&mut self, a: &Appraiser, h: f32, s: &S) -> Option<Action> {
        let me = s.me();
        let set_aside = s.set_aside(me);
        if set_aside.is_empty() {
            return None;
        }
        let fields = s.fields(me);
        let plot = Plot::of(fields);
        // A card that grows a field of its kind goes there first.
        for (card, &k) in set_aside.iter().enumerate() {
            if let Some(field) = plot.home(k)
                && fields[field].kind() == Some(k)
            {
                return Some(Action::PlantSetAside { card, field });
            }
        }
        // None grows a field. With an empty field for each kind left, any order will do.
        let empty = fields.iter().filter(|f| f.is_empty()).count();
        let mut kinds: Capped<BeanKind, 4> = Capped::default();
        for &k in set_aside {
            if !kinds.contains(k) {
                kinds.push(k);
            }
        }
        if kinds.iter().count() <= empty
            && set_aside.len() <= 4
            && let Some(field) = fields.iter().position(|f| f.is_empty())
        {
            return Some(Action::PlantSetAside { card: 0, field });
        }
        // Otherwise the card and field that leave the best position (empty fields are all
        // alike: only the first is tried).
        let first_empty = fields.iter().position(|f| f.is_empty());
        let mut best: Option<(usize, usize, f32)> = None;
        for (card, &k) in set_aside.iter().enumerate() {
            if set_aside[..card].contains(&k) {
                continue;
            }
            for (field, f) in fields.iter().enumerate() {
                if !f.accepts(k) || (f.is_empty() && Some(field) != first_empty) {
                    continue;
                }
                let mut p = plot;
                p.plant_in(field, k);
                let rest = set_aside
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != card)
                    .map(|(_, &k)| k);
                let w = position_worth(a, h, p, rest, Self::hand(s).iter());
                if best.is_none_or(|(_, _, b)| w > b) {
                    best = Some((card, field, w));
                }
            }
        }
        if let Some((card, field, _)) = best {
            return Some(Action::PlantSetAside { card, field });
        }
        // No room for any of them: harvest where it costs least.
        if let Some(only) = only_harvest(s, fields.len()) {
            return only.map(|field| Action::Harvest { field });
        }
        let mut best: Option<(usize, f32)> = None;
        for i in 0..fields.len() {
            if !s.can_harvest(i) {
                continue;
            }
            let mut p = plot;
            p.harvest(a, i);
            let w = position_worth(a, h, p, set_aside.iter().copied(), Self::hand(s).iter());
            if best.is_none_or(|(_, b)| w > b) {
                best = Some((i, w));
            }
        }
        best.map(|(field, _)| Action::Harvest { field })
    }

    /// My cards for `want`: turned-over cards first (for the active player), then the
    /// frontmost hand cards; `None` if I lack them.
    fn cards_for<S: Sight>(
        &self,
        s: &S,
        want: &[BeanKind],
    ) -> Option<(Capped<CardRef, 4>, Capped<usize, 2>, Capped<usize, 2>)> {
        let me = s.me();
        let mut refs: Capped<CardRef, 4> = Capped::default();
        let mut face: Capped<usize, 2> = Capped::default();
        let mut hand: Capped<usize, 2> = Capped::default();
        if want.len() > 2 {
            return None;
        }
        for &k in want {
            let from_face = (me == s.active())
                .then(|| {
                    s.face_up()
                        .iter()
                        .enumerate()
                        .position(|(i, &f)| f == k && !face.contains(i))
                })
                .flatten();
            if let Some(i) = from_face {
                face.push(i);
                refs.push(CardRef::FaceUp(i));
                continue;
            }
            let pos =
                (0..s.my_hand_len()).find(|&i| s.my_card(i) == Some(k) && !hand.contains(i))?;
            hand.push(pos);
            refs.push(CardRef::Hand(pos));
        }
        Some((refs, face, hand))
    }

    fn answer<S: Sight>(&mut self, a: &Appraiser, s: &S, id: u32) -> Action {
        let me = s.me();
        let Some(offer) = (0..s.offer_count())
            .map(|i| s.offer(i))
            .find(|o| o.id == id)
        else {
            return Action::Decline { offer: id };
        };
        if offer.to != me || offer.giving.len() > 2 {
            return Action::Decline { offer: id };
        }
        let Some((refs, face, hand_skip)) = self.cards_for(s, offer.want) else {
            return Action::Decline { offer: id };
        };
        let h = a.horizon(s);
        let plot = Plot::of(s.fields(me));
        let base = Self::my_worth(a, h, Self::incoming(s, me), Self::hand(s), plot);
        let mut inc = Self::incoming(s, me);
        inc.skip_face_up = face;
        for &k in offer.giving {
            inc.extra.push(k);
        }
        let mut hand = Self::hand(s);
        hand.skip = hand_skip;
        let after = Self::my_worth(a, h, inc, hand, plot);
        let envy = a.params.envy;
        if envy >= 0.0 && after - base <= a.params.threshold {
            // Not worth it even if it gained them nothing.
            return Action::Decline { offer: id };
        }
        let their_gain = Self::their_gain(a, h, s, offer.from, offer.want);
        if after - base - envy * their_gain.max(0.0) > a.params.threshold {
            Action::Accept {
                offer: id,
                give: refs.iter().collect(),
            }
        } else {
            Action::Decline { offer: id }
        }
    }

    /// The best trade to propose now that I have not proposed this turn, if any is worth it.
    fn propose<S: Sight>(&mut self, a: &Appraiser, s: &S, ruleset: &Ruleset) -> Option<Action> {
        let me = s.me();
        let limit = if me == s.active() {
            a.params.own_offers
        } else {
            a.params.offers_to_active
        };
        if self.proposed.len() >= limit || (me != s.active() && !floor_worth_taking(s)) {
            return None;
        }
        // After a declined offer nothing has changed: the offers found then still stand.
        let key = fingerprint(s);
        if key != self.gathered {
            self.gather(a, a.horizon(s), s, ruleset);
            self.gathered = key;
        }
        let i = self
            .scratch
            .iter()
            .enumerate()
            .filter(|(_, (_, sig))| !self.proposed.contains(sig))
            .max_by(|x, y| x.1.0.score.total_cmp(&y.1.0.score))?
            .0;
        let (best, sig) = self.scratch.swap_remove(i);
        self.proposed.push(sig);
        Some(best.action())
    }

    /// The `k` best offers to make now, best first (not remembered as made).
    pub(crate) fn best_offers<S: Sight>(
        &mut self,
        a: &Appraiser,
        s: &S,
        ruleset: &Ruleset,
        k: usize,
    ) -> Vec<Action> {
        if s.turn() != self.turn {
            self.turn = s.turn();
            self.proposed.clear();
        }
        let h = a.horizon(s);
        self.gather(a, h, s, ruleset);
        self.scratch.sort_by(|x, y| y.0.score.total_cmp(&x.0.score));
        self.scratch
            .iter()
            .take(k)
            .map(|(p, _)| p.action())
            .collect()
    }

    /// Remembers that an offer to `to` giving `giving` for `want` was made this turn (by a
    /// bot that consulted this policy), so it is not suggested again.
    pub(crate) fn remember(
        &mut self,
        turn: u32,
        to: usize,
        giving: &[BeanKind],
        want: &[BeanKind],
    ) {
        if turn != self.turn {
            self.turn = turn;
            self.proposed.clear();
        }
        let mut p = Proposal {
            to,
            give: Capped::default(),
            giving: Capped::default(),
            want: Capped::default(),
            score: 0.0,
        };
        giving.iter().for_each(|&k| p.giving.push(k));
        want.iter().for_each(|&k| p.want.push(k));
        self.proposed.push(p.signature());
    }

    /// Remembers the offer `action` that seat `me` made (read from its `view`), so it is
    /// not suggested again this turn; any other action is not remembered.
    pub(crate) fn remember_offer(&mut self, view: &PlayerView, me: usize, action: &Action) {
        if let Action::Propose { to, give, want } = action
            && let Some(seat) = view.seats.get(me)
        {
            let giving = kinds_given(view, seat, give);
            self.remember(view.turn, *to, &giving, want);
        }
    }

    /// Every offer worth making now that was not made this turn, into `self.scratch`.
    ///
    /// Cheap by design (it runs for every seat at every chance to propose): each card is
    /// valued by the change one planting makes to the fields, no hand simulated.
    fn gather<S: Sight>(&mut self, a: &Appraiser, h: f32, s: &S, ruleset: &Ruleset) {
        self.scratch.clear();
        let me = s.me();
        if !ruleset.allows_another_offer(s.offers_made(me)) || s.phase() != Phase::Trade {
            return;
        }
        let mine = TradeNeeds::of(a, h, s);
        if mine.junk.is_empty() && mine.wants.is_empty() {
            return;
        }
        let active = s.active();
        for q in 0..s.players() {
            if q == me || (me != active && q != active) {
                continue;
            }
            self.gather_with(q, &mine, a, h, s);
        }
    }

    /// The offers worth making to player `q`: giving them my junk that grows one of their
    /// fields (for a kind I want, or for nothing), or asking them for a kind they can spare.
    fn gather_with<S: Sight>(&mut self, q: usize, mine: &TradeNeeds, a: &Appraiser, h: f32, s: &S) {
        let me = s.me();
        let active = s.active();
        let threshold = a.params.threshold;
        let envy = a.params.envy;
        let (before_face_up, theirs) = their_plots(q, a, h, s);
        let hand = s.hand_size(q);
        // How likely `q` is to have a card of kind `k` to give.
        let has = |k: BeanKind| -> f32 {
            if q == active && s.face_up().contains(&k) {
                1.0
            } else {
                1.0 - a.none_in_hand(k, hand)
            }
        };
        let mut offer = |p: Proposal| {
            let sig = p.signature();
            if p.score > threshold && !self.proposed.contains(&sig) {
                self.scratch.push((p, sig));
            }
        };
        for (card, k, cost) in mine.junk.iter() {
            // Only to a player whose field grows the kind: an empty field may be meant
            // for the cards in their hand, which I cannot see.
            if !theirs.grows(k) {
                continue;
            }
            let their_gain = marginal(a, h, &theirs, k);
            if their_gain <= 0.0 {
                continue;
            }
            let mut give: Capped<CardRef, 2> = Capped::default();
            give.push(card);
            let mut giving: Capped<BeanKind, 2> = Capped::default();
            giving.push(k);
            for (w, gain) in mine.wants.iter() {
                if w == k {
                    continue;
                }
                let mut want: Capped<BeanKind, 2> = Capped::default();
                want.push(w);
                offer(Proposal {
                    to: q,
                    give,
                    giving,
                    want,
                    score: (cost + gain) * has(w) - envy * their_gain,
                });
            }
            offer(Proposal {
                to: q,
                give,
                giving,
                want: Capped::default(),
                score: cost - envy * their_gain,
            });
        }
        for (w, gain) in mine.wants.iter() {
            // A plain request: worth it when they can spare the card (it does not grow
            // one of their fields), and, as the active player, only with nothing to give.
            if theirs.grows(w) || (me == active && !mine.junk.is_empty()) {
                continue;
            }
            // A turned-over card, only if the active player has no room for it.
            if q == active && marginal(a, h, &before_face_up, w) >= 0.0 {
                continue;
            }
            let mut want: Capped<BeanKind, 2> = Capped::default();
            want.push(w);
            offer(Proposal {
                to: q,
                give: Capped::default(),
                giving: Capped::default(),
                want,
                score: gain * has(w) * 0.5,
            });
        }
    }
}

/// Player `q`'s fields as they will be once the cards they must plant are planted: with
/// their set-aside cards, and then, when `q` is the active player, also with the
/// turned-over cards. Returns both, in that order.
fn their_plots<S: Sight>(q: usize, a: &Appraiser, h: f32, s: &S) -> (Plot, Plot) {
    let mut theirs = Plot::of(s.fields(q));
    for &k in s.set_aside(q) {
        theirs.plant_best(a, h, k);
    }
    let before_face_up = theirs;
    if q == s.active() {
        for &k in s.face_up() {
            theirs.plant_best(a, h, k);
        }
    }
    (before_face_up, theirs)
}

/// What a seat would trade away and what it would like, each with what it is worth.
struct TradeNeeds {
    /// Cards that cost more than they bring where they would be planted, with that cost.
    junk: Capped<(CardRef, BeanKind, f32), 4>,
    /// Kinds worth getting, with what one more brings.
    wants: Capped<(BeanKind, f32), 4>,
}

impl TradeNeeds {
    fn of<S: Sight>(a: &Appraiser, h: f32, s: &S) -> TradeNeeds {
        let me = s.me();
        let active = s.active();
        // My fields once the set-aside cards are planted, then the turned-over cards I
        // keep (those that grow a field first): a card that costs more than it brings is junk.
        let mut plot = Plot::of(s.fields(me));
        for &k in s.set_aside(me) {
            plot.plant_best(a, h, k);
        }
        let mut junk: Capped<(CardRef, BeanKind, f32), 4> = Capped::default();
        if me == active {
            let face_up = s.face_up();
            for pass in 0..2 {
                for (i, &k) in face_up.iter().enumerate() {
                    if plot.grows(k) != (pass == 0) {
                        continue;
                    }
                    let m = marginal(a, h, &plot, k);
                    if m < -a.params.threshold {
                        junk.push((CardRef::FaceUp(i), k, -m));
                    } else {
                        plot.plant_best(a, h, k);
                    }
                }
            }
        }
        // The front of my hand, planted next turn.
        let mut ahead = plot;
        for pos in 0..s.my_hand_len().min(2) {
            let Some(k) = s.my_card(pos) else { break };
            let m = marginal(a, h, &ahead, k);
            if m < -a.params.threshold && !junk.iter().any(|(_, j, _)| j == k) {
                // Sooner is costlier: the second card may yet be traded or grow room.
                junk.push((CardRef::Hand(pos), k, -m * if pos == 0 { 1.0 } else { 0.7 }));
            } else {
                ahead.plant_best(a, h, k);
            }
        }
        // Kinds I would like: one more bean for a growing field, or, from the active player
        // whose hand is unknown, only what lies face up.
        let mut wants: Capped<(BeanKind, f32), 4> = Capped::default();
        let mut want = |k: BeanKind| {
            if !wants.iter().any(|(w, _)| w == k) {
                let m = marginal(a, h, &plot, k);
                if m > a.params.threshold {
                    wants.push((k, m));
                }
            }
        };
        if me == active {
            plot.fields()
                .iter()
                .filter_map(Field::kind)
                .for_each(&mut want);
        } else {
            s.face_up().iter().copied().for_each(&mut want);
        }
        TradeNeeds { junk, wants }
    }
}

/// Phase 1's limit as the active player sees it: one bean after laying out an order card
/// this turn ("you may choose to plant exactly one bean card"), else the ruleset's.
fn most_planted<S: Sight>(s: &S, ruleset: &Ruleset) -> usize {
    if s.order_laid_out_this_turn() {
        1
    } else {
        ruleset.max_planted_from_hand
    }
}

/// Whether a seat that is not the active player has anything to offer on its floor: a
/// turned-over card the active player has no room for and it can use, or a card at the
/// front of its hand that the active player grows and it does not. Cheap, so the floor
/// costs little when there is nothing to say (most of the time).
fn floor_worth_taking<S: Sight>(s: &S) -> bool {
    let me = s.me();
    let active = s.active();
    let mine = s.fields(me);
    let theirs = s.fields(active);
    let grows = |fields: &[Field], k: BeanKind| fields.iter().any(|f| f.kind() == Some(k));
    let room = |fields: &[Field], k: BeanKind| fields.iter().any(|f| f.accepts(k));
    s.face_up()
        .iter()
        .any(|&w| !room(theirs, w) && room(mine, w))
        || (0..s.my_hand_len().min(2))
            .filter_map(|p| s.my_card(p))
            .any(|k| !grows(mine, k) && grows(theirs, k))
}

/// A hash of what the offers worth making depend on (the turn, the fields, the set-aside
/// and turned-over cards, my hand's size), to reuse them while nothing has changed.
fn fingerprint<S: Sight>(s: &S) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |x: u64| h = (h ^ x).wrapping_mul(0x0100_0000_01b3);
    mix(u64::from(s.turn()));
    mix(s.my_hand_len() as u64);
    mix(s.me() as u64);
    for &k in s.face_up() {
        mix(k.index() as u64 + 1);
    }
    for p in 0..s.players() {
        mix(0xff00 + s.set_aside(p).len() as u64);
        for f in s.fields(p) {
            mix(f.kind().map_or(0, |k| k.index() as u64 + 1) << 32 | u64::from(f.count()));
        }
    }
    h | 1
}

/// `Some` when at most one of my `fields` may be harvested now: that one, or `None` for none.
fn only_harvest<S: Sight>(s: &S, fields: usize) -> Option<Option<usize>> {
    let mut allowed = (0..fields).filter(|&i| s.can_harvest(i));
    let first = allowed.next();
    match allowed.next() {
        Some(_) => None,
        None => Some(first),
    }
}

/// What planting one bean of `kind` does to what `plot` is worth (harvesting first if it
/// must): positive for a bean the fields want, negative for one that costs a field.
fn marginal(a: &Appraiser, h: f32, plot: &Plot, kind: BeanKind) -> f32 {
    plot.marginal(a, h, kind)
}

/// The greedy bot: the [`Greedy`] policy playing a seat from its view.
#[derive(Clone, Debug, Default)]
pub struct GreedyBot {
    policy: Greedy,
    appraiser: Option<std::sync::Arc<Appraiser>>,
    params: Option<Params>,
}

impl GreedyBot {
    /// A greedy bot. It draws no chance: its decisions follow from the view alone.
    pub fn new() -> Self {
        GreedyBot::default()
    }

    /// A greedy bot weighing positions with `params` instead of the tuned defaults (for
    /// designers and for tuning).
    pub fn with_params(params: Params) -> Self {
        GreedyBot {
            params: Some(params),
            ..GreedyBot::default()
        }
    }
}

impl Agent<Cards> for GreedyBot {
    fn name(&self) -> BotName {
        names::GREEDY
    }

    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        let a = match &self.appraiser {
            Some(a) if a.is_for(d.ruleset) => a,
            _ => self.appraiser.insert(match self.params {
                Some(p) => std::sync::Arc::new(Appraiser::with_params(d.ruleset, p)),
                None => Appraiser::shared(d.ruleset),
            }),
        };
        let sight = ViewSight::new(d.view, d.me, d.legal);
        let action = self.policy.decide(a, &sight, d.ruleset, d.prompt);
        match action {
            Some(action @ Action::Propose { .. }) => Some(action),
            Some(action) if d.legal.contains(&action) => Some(action),
            // Passing on the floor, or ending trading when asked to act in phase 2, is a
            // choice; elsewhere a rule the policy does not know stopped it.
            None if d.prompt == Prompt::MayPropose => None,
            _ => in_doubt(a, d),
        }
    }

    fn recall(&mut self, d: &Decision<'_>, action: &Action) {
        self.policy.remember_offer(d.view, d.me, action);
    }
}

/// A legal action chosen by plain sense when the policy has none (a rule it does not know):
/// plant where the kind grows or on an empty field, else where least is lost; move the turn
/// on; harvest last.
pub(crate) fn in_doubt(a: &Appraiser, d: &Decision<'_>) -> Option<Action> {
    let seat = &d.view.seats[d.me];
    let hand = seat.hand.as_deref().unwrap_or(&[]);
    let plant_score = |kind: Option<BeanKind>, field: usize| -> f32 {
        match (kind, seat.fields.get(field)) {
            (Some(k), Some(f)) if f.kind() == Some(k) => 100.0 + f.count() as f32,
            (Some(_), Some(f)) if f.is_empty() => 50.0,
            (_, Some(f)) => 10.0 - a.field(*f, 1.0),
            _ => 0.0,
        }
    };
    d.legal
        .iter()
        .max_by(|x, y| {
            let score = |act: &Action| -> f32 {
                match act {
                    Action::Plant { field } => plant_score(hand.first().copied(), *field),
                    Action::PlantSetAside { card, field } => {
                        plant_score(seat.set_aside.get(*card).copied(), *field)
                    }
                    Action::TurnOver | Action::EndTrading => 5.0,
                    Action::Decline { .. } => 4.0,
                    Action::Harvest { .. } => -50.0,
                    _ => 0.0,
                }
            };
            score(x).total_cmp(&score(y))
        })
        .cloned()
}
#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(ks: &[usize]) -> Capped<BeanKind, 2> {
        let mut few = Capped::default();
        ks.iter().for_each(|&k| few.push(BeanKind::new(k)));
        few
    }

    /// Offers that say the same share a signature, and no others: a declined offer is never
    /// made again, and no other offer is held back for it.
    #[test]
    fn offers_share_a_signature_only_when_they_say_the_same() {
        let mut pairs: Vec<Vec<usize>> = vec![vec![]];
        for a in 0..3 {
            pairs.push(vec![a]);
            pairs.extend((0..3).map(|b| vec![a, b]));
        }
        let mut offers = Vec::new();
        for to in 0..3 {
            for giving in &pairs {
                for want in &pairs {
                    offers.push((to, giving, want));
                }
            }
        }
        let sorted = |ks: &Vec<usize>| {
            let mut ks = ks.clone();
            ks.sort_unstable();
            ks
        };
        let proposal = |&(to, giving, want): &(usize, &Vec<usize>, &Vec<usize>)| Proposal {
            to,
            give: Capped::default(),
            giving: kinds(giving),
            want: kinds(want),
            score: 0.0,
        };
        for x in &offers {
            for y in &offers {
                let same = x.0 == y.0 && sorted(x.1) == sorted(y.1) && sorted(x.2) == sorted(y.2);
                assert_eq!(
                    proposal(x).signature() == proposal(y).signature(),
                    same,
                    "{x:?} {y:?}"
                );
            }
        }
    }
}
