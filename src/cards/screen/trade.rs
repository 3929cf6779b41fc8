//! Trading in hot-seat: composing an offer, and answering one.
//!
//! Offers are made of exact cards on the proposer's side and bean kinds on the other, as the
//! engine wants them; these types only hold what has been chosen so far, so every step can be
//! changed or cancelled until both players agree.

use crate::cards::screen::table::clockwise;
use crate::cards::{Action, BeanKind, CardRef, GameState};

/// Which column of the offer composer has the cursor.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Column {
    /// The proposer's cards: turned-over cards (active player only) and hand cards.
    Give,
    /// The bean kinds wanted in return.
    Want,
    /// Who the offer is made to.
    To,
}

/// The cards `player` could give in a trade now, where they lie: the turned-over cards first
/// (only the active player's), then the hand front to back.
pub fn tradeable(state: &GameState, player: usize) -> Vec<(CardRef, BeanKind)> {
    let mut out = Vec::new();
    if player == state.active_player() {
        out.extend(
            state
                .face_up()
                .iter()
                .enumerate()
                .map(|(i, &k)| (CardRef::FaceUp(i), k)),
        );
    }
    out.extend(
        state
            .player(player)
            .hand()
            .iter()
            .enumerate()
            .map(|(i, k)| (CardRef::Hand(i), k)),
    );
    out
}

/// The bean kinds that are in play, so can be asked for.
pub fn kinds_in_play(state: &GameState) -> Vec<BeanKind> {
    state
        .ruleset()
        .deck_counts(state.player_count())
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, _)| BeanKind::new(k))
        .collect()
}

/// Who `player` may make an offer to: anyone for the active player, else only the active player.
pub fn partners(state: &GameState, player: usize) -> Vec<usize> {
    let n = state.player_count();
    let active = state.active_player();
    if player == active {
        clockwise(active, n).skip(1).collect()
    } else {
        vec![active]
    }
}

/// An offer being put together: nothing is on the table until it is sent.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Composer {
    /// Who makes the offer (the player at the keyboard).
    pub proposer: usize,
    /// Who it is made to: one player, or several asked the same at once ("Soy for a Red?").
    pub to: Vec<usize>,
    /// Cursor row in the to column, over [`partners`].
    pub to_row: usize,
    /// The cards given, as positions in [`tradeable`].
    pub give: Vec<usize>,
    /// How many of each kind in play are wanted, indexed like [`kinds_in_play`].
    pub want: Vec<u32>,
    /// The column with the cursor.
    pub column: Column,
    /// Cursor row in the give column.
    pub give_row: usize,
    /// Cursor row in the want column.
    pub want_row: usize,
    /// The offer this counters: sending declines it and makes this offer in one step.
    pub counter: Option<u32>,
}

impl Composer {
    /// A blank offer by `proposer`, made to the next player clockwise (or to the active player).
    pub fn new(state: &GameState, proposer: usize) -> Composer {
        Composer {
            proposer,
            to: vec![partners(state, proposer)[0]],
            to_row: 0,
            give: Vec::new(),
            want: vec![0; kinds_in_play(state).len()],
            column: Column::Give,
            give_row: 0,
            want_row: 0,
            counter: None,
        }
    }

    /// A counter-offer to offer `answered` from `to`, asking by default for the cards
    /// they offered.
    pub fn counter(
        state: &GameState,
        proposer: usize,
        answered: u32,
        to: usize,
        wanted: &[BeanKind],
    ) -> Self {
        let mut c = Composer::new(state, proposer);
        c.to = vec![to];
        c.to_row = partners(state, proposer)
            .iter()
            .position(|&p| p == to)
            .unwrap_or(0);
        c.counter = Some(answered);
        let kinds = kinds_in_play(state);
        for k in wanted {
            if let Some(i) = kinds.iter().position(|x| x == k) {
                c.want[i] += 1;
            }
        }
        c
    }

    /// The kinds wanted, as a list with repeats.
    pub fn wanted(&self, state: &GameState) -> Vec<BeanKind> {
        kinds_in_play(state)
            .into_iter()
            .zip(&self.want)
            .flat_map(|(k, &n)| std::iter::repeat_n(k, n as usize))
            .collect()
    }

