//! Scruby.

mod battle;
mod cli;
mod rulings;
mod tables;
mod tui;
