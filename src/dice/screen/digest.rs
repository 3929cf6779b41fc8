//! What the bots did while a person waited at the dice table, said in one line when the
//! keyboard comes back to a person after another player's turn ("While you waited: …"), as
//! at the card table. Every move is in the log as well; the digest is what a person glancing
//! back at the screen needs: who rolled, completed orders and harvested.

use crate::dice::{DiceEvent, Seat};
use crate::ui::shares::Shares;
use crate::ui::view::fit::cut;
use crate::ui::words::plural;

/// One bot's share of a stretch of bot moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct BotShare {
    rolls: usize,
    orders: usize,
    dollars: u32,
}

/// The bot moves played since a person last acted or was last told of them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct DiceDigest(Shares<BotShare>);

impl DiceDigest {
    /// Notes bot `seat`'s move and what it did (`events`). Orders a bot completes on
    /// another player's roll count as its own.
    pub fn note(&mut self, seat: Seat, events: &[DiceEvent]) {
        let shares = &mut self.0;
        shares.moved(seat);
        for event in events {
            match *event {
                DiceEvent::TurnStarted { .. } => shares.turn_began(),
                DiceEvent::Rolled { seat, .. } => shares.share(seat).rolls += 1,
                DiceEvent::OrdersCovered { seat, count, .. } => shares.share(seat).orders += count,
                DiceEvent::Harvested { seat, dollars, .. } => shares.share(seat).dollars += dollars,
                _ => {}
            }
        }
    }

    /// What to say when the keyboard comes back, emptying the digest; `None` while no other
    /// player's turn began (a bot harvesting on a person's turn is no wait).
    pub fn told(&mut self, names: &[String]) -> Option<Waited> {
        let (moved, moves) = self.0.take()?;
        let shares = moved
            .into_iter()
            .map(|(seat, s)| (names.get(seat).map_or("?", String::as_str).to_string(), s))
            .collect();
        Some(Waited { shares, moves })
    }
}

/// What the bots did while a person waited, said until that person's next move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Waited {
    /// Each bot's name and share.
    shares: Vec<(String, BotShare)>,
    /// How many moves they made, all in the log.
    moves: usize,
}

impl Waited {
    /// The line in at most `w` characters, the first of these that fits: in words with the
    /// count of moves, in words alone, in short ("Ben 3 rolls, 2 orders, 4$"); else the
    /// short form cut at the end.
    pub fn line(&self, w: usize) -> String {
        let count = format!(" {} in the log (l).", plural(self.moves, "move", "moves"));
        let said = |words: fn(&BotShare) -> String| -> String {
            let shares: Vec<String> = self
                .shares
                .iter()
                .map(|(name, s)| format!("{name} {}", words(s)))
                .collect();
            format!("While you waited: {}.", shares.join("; "))
        };
        let (long, short) = (said(share_words), said(short_words));
        let tries = [format!("{long}{count}"), long, short];
        match tries.iter().find(|t| t.chars().count() <= w) {
            Some(fits) => fits.clone(),
            None => cut(&tries[2], w),
        }
    }
}

/// What one bot did: "rolled 3 times, completed 2 orders, harvested 4$".
fn share_words(s: &BotShare) -> String {
    let mut parts = vec![match s.rolls {
        1 => "rolled once".to_string(),
        2 => "rolled twice".to_string(),
        n => format!("rolled {n} times"),
    }];
    if s.orders > 0 {
        parts.push(format!("completed {}", plural(s.orders, "order", "orders")));
    }
    if s.dollars > 0 {
        parts.push(format!("harvested {}$", s.dollars));
    }
    parts.join(", ")
}

/// The same in short: "3 rolls, 2 orders, 4$".
fn short_words(s: &BotShare) -> String {
    let mut parts = vec![plural(s.rolls, "roll", "rolls")];
    if s.orders > 0 {
        parts.push(plural(s.orders, "order", "orders"));
    }
    if s.dollars > 0 {
        parts.push(format!("{}$", s.dollars));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Ana", "Ben", "Cy"].map(String::from).to_vec()
    }

    fn rolled(seat: Seat) -> DiceEvent {
        DiceEvent::Rolled {
            seat,
            dice: Vec::new(),
            repeated: false,
        }
    }

    #[test]
    fn a_digest_says_who_rolled_completed_and_harvested() {
        let mut d = DiceDigest::default();
        d.note(1, &[DiceEvent::TurnStarted { seat: 1 }, rolled(1)]);
        d.note(
            1,
            &[
                rolled(1),
                DiceEvent::OrdersCovered {
                    seat: 2,
                    count: 2,
                    covered: 2,
                },
            ],
        );
        d.note(
            2,
            &[DiceEvent::Harvested {
                seat: 2,
                orders: 2,
                dollars: 3,
                total: 3,
                new_bottom: 0,
            }],
        );
        assert_eq!(
            d.told(&names()).map(|t| t.line(200)).as_deref(),
            Some(
                "While you waited: Ben rolled twice; Cy rolled 0 times, completed 2 orders, \
                 harvested 3$. 3 moves in the log (l)."
            )
        );
        assert_eq!(d, DiceDigest::default(), "told once");
    }

    #[test]
    fn a_narrow_screen_loses_the_count_then_the_words_then_the_end() {
        let mut d = DiceDigest::default();
        d.note(1, &[DiceEvent::TurnStarted { seat: 1 }, rolled(1)]);
        d.note(2, &[rolled(2)]);
        let waited = d.told(&names()).expect("a turn began");
        let lines: Vec<String> = [80, 50, 49, 30].map(|w| waited.line(w)).to_vec();
        assert_eq!(
            lines,
            [
                "While you waited: Ben rolled once; Cy rolled once. 2 moves in the log (l).",
                "While you waited: Ben rolled once; Cy rolled once.",
                "While you waited: Ben 1 roll; Cy 1 roll.",
                "While you waited: Ben 1 roll;…",
            ]
        );
    }

    #[test]
    fn no_digest_without_another_turn() {
        let mut d = DiceDigest::default();
        d.note(1, &[rolled(1)]);
        assert_eq!(d.told(&names()), None);
    }
}