    /// The cards given, with their kinds, in the order they lie.
    pub fn given(&self, state: &GameState) -> Vec<(CardRef, BeanKind)> {
        chosen_cards(state, self.proposer, &self.give)
    }

    /// The engine action that puts this offer to `to` on the table.
    pub fn action_to(&self, state: &GameState, to: usize) -> Action {
        Action::Propose {
            to,
            give: self.given(state).into_iter().map(|(r, _)| r).collect(),
            want: self.wanted(state).into(),
        }
    }

    /// Asks only `player` (its digit).
    pub fn ask_only(&mut self, state: &GameState, player: usize) {
        self.to = vec![player];
        if let Some(i) = partners(state, self.proposer)
            .iter()
            .position(|&p| p == player)
        {
            self.to_row = i;
        }
    }

    /// Adds or removes the player under the to cursor from those asked.
    pub fn toggle_to(&mut self, state: &GameState) {
        if let Some(&p) = partners(state, self.proposer).get(self.to_row) {
            toggle(&mut self.to, p);
        }
    }

    /// Asks everyone the proposer may ask.
    pub fn ask_everyone(&mut self, state: &GameState) {
        self.to = partners(state, self.proposer);
    }

    /// Adds or removes the card under the give cursor.
    pub fn toggle_give(&mut self) {
        toggle(&mut self.give, self.give_row);
    }
}

/// An offer being answered by the player it was made to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Answer {
    /// The offer's number.
    pub offer: u32,
    /// The player answering.
    pub player: usize,
    /// The cards chosen to give, as positions in [`tradeable`].
    pub chosen: Vec<usize>,
    /// Cursor over [`tradeable`].
    pub cursor: usize,
}

impl Answer {
    /// Starts answering `offer`, with the frontmost cards that match what it wants chosen.
    pub fn new(state: &GameState, offer: u32) -> Option<Answer> {
        let o = state.offers().iter().find(|o| o.id == offer)?;
        let cards = tradeable(state, o.to);
        let chosen: Vec<usize> = state
            .frontmost_match(o.to, &o.want)
            .unwrap_or_default()
            .iter()
            .filter_map(|r| cards.iter().position(|(c, _)| c == r))
            .collect();
        Some(Answer {
            offer,
            player: o.to,
            cursor: chosen.first().copied().unwrap_or(0),
            chosen,
        })
    }

    /// Adds or removes the card under the cursor.
    pub fn toggle(&mut self) {
        toggle(&mut self.chosen, self.cursor);
    }

    /// The cards chosen, as the engine names them.
    pub fn give(&self, state: &GameState) -> Vec<CardRef> {
        let cards = chosen_cards(state, self.player, &self.chosen);
        cards.into_iter().map(|(c, _)| c).collect()
    }

    /// Whether the player holds more cards of a wanted kind than the offer wants, so must choose.
    pub fn has_choice(&self, state: &GameState) -> bool {
        let Some(o) = state.offers().iter().find(|o| o.id == self.offer) else {
            return false;
        };
        let cards = tradeable(state, self.player);
        o.want.iter().any(|k| {
            let wanted = o.want.iter().filter(|w| *w == k).count();
            cards.iter().filter(|(_, c)| c == k).count() > wanted
        })
    }
}

/// Takes `x` out of `chosen`, or adds it where it is not there: Space on a card or a player.
fn toggle(chosen: &mut Vec<usize>, x: usize) {
    match chosen.iter().position(|&c| c == x) {
        Some(i) => {
            chosen.remove(i);
        }
        None => chosen.push(x),
    }
}

/// The cards of `player` at the positions `rows` in [`tradeable`], with their kinds, in the
/// order they lie (whatever order they were chosen in).
fn chosen_cards(state: &GameState, player: usize, rows: &[usize]) -> Vec<(CardRef, BeanKind)> {
    let cards = tradeable(state, player);
    let mut rows = rows.to_vec();
    rows.sort_unstable();
    rows.into_iter()
        .filter_map(|r| cards.get(r).copied())
        .collect()
}
