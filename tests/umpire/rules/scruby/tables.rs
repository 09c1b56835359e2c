//! Scruby's table procedures through the real `umpire` binary: `umpire resolve scruby …` and
//! `umpire odds scruby …`, their explanations, refusals, JSON and help.

use crate::support::exe::{fails, ok, umpire};
use crate::support::json;

/// The value after `label:` on the first line that has it (`  outcome:   …`).
fn field<'a>(out: &'a str, label: &str) -> Vec<&'a str> {
    out.lines()
        .filter_map(|l| l.trim_start().strip_prefix(&format!("{label}:")))
        .map(str::trim)
        .collect()
}

fn resolve(args: &[&str]) -> String {
    let mut all = vec!["resolve", "scruby"];
    all.extend_from_slice(args);
    ok(&all)
}

fn odds(args: &[&str]) -> String {
    let mut all = vec!["odds", "scruby"];
    all.extend_from_slice(args);
    ok(&all)
}

/// The probability lines of `umpire odds` text: (percent, rest of the line).
fn odds_lines(text: &str) -> Vec<(f64, String)> {
    text.lines()
        .filter_map(|l| {
            let (pct, rest) = l.trim_start().split_once("%  ")?;
            Some((pct.parse().ok()?, rest.trim().to_string()))
        })
        .collect()
}

#[test]
fn line_four_figures_in_the_open_kill_automatically() {
    let out = resolve(&[
        "rifle",
        "--firer",
        "line",
        "--figures",
        "4",
        "--formation",
        "line",
        "--from",
        "open",
        "--target-in",
        "open",
    ]);
    assert_eq!(
        field(&out, "row"),
        [
            "row 1 — Line, 4/3/2 figures, in Line | target in the open | kills 1 figure automatically"
        ]
    );
    assert_eq!(
        field(&out, "outcome"),
        ["one figure killed (automatic: no die thrown)"]
    );
    assert!(field(&out, "dice").is_empty(), "no die thrown:\n{out}");
    assert!(out.contains("Result: One figure killed\n"), "{out}");
    assert!(
        out.ends_with("Dice: none thrown\n"),
        "no seed for no dice:\n{out}"
    );
    // A face typed for an automatic kill is a mistake the umpire should see.
    let err = fails(
        2,
        &[
            "resolve",
            "scruby",
            "rifle",
            "--firer",
            "line",
            "--figures",
            "4",
            "--dice",
            "3",
        ],
    );
    assert!(err.contains("were not used"), "{err}");
}

#[test]
fn line_one_figure_kills_on_one_three_six() {
    let base = [
        "rifle",
        "--firer",
        "line",
        "--figures",
        "1",
        "--formation",
        "line",
        "--from",
        "open",
        "--target-in",
        "open",
        "--dice",
    ];
    let out = resolve(&[&base[..], &["3"]].concat());
    assert_eq!(field(&out, "dice"), ["3 (d6)"]);
    assert_eq!(
        field(&out, "row"),
        ["row 2 — Line, 1 figure, in Line | target in the open | kills 1 figure on 1-3-6"]
    );
    assert!(
        out.contains(
            "Line infantry, 1 figure, in line, from the open, target in the open: row 2, kills on 1-3-6"
        ),
        "{out}"
    );
    assert_eq!(
        field(&out, "outcome"),
        ["rolled 3 (needs 1, 3 or 6): one figure killed"]
    );
    assert!(out.contains("Result: One figure killed\n"), "{out}");
    let out = resolve(&[&base[..], &["4"]].concat());
    assert!(out.contains("Result: No kill\n"), "{out}");
}

