//! Saves never lie: every game has a file of its own, a failed save is said on screen and
//! at quitting, a damaged or cut-off save is detected and moved aside, and an exported game
//! replays through the protocol.

use bohnanza::cards::bots::names;
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use crate::support::card_screen::*;
use bohnanza::cards::Cards;
use bohnanza::cards::screen::CardTable;
use bohnanza::game::SeatKind;
use bohnanza::protocol::Session;
use bohnanza::rulesets;
use bohnanza::store::{self, SaveError, Saver, disk, export, library};
use bohnanza::ui::{App, GameConfig, Overlay, Theme};

/// A game of `variant` with a greedy bot in every seat.
fn bots_config(variant: &str, players: usize, seed: u64) -> GameConfig<Cards> {
    let mut c = config_for(variant, players, seed, false);
    c.seats = vec![SeatKind::Bot(names::GREEDY); players];
    c
}

/// Plays up to `moves` bot moves; returns how many were played.
fn play(game: &mut CardTable, moves: usize) -> usize {
    (0..moves).take_while(|_| game.play_bot()).count()
}

/// A full disk, as the kernel says it: every byte goes to /dev/full.
fn dev_full(_: &mut File, bytes: &[u8]) -> io::Result<()> {
    OpenOptions::new()
        .write(true)
        .open("/dev/full")?
        .write_all(bytes)
}

/// A disk that fills up halfway through the file.
fn full_halfway(file: &mut File, bytes: &[u8]) -> io::Result<()> {
    file.write_all(&bytes[..bytes.len() / 2])?;
    Err(io::Error::new(
        io::ErrorKind::StorageFull,
        "No space left on device",
    ))
}

/// A saved game of 4 greedy bots after `moves` moves, in `dir`'s games folder.
fn saved_game(dir: &Path, moves: usize) -> CardTable {
    let c = bots_config("base", 4, 11);
    let saver = Saver::for_new_game(dir, &c.ruleset.name, &c.names);
    let mut g = CardTable::new(c, Some(saver)).unwrap();
    assert_eq!(play(&mut g, moves), moves);
    g
}

/// A game played `moves` bot moves without saving (a save per move waits for the disk each
/// time), then saved once in `dir`'s games folder.
fn unsaved_then_saved(dir: &Path, c: GameConfig<Cards>, moves: usize) -> CardTable {
    let mut saver = Saver::for_new_game(dir, &c.ruleset.name, &c.names);
    let mut g = CardTable::new(c, None).unwrap();
    play(&mut g, moves);
    assert!(saver.save(&g.shell.record));
    g.shell.saver = Some(saver);
    g
}

fn save_path(g: &CardTable) -> std::path::PathBuf {
    g.shell.saver.as_ref().unwrap().path().to_path_buf()
}

