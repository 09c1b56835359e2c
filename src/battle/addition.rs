//! A unit or a whole formation the umpire adds during the battle, one the scenario lacks
//! (`umpire add`, the screen's form): its table as the scenario would write it and where it goes.
//! The event that adds it carries it ([`super::EventKind::Add`]), so that every reader of the
//! journal builds it again; it is checked exactly as a scenario's unit or formation is
//! ([`crate::scenario::check_added`]).

use crate::model::{Effect, FormationInfo, UnitInfo};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The keys every unit may hold whatever its rule set, in the order a unit's text writes them;
/// the rule set's own fields follow by name.
const COMMON: &[&str] = &["id", "name", "kind", "quality", "leader", "hq"];

/// The keys of a formation, in the order its text writes them, before its units and formations.
const FORMATION_KEYS: &[&str] = &["id", "name", "level", "quality", "arrives"];

/// The largest file a formation to add is read from: far more than any formation needs.
pub const MAX_FORMATION_BYTES: u64 = 512 * 1024;

/// A unit or formation added during the battle: its side, the formation it goes under if any,
/// and its table.
///
/// Written in an event as `side`, `formation` (where it goes) and either `unit` (a unit's table)
/// or `new_formation` (a formation's table, its units and formations in it); an event written
/// before formations could be added holds a unit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Addition {
    /// The side's id.
    pub side: String,
    /// The formation's id, if it goes under one (else directly under its side).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<String>,
    /// The concealment stand of its side it joins behind, by number: it is concealed with the
    /// stand's units, seen by its own side and the umpire alone until the stand is exposed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub behind: Option<i64>,
    /// What joins.
    #[serde(flatten)]
    pub joins: Joins,
}

/// What an addition brings into the battle, as the scenario writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Joins {
    /// A unit: `id`, `name`, `kind`, `quality`, `leader`, `hq` and the rule set's fields, by key.
    #[serde(rename = "unit")]
    Unit(toml::Table),
    /// A formation as a scenario writes a `[[side.formation]]`: `id`, `name`, `level`,
    /// `quality`, and its units (`unit`, an array of unit tables) and formations (`formation`),
    /// which may hold none.
    #[serde(rename = "new_formation")]
    Formation(toml::Table),
}

/// A formation to add as the umpire wrote it in a file: a problem of it is placed in the file,
/// at its line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The file, as the umpire named it.
    pub path: String,
    /// Its text.
    pub text: String,
}

/// An addition as the battle admitted it, in the order of admission: what a checkpoint keeps to
/// admit it again, checked as it was then.
#[derive(Clone, Debug, PartialEq)]
pub struct Admitted {
    pub addition: Addition,
    /// The turn it joined.
    pub turn: u32,
    /// The additions admitted before it that were in the battle when it joined, by their place
    /// among those admitted: it was checked beside them.
    pub beside: Vec<u32>,
}

/// The place in the roster of a unit or formation added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Joiner {
    Unit(usize),
    Formation(usize),
}

/// What an addition puts in the roster, as the battle checked it: its formations,
/// outermost first, each with the id of the formation it goes under; then its units, each with
/// its formation's id. Their indices are still those of the roster of the scenario with it.
#[derive(Clone)]
pub(super) struct Joining {
    pub(super) formations: Vec<(FormationInfo, Option<String>)>,
    pub(super) units: Vec<(UnitInfo, Option<String>)>,
    /// The concealment stand its units join behind, by its place among the stands.
    pub(super) column: Option<usize>,
    /// The turn it joins.
    pub(super) turn: u32,
    /// The additions it was checked beside ([`Admitted::beside`]).
    pub(super) beside: Vec<u32>,
}

