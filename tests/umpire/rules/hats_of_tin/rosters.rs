//! The Hats of Tin rosters against the rules: each side has one Force Commander (the orders roll
//! needs him), commanders command and join units of their side, every embarked unit is on a
//! carrier that takes it alone; the village attack has the company it says, the defender is
//! smaller with militia and regulars, and the numbers its comments give are the roster's; the
//! learning game is small, shows the quality limits and walks through units that exist.

use std::collections::HashMap;
use std::path::Path;
use umpire::model::UnitDef;
use umpire::scenario::{self, Scenario};

const VILLAGE: &str = "rosters/hats-of-tin-village-attack.toml";
const LEARNING: &str = "rosters/hats-of-tin-learning.toml";

fn load(relative: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    scenario::load(&path).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn kind(u: &UnitDef) -> &str {
    u.kind.get_ref()
}

fn id(u: &UnitDef) -> &str {
    u.id.get_ref()
}

fn text<'a>(u: &'a UnitDef, field: &str) -> Option<&'a str> {
    u.field(field).and_then(|v| v.get_ref().as_str())
}

fn flag(u: &UnitDef, field: &str) -> bool {
    u.field(field).and_then(|v| v.get_ref().as_bool()) == Some(true)
}

fn list<'a>(u: &'a UnitDef, field: &str) -> Vec<&'a str> {
    match u.field(field).map(|v| v.get_ref()) {
        Some(toml::Value::Array(items)) => items.iter().filter_map(|i| i.as_str()).collect(),
        _ => Vec::new(),
    }
}

fn is_commander(u: &UnitDef) -> bool {
    kind(u) == "commander"
}

fn is_force_commander(u: &UnitDef) -> bool {
    is_commander(u) && flag(u, "force")
}

fn is_carrier(u: &UnitDef) -> bool {
    kind(u) == "truck" || flag(u, "carrier")
}

/// A side's units, with the quality each has: its own, else its innermost formation's that sets
/// one, else its side's, else regular.
struct Side<'a> {
    id: &'a str,
    units: Vec<(&'a UnitDef, &'a str)>,
}

impl<'a> Side<'a> {
    fn of(s: &'a Scenario, side: &str) -> Side<'a> {
        let index = (s.file.sides.iter())
            .position(|d| d.id.get_ref() == side)
            .unwrap_or_else(|| panic!("no side {side}"));
        let def = &s.file.sides[index];
        let units = (s.file.units().into_iter())
            .filter(|(i, _, _)| *i == index)
            .map(|(_, formations, u)| {
                let quality = (u.quality.as_ref())
                    .or_else(|| formations.iter().rev().find_map(|f| f.quality.as_ref()))
                    .or(def.quality.as_ref())
                    .map_or("regular", |q| q.get_ref().as_str());
                (u, quality)
            })
            .collect();
        Side {
            id: def.id.get_ref(),
            units,
        }
    }

    fn get(&self, unit: &str) -> &'a UnitDef {
        (self.units.iter())
            .map(|(u, _)| *u)
            .find(|u| id(u) == unit)
            .unwrap_or_else(|| panic!("{}: no unit {unit}", self.id))
    }

    fn commanders(&self) -> Vec<&'a UnitDef> {
        (self.units.iter())
            .map(|(u, _)| *u)
            .filter(|u| is_commander(u))
            .collect()
    }

    /// The units that fight: neither commanders nor trucks.
    fn fighting(&self) -> Vec<(&'a UnitDef, &'a str)> {
        (self.units.iter())
            .copied()
            .filter(|(u, _)| !is_commander(u) && kind(u) != "truck")
            .collect()
    }

    fn count(&self, of_kind: &str) -> usize {
        (self.units.iter())
            .filter(|(u, _)| kind(u) == of_kind)
            .count()
    }

    fn force_commander(&self) -> &'a UnitDef {
        let fcs: Vec<&UnitDef> = (self.units.iter())
            .map(|(u, _)| *u)
            .filter(|u| is_force_commander(u))
            .collect();
        assert_eq!(fcs.len(), 1, "{}: one Force Commander", self.id);
        fcs[0]
    }

    fn subordinates(&self) -> Vec<&'a UnitDef> {
        (self.commanders().into_iter())
            .filter(|u| !is_force_commander(u))
            .collect()
    }

    /// Hits the side's fighting units can take before all are destroyed (militia 2, regular 3,
    /// elite 4).
    fn hits(&self) -> u32 {
        (self.fighting().iter())
            .map(|(_, q)| match *q {
                "militia" => 2,
                "regular" => 3,
                "elite" => 4,
                other => panic!("quality {other}"),
            })
            .sum()
    }
}

