//! Hats of Tin's own checks of a scenario at load (`umpire check`, and before a battle starts):
//! commanders and units keep their own fields; every side has one Force Commander, who rolls the
//! orders; a commander commands units, a unit answers to one subordinate at most; a commander is
//! attached to a unit that fights, one commander a unit; a unit is embarked on a carrier of its
//! side, one unit a carrier (the stacking limit of one unit an area).
//!
//! The core has already checked the rest: the fields' types, the kinds and qualities, and that
//! `commands`, `attached` and `embarked` name units of the same side other than the unit itself.
//! What the core reports is not reported again here: a reference the core refuses is skipped.

use super::defs::{
    COMMANDER, F_ARMOUR, F_ATTACHED, F_CARRIER, F_COMMANDS, F_EMBARKED, F_FIGHTING, F_FIRER_CLASS,
    F_FORCE, F_SUPERIOR, TRUCK,
};
use crate::declare::Options;
use crate::model::{Field, OrderOfBattle, Problem, UnitInfo, UnitPlace};
use std::collections::HashMap;

/// Every problem Hats of Tin's rules find in the scenario's order of battle. No option changes
/// them.
pub fn validate(order: &OrderOfBattle<'_>, _options: &Options) -> Vec<Problem> {
    let mut out = Vec::new();
    for side in 0..order.roster.sides.len() {
        side_checks(order, side, &mut out);
    }
    out
}

/// A unit of a side and where it is written.
struct Unit<'o> {
    info: &'o UnitInfo,
    place: &'o UnitPlace<'o>,
}

impl Unit<'_> {
    fn id(&self) -> &str {
        &self.info.id
    }

    fn kind(&self) -> &str {
        &self.info.kind
    }

    fn is_commander(&self) -> bool {
        self.kind() == COMMANDER
    }

    /// A flag field set to true (a flag of another type the core refuses: false here).
    fn flag(&self, field: &str) -> bool {
        self.place
            .field(field)
            .and_then(Field::flag)
            .unwrap_or(false)
    }

    /// The Force Commander: a commander with `force = true`.
    fn is_force_commander(&self) -> bool {
        self.is_commander() && self.flag(F_FORCE)
    }

    /// Carries units: a truck, or a unit with `carrier = true`.
    fn is_carrier(&self) -> bool {
        !self.is_commander() && (self.kind() == TRUCK || self.flag(F_CARRIER))
    }

    /// "`a-1` (infantry)": how messages name the unit.
    fn named(&self) -> String {
        format!("`{}` ({})", self.id(), self.kind())
    }
}

/// Why a field is a commander's alone.
fn commander_only(field: &str) -> Option<&'static str> {
    match field {
        F_FORCE => Some("only a commander can be the Force Commander"),
        F_COMMANDS => Some("only a commander commands units"),
        F_ATTACHED => Some(
            "only a commander is attached to a unit (a unit carried by a truck or boat is `embarked`)",
        ),
        _ => None,
    }
}

/// Why a field is never a commander's.
fn never_commander(field: &str) -> Option<&'static str> {
    match field {
        F_ARMOUR => {
            Some("a commander has no armour: he is not a unit, and a single hit destroys him")
        }
        F_SUPERIOR => Some(
            "a commander has no superior firepower of his own: alone he shoots as the type he commands, attached he adds his die to his unit's",
        ),
        F_FIRER_CLASS => Some(
            "a commander has no gun of his own: alone he shoots with the firer class of the type he commands, attached he adds his die to his unit's",
        ),
        F_EMBARKED => {
            Some("a commander is not carried: he is not a unit; he may be `attached` to one")
        }
        F_CARRIER => {
            Some("a commander carries no units: only a truck or a unit with carrier = true does")
        }
        F_FIGHTING => Some("a commander carries no units, so is no fighting carrier"),
        _ => None,
    }
}

