//! FFT3's own checks of a scenario at load (`umpire check`, and before a battle starts): every
//! stand names a type of the tables in force that fits its kind and belongs to a unit (a company
//! or battalion: a formation); every side has one nationality, its own or the one its stands'
//! types share; infantry rides only halftracks, trucks and Soviet tanks, one stand a carrier; and
//! the rows of `[tables]` hold together (armour or soft, a weapon's numbers together, a
//! nationality that exists).
//!
//! The core has already checked the rest: the fields' types, that `rides` names another unit of
//! the same side, the tables' names, each field's name and type, and that a new row sets every
//! required field (only sound rows reach the data in force). What the core reports is not
//! reported again here: a type or nationality written as a row the core refused is taken as
//! known.

use super::defs::{HALFTRACK, INFANTRY, RIDES, TANK, TRUCK, TYPE};
use super::tables::{self, Armour, Data, StandType};
use crate::declare::Options;
use crate::model::{Field, OrderOfBattle, Problem, UnitInfo, UnitPlace};
use crate::text::{did_you_mean, is_forbidden};
use std::collections::HashMap;

/// The nationality whose tanks may carry infantry.
const SOVIET: &str = "soviet";

/// Every problem FFT3's rules find in the scenario's order of battle and `[tables]`, with
/// `options` in force.
pub fn validate(order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
    let data = Data::from_options(options);
    let written = Written::new(order);
    let mut out = Vec::new();
    data_tables(order, &data, &written, &mut out);
    for side in 0..order.roster.sides.len() {
        side_checks(order, side, &data, &written, &mut out);
    }
    out
}

/// The ids of the rows the scenario writes in `[tables]`, sound or not: a type or nationality
/// the core refused is not called unknown a second time.
struct Written<'a> {
    types: Vec<&'a str>,
    nationalities: Vec<&'a str>,
}

impl<'a> Written<'a> {
    fn new(order: &OrderOfBattle<'a>) -> Self {
        let rows = |table: &str| -> Vec<&'a str> {
            (order.rows().iter())
                .filter(|r| r.table == table)
                .map(|r| r.id)
                .collect()
        };
        let mut types = rows(tables::VEHICLE);
        types.extend(rows(tables::INFANTRY));
        Written {
            types,
            nationalities: rows(tables::NATIONALITY),
        }
    }

    /// `id` is a stand type: of the data in force, or a row the core refused.
    fn is_type(&self, data: &Data, id: &str) -> bool {
        data.stand_type(id).is_some() || self.types.contains(&id)
    }

    /// `id` is a nationality: of the data in force, or a row the core refused.
    fn is_nationality(&self, data: &Data, id: &str) -> bool {
        data.nationality(id).is_some() || self.nationalities.contains(&id)
    }
}

/// "no such nationality …; the nationalities: …" for a nationality that is not one.
fn unknown_nationality(data: &Data, id: &str) -> String {
    let ids = data.nationalities.iter().map(|n| n.id.as_str());
    format!(
        "no such nationality{}; the nationalities: {} (a new one is a row of [tables.nationality])",
        did_you_mean(id, ids.clone()),
        ids.collect::<Vec<_>>().join(", ")
    )
}

// ---- stands and sides ----

/// A stand of a side: the unit, where it is written, and its type when it names one in force.
struct Stand<'o, 'd> {
    info: &'o UnitInfo,
    place: &'o UnitPlace<'o>,
    ty: Option<StandType<'d>>,
}

/// One side: its stands in units, their types, its nationality, its riders.
fn side_checks(
    order: &OrderOfBattle<'_>,
    side: usize,
    data: &Data,
    written: &Written<'_>,
    out: &mut Vec<Problem>,
) {
    let roster = order.roster;
    for &u in roster.side_units(side) {
        let place = order.unit(u);
        out.push(Problem::new(
            Some(place.id.clone()),
            place.path.to_string(),
            "a stand belongs to a unit (a company or battalion): put it in a [[side.formation]]",
        ));
    }
    let stands: Vec<Stand<'_, '_>> = order
        .units_of(side)
        .map(|u| {
            let (info, place) = (&roster.units[u], order.unit(u));
            let ty = stand_type(info, place, data, written, out);
            Stand { info, place, ty }
        })
        .collect();
    let nationality = side_nationality(order, side, &stands, data, written, out);
    riders(&stands, nationality.as_deref(), data, out);
}

