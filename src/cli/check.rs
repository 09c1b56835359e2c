//! `umpire check FILE...` — validates scenario files (minimal version: loads each file and prints
//! its problems).

use crate::text::escape_terminal;
use std::io::Write;
use std::path::PathBuf;

/// Checks every file; returns true when all are valid.
pub fn run(paths: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> bool {
    let mut ok = true;
    for path in paths {
        match crate::scenario::load(path) {
            Ok(s) => {
                let _ = writeln!(
                    out,
                    "{}: ok ({})",
                    escape_terminal(&path.display().to_string()),
                    escape_terminal(s.title())
                );
            }
            Err(problems) => {
                ok = false;
                for p in &problems.0 {
                    let _ = writeln!(err, "error: {p}");
                }
            }
        }
    }
    ok
}
