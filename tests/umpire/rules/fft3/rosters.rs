//! The FFT3 rosters against the text: each unit (formation) organised as "Units" describes it,
//! every rider on a carrier that may carry it, enough units for artillery, and the sides balanced
//! as "Start a Fight" suggests for a meeting engagement (the Soviets 2–3 times the Germans' tanks
//! and infantry; the Americans about twice the tanks and the same infantry and halftracks).

use std::collections::HashMap;
use std::path::Path;
use umpire::model::{FormationDef, UnitDef};
use umpire::scenario::{self, Scenario};

fn load(relative: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    scenario::load(&path).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn text<'a>(u: &'a UnitDef, field: &str) -> Option<&'a str> {
    u.field(field).and_then(|v| v.get_ref().as_str())
}

fn kind(u: &UnitDef) -> &str {
    u.kind.get_ref()
}

/// Stands of a side by kind: tanks, halftracks, trucks, infantry.
#[derive(Debug, Default, Clone, Copy)]
struct Count {
    tanks: usize,
    halftracks: usize,
    trucks: usize,
    infantry: usize,
}

impl Count {
    fn of<'a>(units: impl IntoIterator<Item = &'a UnitDef>) -> Count {
        let mut c = Count::default();
        for u in units {
            match kind(u) {
                "tank" => c.tanks += 1,
                "halftrack" => c.halftracks += 1,
                "truck" => c.trucks += 1,
                "infantry" => c.infantry += 1,
                other => panic!("{}: unknown kind {other}", u.id.get_ref()),
            }
        }
        c
    }
}

/// A side's units (its formations that hold stands) and every stand.
fn side<'a>(s: &'a Scenario, id: &str) -> (Vec<&'a FormationDef>, Vec<&'a UnitDef>, &'a str) {
    let index = (s.file.sides.iter())
        .position(|d| d.id.get_ref() == id)
        .unwrap_or_else(|| panic!("no side {id}"));
    let side = &s.file.sides[index];
    assert!(side.units.is_empty(), "{id}: every stand belongs to a unit");
    let units: Vec<&FormationDef> = (s.file.formations().into_iter())
        .filter(|(i, _, f)| *i == index && !f.units.is_empty())
        .map(|(_, _, f)| f)
        .collect();
    let stands: Vec<&UnitDef> = (s.file.units().into_iter())
        .filter(|(i, _, _)| *i == index)
        .map(|(_, _, u)| u)
        .collect();
    let nationality = side
        .nationality
        .as_ref()
        .map(|n| n.get_ref().as_str())
        .unwrap_or_else(|| panic!("{id}: the side sets its nationality"));
    (units, stands, nationality)
}

/// Every rider rides a carrier of its own unit that may carry it (a halftrack, a truck, or a
/// tank of a Soviet side), one rider a carrier; returns how many ride.
fn riders_are_carried(unit: &FormationDef, nationality: &str) -> usize {
    let by_id: HashMap<&str, &UnitDef> = unit
        .units
        .iter()
        .map(|u| (u.id.get_ref().as_str(), u))
        .collect();
    let mut carriers: Vec<&str> = Vec::new();
    for u in &unit.units {
        let Some(carrier) = text(u, "rides") else {
            continue;
        };
        let who = format!("{}: {}", unit.id.get_ref(), u.id.get_ref());
        assert_eq!(kind(u), "infantry", "{who}: only infantry rides");
        let c = by_id
            .get(carrier)
            .unwrap_or_else(|| panic!("{who}: rides {carrier}, not a stand of its unit"));
        let may = match kind(c) {
            "halftrack" | "truck" => true,
            "tank" => nationality == "soviet",
            _ => false,
        };
        assert!(may, "{who}: rides a {} of a {nationality} side", kind(c));
        assert!(!carriers.contains(&carrier), "{who}: {carrier} carries two");
        carriers.push(carrier);
    }
    carriers.len()
}

/// An American or German company: 0–3 tanks and 0–3 halftracks, each halftrack with an infantry
/// stand riding it, at most 4 tanks and halftracks.
fn western_company(unit: &FormationDef, nationality: &str) -> Count {
    let id = unit.id.get_ref();
    assert_eq!(
        unit.level.as_ref().map(|l| l.get_ref().as_str()),
        Some("company"),
        "{id}"
    );
    let c = Count::of(&unit.units);
    assert!(c.tanks <= 3, "{id}: {} tanks", c.tanks);
    assert!(c.halftracks <= 3, "{id}: {} halftracks", c.halftracks);
    assert!(c.tanks + c.halftracks <= 4, "{id}: {c:?}");
    assert_eq!(c.trucks, 0, "{id}: no trucks in a Western company");
    assert_eq!(
        c.infantry, c.halftracks,
        "{id}: an infantry stand a halftrack"
    );
    assert_eq!(
        riders_are_carried(unit, nationality),
        c.infantry,
        "{id}: every infantry stand rides its halftrack"
    );
    c
}

