//! The data directory's saved games: one file per game in `games/`, named so a person can
//! tell them apart, and `damaged/`, where a file that is not a whole save is moved aside.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::file::{self, SaveError};
use super::{SavedGame, check, disk};
use crate::text::sanitize;

/// Files looked at when listing saved games; the oldest beyond it are not listed.
const MAX_LISTED: usize = 10_000;

/// Longest part of a file name taken from one player's name.
const NAME_CHARS: usize = 16;

/// The folder of saved games in the data directory `data_dir`.
pub fn games_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("games")
}

/// Where damaged save files are moved, in the data directory `data_dir`.
pub fn damaged_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("damaged")
}

/// The year, month and day of a day counted from 1970-01-01 (proleptic Gregorian).
fn civil_date(days: i64) -> (i64, u32, u32) {
    // Count from 0000-03-01 so the leap day ends a year; eras are 400 years.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `2026-11-23_17-05` for `now`, in UTC.
pub fn timestamp(now: SystemTime) -> String {
    let secs = now
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let (y, m, d) = civil_date(secs.div_euclid(86_400));
    let minute = secs.rem_euclid(86_400) / 60;
    format!("{y:04}-{m:02}-{d:02}_{:02}-{:02}", minute / 60, minute % 60)
}

/// Letters and digits of `text`, at most `max` of them: safe in a file name everywhere.
fn file_word(text: &str, max: usize) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .take(max)
        .collect()
}

/// A new game's file name without its extension: `2026-11-23_17-05_base_Ana-Ben-Cy` (the
/// time in UTC, the ruleset's name, the players' names).
pub fn game_stem(now: SystemTime, ruleset_name: &str, names: &[String]) -> String {
    let players: Vec<String> = names
        .iter()
        .map(|n| file_word(n, NAME_CHARS))
        .filter(|w| !w.is_empty())
        .collect();
    let variant = ruleset_name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-')
        .take(32)
        .collect::<String>();
    format!("{}_{variant}_{}", timestamp(now), players.join("-"))
}

/// Claims a new file for a game in `games`: `STEM.json`, else `STEM-2.json`, … The name
/// is created exclusively, so two games starting at once never share a file. When no name
/// can be created (a read-only directory) the first is returned: writing to it will fail
/// and say why.
pub fn claim_new_file(games: &Path, stem: &str) -> PathBuf {
    let first = games.join(format!("{stem}.json"));
    for n in 1..=1_000u32 {
        let path = if n == 1 {
            first.clone()
        } else {
            games.join(format!("{stem}-{n}.json"))
        };
        match disk::claim(&path) {
            Ok(true) => return path,
            Ok(false) => continue,
            Err(_) => return first,
        }
    }
    first
}

/// Moves a damaged save file into `damaged/` of the data directory `data_dir`, never over
/// another file there; returns where it went.
pub fn move_aside(data_dir: &Path, path: &Path) -> std::io::Result<PathBuf> {
    let damaged = damaged_dir(data_dir);
    let name = path
        .file_name()
        .map_or_else(|| "save.json".into(), |n| n.to_string_lossy());
    for n in 1..=1_000u32 {
        let target = if n == 1 {
            damaged.join(name.as_ref())
        } else {
            damaged.join(format!("{name}.{n}"))
        };
        if disk::claim(&target)? {
            return std::fs::rename(path, &target).map(|()| target);
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!(
            "{} holds too many damaged copies of {name}",
            damaged.display()
        ),
    ))
}

/// Reads the save at `path` to resume it, and plays it again through its game's checks
/// ([`check::replay`]). A damaged file in the data directory's `games/` is moved into
/// `damaged/` of `data_dir`, and the message says where; any other file (one a person
/// named, anywhere on the machine) is only read, and left where it is.
pub fn open(data_dir: Option<&Path>, path: &Path) -> Result<SavedGame, String> {
    open_with(data_dir, path, |game| check::replay(&game).map(|_| game))
}

