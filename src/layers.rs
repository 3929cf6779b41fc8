//! The crate's layering, checked from its own source: the engines stay pure, and no import
//! circle crosses module folders (`docs/architecture.md`). A new `use` that breaks either
//! fails here, naming the file.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
pub(super) fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found
}

/// The file's code, without its comment lines (doc comments name other modules freely).
fn code(path: &Path) -> String {
    fs::read_to_string(path)
        .expect("a source file is readable")
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each game's home holds its parts in folders of their own: the engine, the bots, the
/// screen and the coach's part.
const GAME_HOMES: [&str; 2] = ["cards", "dice"];
/// A game's parts, each a layer of its own.
const GAME_PARTS: [&str; 4] = ["engine", "bots", "screen", "coach"];

/// The layer of a game's home that `part` names: the part itself, or else the engine, whose
/// types the home re-exports (`crate::cards::GameState` is `crate::cards::engine`'s, and so
/// is the home's own `mod.rs`, which only declares the parts and re-exports the engine).
fn game_part(game: &str, part: Option<&str>) -> String {
    match part {
        Some(part) if GAME_PARTS.contains(&part) => format!("{game}::{part}"),
        _ => format!("{game}::engine"),
    }
}

/// The layer a path under `src/` belongs to: its top-level module (`src/ui/app.rs` → `ui`),
/// or in a game's home the game's part (`src/cards/bots/greedy.rs` → `cards::bots`,
/// `src/dice/engine/state.rs` → `dice::engine`).
fn top_module(src: &Path, path: &Path) -> String {
    let mut parts = path
        .strip_prefix(src)
        .expect("under src/")
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        });
    let first = parts.next().expect("a path");
    if GAME_HOMES.contains(&first.as_str()) {
        return game_part(&first, parts.next().as_deref());
    }
    first
}

/// The layer a path after `crate::` names: its first module, or a game's part.
fn layer(path: &str) -> String {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let first = ident(path);
    if GAME_HOMES.contains(&first.as_str()) {
        let part = path[first.len()..].strip_prefix("::").map(ident);
        return game_part(&first, part.as_deref());
    }
    first
}

/// The top-level modules `code` names through `crate::` paths, including the heads of a
/// `use crate::{a::x, b::y}` list.
fn imports(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(list) = rest.strip_prefix('{') {
            let body = &list[..list.find(';').unwrap_or(list.len())];
            let mut depth = 0;
            let mut item_start = true;
            for (j, c) in body.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        item_start = false;
                        found.insert(layer(&body[j..]));
                    }
                    _ => {}
                }
            }
        } else {
            found.insert(layer(rest));
        }
    }
    found.retain(|m| !m.is_empty() && m != "self");
    found
}

pub(super) fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Which top-level modules each one imports.
fn module_edges() -> BTreeMap<String, BTreeSet<String>> {
    let src = src_dir();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in sources(&src) {
        let from = top_module(&src, &path);
        if from == "layers" || from == "main" || from == "cli" {
            continue;
        }
        let to = imports(&code(&path));
        let entry = edges.entry(from.clone()).or_default();
        entry.extend(to.into_iter().filter(|m| *m != from));
    }
    edges
}

