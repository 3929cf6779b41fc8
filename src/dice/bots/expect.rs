//! The expect bot: keeps dice by exact expectation over the rest of its turn, and harvests
//! when waiting for the next order earns less than starting a new card.
//!
//! A turn's state is small: each die is either still to roll or saved showing one of its (at
//! most four) kinds, plus whether the bean piece is still standing — at most 5^5 × 2 states.
//! The bot values a state as the expected worth of the orders its final bean field will
//! cover, less what each roll hands the other players (they check every roll), and memoizes
//! it for the turn.

use super::super::action::DiceAction;
use super::super::bean::Bean;
use super::super::bean_piece::BeanPiece;
use super::super::die::{DICE, DieId};
use super::super::harvest_card::CardId;
use super::super::legal::choices;
use super::super::phase::TurnPhase;
use super::super::ruleset::DiceRuleset;
use super::super::state::{DiceState, Seat};
use super::DiceAsk;
use super::worth::{harvest_rate, progress_worth};
use crate::game::{Agent, BotName, Dice};

/// Bits per die in a state key: 0 for a die still to roll, else 1 + the bean's index.
const DIE_BITS: u32 = 3;
/// The key bit that says the bean piece is still standing.
const PIECE_BIT: u32 = 1 << (DIE_BITS * DICE as u32);
/// Keys cover five dice and the bean piece.
const KEYS: usize = (PIECE_BIT as usize) << 1;

/// The bot's seat, its top card and covered orders, and the deck's size (which every harvest
/// changes): the memo is reused while these hold. The other players' covered orders, which
/// the memo's gifts depend on, are taken as they stood when it was made, so one turn's
/// search is made once.
type Table = (Seat, CardId, usize, usize);

/// The expectation bot. `others_weight` scales what a roll hands the other players against
/// what it brings the bot itself.
pub struct ExpectBot {
    pub others_weight: f64,
    memo: Option<(Table, Memo)>,
}

impl Default for ExpectBot {
    fn default() -> ExpectBot {
        ExpectBot::with_others_weight(0.5)
    }
}

impl ExpectBot {
    /// An expect bot weighing what a roll hands the others by `weight` (the default is 0.5).
    pub fn with_others_weight(weight: f64) -> ExpectBot {
        ExpectBot {
            others_weight: weight,
            memo: None,
        }
    }
}

/// The turn's values: states before a roll, and what a roll hands the others.
struct Memo {
    roll: Vec<f64>,
    gift: Vec<f64>,
}

impl Agent<Dice> for ExpectBot {
    fn name(&self) -> BotName {
        BotName::Expect
    }

    fn decide(&mut self, ask: &DiceAsk<'_>) -> Option<DiceAction> {
        let (state, seat) = (ask.state, ask.seat);
        let active = seat == state.active();
        if state.may_harvest(seat)
            && (!active || state.phase() == TurnPhase::Pass)
            && wants_harvest(state, seat)
        {
            return Some(DiceAction::Harvest);
        }
        if !active {
            return None;
        }
        Some(match state.phase() {
            TurnPhase::Roll => DiceAction::Roll,
            TurnPhase::Pass => DiceAction::PassBeanPiece,
            TurnPhase::Save => self.save_or_repeat(state, seat),
            TurnPhase::Over => return None,
        })
    }
}

