//! What `umpire` prints with no arguments: what it is, its commands and a sample resolution. Kept
//! apart so the terminal UI can take its place.

use std::io::{self, Write};

/// What `umpire` prints with no arguments: what it is, the commands, and a sample resolution.
pub fn overview(out: &mut dyn Write) -> io::Result<()> {
    // The sample is a resolution of the demo battle's rule set.
    let demo = super::demo::demo_scenario();
    let example = demo.ruleset.example();
    let umpire_help = format!(
        "every input of a command, e.g. umpire resolve {} --help",
        example
            .iter()
            .take(2)
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
    );
    let umpire_alone = format!(
        "the terminal UI on a built-in demo battle ({})",
        demo.title()
    );
    writeln!(
        out,
        "umpire {} — {}",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_DESCRIPTION")
    )?;
    writeln!(out)?;
    writeln!(out, "Commands:")?;
    for (usage, what) in [
        ("umpire", umpire_alone.as_str()),
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
        ("umpire COMMAND --help", umpire_help.as_str()),
    ] {
        writeln!(out, "  {usage:<30}  {what}")?;
    }
    writeln!(out)?;
    writeln!(out, "Example: umpire resolve {}", example.join(" "))?;
    writeln!(out)?;
    let args = ["umpire", "resolve"]
        .into_iter()
        .chain(example.iter().copied());
    let mut err = Vec::new();
    super::run(args, out, &mut err);
    out.write_all(&err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_s_example_resolves() {
        for r in crate::rules::registry() {
            let ex = r.example();
            assert_eq!(ex.first(), Some(&r.id()), "the example names its rule set");
            assert!(ex.contains(&"--dice"), "{}: typed dice", r.id());
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let code = super::super::run(
                ["umpire", "resolve"].into_iter().chain(ex.iter().copied()),
                &mut out,
                &mut err,
            );
            let (out, err) = (String::from_utf8_lossy(&out), String::from_utf8_lossy(&err));
            assert_eq!(code, std::process::ExitCode::SUCCESS, "{}: {err}", r.id());
            assert!(out.contains("Result: "), "{}: {out}", r.id());
        }
    }

    #[test]
    fn the_overview_resolves_the_demo_battle_s_example() {
        let mut out = Vec::new();
        overview(&mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let demo = super::super::demo::demo_scenario();
        assert!(out.contains(&format!(
            "Example: umpire resolve {}",
            demo.ruleset.example().join(" ")
        )));
        assert!(out.contains(demo.title()), "{out}");
        assert!(out.contains("Result: "), "{out}");
    }
}
