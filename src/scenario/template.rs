//! A new scenario written from the organisations a rule set's text describes
//! ([`OrganisationDef`]), one a side: what `umpire scenario new` prints. The file is complete and
//! commented — every option of the rule set at its default, each kind, level and field the first
//! time it is used, with the declaration's own words — and is read back through the scenario's
//! validation before it is given out, so that `umpire check` accepts it unchanged.
//!
//! Nothing here knows a rule set: the organisations, their options and their units are the
//! declaration's.

use crate::declare::{Column, FieldKind, Force, Group, Member, OrganisationDef, Value};
use crate::ruleset::Ruleset;
use crate::text::{MAX_ID_CHARS, did_you_mean, id_problem};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Width of the file's comments.
const WIDTH: usize = 100;
/// The longest title the scenario's validation takes, in characters.
const MAX_TITLE_CHARS: usize = 80;
/// The sides' ids when both sides' organisations suggest the same one.
const SAME_ORGANISATION_SIDES: [&str; 2] = ["blue", "red"];

/// What to write: the rule set, the organisation of each side and, if the umpire names them, the
/// sides' ids.
#[derive(Clone, Copy)]
pub struct Request<'a> {
    pub ruleset: &'static dyn Ruleset,
    pub organisations: [&'static OrganisationDef; 2],
    pub sides: Option<[&'a str; 2]>,
}

/// The organisation `id` of `ruleset`, or why there is none (with the nearest id and the list).
pub fn organisation(
    ruleset: &'static dyn Ruleset,
    id: &str,
) -> Result<&'static OrganisationDef, String> {
    let all = ruleset.declaration().organisations;
    all.iter().find(|o| o.id == id).ok_or_else(|| {
        let ids = all.iter().map(|o| o.id);
        format!(
            "{} has no organisation `{id}`{}; its organisations: {}",
            ruleset.id(),
            did_you_mean(id, ids.clone()),
            ids.collect::<Vec<_>>().join(", ")
        )
    })
}

/// The organisations of the two sides from the ids asked for: two give one each, the first
/// side's and the second's; one gives it to the first side and its usual opponent
/// ([`OrganisationDef::against`]) to the second; none does the same with the rule set's first.
pub fn organisations(
    ruleset: &'static dyn Ruleset,
    ids: &[&str],
) -> Result<[&'static OrganisationDef; 2], String> {
    let first = match ids {
        [] => match ruleset.declaration().organisations.first() {
            Some(first) => first,
            None => {
                return Err(format!(
                    "{} declares no organisations to write a scenario from",
                    ruleset.id()
                ));
            }
        },
        [one] => organisation(ruleset, one)?,
        [a, b] => return Ok([organisation(ruleset, a)?, organisation(ruleset, b)?]),
        more => {
            return Err(format!(
                "{} organisations given; a battle has two sides: give one (its usual opponent \
                 faces it) or two (the first side's, then the second's)",
                more.len()
            ));
        }
    };
    let second = match first.against {
        Some(id) => organisation(ruleset, id)?,
        None => first,
    };
    Ok([first, second])
}

/// Why no scenario was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// What was asked for cannot be written: sides' ids that are not ids, or organisations
    /// written for different battles.
    #[error("{0}")]
    Asked(String),
    /// What was written is not a valid scenario: a fault in a rule set's organisations.
    #[error("{0}")]
    Invalid(String),
}

/// The new scenario's text, read back through the scenario's validation.
pub fn write(request: &Request<'_>) -> Result<String, WriteError> {
    let text = Writer::new(request).map_err(WriteError::Asked)?.scenario();
    match super::parse("the new scenario", &text) {
        Ok(_) => Ok(text),
        Err(errors) => Err(WriteError::Invalid(format!(
            "the organisations of {} do not make a valid scenario (a fault of this program):\n{errors}",
            request.ruleset.id()
        ))),
    }
}

/// One side to write: its id, its name and its organisation.
struct Side {
    id: String,
    name: String,
    org: &'static OrganisationDef,
}

/// Writes the file, remembering which kinds, levels and fields it has already explained.
struct Writer {
    ruleset: &'static dyn Ruleset,
    sides: [Side; 2],
    out: String,
    explained: BTreeSet<String>,
}

