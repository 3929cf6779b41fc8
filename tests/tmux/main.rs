//! The real binary in a real terminal, driven through tmux as a person would: a game played,
//! quit and resumed, undo, signals and suspend, the log, replay, the dice table, a game
//! opened at a position, and the simulator's progress bar. Each test starts a tmux server of
//! its own (see `support/tmux.rs`) and is skipped where tmux is missing. One test binary for
//! every such test; each file is one module.

#[path = "../support/mod.rs"]
mod support;

mod coach_tmux;
mod dicescreen_tmux;
mod join_dice_tmux;
mod join_tmux;
mod linear_tmux;
mod pace_tmux;
mod positions_cli;
mod privacy_tmux;
mod replay_tmux;
mod saves_tmux;
mod simulate_progress;
mod ssh_tmux;
mod typeahead_tmux;
mod ui_log_tmux;
mod ui_tmux;
mod undo_tmux;
