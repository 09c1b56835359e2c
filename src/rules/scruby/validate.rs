//! Scruby's own checks of a scenario at load (`umpire check`, and before a battle starts): what a
//! concealment stand may hide, that stands come with the concealment rules, which units the unit
//! fields apply to, and that walls, fortresses and ships (`works`) say how many hits destroy them.
//!
//! The core has already checked the rest: the fields' types and ranges, that each stand's number
//! is unique and that it lists units of its own side. Here a listed unit that does not exist, or
//! a field of the wrong type, is left to the core's message.

use super::defs::Kind;
use crate::declare::Options;
use crate::model::{OrderOfBattle, Problem, Stand};
use std::collections::HashMap;

/// The most infantry regiments one concealment stand hides: a brigade (plus any cannons and
/// cavalry).
pub const MAX_CONCEALED_REGIMENTS: usize = 12;

/// Every problem Scruby's rules find in the scenario's order of battle, with `options` in force.
pub fn validate(order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
    let roster = order.roster;
    let mut out = Vec::new();
    for side in 0..roster.sides.len() {
        let path = &order.side(side).path;
        let units: Vec<usize> = order.units_of(side).collect();
        for &u in &units {
            unit_fields(order, u, &mut out);
        }
        let kinds: HashMap<&str, Kind> = (units.iter().map(|&u| &roster.units[u]))
            .filter_map(|u| Some((u.id.as_str(), Kind::parse(&u.kind)?)))
            .collect();
        let stands: Vec<&Stand<'_>> = order.stands_of(side).collect();
        if let Some(first) = stands.first()
            && !options.bool("concealment")
        {
            out.push(Problem::new(
                Some(first.span.clone()),
                path.key("concealed"),
                "concealment stands need the concealment rules: set `concealment = true` in [options]",
            ));
        }
        for stand in &stands {
            concealed(stand, &kinds, &mut out);
        }
        road_column_hidden(order, &stands, &units, &mut out);
        cross_country_columns(order, side, &stands, &mut out);
    }
    out
}

/// True when a stand of `stands` lists the unit `id`.
fn hidden(stands: &[&Stand<'_>], id: &str) -> bool {
    stands.iter().any(|s| s.units.iter().any(|r| r.id == id))
}

/// Only 3 or more regiments stand to stand are a cross-country column: the regiments of one
/// formation (or those directly under the side) that start in cross-country column, leaving out
/// those behind a concealment stand (placed in column when exposed), must be 3 or more.
fn cross_country_columns(
    order: &OrderOfBattle<'_>,
    side: usize,
    stands: &[&Stand<'_>],
    out: &mut Vec<Problem>,
) {
    let roster = order.roster;
    // Those directly under the side, then each formation's own, formations in file order.
    let formations = (roster.formations.iter().enumerate())
        .filter(|(_, f)| f.side == side)
        .map(|(f, _)| roster.formation_units(f));
    for units in std::iter::once(roster.side_units(side)).chain(formations) {
        let in_column: Vec<usize> = (units.iter().copied())
            .filter(|&u| {
                let info = &roster.units[u];
                !hidden(stands, &info.id)
                    && order.unit(u).field("formation").and_then(|v| v.text())
                        == Some("cross-country")
                    && Kind::parse(&info.kind).is_some_and(Kind::is_infantry)
            })
            .collect();
        if let [first, rest @ ..] = in_column.as_slice()
            && rest.len() < 2
            && let Some(v) = order.unit(*first).field("formation")
        {
            let n = in_column.len();
            out.push(v.problem(format!(
                "a cross-country column is 3 or more regiments stand to stand, and {} here {} in one: start at least 3 regiments of this formation in cross-country column, or the {} in line",
                if n == 1 { "only this regiment".to_string() } else { format!("only {n} regiments") },
                if n == 1 { "starts" } else { "start" },
                if n == 1 { "regiment" } else { "regiments" },
            )));
        }
    }
}

/// A concealed column never moves in road column: a regiment behind a stand may not start in it.
fn road_column_hidden(
    order: &OrderOfBattle<'_>,
    stands: &[&Stand<'_>],
    units: &[usize],
    out: &mut Vec<Problem>,
) {
    for &u in units {
        let id = order.roster.units[u].id.as_str();
        let Some(number) = stands
            .iter()
            .find(|s| s.units.iter().any(|r| r.id == id))
            .map(|s| s.number)
        else {
            continue;
        };
        let Some(v) = order.unit(u).field("formation") else {
            continue;
        };
        if v.text() == Some("road-column") {
            out.push(v.problem(format!(
                "this regiment is concealed behind stand {number}, and a concealed column never moves in road column: give it `cross-country` (or leave it out, for line)"
            )));
        }
    }
}

/// `figures` only on regiments and squadrons, and no more than the kind's full tray; `formation`
/// only on infantry regiments; `hits_to_destroy` on works, and only there.
fn unit_fields(order: &OrderOfBattle<'_>, u: usize, out: &mut Vec<Problem>) {
    let info = &order.roster.units[u];
    let place = order.unit(u);
    let Some(kind) = Kind::parse(&info.kind) else {
        return; // the core names the unknown kind
    };
    match (place.field("hits_to_destroy"), kind.is_works()) {
        (None, true) => out.push(
            Problem::new(
                Some(place.kind.clone()),
                place.path.key("kind"),
                "walls, a fortress or a ship need `hits_to_destroy`: the artillery hits that destroy them, as the scenario sets (a whole number from 1 to 99)",
            )
            .with_value(format!("\"{}\"", info.kind)),
        ),
        (Some(v), false) => out.push(v.problem(format!(
            "`hits_to_destroy` applies to walls, fortresses and ships only (kind works), not to a {}",
            what(kind)
        ))),
        _ => {}
    }
    if let Some(v) = place.field("figures")
        && let Some(n) = v.int()
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
                Problem::new(Some(v.span.clone()), v.key.clone(), message)
                    .with_value(n.to_string()),
            );
        }
    }
    if let Some(v) = place.field("formation")
        && !kind.is_infantry()
    {
        out.push(v.problem(format!(
            "`formation` applies to infantry regiments only (line, light, grenadier), not to a {}",
            what(kind)
        )));
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
fn concealed(stand: &Stand<'_>, kinds: &HashMap<&str, Kind>, out: &mut Vec<Problem>) {
    let path = &stand.path;
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
        let id = r.id;
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
            Problem::new(Some(r.span.clone()), path.key(&format!("units[{j}]")), message)
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
            Problem::new(Some(r.span.clone()), path.key(&format!("units[{j}]")), message)
                .with_value(format!("\"{}\"", r.id)),
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
