//! The `umpire` command line.

pub mod check;

use std::process::ExitCode;

/// Runs the command line and returns the process exit status.
pub fn main() -> ExitCode {
    ExitCode::SUCCESS
}