/// Reads the save at `path` and hands it to `resume`, which plays it again (once: a
/// screen that resumes a game replays it anyway, through the same rules) and says why it
/// does not replay. A damaged file of the data directory's own, found so by either, is
/// moved into `damaged/` of `data_dir`, and the message says where; any other file is only
/// read, and left where it is.
pub fn open_with<T>(
    data_dir: Option<&Path>,
    path: &Path,
    resume: impl FnOnce(SavedGame) -> Result<T, SaveError>,
) -> Result<T, String> {
    file::read(path)
        .and_then(resume)
        .map_err(|e| match data_dir.filter(|d| is_ours(d, path)) {
            Some(d) => explain(d, path, &e),
            None => format!(
                "the saved game {} cannot be resumed: {e}; the file is left as it is",
                sanitize(&path.display().to_string())
            ),
        })
}

/// Whether `path` is a save file of the data directory `data_dir`: a regular file (not a
/// symlink) directly in its `games/` folder, the only files this program moves aside.
pub fn is_ours(data_dir: &Path, path: &Path) -> bool {
    let regular = std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file());
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let in_games = match (folder.canonicalize(), games_dir(data_dir).canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    regular && in_games
}

/// The message for a save of the data directory's own that cannot be resumed; a damaged
/// one is moved aside first.
fn explain(data_dir: &Path, path: &Path, error: &SaveError) -> String {
    let shown_path = sanitize(&path.display().to_string()).into_owned();
    let mut message = format!("the saved game {shown_path} cannot be resumed: {error}");
    if error.is_damage() {
        match move_aside(data_dir, path) {
            Ok(to) => message.push_str(&format!(
                "; it was moved to {}",
                sanitize(&to.display().to_string())
            )),
            Err(e) => message.push_str(&format!("; moving it aside failed too: {e}")),
        }
    }
    message
}

/// A saved game found in the data directory.
#[derive(Clone, Debug)]
pub struct SavedEntry {
    /// Its file.
    pub path: PathBuf,
    /// The game.
    pub game: SavedGame,
    /// When it was last written.
    pub modified: SystemTime,
}

impl SavedEntry {
    /// One line for a list a person chooses from: the file name, the players, the moves.
    pub fn describe(&self) -> String {
        let name = self
            .path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let players: Vec<String> = crate::text::sanitize_all(&self.game.names);
        let moves = self.game.actions.len();
        format!(
            "{}  ({}; {moves} move{}{})",
            sanitize(&name),
            players.join(", "),
            if moves == 1 { "" } else { "s" },
            if self.game.finished { ", finished" } else { "" }
        )
    }
}

/// Where versions before format 2 kept their one game, in the data directory.
const OLD_SAVE: &str = "last-game.json";

/// Moves the game an older version saved (`last-game.json`) into `games/` under a name of
/// its own, so it is listed with the others; says what was done, if anything.
fn adopt_old_save(data_dir: &Path) -> Option<String> {
    let old = data_dir.join(OLD_SAVE);
    let meta = std::fs::symlink_metadata(&old)
        .ok()
        .filter(|m| m.is_file())?;
    let game = match file::read(&old) {
        Ok(g) => g,
        Err(e) => return Some(explain(data_dir, &old, &e)),
    };
    let rules = game.ruleset.rules().ok()?;
    let modified = meta.modified().unwrap_or(UNIX_EPOCH);
    let path = claim_new_file(
        &games_dir(data_dir),
        &game_stem(modified, rules.name(), &game.names),
    );
    let text = file::encode(&game);
    let shown_old = sanitize(&old.display().to_string()).into_owned();
    match disk::write_atomically(&path, text.as_bytes(), super::fill_and_sync) {
        Ok(()) => {
            let _ = std::fs::remove_file(&old);
            Some(format!(
                "the game an older version saved in {shown_old} is now {}",
                sanitize(&path.display().to_string())
            ))
        }
        Err(e) => {
            // The name claimed for it is ours and empty; the old save stays where it was.
            let _ = std::fs::remove_file(&path);
            Some(format!(
                "the game in {shown_old} could not be copied into games/: {e}"
            ))
        }
    }
}

