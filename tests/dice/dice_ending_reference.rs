//! Random dice games checked, action by action, against a reference table written here from
//! the rulebook (rules/004) and the moments docs/dice.md decides, sharing nothing with the
//! engine but the ruleset and what the dice and the deck turned up.
//!
//! The reference is plain on purpose: it covers orders with its own matching of slots to dice,
//! pays harvests from the payout list, and ends the game as "THE END OF THE GAME" says. After
//! every action the engine's table must equal it: cards, covered orders, dollars, the dice, the
//! step of the turn, who announced the final phase, and at the end the dollars and winners.
//!
//! `cargo test --test dice dice_ending_reference` plays 300 games; the long run plays 10,000 and
//! prints how the games ended:
//! `cargo test --test dice dice_ending_reference -- --ignored --nocapture`.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;

use bohnanza::dice::bots::{DiceAsk, RandomBot};
use bohnanza::dice::{
    Bean, DICE, DiceAction, DiceEvent, DiceRuleset, DiceState, ORDERS_PER_CARD, Order, TurnPhase,
};
use bohnanza::game::Agent;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Far more than any game needs: a game that has not ended by then is stuck.
const MAX_ACTIONS: usize = 20_000;

/// Where the active player is, in the rulebook's terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// Before a roll: at the start of the turn, or between rolls.
    BeforeRoll,
    /// The dice just rolled lie on the table: the active player must save one.
    RollOpen,
    /// All five dice are in the bean field and the active player has checked.
    Checked,
    Over,
}

/// One player's cards and dollars: (top, bottom, covered, dollars).
type Holding = (usize, usize, usize, u32);

/// How a game ended, for the long run's tally.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
enum Ending {
    /// The active player reached the goal and finished the turn.
    ActiveFinishedTheTurn,
    /// The active player reached the goal after their own check.
    ActiveAfterTheCheck,
    /// Another player reached the goal while a roll lay open.
    OtherDuringARoll,
    /// Another player reached the goal between two rolls of the turn.
    OtherBetweenRolls,
    /// Another player reached the goal after the active player's check.
    OtherAfterTheCheck,
    /// Another player reached the goal before the active player's first roll.
    OtherBeforeTheFirstRoll,
}

/// The reference table.
struct Table {
    ruleset: Arc<DiceRuleset>,
    players: Vec<Holding>,
    active: usize,
    faces: [Option<Bean>; DICE],
    saved: [bool; DICE],
    just_rolled: [bool; DICE],
    stage: Stage,
    announcer: Option<usize>,
    ending: Option<Ending>,
    /// Harvests made after the final phase was announced and before the game ended.
    harvests_after_announcing: usize,
}

/// Whether the beans shown give every slot of one of the order's alternatives a die of its
/// own: tries every way of handing out the dice.
fn fulfils(order: &Order, shown: &[Bean]) -> bool {
    order.needs.iter().any(|alternative| {
        let slots: Vec<Vec<Bean>> = alternative
            .slots
            .iter()
            .map(|slot| {
                Bean::ALL
                    .into_iter()
                    .filter(|b| slot.contains(*b))
                    .collect()
            })
            .collect();
        hand_out(&slots, shown, &mut vec![false; shown.len()])
    })
}

fn hand_out(slots: &[Vec<Bean>], shown: &[Bean], used: &mut Vec<bool>) -> bool {
    let Some((slot, rest)) = slots.split_first() else {
        return true;
    };
    for die in 0..shown.len() {
        if !used[die] && slot.contains(&shown[die]) {
            used[die] = true;
            let fits = hand_out(rest, shown, used);
            used[die] = false;
            if fits {
                return true;
            }
        }
    }
    false
}

impl Table {
    fn new(game: &DiceState) -> Table {
        Table {
            ruleset: Arc::clone(game.ruleset()),
            players: holdings(game),
            active: 0,
            faces: [None; DICE],
            saved: [false; DICE],
            just_rolled: [false; DICE],
            stage: Stage::BeforeRoll,
            announcer: None,
            ending: None,
            harvests_after_announcing: 0,
        }
    }

    fn shown(&self, which: [bool; DICE]) -> Vec<Bean> {
        (0..DICE)
            .filter(|&d| which[d])
            .filter_map(|d| self.faces[d])
            .collect()
    }

    /// "check their own top harvest card to see if the dice ... complete the bottom-most
    /// uncovered order"; more than one at once, in a row.
    fn check(&mut self, seat: usize, shown: &[Bean]) {
        let card = self.ruleset.card(self.players[seat].0).clone();
        let covered = &mut self.players[seat].2;
        while *covered < ORDERS_PER_CARD && fulfils(&card.orders[*covered], shown) {
            *covered += 1;
        }
    }

    fn roll(&mut self, events: &[DiceEvent]) {
        let Some(DiceEvent::Rolled { dice, .. }) = events.first() else {
            panic!("a roll shows its dice first: {events:?}");
        };
        self.just_rolled = [false; DICE];
        for rolled in dice {
            assert!(
                !self.saved[rolled.die],
                "a die in the bean field was rolled"
            );
            self.faces[rolled.die] = Some(rolled.bean);
            self.just_rolled[rolled.die] = true;
        }
        self.stage = Stage::RollOpen;
        // "After each roll of the dice ... the other players each check their own top card".
        let count = self.players.len();
        let fresh = self.shown(self.just_rolled);
        for i in 1..count {
            self.check((self.active + i) % count, &fresh);
        }
    }