/// What the log says of an addition beyond its summary: a formation's formations and units.
pub(super) fn joining_notes(a: &Addition, joining: &Joining) -> Vec<String> {
    if !a.is_formation() {
        return Vec::new();
    }
    let label = |id: &str, name: &str| format!("{name} ({id})");
    let mut notes = Vec::new();
    if let [_, within @ ..] = &joining.formations[..]
        && !within.is_empty()
    {
        notes.push(format!(
            "{} formation{} within it: {}",
            within.len(),
            if within.len() == 1 { "" } else { "s" },
            (within.iter())
                .map(|(f, _)| label(&f.id, &f.name))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    notes.push(match joining.units.len() {
        0 => "no units yet: a unit added to it joins it".to_string(),
        n => format!(
            "{n} unit{}: {}",
            if n == 1 { "" } else { "s" },
            (joining.units.iter())
                .map(|(u, _)| label(&u.id, &u.name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    });
    notes
}

impl Joining {
    /// The effects that bring it into the battle: each formation joins, each unit arrives.
    pub(super) fn effects(&self) -> Vec<Effect> {
        let formations = (self.formations.iter()).map(|(f, _)| Effect::Joined {
            formation: f.id.clone(),
        });
        let units = self.units.iter().map(|(u, _)| Effect::Arrival {
            unit: u.id.clone(),
            arrives: None,
        });
        formations.chain(units).collect()
    }
}

/// Why a unit or formation could not be added: what it is about, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddProblem {
    pub input: AddInput,
    /// The value as the table writes it, when the problem is about one.
    pub value: Option<String>,
    pub message: String,
}

/// What a problem of a unit or formation to add is about: the inputs of `umpire add` and of the
/// screen's form, or a place in the file a formation was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddInput {
    /// Its side.
    Side,
    /// Its formation.
    In,
    /// The concealment stand it joins behind.
    Behind,
    /// A key of its table (`kind`, `armour`).
    Key(String),
    /// A place in the file the formation was read from: line and column from 1, and the key as
    /// `umpire check` names it (`side "us" › formation "b-coy" › unit "b1" › kind`; empty for
    /// the file whole).
    At {
        file: String,
        line: usize,
        column: usize,
        key: String,
    },
    /// The scenario whole, as it would stand with it (the words say where).
    Whole,
}

impl AddInput {
    /// The input as the command line names it: `--side`, `--in`, `--kind`, `--field armour`, the
    /// file and place (`b-coy.toml:4:8`).
    pub fn flag(&self) -> String {
        match self {
            AddInput::Side => "--side".into(),
            AddInput::In => "--in".into(),
            AddInput::Behind => "--behind".into(),
            AddInput::Key(k) if COMMON.contains(&k.as_str()) => format!("--{k}"),
            AddInput::Key(k) => format!("--field {k}"),
            AddInput::At {
                file, line, column, ..
            } => format!("{file}:{line}:{column}"),
            AddInput::Whole => String::new(),
        }
    }
}

impl AddProblem {
    /// Every problem, one a line, each after the input it is about as the command line names
    /// it, with the value given: `--kind "tnak": unknown kind …`, `--field armour=9: …`; one in
    /// a file as `umpire check` says it: `b-coy.toml:4:8: unit "b1" › kind = "tnak": …`.
    pub fn words(problems: &[AddProblem]) -> String {
        problems
            .iter()
            .map(|p| {
                let flag = p.input.flag();
                match (&p.input, &p.value) {
                    (AddInput::Whole, _) => p.message.clone(),
                    (AddInput::At { key, .. }, _) if key.is_empty() => {
                        format!("{flag}: {}", p.message)
                    }
                    (AddInput::At { key, .. }, Some(v)) => {
                        format!("{flag}: {key} = {v}: {}", p.message)
                    }
                    (AddInput::At { key, .. }, None) => format!("{flag}: {key}: {}", p.message),
                    (AddInput::Key(k), Some(v)) if flag.starts_with("--field") => {
                        format!("--field {k}={v}: {}", p.message)
                    }
                    (_, Some(v)) => format!("{flag} {v}: {}", p.message),
                    (_, None) => format!("{flag}: {}", p.message),
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

impl Addition {
    /// Its table as the scenario writes it.
    pub fn table(&self) -> &toml::Table {
        match &self.joins {
            Joins::Unit(t) | Joins::Formation(t) => t,
        }
    }

    /// True when it adds a formation.
    pub fn is_formation(&self) -> bool {
        matches!(self.joins, Joins::Formation(_))
    }

    /// What it adds, in a word: `unit` or `formation`.
    pub fn what(&self) -> &'static str {
        if self.is_formation() {
            "formation"
        } else {
            "unit"
        }
    }

    /// The id of the unit or formation, as its table gives it (empty without one).
    pub fn id(&self) -> &str {
        text_of(self.table(), "id")
    }

    /// Its name, as its table gives it (empty without one).
    pub fn name(&self) -> &str {
        text_of(self.table(), "name")
    }

    /// The ids of the formations it adds: a formation's own and those within it, outermost
    /// first; none for a unit.
    pub fn formation_ids(&self) -> Vec<&str> {
        fn walk<'a>(t: &'a toml::Table, out: &mut Vec<&'a str>) {
            out.push(text_of(t, "id"));
            for sub in tables(t, "formation") {
                walk(sub, out);
            }
        }
        let mut out = Vec::new();
        if let Joins::Formation(t) = &self.joins {
            walk(t, &mut out);
        }
        out
    }

    /// Its table as the scenario writes it (a unit one key a line: id, name, kind, quality,
    /// leader, hq, then the rule set's fields by name; a formation its keys, then each of its
    /// units under `[[unit]]` and each of its formations under `[[formation]]`), with, for each
    /// line, the key of the table's own it writes (none for a line of a unit or formation within
    /// it, a header or a blank line).
    pub fn text(&self) -> (String, Vec<Option<&str>>) {
        let mut text = String::new();
        let mut lines = Vec::new();
        match &self.joins {
            Joins::Unit(t) => write_keys(t, COMMON, &mut text, &mut lines, true, &[]),
            Joins::Formation(t) => write_formation(t, "", &mut text, &mut lines, true),
        }
        (text, lines)
    }
}

/// The text `key` holds in `table` (empty when it holds none).
fn text_of<'a>(table: &'a toml::Table, key: &str) -> &'a str {
    match table.get(key) {
        Some(toml::Value::String(s)) => s,
        _ => "",
    }
}

/// The tables of the array of tables `key` holds in `table` (a formation's `unit` or
/// `formation`); none when it holds something else.
fn tables<'a>(table: &'a toml::Table, key: &str) -> impl Iterator<Item = &'a toml::Table> {
    match table.get(key) {
        Some(toml::Value::Array(items)) if items.iter().all(toml::Value::is_table) => {
            items.as_slice()
        }
        _ => &[],
    }
    .iter()
    .filter_map(toml::Value::as_table)
}

/// Writes the keys of `table` one a line, those of `first` first in their order, then the
/// others by name; `own` marks each line with its key in `lines` (else with none). A formation's
/// arrays of tables (`unit`, `formation`) are left to [`write_formation`].
fn write_keys<'a>(
    table: &'a toml::Table,
    first: &[&str],
    text: &mut String,
    lines: &mut Vec<Option<&'a str>>,
    own: bool,
    skip: &[&str],
) {
    let firsts = first.iter().filter_map(|k| table.get_key_value(*k));
    let rest = table.iter().filter(|(k, _)| !first.contains(&k.as_str()));
    for (key, value) in firsts.chain(rest) {
        if skip.contains(&key.as_str()) {
            continue;
        }
        text.push_str(&toml_key(key));
        text.push_str(" = ");
        text.push_str(&value.to_string());
        text.push('\n');
        lines.push(own.then_some(key.as_str()));
    }
}

/// Writes a formation's table: its keys, then each of its units under `[[PREFIXunit]]`, then
/// each of its formations under `[[PREFIXformation]]` with everything in it.
fn write_formation<'a>(
    table: &'a toml::Table,
    prefix: &str,
    text: &mut String,
    lines: &mut Vec<Option<&'a str>>,
    own: bool,
) {
    let nested = |key: &str| {
        matches!(table.get(key), Some(toml::Value::Array(items))
            if !items.is_empty() && items.iter().all(toml::Value::is_table))
    };
    let skip: Vec<&str> = ["unit", "formation"]
        .into_iter()
        .filter(|k| nested(k))
        .collect();
    write_keys(table, FORMATION_KEYS, text, lines, own, &skip);
    let header = |text: &mut String, lines: &mut Vec<Option<&'a str>>, name: &str| {
        text.push_str(&format!("\n[[{prefix}{name}]]\n"));
        lines.extend([None, None]);
    };
    if skip.contains(&"unit") {
        for unit in tables(table, "unit") {
            header(text, lines, "unit");
            write_keys(unit, COMMON, text, lines, false, &[]);
        }
    }
    if skip.contains(&"formation") {
        for sub in tables(table, "formation") {
            header(text, lines, "formation");
            write_formation(sub, &format!("{prefix}formation."), text, lines, false);
        }
    }
}

