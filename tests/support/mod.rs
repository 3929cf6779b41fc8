//! Helpers shared by the test binaries. A binary that needs them includes this folder once,
//! as `crate::support`, from its `main.rs`; each file here is one set of helpers.
// Each binary uses only some of the helpers; the rest are not dead, only unused there.
#![allow(dead_code)]

pub mod card_screen;
pub mod cards;
pub mod cli;
pub mod dice_keys;
pub mod dice_screen;
pub mod far_screen;
pub mod fuzz;
pub mod host;
pub mod linear;
pub mod regressions;
pub mod reoffers;
pub mod replays;
pub mod session;
pub mod ssh;
pub mod table_keys;
pub mod tmux;
