//! Helpers shared by the UI tests: seeded games, keys from text, and rendering to text.

use bohnanza::cards::screen::{CardTable, Mode};
use bohnanza::cards::{Action, Cards, GameState, IgnoreEvents, Phase, Setup};
use bohnanza::game::SeatKind;
use bohnanza::rulesets;
use bohnanza::store::RulesetSource;
use bohnanza::ui::{App, GameConfig, Theme};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

pub const NAMES: [&str; 7] = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus"];

/// The config of a seeded base game.
pub fn config(players: usize, seed: u64, open_hands: bool) -> GameConfig<Cards> {
    config_for("base", players, seed, open_hands)
}

/// The config of a seeded game of a built-in variant.
pub fn config_for(variant: &str, players: usize, seed: u64, open_hands: bool) -> GameConfig<Cards> {
    let b = rulesets::BUILT_IN
        .iter()
        .find(|b| b.name == variant)
        .unwrap();
    GameConfig {
        ruleset: rulesets::load(variant).unwrap(),
        source: RulesetSource {
            origin: variant.into(),
            toml: b.text.into(),
        },
        names: NAMES[..players].iter().map(|s| s.to_string()).collect(),
        seats: vec![SeatKind::Human; players],
        seed,
        open_hands,
        bots: Default::default(),
    }
}

/// A new seeded base game, not saved, in an app.
pub fn app(players: usize, seed: u64) -> App {
    App::playing(
        CardTable::new(config(players, seed, false), None).unwrap(),
        Theme::colored(),
    )
}

/// A new seeded game of a built-in variant, not saved, in an app.
pub fn app_for(variant: &str, players: usize, seed: u64) -> App {
    App::playing(
        CardTable::new(config_for(variant, players, seed, false), None).unwrap(),
        Theme::colored(),
    )
}

/// A game of a built-in variant from a position (the protocol's setup, as JSON), not saved.
/// Only for screens and keys: the saved record does not replay such a game.
pub fn app_from_setup(variant: &str, players: usize, setup: &str, log: &[&str]) -> App {
    let mut g = CardTable::new(config_for(variant, players, 1, false), None).unwrap();
    let setup: Setup = serde_json::from_str(setup).unwrap();
    g.state = GameState::from_setup(g.ruleset(), players, &setup, 1, &mut IgnoreEvents).unwrap();
    g.shell.log = log.iter().map(|l| l.to_string()).collect();
    g.keyboard_mut().seat(None);
    g.settle();
    g.choose_obvious_card();
    App::playing(g, Theme::colored())
}

/// One key event.
pub fn code(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// In key text for [`press`], the key the hand-off on screen names: its player takes the seat.
pub const SEAT: char = '🪑';

/// Keys written as text: `\n` Enter, `\x1b` Esc, `\t` Tab, `<` Left, `>` Right, `^` Up, `v`... no:
/// arrows are `←→↑↓`; every other character is itself.
pub fn keys(text: &str) -> Vec<KeyEvent> {
    text.chars()
        .map(|c| match c {
            '\n' => code(KeyCode::Enter),
            '\x1b' => code(KeyCode::Esc),
            '\t' => code(KeyCode::Tab),
            '←' => code(KeyCode::Left),
            '→' => code(KeyCode::Right),
            '↑' => code(KeyCode::Up),
            '↓' => code(KeyCode::Down),
            '⌫' => code(KeyCode::Backspace),
            c => code(KeyCode::Char(c)),
        })
        .collect()
}

/// Presses the keys in `text` and returns how many were pressed. [`SEAT`] in `text` takes
/// the seat of the hand-off on screen ([`take_seat`]).
pub fn press(app: &mut App, text: &str) -> usize {
    let ks = keys(text);
    for k in &ks {
        if k.code == KeyCode::Char(SEAT) {
            take_seat(app);
        } else {
            app.on_key(*k);
        }
    }
    ks.len()
}

/// Takes the seat of the hand-off on screen with the key it names, as its player does: the
/// seat number (Enter and Space never take a seat). Panics when no hand-off is on screen.
pub fn take_seat(app: &mut App) {
    let g = game(app);
    let to = g.handoff().expect("a hand-off is on screen").to;
    let number = g
        .seat_key(to)
        .number
        .expect("seats 1 to 9 have a number key");
    app.on_key(code(KeyCode::Char(number)));
    assert_eq!(
        game(app).handoff(),
        None,
        "seat number {number} took the seat"
    );
}

/// The game in the app.
pub fn game(app: &App) -> &CardTable {
    app.game().expect("a game is being played")
}

/// The game in the app, to change it directly.
pub fn game_mut(app: &mut App) -> &mut CardTable {
    app.shown_mut::<CardTable>()
        .expect("a card game is on screen")
}

/// The screen as text, `w`×`h`.
pub fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(app, f.area())).unwrap();
    t.backend().to_string()
}

/// One key a sensible but lazy player would press now: take the seat, plant where it fits
/// (harvesting first when nothing fits), never trade, decline every offer.
pub fn lazy_key(app: &App) -> String {
    play_key(app, false)
}