/// One side: each unit's fields, its Force Commander, the commands, attachments and carriers.
fn side_checks(order: &OrderOfBattle<'_>, side: usize, out: &mut Vec<Problem>) {
    let units: Vec<Unit<'_>> = order
        .units_of(side)
        .map(|u| Unit {
            info: &order.roster.units[u],
            place: order.unit(u),
        })
        .collect();
    let by_id: HashMap<&str, &Unit<'_>> = units.iter().map(|u| (u.id(), u)).collect();
    for u in &units {
        fields_of_kind(u, out);
    }
    force_commander(order, side, &units, out);
    commands(&units, &by_id, out);
    attached(&units, &by_id, out);
    embarked(&units, &by_id, out);
}

/// `force`, `commands`, `attached` only on a commander; `armour`, `firer_class`, `superior`,
/// `embarked`, `carrier`, `fighting` never on one; `fighting` only on a carrier, a truck always
/// carries and has no firer class.
fn fields_of_kind(u: &Unit<'_>, out: &mut Vec<Problem>) {
    for value in &u.place.fields {
        let field = value.name;
        let refused = if u.is_commander() {
            never_commander(field).map(str::to_string)
        } else if let Some(why) = commander_only(field) {
            Some(format!("{why}; this unit is of kind `{}`", u.kind()))
        } else if field == F_FIGHTING && !u.is_carrier() {
            Some(format!(
                "`fighting` is said of a carrier: set carrier = true as well, or remove it (this unit, of kind `{}`, carries nothing)",
                u.kind()
            ))
        } else if field == F_FIRER_CLASS && u.kind() == TRUCK {
            Some("a truck has no weapon, so no firer class: remove it".to_string())
        } else if field == F_CARRIER && u.kind() == TRUCK && value.flag() == Some(false) {
            Some("a truck always carries: remove carrier = false".to_string())
        } else {
            None
        };
        if let Some(message) = refused {
            out.push(value.problem(message));
        }
    }
}

