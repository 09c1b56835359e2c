//! Newport's procedures as a form asks for them: which inputs can matter given the battle and the
//! inputs so far (`Ruleset::input_applies`), and what is refused as soon as a unit is named
//! (`Ruleset::check_inputs`), in the words the procedure itself refuses with.

use crate::support::newport::*;
use crate::support::*;
use umpire::battle::Battle;
use umpire::declare::Params;
use umpire::rules::newport::defs::*;
use umpire::ruleset::find_action;

fn started(options: &str) -> Battle {
    let mut b = battle(&company(options));
    advance(&mut b, "");
    b
}

/// Inputs as typed (`name=text`), with what the battle fills in (as a form shows it).
fn given(b: &Battle, action: &str, inputs: &[(&str, &str)]) -> Params {
    let def = find_action(b.ruleset, action).unwrap();
    let typed = Params::given(def.params, inputs.iter().copied()).unwrap();
    b.ruleset
        .procedure(action)
        .unwrap()
        .prefill(&b.view(), &typed)
        .unwrap_or(typed)
}

/// Whether input `name` of `action` applies, given `inputs`.
fn applies(b: &Battle, action: &str, name: &str, inputs: &[(&str, &str)]) -> bool {
    let def = find_action(b.ruleset, action).unwrap();
    let input = def.params.iter().find(|p| p.name == name).unwrap();
    b.ruleset
        .procedure(action)
        .unwrap()
        .input_applies(&b.view(), input, &given(b, action, inputs))
}

/// What is refused from `inputs` alone.
fn early(b: &Battle, action: &str, inputs: &[(&str, &str)]) -> Option<String> {
    let def = find_action(b.ruleset, action).unwrap();
    let p = Params::given(def.params, inputs.iter().copied()).unwrap();
    b.ruleset
        .procedure(action)
        .unwrap()
        .check_inputs(&b.view(), &p)
        .err()
        .map(|e| e.to_string())
}

#[test]
fn the_trigger_applies_to_opportunity_fire_only() {
    let b = started("");
    assert!(!applies(&b, "fire", "trigger", &[("firer", "1-1")]));
    assert!(applies(&b, "fire", "trigger", &[("firer", "g1")]));
    assert!(
        applies(&b, "fire", "trigger", &[]),
        "before the firer is named"
    );
}

#[test]
fn out_of_command_applies_under_method_two_to_a_stand_that_may_have_to_roll() {
    let b = started("command_method = 1");
    for (action, unit) in [
        ("fire", "firer"),
        ("close-combat", "attacker"),
        ("move", "unit"),
        ("panic", "unit"),
    ] {
        assert!(!applies(&b, action, "out-of-command", &[(unit, "1-1")]));
        assert!(!applies(&b, action, "out-of-command", &[]));
    }
    let mut b = started("command_method = 2");
    assert!(applies(&b, "move", "out-of-command", &[("unit", "1-1")]));
    assert!(applies(&b, "move", "out-of-command", &[]));
    assert!(
        !applies(&b, "move", "out-of-command", &[("unit", "1-ldr")]),
        "leaders always act"
    );
    assert!(
        !applies(&b, "fire", "out-of-command", &[("firer", "g1")]),
        "opportunity fire needs no command"
    );
    act(&mut b, "command-roll", &[("unit", "1-2")], "1");
    assert!(
        !applies(&b, "move", "out-of-command", &[("unit", "1-2")]),
        "it already passed its roll this turn"
    );
}

#[test]
fn anti_tank_inputs_apply_at_a_vehicle_and_the_gun_to_a_vehicle_firer() {
    let b = started("");
    for name in ["flank", "road", "armour"] {
        assert!(!applies(
            &b,
            "fire",
            name,
            &[("firer", "1-1"), ("target", "g1")]
        ));
        assert!(applies(
            &b,
            "fire",
            name,
            &[("firer", "1-1"), ("target", "pz")]
        ));
    }
    assert!(!applies(
        &b,
        "fire",
        "gun",
        &[("firer", "1-1"), ("target", "pz")]
    ));
    assert!(applies(
        &b,
        "fire",
        "gun",
        &[("firer", "t1"), ("target", "pz")]
    ));
    assert!(!applies(
        &b,
        "air",
        "armour",
        &[("asset", "p47"), ("target", "g1")]
    ));
    assert!(applies(
        &b,
        "air",
        "armour",
        &[("asset", "p47"), ("target", "pz")]
    ));
    let cc = [("attacker", "1-1"), ("defender", "pz")];
    assert!(!applies(&b, "close-combat", "attacker-gun", &cc));
    assert!(!applies(&b, "close-combat", "attacker-armour", &cc));
    assert!(applies(&b, "close-combat", "defender-gun", &cc));
    assert!(applies(&b, "close-combat", "defender-armour", &cc));
    assert!(!applies(&b, "move", "road", &[("unit", "1-1")]));
    assert!(applies(&b, "move", "road", &[("unit", "t1")]));
}

