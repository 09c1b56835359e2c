//! Newport's checks of a scenario that need its rules: which kinds of stand a field applies to
//! (`gun`, `armour`, `hmg`), no off-table asset as a leader or HQ, and under command method 3 a
//! side with battalions of one HQ each.

use super::defs::ASSET_KINDS;
use super::fire;
use crate::declare::Options;
use crate::model::{OrderOfBattle, Problem};

/// The problems of the scenario's order of battle under Newport's rules with `options` in force.
pub fn validate(order: &OrderOfBattle<'_>, options: &Options) -> Vec<Problem> {
    let roster = order.roster;
    let mut out = Vec::new();
    for (u, info) in roster.units.iter().enumerate() {
        let place = order.unit(u);
        let kind = info.kind.as_str();
        let key = |field: &str| format!("unit \"{}\" › {field}", info.id);
        // The fields' types and ranges are checked with the rule set's declaration; here, which
        // kinds of unit each applies to.
        for (field, ok, to) in [
            ("gun", fire::has_vehicle_ranges(kind), "vehicles and guns"),
            ("armour", kind == "vehicle", "vehicles"),
        ] {
            if let Some(val) = place.field(field)
                && !ok
            {
                out.push(
                    Problem::new(
                        Some(val.span.clone()),
                        key(field),
                        format!("`{field}` applies to {to} only, not to a {kind}"),
                    )
                    .with_value(val.written.clone()),
                );
            }
        }
        if let Some(h) = place.field("hmg")
            && h.flag() == Some(true)
            && !matches!(kind, "infantry" | "weapons" | "vehicle")
        {
            out.push(
                Problem::new(
                    Some(h.span.clone()),
                    key("hmg"),
                    format!("a {kind} cannot be a heavy machine gun"),
                )
                .with_value("true"),
            );
        }
        for (field, set, span) in [("leader", info.leader, &place.leader), ("hq", info.hq, &place.hq)]
        {
            if let Some(span) = span
                && set
                && ASSET_KINDS.contains(&kind)
            {
                out.push(
                    Problem::new(
                        Some(span.clone()),
                        key(field),
                        format!("an off-table {kind} cannot be a {field}"),
                    )
                    .with_value("true"),
                );
            }
        }
    }
    // Method 3 needs battalions, each with at most one HQ.
    for (si, s) in roster.sides.iter().enumerate() {
        let m = options.int_for("command_method", Some(s.id.as_str()));
        let battalions: Vec<usize> = (roster.formations.iter().enumerate())
            .filter(|(_, f)| f.side == si && f.level.as_deref() == Some("battalion"))
            .map(|(f, _)| f)
            .collect();
        if m == 3 && battalions.is_empty() {
            out.push(Problem::new(Some(order.side(si).id.clone()), format!("side \"{}\"", s.id), "command method 3 gives command points to battalions: give this side at least one formation with level = \"battalion\"").with_value(s.id.clone()));
        }
        for bn in battalions {
            let hqs: Vec<usize> = (roster.units.iter().enumerate())
                .filter(|&(u, info)| roster.unit_in(u, bn) && (info.kind == "hq" || info.hq))
                .map(|(u, _)| u)
                .collect();
            if let [first, second, ..] = hqs[..] {
                out.push(
                    Problem::new(
                        Some(order.unit(second).id.clone()),
                        format!("formation \"{}\"", roster.formations[bn].id),
                        format!(
                            "a battalion has one HQ stand; `{}` is already its HQ",
                            roster.units[first].id
                        ),
                    )
                    .with_value(roster.units[second].id.clone()),
                );
            }
        }
    }
    out
}
