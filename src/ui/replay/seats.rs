//! Who sits in each seat of a game continued from the replay cursor (`c`): each seat a
//! person or one of the game's bots, chosen before the new game starts.

use crate::store::SavedSeat;

/// The seats of the game to continue, one kind chosen per seat among the game's kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChooser {
    /// The players' names, made safe to show.
    pub names: Vec<String>,
    /// The kinds a seat may be, the person first.
    pub kinds: Vec<SavedSeat>,
    /// The kind chosen for each seat, an index into [`SeatChooser::kinds`].
    pub chosen: Vec<usize>,
    /// The seat the cursor is on.
    pub row: usize,
}

impl SeatChooser {
    /// The chooser on seats played as `seats`, among `kinds` (a seat whose kind is not
    /// among them starts as the first).
    pub fn new(names: Vec<String>, seats: &[SavedSeat], kinds: Vec<SavedSeat>) -> SeatChooser {
        let chosen = seats
            .iter()
            .map(|s| kinds.iter().position(|k| k == s).unwrap_or(0))
            .collect();
        SeatChooser {
            names,
            kinds,
            chosen,
            row: 0,
        }
    }

    /// Moves the cursor one seat up (`-1`) or down (`1`), round the table.
    pub fn move_row(&mut self, delta: isize) {
        let n = self.chosen.len().max(1) as isize;
        self.row = (self.row as isize + delta).rem_euclid(n) as usize;
    }

    /// Steps the kind of the seat under the cursor (`delta` ±1) round the kinds.
    pub fn change(&mut self, delta: isize) {
        let n = self.kinds.len().max(1) as isize;
        if let Some(k) = self.chosen.get_mut(self.row) {
            *k = (*k as isize + delta).rem_euclid(n) as usize;
        }
    }

    /// The seats as chosen.
    pub fn seats(&self) -> Vec<SavedSeat> {
        self.chosen.iter().map(|&k| self.kinds[k].clone()).collect()
    }

    /// How a seat kind is said: "human", "greedy bot".
    pub fn describe(kind: &SavedSeat) -> String {
        match kind {
            SavedSeat::Human => "human".to_string(),
            SavedSeat::Bot(name) => format!("{} bot", crate::text::sanitize(name)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_step_round_and_rows_wrap() {
        let kinds = vec![SavedSeat::Human, SavedSeat::Bot("greedy".into())];
        let seats = [SavedSeat::Bot("greedy".into()), SavedSeat::Human];
        let mut c = SeatChooser::new(vec!["Ana".into(), "Ben".into()], &seats, kinds);
        assert_eq!(c.chosen, [1, 0]);
        c.change(1);
        c.move_row(-1);
        c.change(-1);
        assert_eq!(
            c.seats(),
            [SavedSeat::Human, SavedSeat::Bot("greedy".into())]
        );
        assert_eq!(c.row, 1);
    }
}