/// Harvest a full card; reach the goal only when that wins or ties; otherwise harvest when
/// the next order's chance per roll is below the rate a new card earns.
fn wants_harvest(state: &DiceState, seat: Seat) -> bool {
    let ruleset = state.ruleset();
    let player = &state.players()[seat];
    let pays = ruleset.dollars_for(player.covered).unwrap_or(0);
    let after = player.dollars + pays;
    if after >= ruleset.goal {
        let rival = (0..state.player_count())
            .filter(|&s| s != seat)
            .map(|s| {
                let p = &state.players()[s];
                p.dollars + ruleset.dollars_for(p.covered).unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        return after >= rival;
    }
    let Some(next) = state.top_card(seat).orders.get(player.covered) else {
        return true;
    };
    next.bohnus.percent() / 100.0 < harvest_rate(ruleset)
}

impl ExpectBot {
    fn save_or_repeat(&mut self, state: &DiceState, seat: Seat) -> DiceAction {
        let mut search = Search::new(state, seat, self.others_weight, self.take_memo(state, seat));
        let field = state.field();
        let mut key = 0;
        for (d, die) in field.dice.iter().enumerate() {
            if let (true, Some(face)) = (die.saved, die.face) {
                key |= code(face) << (DIE_BITS * d as u32);
            }
        }
        let rolled: Vec<DieId> = (0..DICE).filter(|&d| field.dice[d].just_rolled).collect();
        let piece = if state.bean_piece() == BeanPiece::Ready {
            PIECE_BIT
        } else {
            0
        };
        let mut best = (f64::NEG_INFINITY, DiceAction::RepeatRoll);
        if piece != 0 {
            best.0 = search.before_roll(key);
        }
        for keep in choices(&rolled) {
            let mut next = key | piece;
            for &d in &keep {
                let face = field.dice[d].face.expect("a die just rolled shows a bean");
                next |= code(face) << (DIE_BITS * d as u32);
            }
            let value = search.after_save(next);
            if value > best.0 {
                best = (value, DiceAction::Save { dice: keep });
            }
        }
        self.memo = Some((table(state, seat), search.memo));
        best.1
    }

    /// The memo, if it was worked out for the same cards and covered orders.
    fn take_memo(&mut self, state: &DiceState, seat: Seat) -> Memo {
        match self.memo.take() {
            Some((t, memo)) if t == table(state, seat) => memo,
            _ => Memo {
                roll: vec![f64::NAN; KEYS],
                gift: vec![f64::NAN; KEYS],
            },
        }
    }
}

fn table(state: &DiceState, seat: Seat) -> Table {
    let player = &state.players()[seat];
    (seat, player.top, player.covered, state.deck_len())
}

fn code(bean: Bean) -> u32 {
    bean.index() as u32 + 1
}

/// One turn's expectation search.
struct Search<'a> {
    ruleset: &'a DiceRuleset,
    state: &'a DiceState,
    seat: Seat,
    others_weight: f64,
    /// Each die's kinds with their chance.
    kinds: Vec<Vec<(Bean, f64)>>,
    /// Dice with the same faces (the two darker, the three lighter). Swapping two of them
    /// changes nothing, so states and rolls are taken in one canonical order: within a
    /// group, saved dice first, by code, highest first.
    twins: Vec<Vec<DieId>>,
    memo: Memo,
}

impl<'a> Search<'a> {
    fn new(state: &'a DiceState, seat: Seat, others_weight: f64, memo: Memo) -> Search<'a> {
        let ruleset = state.ruleset();
        let kinds = ruleset
            .dice
            .iter()
            .map(|d| {
                d.weighted_kinds()
                    .into_iter()
                    .map(|(b, n)| (b, f64::from(n) / 6.0))
                    .collect()
            })
            .collect();
        let mut twins: Vec<Vec<DieId>> = Vec::new();
        for d in 0..DICE {
            let same = |g: &&mut Vec<DieId>| ruleset.dice[g[0]].faces == ruleset.dice[d].faces;
            match twins.iter_mut().find(same) {
                Some(group) => group.push(d),
                None => twins.push(vec![d]),
            }
        }
        Search {
            ruleset,
            state,
            seat,
            others_weight,
            kinds,
            twins,
            memo,
        }
    }

    /// `key` with the codes of each group of twins sorted, highest first, among the dice
    /// `among` says (all of them, or only those still to roll).
    fn sorted(&self, key: u32, among: impl Fn(DieId) -> bool) -> u32 {
        let mut out = key;
        for group in &self.twins {
            let mut places = [0; DICE];
            let mut codes = [0u32; DICE];
            let mut n = 0;
            for &d in group.iter().filter(|&&d| among(d)) {
                places[n] = d;
                codes[n] = die_code(key, d);
                n += 1;
            }
            codes[..n].sort_unstable_by(|a, b| b.cmp(a));
            for (&d, &c) in places[..n].iter().zip(&codes[..n]) {
                out = (out & !(0b111 << (DIE_BITS * d as u32))) | c << (DIE_BITS * d as u32);
            }
        }
        out
    }

    /// Every distinct result of rolling the dice not saved in `key`, with its chance; rolls
    /// that differ only by which of two twin dice shows what are one result.
    fn outcomes(&self, key: u32) -> Vec<(u32, f64)> {
        let unsaved = |d: DieId| die_code(key, d) == 0;
        let mut outcomes = vec![(0u32, 1.0f64)];
        for d in (0..DICE).filter(|&d| unsaved(d)) {
            outcomes = outcomes
                .iter()
                .flat_map(|&(rolled, p)| {
                    self.kinds[d]
                        .iter()
                        .map(move |&(b, q)| (rolled | code(b) << (DIE_BITS * d as u32), p * q))
                })
                .map(|(rolled, p)| (self.sorted(rolled, unsaved), p))
                .collect();
            outcomes.sort_unstable_by_key(|o| o.0);
            outcomes.dedup_by(|later, kept| {
                let same = later.0 == kept.0;
                if same {
                    kept.1 += later.1;
                }
                same
            });
        }
        outcomes
    }

    /// The value after saving into `key`: the own check if all five are saved, else the
    /// next roll.
    fn after_save(&mut self, key: u32) -> f64 {
        if (0..DICE).all(|d| die_code(key, d) != 0) {
            self.own_worth(key)
        } else {
            self.before_roll(key)
        }
    }

    /// The expected value of rolling every die not saved in `key`.
    fn before_roll(&mut self, raw: u32) -> f64 {
        // Looked up as given first, so a state met again costs no sorting.
        let cached = self.memo.roll[raw as usize];
        if !cached.is_nan() {
            return cached;
        }
        let key = self.sorted(raw, |_| true);
        let cached = self.memo.roll[key as usize];
        if !cached.is_nan() {
            self.memo.roll[raw as usize] = cached;
            return cached;
        }
        let unsaved: Vec<DieId> = (0..DICE).filter(|&d| die_code(key, d) == 0).collect();
        let mut total = 0.0;
        for (rolled, p) in self.outcomes(key) {
            let value =
                self.best_reply(key, rolled, &unsaved) - self.others_weight * self.gift(rolled);
            total += p * value;
        }
        self.memo.roll[key as usize] = total;
        self.memo.roll[raw as usize] = total;
        total
    }

    /// The best the active player can do with `rolled` on the table: save some of it, or
    /// repeat the roll while the bean piece stands.
    fn best_reply(&mut self, key: u32, rolled: u32, unsaved: &[DieId]) -> f64 {
        let mut best = f64::NEG_INFINITY;
        if key & PIECE_BIT != 0 {
            best = self.before_roll(key & !PIECE_BIT);
        }
        for mask in 1u32..(1 << unsaved.len()) {
            let mut next = key;
            for (i, &d) in unsaved.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    next |= rolled & (0b111 << (DIE_BITS * d as u32));
                }
            }
            best = best.max(self.after_save(next));
        }
        best
    }

    /// What the rolled dice hand the other players, in the worth of the orders they cover.
    fn gift(&mut self, rolled: u32) -> f64 {
        let cached = self.memo.gift[rolled as usize];
        if !cached.is_nan() {
            return cached;
        }
        let shown = beans(rolled);
        let value = (0..self.state.player_count())
            .filter(|&s| s != self.seat)
            .map(|s| self.gain(s, &shown))
            .sum();
        self.memo.gift[rolled as usize] = value;
        value
    }

    /// The worth of the orders the bean field `key` covers on the bot's own card (memoized
    /// beside the states before a roll, which never have all five dice saved).
    fn own_worth(&mut self, key: u32) -> f64 {
        let key = key & !PIECE_BIT;
        let cached = self.memo.roll[key as usize];
        if !cached.is_nan() {
            return cached;
        }
        let value = self.gain(self.seat, &beans(key));
        self.memo.roll[key as usize] = value;
        value
    }

    fn gain(&self, seat: Seat, shown: &[Bean]) -> f64 {
        let player = &self.state.players()[seat];
        let from = player.covered;
        let run = self.state.top_card(seat).fulfilled_in_a_row(from, shown);
        progress_worth(self.ruleset, from + run) - progress_worth(self.ruleset, from)
    }
}

fn die_code(key: u32, die: DieId) -> u32 {
    (key >> (DIE_BITS * die as u32)) & 0b111
}

fn beans(key: u32) -> Vec<Bean> {
    (0..DICE)
        .filter_map(|d| match die_code(key, d) {
            0 => None,
            c => Some(Bean::ALL[c as usize - 1]),
        })
        .collect()
}
