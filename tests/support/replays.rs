//! Saved games for the replay viewer's tests: whole games played by greedy bots.

use bohnanza::cards::Cards;
use bohnanza::cards::bots::names;
use bohnanza::cards::screen::CardTable;
use bohnanza::game::SeatKind;
use bohnanza::store::SavedGame;
use bohnanza::ui::{App, Replay, Theme};

use super::card_screen;
#[allow(unused_imports)]
pub use super::card_screen::{code, keys, lazy_key, render};

/// The record of a whole 4-player base game (seed 7) played by greedy bots.
pub fn finished_game() -> SavedGame {
    greedy_game("base", 4, 7)
}

/// The record of a whole game of `variant` played by greedy bots.
pub fn greedy_game(variant: &str, players: usize, seed: u64) -> SavedGame {
    let mut config = card_screen::config_for(variant, players, seed, false);
    config.seats = vec![SeatKind::Bot(names::GREEDY); players];
    let mut app = App::playing(CardTable::new(config, None).unwrap(), Theme::colored());
    app.run_bots();
    let record = app.game().unwrap().shell.record.clone();
    assert!(record.finished, "the bots play the game to its end");
    record
}

/// The same game cut after `actions` actions: a game still running.
pub fn running_game(actions: usize) -> SavedGame {
    let mut record = finished_game();
    record.actions.truncate(actions);
    record.finished = false;
    record
}

/// The record of a base game (seed 7, 4 players) played by people at the keyboard (lazy
/// ones: they never trade) for at least `actions` actions.
pub fn people_game(actions: usize) -> SavedGame {
    let mut app = card_screen::app(4, 7);
    while app.game().unwrap().shell.record.actions.len() < actions {
        let key = lazy_key(&app);
        card_screen::press(&mut app, &key);
    }
    app.game().unwrap().shell.record.clone()
}

/// The viewer on `record`, in an app that saves continued games in nothing.
pub fn viewer(record: SavedGame) -> App {
    App::replaying(
        Replay::<Cards>::new(record, "seed7.json").unwrap(),
        Theme::colored(),
        None,
    )
}

/// The viewer in `app`.
pub fn replay(app: &App) -> &Replay<Cards> {
    app.shown::<Replay<Cards>>()
        .expect("the replay viewer is not on screen")
}

/// Presses the keys in `text` (as [`keys`] reads them).
pub fn press(app: &mut App, text: &str) {
    for k in keys(text) {
        app.on_key(k);
    }
}

/// Writes `record` into the data directory `data` as `games/NAME`; returns the file.
pub fn save_as(data: &std::path::Path, name: &str, record: &SavedGame) -> std::path::PathBuf {
    let games = bohnanza::store::games_dir(data);
    std::fs::create_dir_all(&games).unwrap();
    let path = games.join(name);
    assert!(bohnanza::store::Saver::at(path.clone()).save(record));
    path
}
