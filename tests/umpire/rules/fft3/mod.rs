//! FFT3.

mod battle;
mod cli;
mod rosters;
mod tui;