#[test]
fn a_save_has_a_version_a_checksum_and_bean_kinds_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let g = saved_game(dir.path(), 150);
    let path = save_path(&g);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(path.starts_with(dir.path().join("games")), "{path:?}");
    assert!(name.ends_with("_base_Ana-Ben-Cy-Di.json"), "{name}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with(r#"{"format":4,"checksum":"sha256:"#),
        "{text}"
    );
    assert!(text.contains(r#""action_count":150"#));
    // Greedy bots trade by the second turn: an offer names what it wants.
    let want = text.find(r#""want":["#).expect("an offer in 150 moves");
    let kind = text[want + 9..].split('"').next().unwrap();
    assert!(
        g.ruleset().beans.iter().any(|b| b.name == kind),
        "{kind:?} is a bean's name"
    );
    let saved = store::read(&path).unwrap();
    assert_eq!(saved, g.shell.record);
    let resumed = CardTable::resume(saved, None).unwrap();
    assert_eq!(resumed.state, g.state);
}

#[test]
fn a_card_game_saved_in_format_2_before_dice_games_were_saved_still_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let g = saved_game(dir.path(), 60);
    let path = save_path(&g);
    // Format 2 had the same shape; its checksum covers the game object only.
    let text = std::fs::read_to_string(&path).unwrap();
    let old = text.replacen(r#"{"format":4,"#, r#"{"format":2,"#, 1);
    assert_ne!(old, text);
    std::fs::write(&path, old).unwrap();
    let (games, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games[0].game, g.shell.record);
    let saved = library::open(Some(dir.path()), &path).unwrap();
    let resumed = CardTable::resume(saved, Some(Saver::resumed(path.clone(), 60))).unwrap();
    assert_eq!(resumed.state, g.state);
}

/// The tutor's questions are kept in the save (format 4) and read back; a save written
/// before them (format 3, no `tutor_asked`) reads and resumes as before, byte for byte the
/// same game; and a question about an action the file does not hold makes it damaged.
#[test]
fn the_tutors_questions_are_saved_and_a_format_3_save_still_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = saved_game(dir.path(), 60);
    let path = save_path(&g);
    let before = std::fs::read_to_string(&path).unwrap();
    assert!(!before.contains("tutor_asked"), "{before:.200}");
    // Written in format 3 by the version before this one: the same text but the number.
    let old = before.replacen(r#"{"format":4,"#, r#"{"format":3,"#, 1);
    std::fs::write(&path, &old).unwrap();
    let saved = library::open(Some(dir.path()), &path).unwrap();
    assert_eq!(saved, g.shell.record);
    assert!(saved.tutor_asked.is_empty());
    let resumed = CardTable::resume(saved, None).unwrap();
    assert_eq!(resumed.state, g.state);

    g.shell.record.tutor_asked_at(12);
    g.shell.record.tutor_asked_at(40);
    g.shell.record.tutor_asked_at(12);
    assert_eq!(g.shell.record.tutor_asked, [12, 40], "each question once");
    let mut saver = Saver::resumed(path.clone(), 60);
    assert!(saver.save(&g.shell.record));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(r#"{"format":4,"#), "{text:.40}");
    assert!(
        text.ends_with(r#","tutor_asked":[12,40]}}"#),
        "{}",
        &text[text.len() - 60..]
    );
    assert_eq!(store::read(&path).unwrap(), g.shell.record);

    // Taking back the moves from the 40th on takes the question about it back too.
    let mut back = g.shell.record.clone();
    back.take_back_to(40);
    assert_eq!(back.tutor_asked, [12]);

    tamper(&path, |v| {
        v["game"]["tutor_asked"] = serde_json::json!([12, 60])
    });
    let e = store::read(&path).unwrap_err();
    assert!(e.is_damage(), "{e}");
    assert!(
        e.to_string()
            .contains("the tutor asked about decision 61 of its 60 actions"),
        "{e}"
    );
}

/// Rewrites the save at `path` through `change` on its JSON, keeping its checksum.
fn tamper(path: &Path, change: impl FnOnce(&mut serde_json::Value)) {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    change(&mut v);
    std::fs::write(path, v.to_string()).unwrap();
}

fn assert_moved_aside(dir: &Path, path: &Path, message: &str) {
    assert!(!path.exists(), "{message}");
    let aside = dir.join("damaged").join(path.file_name().unwrap());
    assert!(aside.exists(), "{message}");
    assert!(
        message.contains(&format!("it was moved to {}", aside.display())),
        "{message}"
    );
}

#[test]
fn a_save_with_its_last_actions_cut_off_is_detected_and_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&saved_game(dir.path(), 40));
    tamper(&path, |v| {
        let actions = v["game"]["actions"].as_array_mut().unwrap();
        actions.truncate(37);
    });
    assert!(matches!(
        store::read(&path),
        Err(SaveError::CutOff {
            kept: 37,
            expected: 40
        })
    ));
    let message = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(
        message.contains("last actions are cut off: it holds 37 of its 40"),
        "{message}"
    );
    assert_moved_aside(dir.path(), &path, &message);
}

#[test]
fn a_changed_or_truncated_save_is_damaged_and_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    // The seed changed: the checksum no longer matches.
    let path = save_path(&saved_game(dir.path(), 10));
    tamper(&path, |v| v["game"]["seed"] = 12.into());
    let message = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(message.contains("checksum does not match"), "{message}");
    assert_moved_aside(dir.path(), &path, &message);

    // The file cut short mid-write (by another program: ours renames whole files).
    let path = save_path(&saved_game(dir.path(), 10));
    let text = std::fs::read(&path).unwrap();
    std::fs::write(&path, &text[..text.len() * 2 / 3]).unwrap();
    let message = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(message.contains("not a whole save file"), "{message}");
    let aside = dir.path().join("damaged");
    assert_eq!(std::fs::read_dir(&aside).unwrap().count(), 2, "{message}");

    // A message quoting the file makes what it quotes safe for a terminal.
    let path = save_path(&saved_game(dir.path(), 10));
    tamper(&path, |v| v["game"]["seed"] = "\u{1b}]0;pwned\u{7}".into());
    let message = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(message.contains("]0;pwned"), "{message}");
    assert!(
        !message.contains('\u{1b}') && !message.contains('\u{7}'),
        "{message:?}"
    );
}

#[test]
fn a_save_of_another_version_is_refused_and_left_where_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&saved_game(dir.path(), 5));
    tamper(&path, |v| v["format"] = 5.into());
    let message = library::open(Some(dir.path()), &path).unwrap_err();
    assert!(message.contains("another version (format 5"), "{message}");
    assert!(path.exists());
}