/// The types a stand of `kind` may have, in words: "a tank's types: panther, t-34, sherman".
fn types_for(kind: &str, data: &Data) -> String {
    let (what, ids): (&str, Vec<&str>) = match kind {
        INFANTRY => (
            "an infantry stand's types",
            data.infantry.iter().map(|i| i.id.as_str()).collect(),
        ),
        TANK | HALFTRACK | TRUCK => (
            match kind {
                TANK => "a tank's types",
                HALFTRACK => "a halftrack's types",
                _ => "a truck's types",
            },
            (data.vehicles.iter())
                .filter(|v| v.class.id() == kind)
                .map(|v| v.id.as_str())
                .collect(),
        ),
        _ => ("the types", data.type_ids().collect()),
    };
    format!("{what}: {}", ids.join(", "))
}

/// The stand's type: set, a row of the vehicle or infantry table in force, and of the stand's
/// kind. None when it names none in force (said here, or by the core).
fn stand_type<'d>(
    info: &UnitInfo,
    place: &UnitPlace<'_>,
    data: &'d Data,
    written: &Written<'_>,
    out: &mut Vec<Problem>,
) -> Option<StandType<'d>> {
    let kind = info.kind.as_str();
    let Some(value) = place.field(TYPE) else {
        out.push(Problem::new(
            Some(place.id.clone()),
            place.path.key(TYPE),
            format!(
                "missing: every stand names its type, a row of the vehicle or infantry table ({})",
                types_for(kind, data)
            ),
        ));
        return None;
    };
    let Some(id) = value.text() else {
        return None; // the core names the wrong type of value
    };
    let Some(ty) = data.stand_type(id) else {
        if !written.is_type(data, id) {
            out.push(value.problem(format!(
                "no such type in the vehicle or infantry table{}; {} (a new one is a row of [tables.vehicle] or [tables.infantry])",
                did_you_mean(id, data.type_ids()),
                types_for(kind, data)
            )));
        }
        return None;
    };
    let wrong = match (kind, ty) {
        (INFANTRY, StandType::Vehicle(v)) => Some(format!("a {}", v.class.id())),
        (TANK | HALFTRACK | TRUCK, StandType::Infantry(_)) => Some("an infantry type".to_string()),
        (TANK | HALFTRACK | TRUCK, StandType::Vehicle(v)) if v.class.id() != kind => {
            Some(format!("a {}", v.class.id()))
        }
        _ => None, // fits, or a kind the core refuses
    };
    if let Some(is) = wrong {
        out.push(value.problem(format!(
            "type `{id}` is {is}, but kind is `{kind}`; {}",
            types_for(kind, data)
        )));
    }
    Some(ty)
}