/// Digest: "Rifle fire at a gun crew … Line 4/3/2 kill the crew on 3-6", and "3-6" is "a roll
/// of 3 or 6 (one third), never 3 to 6"; 3 to 6 stays an option.
#[test]
fn line_three_figures_kill_a_crew_on_a_three_or_a_six() {
    let args = [
        "rifle",
        "--firer",
        "line",
        "--figures",
        "3",
        "--formation",
        "line",
        "--from",
        "open",
        "--at-crew",
        "--dice",
        "4",
    ];
    let out = resolve(&args);
    assert_eq!(
        field(&out, "row"),
        ["A — Line, 4/3/2 figures | kills the crew on 3-6"]
    );
    assert_eq!(
        field(&out, "outcome"),
        ["rolled 4 (needs 3 or 6): the crew survives"]
    );
    assert!(out.contains("Result: The crew survives\n"), "{out}");
    let mut six = args.to_vec();
    *six.last_mut().unwrap() = "6";
    assert!(resolve(&six).contains("Result: The crew is killed\n"));
    // One third, exactly.
    let crew = odds(&["rifle", "--firer", "line", "--figures", "3", "--at-crew"]);
    assert_eq!(
        odds_lines(&crew),
        [
            (33.33, "The crew is killed (exactly 1/3)".to_string()),
            (66.67, "The crew survives (exactly 2/3)".to_string())
        ],
        "{crew}"
    );
    assert!(
        crew.contains("kills on a roll of 3 or 6 (one d6)"),
        "{crew}"
    );
    // The other reading of "3-6", for groups who read it so: faces 3 to 6.
    let mut other = args.to_vec();
    other.extend(["--option", "three_six=3-to-6"]);
    let out = resolve(&other);
    assert!(out.contains("Result: The crew is killed\n"), "{out}");
    assert!(out.contains("three_six = \"3-to-6\""), "{out}");
}

#[test]
fn artillery_two_drives_a_regiment_back() {
    let out = resolve(&[
        "artillery",
        "--target",
        "line",
        "--target-in",
        "open",
        "--range",
        "12",
        "--dice",
        "2",
    ]);
    assert!(
        out.contains("Result: The target retires in confusion for 3 moves\n"),
        "{out}"
    );
    assert!(
        out.contains("- the regiment retires in confusion: 3 moves away from the enemy"),
        "{out}"
    );
    // Grenadiers ignore it; so do guns.
    let out = resolve(&[
        "artillery",
        "--target",
        "grenadier",
        "--range",
        "12",
        "--dice",
        "2",
    ]);
    assert!(out.contains("Result: No effect\n"), "{out}");
    assert!(out.contains("Grenadiers are not affected"), "{out}");
    let out = resolve(&[
        "artillery",
        "--target",
        "cannon",
        "--range",
        "12",
        "--dice",
        "2",
    ]);
    assert!(out.contains("Result: No effect\n"), "{out}");
    assert!(out.contains("a roll of 2 has no effect on a gun"), "{out}");
}

#[test]
fn artillery_outer_inner_range_and_moved_guns() {
    let out = resolve(&[
        "artillery",
        "--target",
        "line",
        "--target-in",
        "village-outer",
        "--range",
        "10",
        "--dice",
        "2",
    ]);
    assert!(out.contains("Result: No effect\n"), "{out}");
    let out = resolve(&[
        "artillery",
        "--target",
        "line",
        "--target-in",
        "forest-outer",
        "--range",
        "10",
        "--dice",
        "3",
    ]);
    assert!(out.contains("Result: One figure killed\n"), "{out}");
    // "3-6" is a 3 or a 6: a 4 into an outer area kills nobody.
    let out = resolve(&[
        "artillery",
        "--target",
        "line",
        "--target-in",
        "forest-outer",
        "--range",
        "10",
        "--dice",
        "4",
    ]);
    assert_eq!(
        field(&out, "row"),
        [
            "troops in a village's or forest's outer area: 1, 2, 4, 5: no effect; 3, 6: one figure killed"
        ]
    );
    assert!(out.contains("Result: No effect\n"), "{out}");
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "artillery",
            "--target",
            "line",
            "--target-in",
            "village-inner",
            "--range",
            "10",
            "--dice",
            "1",
        ],
    );
    assert!(err.contains("inner area"), "{err}");
    // 16" on the flat, 18" from a hill.
    resolve(&[
        "artillery",
        "--target",
        "line",
        "--range",
        "16",
        "--dice",
        "1",
    ]);
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "artillery",
            "--target",
            "line",
            "--range",
            "18",
            "--dice",
            "1",
        ],
    );
    assert!(
        err.contains("beyond a gun's range on the flat (16\""),
        "{err}"
    );
    resolve(&[
        "artillery",
        "--target",
        "line",
        "--range",
        "18",
        "--gun-on",
        "hill",
        "--dice",
        "1",
    ]);
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "artillery",
            "--target",
            "line",
            "--range",
            "10",
            "--moved",
            "--dice",
            "1",
        ],
    );
    assert!(
        err.contains("--moved: a cannon that moved this move cannot fire"),
        "{err}"
    );
}