#[test]
fn an_oversized_or_binary_save_is_refused_without_reading_it_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.json");
    let f = File::create(&path).unwrap();
    f.set_len(store::MAX_SAVE_BYTES + 1).unwrap();
    assert!(matches!(store::read(&path), Err(SaveError::TooLarge(_))));
    std::fs::write(&path, [0xff, 0xfe, 0x00]).unwrap();
    assert!(matches!(store::read(&path), Err(SaveError::Damaged(_))));
}

#[test]
fn a_full_disk_is_said_on_screen_at_once_and_until_a_save_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = saved_game(dir.path(), 3);
    let path = save_path(&g);
    for fill in [dev_full as store::Fill, full_halfway] {
        let on_disk = std::fs::read(&path).unwrap();
        let saver = g.shell.saver.take().unwrap();
        g.shell.saver = Some(saver.filling_with(fill));
        assert_eq!(play(&mut g, 50), 50);
        let problem = g
            .shell
            .save_problem()
            .expect("the failure is kept")
            .to_string();
        assert!(
            problem.contains("NOT SAVED") && problem.contains("the last 50 moves are not on disk"),
            "{problem}"
        );
        assert_eq!(
            std::fs::read(&path).unwrap(),
            on_disk,
            "the old save is whole"
        );
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            leftovers.len(),
            1,
            "no temporary file is left: {leftovers:?}"
        );

        let mut app = App::playing(g, Theme::colored());
        assert!(render(&app, 120, 40).contains("NOT SAVED"), "on screen");
        app.overlay = Some(Overlay::ConfirmQuit);
        let quit = render(&app, 120, 40);
        assert!(
            quit.contains("Quit anyway? What is not on disk is lost."),
            "{quit}"
        );
        assert!(
            !quit.contains("The game is saved after every move"),
            "{quit}"
        );
        app.overlay = Some(Overlay::Help);
        let help = render(&app, 120, 40);
        assert!(help.contains("quit (NOT saved: see below)"), "{help}");
        app.overlay = None;
        let Some(back) = app
            .into_shown::<bohnanza::cards::screen::CardTable>()
            .map(Box::new)
        else {
            unreachable!()
        };
        g = *back;
        // The disk has room again: the next move saves every move, and the screen clears.
        let saver = g.shell.saver.take().unwrap();
        g.shell.saver = Some(saver.filling_with(store::fill_and_sync));
        assert_eq!(play(&mut g, 1), 1);
        assert_eq!(g.shell.save_problem(), None);
        let saved = store::read(&path).unwrap();
        assert_eq!(
            saved.actions.len(),
            g.shell.record.actions.len(),
            "no move lost"
        );
        let app = App::playing(g, Theme::colored());
        assert!(!render(&app, 120, 40).contains("NOT SAVED"));
        let Some(back) = app
            .into_shown::<bohnanza::cards::screen::CardTable>()
            .map(Box::new)
        else {
            unreachable!()
        };
        g = *back;
    }
}

