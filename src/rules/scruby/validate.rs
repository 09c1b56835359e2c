//! Scruby's own checks of a scenario at load (`umpire check`, and before a battle starts): what a
//! concealment stand may hide, that stands come with the concealment rules, which units the unit
//! fields apply to, and that walls, fortresses and ships (`works`) say how many hits destroy them.
//!
//! The core has already checked the rest: the fields' types and ranges, that each stand's number
//! is unique and that it lists units of its own side. Here a listed unit that does not exist, or
//! a field of the wrong type, is left to the core's message.

use super::defs::Kind;
use crate::declare::Options;
use crate::model::file::KeyPath;
use crate::model::{ConcealedDef, FormationDef, Problem, ScenarioFile, UnitDef};
use std::collections::HashMap;

/// The most infantry regiments one concealment stand hides: a brigade (plus any cannons and
/// cavalry).
pub const MAX_CONCEALED_REGIMENTS: usize = 12;

/// Every problem Scruby's rules find in `file`, with `options` in force.
pub fn validate(file: &ScenarioFile, options: &Options) -> Vec<Problem> {
    let mut out = Vec::new();
    for (index, side) in file.sides.iter().enumerate() {
        let path = KeyPath::default().item("side", Some(side.id.get_ref()), index);
        let mut units = Vec::new();
        side_units(&path, &side.units, &side.formations, &mut units);
        for (unit_path, u) in &units {
            unit_fields(unit_path, u, &mut out);
        }
        let kinds: HashMap<&str, Kind> = (units.iter())
            .filter_map(|(_, u)| Some((u.id.get_ref().as_str(), Kind::parse(u.kind.get_ref())?)))
            .collect();
        if let Some(first) = side.concealed.first()
            && !options.bool("concealment")
        {
            out.push(Problem::new(
                Some(first.span.clone()),
                path.key("concealed"),
                "concealment stands need the concealment rules: set `concealment = true` in [options]",
            ));
        }
        for (i, stand) in side.concealed.iter().enumerate() {
            let stand_path = path.item("concealed", None, i);
            concealed(&stand_path, stand, &kinds, &mut out);
        }
        road_column_hidden(side.concealed.as_slice(), &units, &mut out);
        cross_country_columns(
            side.concealed.as_slice(),
            &side.units,
            &side.formations,
            &path,
            &mut out,
        );
    }
    out
}

/// Only 3 or more regiments stand to stand are a cross-country column: the regiments of one
/// formation (or those directly under the side) that start in cross-country column, leaving out
/// those behind a concealment stand (placed in column when exposed), must be 3 or more.
fn cross_country_columns(
    stands: &[ConcealedDef],
    units: &[UnitDef],
    formations: &[FormationDef],
    path: &KeyPath,
    out: &mut Vec<Problem>,
) {
    let hidden = |u: &UnitDef| {
        stands
            .iter()
            .any(|s| s.units.iter().any(|r| r.get_ref() == u.id.get_ref()))
    };
    let in_column: Vec<(usize, &UnitDef)> = units
        .iter()
        .enumerate()
        .filter(|(_, u)| {
            !hidden(u)
                && u.field("formation")
                    .is_some_and(|v| v.get_ref().as_str() == Some("cross-country"))
                && Kind::parse(u.kind.get_ref()).is_some_and(Kind::is_infantry)
        })
        .collect();
    if let [(i, first), rest @ ..] = in_column.as_slice()
        && rest.len() < 2
        && let Some(v) = first.field("formation")
    {
        let n = in_column.len();
        out.push(
            Problem::new(
                Some(v.span()),
                path.item("unit", Some(first.id.get_ref()), *i).key("formation"),
                format!(
                    "a cross-country column is 3 or more regiments stand to stand, and {} here {} in one: start at least 3 regiments of this formation in cross-country column, or the {} in line",
                    if n == 1 { "only this regiment".to_string() } else { format!("only {n} regiments") },
                    if n == 1 { "starts" } else { "start" },
                    if n == 1 { "regiment" } else { "regiments" },
                ),
            )
            .with_value(v.get_ref().to_string()),
        );
    }
    for (i, f) in formations.iter().enumerate() {
        let f_path = path.item("formation", Some(f.id.get_ref()), i);
        cross_country_columns(stands, &f.units, &f.formations, &f_path, out);
    }
}

