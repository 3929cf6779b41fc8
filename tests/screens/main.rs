//! Everything drawn on screen and read from keys, without a terminal: the card table's keys
//! and snapshots (trading, the bean duel, field beans, order cards, My First Bohnanza, bots'
//! seats, the log, undo), the dice table's, the replay viewer's and its tools, the saved
//! games list, the game's flags, and untrusted text kept off the terminal raw. One test
//! binary for the whole layer; each file is one module. Snapshots are in `snapshots/`, named
//! `screens__<module>__<name>.snap`.

#[path = "../support/mod.rs"]
mod support;

mod coach_screen;
mod dicescreen_keys;
mod dicescreen_snapshots;
mod linear_cli;
mod no_color;
mod picker_keys;
mod positions_dice_screen;
mod replay;
mod replay_cli;
mod replay_dice;
mod replay_snapshots;
mod replay_tools;
mod review_alike;
mod review_trial;
mod saved_games;
mod terminal_text;
mod ui_bots;
mod ui_cli;
mod ui_duel;
mod ui_field_beans;
mod ui_keys;
mod ui_log;
mod ui_log_dice;
mod ui_my_first;
mod ui_order_planting;
mod ui_pace;
mod ui_privacy;
mod ui_snapshots;
mod ui_trading;
mod undo;
