//! A bot's answer checked once. At a table a person watches, the driver checks each answer
//! before handing it out, so no illegal move is ever shown. At a table of bots alone the
//! table applies the answer at once, and where the engine's own checks answer exactly as the
//! driver's would ([`left_to_engine`]), the driver and the table's own greedy seats leave
//! the check to the engine's `apply`, which checks fully and changes nothing when it refuses:
//! the refusal comes back ([`Protocol::refused`]) and the driver goes on as it would have
//! had it found the answer illegal itself. The same decisions and fallbacks either way.

use crate::cards::{Action, GameState};

use super::super::Prompt;
use super::super::legal::{left_to_engine, offer_is_legal};
use super::{Agents, Next, Protocol};

/// Whether the driver looks at every answer of `action`'s kind to `prompt` before it hands
/// it out (or leaves that to the engine): it takes ending trading as the active bot's
/// answer as it is, and on the floor looks only at offers and harvests. A seat may leave to
/// the engine only answers the driver looks at ([`crate::cards::bots::legal::Listing::leave`]).
pub(crate) fn checks_answer(prompt: Prompt, action: &Action) -> bool {
    match prompt {
        Prompt::MayPropose => matches!(action, Action::Propose { .. } | Action::Harvest { .. }),
        Prompt::Act => !matches!(action, Action::EndTrading),
        Prompt::Answer { .. } => true,
    }
}

/// Where the driver asked a bot for an action it handed out unchecked: the table applies it
/// at once and hands back the engine's refusal ([`Protocol::refused`]), and the driver goes
/// on from where it asked as it would have had it checked the action and found it illegal.
#[derive(Clone, Copy, Debug)]
pub(super) enum Asked {
    /// A bot that must act: a legal action goes in its place.
    Act(Prompt),
    /// A bot given the floor: the floor passes on.
    Floor,
    /// The active bot proposing, `offered` if the action was an offer and counted as one:
    /// its proposing ends.
    Active { offered: bool },
}

impl Asked {
    /// What the seat was asked for.
    fn prompt(self) -> Prompt {
        match self {
            Asked::Act(prompt) => prompt,
            Asked::Floor => Prompt::MayPropose,
            Asked::Active { .. } => Prompt::Act,
        }
    }
}

/// An action handed out unchecked ([`Asked`]), and whether the seat itself left it to the
/// engine (then, refused, the seat is asked again, [`Agents::reconsider`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Deferred {
    asked: Asked,
    by_seat: bool,
}

impl Protocol {
    /// Whether `action` by `p`, asked for as `asked` says, may be handed out: trusted, left to
    /// the engine where the table applies it at once and the engine checks it exactly as the
    /// driver would ([`left_to_engine`]: then a refusal comes back, [`Protocol::refused`]),
    /// or legal (an offer by the engine's checks, anything else by the list, or by the seat's
    /// own look at it when the seat vouched for its answer).
    pub(super) fn vetted(
        &mut self,
        state: &GameState,
        p: usize,
        action: &Action,
        asked: Asked,
    ) -> bool {
        if self.trusted {
            return true;
        }
        let by_seat = self.legal.take_left();
        let applying = self.legal.applying();
        let legal = match action {
            _ if by_seat => None,
            Action::Propose { .. } if applying => None,
            Action::Propose { to, give, want } => Some(offer_is_legal(state, p, *to, give, want)),
            _ if self.legal.take_vouch() => Some(true),
            other if applying && left_to_engine(state, p, other) => None,
            other => Some(self.legal.contains(state, p, other)),
        };
        legal.unwrap_or_else(|| {
            self.deferred = Some(Deferred { asked, by_seat });
            true
        })
    }

