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
use super::DiceBot;
use super::worth::{harvest_rate, progress_worth};

/// Bits per die in a state key: 0 for a die still to roll, else 1 + the bean's index.
const DIE_BITS: u32 = 3;
/// The key bit that says the bean piece is still standing.
const PIECE_BIT: u32 = 1 << (DIE_BITS * DICE as u32);
/// Keys cover five dice and the bean piece.
const KEYS: usize = (PIECE_BIT as usize) << 1;

/// Who holds which card with how many orders covered: the memo is valid while this holds.
type Table = (Seat, Vec<(CardId, usize)>);

/// The expectation bot. `others_weight` scales what a roll hands the other players against
/// what it brings the bot itself.
pub struct ExpectBot {
    pub others_weight: f64,
    memo: Option<(Table, Memo)>,
}

impl Default for ExpectBot {
    fn default() -> ExpectBot {
        ExpectBot {
            others_weight: 0.5,
            memo: None,
        }
    }
}

/// The turn's values: states before a roll, and what a roll hands the others.
struct Memo {
    roll: Vec<f64>,
    gift: Vec<f64>,
}

impl DiceBot for ExpectBot {
    fn choose(&mut self, state: &DiceState, seat: Seat) -> Option<DiceAction> {
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
    (
        seat,
        state.players().iter().map(|p| (p.top, p.covered)).collect(),
    )
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
        Search {
            ruleset,
            state,
            seat,
            others_weight,
            kinds,
            memo,
        }
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
    fn before_roll(&mut self, key: u32) -> f64 {
        let cached = self.memo.roll[key as usize];
        if !cached.is_nan() {
            return cached;
        }
        let unsaved: Vec<DieId> = (0..DICE).filter(|&d| die_code(key, d) == 0).collect();
        let mut total = 0.0;
        let mut outcomes = vec![(0u32, 1.0f64)];
        for &d in &unsaved {
            outcomes = outcomes
                .iter()
                .flat_map(|&(rolled, p)| {
                    self.kinds[d]
                        .iter()
                        .map(move |&(b, q)| (rolled | code(b) << (DIE_BITS * d as u32), p * q))
                })
                .collect();
        }
        for (rolled, p) in outcomes {
            let value =
                self.best_reply(key, rolled, &unsaved) - self.others_weight * self.gift(rolled);
            total += p * value;
        }
        self.memo.roll[key as usize] = total;
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

    /// The worth of the orders the bean field `key` covers on the bot's own card.
    fn own_worth(&mut self, key: u32) -> f64 {
        self.gain(self.seat, &beans(key))
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
