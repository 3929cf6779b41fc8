//! Where proptest keeps the failures it found: beside the test's own file, as
//! `tests/<layer>/<module>.proptest-regressions`.
//!
//! proptest's default looks upwards from the test's file for a `main.rs` and, finding the
//! layer's, would move the file to `tests/proptest-regressions/<module>.txt`, away from the
//! test that reads it. Every property test takes its config from here instead.

use proptest::test_runner::{Config, FileFailurePersistence};

/// A config running `cases` cases, with failures kept beside the test's source file.
pub fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}
