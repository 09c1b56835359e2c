//! `umpire rulesets [ID] [--json]` — what each rule set offers: its die, options, unit kinds,
//! qualities, formation levels, markers, phases, procedures, published tables and the readings of
//! the rules this program applies (with the option that offers another reading).

use super::output::{self, Failure};
use super::resolve::unknown_ruleset;
use crate::declare::{MarkerKind, OptionDef, OptionKind, Scope};
use crate::rules;
use crate::ruleset::Ruleset;
use clap::{Arg, ArgAction, ArgMatches, Command};
use serde_json::{Value, json};
use std::io::Write;

/// Width of wrapped help text.
const WIDTH: usize = 100;

pub fn command() -> Command {
    Command::new("rulesets")
        .about(
            "List the rule sets: options, units, markers, phases, procedures, tables and decisions",
        )
        .arg(
            Arg::new("id")
                .value_name("ID")
                .help("Show only this rule set"),
        )
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .help("Print as JSON: {\"rulesets\": [...]}, or the one rule set asked for"),
        )
}

pub fn run(m: &ArgMatches, out: &mut dyn Write) -> Result<(), Failure> {
    let json = m.get_flag("json");
    let chosen: Vec<&'static dyn Ruleset> = match m.get_one::<String>("id") {
        Some(id) => vec![find(id)?],
        None => rules::registry().to_vec(),
    };
    if json {
        let value = if m.get_one::<String>("id").is_some() {
            ruleset_json(chosen[0])
        } else {
            json!({
                "rulesets": chosen.iter().map(|r| ruleset_json(*r)).collect::<Vec<_>>(),
            })
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        return Ok(());
    }
    let mut lines = Vec::new();
    for (i, r) in chosen.iter().enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        lines.extend(ruleset_text(*r));
    }
    for line in lines {
        writeln!(out, "{}", crate::text::escape_terminal(&line))?;
    }
    Ok(())
}

fn find(id: &str) -> Result<&'static dyn Ruleset, Failure> {
    rules::get(id).ok_or_else(|| unknown_ruleset(id))
}

/// The values an option accepts, short (`true|false`, `1..3`, `company|battalion`).
fn option_values(o: &OptionDef) -> String {
    match o.kind {
        OptionKind::Bool => "true|false".into(),
        OptionKind::Int { min, max } => format!("{min}..{max}"),
        OptionKind::Choice(c) => c.join("|"),
    }
}

fn marker_kind(k: MarkerKind) -> &'static str {
    match k {
        MarkerKind::Flag => "flag",
        MarkerKind::Count => "count",
        MarkerKind::Turn => "turn",
        MarkerKind::Timer => "timer",
        MarkerKind::Side => "side",
        MarkerKind::Unit { .. } => "unit",
    }
}

fn heading(lines: &mut Vec<String>, title: &str) {
    lines.push(String::new());
    lines.push(title.to_string());
}

