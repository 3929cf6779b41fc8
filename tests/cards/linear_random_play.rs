//! Every built-in variant, of both games, played to its end in the linear mode, in-process:
//! people at every seat, each decision answered by a seeded pick among its numbered
//! choices, the transcript checked as the binary's is (no escape byte, a numbered list at
//! every decision, no hand read out of turn).

use std::sync::Arc;

use bohnanza::game::SeatKind;
use bohnanza::rules::{Rules, WorkWithRules, variant_names};
use bohnanza::store::RulesetSource;
use bohnanza::ui::GameConfig;
use bohnanza::ui::linear::{Ending, Speaker, Spoken, new_session};

use crate::support::linear::{Policy, ScriptedKeyboard, Shared, check_transcript, tail};

/// A variant played to its end by seeded picks.
struct PlayOut {
    name: &'static str,
    seed: u64,
}

impl<G: Spoken> WorkWithRules<G> for PlayOut {
    type Output = (Ending, Vec<String>, Vec<u8>);

    fn with(self, rules: &Arc<G::Rules>) -> Self::Output {
        let players = G::player_counts(rules)[0];
        let names: Vec<String> = ["Ana", "Ben", "Cy", "Di", "Ed"][..players]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let source = RulesetSource::variant(self.name).unwrap();
        let config = GameConfig::<G>::new(
            Arc::clone(rules),
            source,
            names,
            vec![SeatKind::Human; players],
            self.seed,
        );
        let out = Shared::default();
        let keyboard = ScriptedKeyboard::new(out.clone(), Policy::Seeded(self.seed), 100_000);
        let mut session = new_session(config, None, keyboard, Speaker::new(out.clone())).unwrap();
        let ending = session.run();
        let bytes = out.0.borrow().clone();
        let lines = String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect();
        (ending, lines, bytes)
    }
}

#[test]
fn every_variant_plays_to_the_end_in_lines() {
    for (i, name) in variant_names().enumerate() {
        let rules = Rules::variant(name).unwrap();
        let (ending, lines, bytes) = rules.dispatch(PlayOut {
            name,
            seed: 40 + i as u64,
        });
        assert_eq!(ending, Ending::Over, "{name}: {:#?}", tail(&lines));
        check_transcript(&bytes, &lines);
        assert!(lines.iter().any(|l| l == "say: Final scores:"), "{name}");
    }
}