/// A concealed column never moves in road column: a regiment behind a stand may not start in it.
fn road_column_hidden(
    stands: &[ConcealedDef],
    units: &[(KeyPath, &UnitDef)],
    out: &mut Vec<Problem>,
) {
    for (path, u) in units {
        let Some(number) = stands
            .iter()
            .find(|s| s.units.iter().any(|r| r.get_ref() == u.id.get_ref()))
            .map(|s| *s.number.get_ref())
        else {
            continue;
        };
        let Some(v) = u.field("formation") else {
            continue;
        };
        if v.get_ref().as_str() == Some("road-column") {
            out.push(
                Problem::new(
                    Some(v.span()),
                    path.key("formation"),
                    format!(
                        "this regiment is concealed behind stand {number}, and a concealed column never moves in road column: give it `cross-country` (or leave it out, for line)"
                    ),
                )
                .with_value(v.get_ref().to_string()),
            );
        }
    }
}

/// The units of a side with their paths, in file order: those directly under it, then those of
/// each formation, depth first.
fn side_units<'a>(
    path: &KeyPath,
    units: &'a [UnitDef],
    formations: &'a [FormationDef],
    out: &mut Vec<(KeyPath, &'a UnitDef)>,
) {
    for (i, u) in units.iter().enumerate() {
        out.push((path.item("unit", Some(u.id.get_ref()), i), u));
    }
    for (i, f) in formations.iter().enumerate() {
        let f_path = path.item("formation", Some(f.id.get_ref()), i);
        side_units(&f_path, &f.units, &f.formations, out);
    }
}

/// `figures` only on regiments and squadrons, and no more than the kind's full tray; `formation`
/// only on infantry regiments; `hits_to_destroy` on works, and only there.
fn unit_fields(path: &KeyPath, u: &UnitDef, out: &mut Vec<Problem>) {
    let Some(kind) = Kind::parse(u.kind.get_ref()) else {
        return; // the core names the unknown kind
    };
    match (u.field("hits_to_destroy"), kind.is_works()) {
        (None, true) => out.push(
            Problem::new(
                Some(u.kind.span()),
                path.key("kind"),
                "walls, a fortress or a ship need `hits_to_destroy`: the artillery hits that destroy them, as the scenario sets (a whole number from 1 to 99)",
            )
            .with_value(format!("\"{}\"", u.kind.get_ref())),
        ),
        (Some(v), false) => out.push(
            Problem::new(
                Some(v.span()),
                path.key("hits_to_destroy"),
                format!(
                    "`hits_to_destroy` applies to walls, fortresses and ships only (kind works), not to a {}",
                    what(kind)
                ),
            )
            .with_value(v.get_ref().to_string()),
        ),
        _ => {}
    }
    if let Some(v) = u.field("figures")
        && let toml::Value::Integer(n) = *v.get_ref()
    {
        let message = match kind.max_figures() {
            None => Some(format!(
                "a {} has no figures to count: `figures` applies to infantry regiments and cavalry squadrons only",
                what(kind)
            )),
            // Beyond any tray the core already says so.
            Some(max) if n > i64::from(max) && n <= 4 => Some(format!(
                "a {} has at most {max} figures (a full tray)",
                what(kind)
            )),
            Some(_) => None,
        };
        if let Some(message) = message {
            out.push(
                Problem::new(Some(v.span()), path.key("figures"), message)
                    .with_value(n.to_string()),
            );
        }
    }
    if let Some(v) = u.field("formation")
        && !kind.is_infantry()
    {
        out.push(
            Problem::new(
                Some(v.span()),
                path.key("formation"),
                format!(
                    "`formation` applies to infantry regiments only (line, light, grenadier), not to a {}",
                    what(kind)
                ),
            )
            .with_value(v.get_ref().to_string()),
        );
    }
}

/// A unit of `kind` in words: "heavy-cavalry squadron", "cannon", "horse artillery".
fn what(kind: Kind) -> String {
    if kind.max_figures().is_some() {
        format!("{} {}", kind.id(), kind.unit_word())
    } else {
        kind.name().to_lowercase()
    }
}