#[test]
fn counter_battery_to_the_third_hit() {
    let hit = |hits: &str, face: &str| {
        resolve(&[
            "artillery",
            "--counter-battery",
            "--target",
            "cannon",
            "--gun-hits",
            hits,
            "--range",
            "14",
            "--dice",
            face,
        ])
    };
    assert!(hit("0", "1").contains("Result: A hit on the gun (1 of 3)\n"));
    assert!(hit("1", "3").contains("Result: A hit on the gun (2 of 3)\n"));
    let out = hit("2", "6");
    assert!(
        out.contains("Result: The gun is destroyed (its third hit)\n"),
        "{out}"
    );
    assert!(out.contains("cannot fire back"), "{out}");
    assert!(hit("2", "5").contains("Result: No effect\n"));
    // --counter-battery alone names the target: a gun.
    let out = resolve(&[
        "artillery",
        "--counter-battery",
        "--gun-hits",
        "2",
        "--range",
        "14",
        "--dice",
        "3",
    ]);
    assert!(
        out.contains("Result: The gun is destroyed (its third hit)\n"),
        "{out}"
    );
    let err = fails(2, &["resolve", "scruby", "artillery", "--range", "14"]);
    assert!(err.contains("--target is required"), "{err}");
}

/// Artillery at walls, a fortress or a ship: `--works-hits` hits so far of `--hits-to-destroy`.
fn at_works(hits: &str, of: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "artillery",
        "--target",
        "works",
        "--works-hits",
        hits,
        "--hits-to-destroy",
        of,
        "--range",
        "12",
    ];
    args.extend_from_slice(extra);
    args.iter().map(|a| a.to_string()).collect()
}

