//! `umpire check FILE…`: validates scenario files and says what is wrong with each, by
//! `file:line:column`, or what each valid file holds.

use crate::scenario;
use crate::text::escape_terminal as esc;
use std::io::Write;
use std::path::PathBuf;

/// Checks every file in `paths`. A valid file gets one `ok:` line on `out`; an invalid one gets one
/// line per problem on `err`. Returns true when every file is valid. Write errors on `out` and `err`
/// are ignored: the return value still tells the caller whether the files are valid.
pub fn run(paths: &[PathBuf], out: &mut dyn Write, err: &mut dyn Write) -> bool {
    let mut all_valid = true;
    for path in paths {
        match scenario::load(path) {
            Ok(s) => {
                let _ = writeln!(
                    out,
                    "ok: {} ({}, \"{}\", {} sides, {} units)",
                    esc(&path.display().to_string()),
                    s.ruleset.id(),
                    esc(s.title()),
                    s.file.sides.len(),
                    s.file.units().len()
                );
            }
            Err(errors) => {
                all_valid = false;
                for e in &errors.0 {
                    let _ = writeln!(err, "{e}");
                }
            }
        }
    }
    all_valid
}
