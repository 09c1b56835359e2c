//! The `umpire` binary end to end: the real executable, its stdout, stderr and exit status, on
//! Grid skirmish's one procedure (Newport's table procedures: `rules::newport::cli`).

use crate::support::exe::{fails, ok, umpire};
use crate::support::json;

/// A tank's fire as the table reads it: three dice at 8 squares, beyond the long range of 6.
const FIRE: &[&str] = &[
    "resolve",
    "grid",
    "fire",
    "--firer-kind",
    "tank",
    "--range",
    "8",
];

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

#[test]
fn misspelt_value_gets_a_suggestion() {
    let err = fails(
        2,
        &[
            "resolve",
            "grid",
            "fire",
            "--range",
            "3",
            "--firer-kind",
            "tnak",
        ],
    );
    assert!(err.contains("--firer-kind"), "{err}");
    assert!(
        err.contains("expected one of infantry, tank (did you mean `tank`?)"),
        "{err}"
    );
    let err = fails(
        2,
        &[
            "odds",
            "grid",
            "fire",
            "--firer-kind",
            "tank",
            "--range",
            "twelve",
        ],
    );
    assert!(
        err.contains("--range \"twelve\": expected a whole number from 1 to 48"),
        "{err}"
    );
    let err = fails(2, &["odds", "grid", "fire", "--firer-kind", "tank"]);
    assert!(err.contains("--range is required"), "{err}");
}

#[test]
fn impossible_die_face_is_named() {
    let err = fails(2, &with(FIRE, &["--dice", "7,1,1"]));
    assert!(err.contains("7 is not a face of a d6"), "{err}");
    let err = fails(2, &with(FIRE, &["--dice", "0,1,1"]));
    assert!(err.contains("0 is not a face of a d6"), "{err}");
    let err = fails(2, &with(FIRE, &["--dice", "three"]));
    assert!(err.contains("cannot read \"three\" as dice faces"), "{err}");
}

#[test]
fn unused_faces_are_an_error() {
    let err = fails(2, &with(FIRE, &["--dice", "3,4,5,6"]));
    assert!(err.contains("1 typed face(s) were not used (6)"), "{err}");
    let err = fails(2, &with(FIRE, &["--dice", "3 4 5 6"]));
    assert!(err.contains("were not used (6)"), "{err}");
}

#[test]
fn option_typo_gets_a_suggestion() {
    let err = fails(
        2,
        &with(FIRE, &["--dice", "3,4,5", "--option", "long_rang=8"]),
    );
    assert!(
        err.contains("no such option (did you mean `long_range`?)"),
        "{err}"
    );
    let err = fails(
        2,
        &with(FIRE, &["--dice", "3,4,5", "--option", "long_range=30"]),
    );
    assert!(
        err.contains("expected a whole number from 1 to 24"),
        "{err}"
    );
    let err = fails(
        2,
        &with(FIRE, &["--dice", "3,4,5", "--option", "long_range"]),
    );
    assert!(err.contains("write KEY=VALUE"), "{err}");
}