/// Removes what saves cut short by a killed program left in the data directory `data_dir`'s
/// `games/`: temporary files of ours whose writer is gone ([`disk::remove_abandoned`]).
/// Every command that opens a game screen does this at start.
pub fn remove_abandoned_temporaries(data_dir: &Path) -> usize {
    disk::remove_abandoned(&games_dir(data_dir))
}

/// Every saved game in the data directory `data_dir`, the most recently played first, and
/// a message for each file that could not be read (damaged files are moved aside) or was
/// moved in from an older version's place. Temporary files abandoned by a killed program
/// are removed ([`remove_abandoned_temporaries`]).
pub fn list(data_dir: &Path) -> (Vec<SavedEntry>, Vec<String>) {
    let mut games = Vec::new();
    let mut problems: Vec<String> = adopt_old_save(data_dir).into_iter().collect();
    remove_abandoned_temporaries(data_dir);
    let Ok(entries) = std::fs::read_dir(games_dir(data_dir)) else {
        return (games, problems);
    };
    for entry in entries.flatten().take(MAX_LISTED) {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let Ok(meta) = entry.metadata() else { continue };
        // An empty file is a game claiming its name.
        if !name.ends_with(".json") || !meta.is_file() || meta.len() == 0 {
            continue;
        }
        match file::read(&path) {
            Ok(game) => games.push(SavedEntry {
                modified: meta.modified().unwrap_or(UNIX_EPOCH),
                path,
                game,
            }),
            Err(e) => problems.push(explain(data_dir, &path, &e)),
        }
    }
    games.sort_by(|a, b| b.modified.cmp(&a.modified).then(a.path.cmp(&b.path)));
    (games, problems)
}

/// Asks which of `games` to resume: a numbered list on `output`, a number read from
/// `input` (Enter picks the first, the most recently played). Returns its index.
pub fn pick(
    games: &[SavedEntry],
    input: impl BufRead,
    mut output: impl Write,
) -> Result<usize, String> {
    let talk = |e: std::io::Error| format!("could not ask which game to resume: {e}");
    writeln!(output, "Several unfinished games are saved:").map_err(talk)?;
    for (i, g) in games.iter().enumerate() {
        writeln!(output, "  {:>2}. {}", i + 1, g.describe()).map_err(talk)?;
    }
    write!(output, "Which one (1-{}, Enter for 1)? ", games.len()).map_err(talk)?;
    output.flush().map_err(talk)?;
    let mut answer = Vec::new();
    // An answer is a number: a longer line is not read whole.
    let read = input
        .take(64)
        .read_until(b'\n', &mut answer)
        .map_err(talk)?;
    let refused = |why: &str| {
        format!("no game was picked{why}; `bohnanza --resume FILE` resumes one by its file")
    };
    if read == 0 {
        return Err(refused(""));
    }
    let Ok(answer) = std::str::from_utf8(&answer) else {
        return Err(refused(" (give a number from the list)"));
    };
    let answer = answer.trim();
    if answer.is_empty() {
        return Ok(0);
    }
    match answer.parse::<usize>() {
        Ok(n) if (1..=games.len()).contains(&n) => Ok(n - 1),
        _ => Err(refused(" (give a number from the list)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_match_the_calendar() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(20_415), (2025, 11, 23));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }

    #[test]
    fn stems_keep_letters_and_digits_only() {
        let names = ["Ana".to_string(), "\u{1b}]0;x\u{7}Bé n".to_string()];
        let stem = game_stem(UNIX_EPOCH, "base", &names);
        assert_eq!(stem, "1970-01-01_00-00_base_Ana-0xBén");
    }
}