#[test]
fn artillery_at_works_hits_on_one_three_six_until_the_count_destroys_them() {
    let shot = |hits: &str, of: &str, face: &str| {
        let args = at_works(hits, of, &["--dice", face]);
        resolve(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    // Every face, with hits to spare: 1, 3, 6 a hit; 2, 4, 5 nothing (the 2's confusion too).
    for (face, result) in [
        ("1", "A hit on the works (2 of 5)"),
        ("2", "No effect"),
        ("3", "A hit on the works (2 of 5)"),
        ("4", "No effect"),
        ("5", "No effect"),
        ("6", "A hit on the works (2 of 5)"),
    ] {
        let out = shot("1", "5", face);
        assert_eq!(field(&out, "Result"), [result], "face {face}:\n{out}");
        assert_eq!(field(&out, "dice"), [format!("{face} (d6)")], "{out}");
        assert_eq!(
            field(&out, "row"),
            [
                "walls, fortresses and ships: 1, 3, 6: a hit on the works (2 of 5); 2, 4, 5: no effect"
            ],
            "{out}"
        );
    }
    let out = shot("1", "5", "2");
    assert!(
        out.contains("a roll of 2 has no effect on walls, fortresses and ships"),
        "{out}"
    );
    assert!(!out.contains("retires"), "{out}");
    let out = shot("1", "5", "3");
    assert!(
        out.contains("- the works have 2 hit(s) of the 5 that destroy them: keep the count"),
        "{out}"
    );
    // The last hit destroys them, on every hitting face; the others still do nothing.
    for (face, result) in [
        ("1", "The works are destroyed (hit 5 of 5)"),
        ("2", "No effect"),
        ("3", "The works are destroyed (hit 5 of 5)"),
        ("4", "No effect"),
        ("5", "No effect"),
        ("6", "The works are destroyed (hit 5 of 5)"),
    ] {
        let out = shot("4", "5", face);
        assert_eq!(field(&out, "Result"), [result], "face {face}:\n{out}");
    }
    let out = shot("0", "1", "6");
    assert!(
        out.contains("- the works are destroyed (hit 1 of 1): remove them from the table"),
        "{out}"
    );
    // The 3-6 reading does not touch works.
    let out = shot("0", "2", "4");
    assert_eq!(field(&out, "Result"), ["No effect"], "{out}");
}

#[test]
fn artillery_at_works_odds_and_refusals() {
    let args = |hits: &str, of: &str, extra: &[&str]| at_works(hits, of, extra);
    let run_odds = |a: Vec<String>| odds(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let out = run_odds(args("1", "5", &[]));
    assert_eq!(
        odds_lines(&out),
        [
            (50.0, "A hit on the works (2 of 5)  1/2".to_string()),
            (50.0, "No effect                    1/2".to_string()),
        ],
        "{out}"
    );
    let out = run_odds(args("4", "5", &[]));
    assert_eq!(
        odds_lines(&out)[0].1,
        "The works are destroyed (hit 5 of 5)  1/2"
    );
    let mut a = args("4", "5", &["--json"]);
    a.insert(0, "scruby".into());
    a.insert(0, "odds".into());
    let v = json(&ok(&a.iter().map(String::as_str).collect::<Vec<_>>()));
    assert_eq!(v["extra"]["p_destroyed"], 0.5);
    assert_eq!(v["extra"]["p_hit"], 0.5);
    // Refused: hits already at the count, the count left out, the works' inputs on another
    // target, a place for works, counter-battery at works.
    let refused = |code: i32, a: Vec<String>| {
        let mut all = vec!["resolve".to_string(), "scruby".to_string()];
        all.extend(a);
        fails(code, &all.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let err = refused(1, args("5", "5", &["--dice", "1"]));
    assert!(
        err.contains("--works-hits 5") && err.contains("at most 4"),
        "{err}"
    );
    let err = refused(
        2,
        [
            "artillery",
            "--target",
            "works",
            "--range",
            "12",
            "--dice",
            "1",
        ]
        .map(String::from)
        .to_vec(),
    );
    assert!(err.contains("--hits-to-destroy is required"), "{err}");
    let err = refused(
        1,
        [
            "artillery",
            "--target",
            "line",
            "--hits-to-destroy",
            "3",
            "--range",
            "12",
            "--dice",
            "1",
        ]
        .map(String::from)
        .to_vec(),
    );
    assert!(err.contains("give --target works"), "{err}");
    let err = refused(
        1,
        [
            "artillery",
            "--target",
            "cannon",
            "--works-hits",
            "1",
            "--range",
            "12",
            "--dice",
            "1",
        ]
        .map(String::from)
        .to_vec(),
    );
    assert!(err.contains("--works-hits counts hits on walls"), "{err}");
    let err = refused(1, args("0", "3", &["--target-in", "hill", "--dice", "1"]));
    assert!(err.contains("their own terrain"), "{err}");
    let err = refused(1, args("0", "3", &["--counter-battery", "--dice", "1"]));
    assert!(err.contains("--counter-battery"), "{err}");
    // Rifles cannot damage works.
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "rifle",
            "--firer",
            "line",
            "--figures",
            "4",
            "--target",
            "works",
        ],
    );
    assert!(
        err.contains("only artillery can damage walls, fortresses and ships (decision)"),
        "{err}"
    );
}

#[test]
fn canister_with_and_without_return_fire() {
    let out = resolve(&[
        "canister",
        "--target",
        "line",
        "--target-figures",
        "4",
        "--range",
        "5",
    ]);
    assert!(out.contains("Result: Canister kills one figure\n"), "{out}");
    assert!(field(&out, "dice").is_empty(), "{out}");
    // The regiment fires back with the 2 figures left: row A, 3-6 (a 3 or a 6).
    let out = resolve(&[
        "canister",
        "--target",
        "line",
        "--target-figures",
        "3",
        "--return-fire",
        "--dice",
        "6",
    ]);
    assert!(
        out.contains("Result: Canister kills one figure; the return fire kills the crew\n"),
        "{out}"
    );
    assert!(
        out.contains("Line infantry with 2 figures after the canister: row A"),
        "{out}"
    );
    assert!(out.contains("does not undo the canister kill"), "{out}");
    // In an outer area the canister throws first (3-6), then the return fire.
    let out = resolve(&[
        "canister",
        "--target",
        "line",
        "--target-figures",
        "2",
        "--target-in",
        "town",
        "--return-fire",
        "--dice",
        "2,6",
    ]);
    assert_eq!(field(&out, "dice"), ["2 (d6)", "6 (d6)"]);
    assert!(
        out.contains("Result: Canister kills nobody; the return fire kills the crew\n"),
        "{out}"
    );
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "canister",
            "--target",
            "heavy-cavalry",
            "--target-figures",
            "3",
            "--return-fire",
        ],
    );
    assert!(err.contains("no rifles"), "{err}");
}

#[test]
fn the_grenadiers_retire_before_the_heavy_cavalry() {
    let out = resolve(&[
        "melee",
        "--attacker",
        "grenadier",
        "--attacker-figures",
        "4",
        "--defender",
        "heavy-cavalry",
        "--defender-figures",
        "3",
        "--dice",
        "2,5",
    ]);
    assert_eq!(
        field(&out, "row")[..2],
        [
            "Grenadiers, 4 figures: 2 killed automatically",
            "Heavy cavalry, 3 figures: 2 killed automatically"
        ]
    );
    let outcomes = field(&out, "outcome");
    assert_eq!(
        outcomes[2],
        "attacker (Grenadiers) 4 − 2 = 2 figures, 2 × 6 = 12 combat points; defender (Heavy cavalry) 3 − 2 = 1 figure, 1 × 6 = 6 combat points"
    );
    assert!(outcomes[3].contains("2 × 12 = 24") && outcomes[3].contains("5 × 6 = 30"));
    assert_eq!(field(&out, "dice"), ["2 (d6), 5 (d6)"]);
    assert!(
        out.contains(
            "Result: The defender (Heavy cavalry) holds; the attacker (Grenadiers) retires 3 moves\n"
        ),
        "{out}"
    );
    let v = json(&resolve(&[
        "melee",
        "--attacker",
        "grenadier",
        "--attacker-figures",
        "4",
        "--defender",
        "heavy-cavalry",
        "--defender-figures",
        "3",
        "--dice",
        "2,5",
        "--json",
    ]));
    assert_eq!(v["ruleset"], "scruby");
    assert_eq!(v["action"], "melee");
    assert_eq!(v["steps"][3]["dice"][0]["face"], 2);
    assert_eq!(v["steps"][3]["dice"][1]["face"], 5);
    assert_eq!(v["rolled_by_program"], false);
}

#[test]
fn melee_ties_are_thrown_again() {
    let out = resolve(&[
        "melee",
        "--attacker",
        "line",
        "--attacker-figures",
        "4",
        "--defender",
        "line",
        "--defender-figures",
        "4",
        "--dice",
        "3,3,2,5",
    ]);
    let outcomes = field(&out, "outcome");
    assert!(outcomes[3].ends_with("a tie: thrown again"), "{out}");
    assert!(outcomes[4].contains("2 × 12 = 24") && outcomes[4].contains("5 × 12 = 60"));
    assert!(out.contains("Morale, thrown again (2)"), "{out}");
    assert!(
        out.contains("Result: The defender (Line infantry) holds; the attacker (Line infantry) retires 3 moves\n"),
        "{out}"
    );
    let err = fails(
        2,
        &[
            "resolve",
            "scruby",
            "melee",
            "--attacker",
            "line",
            "--attacker-figures",
            "4",
            "--defender",
            "line",
            "--defender-figures",
            "4",
            "--dice",
            "3,3",
        ],
    );
    assert!(err.contains("not enough dice typed"), "{err}");
}

/// The chance that `a` combat points × one d6 beat `b` × one d6, ties thrown again, as
/// (numerator, denominator) over the 36 pairs that are not ties.
fn morale_by_hand(a: u32, b: u32) -> (u32, u32) {
    let (mut win, mut tie) = (0, 0);
    for x in 1..=6 {
        for y in 1..=6 {
            if a * x > b * y {
                win += 1;
            } else if a * x == b * y {
                tie += 1;
            }
        }
    }
    (win, 36 - tie)
}

#[test]
fn melee_odds_are_exact() {
    let out = odds(&[
        "melee",
        "--attacker",
        "grenadier",
        "--attacker-figures",
        "4",
        "--defender",
        "line",
        "--defender-figures",
        "4",
    ]);
    // Grenadiers kill 2, the Line 1: 3 Grenadiers (18 points) against 2 Line (8 points).
    let (win, of) = morale_by_hand(18, 8);
    assert_eq!((win, of), (30, 36));
    let lines = odds_lines(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert!((lines[0].0 - 83.33).abs() < 0.006, "{out}");
    assert!(
        lines[0].1.contains("The attacker (Grenadiers) holds"),
        "{out}"
    );
    assert!(lines[0].1.contains("(exactly 5/6)"), "{out}");
    assert!(lines[1].1.contains("(exactly 1/6)"), "{out}");
    // Equal points: ties are thrown again, so the chances are the non-tie pairs' shares.
    let out = odds(&[
        "melee",
        "--attacker",
        "line",
        "--attacker-figures",
        "2",
        "--defender",
        "light-cavalry",
        "--defender-figures",
        "3",
    ]);
    // Line 2 kill 1; light cavalry 3 kill 1: 1 Line (4) against 2 light cavalry (10).
    let (win, of) = morale_by_hand(4, 10);
    let lines = odds_lines(&out);
    let p = 100.0 * f64::from(win) / f64::from(of);
    assert!((lines[0].0 - p).abs() < 0.006, "{p}\n{out}");
    let v = json(&odds(&[
        "melee",
        "--attacker",
        "grenadier",
        "--attacker-figures",
        "4",
        "--defender",
        "line",
        "--defender-figures",
        "4",
        "--json",
    ]));
    let total: f64 = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert!(v["extra"]["p_attacker_holds"].as_f64().unwrap() > 0.83);
}

#[test]
fn odds_of_every_procedure() {
    let rifle = odds(&["rifle", "--firer", "line", "--figures", "1"]);
    let lines = odds_lines(&rifle);
    assert_eq!(lines[0].0, 50.0, "{rifle}");
    let crew = odds(&["rifle", "--firer", "line", "--figures", "3", "--at-crew"]);
    assert!(odds_lines(&crew)[0].1.contains("exactly 1/3"), "{crew}");
    let art = odds(&["artillery", "--target", "line", "--range", "10"]);
    let lines = odds_lines(&art);
    assert_eq!(
        lines.iter().map(|l| l.0).collect::<Vec<_>>(),
        [50.0, 16.67, 33.33],
        "{art}"
    );
    let can = odds(&[
        "canister",
        "--target",
        "line",
        "--target-figures",
        "1",
        "--target-in",
        "village-outer",
        "--return-fire",
    ]);
    assert!(can.contains("Canister kills one figure"), "{can}");
    let crew = odds(&["melee-crew", "--attacked-from", "rear"]);
    assert_eq!(odds_lines(&crew)[1].0, 100.0, "{crew}");
    let lc = odds(&[
        "lc-morale",
        "--cavalry-figures",
        "1",
        "--opponent",
        "grenadier",
        "--opponent-figures",
        "2",
    ]);
    assert_eq!(odds_lines(&lc)[0].0, 100.0, "{lc}");
    assert!(lc.contains("wiped out"), "{lc}");
    let rm = odds(&[
        "reinforced-melee",
        "--attacker",
        "line",
        "--attacker-figures",
        "4",
        "--defender",
        "line",
        "--defender-figures",
        "4",
        "--reinforcement",
        "grenadier",
        "--reinforcement-figures",
        "4",
    ]);
    let total: f64 = odds_lines(&rm).iter().map(|l| l.0).sum();
    assert!((total - 100.0).abs() < 0.02, "{rm}");
}

#[test]
fn melee_crew_and_light_cavalry_morale() {
    let out = resolve(&["melee-crew", "--attacked-from", "flank", "--dice", "6"]);
    assert!(
        out.contains("Result: The attackers are hurled back 3 moves; the gun is saved\n"),
        "{out}"
    );
    let out = resolve(&["melee-crew", "--attacked-from", "rear"]);
    assert!(
        out.contains("Result: The crew is killed and the gun captured\n"),
        "{out}"
    );
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "melee-crew",
            "--attacker",
            "light-cavalry",
            "--option",
            "concealment=true",
            "--dice",
            "1",
        ],
    );
    assert!(err.contains("never attack a cannon"), "{err}");
    let out = resolve(&[
        "lc-morale",
        "--cavalry-figures",
        "3",
        "--opponent",
        "light",
        "--opponent-figures",
        "3",
        "--dice",
        "6,5,6,1",
    ]);
    // One figure lost to the Light infantry's fire first: 2 × 5 = 10 against 3 × 4 = 12; 6 × 10
    // ties 5 × 12 and is thrown again.
    assert!(
        out.contains("the light cavalry have 2 figures left"),
        "{out}"
    );
    let outcomes = field(&out, "outcome");
    assert!(
        outcomes[1].contains("6 × 10 = 60") && outcomes[1].contains("5 × 12 = 60"),
        "{out}"
    );
    assert!(outcomes[1].ends_with("a tie: thrown again"), "{out}");
    assert!(
        outcomes[2].ends_with("the light cavalry holds, the Light infantry retires 3 moves"),
        "{out}"
    );
    assert!(
        out.contains("Result: The light cavalry hold; the Light infantry retire 3 moves\n"),
        "{out}"
    );
}

