//! A bot's answer checked once: a table of bots alone (`Table::play_observed`, what the
//! simulator runs) applies each answer at once and hands the engine's refusal back to the
//! driver, where a table a person watches (`Table::next`) checks every answer first. Both
//! play the same actions and count the same fallbacks, whatever the bots answer.

use bohnanza::cards::bots::names;
use std::sync::Arc;

use bohnanza::cards::bots::{
    Agent, BotName, BotOptions, CardAgent, Decision, GreedyBot, Next, Prompt, SeatKind, Table,
};
use bohnanza::cards::{Action, CardRef, Cards, GameState, IgnoreEvents, Ruleset};
use bohnanza::few;
use bohnanza::game::{Observer, StoppedStopwatch};

use crate::support::cards::every_ruleset;

/// More actions than any game of these bots takes.
const MAX_ACTIONS: u64 = 20_000;

/// The greedy bot, but one answer in four is replaced by a blunder of some kind: a field,
/// card or offer that is not there, a set-aside card or cards given that the engine would
/// take but no list holds, an offer to itself or of cards it lacks, ending trading or
/// turning over out of turn, or an answer where it was asked to pass.
struct Blunderer {
    greedy: GreedyBot,
    chance: u64,
    /// The blunders tried, by kind, for the test to see that each came up.
    tried: [u32; BLUNDERS],
}

const BLUNDERS: usize = 8;

impl Blunderer {
    fn new(seed: u64) -> Self {
        Blunderer {
            greedy: GreedyBot::new(),
            chance: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            tried: [0; BLUNDERS],
        }
    }

    fn roll(&mut self) -> u64 {
        // xorshift: a blunder's kind and timing from the seat's seed alone.
        self.chance ^= self.chance << 13;
        self.chance ^= self.chance >> 7;
        self.chance ^= self.chance << 17;
        self.chance
    }

    fn blunder(&mut self, d: &Decision<'_>, answer: Option<Action>) -> Option<Action> {
        let kind = (self.roll() % BLUNDERS as u64) as usize;
        self.tried[kind] += 1;
        let other = (d.me + 1) % d.view.seats.len();
        Some(match (kind, answer) {
            (0, _) => Action::Plant { field: 7 },
            (1, _) => Action::PlantSetAside { card: 1, field: 0 },
            (2, Some(Action::Accept { offer, give })) => Action::Accept {
                offer,
                give: give
                    .iter()
                    .rev()
                    .chain([&CardRef::Hand(0)])
                    .copied()
                    .collect(),
            },
            (2, _) => Action::Decline { offer: 999 },
            (3, _) => Action::Propose {
                to: d.me,
                give: few![CardRef::Hand(0)],
                want: few![],
            },
            (4, _) => Action::Propose {
                to: other,
                give: few![CardRef::Hand(30)],
                want: few![],
            },
            (5, _) => Action::EndTrading,
            (6, _) => Action::TurnOver,
            _ => Action::Harvest { field: 2 },
        })
    }
}

impl Agent<Cards> for Blunderer {
    fn name(&self) -> BotName {
        names::GREEDY
    }

    fn decide(&mut self, d: &Decision<'_>) -> Option<Action> {
        let answer = self.greedy.decide(d);
        if self.roll().is_multiple_of(4) {
            self.blunder(d, answer)
        } else {
            answer
        }
    }
}

/// The actions a table of bots alone applied, with their seats.
#[derive(Default)]
struct Applied {
    taking: Option<(usize, Action)>,
    actions: Vec<(usize, Action)>,
}

impl Observer<Cards> for Applied {
    fn before(&mut self, _: &GameState, player: usize, action: &Action) {
        self.taking = Some((player, action.clone()));
    }

    fn after(&mut self, _: &GameState) {
        let taken = self.taking.take().expect("`before` came first");
        self.actions.push(taken);
    }
}

