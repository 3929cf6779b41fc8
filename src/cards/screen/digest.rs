//! What the bots did while a person waited, said in one line when the keyboard comes back
//! to a person after another player's turn ("While you waited: …"). Every move is in the
//! log as well; the digest is what a person glancing back at the screen needs: who
//! planted, traded and earned coins.

use crate::cards::Event;
use crate::ui::shares::Shares;
use crate::ui::words::plural;

/// One bot's share of a stretch of bot moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Share {
    planted: usize,
    trades: usize,
    coins: u32,
}

/// The bot moves played since a person last acted or was last told of them.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Digest(Shares<Share>);

impl Digest {
    /// Notes bot `player`'s move and what it did (`events`).
    pub fn note(&mut self, player: usize, events: &[Event]) {
        let shares = &mut self.0;
        shares.moved(player);
        for event in events {
            match *event {
                Event::TurnBegan { .. } => shares.turn_began(),
                Event::Planted { player: p, .. } => shares.share(p).planted += 1,
                Event::Traded { from, to, .. } => {
                    shares.share(from).trades += 1;
                    shares.share(to).trades += 1;
                }
                Event::Harvested {
                    player: p, coins, ..
                } => shares.share(p).coins += coins,
                _ => {}
            }
        }
    }

    /// The line to show when the keyboard comes back, emptying the digest; `None` while no
    /// other player's turn began (a bot answering a person's offer is no wait).
    pub fn told(&mut self, names: &[String]) -> Option<String> {
        let (moved, moves) = self.0.take()?;
        let said: Vec<String> = moved
            .iter()
            .map(|(p, s)| {
                let name = names.get(*p).map_or("?", String::as_str);
                format!("{name} {}", share_words(s))
            })
            .collect();
        Some(format!(
            "While you waited: {}. {} in the log (l).",
            said.join("; "),
            plural(moves, "move", "moves")
        ))
    }
}

/// What one bot did: "planted 3, traded twice, earned 2 coins".
fn share_words(s: &Share) -> String {
    let mut parts = vec![format!("planted {}", s.planted)];
    match s.trades {
        0 => {}
        1 => parts.push("traded once".to_string()),
        2 => parts.push("traded twice".to_string()),
        n => parts.push(format!("traded {n} times")),
    }
    if s.coins > 0 {
        parts.push(format!(
            "earned {}",
            plural(s.coins as usize, "coin", "coins")
        ));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::BeanKind;

    fn names() -> Vec<String> {
        ["Ana", "Ben", "Cy"].map(String::from).to_vec()
    }

    #[test]
    fn a_digest_says_who_planted_traded_and_earned() {
        let mut d = Digest::default();
        let kind = BeanKind(0);
        d.note(1, &[Event::TurnBegan { player: 1 }]);
        d.note(
            1,
            &[Event::Planted {
                player: 1,
                card: kind,
                field: 0,
            }],
        );
        d.note(
            2,
            &[Event::Traded {
                offer: 1,
                from: 1,
                to: 2,
                gave: Default::default(),
                got: Default::default(),
            }],
        );
        d.note(
            2,
            &[Event::Harvested {
                player: 2,
                field: 0,
                card: kind,
                cards: 4,
                coins: 2,
            }],
        );
        assert_eq!(
            d.told(&names()).as_deref(),
            Some(
                "While you waited: Ben planted 1, traded once; Cy planted 0, traded once, \
                 earned 2 coins. 4 moves in the log (l)."
            )
        );
        assert_eq!(d, Digest::default(), "told once");
    }

    #[test]
    fn no_digest_without_another_turn() {
        let mut d = Digest::default();
        d.note(
            1,
            &[Event::Planted {
                player: 1,
                card: BeanKind(0),
                field: 0,
            }],
        );
        assert_eq!(d.told(&names()), None);
    }
}