/// [`lazy_key`]; a `greedy` player harvests the field that pays most when it must harvest.
fn play_key(app: &App, greedy: bool) -> String {
    let g = game(app);
    if let Some(h) = g.handoff() {
        // The seat number takes the seat; Enter never does.
        return (h.to + 1).to_string();
    }
    if g.harvest().is_some() {
        return "\x1b".into();
    }
    if g.bots().floor().is_some() && *g.mode() == Mode::Table {
        // The floor on a bot's turn: any key but o passes.
        return "\x1b".into();
    }
    let s = &g.state;
    let harvest_for = |p: usize| -> String {
        let legal = s.legal_actions(p);
        let harvestable = legal.iter().filter_map(|a| match a {
            Action::Harvest { field } => Some(*field),
            _ => None,
        });
        let pays = |f: usize| {
            let field = s.player(p).fields()[f];
            let n = field.count();
            let coins = field
                .kind()
                .map_or(0, |k| s.ruleset().bean(k).beanometer.coins_for(n).min(n));
            (coins, n)
        };
        let field = if greedy {
            harvestable.max_by_key(|&f| pays(f))
        } else {
            harvestable.min()
        }
        .expect("a harvest is legal when nothing fits");
        // The picker opens on the player who needs to act: move to p.
        let start = g.harvest_opens_on().player;
        let n = s.player_count();
        let downs = (p + n - start) % n;
        format!("h{}{}\n", "↓".repeat(downs), field + 1)
    };
    // No field fits: harvest one, or with mixed patches plant over field 1.
    let make_room = |p: usize| -> String {
        if s.ruleset().mixed_patches {
            "1".into()
        } else {
            harvest_for(p)
        }
    };
    match (g.mode(), s.phase()) {
        (Mode::Answer(_), _) => "d".into(),
        (Mode::Compose(_), _) | (Mode::PickProposer(_), _) => "\x1b".into(),
        (Mode::GameOver, _) => String::new(),
        (_, Phase::Plant { planted }) => {
            let a = s.active_player();
            match s.player(a).hand().front() {
                Some(k) if planted == 0 => {
                    if g.suggested_field(a, k).is_some() {
                        "\n".into()
                    } else {
                        make_room(a)
                    }
                }
                Some(k) if planted < 2 && g.suggested_field(a, k).is_some() => "\n".into(),
                // The bean duel: a greedy player discards the card the chooser suggests
                // when it fits no field.
                Some(_) if greedy && s.ruleset().discards_after_planting > 0 => {
                    let pos = g.suggested_discard(a);
                    let k = s.player(a).hand().get(pos).expect("a card");
                    if g.suggested_field(a, k).is_none() {
                        "d\n".into()
                    } else {
                        "t".into()
                    }
                }
                _ => "t".into(),
            }
        }
        // The bean duel's steps 1 and 3: plant the chosen card where it fits; else step 1
        // discards it, step 3 moves to a card that fits, or ends the turn when none does.
        (_, Phase::PlantOffered) => {
            let a = s.active_player();
            let k = s.offered()[g.plant().card];
            if g.suggested_field(a, k).is_some() {
                "\n".into()
            } else {
                "d".into()
            }
        }
        (_, Phase::PlantTurnedOver) => {
            let a = s.active_player();
            let cards = s.face_up();
            let n = cards.len();
            match (0..n)
                .map(|d| (g.plant().card + d) % n.max(1))
                .find(|&i| g.suggested_field(a, cards[i]).is_some())
            {
                Some(i) => format!("{}\n", "→".repeat((i + n - g.plant().card) % n)),
                None => "e".into(),
            }
        }
        (_, Phase::Trade) => "e".into(),
        (_, Phase::PlantTraded) => {
            let c = g.plant();
            let k = s.player(c.player).set_aside()[c.card];
            if g.suggested_field(c.player, k).is_some() {
                "\n".into()
            } else {
                make_room(c.player)
            }
        }
        (_, Phase::GameOver) => String::new(),
    }
}

/// Like [`lazy_key`], but fulfils the active player's order as soon as it is met (when the
/// screen may show it) and buys a third bean field for anyone who can afford one.
pub fn keen_key(app: &App) -> String {
    let g = game(app);
    let s = &g.state;
    let table = *g.mode() == Mode::Table
        && g.handoff().is_none()
        && g.harvest().is_none()
        && g.buy().is_none()
        && g.fulfil().is_none()
        && !s.is_over();
    if table {
        let active = s.active_player();
        let pairs = g.fulfil_fields();
        if g.order_shown(active).is_some() && !pairs.is_empty() {
            return if pairs.len() > 1 { "f\n" } else { "f" }.into();
        }
        if let Some(p) = (0..s.player_count()).find(|&p| s.check_buy_third_field(p).is_ok()) {
            return format!("${}\n", p + 1);
        }
    }
    play_key(app, true)
}

/// A new seeded game of a built-in variant with these seats (people and bots), not saved;
/// `mcts` thinks through only a few playouts so tests stay quick.
pub fn app_with_seats(variant: &str, seats: &[bohnanza::game::SeatKind], seed: u64) -> App {
    let mut c = config_for(variant, seats.len(), seed, false);
    c.seats = seats.to_vec();
    c.bots.search.playouts = 8;
    App::playing(CardTable::new(c, None).unwrap(), Theme::colored())
}

/// Plays the game to the end: a lazy person at the keyboard, the bots at full speed.
/// Checks that no hand-off is ever for a bot's seat. Returns the keys pressed.
pub fn play_with_bots(app: &mut App, limit: usize) -> usize {
    let mut presses = 0;
    loop {
        app.run_bots();
        let g = game(app);
        if let Some(h) = g.handoff() {
            assert!(!g.shell.is_bot(h.to), "no hand-off to a bot: {h:?}");
        }
        if *g.mode() == Mode::GameOver {
            return presses;
        }
        let k = lazy_key(app);
        assert!(!k.is_empty(), "a key to press: {:?}", game(app).mode());
        presses += press(app, &k);
        if let Some((m, true)) = &game(app).shell.message {
            panic!("{k:?} was refused: {m}");
        }
        assert!(presses < limit, "the game should end within {limit} keys");
    }
}
