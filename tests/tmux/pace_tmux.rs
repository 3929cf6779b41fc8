//! Issue 36: `--pace` sets the table's pace in the real binary, and `<` `>` change it.

use crate::support::tmux::{Tmux, command, has_tmux};

#[test]
fn the_pace_flag_sets_the_pace_and_the_keys_step_from_it() {
    if !has_tmux() {
        eprintln!("NOTE: tmux is not installed, so the pace test did not run (CI installs it)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = Tmux::new("pace");
    t.start(
        "pace",
        &command(
            dir.path(),
            "--variant base --seats human,greedy,greedy --names Ana,Ben,Cy --seed 7 --pace fast",
        ),
    );
    t.wait_for("pace", "Ana: plant the front card");
    // One step slower than fast is normal (from the default, it would be slow).
    t.keys("pace", &["<"]);
    t.wait_for("pace", "Pace: normal (< slower, > faster).");
    t.keys("pace", &[">", ">"]);
    t.wait_for("pace", "Pace: instant (< slower, > faster).");
    t.keys("pace", &["q", "y"]);
    t.wait_for("pace", "EXITED 0");
}
