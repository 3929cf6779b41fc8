//! Reading a file a person named: a save, a position or a ruleset given on the command line
//! or in a protocol request. Such a path may name anything on the machine, so it is only
//! read, never moved or written; a pipe, a device or a folder is refused before it is opened
//! (opening a FIFO waits for a writer that may never come, `/dev/zero` never ends), and a
//! file larger than its kind of file ever is, before it is read.

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::Path;

/// Why a file a person named was not read. The message never quotes the file: the path may
/// name any file on the machine.
#[derive(Debug, thiserror::Error)]
pub enum FileRefusal {
    /// The file could not be opened or read.
    #[error("it cannot be read: {0}")]
    Io(#[from] std::io::Error),
    /// A pipe, a device, a socket or a folder rather than a file.
    #[error("it is not a regular file (a device, a pipe or a folder is not read)")]
    NotAFile,
    /// Larger than any file of its kind.
    #[error("it is {size} bytes, more than such a file may be ({max} bytes)")]
    TooLarge {
        /// Its size.
        size: u64,
        /// The most that is read.
        max: u64,
    },
}

/// The bytes of the regular file at `path`, at most `max` of them (a larger file is
/// refused). Symlinks are followed to what they name, which must be a regular file too.
pub fn read(path: &Path, max: u64) -> Result<Vec<u8>, FileRefusal> {
    let regular = |meta: &Metadata| {
        if !meta.is_file() {
            Err(FileRefusal::NotAFile)
        } else if meta.len() > max {
            Err(FileRefusal::TooLarge {
                size: meta.len(),
                max,
            })
        } else {
            Ok(())
        }
    };
    regular(&std::fs::metadata(path)?)?;
    let file = File::open(path)?;
    // Checked again on the open file, in case the path changed in between.
    let meta = file.metadata()?;
    regular(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(FileRefusal::TooLarge {
            size: bytes.len() as u64,
            max,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_devices_and_large_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(read(dir.path(), 10), Err(FileRefusal::NotAFile)));
        assert!(matches!(
            read(Path::new("/dev/zero"), 10),
            Err(FileRefusal::NotAFile)
        ));
        let file = dir.path().join("f");
        std::fs::write(&file, b"0123456789a").unwrap();
        assert!(matches!(
            read(&file, 10),
            Err(FileRefusal::TooLarge { size: 11, max: 10 })
        ));
        assert_eq!(read(&file, 11).unwrap(), b"0123456789a");
    }
}