fn ruleset_text(r: &dyn Ruleset) -> Vec<String> {
    let mut lines = vec![
        format!("{} — {}", r.id(), r.title()),
        format!("Die: {}", r.die()),
        format!("Example: umpire resolve {}", r.example().join(" ")),
    ];

    heading(
        &mut lines,
        "Options (a scenario's [options]; per-side ones also in [side.options]; --option KEY=VALUE on resolve and odds)",
    );
    let kw = r.options().iter().map(|o| o.key.len()).max().unwrap_or(0);
    let vw = r
        .options()
        .iter()
        .map(|o| option_values(o).chars().count())
        .max()
        .unwrap_or(0);
    for o in r.options() {
        lines.push(format!(
            "  {:<kw$}  {:<vw$}  default {}{}",
            o.key,
            option_values(o),
            o.default,
            if o.per_side { ", per side" } else { "" }
        ));
        lines.extend(output::wrap(o.help, "      ", WIDTH));
    }

    heading(&mut lines, "Unit kinds");
    let w = r.unit_kinds().iter().map(|k| k.id.len()).max().unwrap_or(0);
    for k in r.unit_kinds() {
        lines.push(format!("  {:<w$}  {}", k.id, k.help));
    }
    let fields: Vec<&str> = r.unit_fields().iter().map(|f| f.id).collect();
    let lists = [
        ("Qualities", r.qualities()),
        ("Formation levels", r.formation_levels()),
        ("Unit fields", &fields[..]),
    ];
    if lists.iter().any(|(_, l)| !l.is_empty()) {
        lines.push(String::new());
    }
    for (name, list) in lists.iter().filter(|(_, l)| !l.is_empty()) {
        lines.push(format!("{name}: {}", list.join(", ")));
    }

    heading(&mut lines, "Markers");
    let bw = r.markers().iter().map(|m| m.badge.len()).max().unwrap_or(0);
    let iw = r.markers().iter().map(|m| m.id.len()).max().unwrap_or(0);
    for m in r.markers() {
        lines.push(format!(
            "  {:<bw$}  {:<iw$}  {:<5}  {}",
            m.badge,
            m.id,
            marker_kind(m.kind),
            m.help
        ));
    }

    heading(&mut lines, "Phases of a side's turn");
    for (i, p) in r.phases().iter().enumerate() {
        lines.push(format!(
            "  {}. {} ({}){}",
            i + 1,
            p.name,
            p.id,
            if p.automatic { ", automatic" } else { "" }
        ));
        lines.extend(output::wrap(p.help, "      ", WIDTH));
    }

    heading(&mut lines, "Procedures");
    for a in r.actions() {
        let mut uses = Vec::new();
        if a.standalone {
            uses.push(format!("umpire resolve|odds {} {}", r.id(), a.id));
        }
        if a.in_battle {
            uses.push("in a battle".to_string());
        }
        lines.push(format!("  {}  ({})", a.id, uses.join("; ")));
        lines.extend(output::wrap(a.help, "      ", WIDTH));
    }

    heading(&mut lines, "Tables");
    for (i, t) in r.tables().iter().enumerate() {
        if i > 0 {
            lines.push(String::new());
        }
        lines.push(format!("  {}", t.name));
        lines.extend(output::text_table(&t.columns, &t.rows, "    "));
        for n in &t.notes {
            lines.extend(
                output::wrap(n, "      ", WIDTH)
                    .into_iter()
                    .enumerate()
                    .map(|(j, l)| {
                        if j == 0 {
                            format!("    - {}", l.trim_start())
                        } else {
                            l
                        }
                    }),
            );
        }
    }

    heading(
        &mut lines,
        "Decisions (this program's reading of the rules)",
    );
    for d in r.decisions() {
        lines.push(format!("  {}", d.topic));
        lines.extend(output::wrap(d.text, "      ", WIDTH));
        if let Some(o) = d.option {
            lines.push(format!("      another reading: option `{o}`"));
        }
    }
    lines
}

fn option_json(o: &OptionDef) -> Value {
    let mut v = json!({
        "key": o.key,
        "expected": o.expected(),
        "default": o.default_value(),
        "per_side": o.per_side,
        "help": o.help,
    });
    let (kind, extra) = match o.kind {
        OptionKind::Bool => ("bool", json!({})),
        OptionKind::Int { min, max } => ("int", json!({ "min": min, "max": max })),
        OptionKind::Choice(c) => ("choice", json!({ "choices": c })),
    };
    v["type"] = kind.into();
    if let (Some(obj), Value::Object(extra)) = (v.as_object_mut(), extra) {
        obj.extend(extra);
    }
    v
}

fn ruleset_json(r: &dyn Ruleset) -> Value {
    json!({
        "id": r.id(),
        "title": r.title(),
        "die": r.die().to_string(),
        "options": r.options().iter().map(option_json).collect::<Vec<_>>(),
        "unit_kinds": r.unit_kinds().iter().map(|k| json!({ "id": k.id, "help": k.help })).collect::<Vec<_>>(),
        "qualities": r.qualities(),
        "formation_levels": r.formation_levels(),
        "unit_fields": r.unit_fields().iter().map(|f| json!({ "id": f.id, "help": f.help })).collect::<Vec<_>>(),
        "markers": r.markers().iter().map(|m| json!({
            "id": m.id,
            "badge": m.badge,
            "kind": marker_kind(m.kind),
            "help": m.help,
            // The unit kinds it applies to; empty, every kind.
            "unit_kinds": m.kinds,
        })).collect::<Vec<_>>(),
        "phases": r.phases().iter().map(|p| json!({
            "id": p.id,
            "name": p.name,
            "automatic": p.automatic,
            "help": p.help,
        })).collect::<Vec<_>>(),
        "procedures": r.actions().map(|a| json!({
            "id": a.id,
            "help": a.help,
            "standalone": a.standalone,
            "in_battle": a.in_battle,
            "inputs": a.params.iter().map(|p| json!({
                "name": p.name,
                "hint": p.value_hint(),
                "flag": p.kind == crate::declare::ParamKind::Flag,
                "default": p.default,
                "scope": match p.scope {
                    Scope::Both => "both",
                    Scope::Battle => "battle",
                    Scope::Derived => "derived",
                },
                "help": p.help,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "tables": r.tables().iter().map(|t| json!({
            "name": t.name,
            "columns": t.columns,
            "rows": t.rows,
            "notes": t.notes,
        })).collect::<Vec<_>>(),
        "decisions": r.decisions().iter().map(|d| json!({
            "topic": d.topic,
            "reading": d.text,
            "option": d.option,
        })).collect::<Vec<_>>(),
    })
}
