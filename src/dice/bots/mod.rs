//! Bots for the dice game.
