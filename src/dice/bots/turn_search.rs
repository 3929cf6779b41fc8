//! One turn's exact expectation search, shared by the dice bots that plan their own turn.
//!
//! A turn's state is small: each die is either still to roll or saved showing one of its (at
//! most four) kinds, plus whether the bean piece is still standing — at most 5^5 × 2 states.
//! The search values a state as the expected worth of the bot's final bean field less what
//! each roll hands the other players (they check every roll), both as a [`TurnObjective`]
//! says, and memoizes it for the turn. The bots differ only in their objective.

use crate::dice::Bean;
use crate::dice::BeanPiece;
use crate::dice::CardId;
use crate::dice::DiceAction;
use crate::dice::choices;
use crate::dice::{DICE, DieId};
use crate::dice::{DiceState, Seat};

/// Bits per die in a state key: 0 for a die still to roll, else 1 + the bean's index.
const DIE_BITS: u32 = 3;
/// The key bit that says the bean piece is still standing.
const PIECE_BIT: u32 = 1 << (DIE_BITS * DICE as u32);
/// Keys cover five dice and the bean piece.
const KEYS: usize = (PIECE_BIT as usize) << 1;

/// What a turn is played for: the search maximizes the expected field worth less the
/// expected cost of every roll shown to the others.
pub(super) trait TurnObjective {
    /// The worth to the bot of ending its turn with these five beans in the bean field.
    fn field_worth(&self, field: &[Bean]) -> f64;
    /// What showing these just-rolled beans to the other players costs the bot.
    fn roll_cost(&self, rolled: &[Bean]) -> f64;
}

/// The bot's seat, its top card and covered orders, and the deck's size (which every harvest
/// changes): a memo is reused while these hold. What else the objective reads (the other
/// players' covered orders) is taken as it stood when the memo was made, so one turn's
/// search is made once.
type MemoKey = (Seat, CardId, usize, usize);

/// A turn's values kept between the decisions of one turn.
#[derive(Default)]
pub(super) struct TurnMemo {
    kept: Option<(MemoKey, Memo)>,
}

impl TurnMemo {
    /// The best save, or the bean piece, for the active `seat` in the save step, by exact
    /// expectation under `objective`.
    pub(super) fn save_or_repeat(
        &mut self,
        state: &DiceState,
        seat: Seat,
        objective: &impl TurnObjective,
    ) -> DiceAction {
        let memo = match self.kept.take() {
            Some((t, memo)) if t == memo_key(state, seat) => memo,
            _ => Memo {
                roll: vec![f64::NAN; KEYS],
                gift: vec![f64::NAN; KEYS],
            },
        };
        let mut search = TurnSearch::new(state, objective, memo);
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
        self.kept = Some((memo_key(state, seat), search.memo));
        best.1
    }
}

fn memo_key(state: &DiceState, seat: Seat) -> MemoKey {
    let player = &state.players()[seat];
    (seat, player.top, player.covered, state.deck_len())
}

fn code(bean: Bean) -> u32 {
    bean.index() as u32 + 1
}

/// The turn's values: states before a roll, and what a roll hands the others.
struct Memo {
    roll: Vec<f64>,
    gift: Vec<f64>,
}

/// One turn's expectation search.
struct TurnSearch<'a, O> {
    objective: &'a O,
    /// Each die's kinds with their chance.
    kinds: Vec<Vec<(Bean, f64)>>,
    /// Dice with the same faces (the two darker, the three lighter). Swapping two of them
    /// changes nothing, so states and rolls are taken in one canonical order: within a
    /// group, saved dice first, by code, highest first.
    twins: Vec<Vec<DieId>>,
    memo: Memo,
}

impl<'a, O: TurnObjective> TurnSearch<'a, O> {
    fn new(state: &DiceState, objective: &'a O, memo: Memo) -> TurnSearch<'a, O> {
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
        TurnSearch {
            objective,
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
            let value = self.best_reply(key, rolled, &unsaved) - self.gift(rolled);
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

    /// What showing the rolled dice to the others costs, as the objective says.
    fn gift(&mut self, rolled: u32) -> f64 {
        let cached = self.memo.gift[rolled as usize];
        if !cached.is_nan() {
            return cached;
        }
        let value = self.objective.roll_cost(&beans(rolled));
        self.memo.gift[rolled as usize] = value;
        value
    }

    /// The worth of the bean field `key` (memoized beside the states before a roll, which
    /// never have all five dice saved).
    fn own_worth(&mut self, key: u32) -> f64 {
        let key = key & !PIECE_BIT;
        let cached = self.memo.roll[key as usize];
        if !cached.is_nan() {
            return cached;
        }
        let value = self.objective.field_worth(&beans(key));
        self.memo.roll[key as usize] = value;
        value
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
