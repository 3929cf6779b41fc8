//! A saved game's review, started the one way by every place that offers it: the table on
//! screen after a game (`r`, or `v` on the saved games list), the linear mode's `review`
//! and `bohnanza review FILE`. So for the same save they judge the same decisions from the
//! same seed on the same budget, and list the same entries with the same figures.

use crate::coach::{Coached, DEFAULT_SAMPLES, Reviewing, review};
use crate::game::Tape;

use super::{SavedGame, SavedSeat};

/// The review of `game` (its record played again as `tape`) for the seats in `players`:
/// every decision judged on `samples` sampled deals from the game's seed, the costly ones
/// judged again on the hint's budget ([`DEFAULT_SAMPLES`]), and every decision the tutor
/// asked about ([`SavedGame::tutor_asked`]) judged on the hint's budget at once, whatever
/// the first few deals would say.
pub fn review_saved<G: Coached>(
    tape: &Tape<G>,
    game: &SavedGame,
    players: &[usize],
    samples: u32,
) -> Reviewing<G> {
    review(
        tape,
        &game.names,
        players,
        game.seed,
        samples,
        DEFAULT_SAMPLES,
    )
    .confirming(&game.tutor_asked)
}

/// The seats whose decisions a review of `game` judges: the people's, or every seat's
/// where bots played them all.
pub fn reviewed_seats(game: &SavedGame) -> Vec<usize> {
    let people: Vec<usize> = (0..game.seats.len())
        .filter(|&s| game.seats[s] == SavedSeat::Human)
        .collect();
    if people.is_empty() {
        (0..game.names.len()).collect()
    } else {
        people
    }
}
