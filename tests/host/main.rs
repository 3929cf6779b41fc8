//! `bohnanza host`: whole games played by JSON clients over loopback TCP against a headless
//! host, each seat's lines checked against `bohnanza script`'s with `"viewer": P`; seats that
//! drop, rejoin and are stood in for; a host killed and resumed; refused requests and
//! hostile clients. One test binary for the layer; each file is one module.

#[path = "../support/mod.rs"]
mod support;

mod host_cli;
mod host_dice_screens;
mod host_games;
mod host_in_process;
mod host_refusals;
mod host_screen_relay;
mod host_screens;
mod host_seats;
mod host_ssh;