/// A key as TOML writes it: bare when it may be, else quoted.
fn toml_key(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if bare {
        key.to_string()
    } else {
        toml::Value::String(key.to_string()).to_string()
    }
}

/// A rule-set field's value as typed (`armour=2`, `hmg=true`, `vehicle="T-34/85"`): a TOML value
/// as the scenario writes it, or, when the text is not one, the text itself (`vehicle=panther`).
pub fn field_value(text: &str) -> toml::Value {
    let text = text.trim();
    toml::from_str::<toml::Table>(&format!("v = {text}"))
        .ok()
        .filter(|t| t.len() == 1)
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| toml::Value::String(text.to_string()))
}

/// The keys an added unit's fields may not take: those given by their own inputs, and
/// `arrives` (an added unit is on the table as it joins; `umpire arrive` holds one back).
pub fn reserved_key(key: &str) -> Option<&'static str> {
    match key {
        "id" | "name" | "kind" | "quality" | "leader" | "hq" => Some("it has its own input"),
        "arrives" => Some(ARRIVES),
        _ => None,
    }
}

/// The keys an added formation's fields (`--field level=company`) may not take: those given by
/// their own inputs, `arrives`, and its units and formations, which a file gives.
pub fn reserved_formation_key(key: &str) -> Option<&'static str> {
    match key {
        "id" | "name" | "quality" => Some("it has its own input"),
        "arrives" => Some(ARRIVES),
        "unit" | "formation" => Some(
            "a formation's units and formations are given in a file (--file), as a scenario \
             writes them",
        ),
        _ => None,
    }
}