/// Whether this process may write where permissions say it may not (root may).
fn permissions_bind_us() -> bool {
    let probe = tempfile::tempdir().unwrap();
    let ro = probe.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    set_mode(&ro, 0o555);
    let bound = File::create(ro.join("probe")).is_err();
    set_mode(&ro, 0o755);
    bound
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_read_only_data_directory_is_said_on_screen() {
    let dir = tempfile::tempdir().unwrap();
    // A data directory that cannot be a directory fails for everyone, root included.
    let not_a_dir = dir.path().join("file");
    std::fs::write(&not_a_dir, "").unwrap();
    let c = bots_config("base", 3, 5);
    let saver = Saver::for_new_game(&not_a_dir, &c.ruleset.name, &c.names);
    let mut g = CardTable::new(c, Some(saver)).unwrap();
    play(&mut g, 2);
    let problem = g.shell.save_problem().unwrap();
    assert!(
        problem.contains("nothing of this game is on disk"),
        "{problem}"
    );

    if !permissions_bind_us() {
        eprintln!("NOTE: running as root, so the read-only directory is tried in saves_tmux.rs");
        return;
    }
    let ro = dir.path().join("ro");
    std::fs::create_dir_all(ro.join("games")).unwrap();
    set_mode(&ro.join("games"), 0o555);
    let c = bots_config("base", 3, 5);
    let saver = Saver::for_new_game(&ro, &c.ruleset.name, &c.names);
    let mut g = CardTable::new(c, Some(saver)).unwrap();
    play(&mut g, 2);
    let problem = g.shell.save_problem().unwrap().to_string();
    set_mode(&ro.join("games"), 0o755);
    assert!(problem.contains("Permission denied"), "{problem}");
}

#[test]
fn two_games_on_one_data_directory_keep_their_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = saved_game(dir.path(), 20);
    let mut b = saved_game(dir.path(), 30);
    assert_ne!(save_path(&a), save_path(&b));
    play(&mut a, 5);
    play(&mut b, 5);
    assert_eq!(store::read(&save_path(&a)).unwrap(), a.shell.record);
    assert_eq!(store::read(&save_path(&b)).unwrap(), b.shell.record);
    let (games, problems) = library::list(dir.path());
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(games.len(), 2);
}

#[test]
fn a_pre_placed_symlink_is_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let games = library::games_dir(dir.path());
    std::fs::create_dir_all(&games).unwrap();
    // A symlink where a new game's file would go: the game takes the next name.
    let stem = "2026-01-01_00-00_base_Ana";
    std::os::unix::fs::symlink(&victim, games.join(format!("{stem}.json"))).unwrap();
    let claimed = library::claim_new_file(&games, stem);
    assert_eq!(claimed, games.join(format!("{stem}-2.json")));
    // A symlink as the save itself is replaced, not written through.
    let link = games.join("linked.json");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    disk::write_atomically(&link, b"{}", store::fill_and_sync).unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(!link.symlink_metadata().unwrap().file_type().is_symlink());
}

#[test]
fn listing_moves_damaged_saves_aside_and_keeps_finished_games() {
    let dir = tempfile::tempdir().unwrap();
    let finished = unsaved_then_saved(dir.path(), bots_config("base", 3, 21), 100_000);
    assert!(finished.state.is_over() && finished.shell.record.finished);
    let unfinished = saved_game(dir.path(), 10);
    let games = library::games_dir(dir.path());
    std::fs::write(games.join("junk.json"), "{\"format\": 2").unwrap();
    std::fs::write(games.join("claimed.json"), "").unwrap();
    // Temporary files: one a killed program left two hours ago, one being written now.
    let abandoned = games.join(".x.json.1-2-3.tmp");
    let fresh = games.join(".x.json.1-2-4.tmp");
    for t in [&abandoned, &fresh] {
        std::fs::write(t, "{").unwrap();
    }
    let hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    File::options()
        .write(true)
        .open(&abandoned)
        .unwrap()
        .set_modified(hours_ago)
        .unwrap();
    let (list, problems) = library::list(dir.path());
    assert_eq!(list.len(), 2);
    assert_eq!(list.iter().filter(|e| e.game.finished).count(), 1);
    assert!(list.iter().any(|e| e.path == save_path(&unfinished)));
    assert_eq!(problems.len(), 1);
    assert!(problems[0].contains("junk.json") && problems[0].contains("moved to"));
    assert!(dir.path().join("damaged/junk.json").exists());
    assert!(
        games.join("claimed.json").exists(),
        "an empty file is a game starting"
    );
    assert!(!abandoned.exists() && fresh.exists());
}