#[test]
fn refusals_name_the_input() {
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "rifle",
            "--firer",
            "light",
            "--figures",
            "2",
            "--target-in",
            "village-inner",
        ],
    );
    assert!(
        err.contains("--target-in village-inner") && err.contains("cannot be fired on"),
        "{err}"
    );
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "rifle",
            "--firer",
            "line",
            "--figures",
            "2",
            "--range",
            "7",
        ],
    );
    assert!(err.contains("beyond musket range (6\""), "{err}");
    resolve(&[
        "rifle",
        "--firer",
        "line",
        "--figures",
        "2",
        "--range",
        "7",
        "--option",
        "musket_range=9",
    ]);
    let err = fails(
        2,
        &[
            "resolve",
            "scruby",
            "rifle",
            "--firer",
            "lnie",
            "--figures",
            "2",
        ],
    );
    assert!(err.contains("did you mean `line`"), "{err}");
    let err = fails(
        2,
        &[
            "resolve",
            "scruby",
            "melee",
            "--attacker",
            "heavy-cavalry",
            "--attacker-figures",
            "4",
            "--defender",
            "line",
            "--defender-figures",
            "4",
        ],
    );
    assert!(
        err.contains("--attacker-figures \"4\": expected 1 to 3 (a heavy-cavalry squadron has at most 3 figures)"),
        "{err}"
    );
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "melee",
            "--attacker",
            "heavy-cavalry",
            "--attacker-figures",
            "3",
            "--defender",
            "line",
            "--defender-figures",
            "4",
            "--defender-in",
            "town",
        ],
    );
    assert!(
        err.contains("only infantry may enter a village's outer area"),
        "{err}"
    );
    let err = fails(2, &["resolve", "scruby", "melle"]);
    assert!(err.contains("melee"), "{err}");
    let v = json(
        &umpire(&[
            "resolve",
            "scruby",
            "rifle",
            "--firer",
            "line",
            "--figures",
            "2",
            "--target-in",
            "village-inner",
            "--json",
        ])
        .stdout,
    );
    assert_eq!(v["kind"], "refused");
}

