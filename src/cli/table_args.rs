//! The flags that describe a new table, the same for a game on screen (`bohnanza`) and a
//! hosted one (`bohnanza host`).

use crate::cli::players_for_seats;
use std::path::PathBuf;

use clap::Args;

use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::store::RulesetSource;

/// Which rules a new game plays, how many sit at the table, who they are and the shuffle.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Play this built-in variant (see `bohnanza variants`).
    #[arg(long, value_name = "NAME", conflicts_with = "ruleset",
          value_parser = clap::builder::PossibleValuesParser::new(
              bohnanza::rules::variant_names()))]
    pub variant: Option<String>,
    /// Play a custom ruleset file (TOML; check it with `bohnanza check FILE`).
    #[arg(long, value_name = "FILE.toml")]
    pub ruleset: Option<PathBuf>,
    /// How many players sit at the table (within the variant's range).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=32))]
    pub players: Option<u8>,
    /// The players' names in seat order, comma separated (Ana,Ben,Cy).
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub names: Option<Vec<String>>,
    /// Shuffle with this seed, to replay the same deal.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Who plays each seat, comma separated: human (at this keyboard, or for a hosted game a
    /// person joining with a code), or for the card games the bot levels easy, normal, hard
    /// and expert, or random, greedy and mcts by name (human,normal,hard,expert); in the dice
    /// game human, random, greedy, expect or strong. Sets the number of players unless
    /// --players does.
    #[arg(long, value_name = "SEATS", value_delimiter = ',')]
    pub seats: Option<Vec<String>>,
}

impl TableArgs {
    /// Whether any flag says what the table is (without one, the setup screen asks).
    pub fn describe_a_table(&self) -> bool {
        self.variant.is_some()
            || self.ruleset.is_some()
            || self.players.is_some()
            || self.names.is_some()
            || self.seats.is_some()
    }

    /// The rules of `--ruleset`, else of `--variant` (the default variant without either),
    /// loaded once, and their source for the save; the error is ready to print
    /// ([`Rules::from_file_text`]).
    pub fn rules(&self) -> Result<(Rules, RulesetSource), String> {
        if let Some(file) = &self.ruleset {
            let typed = file.display().to_string();
            let toml = rulesets::read_file(file).map_err(|e| format!("bohnanza: {e}"))?;
            let rules = Rules::from_file_text(&typed, &toml)?;
            // The save names the file by its whole path, so `export` run from another folder
            // names a file `script` finds, and checks the game against that file.
            let origin = std::path::absolute(file).map_or(typed, |p| p.display().to_string());
            return Ok((rules, RulesetSource { origin, toml }));
        }
        let name = self.variant.as_deref().unwrap_or(rulesets::DEFAULT);
        let rules = Rules::variant(name).map_err(|e| format!("bohnanza: {e}"))?;
        let source = RulesetSource::variant(name)
            .ok_or_else(|| format!("bohnanza: no built-in variant is called {name}"))?;
        Ok((rules, source))
    }

    /// The players `--players` or `--seats` count (a usage error where they disagree).
    pub fn seated(&self) -> Option<usize> {
        players_for_seats(self.players, self.seats.as_ref().map(Vec::len), "seats")
    }

    /// The players at a new table: as [`TableArgs::seated`], else as many as `--names`
    /// names, else the fewest the rules allow (`counts`).
    pub fn players(&self, counts: &[usize]) -> usize {
        match (self.seated(), &self.names) {
            (Some(p), _) => p,
            (None, Some(names)) => names.len(),
            (None, None) => counts.first().copied().unwrap_or(0),
        }
    }
}
