//! `--position FILE`: a game opened at a position, of whichever game the rules are.

use crate::cli::names_problem;
use crate::cli::new_game::Opening;
use crate::cli::random_seed;
use std::path::Path;
use std::sync::Arc;

use bohnanza::cards::MAX_POSITION_BYTES;
use bohnanza::rules::Rules;
use bohnanza::rules::WorkWithRules;
use bohnanza::ui::screen::{GameScreen, OnScreen};

/// The game `--position FILE` opens, playing `rules`: the table from the flags and the file
/// (which must agree: a file that seats players decides how many), every hand shown unless
/// `--hide-hands`, saved like any other game. The file is read with a bound on its size; a
/// pipe or a device is refused ([`bohnanza::user_file`]).
pub fn game_at_position(
    mut opening: Opening,
    rules: &Rules,
    file: &Path,
) -> Result<Box<dyn GameScreen>, String> {
    let bytes = bohnanza::user_file::read(file, MAX_POSITION_BYTES).map_err(|e| e.to_string())?;
    opening.args.open_hands = !opening.args.hide_hands;
    rules.dispatch(AtPosition { opening, bytes })
}

/// A table to open at the position in a file's `bytes`.
struct AtPosition<'a> {
    opening: Opening<'a>,
    bytes: Vec<u8>,
}

impl<G: OnScreen> WorkWithRules<G> for AtPosition<'_> {
    type Output = Result<Box<dyn GameScreen>, String>;

    fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
        let placed = G::read_position(&self.bytes)?;
        let args = &self.opening.args;
        let players = match (args.table.seated(), placed.players) {
            (Some(p), 0) => p,
            (Some(p), given) if p != given => {
                return Err(format!(
                    "players: the position seats {given} players, not {p}"
                ));
            }
            (_, 0) => G::player_counts(rules).first().copied().unwrap_or(0),
            (_, given) => given,
        };
        let seats = self.opening.seats::<G>(players);
        if let (None, Some(given)) = (&args.table.names, &placed.names)
            && let Some(problem) = names_problem("the position", given, players)
        {
            return Err(problem);
        }
        let names = args.table.names.clone().or(placed.names);
        let seed = args.table.seed.or(placed.seed).unwrap_or_else(random_seed);
        let (config, saver) = self.opening.config::<G>(rules, seats, names, seed);
        G::table_at(config, placed.position, saver)
    }
}
