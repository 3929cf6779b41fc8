//! Hidden stays hidden on the shared screen: whole games of three people and a bot, played
//! by keys that trade, answer, counter, say "I have none", peek, take the floor and take
//! moves back, checked after every key and every bot move: no hand is on screen but the
//! one whose hand-off was just taken, and after every private moment the public table
//! comes back before anything else is shown.

use crate::support::card_screen::*;
use bohnanza::cards::Phase;
use bohnanza::cards::bots::names::GREEDY;
use bohnanza::cards::screen::Mode;
use bohnanza::game::SeatKind;
use bohnanza::ui::App;

const H: SeatKind = SeatKind::Human;
const G: SeatKind = SeatKind::Bot(GREEDY);

/// A tiny deterministic chooser, so each game's keys are the same run after run.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// Who may be seen now: the person who took the last hand-off, until the next hand-off,
/// bot move or floor line (each a public moment).
struct Watch {
    seated: Option<usize>,
}

impl Watch {
    /// Checks the screen at 80×24 against who may be seen.
    fn check(&mut self, app: &App, what: &str) {
        let g = game(app);
        if g.handoff().is_some() || g.bots().pending().is_some() || g.floor_line() {
            self.seated = None;
        }
        let screen = render(app, 80, 24);
        for (p, name) in g.shell.names.iter().enumerate() {
            if Some(p) == self.seated {
                continue;
            }
            for private in [
                format!("┌ {name}'s hand"),
                format!("┌ {name}, "),
                format!("┌ {name} makes an offer "),
                format!("┌ {name}'s counter-offer "),
                format!("┌ {name} may make "),
            ] {
                assert!(
                    !screen.contains(&private),
                    "after {what}: {private:?} is on screen, seated {:?}:\n{screen}",
                    self.seated
                );
            }
        }
        if self.seated.is_none() {
            assert!(
                !screen.contains("front▶"),
                "after {what}: a hand on the public table:\n{screen}"
            );
        }
    }
}

/// One key a lively player presses now: they trade, answer every way, peek, take the
/// floor and take moves back, but also move the game on.
fn lively_key(app: &App, dice: &mut Dice, undos: &mut u32) -> String {
    let g = game(app);
    if let Some(h) = g.handoff() {
        // Now and then Enter or Space first, which must leave the hand-off up.
        return match dice.roll(6) {
            0 => "\n".into(),
            1 => " ".into(),
            _ => g.seat_key(h.to).named().chars().take(1).collect(),
        };
    }
    if let Some(p) = g.peek() {
        return if p.shown { "x" } else { "\n" }.into();
    }
    if g.harvest().is_some() {
        return "\x1b".into();
    }
    if g.floor_line() {
        return if dice.roll(3) == 0 { "o" } else { "x" }.into();
    }
    match g.mode() {
        Mode::Answer(_) => {
            return match dice.roll(7) {
                0 | 1 => "a",
                2 | 3 => "d",
                4 | 5 => "n",
                _ => "c",
            }
            .into();
        }
        Mode::Compose(c) => {
            return if c.give.is_empty() && dice.roll(3) > 0 {
                " ".into()
            } else if c.to.is_empty() {
                "0".into()
            } else if dice.roll(5) == 0 {
                "\x1b".into()
            } else {
                "\n".into()
            };
        }
        Mode::PickProposer(_) if g.bots().floor().is_some() => {
            return dice.roll(4).saturating_add(1).to_string();
        }
        Mode::PickProposer(_) => return "\x1b".into(),
        Mode::Table | Mode::GameOver => {}
    }
    let s = &g.state;
    let active = s.active_player();
    let seated = g.viewer() == Some(active) && !g.shell.is_bot(active);
    if *undos < 12 && dice.roll(25) == 0 {
        *undos += 1;
        return "u".into();
    }
    if dice.roll(20) == 0 {
        return "v".into();
    }
    if s.phase() == Phase::Trade
        && seated
        && s.must_plant_received_cards().is_none()
        && g.bots().floor().is_none()
    {
        return match dice.roll(6) {
            0 | 1 => "o",
            2 => "p",
            3 if !g.offers_to_active().is_empty() => "a",
            _ => "e",
        }
        .into();
    }
    let k = lazy_key(app);
    // A message that asks for a second key (the composer refused) clears with Esc.
    if k.is_empty() { "\x1b".into() } else { k }
}

/// Plays one whole game with the watch on; returns the keys pressed.
fn watched_game(variant: &str, seats: &[SeatKind], seed: u64) -> usize {
    let mut a = app_with_seats(variant, seats, seed);
    let mut dice = Dice(seed);
    let mut watch = Watch { seated: None };
    let mut undos = 0;
    let mut keys = 0;
    let mut stale = 0;
    watch.check(&a, "the deal");
    while *game(&a).mode() != Mode::GameOver {
        if game(&a).bots().pending().is_some() {
            watch.check(&a, "a bot move announced");
            a.tick();
            watch.check(&a, "a bot move");
            continue;
        }
        let before = game(&a).shell.record.actions.len();
        let k = lively_key(&a, &mut dice, &mut undos);
        let taking_seat = game(&a).handoff().map(|h| h.to);
        for key in keys_of(&k) {
            a.on_key(key);
            keys += 1;
            if taking_seat.is_some() && matches!(k.as_str(), "\n" | " ") {
                assert!(game(&a).handoff().is_some(), "{k:?} took the seat");
            }
            if let Some(to) = taking_seat.filter(|_| game(&a).handoff().is_none()) {
                watch.seated = Some(to);
            }
            watch.check(&a, &format!("{k:?}"));
        }
        if game(&a).floor_line() && a.bot_wait().is_some() && dice.roll(4) == 0 {
            // Nobody speaks: the floor passes by itself.
            a.tick();
            watch.check(&a, "the floor passing by itself");
        }
        stale = if game(&a).shell.record.actions.len() == before {
            stale + 1
        } else {
            0
        };
        assert!(stale < 60, "the game moves on: {:?}", game(&a).mode());
        assert!(keys < 20_000, "the game ends");
    }
    keys
}

fn keys_of(text: &str) -> Vec<crossterm::event::KeyEvent> {
    keys(text)
}

#[test]
fn three_people_and_a_bot_see_only_their_own_hands_all_game() {
    for (seats, seed) in [
        ([H, H, G, H], 15_879_159_557_907_723_644),
        ([G, H, H, H], 3),
        ([H, G, H, H], 11),
    ] {
        let keys = watched_game("base", &seats, seed);
        assert!(keys > 100, "a whole game was played ({keys} keys)");
    }
}

#[test]
fn two_people_in_the_bean_duel_see_only_their_own_hands_all_game() {
    let keys = watched_game("duel", &[H, H], 5);
    assert!(keys > 100, "a whole duel was played ({keys} keys)");
}
