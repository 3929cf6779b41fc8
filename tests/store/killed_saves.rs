//! A save cut short by `kill -9` leaves its temporary file behind; the next start removes
//! it, in either game. Only this program's own temporary files directly in `games/` are
//! removed, and only when their writer is gone or they are older than an hour: a save in
//! progress, another program's file, and anything elsewhere are left alone.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::support::cli::output_within_stall;
use bohnanza::store::{RulesetSource, SavedGame, SavedSeat, Saver, disk, library};

/// Set for the writer this test starts and kills: the data directory it saves in.
const WRITER_DATA: &str = "BOHNANZA_TEST_KILLED_WRITER_DATA";
/// Set with [`WRITER_DATA`]: `cards` or `dice`, the game the writer saves.
const WRITER_GAME: &str = "BOHNANZA_TEST_KILLED_WRITER_GAME";

/// Writes half of the save, then waits to be killed: a save in the middle of its write.
fn half_then_wait(file: &mut File, bytes: &[u8]) -> std::io::Result<()> {
    file.write_all(&bytes[..bytes.len() / 2])?;
    file.sync_all()?;
    std::thread::sleep(Duration::from_secs(120));
    Ok(())
}

fn new_game(ruleset: RulesetSource) -> SavedGame {
    SavedGame {
        ruleset,
        names: vec!["Ana".into(), "Ben".into()],
        seats: vec![SavedSeat::Human; 2],
        seed: 3,
        open_hands: false,
        actions: Default::default(),
        finished: false,
        position: None,
        tutor_asked: Vec::new(),
    }
}

/// The writer: run by [`a_save_killed_midway_leaves_nothing_after_the_next_start`] as a
/// process of its own (this test binary, this test alone, with [`WRITER_DATA`] set); it saves
/// a new game through the program's own [`Saver`], stopping halfway through the write. Run
/// any other way it has nothing to do.
#[test]
#[ignore = "the writer that the killed-save test starts and kills; it does nothing alone"]
fn writer_stopped_halfway_through_a_save() {
    let (Some(data), Some(which)) = (
        std::env::var_os(WRITER_DATA),
        std::env::var(WRITER_GAME).ok(),
    ) else {
        return;
    };
    let game = match which.as_str() {
        "dice" => new_game(RulesetSource::dice()),
        _ => new_game(RulesetSource::variant("base").unwrap()),
    };
    let mut saver =
        Saver::for_new_game(Path::new(&data), &which, &game.names).filling_with(half_then_wait);
    saver.save(&game);
}

/// The temporary files of ours in `games`, with their writers.
fn temporaries(games: &Path) -> Vec<(PathBuf, u32)> {
    let Ok(entries) = std::fs::read_dir(games) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let pid = disk::temporary_writer(e.file_name().to_str()?)?;
            Some((e.path(), pid))
        })
        .collect()
}

/// Starts the program as a person would, with no terminal: `bohnanza --resume`.
fn start(data: &Path) {
    output_within_stall(
        Command::new(env!("CARGO_BIN_EXE_bohnanza"))
            .arg("--resume")
            .env("BOHNANZA_DATA_DIR", data)
            .stdout(Stdio::null()),
    );
}

#[test]
fn a_save_killed_midway_leaves_nothing_after_the_next_start() {
    for which in ["cards", "dice"] {
        let dir = tempfile::tempdir().unwrap();
        let games = library::games_dir(dir.path());
        let mut writer = Command::new(std::env::current_exe().unwrap())
            .args([
                "killed_saves::writer_stopped_halfway_through_a_save",
                "--exact",
                "--ignored",
            ])
            .env(WRITER_DATA, dir.path())
            .env(WRITER_GAME, which)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let started = Instant::now();
        // Half the save is on disk once the temporary file is not empty.
        let left = loop {
            let found = temporaries(&games).into_iter().next();
            if let Some((path, pid)) = found
                && std::fs::metadata(&path).is_ok_and(|m| m.len() > 0)
            {
                break (path, pid);
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{which}: no save began"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        assert_eq!(left.1, writer.id(), "{which}: named for its writer");
        writer.kill().unwrap(); // SIGKILL: kill -9
        writer.wait().unwrap();
        assert!(
            left.0.exists(),
            "{which}: the killed save's temporary file is left"
        );

        start(dir.path());
        assert_eq!(
            temporaries(&games),
            vec![],
            "{which}: the next start removes it"
        );
    }
}

#[test]
fn only_our_own_abandoned_temporary_files_directly_in_games_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let games = library::games_dir(data);
    std::fs::create_dir_all(games.join("sub")).unwrap();
    let mut gone = Command::new("true").spawn().unwrap();
    gone.wait().unwrap();
    let (dead, alive) = (gone.id(), std::process::id());
    let put = |path: PathBuf| {
        std::fs::write(&path, "half a save").unwrap();
        path
    };
    let removed = [
        put(games.join(format!(".g.json.{dead}-1f-0.tmp"))),
        // Its writer lives (this test), but no save takes two hours.
        put(games.join(format!(".old.json.{alive}-2a-3.tmp"))),
    ];
    let two_hours_ago = SystemTime::now() - Duration::from_secs(7200);
    File::options()
        .write(true)
        .open(&removed[1])
        .unwrap()
        .set_modified(two_hours_ago)
        .unwrap();
    let kept = [
        // A save in progress: its writer lives.
        put(games.join(format!(".g.json.{alive}-1f-1.tmp"))),
        // Not named as ours.
        put(games.join(".notes.tmp")),
        put(games.join(format!("g.json.{dead}-1f-0.tmp"))),
        put(games.join(format!(".g.json.{dead}-xyz-0.tmp"))),
        put(games.join(format!(".g.json.{dead}-1f-0.tmp.bak"))),
        // Not directly in games/.
        put(games.join("sub").join(format!(".g.json.{dead}-1f-0.tmp"))),
        put(data.join(format!(".g.json.{dead}-1f-0.tmp"))),
    ];
    let link = games.join(format!(".link.json.{dead}-1f-0.tmp"));
    std::os::unix::fs::symlink(&kept[1], &link).unwrap();

    start(data);
    for path in &removed {
        assert!(!path.exists(), "{} is left", path.display());
    }
    for path in kept.iter().chain([&link]) {
        assert!(
            path.exists() || path.is_symlink(),
            "{} was removed",
            path.display()
        );
    }
}
