//! Offers refused in the trading phase under way: a hint leaves out an offer its player
//! already made and saw refused, as nobody at the table would put the same offer to the
//! same player again the same phase. The refusals are public (the log says each one), so
//! remembering them gives nothing hidden away; they are read from the record, since the
//! game itself keeps no list of them.

use crate::cards::bots::offer_key::OfferKey;
use crate::cards::{BeanKind, Cards, Event, GameState, OfferClosed, Phase};
use crate::game::{After, Tape};

/// The offers one player made in the trading phase under way that the player asked
/// refused, and that no later offer saying the same was accepted since. Each is kept as an
/// [`OfferKey`], the key the search bot remembers its own offers by, so the hint and the
/// bots agree on what "the same offer" is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refusals(Vec<OfferKey>);

impl Refusals {
    /// What `player` saw refused of their own offers before the decision after `at`
    /// actions of `tape`, from where the trading phase under way began (nothing outside
    /// trading, or once a new turn began).
    pub fn recall(tape: &Tape<Cards>, at: usize, player: usize) -> Refusals {
        let at = at.min(tape.len());
        let now = tape.state_at(at);
        if now.phase() != Phase::Trade {
            return Refusals::default();
        }
        let turn = now.turn();
        let mut from = at;
        while from > 0 {
            let before = tape.state_at(from - 1);
            if before.phase() != Phase::Trade || before.turn() != turn {
                break;
            }
            from -= 1;
        }
        let mut heard = Heard::default();
        let mut listener = After(|_: &GameState, events: &[Event]| heard.hear(player, events));
        tape.retell(from, at, &mut listener);
        heard.refused
    }

    /// Whether an offer to `to` giving `giving` for `want` says the same as one refused.
    pub fn refused(&self, to: usize, giving: &[BeanKind], want: &[BeanKind]) -> bool {
        self.0.contains(&OfferKey::new(to, giving, want))
    }

    /// Notes an offer to `to` giving `giving` for `want` as refused: for a caller that
    /// keeps no record to [`Refusals::recall`] from, such as a seat played by following
    /// the hint in a measurement, which notes each offer it made once it is answered.
    pub fn note(&mut self, to: usize, giving: &[BeanKind], want: &[BeanKind]) {
        let key = OfferKey::new(to, giving, want);
        if !self.0.contains(&key) {
            self.0.push(key);
        }
    }

    /// Whether no offer was refused.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The offers on the table as they were made, and the refusals heard so far.
#[derive(Default)]
struct Heard {
    open: Vec<(u32, OfferKey)>,
    refused: Refusals,
}

impl Heard {
    /// Takes in one action's events: `player`'s offers as made, then refused (declined by
    /// the player asked) or accepted (a refusal of the same offer then no longer stands).
    fn hear(&mut self, player: usize, events: &[Event]) {
        for event in events {
            match event {
                Event::Offered {
                    offer,
                    from,
                    to,
                    give,
                    want,
                } if *from == player => self.open.push((*offer, OfferKey::new(*to, give, want))),
                Event::OfferClosed { offer, why } => {
                    let closed = self.take(*offer);
                    if let (Some(r), OfferClosed::Declined) = (closed, why)
                        && !self.refused.0.contains(&r)
                    {
                        self.refused.0.push(r);
                    }
                }
                Event::Traded { offer, .. } => {
                    if let Some(r) = self.take(*offer) {
                        self.refused.0.retain(|x| *x != r);
                    }
                }
                _ => {}
            }
        }
    }

    fn take(&mut self, offer: u32) -> Option<OfferKey> {
        let i = self.open.iter().position(|(id, _)| *id == offer)?;
        Some(self.open.swap_remove(i).1)
    }
}