    fn save(&mut self, dice: &[usize], draws: &mut VecDeque<(usize, usize)>) {
        for &d in dice {
            self.saved[d] = true;
        }
        self.just_rolled = [false; DICE];
        if self.saved.iter().all(|&s| s) {
            // "Once you've placed all five dice in the bean field, stop rolling. Now, check".
            self.check(self.active, &self.shown(self.saved));
            self.stage = Stage::Checked;
            if self.announcer.is_some() {
                self.end(draws);
            }
        } else {
            self.stage = Stage::BeforeRoll;
        }
    }

    fn pass(&mut self) {
        self.active = (self.active + 1) % self.players.len();
        self.saved = [false; DICE];
        self.just_rolled = [false; DICE];
        self.stage = Stage::BeforeRoll;
    }

    /// A harvest: the top card pays, the bottom card becomes the top one, a new bottom card
    /// (`draws` says which, and who the engine let harvest) is drawn, and the new top card is
    /// checked against the dice this player may use right now.
    fn harvest(&mut self, seat: usize, draws: &mut VecDeque<(usize, usize)>) {
        let (who, new_bottom) = draws
            .pop_front()
            .expect("a harvest draws a new bottom card");
        assert_eq!(who, seat, "the wrong player harvested");
        let (top, bottom, covered, dollars) = self.players[seat];
        let pays = self
            .ruleset
            .payouts
            .iter()
            .filter(|p| p.orders <= covered)
            .map(|p| p.dollars)
            .max()
            .expect("three or more completed orders earn dollars");
        assert_ne!(top, new_bottom);
        self.players[seat] = (bottom, new_bottom, 0, dollars + pays);
        if seat != self.active && self.stage == Stage::RollOpen {
            self.check(seat, &self.shown(self.just_rolled));
        } else if seat == self.active && self.stage == Stage::Checked {
            self.check(seat, &self.shown(self.saved));
        }
    }

    /// A harvest asked for; the first to reach the goal announces the final phase.
    fn asked_harvest(&mut self, seat: usize, draws: &mut VecDeque<(usize, usize)>) {
        if self.announcer.is_some() {
            self.harvests_after_announcing += 1;
        }
        let stage_before = self.stage;
        self.harvest(seat, draws);
        if self.announcer.is_some() || self.players[seat].3 < self.ruleset.goal {
            return;
        }
        self.announcer = Some(seat);
        let rolled = self.saved.iter().any(|&s| s);
        self.ending = Some(match (seat == self.active, stage_before) {
            (true, Stage::Checked) => Ending::ActiveAfterTheCheck,
            (true, _) => Ending::ActiveFinishedTheTurn,
            (false, Stage::RollOpen) => Ending::OtherDuringARoll,
            (false, Stage::Checked) => Ending::OtherAfterTheCheck,
            (false, _) if rolled => Ending::OtherBetweenRolls,
            (false, _) => Ending::OtherBeforeTheFirstRoll,
        });
        // "If the player with the 10 bean dollars is not the active player, the active player
        // must stop rolling"; an active player who has finished rolling stops anyway.
        if seat != self.active || self.stage == Stage::Checked {
            self.end(draws);
        }
    }

    /// "the active player must stop rolling the dice and place all the dice in the bean
    /// field. They then check for the final time ... Finally, all players who have at least
    /// three completed orders ... can harvest" (each once, the active player first). Before
    /// the first roll of a turn there are no dice of theirs to place or check.
    fn end(&mut self, draws: &mut VecDeque<(usize, usize)>) {
        let rolled = self.stage != Stage::BeforeRoll || self.saved.iter().any(|&s| s);
        if rolled {
            self.saved = [true; DICE];
            self.just_rolled = [false; DICE];
            self.check(self.active, &self.shown(self.saved));
            self.stage = Stage::Checked;
        }
        let (count, active) = (self.players.len(), self.active);
        for seat in (0..count).map(|i| (active + i) % count) {
            if self.players[seat].2 >= self.ruleset.payouts[0].orders {
                self.harvest(seat, draws);
            }
        }
        self.stage = Stage::Over;
    }

    fn apply(&mut self, seat: usize, action: &DiceAction, events: &[DiceEvent]) {
        let mut draws: VecDeque<(usize, usize)> = events
            .iter()
            .filter_map(|e| match e {
                DiceEvent::Harvested {
                    seat, new_bottom, ..
                } => Some((*seat, *new_bottom)),
                _ => None,
            })
            .collect();
        match action {
            DiceAction::Roll | DiceAction::RepeatRoll => self.roll(events),
            DiceAction::Save { dice } => self.save(dice, &mut draws),
            DiceAction::PassBeanPiece => self.pass(),
            DiceAction::Harvest => self.asked_harvest(seat, &mut draws),
        }
        assert!(draws.is_empty(), "the engine harvested more: {draws:?}");
    }