/// What the spec asks of every side: one Force Commander; commanders command units of their
/// side (not commanders), a unit under one subordinate at most; a commander joins a unit of his
/// side that fights, one commander a unit; a unit embarks on a carrier of its side that is not
/// itself carried, one unit a carrier; commander fields only on commanders and unit fields never
/// on one.
fn sound_side(side: &Side<'_>) {
    let who = side.id;
    side.force_commander();
    let mut commanded: HashMap<&str, &str> = HashMap::new();
    let mut joined: HashMap<&str, &str> = HashMap::new();
    let mut carried: HashMap<&str, &str> = HashMap::new();
    for (u, _) in &side.units {
        let me = id(u);
        if is_commander(u) {
            for field in ["armour", "superior", "embarked", "carrier", "fighting"] {
                assert!(
                    u.field(field).is_none(),
                    "{who}: {me} is a commander: {field}"
                );
            }
            for unit in list(u, "commands") {
                let target = side.get(unit);
                assert!(!is_commander(target), "{who}: {me} commands {unit}");
                if !is_force_commander(u) {
                    let first = commanded.insert(unit, me);
                    assert!(first.is_none(), "{who}: {unit} under {first:?} and {me}");
                }
            }
            if let Some(unit) = text(u, "attached") {
                let target = side.get(unit);
                assert!(
                    !is_commander(target) && kind(target) != "truck",
                    "{who}: {me}"
                );
                let first = joined.insert(unit, me);
                assert!(first.is_none(), "{who}: {unit} has {first:?} and {me}");
            }
        } else {
            for field in ["force", "commands", "attached"] {
                assert!(u.field(field).is_none(), "{who}: {me} is a unit: {field}");
            }
            if flag(u, "fighting") {
                assert!(is_carrier(u), "{who}: {me} fights as a carrier but is none");
            }
        }
        if let Some(carrier) = text(u, "embarked") {
            let c = side.get(carrier);
            assert!(is_carrier(c), "{who}: {me} on {carrier}, not a carrier");
            assert!(!is_carrier(u) && !is_commander(u), "{who}: {me} is carried");
            let first = carried.insert(carrier, me);
            assert!(
                first.is_none(),
                "{who}: {carrier} carries {first:?} and {me}"
            );
        }
    }
}

fn first_side(s: &Scenario) -> &str {
    (s.file.first_side.as_ref())
        .map(|f| f.get_ref().as_str())
        .expect("the roster names the side that moves first")
}

fn description(s: &Scenario) -> &str {
    (s.file.description.as_ref())
        .map(|d| d.get_ref().as_str())
        .expect("the roster has a description")
}

#[test]
fn every_side_of_every_roster_is_sound() {
    for roster in [VILLAGE, LEARNING] {
        let s = load(roster);
        assert_eq!(s.ruleset.id(), "hats-of-tin", "{roster}");
        assert_eq!(s.file.sides.len(), 2, "{roster}");
        assert!(s.file.turns.is_some(), "{roster}: the game's length");
        for side in &s.file.sides {
            sound_side(&Side::of(&s, side.id.get_ref()));
        }
    }
}

