//! `bohnanza check FILE`.

use std::path::Path;
use std::process::ExitCode;

use bohnanza::engine::{DrawRule, Ruleset};
use bohnanza::rules::Rules;
use bohnanza::rulesets;
use bohnanza::text::sanitize;

/// Validates a ruleset file and prints its summary, or every problem in it.
pub fn check(file: &Path) -> ExitCode {
    let shown = file.display().to_string();
    let text = match rulesets::read_file(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    // A file with `[[die]]` tables is the dice game's (the same test as everywhere).
    let described = match Rules::from_text(&shown, &text) {
        Ok(Rules::Cards(r)) => describe(&r),
        Ok(Rules::Dice(r)) => super::check_dice::describe(&r),
        Err(e) => {
            for line in e.lines() {
                eprintln!("{}", sanitize(line));
            }
            return ExitCode::FAILURE;
        }
    };
    for line in described.lines() {
        println!("{}", sanitize(line));
    }
    ExitCode::SUCCESS
}

/// A ruleset's summary, as `check` prints it.
pub fn describe(r: &Ruleset) -> String {
    let mut s = format!("{} ({}): {}\n", r.name, r.title, r.summary);
    for n in r.player_counts() {
        if let Some(t) = r.table(n) {
            let deck: u32 = r.deck_counts(n).iter().map(|&c| u32::from(c)).sum();
            let draw = match r.phase_4_draws {
                DrawRule::ActivePlayer => format!("draw {}", t.cards_drawn),
                DrawRule::EveryPlayer => format!("every player draws {}", t.cards_drawn),
            };
            let third = t
                .third_field_price
                .map(|p| format!(", a third field costs {p}"))
                .unwrap_or_default();
            s.push_str(&format!(
                "  {n} players: {} bean fields, {deck} cards, deal {}, {draw}{third}, ends when the draw pile runs out {} times\n",
                t.bean_fields,
                t.deal_description(),
                t.game_ends_when_draw_pile_runs_out
            ));
        }
    }
    if !r.order_cards.is_empty() {
        s.push_str(&format!("  {} order cards\n", r.order_cards.len()));
    }
    for b in &r.beans {
        let steps: Vec<String> = b
            .beanometer
            .steps()
            .iter()
            .map(|s| s.map_or("-".to_string(), |n| n.to_string()))
            .collect();
        let field = b
            .gives_third_field_at
            .map(|n| format!(", {n} harvested give a third field"))
            .unwrap_or_default();
        s.push_str(&format!(
            "  {:<12} {} {:>3} cards, beanometer {}{field}\n",
            b.name,
            b.letter,
            b.count,
            steps.join(" ")
        ));
    }
    s
}