    /// The engine refused `action`, which the last call of [`Protocol::next`] handed out for
    /// `p`, and `state` is unchanged: what the driver does in its place, as it would have
    /// done had it checked the action and found it illegal (the seat asked again if it left
    /// its answer to the engine, a legal action instead, or the turn's conversation going
    /// on). An action it had checked and the engine refused leaves the game stuck.
    pub(crate) fn refused<A: Agents>(
        &mut self,
        state: &GameState,
        agents: &mut A,
        p: usize,
        action: &Action,
    ) -> Next {
        let Some(Deferred { asked, by_seat }) = self.deferred.take() else {
            return Next::Stuck;
        };
        // Whatever is decided in its place is checked here, as it would have been.
        let applying = self.legal.applying();
        self.legal.set_applying(false);
        self.legal.forget();
        let chosen = if by_seat {
            agents.reconsider(state, p, asked.prompt(), &mut self.legal)
        } else {
            Some(action.clone())
        };
        let settled = match asked {
            Asked::Act(prompt) => Some(self.settle_act(state, p, prompt, chosen, false)),
            Asked::Floor => self.settle_floor(state, p, chosen),
            Asked::Active { offered } => {
                self.active_offers -= u32::from(offered);
                self.settle_active(state, chosen)
            }
        };
        self.legal.set_applying(applying);
        settled.unwrap_or_else(|| {
            // The driver asks on as it would have gone on within the same step.
            self.steps -= 1;
            self.next(state, agents)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::IgnoreEvents;
    use crate::cards::bots::legal::Listing;
    use crate::rulesets;

    /// Seats that answer as the table's own greedy seats do, from a poorer policy: a legal
    /// action or a wrong field, card or offer by turns; an answer that may be left to the
    /// engine is left to it, any other looked for among the legal actions, and one not
    /// found replaced by the last legal action (the greedy seats' plain sense).
    struct Leavers {
        chance: u64,
        reconsidered: u32,
    }

    impl Leavers {
        fn answer(&mut self, state: &GameState, p: usize, legal: &mut Listing) -> Action {
            self.chance = self
                .chance
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let listed = legal.get(state, p);
            match (self.chance >> 33) % 5 {
                0 => Action::Plant { field: 5 },
                1 => Action::PlantSetAside { card: 3, field: 0 },
                2 => Action::Decline { offer: 999 },
                _ => listed.first().cloned().unwrap_or(Action::EndTrading),
            }
        }
    }

    impl Agents for Leavers {
        fn is_bot(&self, _: usize) -> bool {
            true
        }

        fn ask(
            &mut self,
            state: &GameState,
            p: usize,
            prompt: Prompt,
            legal: &mut Listing,
        ) -> Option<Action> {
            if prompt == Prompt::MayPropose {
                return None;
            }
            let action = self.answer(state, p, legal);
            if legal.leave(state, p, prompt, &action) {
                return Some(action);
            }
            if legal.contains(state, p, &action) {
                legal.vouch();
                return Some(action);
            }
            self.reconsider(state, p, prompt, legal)
        }

        fn reconsider(
            &mut self,
            state: &GameState,
            p: usize,
            _: Prompt,
            legal: &mut Listing,
        ) -> Option<Action> {
            self.reconsidered += 1;
            legal.get(state, p).last().cloned()
        }
    }

    /// A game of base Bohnanza by [`Leavers`] from `seed`, each answer checked first
    /// (`applying` false) or left to the engine with its refusals handed back: its actions,
    /// fallbacks and the answers reconsidered.
    fn play(seed: u64, applying: bool) -> (Vec<(usize, Action)>, u64, u32) {
        let ruleset = rulesets::load("base").unwrap();
        let mut state = GameState::new(&ruleset, 4, seed).unwrap();
        let mut seats = Leavers {
            chance: seed,
            reconsidered: 0,
        };
        let mut protocol = Protocol::default();
        let mut actions = Vec::new();
        protocol.legal.set_applying(applying);
        let mut next = protocol.next(&state, &mut seats);
        while let Next::Bot { player, action } = next {
            next = match state.apply_with(player, &action, &mut IgnoreEvents) {
                Ok(()) => {
                    actions.push((player, action));
                    protocol.next(&state, &mut seats)
                }
                Err(_) => protocol.refused(&state, &mut seats, player, &action),
            };
        }
        assert!(state.is_over(), "seed {seed}: the game ends");
        (actions, protocol.fallbacks, seats.reconsidered)
    }

    /// A seat that left its answer to the engine is asked again when the engine refuses it,
    /// as it would have looked again had it found the answer illegal itself: the same
    /// actions, fallbacks and second thoughts as when every answer is checked first.
    #[test]
    fn a_seat_asked_again_after_a_refusal_answers_as_if_it_had_looked() {
        let mut reconsidered = 0;
        for seed in 0..6 {
            let checked = play(seed, false);
            let left = play(seed, true);
            assert_eq!(checked, left, "seed {seed}");
            reconsidered += left.2;
        }
        assert!(
            reconsidered > 100,
            "only {reconsidered} answers reconsidered"
        );
    }

    /// What the driver takes as it is, it never lets a seat leave to the engine: ending
    /// trading when the active bot is asked to act, and on the floor anything but an offer
    /// or a harvest.
    #[test]
    fn a_seat_leaves_only_answers_the_driver_looks_at() {
        assert!(!checks_answer(Prompt::Act, &Action::EndTrading));
        assert!(checks_answer(Prompt::Act, &Action::TurnOver));
        assert!(checks_answer(
            Prompt::MayPropose,
            &Action::Harvest { field: 0 }
        ));
        assert!(!checks_answer(
            Prompt::MayPropose,
            &Action::Decline { offer: 0 }
        ));
        assert!(checks_answer(
            Prompt::Answer { offer: 0 },
            &Action::EndTrading
        ));
    }
}
