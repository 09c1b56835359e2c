//! Newport's checks of a scenario that need its rules: which kinds of stand a field applies to
//! (`gun`, `armour`, `hmg`), no off-table asset as a leader or HQ, and under command method 3 a
//! side with battalions of one HQ each.

use super::defs::ASSET_KINDS;
use super::fire;
use crate::declare::Options;
use crate::model::{Problem, ScenarioFile};

/// The problems of `file` under Newport's rules with `options` in force.
pub fn validate(file: &ScenarioFile, options: &Options) -> Vec<Problem> {
    let mut out = Vec::new();
    for (side, path, u) in file.units() {
        let kind = u.kind.get_ref().as_str();
        let key = |field: &str| format!("unit \"{}\" › {field}", u.id.get_ref());
        // The fields' types and ranges are checked with the rule set's declaration; here, which
        // kinds of unit each applies to.
        for (field, ok, to) in [
            ("gun", fire::has_vehicle_ranges(kind), "vehicles and guns"),
            ("armour", kind == "vehicle", "vehicles"),
        ] {
            if let Some(val) = u.field(field)
                && !ok
            {
                out.push(
                    Problem::new(
                        Some(val.span()),
                        key(field),
                        format!("`{field}` applies to {to} only, not to a {kind}"),
                    )
                    .with_value(val.get_ref().to_string()),
                );
            }
        }
        if let Some(h) = u.field("hmg")
            && h.get_ref().as_bool() == Some(true)
            && !matches!(kind, "infantry" | "weapons" | "vehicle")
        {
            out.push(
                Problem::new(
                    Some(h.span()),
                    key("hmg"),
                    format!("a {kind} cannot be a heavy machine gun"),
                )
                .with_value("true"),
            );
        }
        for (field, value) in [("leader", &u.leader), ("hq", &u.hq)] {
            if let Some(b) = value
                && *b.get_ref()
                && ASSET_KINDS.contains(&kind)
            {
                out.push(
                    Problem::new(
                        Some(b.span()),
                        key(field),
                        format!("an off-table {kind} cannot be a {field}"),
                    )
                    .with_value("true"),
                );
            }
        }
        let _ = (side, path);
    }
    // Method 3 needs battalions, each with at most one HQ.
    for (si, s) in file.sides.iter().enumerate() {
        let m = options.int_for("command_method", Some(s.id.get_ref()));
        let formations: Vec<_> = file
            .formations()
            .into_iter()
            .filter(|(i, _, _)| *i == si)
            .collect();
        let battalions: Vec<_> = formations
            .iter()
            .filter(|(_, _, f)| f.level.as_ref().map(|l| l.get_ref().as_str()) == Some("battalion"))
            .collect();
        if m == 3 && battalions.is_empty() {
            out.push(Problem::new(Some(s.id.span()), format!("side \"{}\"", s.id.get_ref()), "command method 3 gives command points to battalions: give this side at least one formation with level = \"battalion\"").with_value(s.id.get_ref().clone()));
        }
        for (_, _, bn) in battalions {
            let hqs: Vec<_> = file
                .units()
                .into_iter()
                .filter(|(_, path, u)| {
                    path.iter().any(|f| std::ptr::eq(*f, *bn))
                        && (u.kind.get_ref() == "hq" || u.hq.as_ref().is_some_and(|h| *h.get_ref()))
                })
                .collect();
            if hqs.len() > 1 {
                let (_, _, second) = hqs[1];
                out.push(
                    Problem::new(
                        Some(second.id.span()),
                        format!("formation \"{}\"", bn.id.get_ref()),
                        format!(
                            "a battalion has one HQ stand; `{}` is already its HQ",
                            hqs[0].2.id.get_ref()
                        ),
                    )
                    .with_value(second.id.get_ref().clone()),
                );
            }
        }
    }
    out
}
