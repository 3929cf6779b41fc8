//! Writing a file so a crash, a full disk or another program never leaves half of it.
//!
//! The bytes go to a temporary file beside the target, created exclusively (`O_EXCL`: an
//! existing file or a pre-placed symlink under that name is never opened, let alone
//! followed) under a name no other writer uses; it is flushed to the disk, then renamed
//! over the target. A failure at any step removes the temporary file and leaves the target
//! as it was.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// Held while a file is written, so a program ending from another thread (a signal while
/// the terminal is gone) waits for the write to finish: see [`hold_writes`].
static WRITING: Mutex<()> = Mutex::new(());

/// Waits for any write in progress, and keeps new ones from starting while the guard lives.
pub fn hold_writes() -> MutexGuard<'static, ()> {
    WRITING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Temporary names tried before giving up (each taken name is skipped, never reused).
const TEMP_ATTEMPTS: u32 = 64;

/// Tells this process's temporary files apart.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// The process that wrote the temporary file called `name`, if the name is one of ours:
/// `.TARGET.PID-TIME-N.tmp`, as [`create_temp`] makes them (the time in hexadecimal).
pub fn temporary_writer(name: &str) -> Option<u32> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (target, stamp) = inner.rsplit_once('.')?;
    let mut parts = stamp.split('-');
    let (pid, time, n) = (parts.next()?, parts.next()?, parts.next()?);
    let decimal = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let hex = !time.is_empty() && time.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    let ours = !target.is_empty() && parts.next().is_none() && decimal(pid) && hex && decimal(n);
    ours.then(|| pid.parse().ok()).flatten()
}

/// Whether the process `pid` is known to have ended: on Linux, when `/proc` is there and
/// holds no `/proc/PID`. Elsewhere nothing is known, and a writer is never taken for gone.
pub fn process_gone(pid: u32) -> bool {
    let proc = Path::new("/proc");
    cfg!(target_os = "linux")
        && proc.join("self").exists()
        && std::fs::symlink_metadata(proc.join(pid.to_string())).is_err()
}

/// A temporary file lives for the moment a save takes; one this old was left by a program
/// that was killed mid-write, whoever its writer was.
pub const ABANDONED_AFTER: Duration = Duration::from_secs(3600);

/// Removes the temporary files of ours directly in `dir` whose writer is gone (killed in the
/// middle of a save): named as [`create_temp`] names them, regular files (a symlink or a
/// folder under such a name is left alone), and either their process has ended
/// ([`process_gone`]) or they are older than [`ABANDONED_AFTER`]. Any other file is left
/// alone, a save in progress included. Returns how many were removed.
pub fn remove_abandoned(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temporary_writer) else {
            continue;
        };
        // Not followed: the entry itself is looked at.
        let Ok(meta) = entry.metadata() else { continue };
        let age = meta.modified().ok().and_then(|m| m.elapsed().ok());
        let old = age.is_some_and(|a| a > ABANDONED_AFTER);
        let gone = pid != std::process::id() && process_gone(pid);
        if meta.is_file() && (gone || old) && std::fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Creates a new temporary file in `dir` for `target_name`, exclusively.
fn create_temp(dir: &Path, target_name: &str) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    for _ in 0..TEMP_ATTEMPTS {
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!(".{target_name}.{pid}-{nanos:x}-{n}.tmp"));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!(
            "{TEMP_ATTEMPTS} temporary file names in {} are all taken",
            dir.display()
        ),
    ))
}

/// Writes `bytes` to `path` atomically; `fill` writes them into the temporary file and
/// flushes it to the disk ([`super::fill_and_sync`], or a failing one in tests).
pub fn write_atomically(
    path: &Path,
    bytes: &[u8],
    fill: impl FnOnce(&mut File, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let _writing = hold_writes();
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map_or_else(|| "save".into(), |n| n.to_string_lossy());
    let (tmp, mut file) = create_temp(dir, &name)?;
    let written = fill(&mut file, bytes);
    drop(file);
    let result = written.and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        // The temporary file is ours (created exclusively): nobody else's file is removed.
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    // The rename is on disk only once the directory is; some file systems cannot sync a
    // directory, and the file itself is already whole, so that failure is not reported.
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Claims `path` for a new file: creates it empty, exclusively; `false` if the name is
/// taken (by a file, a directory or a symlink, which is left alone).
pub fn claim(path: &Path) -> io::Result<bool> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    match OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(_) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}