#[test]
fn the_machine_gun_input_applies_with_a_machine_gun_option() {
    let b = started("");
    let at_infantry = [("firer", "w1"), ("target", "g1")];
    assert!(!applies(&b, "fire", "hmg", &at_infantry));
    assert!(!applies(
        &b,
        "close-combat",
        "attacker-hmg",
        &[("attacker", "w1")]
    ));
    let b = started("hmg_no_long_range = true");
    assert!(applies(&b, "fire", "hmg", &at_infantry));
    assert!(!applies(
        &b,
        "fire",
        "hmg",
        &[("firer", "w1"), ("target", "pz")]
    ));
    assert!(!applies(
        &b,
        "close-combat",
        "attacker-hmg",
        &[("attacker", "w1")]
    ));
    let b = started("hmg_two_dice = true");
    assert!(applies(
        &b,
        "close-combat",
        "attacker-hmg",
        &[("attacker", "w1")]
    ));
}

#[test]
fn contact_applies_at_a_leader_and_range_to_a_light_mortar() {
    let b = started("");
    assert!(!applies(
        &b,
        "fire",
        "contact",
        &[("firer", "1-1"), ("target", "g1")]
    ));
    assert!(applies(
        &b,
        "fire",
        "contact",
        &[("firer", "1-1"), ("target", "g-ldr")]
    ));
    assert!(applies(&b, "air", "contact", &[("target", "g-ldr")]));
    assert!(!applies(&b, "artillery", "range", &[("asset", "arty")]));
    assert!(applies(&b, "artillery", "range", &[("asset", "lm")]));
}

#[test]
fn a_finished_firer_is_refused_as_soon_as_it_is_named_as_the_fire_would_be() {
    let mut b = started("");
    act(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g1"), ("range", "6")],
        "9",
    );
    let at_once = early(&b, "fire", &[("firer", "1-1")]).expect("refused at once");
    assert_eq!(
        at_once,
        "1st Squad (1-1) is Finished: it has already acted this turn"
    );
    let full = refused(
        &mut b,
        "fire",
        &[("firer", "1-1"), ("target", "g2"), ("range", "6")],
        "",
    );
    assert_eq!(at_once, full, "the same words as the fire itself");
    assert_eq!(early(&b, "move", &[("unit", "1-1")]), Some(full));
    assert_eq!(early(&b, "fire", &[("firer", "1-2")]), None);
}

#[test]
fn a_paralyzed_stand_an_off_table_asset_and_the_phase_are_refused_at_once() {
    let mut b = started("");
    mark(&mut b, "1-1", PARALYZED);
    let e = early(&b, "move", &[("unit", "1-1")]).unwrap();
    assert_eq!(e, refused(&mut b, "move", &[("unit", "1-1")], ""));
    assert!(e.contains("Paralyzed"), "{e}");
    let e = early(&b, "fire", &[("firer", "1-1")]).unwrap();
    assert!(e.contains("is Paralyzed: it fires only once"), "{e}");
    let e = early(&b, "close-combat", &[("attacker", "1-1")]).unwrap();
    assert!(e.contains("may not move into contact"), "{e}");
    let e = early(&b, "fire", &[("firer", "arty")]).unwrap();
    assert!(e.contains("is an off-table artillery"), "{e}");
    let e = early(&b, "air", &[("asset", "arty")]).unwrap();
    assert!(e.contains("this needs one of: air"), "{e}");
    // Opportunity fire by a Suppressed German stand.
    mark(&mut b, "g1", SUPPRESSED);
    let e = early(&b, "fire", &[("firer", "g1")]).unwrap();
    assert!(
        e.contains("only stands not Finished, Suppressed or Paralyzed"),
        "{e}"
    );
    // Before the battle's first phase change nothing is fired.
    let b = battle(&company(""));
    let e = early(&b, "fire", &[]).unwrap();
    assert!(e.contains("happens in the action phase"), "{e}");
}

#[test]
fn a_formation_without_command_points_is_refused_as_soon_as_its_stand_is_named() {
    let mut b = battle(&battalion("", ""));
    advance(&mut b, "1"); // regular minimum 3
    for u in ["p1", "p2", "p3"] {
        assert_eq!(early(&b, "move", &[("unit", u)]), None);
        act(&mut b, "move", &[("unit", u)], "");
    }
    let e = early(&b, "move", &[("unit", "tk")]).expect("no points left");
    assert_eq!(e, refused(&mut b, "move", &[("unit", "tk")], ""));
    assert!(e.contains("no command points left"), "{e}");
    let e = early(&b, "fire", &[("firer", "tk")]).unwrap();
    assert!(e.contains("no command points left"), "{e}");
    let e = early(&b, "close-combat", &[("attacker", "tk")]).unwrap();
    assert!(e.contains("no command points left"), "{e}");
}

#[test]
fn both_units_named_are_checked_together() {
    let b = started("");
    let e = early(&b, "fire", &[("firer", "1-1"), ("target", "1-2")]).unwrap();
    assert!(e.contains("is on the same side as"), "{e}");
    let e = early(
        &b,
        "fire",
        &[("firer", "1-1"), ("target", "g-ldr"), ("contact", "g1")],
    );
    assert!(e.unwrap().contains("cannot be targeted on its own"));
    assert_eq!(
        early(&b, "fire", &[("firer", "1-1"), ("target", "g1")]),
        None
    );
    // A unit not (yet) in the battle is the form's to point out, not a refusal.
    assert_eq!(early(&b, "fire", &[("firer", "1-")]), None);
}