impl Writer {
    fn new(request: &Request<'_>) -> Result<Writer, String> {
        let [a, b] = request.organisations;
        let ids: [String; 2] = match request.sides {
            Some(ids) => ids.map(str::to_string),
            None if a.side.0 != b.side.0 => [a.side.0.to_string(), b.side.0.to_string()],
            None => SAME_ORGANISATION_SIDES.map(str::to_string),
        };
        for (id, org) in ids.iter().zip(request.organisations) {
            if let Some((_, why)) = id_problem(id) {
                return Err(format!("side id `{id}`: {why}"));
            }
            let longest = longest_id(&(org.build)());
            let unit = prefixed(id, &longest);
            if unit.chars().count() > MAX_ID_CHARS {
                return Err(format!(
                    "side id `{id}` is too long for {}: its ids would have more than \
                     {MAX_ID_CHARS} characters (`{unit}`)",
                    org.id
                ));
            }
        }
        if ids[0] == ids[1] {
            return Err(format!(
                "the two sides have the same id `{}`: give two ids (--sides A,B)",
                ids[0]
            ));
        }
        let names: [String; 2] = if a.side.1 == b.side.1 {
            [0, 1].map(|i| format!("{} ({})", request.organisations[i].side.1, ids[i]))
        } else {
            [a.side.1.to_string(), b.side.1.to_string()]
        };
        for (key, value) in a.options.iter().chain(b.options) {
            let per_side = (request.ruleset.options().iter()).any(|o| o.key == *key && o.per_side);
            let other = (a.options.iter().chain(b.options)).find(|(k, v)| k == key && v != value);
            if let (false, Some((_, other))) = (per_side, other) {
                return Err(format!(
                    "`{}` and `{}` are written for different battles ({key} = {value} and {key} = {other}): choose organisations of one kind of battle",
                    a.id, b.id
                ));
            }
        }
        let [n0, n1] = names;
        let [i0, i1] = ids;
        Ok(Writer {
            ruleset: request.ruleset,
            sides: [
                Side {
                    id: i0,
                    name: n0,
                    org: a,
                },
                Side {
                    id: i1,
                    name: n1,
                    org: b,
                },
            ],
            out: String::new(),
            explained: BTreeSet::new(),
        })
    }

    fn line(&mut self, indent: usize, text: &str) {
        let _ = writeln!(self.out, "{}{text}", " ".repeat(indent));
    }

    fn blank(&mut self) {
        self.out.push('\n');
    }

    /// `text` as comment lines, wrapped.
    fn comment(&mut self, indent: usize, text: &str) {
        let prefix = format!("{}# ", " ".repeat(indent));
        for paragraph in text.split('\n') {
            let lines = wrap(paragraph, &prefix, WIDTH);
            if lines.is_empty() {
                let _ = writeln!(self.out, "{}", prefix.trim_end());
            }
            for l in lines {
                let _ = writeln!(self.out, "{l}");
            }
        }
    }

    /// `text` as a comment the first time `what` is met, and never again.
    fn explain(&mut self, indent: usize, what: String, text: &str) {
        if self.explained.insert(what) {
            self.comment(indent, text);
        }
    }

    fn scenario(mut self) -> String {
        let r = self.ruleset;
        let [a, b] = [self.sides[0].org, self.sides[1].org];
        self.comment(
            0,
            &format!(
                "A new battle for {}: {} against {}, as the rules describe them. Written by \
                 `umpire scenario new {}`; `umpire check` takes it as it is. Give the battle its \
                 place, its names and its goals, take away what will not fight and add what the \
                 rules' organisation lacks; `umpire rulesets {}` lists every kind, field and option.",
                r.title(),
                a.name,
                b.name,
                r.id(),
                r.id()
            ),
        );
        self.blank();
        self.line(0, &format!("ruleset = {}", toml_string(r.id())));
        let mut title = if a.id == b.id {
            format!("New battle: {} on each side", a.name)
        } else {
            format!("New battle: {} against {}", a.name, b.name)
        };
        if title.chars().count() > MAX_TITLE_CHARS {
            title = "New battle".to_string();
        }
        self.line(0, &format!("title = {}", toml_string(&title)));
        let description = format!(
            "{} against {}. The umpire writes here what the players are told: the ground, the \
             situation and how the battle is won.",
            self.sides[0].name, self.sides[1].name
        );
        self.line(0, "description = \"\"\"");
        for l in wrap(&description, "", WIDTH) {
            self.line(
                0,
                &l.replace('\\', "\\\\").replace("\"\"\"", "\\\"\\\"\\\""),
            );
        }
        self.line(0, "\"\"\"");
        self.comment(
            0,
            "The battle ends after this turn (the umpire may extend it).",
        );
        self.line(0, &format!("turns = {}", a.turns.max(b.turns)));
        self.comment(0, "The side that moves first in every turn.");
        let first = toml_string(&self.sides[0].id);
        self.line(0, &format!("first_side = {first}"));
        self.blank();
        self.options();
        for s in 0..2 {
            self.blank();
            self.side(s);
        }
        self.out
    }

