//! Newport's rosters against the rules: the company action a squad-level game under command
//! method 2 with leaders on both sides, the battalion action with tanks, guns and assets on both
//! sides, one short of fuel and the other with a superior staff.

use std::path::{Path, PathBuf};
use umpire::scenario;

fn dir(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

#[test]
fn company_action_is_a_squad_level_method_2_game() {
    let s = scenario::load(&dir("rosters/newport-company-action.toml")).unwrap();
    assert_eq!(s.options.text("scale"), "company");
    assert_eq!(s.options.int("command_method"), 2);
    let stands = s.file.units().len();
    assert!((25..=40).contains(&stands), "{stands} stands");
    for side in &s.file.sides {
        let leaders = count_kind(&s, side.id.get_ref(), "leader");
        assert!(leaders >= 4, "{}: {leaders} leaders", side.id.get_ref());
    }
}

#[test]
fn battalion_action_has_tanks_guns_and_assets_on_both_sides() {
    let s = scenario::load(&dir("rosters/newport-battalion-action.toml")).unwrap();
    assert_eq!(s.options.text("scale"), "battalion");
    assert_eq!(s.options.int("command_method"), 3);
    for side in &s.file.sides {
        let id = side.id.get_ref();
        for kind in ["hq", "vehicle", "gun", "artillery", "heavy-mortar"] {
            assert!(count_kind(&s, id, kind) > 0, "{id} has no {kind}");
        }
        assert!(
            side.units
                .iter()
                .all(|u| ["artillery", "air", "heavy-mortar"].contains(&u.kind.get_ref().as_str())),
            "{id}: only off-table assets sit directly under the side"
        );
    }
    assert!(count_kind(&s, "us", "air") > 0);
    // One side short of fuel, the other with a superior staff.
    assert!(s.options.bool_for("hamstrung", Some("ger")));
    assert!(s.options.bool_for("superior_command", Some("us")));
    assert!(!s.options.bool_for("superior_command", Some("ger")));
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
