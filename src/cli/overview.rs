//! What `umpire` prints with no arguments: what it is, its commands and a sample resolution. Kept
//! apart so the terminal UI can take its place.

use std::io::{self, Write};

/// The example shown by [`overview`]: the fire of the issue that started this program.
pub const EXAMPLE: &[&str] = &[
    "resolve",
    "newport",
    "fire",
    "--table",
    "infantry",
    "--range",
    "12",
    "--cover",
    "hard",
    "--firer-suppressed",
    "--target-quality",
    "green",
    "--dice",
    "3",
];

/// What `umpire` prints with no arguments: what it is, the commands, and a sample resolution.
pub fn overview(out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "umpire {} — {}",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_DESCRIPTION")
    )?;
    writeln!(out)?;
    writeln!(out, "Commands:")?;
    for (usage, what) in [
        (
            "umpire",
            "the terminal UI on a built-in demo battle (a Newport company action)",
        ),
        (
            "umpire play SCENARIO",
            "start a battle in the terminal UI (--journal PATH, --seed N)",
        ),
        (
            "umpire resume JOURNAL",
            "carry on a battle from its journal, after a crash too",
        ),
        ("umpire check FILE...", "validate scenario files"),
        (
            "umpire rulesets [ID]",
            "rule sets: options, units, markers, phases, tables, decisions",
        ),
        (
            "umpire resolve RULESET ACTION",
            "resolve a procedure with typed (--dice) or rolled dice",
        ),
        (
            "umpire odds RULESET ACTION",
            "the exact odds of every result of a procedure",
        ),
        (
            "umpire report JOURNAL",
            "the battle report, Markdown or HTML (--format html, --side ID)",
        ),
        (
            "umpire replay JOURNAL",
            "the battle replayed event by event, with its strength chart",
        ),
        (
            "umpire COMMAND --help",
            "every input of a command, e.g. umpire resolve newport fire --help",
        ),
    ] {
        writeln!(out, "  {usage:<30}  {what}")?;
    }
    writeln!(out)?;
    writeln!(out, "Example: umpire {}", EXAMPLE.join(" "))?;
    writeln!(out)?;
    let args = std::iter::once("umpire").chain(EXAMPLE.iter().copied());
    let mut err = Vec::new();
    super::run(args, out, &mut err);
    out.write_all(&err)
}
