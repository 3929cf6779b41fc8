//! Saves, the games library and export, for the card games and the dice game: a file per
//! game saved after every action, damaged saves found out and moved aside, resume, and
//! `bohnanza export` / `--resume` as a person types them. One test binary for the whole
//! layer; each file is one module. Snapshots are in `snapshots/`.

#[path = "../support/mod.rs"]
mod support;

mod exit_codes_cli;
mod fuzz_saves;
mod killed_saves;
mod paths_hostile;
mod resume_refused;
mod review_cli;
mod saves;
mod saves_cli;
mod saves_dice;
mod saves_long;