#[test]
fn the_resume_list_asks_which_game() {
    let dir = tempfile::tempdir().unwrap();
    saved_game(dir.path(), 3);
    saved_game(dir.path(), 4);
    let (games, _) = library::list(dir.path());
    let mut shown = Vec::new();
    assert_eq!(library::pick(&games, &b"2\n"[..], &mut shown), Ok(1));
    let shown = String::from_utf8(shown).unwrap();
    assert!(shown.contains(" 1. ") && shown.contains(" 2. "), "{shown}");
    assert!(shown.contains("Ana, Ben, Cy, Di"), "{shown}");
    assert_eq!(library::pick(&games, &b"\n"[..], io::sink()), Ok(0));
    for refused in [&b""[..], b"3\n", b"x\n"] {
        let e = library::pick(&games, refused, io::sink()).unwrap_err();
        assert!(e.contains("--resume FILE"), "{e}");
    }
}

#[test]
fn an_exported_game_replays_through_the_protocol() {
    let dir = tempfile::tempdir().unwrap();
    for (i, b) in rulesets::BUILT_IN.iter().enumerate() {
        let ruleset = rulesets::load(b.name).unwrap();
        let players = ruleset.player_counts().next().unwrap();
        let g = unsaved_then_saved(
            dir.path(),
            bots_config(b.name, players, 100 + i as u64),
            400,
        );
        let saved = store::read(&save_path(&g)).unwrap();
        let exported = export::export(&saved).unwrap();
        assert!(exported.warning.is_none(), "{:?}", exported.warning);
        assert_eq!(exported.lines.len(), saved.actions.len() + 1);
        let mut session = Session::new();
        for line in &exported.lines {
            let reply = session.handle_line(line);
            assert!(
                !reply.starts_with(r#"{"error""#),
                "{}: {line} → {reply}",
                b.name
            );
        }
        assert_eq!(session.state(), Some(&g.state), "{}", b.name);
    }
}

#[test]
fn the_game_an_older_version_saved_is_moved_into_games_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let g = unsaved_then_saved(dir.path(), bots_config("base", 4, 8), 200);
    std::fs::remove_file(save_path(&g)).unwrap();
    // Format 1: one last-game.json, kinds by index, no checksum.
    let actions: Vec<serde_json::Value> = g
        .shell
        .record
        .actions
        .iter()
        .map(|a| {
            let (player, action) =
                bohnanza::cards::wire::parse_action(g.ruleset(), a.clone()).unwrap();
            let action = action.map_kinds(|k| k.index());
            serde_json::json!({"player": player, "action": action})
        })
        .collect();
    assert!(
        serde_json::to_string(&actions)
            .unwrap()
            .contains(r#""want":["#)
    );
    let old = serde_json::json!({
        "format": 1, "ruleset": g.shell.record.ruleset, "names": g.shell.record.names,
        "seats": g.shell.record.seats, "seed": g.shell.record.seed, "open_hands": false,
        "actions": actions, "finished": false,
    });
    let old_path = dir.path().join("last-game.json");
    std::fs::write(&old_path, old.to_string()).unwrap();
    let (games, notes) = library::list(dir.path());
    assert_eq!(games.len(), 1, "{notes:?}");
    assert_eq!(games[0].game, g.shell.record);
    assert!(notes[0].contains("is now"), "{notes:?}");
    assert!(!old_path.exists());
    // A kind index the ruleset does not have is damage, not a panic.
    let mut bad = old.clone();
    bad["actions"] = serde_json::json!([{"player": 0, "action": {"type": "propose", "to": 1, "give": [], "want": [200]}}]);
    std::fs::write(&old_path, bad.to_string()).unwrap();
    let (_, notes) = library::list(dir.path());
    assert!(notes[0].contains("names bean kind 200 of 8"), "{notes:?}");
}

#[test]
fn a_failed_save_on_screen_and_in_the_quit_question() {
    let c = bots_config("base", 3, 4);
    let dir = tempfile::tempdir().unwrap();
    let saver = Saver::at(dir.path().join("game.json")).filling_with(full_halfway);
    let mut g = CardTable::new(c, Some(saver)).unwrap();
    play(&mut g, 7);
    let mut app = App::playing(g, Theme::colored());
    insta::assert_snapshot!("not_saved_80x24", render(&app, 80, 24));
    // A refused move is said beside the warning, which stays.
    if let Some(g) = app.shown_mut::<bohnanza::cards::screen::CardTable>() {
        g.shell.message = Some(("You may not do that now.".to_string(), true));
    }
    let screen = render(&app, 160, 24);
    assert!(
        screen.contains("NOT SAVED") && screen.contains("You may not"),
        "{screen}"
    );
    if let Some(g) = app.shown_mut::<bohnanza::cards::screen::CardTable>() {
        g.shell.message = None;
    }
    app.overlay = Some(Overlay::ConfirmQuit);
    insta::assert_snapshot!("not_saved_quit_80x24", render(&app, 80, 24));
}

/// Resuming plays a save again once, not twice: `library::open_with` reads the file and
/// hands it over without playing it (a save whose second action the rules refuse reaches
/// the screen as it is), the screen's own replay finds the refused action, and the file is
/// moved aside as damaged all the same.
#[test]
fn resuming_replays_the_save_once_and_a_refused_action_moves_it_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = save_path(&saved_game(dir.path(), 10));
    let mut game = store::read(&path).unwrap();
    let mut actions = game.actions.to_vec();
    actions[1] = serde_json::json!({"player": 0, "type": "harvest", "field": 7});
    game.actions = actions.iter().collect();
    std::fs::write(&path, store::encode(&game)).unwrap();

    let mut replays = 0;
    let handed = library::open_with(Some(dir.path()), &path, |g| {
        replays += 1;
        Ok(g)
    })
    .unwrap();
    assert_eq!(replays, 1);
    assert_eq!(handed.actions, game.actions);
    assert!(path.exists());

    let message = library::open_with(Some(dir.path()), &path, |g| {
        CardTable::resume(g, None).map_err(store::damaged)
    })
    .map(|_| ())
    .unwrap_err();
    assert!(message.contains("action 2 was refused"), "{message}");
    assert_moved_aside(dir.path(), &path, &message);
}

