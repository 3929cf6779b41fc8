//! What the program prints on the ordinary terminal once the game screen has closed.

use crate::engine::Outcome;
use crate::text::sanitize;

use super::Game;

/// The final scores, one line per seat, the winners marked. Names are made safe again here:
/// this text goes to the terminal raw, outside the screen's cells.
pub fn final_scores(game: &Game, outcome: &Outcome) -> String {
    let mut lines = String::new();
    for (p, c) in outcome.coins.iter().enumerate() {
        let won = if outcome.winners.contains(&p) {
            "  (winner)"
        } else {
            ""
        };
        lines.push_str(&format!(
            "{:<14}{c:>3} bean dollars{won}\n",
            sanitize(game.name(p))
        ));
    }
    lines
}
