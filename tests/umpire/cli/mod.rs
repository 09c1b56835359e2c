//! The command line: in-process (`umpire::cli::run_with_input`) and through the real binary.

mod bad_input;
mod battle;
mod battle_bin;
mod bin;
mod check;
mod scenario_new;
