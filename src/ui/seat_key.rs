//! The key that takes a seat at a hand-off: one that names the player.
//!
//! Enter and Space are the keys people press, and hold, to hurry a bot or to play on; a
//! hand-off that took them would show the next hand to whoever was pressing. So a seat is
//! taken only by a key that says whose it is: the player's initial, or their seat number
//! (1 for the first seat). Two players who share an initial take their seats by number
//! only, and the hand-off says so.

use crossterm::event::KeyCode;

/// The keys that take one player's seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SeatKey {
    /// The player's initial, upper case, when no other player's name starts with it.
    pub initial: Option<char>,
    /// The player's seat number, 1 to 9, as a key.
    pub number: Option<char>,
    /// Whether another player shares the initial (so the number alone takes the seat).
    pub shared: bool,
}

/// The first letter of `name`, upper case, if it starts with a letter.
fn initial(name: &str) -> Option<char> {
    let first = name.chars().next()?;
    first
        .is_alphabetic()
        .then(|| first.to_uppercase().next().unwrap_or(first))
}

impl SeatKey {
    /// The keys of seat `seat` at a table whose players are `names`.
    pub fn of(names: &[String], seat: usize) -> SeatKey {
        let own = names.get(seat).and_then(|n| initial(n));
        let shared = own.is_some_and(|c| {
            names
                .iter()
                .enumerate()
                .any(|(i, n)| i != seat && initial(n) == Some(c))
        });
        SeatKey {
            initial: own.filter(|_| !shared),
            number: char::from_digit(seat as u32 + 1, 10).filter(|_| seat < 9),
            shared,
        }
    }

    /// Whether `code` takes the seat: the initial in either case, or the seat number.
    pub fn takes(&self, code: KeyCode) -> bool {
        let KeyCode::Char(c) = code else {
            return false;
        };
        let upper = c.to_uppercase().next().unwrap_or(c);
        self.initial == Some(upper) || self.number == Some(c)
    }

    /// The keys as the key bar names them: "B or 2", "2".
    pub fn named(&self) -> String {
        match (self.initial, self.number) {
            (Some(i), Some(n)) => format!("{i} or {n}"),
            (Some(i), None) => i.to_string(),
            (None, Some(n)) => n.to_string(),
            (None, None) => String::new(),
        }
    }

    /// "press B or 2", and why only the number when the initial is shared.
    pub fn press(&self, name: &str) -> String {
        let keys = self.named();
        if self.shared {
            format!(
                "press {keys} (another name starts with {}, so by seat number)",
                initial(name).unwrap_or('?')
            )
        } else {
            format!("press {keys}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_seat_is_taken_by_the_players_initial_or_seat_number() {
        let table = names(&["Ana", "Ben", "Cy"]);
        let ben = SeatKey::of(&table, 1);
        assert!(ben.takes(KeyCode::Char('B')));
        assert!(ben.takes(KeyCode::Char('b')));
        assert!(ben.takes(KeyCode::Char('2')));
        assert_eq!(ben.press("Ben"), "press B or 2");
        for other in [
            KeyCode::Enter,
            KeyCode::Char(' '),
            KeyCode::Char('a'),
            KeyCode::Char('1'),
            KeyCode::Char('3'),
            KeyCode::Esc,
        ] {
            assert!(!ben.takes(other), "{other:?} must not take Ben's seat");
        }
    }

    #[test]
    fn players_who_share_an_initial_take_their_seats_by_number_only() {
        let table = names(&["Ben", "Bea", "Cy"]);
        let bea = SeatKey::of(&table, 1);
        assert!(!bea.takes(KeyCode::Char('b')));
        assert!(bea.takes(KeyCode::Char('2')));
        assert_eq!(
            bea.press("Bea"),
            "press 2 (another name starts with B, so by seat number)"
        );
        assert_eq!(SeatKey::of(&table, 2).named(), "C or 3");
    }

    #[test]
    fn a_name_without_a_letter_first_is_taken_by_number() {
        let table = names(&["7up", "Ana"]);
        assert_eq!(SeatKey::of(&table, 0).named(), "1");
    }
}
