//! `umpire check`: one `ok:` line per valid file on stdout, every problem of an invalid file on
//! stderr, and a result that is true only when every file is valid.

use std::path::{Path, PathBuf};
use umpire::cli::check;

fn fixture(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn run(paths: &[PathBuf]) -> (bool, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let ok = check::run(paths, &mut out, &mut err);
    (
        ok,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn all_valid_files_pass() {
    let paths = [
        fixture("tests/fixtures/scenarios/valid/minimal.toml"),
        fixture("rosters/grid-crossroads.toml"),
    ];
    let (ok, out, err) = run(&paths);
    assert!(ok);
    assert_eq!(err, "");
    assert_eq!(
        out,
        format!(
            "ok: {} (grid, \"Minimal\", 2 sides, 2 units)\nok: {} (grid, \"The crossroads\", 2 sides, 6 units)\n",
            paths[0].display(),
            paths[1].display()
        )
    );
}

#[test]
fn a_mix_reports_each_file_and_fails() {
    let valid = fixture("tests/fixtures/scenarios/valid/minimal.toml");
    let invalid = fixture("tests/fixtures/scenarios/invalid/misspelt-kind.toml");
    let several = fixture("tests/fixtures/scenarios/invalid/several-mistakes.toml");
    let (ok, out, err) = run(&[invalid.clone(), valid.clone(), several.clone()]);
    assert!(!ok);
    assert_eq!(
        out,
        format!(
            "ok: {} (grid, \"Minimal\", 2 sides, 2 units)\n",
            valid.display()
        )
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1 + 7, "{err}");
    assert_eq!(
        lines[0],
        format!(
            "{}:21:10: side \"ger\" › unit \"ger-1\" › kind = \"infantery\": not a unit kind in grid (did you mean `infantry`?); expected one of: infantry, tank",
            invalid.display()
        )
    );
    let prefix = format!("{}:", several.display());
    assert!(lines[1..].iter().all(|l| l.starts_with(&prefix)), "{err}");
}

#[test]
fn an_unreadable_file_is_an_error() {
    let missing = fixture("tests/fixtures/scenarios/no-such-file.toml");
    let (ok, out, err) = run(std::slice::from_ref(&missing));
    assert!(!ok);
    assert_eq!(out, "");
    let prefix = format!("{}:1:1: cannot read the file: ", missing.display());
    assert!(err.starts_with(&prefix), "{err}");
}

#[test]
fn no_files_is_success() {
    assert_eq!(run(&[]), (true, String::new(), String::new()));
}
