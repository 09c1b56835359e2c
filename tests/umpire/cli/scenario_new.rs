//! `umpire scenario new RULESET`: a new scenario written from the organisations the rule set's
//! text describes. Every organisation of every rule set makes a file that `umpire check` takes as
//! it is and that plays a turn on the command line; each rule set's template is a snapshot; the
//! organisations hold what the texts say they hold; and a wrong rule set, organisation, side or
//! output file is refused, naming it.

use crate::support::cli::{Played, ok, run_in};
use std::collections::BTreeMap;
use std::fs;
use std::process::ExitCode;
use umpire::model::ScenarioFile;
use umpire::rules;

/// `umpire scenario new ARGS…` printed to standard output.
fn new(args: &[&str]) -> String {
    let mut all = vec!["scenario", "new"];
    all.extend_from_slice(args);
    ok("", &all)
}

/// The scenario `text` read back, or the test fails with its problems.
fn parsed(text: &str) -> ScenarioFile {
    match umpire::scenario::parse("new.toml", text) {
        Ok(s) => s.file,
        Err(e) => panic!("the new scenario is refused:\n{e}\n{text}"),
    }
}

/// Per side, how many units of each kind.
fn kinds(file: &ScenarioFile) -> Vec<BTreeMap<String, usize>> {
    let mut out = vec![BTreeMap::new(); file.sides.len()];
    for (side, _, unit) in file.units() {
        *out[side].entry(unit.kind.get_ref().clone()).or_insert(0) += 1;
    }
    out
}

#[test]
fn every_organisation_of_every_rule_set_passes_check_and_plays_a_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut written = 0;
    for r in rules::registry() {
        let orgs = r.declaration().organisations;
        assert!(!orgs.is_empty(), "{} declares no organisations", r.id());
        for org in orgs {
            let path = dir.path().join(format!("{}-{}.toml", r.id(), org.id));
            let p = path.to_str().unwrap();
            let said = ok("", &["scenario", "new", r.id(), "--org", org.id, "-o", p]);
            assert!(
                said.starts_with(&format!("Written: {p} ({}: ", r.id())),
                "{said}"
            );
            let checked = ok("", &["check", p]);
            assert!(
                checked.starts_with(&format!("ok: {p} ({}, ", r.id())),
                "{checked}"
            );
            // One turn: every phase ended through a script, a note between them.
            let battle = Played::battle(&path, "note The first turn begins\n");
            let mut turns = 0;
            while !ok("", &["state", battle.j()]).contains("\nTurn 2 of ") {
                ok("next\n", &["act", battle.j(), "-"]);
                turns += 1;
                assert!(turns < 20, "{} {}: turn 2 never came", r.id(), org.id);
            }
            written += 1;
        }
    }
    assert!(written >= 10, "{written} organisations");
}

#[test]
fn without_an_organisation_the_first_faces_its_usual_opponent() {
    for r in rules::registry() {
        let file = parsed(&new(&[r.id()]));
        let first = &r.declaration().organisations[0];
        assert_eq!(file.ruleset.get_ref(), r.id());
        assert_eq!(file.sides.len(), 2);
        assert_eq!(
            file.first_side.as_ref().unwrap().get_ref(),
            file.sides[0].id.get_ref()
        );
        assert!(file.turns.is_some(), "{}: no length", r.id());
        let against = first.against.unwrap_or(first.id);
        let expected = parsed(&new(&[r.id(), "--org", first.id, "--org", against]));
        assert_eq!(kinds(&file), kinds(&expected), "{}", r.id());
    }
}

#[test]
fn one_template_per_rule_set() {
    // Scruby's Army Corps is 52 units a side: its division stands for it here.
    for (ruleset, args) in [
        ("grid", vec![]),
        ("scruby", vec!["--org", "division"]),
        ("newport", vec![]),
        ("fft3", vec![]),
        ("hats-of-tin", vec![]),
    ] {
        let mut all = vec![ruleset];
        all.extend(args);
        insta::assert_snapshot!(format!("scenario_new_{ruleset}"), new(&all));
    }
}