/// The side's nationality: its own, which must be a row of the nationality table, or, when it
/// sets none, the one every stand's type has. None when there is none to be had (said here).
fn side_nationality(
    order: &OrderOfBattle<'_>,
    side: usize,
    stands: &[Stand<'_, '_>],
    data: &Data,
    written: &Written<'_>,
    out: &mut Vec<Problem>,
) -> Option<String> {
    let place = order.side(side);
    let path = &place.path;
    if let Some(n) = &order.roster.sides[side].nationality {
        if !written.is_nationality(data, n) {
            out.push(
                Problem::new(
                    place.nationality.clone(),
                    path.key("nationality"),
                    unknown_nationality(data, n),
                )
                .with_value(format!("\"{n}\"")),
            );
        }
        return Some(n.clone());
    }
    let ids = data.nationalities.iter().map(|n| n.id.as_str());
    let choices = ids.collect::<Vec<_>>().join(", ");
    let typed: Vec<(&Stand<'_, '_>, StandType<'_>)> =
        stands.iter().filter_map(|s| Some((s, s.ty?))).collect();
    if let Some((s, t)) = typed.iter().find(|(_, t)| t.nationality().is_none()) {
        out.push(Problem::new(
            Some(place.id.clone()),
            path.key("nationality"),
            format!(
                "missing: the side has no nationality, and the type of unit \"{}\" ({}) has none of its own: set the side's nationality ({choices})",
                s.info.id,
                t.id()
            ),
        ));
        return None;
    }
    // Each nationality with the first type that has it, in file order.
    let mut found: Vec<(&str, &str)> = Vec::new();
    for (_, t) in &typed {
        if let Some(n) = t.nationality()
            && !found.iter().any(|(m, _)| *m == n)
        {
            found.push((n, t.id()));
        }
    }
    match found.as_slice() {
        [] => None,
        [(one, _)] => Some(one.to_string()),
        several => {
            let listed: Vec<String> = several.iter().map(|(n, t)| format!("{n} ({t})")).collect();
            out.push(Problem::new(
                Some(place.id.clone()),
                path.key("nationality"),
                format!(
                    "missing: the side has no nationality, and its stands' types are of several: {}; set the side's nationality ({choices})",
                    listed.join(", ")
                ),
            ));
            None
        }
    }
}

/// `rides`: only on infantry, on a halftrack, a truck or a Soviet tank of the side, one stand a
/// carrier. `nationality` is the side's.
fn riders(
    stands: &[Stand<'_, '_>],
    nationality: Option<&str>,
    data: &Data,
    out: &mut Vec<Problem>,
) {
    let by_id: HashMap<&str, &Stand<'_, '_>> =
        stands.iter().map(|s| (s.info.id.as_str(), s)).collect();
    // Each carrier with its first rider.
    let mut carried: HashMap<&str, &str> = HashMap::new();
    for s in stands {
        let Some(value) = s.place.field(RIDES) else {
            continue;
        };
        let Some(carrier_id) = value.text() else {
            continue; // the core names the wrong type of value
        };
        let kind = s.info.kind.as_str();
        if kind != INFANTRY {
            if [TANK, HALFTRACK, TRUCK].contains(&kind) {
                out.push(value.problem(format!(
                    "only an infantry stand rides a carrier; this stand is a {kind}"
                )));
            }
            continue;
        }
        let Some(carrier) = by_id.get(carrier_id) else {
            continue; // not a unit of this side: the core says so
        };
        if carrier.info.id == s.info.id {
            continue; // the core says a unit cannot refer to itself
        }
        let carrier_kind = carrier.info.kind.as_str();
        let refused = match carrier_kind {
            HALFTRACK | TRUCK => None,
            TANK => {
                // The side's nationality, else (a side without one) the tank type's.
                match nationality.or_else(|| carrier.ty.and_then(|t| t.nationality())) {
                    Some(SOVIET) => None,
                    Some(n) => Some(format!(
                        "a {} tank",
                        data.nationality(n).map_or(n, |n| n.name.as_str())
                    )),
                    None => Some("a tank of no nationality".to_string()),
                }
            }
            INFANTRY => Some("an infantry stand".to_string()),
            _ => continue, // a kind the core refuses
        };
        if let Some(is) = refused {
            out.push(value.problem(format!(
                "only halftracks, trucks and Soviet tanks carry infantry: `{carrier_id}` is {is}"
            )));
            continue;
        }
        match carried.get(carrier_id) {
            Some(first) => out.push(value.problem(format!(
                "`{carrier_id}` already carries `{first}`: a halftrack, truck or Soviet tank carries one infantry stand"
            ))),
            None => {
                carried.insert(carrier_id, &s.info.id);
            }
        }
    }
}

// ---- [tables] ----

/// The rows of `[tables]` taken whole: what the core could not check field by field.
fn data_tables(
    order: &OrderOfBattle<'_>,
    data: &Data,
    written: &Written<'_>,
    out: &mut Vec<Problem>,
) {
    let shipped = Data::default();
    for row in order.rows() {
        let table = row.table;
        if ![tables::VEHICLE, tables::INFANTRY].contains(&table) {
            continue; // the nationality table has nothing to cross-check; others the core refuses
        }
        if !usable_id(row.id) {
            continue; // the core refuses the id and reads nothing of the row
        }
        let (name, fields) = (row.id, row.fields.as_slice());
        let mut problems = Vec::new();
        if table == tables::VEHICLE {
            let base = shipped.vehicles.iter().find(|v| v.id == name);
            let with = |armed: fn(&tables::VehicleType) -> bool| Base {
                shipped: base.is_some(),
                armed: base.is_some_and(armed),
            };
            vehicle_armour(name, fields, base, &mut problems);
            gun_numbers(name, fields, with(|b| b.gun.is_some()), &mut problems);
            let at = with(|b| b.at_ammo.is_some());
            weapon_numbers(name, fields, "at_", "special AT ammo", at, &mut problems);
            let missile = with(|b| b.missile.is_some());
            weapon_numbers(
                name,
                fields,
                "missile_",
                "a missile",
                missile,
                &mut problems,
            );
        } else {
            let base = shipped.infantry.iter().find(|i| i.id == name);
            let with = |armed: fn(&tables::InfantryType) -> bool| Base {
                shipped: base.is_some(),
                armed: base.is_some_and(armed),
            };
            let law = with(|b| b.law.is_some());
            weapon_numbers(name, fields, "law_", "a LAW", law, &mut problems);
            let missile = with(|b| b.missile.is_some());
            weapon_numbers(
                name,
                fields,
                "missile_",
                "a missile",
                missile,
                &mut problems,
            );
        }
        for message in problems {
            out.push(
                Problem::new(Some(row.span.clone()), row.key.clone(), message)
                    .with_value(format!("\"{name}\"")),
            );
        }
        if let Some(value) = row.field("nationality")
            && let Some(n) = value.text()
            && !written.is_nationality(data, n)
        {
            out.push(value.problem(unknown_nationality(data, n)));
        }
    }
}

/// An id the core reads a row under (it refuses an empty one, spaces, hidden characters).
fn usable_id(id: &str) -> bool {
    !id.is_empty() && !id.chars().any(|c| c.is_whitespace() || is_forbidden(c))
}

fn has(fields: &[Field<'_>], key: &str) -> bool {
    fields.iter().any(|f| f.name == key)
}

/// A vehicle is soft (`soft = true`, armour S) or has both armour_front and armour_flank, after
/// the row's change to the shipped type `base` if there is one; never both.
fn vehicle_armour(
    row: &str,
    fields: &[Field<'_>],
    base: Option<&tables::VehicleType>,
    out: &mut Vec<String>,
) {
    let soft_set = match fields.iter().find(|f| f.name == "soft") {
        None => None,
        Some(f) => match f.flag() {
            Some(b) => Some(b),
            None => return, // the core names the wrong type of value
        },
    };
    let base_soft = base.map(|b| b.armour == Armour::Soft);
    let soft = soft_set.or(base_soft).unwrap_or(false);
    let front = has(fields, "armour_front");
    let flank = has(fields, "armour_flank");
    if soft && (front || flank) {
        out.push(if soft_set == Some(true) {
            "a vehicle is soft (soft = true, armour S) or has armour_front and armour_flank, not both: remove one or the other".to_string()
        } else {
            format!(
                "{row} is soft (armour S) as shipped: to give it armour_front and armour_flank, set soft = false as well"
            )
        });
        return;
    }
    if soft {
        return;
    }
    // Not soft: both plates, from the row or the shipped type.
    let base_plates = base.is_some_and(|b| matches!(b.armour, Armour::Plates { .. }));
    let missing: Vec<&str> = [("armour_front", front), ("armour_flank", flank)]
        .into_iter()
        .filter(|(_, set)| !set && !base_plates)
        .map(|(k, _)| k)
        .collect();
    if missing.is_empty() {
        return;
    }
    out.push(if base_soft == Some(true) {
        format!(
            "{row} is soft (armour S) as shipped: with soft = false it needs armour_front and armour_flank; this row has no {}",
            and_list(&missing)
        )
    } else {
        format!(
            "a vehicle has armour_front and armour_flank, or soft = true (armour S, like the truck); this row has no {}",
            and_list(&missing)
        )
    });
}

/// Whether a row changes a shipped type, and whether that type has the weapon the row may set.
#[derive(Clone, Copy)]
struct Base {
    shipped: bool,
    armed: bool,
}

impl Base {
    /// "sherman has no special AT ammo as shipped: " for a shipped type without the weapon.
    fn lacks(self, row: &str, weapon: &str) -> String {
        if self.shipped {
            format!("{row} has no {weapon} as shipped: ")
        } else {
            String::new()
        }
    }
}

/// The gun: `rof` and `range` together, and `pen` only with them (a gun without `pen` makes
/// anti-infantry attacks only), unless the shipped type has a gun whose numbers the row changes.
fn gun_numbers(row: &str, fields: &[Field<'_>], base: Base, out: &mut Vec<String>) {
    if base.armed {
        return;
    }
    let set: Vec<&str> = ["pen", "rof", "range"]
        .into_iter()
        .filter(|k| has(fields, k))
        .collect();
    let missing: Vec<&str> = ["rof", "range"]
        .into_iter()
        .filter(|k| !has(fields, k))
        .collect();
    if set.is_empty() || missing.is_empty() {
        return;
    }
    out.push(format!(
        "{}a gun's rof and range go together (and pen, for anti-vehicle fire, goes with them); this row sets {} but not {}",
        base.lacks(row, "gun"),
        and_list(&set),
        and_list(&missing)
    ));
}

/// A weapon's three numbers (`prefix` pen, rof, range) all or none, unless the shipped type has
/// the weapon and the row changes some of its numbers.
fn weapon_numbers(
    row: &str,
    fields: &[Field<'_>],
    prefix: &str,
    weapon: &str,
    base: Base,
    out: &mut Vec<String>,
) {
    if base.armed {
        return;
    }
    let keys = ["pen", "rof", "range"].map(|k| format!("{prefix}{k}"));
    let (set, missing): (Vec<&String>, Vec<&String>) = keys.iter().partition(|k| has(fields, k));
    if set.is_empty() || missing.is_empty() {
        return;
    }
    let words = |ks: &[&String]| and_list(&ks.iter().map(|k| k.as_str()).collect::<Vec<_>>());
    out.push(format!(
        "{}{weapon} needs {} together, or none of them; this row sets {} but not {}",
        base.lacks(row, weapon.trim_start_matches("a ")),
        words(&keys.iter().collect::<Vec<_>>()),
        words(&set),
        words(&missing)
    ));
}

/// "a", "a and b", "a, b and c".
fn and_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario;

    /// An FFT3 scenario: `tables` first, then side "de" (nationality `de_nat`, none if empty)
    /// with one company of `de_units`, and side "su" (Soviet) with one battalion of `su_units`.
    /// Units are written `id:kind:type` or `id:kind:type:key=value`.
    fn file(tables: &str, de_nat: &str, de_units: &[&str], su_units: &[&str]) -> String {
        let units = |list: &[&str]| {
            let mut s = String::new();
            for u in list {
                let mut parts = u.split(':');
                let (id, kind, ty) = (parts.next(), parts.next(), parts.next());
                let (id, kind, ty) = (id.unwrap(), kind.unwrap(), ty.unwrap());
                s += &format!(
                    "[[side.formation.unit]]\nid = \"{id}\"\nname = \"{id}\"\nkind = \"{kind}\"\ntype = \"{ty}\"\n"
                );
                for field in parts {
                    s += field;
                    s += "\n";
                }
            }
            s
        };
        let nat = if de_nat.is_empty() {
            String::new()
        } else {
            format!("nationality = \"{de_nat}\"\n")
        };
        format!(
            "ruleset = \"fft3\"\ntitle = \"t\"\n{tables}\n\
             [[side]]\nid = \"de\"\nname = \"D\"\n{nat}\
             [[side.formation]]\nid = \"de-1\"\nname = \"1\"\nlevel = \"company\"\n{}\
             [[side]]\nid = \"su\"\nname = \"S\"\nnationality = \"soviet\"\n\
             [[side.formation]]\nid = \"su-1\"\nname = \"1\"\nlevel = \"battalion\"\n{}",
            units(de_units),
            units(su_units)
        )
    }

    fn errors(source: &str) -> Vec<String> {
        match scenario::parse("f", source) {
            Ok(_) => Vec::new(),
            Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
        }
    }

    /// The Soviet side's tank (the de side's units have other ids).
    const T34: &str = "su-t:tank:t-34";

    #[test]
    fn every_kind_with_its_riders_is_accepted() {
        let de = [
            "p:tank:panther",
            "h:halftrack:halftrack",
            "k:truck:truck",
            "i1:infantry:german-infantry:rides = \"h\"",
            "i2:infantry:german-infantry:rides = \"k\"",
            "i3:infantry:german-infantry",
        ];
        let su = [T34, "su-r:infantry:soviet-infantry:rides = \"su-t\""];
        assert_eq!(errors(&file("", "german", &de, &su)), Vec::<String>::new());
    }

    #[test]
    fn a_side_without_nationality_takes_its_types_and_their_tanks_carry_by_it() {
        // Soviet by its types: a T-34 carries.
        let su_like = ["t:tank:t-34", "r:infantry:soviet-infantry:rides = \"t\""];
        assert_eq!(
            errors(&file("", "", &su_like, &[T34])),
            Vec::<String>::new()
        );
        // German by its types: a Panther does not.
        let de = ["p:tank:panther", "i:infantry:german-infantry:rides = \"p\""];
        let e = errors(&file("", "", &de, &[T34]));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].ends_with("`p` is a German tank"), "{e:?}");
        // A Soviet side's Sherman (lend-lease) carries: the side's nationality counts.
        let shermans = [
            "su-s:tank:sherman",
            "su-r:infantry:soviet-infantry:rides = \"su-s\"",
        ];
        assert_eq!(
            errors(&file("", "german", &["p:tank:panther"], &shermans)),
            Vec::<String>::new()
        );
    }

    #[test]
    fn shipped_rows_keep_what_they_do_not_change() {
        // A Panther's AT ammo penetration alone; the truck armoured with soft = false; a Sherman
        // made soft; a halftrack with a gun penetration (its gun has rof and range).
        let tables = "[tables.vehicle.panther]\nat_pen = 10\n\
                      [tables.vehicle.truck]\nsoft = false\narmour_front = 1\narmour_flank = 0\n\
                      [tables.vehicle.sherman]\nsoft = true\n\
                      [tables.vehicle.halftrack]\npen = 2\n\
                      [tables.infantry.german-infantry]\nlaw_range = 3\n";
        assert_eq!(
            errors(&file(tables, "german", &["p:tank:panther"], &[T34])),
            Vec::<String>::new()
        );
        // The truck with soft = false and one plate.
        let e = errors(&file(
            "[tables.vehicle.truck]\nsoft = false\narmour_front = 1\n",
            "german",
            &["p:tank:panther"],
            &[T34],
        ));
        assert_eq!(
            e,
            [
                "f:3:17: tables.vehicle.truck = \"truck\": truck is soft (armour S) as shipped: with soft = false it needs armour_front and armour_flank; this row has no armour_flank"
            ]
        );
    }

    #[test]
    fn a_new_row_refused_by_the_core_is_not_called_unknown_again() {
        // The British row lacks its quality: the core says so; the side naming it is not told
        // the nationality does not exist.
        let tables = "[tables.nationality.british]\nname = \"British\"\n";
        let e = errors(&file(tables, "british", &["p:tank:panther"], &[T34]));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("must set quality"), "{e:?}");
    }

    #[test]
    fn several_stands_and_several_problems() {
        let de = [
            "p:tank:panter",
            "h:halftrack:truck",
            "i:infantry:german-infantry:rides = \"x\"",
        ];
        let e = errors(&file("", "german", &de, &[T34]));
        // The misspelt type, the truck as a halftrack, and the core's dangling `rides`.
        assert_eq!(e.len(), 3, "{e:?}");
        assert!(e[0].contains("(did you mean `panther`?)"), "{e:?}");
        assert!(
            e[1].contains("type `truck` is a truck, but kind is `halftrack`"),
            "{e:?}"
        );
        assert!(e[2].contains("no unit has this id"), "{e:?}");
    }
}
