//! Long and huge saves: loading, resuming, replaying and exporting cost time and memory in
//! proportion to the file, whatever is in it. Each file is made here, near the size limit:
//! a card game whose first turn is nothing but offers made and taken back, a dice game
//! nobody ends, and millions of empty actions. Memory is counted by this test binary's own
//! allocator (the most bytes held at once during each step), so the bound is exact, not
//! a reading of the machine; the time is printed, and bounded only far above what a
//! linear cost takes, so a loaded machine does not fail it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use bohnanza::cards::bots::BotOptions;
use bohnanza::cards::screen::CardTable;
use bohnanza::dice::screen::DiceTable;
use bohnanza::store::{self, Actions, MAX_SAVE_BYTES, RulesetSource, SavedGame, SavedSeat};
use bohnanza::ui::replay;
use serde_json::json;

/// Counts the bytes held and the most held at once since [`reset_peak`].
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The most memory any step may take: the bound.
const MEMORY: usize = 200 << 20;

/// Far above the two seconds a step takes at most on an idle machine (the quadratic cost
/// this guards against took 28 s for a tenth of these files).
const STALL: Duration = Duration::from_secs(30);

/// Runs `step`, says what it took, and checks its memory and time.
fn measured<T>(what: &str, step: impl FnOnce() -> T) -> T {
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let started = Instant::now();
    let out = step();
    let took = started.elapsed();
    let peak = PEAK.load(Ordering::Relaxed) - before;
    eprintln!("{what}: {took:?}, {:.1} MB at most", peak as f64 / 1e6);
    assert!(peak < MEMORY, "{what} held {peak} bytes at once");
    assert!(took < STALL, "{what} took {took:?}");
    out
}

fn saved(ruleset: RulesetSource, players: usize, actions: Actions) -> SavedGame {
    SavedGame {
        ruleset,
        names: ["Ana", "Ben", "Cy"][..players]
            .iter()
            .map(|n| n.to_string())
            .collect(),
        seats: vec![SavedSeat::Human; players],
        seed: 7,
        open_hands: false,
        actions,
        finished: false,
        position: None,
        tutor_asked: Vec::new(),
    }
}

fn base() -> RulesetSource {
    RulesetSource {
        origin: "base".to_string(),
        toml: bohnanza::rulesets::BUILT_IN[0].text.to_string(),
    }
}

/// Writes `game` at `path` and checks it is just under the size limit.
fn write(path: &Path, game: &SavedGame) {
    let text = store::encode(game);
    let size = text.len() as u64;
    assert!(
        size <= MAX_SAVE_BYTES && size > MAX_SAVE_BYTES * 9 / 10,
        "{size}"
    );
    std::fs::write(path, text).unwrap();
}

/// Ana plants, turns over, then offers Ben a card and takes it back, again and again, all
/// in one turn: a legal game of nearly 300,000 actions.
fn offers_game() -> SavedGame {
    let mut actions = Actions::new();
    actions.push(&json!({"player": 0, "type": "plant", "field": 0}));
    actions.push(&json!({"player": 0, "type": "turn_over"}));
    for offer in 0..144_000u32 {
        actions.push(
            &json!({"player": 0, "type": "propose", "to": 1, "give": [{"hand": 0}], "want": []}),
        );
        actions.push(&json!({"player": 0, "type": "withdraw", "offer": offer}));
    }
    saved(base(), 3, actions)
}

/// Three players roll, save all five dice and pass the bean piece, and nobody harvests.
fn endless_dice_game() -> SavedGame {
    let mut actions = Actions::new();
    for turn in 0..143_000usize {
        let player = turn % 3;
        actions.push(&json!({"player": player, "type": "roll"}));
        actions.push(&json!({"player": player, "type": "save", "dice": [0, 1, 2, 3, 4]}));
        actions.push(&json!({"player": player, "type": "pass_bean_piece"}));
    }
    saved(RulesetSource::dice(), 3, actions)
}

#[test]
fn long_and_huge_saves_load_resume_replay_and_export_in_time_and_memory_linear_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let offers = dir.path().join("offers.json");
    write(&offers, &offers_game());
    let dice = dir.path().join("dice.json");
    write(&dice, &endless_dice_game());
    let empty = dir.path().join("empty.json");
    let nothing: Actions = std::iter::repeat_n(json!({}), 5_400_000).collect();
    write(&empty, &saved(base(), 3, nothing));

    let game = measured("read the offers save", || store::read(&offers).unwrap());
    assert_eq!(game.actions.len(), 288_002);
    let game = measured("check the offers save", || {
        store::library::open(None, &offers).unwrap()
    });
    measured("resume the offers save", || {
        CardTable::resume_with(game.clone(), None, &BotOptions::default()).unwrap()
    });
    measured("replay the offers save", || replay::open(&offers).unwrap());
    measured("export the offers save", || {
        store::export::export(&game).unwrap()
    });
    drop(game);

    let game = measured("check the dice save", || {
        store::library::open(None, &dice).unwrap()
    });
    assert_eq!(game.actions.len(), 429_000);
    measured("resume the dice save", || {
        DiceTable::resume(game.clone(), None).unwrap()
    });
    measured("replay the dice save", || replay::open(&dice).unwrap());
    drop(game);

    let refused = measured("check the empty actions", || {
        store::library::open(None, &empty).unwrap_err()
    });
    assert!(refused.contains("action 1 is refused"), "{refused}");
    let refused = measured("replay the empty actions", || {
        replay::open(&empty).unwrap_err()
    });
    assert!(refused.contains("action 1"), "{refused}");
}