#[test]
fn help_documents_every_input() {
    let ruleset = umpire::rules::get("scruby").expect("scruby is registered");
    for mode in ["resolve", "odds"] {
        for action in ruleset.actions().filter(|a| a.standalone) {
            let help = ok(&[mode, "scruby", action.id, "--help"]);
            for p in action.table_params() {
                assert!(
                    help.contains(&format!("--{}", p.name)),
                    "{mode} {} --help lacks --{}:\n{help}",
                    action.id,
                    p.name
                );
            }
        }
    }
}

#[test]
fn act_help_documents_every_battle_input() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("s.toml");
    std::fs::write(
        &scenario,
        r#"ruleset = "scruby"
title = "Help"
[[side]]
id = "a"
name = "A"
  [[side.unit]]
  id = "a1"
  name = "IR 1"
  kind = "line"
[[side]]
id = "b"
name = "B"
  [[side.unit]]
  id = "b1"
  name = "IR 2"
  kind = "line"
"#,
    )
    .unwrap();
    let journal = dir.path().join("j.jsonl");
    let (s, j) = (scenario.to_str().unwrap(), journal.to_str().unwrap());
    ok(&["new", s, "--journal", j]);
    let ruleset = umpire::rules::get("scruby").expect("scruby is registered");
    for action in ruleset.actions() {
        let help = ok(&["act", j, action.id, "--help"]);
        for p in action.battle_params() {
            assert!(
                help.contains(&format!("--{}", p.name)),
                "act {} --help lacks --{}:\n{help}",
                action.id,
                p.name
            );
        }
    }
}