/// A game played by `table` asked action by action, as the screens ask it, each action
/// applied (the table checked it: the engine must take it); its actions and fallbacks.
fn asked_each_time(mut table: Table, mut state: GameState) -> (Vec<(usize, Action)>, u64) {
    let mut actions = Vec::new();
    while let Next::Bot { player, action } = table.next(&state) {
        state
            .apply_with(player, &action, &mut IgnoreEvents)
            .expect("the table checks a bot's action before handing it out");
        actions.push((player, action));
        assert!(actions.len() < MAX_ACTIONS as usize, "the game ends");
    }
    assert!(state.is_over(), "the game ends");
    (actions, table.fallbacks())
}

/// The same game played at a table of bots alone; its actions and fallbacks.
fn played_alone(mut table: Table, mut state: GameState) -> (Vec<(usize, Action)>, u64) {
    let mut applied = Applied::default();
    let stats = table.play_observed(&mut state, &mut applied, MAX_ACTIONS);
    assert!(!stats.stuck && state.is_over(), "the game ends");
    assert_eq!(stats.actions as usize, applied.actions.len());
    assert_eq!(stats.fallbacks, table.fallbacks());
    (applied.actions, stats.fallbacks)
}

fn blunderers(players: usize, seed: u64) -> Table {
    let seats = vec![SeatKind::Bot(names::GREEDY); players];
    let bots = (0..players)
        .map(|p| Some(Box::new(Blunderer::new(seed * 16 + p as u64)) as Box<CardAgent>))
        .collect();
    Table::with_agents(seats, bots)
}

fn start(ruleset: &Arc<Ruleset>, players: usize, seed: u64) -> GameState {
    GameState::new(ruleset, players, seed).unwrap()
}

/// Blunders of every kind, in every ruleset: a table of bots alone puts the same legal
/// action in place of each illegal one, and counts it, as the table the screens ask does.
#[test]
fn blunders_get_the_same_legal_actions_and_count_alike() {
    let mut fallbacks = 0;
    for ruleset in every_ruleset() {
        let players = *ruleset.player_counts().collect::<Vec<_>>().last().unwrap();
        for seed in 0..2 {
            let asked = asked_each_time(blunderers(players, seed), start(&ruleset, players, seed));
            let alone = played_alone(blunderers(players, seed), start(&ruleset, players, seed));
            assert_eq!(asked.1, alone.1, "{} seed {seed}: fallbacks", ruleset.name);
            assert_eq!(asked.0, alone.0, "{} seed {seed}: actions", ruleset.name);
            fallbacks += alone.1;
        }
    }
    assert!(fallbacks > 1_000, "only {fallbacks} blunders were caught");
}

/// The blunders come up in every kind, so the test above sees each of them.
#[test]
fn every_kind_of_blunder_comes_up() {
    let ruleset = bohnanza::rulesets::load("base").unwrap();
    let mut bot = Blunderer::new(3);
    let state = start(&ruleset, 4, 3);
    let view = state.view(0);
    let decision = Decision {
        me: 0,
        view: &view,
        ruleset: &ruleset,
        legal: &[],
        prompt: Prompt::Act,
        stopwatch: &StoppedStopwatch,
    };
    for _ in 0..200 {
        bot.blunder(&decision, None);
    }
    assert!(bot.tried.iter().all(|&n| n > 0), "{:?}", bot.tried);
}

/// The table's own greedy seats leave their answers to the engine at a table of bots alone:
/// every ruleset plays action for action as the table the screens ask.
#[test]
fn the_tables_own_greedy_seats_play_alone_as_when_asked() {
    for ruleset in every_ruleset() {
        let players = *ruleset.player_counts().collect::<Vec<_>>().last().unwrap();
        let seats = vec![SeatKind::Bot(names::GREEDY); players];
        for seed in 0..3 {
            let table = || Table::new(&seats, seed, &BotOptions::default()).unwrap();
            let asked = asked_each_time(table(), start(&ruleset, players, seed));
            let alone = played_alone(table(), start(&ruleset, players, seed));
            assert_eq!(asked, alone, "{} seed {seed}", ruleset.name);
        }
    }
}