#[test]
fn the_village_attacker_is_an_infantry_company_with_its_support() {
    let s = load(VILLAGE);
    let attacker = first_side(&s);
    let de = Side::of(&s, attacker);
    assert_eq!(de.count("infantry"), 3, "three rifle platoons");
    assert_eq!(de.count("mg"), 2, "two machine-gun sections");
    assert_eq!(de.count("light-gun"), 1, "a light gun");
    assert_eq!(de.count("mortar"), 1, "a mortar");
    assert!(
        (2..=3).contains(&de.count("tank")),
        "a platoon of 2–3 tanks"
    );
    assert_eq!(de.count("truck"), 1, "a truck");
    // The mortar has a radio, and so has a unit that can spot for it.
    let (mortar, _) = (de.units.iter())
        .find(|(u, _)| kind(u) == "mortar")
        .unwrap();
    assert!(flag(mortar, "radio"), "the mortar's radio or telephone");
    let spotters = (de.units.iter())
        .filter(|(u, _)| kind(u) != "mortar" && !is_commander(u) && flag(u, "radio"))
        .count();
    assert!(spotters > 0, "a spotter with a radio");
    // The truck carries a platoon at the start.
    let (truck, _) = de.units.iter().find(|(u, _)| kind(u) == "truck").unwrap();
    let riders: Vec<&UnitDef> = (de.units.iter())
        .map(|(u, _)| *u)
        .filter(|u| text(u, "embarked") == Some(id(truck)))
        .collect();
    assert_eq!(riders.len(), 1, "one platoon in the truck");
    assert_eq!(kind(riders[0]), "infantry");
    // The Force Commander is with a unit; the subordinates command, one at least is with a unit.
    assert!(text(de.force_commander(), "attached").is_some());
    let subordinates = de.subordinates();
    assert!(!subordinates.is_empty());
    for sub in &subordinates {
        assert!(!list(sub, "commands").is_empty(), "{} commands", id(sub));
    }
    assert!(subordinates.iter().any(|c| text(c, "attached").is_some()));
    // Every unit of the company answers to a subordinate, so each can have his extra order.
    let commanded: Vec<&str> = subordinates
        .iter()
        .flat_map(|c| list(c, "commands"))
        .collect();
    for (u, _) in de.fighting() {
        assert!(commanded.contains(&id(u)), "{} under no subordinate", id(u));
    }
    // The tanks are a platoon of their own, under the force with the company.
    let levels: Vec<&str> = (s.file.formations().into_iter())
        .filter(|(i, _, _)| s.file.sides[*i].id.get_ref() == attacker)
        .filter_map(|(_, _, f)| f.level.as_ref().map(|l| l.get_ref().as_str()))
        .collect();
    for level in ["force", "company", "platoon"] {
        assert!(levels.contains(&level), "a {level}");
    }
    let tank_platoon = (s.file.formations().into_iter())
        .map(|(_, _, f)| f)
        .find(|f| f.units.iter().any(|u| kind(u) == "tank"))
        .unwrap();
    assert_eq!(
        tank_platoon.level.as_ref().map(|l| l.get_ref().as_str()),
        Some("platoon")
    );
    assert!(
        (tank_platoon.units.iter()).all(|u| kind(u) == "tank" || is_commander(u)),
        "the tank platoon holds its tanks and its commander"
    );
}

#[test]
fn the_village_defender_is_smaller_with_militia_regulars_and_support() {
    let s = load(VILLAGE);
    let attacker = first_side(&s);
    let defender = (s.file.sides.iter())
        .map(|d| d.id.get_ref().as_str())
        .find(|d| *d != attacker)
        .unwrap();
    let (de, fr) = (Side::of(&s, attacker), Side::of(&s, defender));
    assert!(fr.fighting().len() < de.fighting().len());
    let qualities: Vec<&str> = fr.fighting().iter().map(|(_, q)| *q).collect();
    assert!(qualities.contains(&"militia") && qualities.contains(&"regular"));
    assert_eq!(fr.count("mg"), 1, "a machine gun");
    assert_eq!(fr.count("light-gun"), 1, "a light gun");
    assert_eq!(fr.subordinates().len(), 1, "a subordinate commander");
    assert!(text(fr.force_commander(), "attached").is_some());
    assert_eq!(fr.count("truck"), 0);
    // The numbers the comments give for the balance are the roster's.
    // The file's text, comments as prose: without their `#` and line breaks.
    let source = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(VILLAGE))
        .unwrap()
        .lines()
        .map(|l| l.trim().trim_start_matches('#'))
        .collect::<Vec<_>>()
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let orders = |side: &Side<'_>| format!("{:.1}", 3.5 + side.subordinates().len() as f64);
    for said in [
        format!(
            "twice the fighting units ({} against {})",
            de.fighting().len(),
            fr.fighting().len()
        ),
        format!("({} against {})", de.hits(), fr.hits()),
        format!("{} orders a turn", orders(&de)),
        format!("French {} (1d6 and one subordinate)", orders(&fr)),
        format!(
            "The Germans ({} units, {} commanders)",
            de.units.len() - de.commanders().len(),
            de.commanders().len()
        ),
        format!(
            "The French ({} units, {} commanders)",
            fr.units.len() - fr.commanders().len(),
            fr.commanders().len()
        ),
        format!("end of turn {}", s.file.turns.as_ref().unwrap().get_ref()),
    ] {
        assert!(source.contains(&said), "the roster says {said:?}");
    }
    assert_eq!(de.fighting().len(), 2 * fr.fighting().len());
}

