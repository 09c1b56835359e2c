//! Newport's table procedures through the real `umpire` binary: the issue's example and its odds,
//! every procedure's inputs and refusals, its options as `--option` and a scenario set them, and
//! `umpire rulesets` on its declaration.

use crate::support::exe::{fails, ok, umpire};
use crate::support::json;

const ISSUE: &[&str] = &[
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
];

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

/// The probability lines of `umpire odds` text: (label, percent, fraction).
fn odds_lines(text: &str) -> Vec<(String, f64, Option<String>)> {
    text.lines()
        .filter_map(|l| {
            let (pct, rest) = l.trim_start().split_once("%  ")?;
            let pct: f64 = pct.parse().ok()?;
            let rest = rest.trim_end();
            // The fraction, when shown, is the last column after two or more spaces.
            let (label, frac) = match rest.rsplit_once("  ") {
                Some((label, frac)) if !frac.contains(' ') => {
                    (label.trim_end().to_string(), Some(frac.to_string()))
                }
                _ => (rest.to_string(), None),
            };
            Some((label, pct, frac))
        })
        .collect()
}

#[test]
fn issue_example_prints_the_explained_result() {
    let out = ok(&with(ISSUE, &["--dice", "3"]));
    assert_eq!(
        out,
        "\
Fire on the infantry combat table
  range 12\": long range for infantry (8–16\")
Fire
  table:     Infantry combat table
  modifiers: +2 target in a building or other hard cover
             +1 firing stand Suppressed
             +1 long range
  dice:      3 (d10)
  roll:      3 + 2 + 1 + 1 = 7
  row:       7 or more
  outcome:   No effect
Result: No effect
  - no effect
Dice: typed by the umpire
"
    );
}