/// Exactly one Force Commander in the side: the orders roll needs him.
fn force_commander(
    order: &OrderOfBattle<'_>,
    side: usize,
    units: &[Unit<'_>],
    out: &mut Vec<Problem>,
) {
    let mut first: Option<&Unit<'_>> = None;
    for u in units.iter().filter(|u| u.is_force_commander()) {
        match first {
            None => first = Some(u),
            Some(fc) => {
                if let Some(value) = u.place.field(F_FORCE) {
                    out.push(value.problem(format!(
                        "side `{}` already has a Force Commander, `{}`: a side has one (the other commanders are subordinates, without `force`)",
                        order.roster.sides[side].id,
                        fc.id()
                    )));
                }
            }
        }
    }
    if first.is_none() {
        let place = order.side(side);
        out.push(Problem::new(
            Some(place.id.clone()),
            place.path.to_string(),
            "missing: the side has no Force Commander, who rolls the 1d6 of its orders each turn: give one of its units kind = \"commander\" and force = true",
        ));
    }
}

/// `commands`: units of the side, not commanders, listed once; a unit under one subordinate
/// commander at most (the Force Commander may list it too).
fn commands(units: &[Unit<'_>], by_id: &HashMap<&str, &Unit<'_>>, out: &mut Vec<Problem>) {
    // Each unit with the first subordinate commander who lists it.
    let mut commanded: HashMap<&str, &str> = HashMap::new();
    for u in units.iter().filter(|u| u.is_commander()) {
        let Some(value) = u.place.field(F_COMMANDS) else {
            continue;
        };
        let mut seen: Vec<&str> = Vec::new();
        for (i, id) in value.listed() {
            let Some(target) = by_id.get(id) else {
                continue; // not a unit of this side: the core says so
            };
            if target.id() == u.id() {
                continue; // the core says a unit cannot refer to itself
            }
            let problem = |message: String| {
                Problem::new(
                    Some(value.span.clone()),
                    u.place.path.key(&format!("{F_COMMANDS}[{i}]")),
                    message,
                )
                .with_value(format!("\"{id}\""))
            };
            if target.is_commander() {
                out.push(problem(format!(
                    "`{id}` is a commander: a commander commands units, not other commanders"
                )));
                continue;
            }
            if seen.contains(&id) {
                out.push(problem(format!("`{id}` is listed twice")));
                continue;
            }
            seen.push(id);
            if u.is_force_commander() {
                continue;
            }
            match commanded.get(id) {
                Some(first) => out.push(problem(format!(
                    "`{id}` is already commanded by `{first}`: a unit answers to one subordinate commander (the Force Commander may list it too)"
                ))),
                None => {
                    commanded.insert(id, u.id());
                }
            }
        }
    }
}

/// `attached`: a unit of the side that fights (not a commander, not a truck), one commander a
/// unit.
fn attached(units: &[Unit<'_>], by_id: &HashMap<&str, &Unit<'_>>, out: &mut Vec<Problem>) {
    // Each unit with the first commander attached to it.
    let mut with: HashMap<&str, &str> = HashMap::new();
    for u in units.iter().filter(|u| u.is_commander()) {
        let Some(value) = u.place.field(F_ATTACHED) else {
            continue;
        };
        let Some(id) = value.text() else {
            continue; // the core names the wrong type of value
        };
        let Some(target) = by_id.get(id) else {
            continue; // not a unit of this side: the core says so
        };
        if target.id() == u.id() {
            continue; // the core says a unit cannot refer to itself
        }
        let refused = if target.is_commander() {
            Some(format!(
                "`{id}` is a commander: a commander is attached to a unit (two commanders may share an area without it)"
            ))
        } else if target.kind() == TRUCK {
            Some(format!(
                "`{id}` is a truck, which neither shoots nor rallies: a commander is attached to a unit that fights"
            ))
        } else {
            None
        };
        if let Some(message) = refused {
            out.push(value.problem(message));
            continue;
        }
        match with.get(id) {
            Some(first) => out.push(value.problem(format!(
                    "`{first}` is already attached to `{id}`: one commander is attached to a unit"
                ),
            )),
            None => {
                with.insert(id, u.id());
            }
        }
    }
}

/// `embarked`: on a carrier of the side (a truck, or carrier = true), by a unit that is neither
/// a commander (said by [`fields_of_kind`]) nor a carrier; one unit a carrier.
fn embarked(units: &[Unit<'_>], by_id: &HashMap<&str, &Unit<'_>>, out: &mut Vec<Problem>) {
    // Each carrier with the first unit it carries.
    let mut carries: HashMap<&str, &str> = HashMap::new();
    for u in units.iter().filter(|u| !u.is_commander()) {
        let Some(value) = u.place.field(F_EMBARKED) else {
            continue;
        };
        let Some(id) = value.text() else {
            continue; // the core names the wrong type of value
        };
        let Some(carrier) = by_id.get(id) else {
            continue; // not a unit of this side: the core says so
        };
        if carrier.id() == u.id() {
            continue; // the core says a unit cannot refer to itself
        }
        let refused = if u.is_carrier() {
            Some(format!(
                "this unit is a carrier ({}): a carrier is not carried",
                if u.kind() == TRUCK {
                    "a truck"
                } else {
                    "carrier = true"
                }
            ))
        } else if !carrier.is_carrier() {
            Some(format!(
                "{} is not a carrier: a unit is embarked on a truck, or on a unit with carrier = true (a boat, a tank with riders)",
                carrier.named()
            ))
        } else {
            None
        };
        if let Some(message) = refused {
            out.push(value.problem(message));
            continue;
        }
        match carries.get(id) {
            Some(first) => out.push(value.problem(format!(
                    "`{id}` already carries `{first}`: a carrier takes one unit (the stacking limit is one unit an area)"
                ),
            )),
            None => {
                carries.insert(id, u.id());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario;

    /// A Hats of Tin scenario: side "gb" with a company of `gb_units`, side "de" with `de_units`
    /// directly under it. Units are written `id:kind` or `id:kind:key = value:key = value`.
    fn file(gb_units: &[&str], de_units: &[&str]) -> String {
        let units = |header: &str, list: &[&str]| {
            let mut s = String::new();
            for u in list {
                let mut parts = u.split(':');
                let (id, kind) = (parts.next().unwrap(), parts.next().unwrap());
                s += &format!("[[{header}]]\nid = \"{id}\"\nname = \"{id}\"\nkind = \"{kind}\"\n");
                for field in parts {
                    s += field;
                    s += "\n";
                }
            }
            s
        };
        format!(
            "ruleset = \"hats-of-tin\"\ntitle = \"t\"\n\
             [[side]]\nid = \"gb\"\nname = \"B\"\n\
             [[side.formation]]\nid = \"gb-coy\"\nname = \"1\"\nlevel = \"company\"\n{}\
             [[side]]\nid = \"de\"\nname = \"D\"\n{}",
            units("side.formation.unit", gb_units),
            units("side.unit", de_units)
        )
    }

    /// The problems of a scenario, located in the source, in file order: the rule set's, and
    /// any the core finds (none in these scenarios unless a test says so).
    fn problems(source: &str) -> Vec<String> {
        match scenario::parse("f", source) {
            Ok(_) => Vec::new(),
            Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
        }
    }

    const GB_FC: &str = "gb-fc:commander:force = true";
    const DE_FC: &str = "de-fc:commander:force = true";

    /// A side "de" with its Force Commander and one platoon.
    const DE: &[&str] = &[DE_FC, "de-1:infantry"];

    #[test]
    fn a_sound_scenario_with_every_field_has_no_problems() {
        let gb = [
            "gb-fc:commander:force = true:commands = [\"gb-1\", \"gb-2\"]:attached = \"gb-1\"",
            "gb-co:commander:commands = [\"gb-1\", \"gb-3\"]:attached = \"gb-3\"",
            "gb-2c:commander:commands = [\"gb-2\", \"gb-t\"]",
            "gb-1:infantry:quality = \"elite\":radio = true",
            "gb-2:infantry:embarked = \"gb-tr\"",
            "gb-3:mg:superior = true",
            "gb-t:tank:armour = \"medium\":carrier = true:fighting = true",
            "gb-38:tank:armour = \"light\":firer_class = \"medium-gun\"",
            "gb-4:infantry:embarked = \"gb-t\"",
            "gb-tr:truck:carrier = true",
            "gb-b:truck",
        ];
        let de = [
            DE_FC,
            "de-1:infantry:quality = \"militia\"",
            "de-p:mg:armour = \"pillbox\"",
            "de-c:commander:attached = \"de-p\":commands = [\"de-1\"]:radio = true",
        ];
        assert_eq!(problems(&file(&gb, &de)), Vec::<String>::new());
    }

    #[test]
    fn commander_fields_only_on_a_commander() {
        let gb = [
            GB_FC,
            "gb-1:infantry:force = true",
            "gb-2:infantry:commands = [\"gb-1\"]",
            "gb-3:mg:attached = \"gb-1\"",
        ];
        assert_eq!(
            problems(&file(&gb, DE)),
            [
                "f:19:9: side \"gb\" › formation \"gb-coy\" › unit \"gb-1\" › force = true: only a commander can be the Force Commander; this unit is of kind `infantry`",
                "f:24:12: side \"gb\" › formation \"gb-coy\" › unit \"gb-2\" › commands = [\"gb-1\"]: only a commander commands units; this unit is of kind `infantry`",
                "f:29:12: side \"gb\" › formation \"gb-coy\" › unit \"gb-3\" › attached = \"gb-1\": only a commander is attached to a unit (a unit carried by a truck or boat is `embarked`); this unit is of kind `mg`",
            ]
        );
    }

    #[test]
    fn unit_fields_never_on_a_commander() {
        let gb = [
            "gb-fc:commander:force = true:armour = \"light\":superior = true:firer_class = \"heavy-gun\"",
            "gb-c:commander:embarked = \"gb-tr\":carrier = true:fighting = true",
            "gb-tr:truck",
        ];
        let e = problems(&file(&gb, DE));
        assert_eq!(e.len(), 6, "{e:?}");
        for (problem, field) in e.iter().zip([
            "armour = \"light\": a commander has no armour",
            "superior = true: a commander has no superior firepower",
            "firer_class = \"heavy-gun\": a commander has no gun of his own",
            "embarked = \"gb-tr\": a commander is not carried",
            "carrier = true: a commander carries no units",
            "fighting = true: a commander carries no units, so is no fighting carrier",
        ]) {
            assert!(problem.contains(field), "{problem}");
        }
    }

    #[test]
    fn fighting_only_on_a_carrier_and_a_truck_always_carries() {
        let gb = [
            GB_FC,
            "gb-1:infantry:fighting = true",
            "gb-tr:truck:carrier = false:firer_class = \"normal\"",
            "gb-t:tank:carrier = true:fighting = true",
        ];
        let e = problems(&file(&gb, DE));
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(
            e[0].ends_with("fighting = true: `fighting` is said of a carrier: set carrier = true as well, or remove it (this unit, of kind `infantry`, carries nothing)"),
            "{e:?}"
        );
        assert!(
            e[1].ends_with("carrier = false: a truck always carries: remove carrier = false"),
            "{e:?}"
        );
        assert!(
            e[2].ends_with(
                "firer_class = \"normal\": a truck has no weapon, so no firer class: remove it"
            ),
            "{e:?}"
        );
    }

    #[test]
    fn each_side_has_exactly_one_force_commander() {
        // gb: none (a commander without force, one with force = false); de: two.
        let gb = [
            "gb-c:commander",
            "gb-d:commander:force = false",
            "gb-1:infantry",
        ];
        let de = [DE_FC, "de-2:commander:force = true", "de-1:infantry"];
        assert_eq!(
            problems(&file(&gb, &de)),
            [
                "f:4:6: side \"gb\": missing: the side has no Force Commander, who rolls the 1d6 of its orders each turn: give one of its units kind = \"commander\" and force = true",
                "f:35:9: side \"de\" › unit \"de-2\" › force = true: side `de` already has a Force Commander, `de-fc`: a side has one (the other commanders are subordinates, without `force`)",
            ]
        );
    }

    #[test]
    fn a_commander_commands_units_each_under_one_subordinate() {
        let gb = [
            // The Force Commander lists units the subordinates command too: allowed.
            "gb-fc:commander:force = true:commands = [\"gb-1\", \"gb-2\"]",
            "gb-a:commander:commands = [\"gb-1\", \"gb-fc\", \"gb-2\", \"gb-2\"]",
            "gb-b:commander:commands = [\"gb-3\", \"gb-1\"]",
            "gb-1:infantry",
            "gb-2:infantry",
            "gb-3:mg",
        ];
        let e = problems(&file(&gb, DE));
        let key = |unit: &str, i: usize| {
            format!("side \"gb\" › formation \"gb-coy\" › unit \"{unit}\" › commands[{i}]")
        };
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(
            e[0].contains(&format!(
                "{} = \"gb-fc\": `gb-fc` is a commander: a commander commands units, not other commanders",
                key("gb-a", 1)
            )),
            "{e:?}"
        );
        assert!(
            e[1].ends_with(&format!(
                "{} = \"gb-2\": `gb-2` is listed twice",
                key("gb-a", 3)
            )),
            "{e:?}"
        );
        assert!(
            e[2].ends_with(&format!(
                "{} = \"gb-1\": `gb-1` is already commanded by `gb-a`: a unit answers to one subordinate commander (the Force Commander may list it too)",
                key("gb-b", 1)
            )),
            "{e:?}"
        );
    }

    #[test]
    fn a_commander_is_attached_to_a_fighting_unit_one_a_unit() {
        let gb = [
            "gb-fc:commander:force = true:attached = \"gb-1\"",
            "gb-a:commander:attached = \"gb-1\"",
            "gb-b:commander:attached = \"gb-fc\"",
            "gb-c:commander:attached = \"gb-tr\"",
            "gb-1:infantry",
            "gb-tr:truck",
        ];
        let e = problems(&file(&gb, DE));
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(
            e[0].ends_with("unit \"gb-a\" › attached = \"gb-1\": `gb-fc` is already attached to `gb-1`: one commander is attached to a unit"),
            "{e:?}"
        );
        assert!(
            e[1].ends_with("unit \"gb-b\" › attached = \"gb-fc\": `gb-fc` is a commander: a commander is attached to a unit (two commanders may share an area without it)"),
            "{e:?}"
        );
        assert!(
            e[2].ends_with("unit \"gb-c\" › attached = \"gb-tr\": `gb-tr` is a truck, which neither shoots nor rallies: a commander is attached to a unit that fights"),
            "{e:?}"
        );
    }

    #[test]
    fn a_unit_is_embarked_on_a_carrier_one_a_carrier() {
        let gb = [
            GB_FC,
            "gb-tr:truck",
            "gb-b:truck:embarked = \"gb-tr\"",
            "gb-1:infantry:embarked = \"gb-tr\"",
            "gb-2:infantry:embarked = \"gb-tr\"",
            "gb-3:infantry:embarked = \"gb-4\"",
            "gb-4:mg",
            "gb-t:tank:carrier = true:embarked = \"gb-tr\"",
        ];
        let e = problems(&file(&gb, DE));
        assert_eq!(e.len(), 4, "{e:?}");
        assert!(
            e[0].ends_with("unit \"gb-b\" › embarked = \"gb-tr\": this unit is a carrier (a truck): a carrier is not carried"),
            "{e:?}"
        );
        assert!(
            e[1].ends_with("unit \"gb-2\" › embarked = \"gb-tr\": `gb-tr` already carries `gb-1`: a carrier takes one unit (the stacking limit is one unit an area)"),
            "{e:?}"
        );
        assert!(
            e[2].ends_with("unit \"gb-3\" › embarked = \"gb-4\": `gb-4` (mg) is not a carrier: a unit is embarked on a truck, or on a unit with carrier = true (a boat, a tank with riders)"),
            "{e:?}"
        );
        assert!(
            e[3].ends_with("unit \"gb-t\" › embarked = \"gb-tr\": this unit is a carrier (carrier = true): a carrier is not carried"),
            "{e:?}"
        );
    }

    #[test]
    fn references_the_core_refuses_are_not_reported_again() {
        // Another side's units, a unit that does not exist, the unit itself: the core's to say.
        let gb = [
            "gb-fc:commander:force = true:commands = [\"de-1\", \"nobody\", \"gb-fc\"]:attached = \"de-1\"",
            "gb-1:infantry:embarked = \"de-tr\"",
            "gb-tr:truck:carrier = true:embarked = \"gb-tr\"",
        ];
        let de = [DE_FC, "de-1:infantry", "de-tr:truck"];
        let source = file(&gb, &de);
        // Each is said once, by the core: the rule set adds nothing.
        let e = match scenario::parse("f", &source) {
            Ok(_) => panic!("the references are refused"),
            Err(e) => e.0.iter().map(|e| e.message.clone()).collect::<Vec<_>>(),
        };
        assert_eq!(e.len(), 6, "{e:?}");
        let other_side = e.iter().filter(|m| m.starts_with("this is a unit of side"));
        assert_eq!(other_side.count(), 3, "{e:?}");
        let itself = e.iter().filter(|m| *m == "a unit cannot refer to itself");
        assert_eq!(itself.count(), 2, "{e:?}");
        assert!(
            e.iter().any(|m| m.starts_with("no unit has this id")),
            "{e:?}"
        );
    }
}