#[test]
fn rulesets_lists_scruby() {
    let out = ok(&["rulesets", "scruby"]);
    for needle in [
        "scruby — Jack Scruby, The Strategy-Tactical Wargame",
        "Die: d6",
        "Rifle fire table (one kill = one figure)",
        "Melee kill table",
        "Qualities: regular",
        "Formation levels: corps, division, brigade, regiment",
        "another reading: option `cross_country_fires_as`",
        "another reading: option `morale_tie`",
        "rifle  (umpire resolve|odds scruby rifle; in a battle)",
        "expose  (in a battle)",
    ] {
        assert!(out.contains(needle), "{needle:?} missing:\n{out}");
    }
    let v = json(&ok(&["rulesets", "--json"]));
    assert_eq!(
        v["rulesets"].as_array().unwrap().len(),
        umpire::rules::registry().len()
    );
    assert_eq!(v["rulesets"][1]["id"], "scruby");
}

#[test]
fn the_readme_shows_what_the_program_prints() {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let mut checked = 0;
    for block in readme.split("$ umpire ").skip(1) {
        let (command, rest) = block.split_once('\n').expect("a command line");
        if !command.contains(" scruby ") {
            continue;
        }
        let shown = rest
            .split("\n$ ")
            .next()
            .unwrap()
            .split("```")
            .next()
            .unwrap()
            .trim_end();
        let args: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(ok(&args).trim_end(), shown, "umpire {command}");
        checked += 1;
    }
    assert_eq!(checked, 3, "the README's scruby examples");
}