/// A Soviet tank battalion (4–6 tanks and 4–6 infantry stands riding the tanks, or with trucks)
/// or motorised rifle battalion (6–9 trucks each with an infantry stand, and 1–3 tanks).
fn soviet_battalion(unit: &FormationDef) -> Count {
    let id = unit.id.get_ref();
    assert_eq!(
        unit.level.as_ref().map(|l| l.get_ref().as_str()),
        Some("battalion"),
        "{id}"
    );
    let c = Count::of(&unit.units);
    assert_eq!(
        c.halftracks, 0,
        "{id}: Soviet halftracks were very uncommon"
    );
    let tank_battalion =
        (4..=6).contains(&c.tanks) && (4..=6).contains(&c.infantry) && c.trucks <= c.infantry;
    let rifle_battalion =
        (6..=9).contains(&c.trucks) && c.infantry == c.trucks && (1..=3).contains(&c.tanks);
    assert!(tank_battalion || rifle_battalion, "{id}: {c:?}");
    assert_eq!(
        riders_are_carried(unit, "soviet"),
        c.infantry,
        "{id}: every infantry stand rides"
    );
    c
}

fn total(counts: &[Count]) -> Count {
    counts.iter().fold(Count::default(), |a, c| Count {
        tanks: a.tanks + c.tanks,
        halftracks: a.halftracks + c.halftracks,
        trucks: a.trucks + c.trucks,
        infantry: a.infantry + c.infantry,
    })
}

/// Every stand's type is of its side's nationality's, or a halftrack or truck (anyone's).
fn types_of(stands: &[&UnitDef], allowed: &[&str]) {
    for u in stands {
        let t = text(u, "type").unwrap_or_else(|| panic!("{}: no type", u.id.get_ref()));
        assert!(allowed.contains(&t), "{}: type {t}", u.id.get_ref());
    }
}

#[test]
fn meeting_engagement_soviets_have_two_to_three_times_the_germans() {
    let s = load("rosters/fft3-meeting-engagement.toml");
    assert!(
        s.options.bool("special_at_ammo"),
        "the Panthers' and T-34s' special AT ammo"
    );
    assert_eq!(s.file.turns.as_ref().map(|t| *t.get_ref()), Some(8));
    let (de_units, de_stands, de_nat) = side(&s, "de");
    let (su_units, su_stands, su_nat) = side(&s, "su");
    assert_eq!((de_nat, su_nat), ("german", "soviet"));
    types_of(&de_stands, &["panther", "halftrack", "german-infantry"]);
    types_of(&su_stands, &["t-34", "truck", "soviet-infantry"]);
    // One artillery template per 3 units: at least one each.
    assert!(
        de_units.len() >= 3 && su_units.len() >= 3,
        "{} {}",
        de_units.len(),
        su_units.len()
    );
    let de = total(
        &de_units
            .iter()
            .map(|u| western_company(u, de_nat))
            .collect::<Vec<_>>(),
    );
    let su = total(
        &su_units
            .iter()
            .map(|u| soviet_battalion(u))
            .collect::<Vec<_>>(),
    );
    assert_eq!(de.tanks + de.halftracks + de.infantry, de_stands.len());
    assert_eq!(su.tanks + su.trucks + su.infantry, su_stands.len());
    let ratio = |a: usize, b: usize| a as f64 / b as f64;
    let tanks = ratio(su.tanks, de.tanks);
    let infantry = ratio(su.infantry, de.infantry);
    assert!((2.0..=3.0).contains(&tanks), "tanks {su:?} against {de:?}");
    assert!(
        (2.0..=3.0).contains(&infantry),
        "infantry {su:?} against {de:?}"
    );
    // What the description says.
    let said = s
        .file
        .description
        .as_ref()
        .map(|d| d.get_ref().as_str())
        .unwrap_or("");
    for words in [
        format!("{} Panthers", de.tanks),
        format!("{} T-34s", su.tanks),
        format!("{} infantry stands", su.infantry),
        "2.5 times".to_string(),
    ] {
        assert!(said.contains(&words), "the description says {words:?}");
    }
    assert!((tanks - 2.5).abs() < 1e-9 && (infantry - 2.5).abs() < 1e-9);
}

#[test]
fn american_company_has_twice_the_tanks_and_the_same_infantry_and_halftracks() {
    let s = load("rosters/fft3-american-company.toml");
    let (us_units, us_stands, us_nat) = side(&s, "us");
    let (de_units, de_stands, de_nat) = side(&s, "de");
    assert_eq!((us_nat, de_nat), ("american", "german"));
    types_of(&us_stands, &["sherman", "halftrack", "american-infantry"]);
    types_of(&de_stands, &["panther", "halftrack", "german-infantry"]);
    assert!(
        us_units.len() >= 3 && de_units.len() >= 3,
        "{} {}",
        us_units.len(),
        de_units.len()
    );
    let us = total(
        &us_units
            .iter()
            .map(|u| western_company(u, us_nat))
            .collect::<Vec<_>>(),
    );
    let de = total(
        &de_units
            .iter()
            .map(|u| western_company(u, de_nat))
            .collect::<Vec<_>>(),
    );
    assert_eq!(us.tanks + us.halftracks + us.infantry, us_stands.len());
    assert_eq!(de.tanks + de.halftracks + de.infantry, de_stands.len());
    // "About twice as many tanks and about the same number of infantry and halftracks."
    assert_eq!(us.tanks, 2 * de.tanks, "{us:?} against {de:?}");
    assert_eq!(us.infantry, de.infantry, "{us:?} against {de:?}");
    assert_eq!(us.halftracks, de.halftracks, "{us:?} against {de:?}");
    let said = s
        .file
        .description
        .as_ref()
        .map(|d| d.get_ref().as_str())
        .unwrap_or("");
    for words in [
        format!("{} Shermans", us.tanks),
        format!("{} Panthers", de.tanks),
        "twice".to_string(),
    ] {
        assert!(said.contains(&words), "the description says {words:?}");
    }
}