#[test]
fn scrubys_army_corps_is_the_texts() {
    let text = new(&["scruby"]);
    let file = parsed(&text);
    for (s, side) in file.sides.iter().enumerate() {
        let divisions: Vec<_> = (side.formations.iter())
            .filter(|f| f.level.as_ref().map(|l| l.get_ref().as_str()) == Some("division"))
            .collect();
        assert_eq!(divisions.len(), 6);
        for d in divisions {
            let count = |kind: &str| d.units.iter().filter(|u| u.kind.get_ref() == kind).count();
            let got = ["line", "light", "grenadier", "cannon"].map(count);
            assert_eq!(got, [4, 1, 1, 1], "{}", d.name.get_ref());
        }
        let k = &kinds(&file)[s];
        assert_eq!(k["headquarters"], 2);
        // 2 heavy and 2 light cavalry regiments of two squadrons.
        assert_eq!((k["heavy-cavalry"], k["light-cavalry"]), (4, 4));
        // The concealed columns are there, commented out.
        assert!(side.concealed.is_empty());
    }
    assert_eq!(text.matches("  # [[side.concealed]]").count(), 6);
    // Taken up as written, with the concealment rules on, they are valid stands.
    let taken_up: String = text
        .lines()
        .map(|l| {
            let l = l.replace("# concealment = false", "concealment = true");
            match l.strip_prefix("  # ") {
                Some(rest)
                    if rest.starts_with("[[side.concealed]]")
                        || rest.starts_with("number = ")
                        || rest.starts_with("units = [")
                        || rest.starts_with("  \"")
                        || rest == "]" =>
                {
                    format!("  {rest}\n")
                }
                _ => format!("{l}\n"),
            }
        })
        .collect();
    let file = parsed(&taken_up);
    for side in &file.sides {
        assert_eq!(side.concealed.len(), 3);
        let hidden: usize = side.concealed.iter().map(|c| c.units.len()).sum();
        assert_eq!(hidden, 6 * 7 + 4, "six divisions and the heavy cavalry");
    }
}

#[test]
fn the_other_rule_sets_organisations_are_their_texts() {
    // Newport: a company leader (its HQ), three platoons of a leader and three squads, a
    // weapons platoon; a battalion with one HQ stand.
    let company = &kinds(&parsed(&new(&["newport", "--org", "rifle-company"])))[0];
    assert_eq!(
        (company["leader"], company["infantry"], company["weapons"]),
        (5, 9, 2)
    );
    let text = new(&["newport", "--org", "rifle-battalion"]);
    assert!(text.contains("scale = \"battalion\""), "{text}");
    assert!(
        text.contains("[side.options]\ncommand_method = 3\n"),
        "{text}"
    );
    let battalion = &kinds(&parsed(&text))[0];
    assert_eq!((battalion["hq"], battalion["infantry"]), (1, 9));
    // FFT3: a Western company of at most 4 tanks and halftracks, a Soviet tank battalion of 4-6
    // tanks with as many riders; each stand of a type of the tables.
    let text = new(&["fft3"]);
    let file = parsed(&text);
    let [us, su] = [&kinds(&file)[0], &kinds(&file)[1]];
    assert!(us["tank"] + us["halftrack"] <= 4);
    assert_eq!(us["infantry"], us["halftrack"]);
    assert!((4..=6).contains(&su["tank"]) && su["infantry"] == su["tank"]);
    for (side, _, unit) in file.units() {
        let ty = unit.field("type").expect("every stand has a type");
        let ty = ty.get_ref().as_str().unwrap();
        let nationality = ["american", "soviet"][side];
        assert!(
            !unit.kind.get_ref().eq("infantry") || ty == format!("{nationality}-infantry"),
            "{ty}"
        );
        if unit.kind.get_ref() == "infantry" {
            assert!(unit.field("rides").is_some(), "{}", unit.id.get_ref());
        }
    }
    // Hats of Tin: one Force Commander a side, and subordinates.
    let text = new(&["hats-of-tin"]);
    let file = parsed(&text);
    for (s, k) in kinds(&file).iter().enumerate() {
        assert_eq!(k["commander"], 3);
        let force = (file.units().into_iter())
            .filter(|(side, _, u)| *side == s && u.field("force").is_some())
            .count();
        assert_eq!(force, 1);
    }
}