#[test]
fn rolled_dice_print_the_seed_and_repeat_with_it() {
    let first = ok(FIRE);
    assert!(first.contains("Dice: rolled by the program"), "{first}");
    let seed = first
        .lines()
        .find_map(|l| l.strip_prefix("Seed: "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed in:\n{first}"))
        .to_string();
    assert!(first.contains(&format!("add --seed {seed} to roll the same dice again")));
    let again = ok(&with(FIRE, &["--seed", &seed]));
    assert_eq!(first, again);
    // The same seed gives the same faces in JSON, and says so.
    let v = json(&ok(&with(FIRE, &["--seed", "42", "--json"])));
    let w = json(&ok(&with(FIRE, &["--seed", "42", "--json"])));
    assert_eq!(v, w);
    assert_eq!(v["seed"], 42);
    assert_eq!(v["rolled_by_program"], true);
    // A seed is for the program's dice only.
    let r = umpire(&with(FIRE, &["--seed", "42", "--dice", "3,4,5"]));
    assert_eq!(r.code, 2, "{}", r.stderr);
}

#[test]
fn no_arguments_prints_the_overview() {
    // Without a terminal `umpire` cannot open the demo battle, so it says so and prints the overview.
    let out = ok(&[]);
    assert!(out.starts_with("(no terminal"), "{out}");
    for needle in [
        "umpire play SCENARIO",
        "umpire resume JOURNAL",
        "umpire check FILE...",
        "umpire rulesets [ID]",
        "umpire resolve RULESET ACTION",
        "umpire odds RULESET ACTION",
        "umpire report JOURNAL",
        "umpire replay JOURNAL",
        "Example: umpire resolve newport fire --table infantry --range 12 --cover hard --firer-suppressed --target-quality green --dice 3",
        "Result: No effect",
        "Dice: typed by the umpire",
    ] {
        assert!(out.contains(needle), "{needle:?} missing:\n{out}");
    }
}

#[test]
fn version_and_help_everywhere() {
    let version = format!("umpire {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&["--version"]), version);
    assert_eq!(ok(&["resolve", "grid", "fire", "--version"]), version);
    assert_eq!(ok(&["rulesets", "--version"]), version);
    for args in [
        &["--help"][..],
        &["check", "--help"],
        &["rulesets", "--help"],
        &["resolve", "--help"],
        &["odds", "grid", "--help"],
    ] {
        let help = ok(args);
        assert!(help.contains("Usage: umpire"), "{args:?}: {help}");
    }
    let r = umpire(&["resolve"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("grid"), "{}", r.stderr);
}

#[test]
fn command_line_mistakes_are_usage_errors() {
    let err = fails(2, &["resolve", "gird", "fire"]);
    assert!(err.contains("grid"), "{err}");
    let err = fails(2, &["resolve", "grid", "fier"]);
    assert!(err.contains("fire"), "{err}");
    fails(
        2,
        &[
            "odds",
            "grid",
            "fire",
            "--firer-kind",
            "tank",
            "--range",
            "3",
            "--dice",
            "3",
        ],
    );
    // The firer is named in a battle only.
    fails(
        2,
        &["resolve", "grid", "fire", "--range", "3", "--firer", "b1"],
    );
    let err = fails(2, &["resolve", "hats-of-tin", "fire", "--range", "3"]);
    assert!(err.contains("unrecognized subcommand 'fire'"), "{err}");
    // What the user typed is escaped before it reaches the terminal.
    let err = fails(
        2,
        &[
            "resolve",
            "grid",
            "fire",
            "--range",
            "3",
            "--firer-kind",
            "\u{1b}[2J",
        ],
    );
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn scenario_options_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.toml");
    std::fs::write(
        &good,
        r#"ruleset = "grid"
title = "Test"
[options]
long_range = 8
[[side]]
id = "a"
name = "A"
[[side]]
id = "b"
name = "B"
"#,
    )
    .unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "ruleset = \"gird\"\ntitle = \"Test\"\n").unwrap();
    let good = good.to_str().unwrap();
    let bad = bad.to_str().unwrap();

    // The scenario's options apply: 8 squares is within its long range.
    let out = ok(&with(FIRE, &["--dice", "4,4,4", "--scenario", good]));
    assert!(!out.contains("beyond long range"), "{out}");
    assert!(out.contains("Result: 3 hits"), "{out}");
    // --option overrides the scenario.
    let out = ok(&with(
        FIRE,
        &[
            "--dice",
            "4,4,4",
            "--scenario",
            good,
            "--option",
            "long_range=6",
        ],
    ));
    assert!(out.contains("range 8 beyond long range 6: 5+"), "{out}");
    assert!(out.contains("Result: 0 hits"), "{out}");
    let err = fails(1, &with(FIRE, &["--dice", "4,4,4", "--scenario", bad]));
    assert!(err.contains("bad.toml:1:"), "{err}");
    let missing = dir.path().join("missing.toml");
    fails(
        1,
        &with(
            FIRE,
            &["--dice", "4,4,4", "--scenario", missing.to_str().unwrap()],
        ),
    );

    assert_eq!(umpire(&["check", good]).code, 0);
    let r = umpire(&["check", good, bad]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.contains("bad.toml:1:"), "{}", r.stderr);
    assert_eq!(umpire(&["check"]).code, 2);
}

// ---- refusals and exact odds as JSON ---------------------------------------------------------

/// Runs and expects a JSON failure on stdout with `code` and `kind`, nothing on stderr.
fn fails_json(code: i32, kind: &str, args: &[&str]) -> String {
    let r = umpire(args);
    assert_eq!(
        r.code, code,
        "umpire {args:?}\nstdout:\n{}\nstderr:\n{}",
        r.stdout, r.stderr
    );
    assert!(r.stderr.is_empty(), "umpire {args:?}: {}", r.stderr);
    let v = json(&r.stdout);
    assert_eq!(v["kind"], kind, "{}", r.stdout);
    assert_eq!(v["exit_status"], code, "{}", r.stdout);
    v["error"].as_str().expect("an error message").to_string()
}

#[test]
fn json_refusals_are_json_on_stdout() {
    // Refused by the rules (a fire beyond the table's longest range): exit status 1.
    for command in ["resolve", "odds"] {
        let args = [command, "newport", "fire", "--range", "17", "--json"];
        let e = fails_json(1, "refused", &args);
        assert!(e.contains("beyond infantry long range"), "{e}");
    }
    // An input the table needs and nothing gave (what fires): exit status 2.
    let e = fails_json(
        2,
        "usage",
        &["odds", "grid", "fire", "--range", "3", "--json"],
    );
    assert!(e.contains("--firer-kind is required"), "{e}");
    // Not understood: exit status 2, in JSON too (a bad value, bad dice, an unknown flag).
    let e = fails_json(2, "usage", &with(FIRE, &["--range", "x", "--json"]));
    assert!(e.contains("--range"), "{e}");
    fails_json(2, "usage", &with(FIRE, &["--dice", "7,1,1", "--json"]));
    let e = fails_json(
        2,
        "usage",
        &["odds", "grid", "fire", "--json", "--rnage", "3"],
    );
    assert!(e.contains("--rnage"), "{e}");
    // Without --json: error lines on stderr, as before.
    fails(1, &["resolve", "newport", "fire", "--range", "17"]);
}

#[test]
fn odds_json_carries_exact_fractions_beside_the_floats() {
    // Two dice hitting on 4+: a quarter, a half, a quarter.
    let v = json(&ok(&[
        "odds",
        "grid",
        "fire",
        "--firer-kind",
        "infantry",
        "--range",
        "3",
        "--json",
    ]));
    let results = v["results"].as_array().unwrap();
    let fractions: Vec<&str> = results
        .iter()
        .map(|l| l["fraction"].as_str().unwrap())
        .collect();
    assert_eq!(fractions, ["1/4", "1/2", "1/4"]);
    for l in results {
        let (n, d) = l["fraction"].as_str().unwrap().split_once('/').unwrap();
        let exact = n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap();
        assert!((l["probability"].as_f64().unwrap() - exact).abs() < 1e-12);
    }
    // Three dice hitting on a 6 alone: 125/216 for no hit, not a whole number of thousandths,
    // has no fraction beside it.
    let odds = with(&["odds"], &FIRE[1..]);
    let v = json(&ok(&with(&odds, &["--cover", "--json"])));
    let none = &v["results"][0];
    assert!(
        (none["probability"].as_f64().unwrap() - 125.0 / 216.0).abs() < 1e-12,
        "{v}"
    );
    assert!(none.get("fraction").is_none(), "{v}");
}

#[test]
fn hats_of_tin_resolves_and_odds_as_written() {
    let out = ok(&[
        "resolve",
        "hats-of-tin",
        "shoot",
        "--firer",
        "infantry",
        "--target-cover",
        "--range",
        "2",
        "--dice",
        "6,5",
    ]);
    assert!(out.contains("modifiers: -1 cover"), "{out}");
    assert!(out.contains("Result: 1 hit on the target"), "{out}");
    let out = ok(&[
        "resolve",
        "hats-of-tin",
        "shoot",
        "--firer",
        "heavy-gun",
        "--target-armour",
        "medium",
        "--flank",
        "--range",
        "4",
        "--dice",
        "4,2",
    ]);
    for needle in [
        "+2 heavy gun",
        "-2 medium armour",
        "+1 from the flank or rear",
        "modified 5, 3: 1 hit",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    let out = ok(&[
        "odds",
        "hats-of-tin",
        "shoot",
        "--firer",
        "infantry",
        "--commander-attached",
        "--range",
        "1",
        "--json",
    ]);
    let v = json(&out);
    let p: Vec<f64> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["probability"].as_f64().unwrap())
        .collect();
    let exact = [8.0 / 27.0, 12.0 / 27.0, 6.0 / 27.0, 1.0 / 27.0];
    assert_eq!(p.len(), 4, "{out}");
    for (got, want) in p.iter().zip(exact) {
        assert!((got - want).abs() < 1e-9, "{got} vs {want}");
    }
    let err = fails(
        1,
        &[
            "resolve",
            "hats-of-tin",
            "shoot",
            "--firer",
            "infantry",
            "--range",
            "4",
            "--dice",
            "6,6",
        ],
    );
    assert!(err.contains("beyond range 3"), "{err}");
    let out = ok(&[
        "resolve",
        "hats-of-tin",
        "rally",
        "--commander-attached",
        "--dice",
        "4",
    ]);
    assert!(out.contains("one hit removed"), "{out}");
    let out = ok(&[
        "resolve",
        "hats-of-tin",
        "orders",
        "--subordinates",
        "2",
        "--dice",
        "3",
    ]);
    assert!(out.contains("5 orders"), "{out}");
    // Every weapon type and armour class the issue names is accepted.
    for firer in [
        "infantry",
        "mg",
        "light-gun",
        "mortar",
        "light-medium-gun",
        "heavy-gun",
        "field-artillery",
        "tank",
        "heavy-tank",
        "fast-tank",
        "armoured-car",
    ] {
        for armour in ["none", "light", "medium", "heavy", "pillbox"] {
            ok(&[
                "odds",
                "hats-of-tin",
                "shoot",
                "--firer",
                firer,
                "--target-armour",
                armour,
                "--range",
                "1",
            ]);
        }
    }
    let err = fails(
        2,
        &[
            "odds",
            "hats-of-tin",
            "shoot",
            "--firer",
            "infantri",
            "--range",
            "1",
        ],
    );
    assert!(err.contains("did you mean `infantry`"), "{err}");
    // Each Decision of the digest is shown.
    let out = ok(&["rulesets", "hats-of-tin"]);
    for topic in [
        "superior firepower",
        "a lone commander",
        "orders without the Force Commander",
        "overwatch",
        "a destroyed carrier",
    ] {
        assert!(out.contains(topic), "{topic}: {out}");
    }
}
