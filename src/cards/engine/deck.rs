//! The draw pile and the discard pile, with reshuffles and the count of times the draw pile ran out.

use super::bean::BeanKind;
use super::event::Event;
use super::event_kind::EventKind;
use super::event_sink::EventSink;
use super::shuffle::Shuffler;

/// The shared piles in the middle of the table.
///
/// The draw pile's top is the end of its vector, as is the discard pile's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Deck {
    draw: Vec<BeanKind>,
    discard: Vec<BeanKind>,
    runs_out: u32,
    ends_after: u32,
    shuffler: Shuffler,
}

impl Deck {
    /// A deck whose draw pile is `draw` (top last); the game ends after it runs out `ends_after` times.
    pub(crate) fn new(
        draw: Vec<BeanKind>,
        discard: Vec<BeanKind>,
        runs_out: u32,
        ends_after: u32,
        shuffler: Shuffler,
    ) -> Self {
        Deck {
            draw,
            discard,
            runs_out,
            ends_after,
            shuffler,
        }
    }

    /// Empties both piles and starts the random stream again with `shuffler`, keeping the
    /// piles' storage, for a new game dealt in place.
    pub(crate) fn start_again(&mut self, shuffler: Shuffler) {
        self.draw.clear();
        self.discard.clear();
        self.runs_out = 0;
        self.shuffler = shuffler;
    }

    /// Lays out a new game's draw pile with `fill` (given the empty pile) and shuffles it.
    pub(crate) fn lay_out(&mut self, fill: impl FnOnce(&mut Vec<BeanKind>)) {
        fill(&mut self.draw);
        self.shuffler.shuffle(&mut self.draw);
    }

    /// Takes the top card to deal it: dealing never runs the pile out.
    #[inline]
    pub(crate) fn deal_top(&mut self) -> Option<BeanKind> {
        self.draw.pop()
    }

    /// The random stream, to shuffle the order cards with the deal.
    pub(crate) fn shuffler_mut(&mut self) -> &mut Shuffler {
        &mut self.shuffler
    }

    /// Cards left in the draw pile.
    #[inline]
    pub fn draw_pile_len(&self) -> usize {
        self.draw.len()
    }

    /// The draw pile, bottom first (top last). Hidden from players; for testers and checks.
    pub fn draw_pile(&self) -> &[BeanKind] {
        &self.draw
    }

    /// The discard pile, bottom first (top last). Face up: anyone may look.
    pub fn discard_pile(&self) -> &[BeanKind] {
        &self.discard
    }

    /// How many times the draw pile has run out so far.
    #[inline]
    pub fn runs_out(&self) -> u32 {
        self.runs_out
    }

    /// How many times the draw pile may run out before the game ends.
    #[inline]
    pub fn ends_after(&self) -> u32 {
        self.ends_after
    }

    /// Where the reshuffles' random stream stands.
    pub(crate) fn shuffler(&self) -> &Shuffler {
        &self.shuffler
    }

    /// Whether the draw pile has run out for the last time: nothing more is drawn.
    #[inline]
    pub fn exhausted(&self) -> bool {
        self.runs_out >= self.ends_after
    }

    /// Takes the top `n` cards at once where none of them is the pile's last (the pile holds
    /// more than `n`, so taking them cannot run it out), handing them to `take` as they lay,
    /// top card last. Returns whether it did; if not, the caller draws one card at a time
    /// ([`Deck::draw`]), which may run the pile out. The cards are read as one slice and the
    /// pile cut once, rather than each card popped and stored through a vector that must be
    /// read again after every card.
    #[inline]
    pub(crate) fn take_top(&mut self, n: usize, take: impl FnOnce(&[BeanKind])) -> bool {
        let len = self.draw.len();
        if len <= n {
            return false;
        }
        let from = len - n;
        take(&self.draw[from..]);
        self.draw.truncate(from);
        true
    }

    /// Takes the top card and reports it with `seen` (a draw or a turn-over, of `kind`), then reshuffles
    /// the discard pile into a new draw pile if that was the last card, so events read in the
    /// order things happen. Returns `None` once the draw pile has run out for the last time.
    #[inline]
    pub(crate) fn draw(
        &mut self,
        events: &mut impl EventSink,
        kind: EventKind,
        seen: impl FnOnce(BeanKind) -> Event,
    ) -> Option<BeanKind> {
        // Nearly every draw takes a card that is not the pile's last: no running out to
        // check, so it is done here, where the caller inlines it.
        if self.draw.len() > 1
            && let Some(card) = self.draw.pop()
        {
            events.report(kind, || seen(card));
            return Some(card);
        }
        self.draw_near_the_end(events, kind, seen)
    }

    /// [`Deck::draw`] when the draw pile holds one card or none: it may run out, reshuffle or
    /// be exhausted.
    #[inline(never)]
    fn draw_near_the_end(
        &mut self,
        events: &mut impl EventSink,
        kind: EventKind,
        seen: impl FnOnce(BeanKind) -> Event,
    ) -> Option<BeanKind> {
        // An empty pile that is not yet exhausted comes from reshuffling an empty discard
        // pile; finding it empty again counts as running out again, so the game always ends.
        while self.draw.is_empty() {
            if self.exhausted() {
                return None;
            }
            self.run_out(events);
        }
        let card = self.draw.pop();
        if let Some(card) = card {
            events.report(kind, || seen(card));
        }
        if self.draw.is_empty() {
            self.run_out(events);
        }
        card
    }

    fn run_out(&mut self, events: &mut impl EventSink) {
        self.runs_out += 1;
        events.report(EventKind::DrawPileRanOut, || Event::DrawPileRanOut {
            times: self.runs_out,
        });
        if !self.exhausted() {
            std::mem::swap(&mut self.draw, &mut self.discard);
            self.shuffler.shuffle(&mut self.draw);
            events.report(EventKind::Reshuffled, || Event::Reshuffled {
                cards: self.draw.len(),
            });
        }
    }

    /// Takes the top card of the discard pile (the bean duel pulls matching cards from it).
    #[inline]
    pub(crate) fn take_discard_top(&mut self) -> Option<BeanKind> {
        self.discard.pop()
    }

    /// Puts cards face up on the discard pile. One at a time: a harvest discards a few
    /// cards, too few for a call to fill memory to pay.
    #[inline]
    pub(crate) fn discard(&mut self, kind: BeanKind, count: usize) {
        for _ in 0..count {
            self.discard.push(kind);
        }
    }
}