/// A circle of imports through `from`, if any: the modules on it in order.
fn circle_through(from: &str, edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    let mut stack = vec![vec![from.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(route) = stack.pop() {
        let last = route.last().expect("a route is never empty");
        for next in edges.get(last).into_iter().flatten() {
            if next == from {
                let mut circle = route.clone();
                circle.push(next.clone());
                return Some(circle);
            }
            if seen.insert(next.clone()) {
                let mut longer = route.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn no_import_circle_crosses_module_folders() {
    let edges = module_edges();
    assert!(edges.contains_key("game") && edges.contains_key("cards::engine"));
    for module in edges.keys() {
        if let Some(circle) = circle_through(module, &edges) {
            panic!("an import circle: {}", circle.join(" → "));
        }
    }
}

/// The seam names no bot of either game: each game declares its bots' names beside them.
#[test]
fn the_seam_names_no_bot() {
    use crate::game::{BotName, Seated};
    let seam: String = sources(&src_dir().join("game"))
        .iter()
        .map(|p| code(p))
        .collect();
    let bots: Vec<BotName> = crate::cards::Cards::bot_names()
        .into_iter()
        .chain(crate::dice::Dice::bot_names())
        .collect();
    assert!(bots.len() >= 11, "{bots:?}");
    for bot in bots {
        let typed = format!("\"{bot}\"");
        let variant = format!("::{bot:?}");
        assert!(
            !seam.contains(&typed) && !seam.contains(&variant),
            "src/game/ names the bot {bot}: each game names its bots in its own folder"
        );
    }
}

#[test]
fn the_seam_names_neither_game() {
    let edges = module_edges();
    let seam = &edges["game"];
    for layer in seam {
        let game = GAME_HOMES
            .iter()
            .any(|g| layer == g || layer.starts_with(&format!("{g}::")));
        assert!(
            !game && !["rules", "coach", "ui"].contains(&layer.as_str()),
            "src/game/ imports crate::{layer}"
        );
    }
}

/// What an engine, a bot or a coach may not name: the terminal, files, the environment,
/// threads, the network and the clock. A plain `Duration` (a thinking time as a value) is
/// allowed; the time itself comes from the caller's `crate::game::Stopwatch`.
const IMPURE: [&str; 14] = [
    "ratatui",
    "crossterm",
    "termwiz",
    "std::fs",
    "std::env",
    "std::io",
    "std::thread",
    "std::process",
    "std::net",
    "tokio",
    "russh",
    "signal_hook",
    "Instant",
    "SystemTime",
];

/// Why `code` is not pure, if it is not: a word of [`IMPURE`], or a `std::time` item other
/// than `Duration`.
fn impurity(code: &str) -> Option<String> {
    if let Some(word) = IMPURE.iter().find(|w| code.contains(*w)) {
        return Some(format!("uses {word}"));
    }
    code.match_indices("std::time")
        .map(|(i, _)| &code[i + "std::time".len()..])
        .find(|rest| !rest.starts_with("::Duration"))
        .map(|rest| format!("uses std::time{}", rest.lines().next().unwrap_or("")))
}

/// The folders that must stay pure: each game's engine and bots, and the coach.
const PURE_FOLDERS: [&str; 5] = [
    "cards/engine",
    "cards/bots",
    "dice/engine",
    "dice/bots",
    "coach",
];
/// The files that must stay pure besides: each game's part of the coach.
const PURE_FILES: [&str; 2] = ["cards/coach.rs", "dice/coach.rs"];

/// Every engine folder, every bot folder, each game's part of the coach and the shared
/// coach: none touches a terminal, file, clock, thread, the network or the environment.
#[test]
fn the_engines_and_the_bots_are_pure() {
    let src = src_dir();
    let files: Vec<PathBuf> = PURE_FOLDERS
        .iter()
        .flat_map(|folder| {
            let found = sources(&src.join(folder));
            assert!(!found.is_empty(), "src/{folder} holds no source");
            found
        })
        .chain(PURE_FILES.iter().map(|file| src.join(file)))
        .collect();
    let checked: BTreeSet<String> = files.iter().map(|p| top_module(&src, p)).collect();
    let every_engine_and_bot_folder = GAME_HOMES
        .iter()
        .flat_map(|g| ["engine", "bots", "coach"].map(|part| format!("{g}::{part}")));
    for layer in every_engine_and_bot_folder.chain(["coach".to_string()]) {
        assert!(checked.contains(&layer), "{layer} is not checked");
    }
    for path in &files {
        if let Some(why) = impurity(&code(path)) {
            panic!(
                "{} {why}: an engine, its bots and the coach touch no terminal, file, clock, network or environment",
                path.display()
            );
        }
    }
}

#[test]
fn a_duration_is_pure_and_the_clock_is_not() {
    assert_eq!(impurity("use std::time::Duration;\nlet t: Duration;"), None);
    for clock in [
        "use std::time::Instant;",
        "use std::time::{Duration, Instant};",
        "let now = std::time::SystemTime::now();",
        "use std::time;",
        "use std::{fs, io};\nstd::io::stdin()",
    ] {
        assert!(impurity(clock).is_some(), "{clock}");
    }
}

/// The layers both games share: the shell and everything outside the games' homes but the
/// seam that picks one (`crate::rules`).
const SHARED_LAYERS: [&str; 9] = [
    "ui", "game", "store", "protocol", "host", "simulate", "cli", "coach", "text",
];

/// Shared files that still name a game's insides, each with why; nothing else may.
const SHELL_EXCEPTIONS: [(&str, &str); 6] = [
    (
        "store/file.rs",
        "format 1 saves were card games', read back through the card engine's actions",
    ),
    (
        "protocol.rs",
        "the line protocol is the card games' (positions, views and offers in their wire)",
    ),
    (
        "simulate/report.rs",
        "the report shows the card levels' own playouts (hard, expert), which only the card bots know",
    ),
    (
        "coach/search.rs",
        "the coach's search shares the card search's successive halving",
    ),
    (
        "coach/refusals.rs",
        "the coach remembers refused card offers by the card bots' offer key",
    ),
    (
        "cli/position.rs",
        "the position command loads a card game's position, which only the card engine reads",
    ),
];

/// The game parts (engine, bots, screen, coach) `code` imports, through `crate::` or, in the
/// binary's command line, `bohnanza::`; test modules may name the games.
fn game_parts_imported(code: &str) -> Vec<String> {
    let code = code.split("#[cfg(test)]").next().unwrap_or("");
    imports(&code.replace("bohnanza::", "crate::"))
        .into_iter()
        .filter(|layer| {
            GAME_HOMES
                .iter()
                .any(|g| layer == g || layer.starts_with(&format!("{g}::")))
        })
        .collect()
}

/// The shell and the shared layers reach either game only through the seam (`crate::game`'s
/// traits, `crate::rules` to pick one): none imports a game's engine, bots, screen or coach,
/// but for the files listed, with why, in [`SHELL_EXCEPTIONS`].
#[test]
fn the_shared_layers_reach_the_games_through_the_seam() {
    let src = src_dir();
    let mut excepted_seen = BTreeSet::new();
    for path in sources(&src) {
        let layer = top_module(&src, &path);
        if !SHARED_LAYERS.contains(&layer.as_str()) {
            continue;
        }
        let file = path
            .strip_prefix(&src)
            .expect("under src/")
            .to_string_lossy()
            .replace('\\', "/");
        let parts = game_parts_imported(&code(&path));
        if SHELL_EXCEPTIONS.iter().any(|(f, _)| *f == file) {
            assert!(
                !parts.is_empty(),
                "{file} is listed as an exception but imports no game"
            );
            excepted_seen.insert(file);
            continue;
        }
        assert!(
            parts.is_empty(),
            "src/{file} imports crate::{}: the shared layers reach a game through crate::game and crate::rules",
            parts.join(", crate::")
        );
    }
    assert_eq!(
        excepted_seen.len(),
        SHELL_EXCEPTIONS.len(),
        "an exception names no file"
    );
}

#[test]
fn game_imports_are_found_in_the_command_line_too() {
    let parts = game_parts_imported(
        "use bohnanza::cards::bots::SeatKind;\nuse crate::game::Game;\n#[cfg(test)]\nmod tests { use crate::dice::Dice; }",
    );
    assert_eq!(parts, ["cards::bots"]);
}

/// The coach, the bots and the screens work from above the engines: no engine knows they
/// are there, nor knows the other game.
#[test]
fn the_engines_know_nothing_of_what_sits_above() {
    let edges = module_edges();
    for game in GAME_HOMES {
        let engine = format!("{game}::engine");
        let mut above = vec!["coach".to_string(), "ui".to_string()];
        for g in GAME_HOMES {
            above.extend(["bots", "screen", "coach"].map(|part| format!("{g}::{part}")));
            if g != game {
                above.push(format!("{g}::engine"));
            }
        }
        for layer in above {
            assert!(
                !edges[&engine].contains(&layer),
                "src/{game}/engine/ imports crate::{layer}: the coach, the bots and the screens sit above the engines, and neither engine knows the other game"
            );
        }
    }
}

#[test]
fn imports_are_read_from_use_lists_too() {
    let found = imports(
        "use crate::{cards::Cards, game::{Game, Tape}};\nlet x = crate::text::sanitize(s);\nuse crate::dice::bots::Strong;",
    );
    let names: Vec<&str> = found.iter().map(String::as_str).collect();
    assert_eq!(names, ["cards::engine", "dice::bots", "game", "text"]);
}

#[test]
fn a_game_home_reads_as_its_parts() {
    let src = src_dir();
    assert_eq!(
        top_module(&src, &src.join("cards/engine/state.rs")),
        "cards::engine"
    );
    assert_eq!(top_module(&src, &src.join("dice/mod.rs")), "dice::engine");
    assert_eq!(
        top_module(&src, &src.join("dice/bots/strong.rs")),
        "dice::bots"
    );
    assert_eq!(top_module(&src, &src.join("ui/app.rs")), "ui");
    assert_eq!(layer("cards::GameState"), "cards::engine");
    assert_eq!(layer("cards::engine::GameState"), "cards::engine");
    assert_eq!(layer("cards::screen::CardTable"), "cards::screen");
    assert_eq!(layer("dice"), "dice::engine");
}

/// The screens' folders: the shell's, each game's and the host's.
const SCREEN_FOLDERS: [&str; 4] = ["ui", "cards/screen", "dice/screen", "host/screen"];
/// The most fields a screen's struct holds: a struct with more is a hub to split into
/// components that own their state.
const MOST_FIELDS: usize = 12;
/// The screens' structs still over [`MOST_FIELDS`], each to be split; every one must still be
/// over it, so the list only shrinks.
const STILL_HUBS: [&str; 1] = ["SetupForm"];
/// The card table and its components: their state is read through methods.
const TABLE_PARTS: [&str; 3] = ["CardTable", "BotSeats", "AtKeyboard"];
/// The card table's fields still public, each to be made private; the list only shrinks.
const STILL_PUBLIC: [&str; 2] = ["state", "shell"];

/// The struct a line opens, if it opens one with named fields.
fn struct_name(line: &str) -> Option<String> {
    let line = line.trim();
    let rest = line.split_once("struct ")?;
    let vis = rest.0.trim();
    let opens = line.ends_with('{') && (vis.is_empty() || vis.starts_with("pub"));
    opens.then(|| ident_at(rest.1))
}

/// The identifier `s` starts with.
fn ident_at(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The field a line of a struct's body declares (`pub x: T,` → `x`), if it declares one.
fn field_name(line: &str) -> Option<String> {
    let bare = match line.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.split_once(')')?.1,
        Some(rest) => rest,
        None => line,
    }
    .trim_start();
    let name = ident_at(bare);
    let after = &bare[name.len()..];
    (!name.is_empty() && after.starts_with(':') && !after.starts_with("::")).then_some(name)
}

/// Each struct with named fields in `code`: its name and its fields' lines.
fn structs(code: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let Some(name) = struct_name(line) else {
            continue;
        };
        let (mut fields, mut depth) = (Vec::new(), 1usize);
        for line in lines.by_ref() {
            let line = line.trim();
            if depth == 1 && field_name(line).is_some() {
                fields.push(line.to_string());
            }
            depth = (depth + line.matches('{').count()).saturating_sub(line.matches('}').count());
            if depth == 0 {
                break;
            }
        }
        found.push((name, fields));
    }
    found
}

/// Every struct of the screens' folders, by name, with its fields' lines.
fn screen_structs() -> BTreeMap<String, Vec<String>> {
    let src = src_dir();
    SCREEN_FOLDERS
        .iter()
        .flat_map(|folder| sources(&src.join(folder)))
        .flat_map(|path| structs(&code(&path)))
        .collect()
}

#[test]
fn no_screen_struct_is_a_hub() {
    let found = screen_structs();
    for (name, fields) in &found {
        let listed = STILL_HUBS.contains(&name.as_str());
        assert!(
            listed || fields.len() <= MOST_FIELDS,
            "{name} has {} fields: split it into components of at most {MOST_FIELDS}",
            fields.len()
        );
        assert!(
            !listed || fields.len() > MOST_FIELDS,
            "{name} is no longer a hub: take it off STILL_HUBS"
        );
    }
    for part in TABLE_PARTS {
        let fields = found
            .get(part)
            .unwrap_or_else(|| panic!("no struct {part}"));
        let public: Vec<String> = fields
            .iter()
            .filter(|f| f.starts_with("pub"))
            .filter_map(|f| field_name(f))
            .collect();
        let allowed = |f: &String| part == "CardTable" && STILL_PUBLIC.contains(&f.as_str());
        assert!(
            public.iter().all(allowed),
            "{part} has public fields {public:?}: read them through methods"
        );
    }
}

#[test]
fn a_struct_is_read_with_its_fields() {
    let code = "pub struct A<T: Clone> {\n    pub x: Vec<T>,\n    pub(crate) y: std::fmt::Error,\n    z: Option<fn() -> u8>,\n}\nstruct B;\nfn f() {\n    let s = S { a: 1 };\n}\nenum E {\n    V { w: u8 },\n}";
    let found = structs(code);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "A");
    let names: Vec<_> = found[0].1.iter().filter_map(|f| field_name(f)).collect();
    assert_eq!(names, ["x", "y", "z"]);
}
