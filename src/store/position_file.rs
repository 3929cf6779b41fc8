//! Writing a position file (the replay viewer's `s`): the JSON `--position` opens, at a path
//! a person typed. An existing file is never replaced unless they said so.

use std::io::Write;
use std::path::{Path, PathBuf};

/// How writing a position file went.
#[derive(Debug)]
pub enum PositionWrite {
    /// Written; the file's full path.
    Written(PathBuf),
    /// A file is already there and was left as it is.
    Exists(PathBuf),
}

/// Writes `position` (pretty JSON) to `path`, a new file unless `replace`; a relative path
/// is taken from the current directory. The error says why, in a sentence.
pub fn write_position(
    path: &Path,
    position: &serde_json::Value,
    replace: bool,
) -> Result<PositionWrite, String> {
    let full = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .map_err(|e| format!("the current directory cannot be found: {e}"))?
            .join(path)
    };
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if replace {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    let mut file = match options.open(&full) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Ok(PositionWrite::Exists(full));
        }
        Err(e) => return Err(format!("it cannot be written: {e}")),
    };
    let mut text = serde_json::to_string_pretty(position).unwrap_or_default();
    text.push('\n');
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| format!("it cannot be written: {e}"))?;
    Ok(PositionWrite::Written(full))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_replaces_a_file_unless_asked() {
        let dir = std::env::temp_dir().join(format!("bohnanza-position-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.json");
        let _ = std::fs::remove_file(&path);
        let v = serde_json::json!({"a": 1});
        assert!(matches!(
            write_position(&path, &v, false),
            Ok(PositionWrite::Written(_))
        ));
        std::fs::write(&path, "mine").unwrap();
        assert!(matches!(
            write_position(&path, &v, false),
            Ok(PositionWrite::Exists(_))
        ));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
        assert!(matches!(
            write_position(&path, &v, true),
            Ok(PositionWrite::Written(_))
        ));
        assert!(std::fs::read_to_string(&path).unwrap().contains("\"a\": 1"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