    /// The engine's table must be this one.
    fn compare(&self, game: &DiceState, events: &[DiceEvent]) {
        assert_eq!(
            holdings(game),
            self.players,
            "cards, orders or dollars differ"
        );
        assert_eq!(game.active(), self.active);
        let phase = match self.stage {
            Stage::BeforeRoll => TurnPhase::Roll,
            Stage::RollOpen => TurnPhase::Save,
            Stage::Checked => TurnPhase::Pass,
            Stage::Over => TurnPhase::Over,
        };
        assert_eq!(game.phase(), phase, "the step of the turn differs");
        assert_eq!(game.final_phase(), self.announcer);
        for (d, die) in game.field().dice.iter().enumerate() {
            assert_eq!(die.saved, self.saved[d], "die {d} in the bean field or not");
            assert_eq!(
                die.just_rolled, self.just_rolled[d],
                "die {d} just rolled or not"
            );
            assert_eq!(die.face, self.faces[d], "die {d} shows another bean");
        }
        let ended = events
            .iter()
            .any(|e| matches!(e, DiceEvent::GameEnded { .. }));
        assert_eq!(ended, self.stage == Stage::Over, "the game ended or not");
        if let Some(outcome) = game.outcome() {
            let dollars: Vec<u32> = self.players.iter().map(|p| p.3).collect();
            let best = dollars.iter().copied().max().unwrap_or(0);
            let winners: Vec<usize> = (0..dollars.len()).filter(|&s| dollars[s] == best).collect();
            assert_eq!(outcome.dollars, dollars);
            assert_eq!(outcome.winners, winners, "the most dollars win; ties share");
        }
    }
}

fn holdings(game: &DiceState) -> Vec<Holding> {
    game.players()
        .iter()
        .map(|p| (p.top, p.bottom, p.covered, p.dollars))
        .collect()
}

/// What a batch of games showed.
#[derive(Default)]
struct Tally {
    games: usize,
    actions: usize,
    endings: std::collections::BTreeMap<Ending, usize>,
    harvests_after_announcing: usize,
}

/// Plays one random game (random bots, asked in random order, so harvests fall at every
/// moment of a turn), checking the engine against the reference after every action.
fn play_checked(ruleset: &Arc<DiceRuleset>, players: usize, seed: u64, tally: &mut Tally) {
    let mut game = DiceState::new(ruleset, players, seed).unwrap();
    let mut table = Table::new(&game);
    let mut bots: Vec<RandomBot> = (0..players)
        .map(|s| RandomBot::new(seed * 10 + s as u64))
        .collect();
    let mut order = ChaCha8Rng::seed_from_u64(seed);
    let mut actions = 0;
    while game.outcome().is_none() {
        assert!(
            actions < MAX_ACTIONS,
            "game {seed} at {players} players never ended"
        );
        let acting = game.acting_players();
        let seat = acting[(order.next_u32() as usize) % acting.len()];
        let Some(action) = bots[seat].decide(&DiceAsk::new(&game, seat)) else {
            continue;
        };
        let events = game
            .apply(seat, &action)
            .unwrap_or_else(|e| panic!("game {seed}: {action:?} by {seat}: {e}"));
        table.apply(seat, &action, &events);
        table.compare(&game, &events);
        actions += 1;
    }
    tally.games += 1;
    tally.actions += actions;
    let ending = table
        .ending
        .expect("a game ends only after the final phase");
    *tally.endings.entry(ending).or_default() += 1;
    tally.harvests_after_announcing += table.harvests_after_announcing;
}

fn play_many(games: u64) -> Tally {
    let ruleset = Arc::new(DiceRuleset::standard());
    let mut tally = Tally::default();
    for seed in 0..games {
        play_checked(&ruleset, 2 + (seed % 4) as usize, seed, &mut tally);
    }
    tally
}

#[test]
fn random_games_end_as_the_reference_says() {
    let tally = play_many(300);
    assert_eq!(tally.games, 300);
    // The batch reaches the moments the ending turns on, so the check is not idle.
    for ending in [
        Ending::ActiveFinishedTheTurn,
        Ending::OtherDuringARoll,
        Ending::OtherBetweenRolls,
        Ending::OtherBeforeTheFirstRoll,
    ] {
        assert!(
            tally.endings.get(&ending).is_some_and(|&n| n > 0),
            "{ending:?} never happened: {:?}",
            tally.endings
        );
    }
    assert!(tally.harvests_after_announcing > 0);
}

#[test]
#[ignore = "the long run: 10,000 games, see the module's documentation"]
fn ten_thousand_random_games_end_as_the_reference_says() {
    let started = Instant::now();
    let tally = play_many(10_000);
    eprintln!(
        "{} games, {} actions in {:?}; harvests after the final phase was announced: {}",
        tally.games,
        tally.actions,
        started.elapsed(),
        tally.harvests_after_announcing
    );
    for (ending, count) in &tally.endings {
        eprintln!("  {ending:?}: {count}");
    }
    assert_eq!(tally.games, 10_000);
}