/// The quit question tells the truth about the disk at both tables: saved after every
/// move with a data directory, not saved without one.
#[test]
fn the_quit_question_says_whether_the_game_is_saved_at_both_tables() {
    use bohnanza::dice::screen::DiceTable;
    use bohnanza::game::SeatKind;

    let dir = tempfile::tempdir().unwrap();
    let saved = App::playing(saved_game(dir.path(), 3), Theme::plain());
    let c = bots_config("base", 4, 11);
    let unsaved = App::playing(CardTable::new(c, None).unwrap(), Theme::plain());
    let dice = |saver: Option<Saver>| {
        let config = bohnanza::ui::GameConfig::<bohnanza::dice::Dice>::new(
            std::sync::Arc::new(bohnanza::dice::DiceRuleset::standard()),
            bohnanza::store::RulesetSource::dice(),
            vec!["Ana".into(), "Ben".into()],
            vec![SeatKind::Human; 2],
            4,
        );
        App::playing(DiceTable::new(config, saver).unwrap(), Theme::plain())
    };
    let dice_saved = dice(Some(Saver::for_new_game(
        dir.path(),
        "dice",
        &["Ana".into(), "Ben".into()],
    )));
    let dice_unsaved = dice(None);
    for (mut app, saved) in [
        (saved, true),
        (unsaved, false),
        (dice_saved, true),
        (dice_unsaved, false),
    ] {
        app.overlay = Some(Overlay::ConfirmQuit);
        let screen = render(&app, 80, 24);
        assert_eq!(
            screen.contains("The game is saved after every move"),
            saved,
            "{screen}"
        );
        assert_eq!(
            screen.contains("Without a data directory this game is"),
            !saved,
            "{screen}"
        );
    }
}