#[test]
fn issue_example_as_json() {
    let v = json(&ok(&with(ISSUE, &["--dice", "3", "--json"])));
    assert_eq!(v["ruleset"], "newport");
    assert_eq!(v["action"], "fire");
    assert_eq!(v["result"], "No effect");
    assert_eq!(v["rolled_by_program"], false);
    assert!(v.get("seed").is_none(), "typed dice have no seed");
    let step = &v["steps"][0];
    let mods: Vec<(i64, &str)> = step["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["value"].as_i64().unwrap(), m["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(
        mods,
        [
            (2, "target in a building or other hard cover"),
            (1, "firing stand Suppressed"),
            (1, "long range"),
        ]
    );
    assert_eq!(step["dice"][0]["face"], 3);
    assert_eq!(step["total"], 7);
    assert_eq!(step["row"], "7 or more");
}

#[test]
fn issue_example_odds() {
    // +4 in all: face f reads row f + 4. 1 → "4–5", 2 → "6" (green: Suppressed), 3..10 → "7 or more".
    let out = ok(&with(&["odds"], &ISSUE[1..]));
    let lines = odds_lines(&out);
    let got: Vec<(&str, f64, Option<&str>)> = lines
        .iter()
        .map(|(l, p, f)| (l.as_str(), *p, f.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            ("1 or less — Hit and Paralyzed", 0.0, Some("0")),
            ("2–3 — Hit and Suppressed", 0.0, Some("0")),
            ("4–5 — Suppressed", 10.0, Some("1/10")),
            ("6 — Suppressed (green target)", 10.0, Some("1/10")),
            ("7 or more — No effect", 80.0, Some("4/5")),
        ],
        "{out}"
    );
    assert!(out.contains("  10.00%  4–5 — Suppressed"), "{out}");
    assert!(
        out.contains("+2 target in a building or other hard cover"),
        "{out}"
    );

    let v = json(&ok(&with(&["odds"], &with(&ISSUE[1..], &["--json"]))));
    let probs: Vec<f64> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["probability"].as_f64().unwrap())
        .collect();
    assert!((probs.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    for (p, expected) in probs.iter().zip([0.0, 0.0, 0.1, 0.1, 0.8]) {
        assert!((p - expected).abs() < 1e-12, "{probs:?}");
    }
}

#[test]
fn odds_match_hand_computation() {
    // No modifier, one die: each face its own tenth.
    let out = ok(&["odds", "newport", "fire", "--range", "4"]);
    let fracs: Vec<Option<String>> = odds_lines(&out).into_iter().map(|l| l.2).collect();
    assert_eq!(
        fracs,
        ["1/10", "1/5", "1/5", "1/10", "2/5"].map(|s| Some(s.to_string())),
        "{out}"
    );
    // An HMG keeping the lower of two d10: P(min ≥ k) = ((11 − k)/10)².
    let out = ok(&[
        "odds",
        "newport",
        "fire",
        "--range",
        "4",
        "--hmg",
        "--option",
        "hmg_two_dice=true",
    ]);
    let lines = odds_lines(&out);
    let pcts: Vec<f64> = lines.iter().map(|l| l.1).collect();
    assert_eq!(pcts, [19.0, 32.0, 24.0, 9.0, 16.0], "{out}");
    assert!((pcts.iter().sum::<f64>() - 100.0).abs() < 1e-9);
    assert_eq!(lines[1].2.as_deref(), Some("8/25"));
    assert!(
        out.contains("Options changed from the defaults: hmg_two_dice = true"),
        "{out}"
    );
}

#[test]
fn every_procedure_help_lists_its_table_inputs() {
    let newport = umpire::rules::get("newport").unwrap();
    for action in newport.actions().filter(|a| a.standalone) {
        for mode in ["resolve", "odds"] {
            let help = ok(&[mode, "newport", action.id, "--help"]);
            for p in action.params {
                let flag = format!("--{} ", p.name);
                let flag_end = format!("--{}\n", p.name);
                let listed = help.contains(&flag) || help.contains(&flag_end);
                if p.scope == umpire::declare::Scope::Battle {
                    assert!(
                        !listed,
                        "{mode} {}: battle input --{} listed",
                        action.id, p.name
                    );
                } else {
                    assert!(
                        listed,
                        "{mode} {}: --{} missing:\n{help}",
                        action.id, p.name
                    );
                }
            }
            assert_eq!(help.contains("--dice <FACES>"), mode == "resolve", "{help}");
        }
    }
    let help = ok(&["resolve", "newport", "fire", "--help"]);
    for needle in [
        "--range <INCHES>",
        "--cover <none|soft|hard>",
        "[default: none]",
        "--firer-suppressed",
        "--target-quality <green|regular|elite>",
        "--gun <-2..2>",
        "--seed <N>",
        "--option <KEY=VALUE>",
        "--scenario <FILE>",
        "--json",
    ] {
        assert!(help.contains(needle), "{needle} missing:\n{help}");
    }
    // Close combat is being written elsewhere: only its inputs are checked here.
    let help = ok(&["resolve", "newport", "close-combat", "--help"]);
    assert!(
        help.contains("--defender-state <none|suppressed|paralyzed>"),
        "{help}"
    );
}

#[test]
fn fire_beyond_long_range_is_refused_without_rolling() {
    let args = ["resolve", "newport", "fire", "--range", "17"];
    let err = fails(1, &args);
    assert!(err.contains("beyond infantry long range"), "{err}");
    assert!(err.contains("nothing is rolled"), "{err}");
    assert!(!err.contains("Seed"), "{err}");
    let err = fails(1, &with(&args, &["--dice", "3"]));
    assert!(err.contains("no fire possible"), "{err}");
    fails(1, &["odds", "newport", "fire", "--range", "17"]);
}

#[test]
fn hmg_two_dice_option_uses_two_faces() {
    let args = [
        "resolve",
        "newport",
        "fire",
        "--range",
        "12",
        "--hmg",
        "--option",
        "hmg_two_dice=true",
    ];
    let out = ok(&with(&args, &["--dice", "5,2"]));
    assert!(
        out.contains("  dice:      5 (d10), 2 (d10), kept 2"),
        "{out}"
    );
    assert!(out.contains("  roll:      2 + 1 = 3"), "{out}");
    assert!(out.contains("Result: Hit and Suppressed"), "{out}");
    let err = fails(2, &with(&args, &["--dice", "5"]));
    assert!(err.contains("not enough dice typed"), "{err}");
    // Without the option an HMG rolls one die.
    fails(
        2,
        &[
            "resolve", "newport", "fire", "--range", "12", "--hmg", "--dice", "5,2",
        ],
    );
}

#[test]
fn options_that_contradict_each_other_are_usage_errors() {
    // A normal range beyond the long range, for infantry and for vehicles, with resolve and odds.
    let err = fails(
        2,
        &with(ISSUE, &["--dice", "3", "--option", "infantry_range=20"]),
    );
    assert_eq!(
        err,
        "error: --option infantry_range=20: the infantry normal range (20\") is beyond the infantry long range (16\"): `infantry_range` may be at most `infantry_long_range`\n"
    );
    let mut odds = ISSUE.to_vec();
    odds[0] = "odds";
    let err = fails(
        2,
        &with(
            &odds,
            &[
                "--option",
                "vehicle_long_range=10",
                "--option",
                "hmg_two_dice=true",
            ],
        ),
    );
    assert_eq!(
        err,
        "error: --option vehicle_long_range=10: the vehicle and gun normal range (16\") is beyond the vehicle and gun long range (10\"): `vehicle_range` may be at most `vehicle_long_range`\n"
    );
    // Both at once: one line each.
    let err = fails(
        2,
        &with(
            ISSUE,
            &[
                "--option",
                "infantry_long_range=4",
                "--option",
                "vehicle_range=25",
            ],
        ),
    );
    assert_eq!(err.lines().count(), 2, "{err}");
    // Equal ranges (no long-range band) and a consistent pair are fine.
    ok(&with(
        ISSUE,
        &["--dice", "3", "--option", "infantry_range=16"],
    ));
    ok(&with(
        ISSUE,
        &[
            "--dice",
            "3",
            "--option",
            "infantry_range=20",
            "--option",
            "infantry_long_range=30",
        ],
    ));
}

#[test]
fn rulesets_text_lists_options_tables_and_decisions() {
    let out = ok(&["rulesets"]);
    let newport = umpire::rules::get("newport").unwrap();
    assert!(out.contains(newport.title()), "{out}");
    assert!(out.contains("Die: d10"));
    for o in newport.options() {
        assert!(
            out.lines()
                .any(|l| l.trim_start().starts_with(&format!("{} ", o.key))),
            "option {} missing",
            o.key
        );
    }
    for t in newport.tables() {
        assert!(
            out.contains(&format!("  {}\n", t.name)),
            "table {} missing",
            t.name
        );
    }
    for needle in [
        "Infantry combat table",
        "Anti-tank table",
        "    1 or less    | Hit and Paralyzed",
        "    3 or less    | Hit, Forced Back 8\", Suppressed",
        "Decisions (this program's reading of the rules)",
        "another reading: option `command_die`",
        "command_method                  1..3               default 1, per side",
        "Qualities: green, regular, elite",
        "Formation levels: battalion, company, platoon",
        "SUP   suppressed",
        "1. Remove Finished (remove_finished), automatic",
        "fire  (umpire resolve|odds newport fire; in a battle)",
        "smoke  (in a battle)",
        "hats-of-tin — Hats of Tin / Helmets of Steel",
    ] {
        assert!(out.contains(needle), "{needle:?} missing:\n{out}");
    }
    let one = ok(&["rulesets", "newport"]);
    assert!(one.starts_with("newport — "), "{one}");
    assert!(!one.contains("Planned"), "{one}");
    let err = fails(2, &["rulesets", "nwport"]);
    assert!(err.contains("did you mean `newport`"), "{err}");
    // Every planned rule set is available: none is listed as planned.
    assert!(!out.contains("Planned"), "{out}");
}

#[test]
fn rulesets_json_parses() {
    let v = json(&ok(&["rulesets", "--json"]));
    let newport = umpire::rules::get("newport").unwrap();
    assert!(
        v.get("planned").is_none(),
        "every rule set is available: none is planned"
    );
    let r = &v["rulesets"][0];
    assert_eq!(r["id"], "newport");
    assert_eq!(r["die"], "d10");
    assert_eq!(
        r["options"].as_array().unwrap().len(),
        newport.options().len()
    );
    let scale = &r["options"][0];
    assert_eq!(scale["key"], "scale");
    assert_eq!(scale["type"], "choice");
    assert_eq!(scale["default"], "company");
    assert_eq!(
        scale["choices"],
        serde_json::json!(["company", "battalion"])
    );
    assert_eq!(
        r["tables"].as_array().unwrap().len(),
        newport.tables().len()
    );
    assert_eq!(
        r["tables"][0]["rows"][0],
        serde_json::json!(["1 or less", "Hit and Paralyzed"])
    );
    assert_eq!(r["decisions"][0]["option"], "command_die");
    let one = json(&ok(&["rulesets", "newport", "--json"]));
    assert_eq!(&one, r);
}

#[test]
fn air_attack_best_of_several_dice() {
    // --best-of is the air input; --dice still means the typed faces.
    let out = ok(&[
        "resolve",
        "newport",
        "air",
        "--best-of",
        "3",
        "--cover",
        "soft",
        "--dice",
        "7,2,9",
    ]);
    assert!(
        out.contains("  dice:      7 (d10), 2 (d10), 9 (d10), kept 2"),
        "{out}"
    );
    assert!(out.contains("  roll:      2 + 1 = 3"), "{out}");
    assert!(out.contains("Result: Hit and Suppressed"), "{out}");
    // Best of two on the infantry table, no cover: P(kept 1) = 1 − (9/10)² = 19/100.
    let out = ok(&["odds", "newport", "air", "--best-of", "2"]);
    let lines = odds_lines(&out);
    assert_eq!(lines[0].0, "1 or less — Hit and Paralyzed", "{out}");
    assert_eq!(lines[0].2.as_deref(), Some("19/100"), "{out}");
    let err = fails(2, &["odds", "newport", "air", "--best-of", "4"]);
    assert!(
        err.contains("--best-of \"4\": expected a whole number from 1 to 3"),
        "{err}"
    );
    // A vehicle target reads the anti-tank table.
    let out = ok(&[
        "resolve",
        "newport",
        "air",
        "--target-kind",
        "vehicle",
        "--armour",
        "2",
        "--dice",
        "1",
    ]);
    assert!(out.contains("Anti-tank table"), "{out}");
    assert!(out.contains("+2 target's armour"), "{out}");
}

#[test]
fn artillery_attacks_every_listed_target() {
    let out = ok(&[
        "resolve",
        "newport",
        "artillery",
        "--targets",
        "infantry:hard,vehicle::green:+1",
        "--targets",
        "leader",
        "--dice",
        "1 5 9",
    ]);
    assert!(out.contains("Target 1 (infantry:hard)"), "{out}");
    assert!(out.contains("Target 2 (vehicle::green:+1)"), "{out}");
    assert!(out.contains("Target 3 (leader)"), "{out}");
    assert!(
        out.contains("  outcome:   Suppressed (the target is green)"),
        "{out}"
    );
    assert!(
        out.contains("Result: 2 of 3 stand(s) affected, 1 hit(s)"),
        "{out}"
    );
    let err = fails(
        2,
        &[
            "resolve",
            "newport",
            "artillery",
            "--targets",
            "infantry,leader",
            "--dice",
            "1",
        ],
    );
    assert!(err.contains("not enough dice typed"), "{err}");
    let err = fails(
        2,
        &[
            "resolve",
            "newport",
            "artillery",
            "--targets",
            "infantery",
            "--dice",
            "1",
        ],
    );
    assert!(err.contains("did you mean `infantry`"), "{err}");
    let err = fails(
        1,
        &[
            "resolve",
            "newport",
            "artillery",
            "--weapon",
            "light-mortar",
            "--range",
            "17",
            "--targets",
            "infantry",
        ],
    );
    assert!(err.contains("nothing is rolled"), "{err}");
    // Odds: each target's own distribution, and the expected hits.
    let out = ok(&[
        "odds",
        "newport",
        "artillery",
        "--targets",
        "infantry,infantry:hard",
    ]);
    assert!(
        out.contains("target 2 (infantry:hard): 2–3 — Hit and Suppressed"),
        "{out}"
    );
    // Hits: infantry in the open 3/10, in hard cover 1/10.
    assert!(out.contains("expected_hits  0.4"), "{out}");
}

#[test]
fn command_roll_resolves_and_gives_odds() {
    let out = ok(&[
        "resolve",
        "newport",
        "command-roll",
        "--quality",
        "green",
        "--dice",
        "5",
    ]);
    assert!(out.contains("  row:       more than 4 (green)"), "{out}");
    assert!(out.contains("Result: Fails: marked Finished"), "{out}");
    let out = ok(&["resolve", "newport", "command-roll", "--dice", "6"]);
    assert!(out.contains("Result: Acts"), "{out}");
    let out = ok(&["odds", "newport", "command-roll", "--quality", "elite"]);
    assert_eq!(
        odds_lines(&out)
            .iter()
            .map(|l| (l.0.as_str(), l.1))
            .collect::<Vec<_>>(),
        [("Acts", 80.0), ("Fails: marked Finished", 20.0)],
        "{out}"
    );
    let out = ok(&[
        "odds",
        "newport",
        "command-roll",
        "--quality",
        "green",
        "--option",
        "command_roll_green=5",
    ]);
    assert!(out.contains("  50.00%  Acts"), "{out}");
}

#[test]
fn command_points_resolve_and_give_odds() {
    // Regular: 1 − 2 lost is below the minimum of 3; plus 1 saved.
    let out = ok(&[
        "resolve",
        "newport",
        "command-points",
        "--lost",
        "2",
        "--saved",
        "1",
        "--dice",
        "1",
    ]);
    assert!(out.contains("raised to the regular minimum of 3"), "{out}");
    assert!(
        out.contains("Result: 4 command point(s) available"),
        "{out}"
    );
    let out = ok(&[
        "resolve",
        "newport",
        "command-points",
        "--superior",
        "--dice",
        "4,9",
    ]);
    assert!(
        out.contains("Result: 13 command point(s) available"),
        "{out}"
    );
    fails(
        2,
        &[
            "resolve",
            "newport",
            "command-points",
            "--superior",
            "--dice",
            "4",
        ],
    );
    // Regular, nothing lost: 3 points on a 1, 2 or 3 (3/10), then 4..10 points a tenth each.
    let out = ok(&["odds", "newport", "command-points"]);
    let lines = odds_lines(&out);
    assert_eq!(lines[0].0, "3 point(s)", "{out}");
    assert_eq!(lines[0].2.as_deref(), Some("3/10"), "{out}");
    assert_eq!(lines.len(), 8, "{out}");
    assert!(out.contains("expected_points  5.8"), "{out}");
}

#[test]
fn morale_check_resolves_and_gives_odds() {
    let out = ok(&[
        "resolve",
        "newport",
        "morale-check",
        "--quality",
        "elite",
        "--dice",
        "3",
    ]);
    assert!(out.contains("Result: No improvement"), "{out}");
    // A d10's 0 is 10.
    let out = ok(&[
        "resolve",
        "newport",
        "morale-check",
        "--quality",
        "elite",
        "--dice",
        "0",
    ]);
    assert!(out.contains("  dice:      10 (d10)"), "{out}");
    assert!(out.contains("Result: Improves one level"), "{out}");
    let out = ok(&["odds", "newport", "morale-check", "--quality", "green"]);
    assert!(out.contains("  50.00%  Improves one level"), "{out}");
}

#[test]
fn opportunity_fire_by_a_suppressed_firer_is_refused_as_in_a_battle() {
    let fire = ["resolve", "newport", "fire", "--range", "6", "--dice", "3"];
    let err = fails(1, &with(&fire, &["--opportunity", "--firer-suppressed"]));
    assert!(
        err.contains("a Suppressed stand may not fire opportunity fire"),
        "{err}"
    );
    // The odds are refused the same way; each flag alone is fine.
    let odds = ["odds", "newport", "fire", "--range", "6"];
    fails(1, &with(&odds, &["--opportunity", "--firer-suppressed"]));
    ok(&with(&fire, &["--opportunity"]));
    ok(&with(&fire, &["--firer-suppressed"]));
}

#[test]
fn gun_and_armour_take_only_minus_two_to_plus_two() {
    let at = [
        "resolve",
        "newport",
        "fire",
        "--range",
        "10",
        "--table",
        "anti-tank",
        "--firer-kind",
        "vehicle",
        "--dice",
        "5",
    ];
    for ok_value in ["-2", "-1", "0", "1", "+2"] {
        ok(&with(&at, &["--gun", ok_value, "--armour", ok_value]));
    }
    for (flag, bad) in [
        ("--gun", "-3"),
        ("--gun", "3"),
        ("--armour", "+3"),
        ("--armour", "-3"),
    ] {
        let err = fails(2, &with(&at, &[flag, bad]));
        assert!(err.contains("a whole number from -2 to 2"), "{err}");
    }
    // Close combat and air too, and a template target's armour.
    let err = fails(
        2,
        &[
            "odds",
            "newport",
            "close-combat",
            "--attacker-kind",
            "vehicle",
            "--attacker-gun",
            "-3",
        ],
    );
    assert!(err.contains("--attacker-gun"), "{err}");
    fails(
        2,
        &[
            "odds",
            "newport",
            "air",
            "--target-kind",
            "vehicle",
            "--armour",
            "3",
        ],
    );
    let err = fails(
        2,
        &[
            "odds",
            "newport",
            "artillery",
            "--targets",
            "vehicle:none:regular:3",
        ],
    );
    assert!(err.contains("an armour modifier from -2 to +2"), "{err}");
    ok(&[
        "odds",
        "newport",
        "artillery",
        "--targets",
        "vehicle:none:regular:-2",
    ]);
}

#[test]
fn a_scenario_gun_or_armour_beyond_two_is_a_problem() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tanks.toml");
    std::fs::write(
        &file,
        r#"ruleset = "newport"
title = "Tanks"
[[side]]
id = "a"
name = "A"
  [[side.unit]]
  id = "t"
  name = "Tiger"
  kind = "vehicle"
  gun = -3
  armour = 2
[[side]]
id = "b"
name = "B"
"#,
    )
    .unwrap();
    let r = umpire(&["check", file.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("tanks.toml:10:")
            && r.stderr.contains("expected a whole number from -2 to +2"),
        "{}",
        r.stderr
    );
}

#[test]
fn odds_json_carries_exact_fractions_beside_the_floats() {
    let v = json(&ok(&["odds", "newport", "fire", "--range", "4", "--json"]));
    let results = v["results"].as_array().unwrap();
    let fractions: Vec<&str> = results
        .iter()
        .map(|l| l["fraction"].as_str().unwrap())
        .collect();
    assert_eq!(fractions, ["1/10", "1/5", "1/5", "1/10", "2/5"]);
    for l in results {
        let (n, d) = l["fraction"].as_str().unwrap().split_once('/').unwrap();
        let exact = n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap();
        assert!((l["probability"].as_f64().unwrap() - exact).abs() < 1e-12);
    }
    assert_eq!(
        v["extra"]["p_hit"].as_f64().map(|p| (p * 10.0).round()),
        Some(3.0)
    );
    assert_eq!(v["extra_fractions"]["p_hit"], "3/10");
    assert_eq!(v["extra_fractions"]["p_any_effect"], "1/2");
    // A probability that is 0 is "0"; two dice give hundredths.
    let v = json(&ok(&with(&["odds"], &with(&ISSUE[1..], &["--json"]))));
    assert_eq!(v["results"][0]["fraction"], "0");
    let v = json(&ok(&[
        "odds",
        "newport",
        "fire",
        "--range",
        "4",
        "--hmg",
        "--option",
        "hmg_two_dice=true",
        "--json",
    ]));
    assert_eq!(v["results"][0]["fraction"], "19/100");
    // A close combat's loop rarely gives a whole number of thousandths: no fraction then, and
    // figures that are not probabilities have none.
    let v = json(&ok(&["odds", "newport", "close-combat", "--json"]));
    assert!(v["results"][0].get("fraction").is_none(), "{v}");
    assert!(v["extra_fractions"].get("expected_attacker_hits").is_none());
}

#[test]
fn no_negative_zero_anywhere() {
    // Every odds the table procedures give, as text and as JSON, for a spread of inputs.
    let cases: Vec<Vec<&str>> = vec![
        vec!["fire", "--range", "4"],
        vec![
            "fire",
            "--range",
            "12",
            "--cover",
            "hard",
            "--firer-suppressed",
        ],
        vec![
            "fire",
            "--range",
            "2",
            "--table",
            "anti-tank",
            "--flank",
            "--road",
        ],
        vec!["air", "--best-of", "3"],
        vec![
            "artillery",
            "--targets",
            "infantry:hard,vehicle:soft:green:+2",
        ],
        vec!["close-combat", "--cover", "hard"],
        vec!["close-combat", "--defender-state", "paralyzed"],
        vec!["close-combat", "--attacker-kind", "vehicle"],
        vec!["command-roll", "--quality", "green"],
        vec!["command-points", "--superior", "--lost", "12"],
        vec!["morale-check", "--quality", "elite"],
    ];
    for case in cases {
        let args = with(&["odds", "newport"], &case);
        let text = ok(&args);
        assert!(!text.contains("-0.00"), "{args:?}:\n{text}");
        let raw = ok(&with(&args, &["--json"]));
        let v = json(&raw);
        let mut numbers = Vec::new();
        for l in v["results"].as_array().unwrap() {
            numbers.push(l["probability"].as_f64().unwrap());
        }
        if let Some(extra) = v["extra"].as_object() {
            numbers.extend(extra.values().map(|x| x.as_f64().unwrap()));
        }
        for x in numbers {
            assert!(
                x > 0.0 || x.to_bits() == 0.0f64.to_bits(),
                "{args:?}: {x} in\n{raw}"
            );
        }
        assert!(!raw.contains("-0.0"), "{args:?}:\n{raw}");
    }
}

#[test]
fn a_scenario_s_range_with_a_contradicting_option_on_top_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.toml");
    std::fs::write(
        &good,
        r#"ruleset = "newport"
title = "Test"
[options]
infantry_range = 12
[[side]]
id = "a"
name = "A"
[[side]]
id = "b"
name = "B"
"#,
    )
    .unwrap();
    let good = good.to_str().unwrap();
    // The scenario's normal range alone is fine.
    ok(&with(ISSUE, &["--dice", "3", "--scenario", good]));
    let err = fails(
        2,
        &with(
            ISSUE,
            &[
                "--dice",
                "3",
                "--scenario",
                good,
                "--option",
                "infantry_long_range=10",
            ],
        ),
    );
    assert!(
        err.starts_with("error: --option infantry_long_range=10: the infantry normal range (12\")"),
        "{err}"
    );
}