/// Digest, rifle fire, "Decision (changed)": Line in road column firing from the open at a
/// village, hill or forest reads row 6 (1-3-6); the harsher "on a 6" reading is an option.
#[test]
fn a_road_column_firing_from_the_open_at_a_village_reads_row_6() {
    let args = [
        "rifle",
        "--firer",
        "line",
        "--figures",
        "4",
        "--formation",
        "road-column",
        "--target-in",
        "village-outer",
        "--dice",
        "3",
    ];
    let out = resolve(&args);
    assert_eq!(
        field(&out, "row"),
        [
            "row 6 — Line, 4/3/2, line or road column, from the open | target in a village, forest or on a hill | kills 1 figure on 1-3-6 (a 1-figure regiment: on 6)"
        ]
    );
    assert!(out.contains("Result: One figure killed\n"), "{out}");
    let mut row8 = args.to_vec();
    row8.extend(["--option", "road_column_against_position=row-8"]);
    let out = resolve(&row8);
    assert!(field(&out, "row")[0].starts_with("row 8 —"), "{out}");
    assert!(out.contains("Result: No kill\n"), "{out}");
    let o = odds(&args[..args.len() - 2]);
    assert_eq!(odds_lines(&o)[0].0, 50.0, "{o}");
}

/// Digest: "a gun within musket range of its target fires canister (not ordinary fire)".
#[test]
fn artillery_at_troops_within_musket_range_is_refused_for_canister() {
    let err = fails(
        1,
        &[
            "resolve",
            "scruby",
            "artillery",
            "--target",
            "line",
            "--range",
            "5",
            "--dice",
            "1",
        ],
    );
    assert!(
        err.contains("--range 5: within musket range (6\", option musket_range) a gun fires canister at infantry or cavalry, not ordinary fire: use `canister`"),
        "{err}"
    );
    let err = fails(
        1,
        &[
            "odds",
            "scruby",
            "artillery",
            "--target",
            "light-cavalry",
            "--range",
            "6",
        ],
    );
    assert!(err.contains("use `canister`"), "{err}");
    // Beyond it, or at a gun, ordinary fire.
    resolve(&[
        "artillery",
        "--target",
        "line",
        "--range",
        "7",
        "--dice",
        "1",
    ]);
    resolve(&[
        "artillery",
        "--counter-battery",
        "--range",
        "5",
        "--dice",
        "1",
    ]);
}