#[test]
fn the_learning_game_is_small_and_shows_the_quality_limits() {
    let s = load(LEARNING);
    let mut qualities = Vec::new();
    for side in &s.file.sides {
        let side = Side::of(&s, side.id.get_ref());
        assert_eq!(
            side.commanders().len(),
            1,
            "{}: the Force Commander",
            side.id
        );
        side.force_commander();
        let units = side.units.len() - 1;
        assert!((2..=3).contains(&units), "{}: {units} units", side.id);
        for (u, q) in &side.units {
            for field in ["embarked", "carrier", "fighting"] {
                assert!(u.field(field).is_none(), "{}: no embarkation", id(u));
            }
            assert_ne!(kind(u), "truck");
            qualities.push(*q);
        }
    }
    assert!(qualities.contains(&"elite") || qualities.contains(&"militia"));
    // The walk through a turn names units of the roster, and the odds it gives are right: two
    // dice hitting only on a 6 hit at least once 11 times in 36.
    let said = description(&s);
    for step in [
        "Orders",
        "1d6",
        "shoot",
        "Hits",
        "retreat",
        "rally",
        "overwatch",
        "assault",
    ] {
        assert!(said.contains(step), "the walk-through explains {step:?}");
    }
    let ids: Vec<&str> = s.file.units().iter().map(|(_, _, u)| id(u)).collect();
    for word in said.split(|c: char| !(c.is_alphanumeric() || c == '-')) {
        if word.starts_with("de-") || word.starts_with("gb-") {
            assert!(
                ids.contains(&word),
                "the description names {word}, not in the roster"
            );
        }
    }
    let at_least_one_six = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| (a, b)))
        .filter(|&(a, b)| a == 6 || b == 6)
        .count();
    assert!(said.contains(&format!("{at_least_one_six} in 36")));
    assert_eq!(first_side(&s), "de");
}

/// Units: "A scenario may set a unit's armour and firer class itself, overriding its type's
/// default … (a Panzer 38(t) is light armour against 1940 French rifles)". The village attack
/// describes its Panzer 38(t)s as light tanks: each has light armour, so a French rifle platoon
/// hits one on a 6, not never.
#[test]
fn the_village_attacks_light_tanks_have_light_armour_and_french_rifles_can_hit_them() {
    let s = load(VILLAGE);
    let tanks: Vec<&UnitDef> = (s.file.formations().into_iter())
        .flat_map(|(_, _, f)| f.units.iter())
        .filter(|u| kind(u) == "tank")
        .collect();
    assert_eq!(tanks.len(), 3);
    for t in &tanks {
        assert_eq!(text(t, "armour"), Some("light"), "{}", id(t));
    }
    // In the battle: the French turn, the active platoon (with its lieutenant) at a tank, 2
    // areas away, outside any assault: 6 − 1 = 5 hits, 5 − 1 = 4 and 4 − 1 = 3 miss.
    let mut b = umpire::battle::Battle::new(s);
    let start = b.start_event();
    b.apply(start).unwrap();
    let mut dice = umpire::dice::TypedDice::parse("6").unwrap();
    for _ in 0..2 {
        let e = b
            .handle(&umpire::battle::Command::Advance, &mut dice)
            .unwrap();
        b.apply(e).unwrap();
        dice = umpire::dice::TypedDice::parse("6").unwrap();
    }
    let def = umpire::ruleset::find_action(b.ruleset, "shoot").unwrap();
    let shot = umpire::battle::Command::Act {
        action: "shoot".into(),
        params: umpire::declare::Params::given(
            def.params,
            [("firer", "fr-p1"), ("target", "de-pz2"), ("range", "2")],
        )
        .unwrap(),
    };
    let mut dice = umpire::dice::TypedDice::parse("6,5,4").unwrap();
    let entry = b.handle(&shot, &mut dice).unwrap();
    let umpire::battle::Entry::Event(e) = &entry else {
        panic!("{entry:?}")
    };
    let step = &e.resolutions[0].steps[0];
    assert_eq!(
        step.outcome, "modified 5, 4, 3: 1 hit (5+ hits)",
        "{step:?}"
    );
    assert!(
        step.modifiers.iter().any(|m| m.reason == "light armour"),
        "{step:?}"
    );
    b.apply(entry).unwrap();
    let pz2 = b.roster.unit_index("de-pz2").unwrap();
    assert_eq!(b.state().units[pz2].hits, 1);
}
