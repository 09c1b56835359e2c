//! Hats of Tin.

mod battle;
mod cli;
mod rosters;
mod rulings;
mod tui;