#[test]
fn sides_are_named_as_asked() {
    let file = parsed(&new(&["grid", "--sides", "north,south"]));
    let ids: Vec<&str> = file.sides.iter().map(|s| s.id.get_ref().as_str()).collect();
    assert_eq!(ids, ["north", "south"]);
    assert!(
        file.units()
            .iter()
            .all(|(s, _, u)| u.id.get_ref().starts_with(ids[*s]))
    );
    // Two organisations, one a side, each side's references by its own ids.
    let text = new(&[
        "fft3",
        "--org",
        "german-company",
        "--org",
        "soviet-rifle-battalion",
    ]);
    assert!(text.contains("rides = \"de-h1\""), "{text}");
    assert!(text.contains("rides = \"su-tr1\""), "{text}");
}

#[test]
fn help_lists_every_organisation_of_every_rule_set() {
    let help = ok("", &["scenario", "new", "--help"]);
    for r in rules::registry() {
        assert!(help.contains(&format!("\n  {}\n", r.id())), "{help}");
        for org in r.declaration().organisations {
            assert!(
                help.contains(&format!("\n    {}  {}", org.id, org.name)),
                "{help}"
            );
        }
    }
}

/// `umpire scenario new ARGS…`, refused: its status and what it said.
fn refused(args: &[&str]) -> (ExitCode, String) {
    let mut all = vec!["scenario", "new"];
    all.extend_from_slice(args);
    let r = run_in("", &all);
    assert!(r.out.is_empty(), "{}", r.out);
    (r.code, r.err)
}

#[test]
fn a_wrong_rule_set_organisation_or_side_is_refused_by_name() {
    let (code, err) = refused(&["scrubby"]);
    assert_eq!(code, ExitCode::from(2));
    assert!(
        err.contains("no rule set `scrubby` (did you mean `scruby`?)"),
        "{err}"
    );
    let (code, err) = refused(&["scruby", "--org", "army-corp"]);
    assert_eq!(code, ExitCode::from(2));
    assert!(
        err.contains("scruby has no organisation `army-corp` (did you mean `army-corps`?); its organisations: army-corps, division"),
        "{err}"
    );
    let (_, err) = refused(&[
        "grid", "--org", "patrol", "--org", "patrol", "--org", "patrol",
    ]);
    assert!(
        err.contains("3 organisations given; a battle has two sides"),
        "{err}"
    );
    let (_, err) = refused(&["grid", "--sides", "blue"]);
    assert!(
        err.contains("--sides blue: give the two sides' ids, A,B"),
        "{err}"
    );
    let (_, err) = refused(&["grid", "--sides", "blue,blue"]);
    assert!(
        err.contains("the two sides have the same id `blue`"),
        "{err}"
    );
    let (_, err) = refused(&["grid", "--sides", "blue,red side"]);
    assert!(
        err.contains("side id `red side`: an id may not contain spaces"),
        "{err}"
    );
    let long = "a-side-id-of-thirty-characters";
    let (_, err) = refused(&["scruby", "--sides", &format!("{long},red")]);
    assert!(
        err.contains(&format!("side id `{long}` is too long for army-corps: its ids would have more than 32 characters (`{long}-lc2-b`)")),
        "{err}"
    );
    let (_, err) = refused(&[
        "newport",
        "--org",
        "rifle-company",
        "--org",
        "rifle-battalion",
    ]);
    assert!(
        err.contains("`rifle-company` and `rifle-battalion` are written for different battles (scale = \"company\" and scale = \"battalion\")"),
        "{err}"
    );
}

#[test]
fn an_existing_file_is_not_written_over_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.toml");
    let p = path.to_str().unwrap();
    fs::write(&path, "my own scenario\n").unwrap();
    let (code, err) = refused(&["grid", "-o", p]);
    assert_eq!(code, ExitCode::from(1));
    assert!(
        err.contains(&format!(
            "{p} exists already: choose another name, or add --force"
        )),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "my own scenario\n");
    ok("", &["scenario", "new", "grid", "-o", p, "--force"]);
    assert_eq!(fs::read_to_string(&path).unwrap(), new(&["grid"]));
    assert_eq!(
        ok("", &["scenario", "new", "grid", "-o", "-"]),
        new(&["grid"])
    );
    let (code, _) = refused(&["grid", "--force"]);
    assert_eq!(code, ExitCode::from(2), "--force wants -o");
}