    /// `[options]`: every option of the rule set at its default, commented out, but those the
    /// organisations are written for, set.
    fn options(&mut self) {
        let r = self.ruleset;
        let set: Vec<(&str, &str)> = (self.sides.iter())
            .flat_map(|s| s.org.options.iter().copied())
            .filter(|(k, _)| r.options().iter().any(|o| o.key == *k && !o.per_side))
            .collect();
        if r.options().is_empty() {
            self.comment(0, &format!("{} has no house rules to set.", r.id()));
            return;
        }
        self.comment(
            0,
            "Every house rule of the rule set, at its default: uncomment a line to change it. \
             Those marked per side may also be set under a side's [side.options].",
        );
        self.line(0, "[options]");
        for o in r.options() {
            let per_side = if o.per_side { " (per side)" } else { "" };
            self.comment(0, &format!("{}{per_side}: {}", o.key, o.help));
            match set.iter().find(|(k, _)| *k == o.key) {
                Some((_, value)) => {
                    self.line(0, &format!("{} = {value}", o.key));
                }
                None => self.line(0, &format!("# {} = {}", o.key, o.default)),
            }
        }
    }

    fn side(&mut self, s: usize) {
        let r = self.ruleset;
        let (id, name, org) = (
            self.sides[s].id.clone(),
            self.sides[s].name.clone(),
            self.sides[s].org,
        );
        let rule = format!("# --- side {id}: {} ", org.name);
        let fill = WIDTH.saturating_sub(rule.chars().count());
        self.line(0, &format!("{rule}{}", "-".repeat(fill)));
        self.blank();
        self.comment(0, org.help);
        self.line(0, "[[side]]");
        self.line(0, &format!("id = {}", toml_string(&id)));
        self.line(0, &format!("name = {}", toml_string(&name)));
        if let Some(n) = org.nationality {
            self.comment(0, "Nationality: selects the rule set's nationality tables.");
            self.line(0, &format!("nationality = {}", toml_string(n)));
        }
        if let Some(q) = org.quality {
            self.comment(
                0,
                &format!(
                    "The quality of the side's formations and units unless they say otherwise: {}.",
                    r.qualities().join(", ")
                ),
            );
            self.line(0, &format!("quality = {}", toml_string(q)));
        }
        self.comment(
            0,
            "The side's own orders: the report's outcome gives them to the umpire and to this side \
             alone, never to the enemy or the public.",
        );
        self.line(0, "# goal = \"…\"");
        let own: Vec<(&str, &str)> = (org.options.iter().copied())
            .filter(|(k, _)| r.options().iter().any(|o| o.key == *k && o.per_side))
            .collect();
        if !own.is_empty() {
            self.comment(0, "The options this side is written for.");
            self.line(0, "[side.options]");
            for (k, v) in own {
                self.line(0, &format!("{k} = {v}"));
            }
        }
        let force = (org.build)();
        for unit in &force.units {
            self.blank();
            self.unit(&id, unit, 0);
        }
        for group in &force.formations {
            self.blank();
            self.formation(&id, group, 0);
        }
        if !force.concealed.is_empty() {
            self.blank();
            self.comment(2, force.concealed_note);
            for column in &force.concealed {
                self.blank();
                self.column(&id, column);
            }
        }
    }

    fn formation(&mut self, side: &str, group: &Group, depth: usize) {
        let indent = 2 + 2 * depth;
        if !group.note.is_empty() {
            self.comment(indent, &group.note);
        }
        if group.level.is_some() {
            let levels = self.ruleset.formation_levels().join(", ");
            self.explain(
                indent,
                "level".into(),
                &format!(
                    "level: what the formation is, one of {levels}; formations nest, and a \
                     formation's quality is its units' unless they say otherwise."
                ),
            );
        }
        self.line(
            indent,
            &format!("[[side{}]]", ".formation".repeat(depth + 1)),
        );
        self.line(
            indent,
            &format!("id = {}", toml_string(&prefixed(side, &group.id))),
        );
        self.line(indent, &format!("name = {}", toml_string(&group.name)));
        if let Some(level) = group.level {
            self.line(indent, &format!("level = {}", toml_string(level)));
        }
        if let Some(q) = group.quality {
            self.line(indent, &format!("quality = {}", toml_string(q)));
        }
        for unit in &group.units {
            self.blank();
            self.unit(side, unit, depth + 1);
        }
        for sub in &group.formations {
            self.blank();
            self.formation(side, sub, depth + 1);
        }
    }