/// Why an added unit or formation holds no `arrives`.
pub use crate::scenario::ADDED_ARRIVES as ARRIVES;

/// Reads the formation to add that the file at `path` holds, as a scenario writes a
/// `[[side.formation]]` (its keys at the top, its units under `[[unit]]`, its formations under
/// `[[formation]]`), to go to `side` and under `formation` if given. The addition with the text
/// it was read from, or why it cannot be read: the file (not a regular file, too large, not
/// UTF-8) or its TOML, each problem at its line and column.
pub fn read_formation(
    side: &str,
    formation: Option<&str>,
    path: &Path,
) -> Result<(Addition, Written), Vec<AddProblem>> {
    let file = path.display().to_string();
    let at = |line: usize, column: usize, message: String| AddProblem {
        input: AddInput::At {
            file: file.clone(),
            line,
            column,
            key: String::new(),
        },
        value: None,
        message,
    };
    let text = crate::files::read_text(path, MAX_FORMATION_BYTES).map_err(|e| {
        let (line, column) = e.position();
        vec![at(line, column, e.reason())]
    })?;
    let (_, errors) = toml::de::DeTable::parse_recoverable(&text);
    if !errors.is_empty() {
        let mut problems: Vec<AddProblem> = Vec::new();
        for e in &errors {
            let (line, column) = e
                .span()
                .map_or((1, 1), |s| crate::text::line_col(&text, s.start));
            let p = at(line, column, format!("TOML syntax error: {}", e.message()));
            if !problems.contains(&p) {
                problems.push(p);
            }
        }
        return Err(problems);
    }
    let table = toml::from_str::<toml::Table>(&text)
        .map_err(|e| vec![at(1, 1, format!("TOML syntax error: {}", e.message()))])?;
    Ok((
        Addition {
            side: side.to_string(),
            formation: formation.map(str::to_string),
            behind: None,
            joins: Joins::Formation(table),
        },
        Written { path: file, text },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_s_text_is_one_key_a_line_in_the_scenario_s_order() {
        let mut unit = toml::Table::new();
        unit.insert("armour".into(), toml::Value::Integer(2));
        unit.insert("name".into(), toml::Value::String("Tank \"two\"".into()));
        unit.insert("id".into(), toml::Value::String("t2".into()));
        unit.insert("kind".into(), toml::Value::String("tank".into()));
        unit.insert("odd key".into(), toml::Value::Boolean(true));
        let a = Addition {
            side: "red".into(),
            formation: None,
            behind: None,
            joins: Joins::Unit(unit),
        };
        let (text, keys) = a.text();
        assert_eq!(
            text,
            "id = \"t2\"\nname = 'Tank \"two\"'\nkind = \"tank\"\narmour = 2\n\"odd key\" = true\n"
        );
        assert_eq!(
            keys,
            [
                Some("id"),
                Some("name"),
                Some("kind"),
                Some("armour"),
                Some("odd key")
            ]
        );
        assert_eq!((a.id(), a.name()), ("t2", "Tank \"two\""));
    }

    #[test]
    fn a_formation_s_text_is_its_keys_then_its_units_then_its_formations() {
        let source = "name = \"B Company\"\nid = \"b\"\nlevel = \"company\"\n\
                      [[formation]]\nid = \"b1\"\nname = \"1st\"\n\
                      [[formation.unit]]\nkind = \"infantry\"\nid = \"s1\"\nname = \"Sq\"\n\
                      [[unit]]\nid = \"hq\"\nname = \"HQ\"\nkind = \"hq\"\n";
        let table: toml::Table = toml::from_str(source).unwrap();
        let a = Addition {
            side: "us".into(),
            formation: Some("bn".into()),
            behind: None,
            joins: Joins::Formation(table.clone()),
        };
        let (text, keys) = a.text();
        assert_eq!(
            text,
            "id = \"b\"\nname = \"B Company\"\nlevel = \"company\"\n\
             \n[[unit]]\nid = \"hq\"\nname = \"HQ\"\nkind = \"hq\"\n\
             \n[[formation]]\nid = \"b1\"\nname = \"1st\"\n\
             \n[[formation.unit]]\nid = \"s1\"\nname = \"Sq\"\nkind = \"infantry\"\n"
        );
        assert_eq!(text.lines().count(), keys.len());
        assert_eq!(&keys[..4], [Some("id"), Some("name"), Some("level"), None]);
        assert!(keys[4..].iter().all(Option::is_none));
        // Read again, it is the same table.
        assert_eq!(toml::from_str::<toml::Table>(&text).unwrap(), table);
        assert_eq!(a.formation_ids(), ["b", "b1"]);
        assert_eq!(
            (a.id(), a.name(), a.what()),
            ("b", "B Company", "formation")
        );
    }

    #[test]
    fn an_event_written_before_formations_could_be_added_reads_as_a_unit() {
        let old = r#"{"side":"red","unit":{"id":"rt","kind":"tank","name":"Red tank"}}"#;
        let a: Addition = serde_json::from_str(old).unwrap();
        assert!(!a.is_formation());
        assert_eq!((a.id(), a.formation.as_deref()), ("rt", None));
        assert_eq!(serde_json::to_string(&a).unwrap(), old);
        let new = r#"{"side":"red","formation":"bn","new_formation":{"id":"b","name":"B"}}"#;
        let b: Addition = serde_json::from_str(new).unwrap();
        assert!(b.is_formation());
        assert_eq!(serde_json::to_string(&b).unwrap(), new);
    }

    /// A battle of Grid skirmish before any event, one unit a side.
    fn battle() -> crate::battle::Battle {
        let text = "ruleset = \"grid\"\ntitle = \"T\"\n\
                    [[side]]\nid = \"red\"\nname = \"Red\"\n\
                    [[side.unit]]\nid = \"r1\"\nname = \"R1\"\nkind = \"tank\"\n\
                    [[side]]\nid = \"blue\"\nname = \"Blue\"\n\
                    [[side.unit]]\nid = \"b1\"\nname = \"B1\"\nkind = \"tank\"\n";
        crate::battle::Battle::new(crate::scenario::parse("t.toml", text).unwrap())
    }

    /// An addition as a checkpoint keeps it: joined on turn 1, checked beside `beside`.
    fn admitted(formation: Option<&str>, joins: Joins, beside: &[u32]) -> Admitted {
        Admitted {
            addition: Addition {
                side: "red".into(),
                formation: formation.map(str::to_string),
                behind: None,
                joins,
            },
            turn: 1,
            beside: beside.to_vec(),
        }
    }

    fn table(text: &str) -> toml::Table {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn a_checkpoint_s_additions_are_checked_again_each_beside_those_it_was_added_beside() {
        let tank = |id: &str| {
            Joins::Unit(table(&format!(
                "id = \"{id}\"\nname = \"T {id}\"\nkind = \"tank\""
            )))
        };
        let company = Joins::Formation(table("id = \"c\"\nname = \"Company\""));
        // A unit in a formation added before it is fit beside it, and not alone.
        let good = [
            admitted(None, company.clone(), &[]),
            admitted(Some("c"), tank("t1"), &[0]),
        ];
        battle().readmit(&good).unwrap();
        let alone = [
            admitted(None, company, &[]),
            admitted(Some("c"), tank("t1"), &[]),
        ];
        let e = battle().readmit(&alone).unwrap_err();
        assert!(e.contains("has no formation `c`"), "{e}");
        // The same id twice is found only when they stand together: a unit added again in the
        // place of one taken back stands alone.
        let again = [
            admitted(None, tank("t2"), &[]),
            admitted(None, tank("t2"), &[]),
        ];
        let mut b = battle();
        b.readmit(&again).unwrap();
        assert_eq!(b.roster.units.len(), 3);
        let twice = [
            admitted(None, tank("t2"), &[]),
            admitted(None, tank("t2"), &[0]),
        ];
        let e = battle().readmit(&twice).unwrap_err();
        assert!(e.contains("duplicate id"), "{e}");
        // Beside an addition not made before it: refused.
        let e = battle()
            .readmit(&[admitted(None, tank("t3"), &[0])])
            .unwrap_err();
        assert!(e.contains("not made before it"), "{e}");
    }

    #[test]
    fn a_field_is_a_toml_value_or_else_its_text() {
        assert_eq!(field_value("2"), toml::Value::Integer(2));
        assert_eq!(field_value("true"), toml::Value::Boolean(true));
        assert_eq!(
            field_value("\"T-34/85\""),
            toml::Value::String("T-34/85".into())
        );
        assert_eq!(
            field_value("panther"),
            toml::Value::String("panther".into())
        );
        assert_eq!(
            field_value("2\nid = \"x\""),
            toml::Value::String("2\nid = \"x\"".into())
        );
    }
}