/// What one stand hides: at least one unit, never light cavalry, a headquarters or works, and at most
/// [`MAX_CONCEALED_REGIMENTS`] infantry regiments. `kinds` holds the side's units.
fn concealed(
    path: &KeyPath,
    stand: &ConcealedDef,
    kinds: &HashMap<&str, Kind>,
    out: &mut Vec<Problem>,
) {
    if stand.units.is_empty() {
        out.push(
            Problem::new(
                Some(stand.units_span.clone()),
                path.key("units"),
                "a concealment stand hides at least one regiment, cannon or cavalry squadron: list its units, or remove the stand",
            )
            .with_value("[]"),
        );
    }
    let mut regiments: Vec<&str> = Vec::new();
    let mut too_many = None;
    for (j, r) in stand.units.iter().enumerate() {
        let id = r.get_ref().as_str();
        let Some(&kind) = kinds.get(id) else {
            continue; // not a unit of this side: the core says so
        };
        let message = match kind {
            Kind::LightCavalry => {
                "light cavalry are never concealed: under the concealment rules they scout for the enemy's columns; remove it from this list"
            }
            Kind::Headquarters => {
                "a headquarters cannot be concealed: it is an objective of the game, not a fighting unit; remove it from this list"
            }
            Kind::Works => {
                "walls, a fortress or a ship cannot be concealed: they stand where they are, in plain sight; remove it from this list"
            }
            k if k.is_infantry() && !regiments.contains(&id) => {
                regiments.push(id);
                if regiments.len() == MAX_CONCEALED_REGIMENTS + 1 {
                    too_many = Some((j, r));
                }
                continue;
            }
            _ => continue,
        };
        out.push(
            Problem::new(Some(r.span()), path.key(&format!("units[{j}]")), message)
                .with_value(format!("\"{id}\"")),
        );
    }
    if let Some((j, r)) = too_many {
        let message = format!(
            "a concealment stand hides at most a brigade of {MAX_CONCEALED_REGIMENTS} infantry regiments (plus any cannons and cavalry); this one lists {}, and this is the {}th: hide it and those after it behind another stand",
            regiments.len(),
            MAX_CONCEALED_REGIMENTS + 1
        );
        out.push(
            Problem::new(Some(r.span()), path.key(&format!("units[{j}]")), message)
                .with_value(format!("\"{}\"", r.get_ref())),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario;

    /// A scruby scenario: `options` under [options], then side "au" with `au_units` (unit tables
    /// written as `id:kind` or `id:kind:key=value`) and `au_stands` (each stand's list, numbered
    /// from 1), and side "fr" with a Line regiment.
    fn file(options: &str, au_units: &[&str], au_stands: &[&str]) -> String {
        let mut s = format!(
            "ruleset = \"scruby\"\ntitle = \"t\"\n[options]\n{options}\n[[side]]\nid = \"au\"\nname = \"A\"\n"
        );
        for u in au_units {
            let mut parts = u.split(':');
            let id = parts.next().unwrap();
            let kind = parts.next().unwrap();
            s += &format!("[[side.unit]]\nid = \"{id}\"\nname = \"{id}\"\nkind = \"{kind}\"\n");
            for field in parts {
                s += field;
                s += "\n";
            }
        }
        for (i, units) in au_stands.iter().enumerate() {
            s += &format!(
                "[[side.concealed]]\nnumber = {}\nunits = [{units}]\n",
                i + 1
            );
        }
        s += "[[side]]\nid = \"fr\"\nname = \"F\"\n[[side.unit]]\nid = \"fr-l\"\nname = \"L\"\nkind = \"line\"\n";
        s
    }

    fn errors(source: &str) -> Vec<String> {
        match scenario::parse("f", source) {
            Ok(_) => Vec::new(),
            Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
        }
    }

    const ON: &str = "concealment = true";

    #[test]
    fn a_stand_of_regiments_guns_and_heavy_cavalry_is_accepted() {
        let units = [
            "l:line",
            "lt:light",
            "gr:grenadier",
            "c:cannon",
            "ha:horse-artillery",
            "hc:heavy-cavalry",
            "l2:line",
        ];
        let all = "\"lt\", \"l\", \"c\", \"ha\", \"gr\", \"hc\"";
        assert_eq!(
            errors(&file(ON, &units, &[all, "\"l2\""])),
            Vec::<String>::new()
        );
    }

    #[test]
    fn an_empty_stand_is_refused_at_its_list() {
        let e = errors(&file(ON, &["l:line"], &["\"l\"", ""]));
        assert_eq!(
            e,
            [
                "f:17:9: side \"au\" › concealed[1] › units = []: a concealment stand hides at least one regiment, cannon or cavalry squadron: list its units, or remove the stand"
            ]
        );
    }

    #[test]
    fn a_stand_hides_at_most_twelve_infantry_regiments() {
        let ids: Vec<String> = (1..=14).map(|i| format!("r{i}")).collect();
        let mut units: Vec<String> = ids.iter().map(|id| format!("{id}:line")).collect();
        units.extend(["c1:cannon", "c2:cannon", "hc:heavy-cavalry"].map(String::from));
        let units: Vec<&str> = units.iter().map(String::as_str).collect();
        let list = |n: usize| {
            let mut l: Vec<String> = ids[..n].iter().map(|id| format!("\"{id}\"")).collect();
            l.extend(["\"c1\"", "\"c2\"", "\"hc\""].map(String::from));
            l.join(", ")
        };
        // Twelve, with guns and cavalry besides: a full brigade.
        assert_eq!(
            errors(&file(ON, &units, &[&list(12)])),
            Vec::<String>::new()
        );
        // A regiment listed twice is one regiment here (the core refuses the second listing).
        let twice = format!("{}, \"r1\"", list(12));
        let e = errors(&file(ON, &units, &[&twice]));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].ends_with("listed twice behind this stand"), "{e:?}");
        // Fourteen: one problem, at the thirteenth.
        let e = errors(&file(ON, &units, &[&list(14)]));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].starts_with("f:") && e[0].contains("side \"au\" › concealed[0] › units[12] = \"r13\": a concealment stand hides at most a brigade of 12 infantry regiments (plus any cannons and cavalry); this one lists 14, and this is the 13th"),
            "{e:?}"
        );
    }

    #[test]
    fn light_cavalry_and_headquarters_are_never_concealed() {
        let units = ["l:line", "lc:light-cavalry", "hq:headquarters"];
        let e = errors(&file(ON, &units, &["\"l\", \"lc\", \"hq\""]));
        assert_eq!(
            e,
            [
                "f:22:15: side \"au\" › concealed[0] › units[1] = \"lc\": light cavalry are never concealed: under the concealment rules they scout for the enemy's columns; remove it from this list",
                "f:22:21: side \"au\" › concealed[0] › units[2] = \"hq\": a headquarters cannot be concealed: it is an objective of the game, not a fighting unit; remove it from this list",
            ]
        );
    }

    #[test]
    fn stands_need_the_concealment_rules() {
        let units = ["l:line", "c:cannon"];
        let e = errors(&file("", &units, &["\"l\"", "\"c\""]));
        assert_eq!(
            e,
            [
                "f:16:1: side \"au\" › concealed: concealment stands need the concealment rules: set `concealment = true` in [options]"
            ]
        );
        let e = errors(&file("concealment = false", &units, &["\"l\""]));
        assert_eq!(e.len(), 1, "{e:?}");
        // Without stands, the rules may be off.
        assert_eq!(errors(&file("", &units, &[])), Vec::<String>::new());
    }

    #[test]
    fn figures_fit_the_kind_s_tray() {
        let ok = [
            "l:line:figures = 4",
            "hc:heavy-cavalry:figures = 3",
            "lc:light-cavalry:figures = 1",
        ];
        assert_eq!(errors(&file("", &ok, &[])), Vec::<String>::new());
        let e = errors(&file("", &["hc:heavy-cavalry:figures = 4"], &[]));
        assert_eq!(
            e,
            [
                "f:12:11: side \"au\" › unit \"hc\" › figures = 4: a heavy-cavalry squadron has at most 3 figures (a full tray)"
            ]
        );
        let e = errors(&file("", &["lc:light-cavalry:figures = 4"], &[]));
        assert!(
            e[0].ends_with("a light-cavalry squadron has at most 3 figures (a full tray)"),
            "{e:?}"
        );
        // Beyond any tray: the core's message alone.
        let e = errors(&file("", &["hc:heavy-cavalry:figures = 5"], &[]));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].ends_with("expected a whole number from 1 to +4"),
            "{e:?}"
        );
    }

    #[test]
    fn guns_and_headquarters_have_no_figures() {
        for (kind, name) in [
            ("cannon", "cannon"),
            ("horse-artillery", "horse artillery"),
            ("headquarters", "headquarters"),
        ] {
            let e = errors(&file("", &[&format!("x:{kind}:figures = 1")], &[]));
            assert_eq!(
                e,
                [format!(
                    "f:12:11: side \"au\" › unit \"x\" › figures = 1: a {name} has no figures to count: `figures` applies to infantry regiments and cavalry squadrons only"
                )]
            );
        }
    }

    #[test]
    fn works_need_hits_to_destroy_and_only_works_have_it() {
        let ok = [
            "w:works:hits_to_destroy = 1",
            "s:works:hits_to_destroy = 99",
        ];
        assert_eq!(errors(&file("", &ok, &[])), Vec::<String>::new());
        let e = errors(&file("", &["w:works"], &[]));
        assert_eq!(
            e,
            [
                "f:11:8: side \"au\" › unit \"w\" › kind = \"works\": walls, a fortress or a ship need `hits_to_destroy`: the artillery hits that destroy them, as the scenario sets (a whole number from 1 to 99)"
            ]
        );
        for (kind, name) in [
            ("line", "line regiment"),
            ("heavy-cavalry", "heavy-cavalry squadron"),
            ("cannon", "cannon"),
            ("headquarters", "headquarters"),
        ] {
            let e = errors(&file("", &[&format!("x:{kind}:hits_to_destroy = 3")], &[]));
            assert_eq!(
                e,
                [format!(
                    "f:12:19: side \"au\" › unit \"x\" › hits_to_destroy = 3: `hits_to_destroy` applies to walls, fortresses and ships only (kind works), not to a {name}"
                )]
            );
        }
        // Beyond 1 to 99: the core's message alone.
        let e = errors(&file("", &["w:works:hits_to_destroy = 0"], &[]));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].ends_with("expected a whole number from 1 to +99"),
            "{e:?}"
        );
        // Works have no figures and no formation.
        let e = errors(&file("", &["w:works:hits_to_destroy = 2:figures = 1"], &[]));
        assert!(
            e[0].ends_with("a wall, fortress or ship has no figures to count: `figures` applies to infantry regiments and cavalry squadrons only"),
            "{e:?}"
        );
    }

    #[test]
    fn works_are_never_concealed() {
        let units = ["l:line", "w:works:hits_to_destroy = 3"];
        let e = errors(&file(ON, &units, &["\"l\", \"w\""]));
        assert_eq!(
            e,
            [
                "f:19:15: side \"au\" › concealed[0] › units[1] = \"w\": walls, a fortress or a ship cannot be concealed: they stand where they are, in plain sight; remove it from this list"
            ]
        );
    }

    #[test]
    fn formation_is_for_infantry_regiments_only() {
        let ok = [
            "l:line:formation = \"road-column\"",
            "lt:light:formation = \"line\"",
            "gr:grenadier:formation = \"cross-country\"",
            "l2:line:formation = \"cross-country\"",
            "l3:line:formation = \"cross-country\"",
        ];
        assert_eq!(errors(&file("", &ok, &[])), Vec::<String>::new());
        let e = errors(&file("", &["hc:heavy-cavalry:formation = \"line\""], &[]));
        assert_eq!(
            e,
            [
                "f:12:13: side \"au\" › unit \"hc\" › formation = \"line\": `formation` applies to infantry regiments only (line, light, grenadier), not to a heavy-cavalry squadron"
            ]
        );
        let e = errors(&file("", &["c:cannon:formation = \"line\""], &[]));
        assert!(e[0].ends_with("not to a cannon"), "{e:?}");
    }

    /// Digest: "only a column of 3+ regiments is a cross-country column"; a formation starting
    /// one or two regiments in it is refused at the first, and concealed regiments do not count.
    #[test]
    fn a_cross_country_column_is_three_regiments_or_more() {
        let three = [
            "a:line:formation = \"cross-country\"",
            "b:light:formation = \"cross-country\"",
            "c:grenadier:formation = \"cross-country\"",
        ];
        assert_eq!(errors(&file("", &three, &[])), Vec::<String>::new());
        let e = errors(&file("", &three[..2], &[]));
        assert_eq!(
            e,
            [
                "f:12:13: side \"au\" › unit \"a\" › formation = \"cross-country\": a cross-country column is 3 or more regiments stand to stand, and only 2 regiments here start in one: start at least 3 regiments of this formation in cross-country column, or the regiments in line"
            ]
        );
        let e = errors(&file("", &three[..1], &[]));
        assert!(
            e[0].contains("only this regiment here starts in one"),
            "{e:?}"
        );
        // A concealed regiment is placed in column when exposed: it does not count.
        let e = errors(&file("concealment = true", &three, &["\"c\""]));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("only 2 regiments"), "{e:?}");
    }

    #[test]
    fn units_inside_formations_are_named_by_their_path() {
        let source = file("", &[], &[]).replace(
            "[[side]]\nid = \"fr\"",
            "[[side.formation]]\nid = \"d1\"\nname = \"D\"\nlevel = \"division\"\n\
             [[side.formation.unit]]\nid = \"c\"\nname = \"C\"\nkind = \"cannon\"\nfigures = 2\n\
             [[side]]\nid = \"fr\"",
        );
        let e = errors(&source);
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].contains("side \"au\" › formation \"d1\" › unit \"c\" › figures = 2: "),
            "{e:?}"
        );
    }
}
