//! The SSH host key: made once and kept in the data directory, so a guest's `ssh` sees the
//! same fingerprint every time this machine hosts (and warns if it ever changes).
//!
//! The key is Ed25519, made and written in OpenSSH's format by `ssh-key` (through russh);
//! the file is readable by its owner only. Two hosts starting at once agree on one key: the
//! file is put in place without replacing one that appeared meanwhile, and the loser reads
//! the winner's.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};

/// The key's file name in the data directory (as OpenSSH names its own).
pub const FILE_NAME: &str = "ssh_host_ed25519_key";

/// The host key kept in `data_dir`, made and written there the first time.
pub fn load_or_create(data_dir: &Path) -> io::Result<PrivateKey> {
    let path = data_dir.join(FILE_NAME);
    match fs::read_to_string(&path) {
        Ok(text) => return read(&path, &text),
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        Err(_) => {}
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(io::Error::other)?;
    let text = key.to_openssh(LineEnding::LF).map_err(io::Error::other)?;
    if put_in_place(data_dir, &path, text.as_bytes())? {
        Ok(key)
    } else {
        read(&path, &fs::read_to_string(&path)?)
    }
}

/// A key made for this run only, for a host with no data directory.
pub fn for_this_run() -> io::Result<PrivateKey> {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(io::Error::other)
}

/// The fingerprint guests' `ssh` shows for `key` (`SHA256:…`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

/// The key in the file at `path`, or why it is none.
fn read(path: &Path, text: &str) -> io::Result<PrivateKey> {
    PrivateKey::from_openssh(text).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{} is not an SSH private key ({e}); move it away and a new one is made",
                path.display()
            ),
        )
    })
}

/// Writes `bytes` to `path` whole, readable by its owner only, unless a file is there by
/// then: `false` if one was.
fn put_in_place(dir: &Path, path: &Path, bytes: &[u8]) -> io::Result<bool> {
    fs::create_dir_all(dir)?;
    let temporary = temporary_name(path);
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options.open(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    // A hard link is made only where no file is: it never replaces another host's key.
    let placed = written.and_then(|()| fs::hard_link(&temporary, path));
    let _ = fs::remove_file(&temporary);
    match placed {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(e),
    }
}

/// The temporary file a new key is written to before it takes its name.
fn temporary_name(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{}.new", std::process::id()));
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_and_read_back_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(dir.path()).unwrap();
        let again = load_or_create(dir.path()).unwrap();
        assert_eq!(fingerprint(&first), fingerprint(&again));
        assert!(fingerprint(&first).starts_with("SHA256:"));
        let files: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(files.len(), 1, "no temporary file is left");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(FILE_NAME))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_damaged_key_file_is_reported_not_replaced() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(FILE_NAME), "not a key").unwrap();
        let e = load_or_create(dir.path()).unwrap_err();
        assert!(e.to_string().contains("is not an SSH private key"), "{e}");
        assert_eq!(
            fs::read_to_string(dir.path().join(FILE_NAME)).unwrap(),
            "not a key"
        );
    }
}
