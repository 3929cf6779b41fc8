//! What the program prints on the ordinary terminal once the game screen has closed, the
//! same for the card games and the dice game.

use crate::game::PlayOutcome;
use crate::text::sanitize;

/// The final scores, one line per seat, the winners marked. Names are made safe again here:
/// this text goes to the terminal raw, outside the screen's cells.
pub fn final_scores(names: &[String], outcome: &PlayOutcome) -> String {
    let mut lines = String::new();
    for (p, score) in outcome.scores.iter().enumerate() {
        let won = if outcome.winners.contains(&p) {
            "  (winner)"
        } else {
            ""
        };
        let name = names.get(p).map_or("?", String::as_str);
        let unit = if *score == 1 {
            "bean dollar"
        } else {
            "bean dollars"
        };
        lines.push_str(&format!("{:<14}{score:>3} {unit}{won}\n", sanitize(name)));
    }
    lines
}