    fn unit(&mut self, side: &str, unit: &Member, depth: usize) {
        let indent = 2 + 2 * depth;
        if !unit.note.is_empty() {
            self.comment(indent, &unit.note);
        }
        let kinds = self.ruleset.unit_kinds();
        if let Some(k) = kinds.iter().find(|k| k.id == unit.kind) {
            self.explain(
                indent,
                format!("kind {}", k.id),
                &format!("kind \"{}\": {}", k.id, k.help),
            );
        }
        self.line(
            indent,
            &format!("[[side{}.unit]]", ".formation".repeat(depth)),
        );
        self.line(
            indent,
            &format!("id = {}", toml_string(&prefixed(side, &unit.id))),
        );
        self.line(indent, &format!("name = {}", toml_string(&unit.name)));
        self.line(indent, &format!("kind = {}", toml_string(unit.kind)));
        for (key, value) in &unit.fields {
            let field = (self.ruleset.unit_fields().iter()).find(|f| f.id == *key);
            let kind = field.map(|f| f.kind);
            if let Some(f) = field {
                self.explain(
                    indent,
                    format!("field {key}"),
                    &format!("{key}: {}", f.help),
                );
            }
            let value = toml_value(side, value, kind);
            self.line(indent, &format!("{key} = {value}"));
        }
    }

    /// A concealment stand, commented out.
    fn column(&mut self, side: &str, column: &Column) {
        if !column.note.is_empty() {
            self.comment(2, &column.note);
        }
        self.line(2, "# [[side.concealed]]");
        self.line(2, &format!("# number = {}", column.number));
        let ids: Vec<String> = (column.units.iter())
            .map(|u| toml_string(&prefixed(side, u)))
            .collect();
        self.line(2, "# units = [");
        for l in wrap(&ids.join(", "), "#   ", WIDTH - 2) {
            self.line(2, &l);
        }
        self.line(2, "# ]");
    }
}

/// The longest id of a unit or formation of `force`.
fn longest_id(force: &Force) -> String {
    fn group<'a>(g: &'a Group, ids: &mut Vec<&'a str>) {
        ids.push(&g.id);
        ids.extend(g.units.iter().map(|u| u.id.as_str()));
        g.formations.iter().for_each(|f| group(f, ids));
    }
    let mut ids: Vec<&str> = force.units.iter().map(|u| u.id.as_str()).collect();
    force.formations.iter().for_each(|f| group(f, &mut ids));
    let longest = ids.into_iter().max_by_key(|id| id.chars().count());
    longest.unwrap_or_default().to_string()
}

/// The organisation's id `id` as the side `side`'s.
fn prefixed(side: &str, id: &str) -> String {
    format!("{side}-{id}")
}

/// `value` as TOML; a field naming units of the side names them by the side's ids.
fn toml_value(side: &str, value: &Value, kind: Option<FieldKind>) -> String {
    match (value, kind) {
        (Value::Bool(b), _) => b.to_string(),
        (Value::Int(n), _) => n.to_string(),
        (Value::Num(x), _) => toml::Value::Float(*x).to_string(),
        (Value::Text(t), Some(FieldKind::Unit)) => toml_string(&prefixed(side, t)),
        (Value::Text(t), _) => toml_string(t),
        (Value::List(items), kind) => {
            let unit = matches!(kind, Some(FieldKind::Units | FieldKind::Unit));
            let items: Vec<String> = (items.iter())
                .map(|i| toml_string(&if unit { prefixed(side, i) } else { i.clone() }))
                .collect();
            format!("[{}]", items.join(", "))
        }
    }
}

/// `text` as a TOML string, quoted and escaped.
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// `text` wrapped at `width` characters, every line starting with `prefix`.
fn wrap(text: &str, prefix: &str, width: usize) -> Vec<String> {
    let room = width.saturating_sub(prefix.chars().count()).max(20);
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let len = current.chars().count();
        if len > 0 && len + 1 + word.chars().count() > room {
            lines.push(format!("{prefix}{current}"));
            current.clear();
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    if !current.is_empty() {
        lines.push(format!("{prefix}{current}"));
    }
    lines
}
