//! Scenario validation against fixtures: every valid file (the fixtures and every roster) passes,
//! and each invalid fixture, one kind of mistake per file, reports exactly the lines in its
//! sibling `.expected` file (`file:line:column: key = value: message`).

use std::fs;
use std::path::{Path, PathBuf};
use umpire::scenario;

fn dir(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// The `.toml` files of a directory, sorted.
fn tomls(relative: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir(relative))
        .unwrap_or_else(|e| panic!("{relative}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// Each kind of mistake `umpire check` must catch, by fixture name. A fixture removed or renamed
/// fails [`every_kind_of_mistake_has_a_fixture`].
const MISTAKES: &[&str] = &[
    "concealed-twice",
    "concealed-road-column",
    "syntax-error",
    "unknown-key",
    "missing-key",
    "wrong-type",
    "misspelt-ruleset",
    "misspelt-kind",
    "bad-quality",
    "bad-level",
    "unknown-option",
    "option-wrong-type",
    "option-out-of-range",
    "option-not-per-side",
    "option-ranges-contradict",
    "unused-field",
    "duplicate-id",
    "id-with-space",
    "id-too-long",
    "dangling-reference",
    "duplicate-concealed-number",
    "concealed-in-newport",
    "concealment-option-off",
    "concealed-stand-empty",
    "concealed-stand-over-a-brigade",
    "concealed-light-cavalry",
    "concealed-headquarters",
    "figures-above-full-tray",
    "figures-on-a-gun",
    "formation-not-infantry",
    "cross-country-alone",
    "works-without-hits-to-destroy",
    "hits-to-destroy-not-works",
    "concealed-works",
    "control-char-in-name",
    "bidi-char-in-name",
    "zero-width-space-in-id",
    "tag-char-in-id",
    "soft-hyphen-in-name",
    "name-too-long",
    "one-side",
    "bad-first-side",
    "turns-zero",
    "several-mistakes",
    "fft3-at-ammo-incomplete",
    "fft3-gun-rof-without-range",
    "fft3-law-incomplete",
    "fft3-missile-incomplete",
    "fft3-nationality-missing",
    "fft3-nationality-misspelt",
    "fft3-nationality-mixed",
    "fft3-new-row-missing-fields",
    "fft3-rides-german-tank",
    "fft3-rides-infantry",
    "fft3-rides-not-infantry",
    "fft3-rides-other-side",
    "fft3-rides-twice",
    "fft3-stand-outside-unit",
    "fft3-table-nationality-misspelt",
    "fft3-table-wrong-type",
    "fft3-truck-armoured",
    "fft3-type-infantry-for-tank",
    "fft3-type-missing",
    "fft3-type-misspelt",
    "fft3-type-vehicle-for-infantry",
    "fft3-type-wrong-class",
    "fft3-unknown-table",
    "fft3-unknown-table-field",
    "fft3-vehicle-no-armour",
    "fft3-vehicle-soft-and-armour",
    "hats-of-tin-attached-not-commander",
    "hats-of-tin-attached-to-commander",
    "hats-of-tin-attached-to-truck",
    "hats-of-tin-attached-twice",
    "hats-of-tin-carrier-full",
    "hats-of-tin-commanded-twice",
    "hats-of-tin-commander-armour",
    "hats-of-tin-commander-carrier",
    "hats-of-tin-commander-embarked",
    "hats-of-tin-commander-fighting",
    "hats-of-tin-commander-firer-class",
    "hats-of-tin-commander-superior",
    "hats-of-tin-commands-commander",
    "hats-of-tin-commands-not-commander",
    "hats-of-tin-commands-twice",
    "hats-of-tin-embarked-carrier",
    "hats-of-tin-embarked-not-carrier",
    "hats-of-tin-embarked-other-side",
    "hats-of-tin-fighting-not-carrier",
    "hats-of-tin-firer-class-misspelt",
    "hats-of-tin-force-not-commander",
    "hats-of-tin-no-force-commander",
    "hats-of-tin-truck-firer-class",
    "hats-of-tin-truck-not-carrier",
    "hats-of-tin-two-force-commanders",
    "formations-nested-too-deep",
    "id-differs-only-in-case",
    "id-like-a-flag",
    "id-lookalike-letter",
    "name-blank",
    "name-is-another-id",
    "name-twice-composed-and-decomposed",
];

#[test]
fn every_kind_of_mistake_has_a_fixture() {
    let mut found: Vec<String> = tomls("tests/fixtures/scenarios/invalid")
        .iter()
        .map(|p| file_name(p).trim_end_matches(".toml").to_string())
        .collect();
    found.sort();
    let mut wanted: Vec<String> = MISTAKES.iter().map(|m| m.to_string()).collect();
    wanted.sort();
    assert_eq!(found, wanted);
}

#[test]
fn invalid_fixtures_report_exactly_the_expected_errors() {
    let mut failures = Vec::new();
    for path in tomls("tests/fixtures/scenarios/invalid") {
        let name = file_name(&path);
        let source = fs::read_to_string(&path).unwrap();
        let expected_path = path.with_extension("expected");
        let expected = fs::read_to_string(&expected_path)
            .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
        let expected = expected.trim_end();
        assert!(!expected.is_empty(), "{name}: empty .expected file");
        let actual = match scenario::parse(&name, &source) {
            Ok(_) => "(no errors: the file was accepted)".to_string(),
            Err(errors) => errors.to_string(),
        };
        if actual != expected {
            failures.push(format!(
                "{name}\n  expected:\n    {}\n  actual:\n    {}",
                expected.replace('\n', "\n    "),
                actual.replace('\n', "\n    ")
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn valid_fixtures_are_accepted() {
    let files = tomls("tests/fixtures/scenarios/valid");
    assert!(!files.is_empty());
    for path in files {
        if let Err(e) = scenario::load(&path) {
            panic!("{e}");
        }
    }
}

#[test]
fn every_roster_is_valid() {
    let files = tomls("rosters");
    assert!(files.len() >= 2, "at least the two Newport examples");
    for path in files {
        if let Err(e) = scenario::load(&path) {
            panic!("{e}");
        }
    }
}

#[test]
fn errors_are_escaped_for_the_terminal() {
    let path = dir("tests/fixtures/scenarios/invalid/control-char-in-name.toml");
    let source = fs::read_to_string(path).unwrap();
    let errors = scenario::parse("x.toml", &source).unwrap_err();
    // The name really holds an ESC; what is printed never does.
    assert!(errors.0[0].value.as_deref().unwrap().contains('\u{1b}'));
    assert!(!errors.to_string().contains('\u{1b}'));
    assert!(errors.to_string().contains("\\u{1b}[2J"));
}

#[test]
fn options_in_force_combine_defaults_scenario_and_sides() {
    let s = scenario::load(&dir("tests/fixtures/scenarios/valid/everything.toml")).unwrap();
    let o = &s.options;
    // Set in [options].
    assert!(o.bool("hmg_two_dice"));
    assert_eq!(o.int("morale_check_green"), 7);
    assert!(!o.bool("paralyzing_shot_stops_attacker"));
    assert_eq!(o.int_for("command_method", None), 2);
    // Each side's own.
    assert_eq!(o.int_for("command_method", Some("us")), 1);
    assert_eq!(o.int_for("command_method", Some("ger")), 3);
    assert!(o.bool_for("hamstrung", Some("ger")));
    assert!(!o.bool_for("hamstrung", Some("us")));
    // A default left alone.
    assert_eq!(o.int("infantry_range"), 8);
}

#[test]
fn scruby_army_corps_is_the_organisation_the_rules_describe() {
    let s = scenario::load(&dir("rosters/scruby-army-corps.toml")).unwrap();
    assert!(s.options.bool("concealment"));
    for side in &s.file.sides {
        let id = side.id.get_ref();
        // Six divisions, each of 4 Line, 1 Light and 1 Grenadier regiment and a cannon.
        let divisions: Vec<_> = (side.formations.iter())
            .filter(|f| f.level.as_ref().is_some_and(|l| l.get_ref() == "division"))
            .collect();
        assert_eq!(divisions.len(), 6, "{id}: divisions");
        for d in divisions {
            let kinds: Vec<&str> = d.units.iter().map(|u| u.kind.get_ref().as_str()).collect();
            for (kind, n) in [("line", 4), ("light", 1), ("grenadier", 1), ("cannon", 1)] {
                let found = kinds.iter().filter(|k| **k == kind).count();
                assert_eq!(found, n, "{id}: {}: {kind}", d.id.get_ref());
            }
        }
        // Two heavy and two light cavalry regiments of two squadrons.
        for kind in ["heavy-cavalry", "light-cavalry"] {
            let regiments: Vec<_> = (side.formations.iter())
                .filter(|f| !f.units.is_empty() && f.units.iter().all(|u| u.kind.get_ref() == kind))
                .collect();
            assert_eq!(regiments.len(), 2, "{id}: {kind} regiments");
            assert!(regiments.iter().all(|r| r.units.len() == 2), "{id}: {kind}");
        }
        let hqs = count_kind(&s, id, "headquarters");
        assert!((2..=3).contains(&hqs), "{id}: {hqs} headquarters");
        assert!(side.concealed.len() >= 2, "{id}: concealed columns");
    }
}

fn count_kind(s: &scenario::Scenario, side: &str, kind: &str) -> usize {
    let index = s
        .file
        .sides
        .iter()
        .position(|d| d.id.get_ref() == side)
        .unwrap();
    s.file
        .units()
        .iter()
        .filter(|(i, _, u)| *i == index && u.kind.get_ref() == kind)
        .count()
}

#[test]
fn the_readme_scenario_example_is_valid() {
    let readme = fs::read_to_string(dir("README.md")).unwrap();
    let section = &readme[readme.find("## Scenarios").expect("a Scenarios section")..];
    let start = section.find("```toml\n").expect("a TOML example") + "```toml\n".len();
    let example = &section[start..start + section[start..].find("```").unwrap()];
    let s = scenario::parse("README.md", example)
        .unwrap_or_else(|e| panic!("README's scenario example: {e}"));
    // It shows what a newcomer needs: nested formations, the first side, a description, a length.
    assert!(s.file.first_side.is_some() && s.file.description.is_some());
    assert_eq!(s.file.turns.as_ref().map(|t| *t.get_ref()), Some(8));
    let nested = s.file.sides[0].formations[0].formations.len();
    assert!(nested > 0, "a formation inside a formation");
}
