//! Turns scenario text into a validated [`Scenario`], collecting every problem with its location.
//!
//! Three passes, each reporting every problem it finds rather than stopping at the first:
//! 1. **Syntax.** The TOML parser recovers after an error, so every syntax error is reported; a file
//!    with syntax errors goes no further.
//! 2. **Shape.** The parsed tree is walked table by table against the schema ([`schema`]). Unknown
//!    keys are reported with the nearest valid key and dropped; each table is then read on its own,
//!    so a wrong type or a missing key is reported once per table rather than once per file. The key
//!    lists come from the schema's own serde derive, so they cannot drift from it.
//! 3. **Meaning.** Rule set, names, ids, sides, turns, references, then, with the rule set known,
//!    its options, qualities, levels, kinds and unit fields, and finally the rule set's own checks
//!    ([`Ruleset::validate`]), which read the scenario's order of battle ([`OrderOfBattle`]).
//!
//! Keys are named by path, with ids where they are usable: `side "ger" › formation "2-plt" › unit
//! "2-3" › kind` (`side[1]` when the side has no usable id).
//!
//! [`schema`]: super::schema

use super::{Scenario, ScenarioErrors};
use crate::declare::{FieldKind, OptionConflict, OptionDef, OptionValue, Options};
use crate::model::file::{KeyPath, typed_value};
use crate::model::{
    ConcealedDef, FormationDef, OrderOfBattle, Problem, ScenarioError, ScenarioFile, SideDef,
    Spanned, UNIT_KEYS, UnitDef,
};
use crate::rules;
use crate::ruleset::Ruleset;
use crate::text::line_col;
use crate::text::{did_you_mean, forbidden_char, forbidden_message, id_problem, too_long};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;
use toml::de::{DeArray, DeTable, DeValue, ValueDeserializer};

/// The longest id, in characters: ids are typed at the table, so they stay short.
/// The longest name, title or nationality, in characters: one line of the roster or a report.
const MAX_NAME_CHARS: usize = 80;
/// The longest description, in characters: a few paragraphs.
const MAX_DESCRIPTION_CHARS: usize = 4000;

pub(super) fn parse(file: &str, source: &str) -> Result<Scenario, ScenarioErrors> {
    let mut problems = Vec::new();
    match check(source, &mut problems) {
        Some((parsed, ruleset, options)) if problems.is_empty() => Ok(Scenario {
            path: file.to_string(),
            source: source.to_string(),
            file: parsed,
            ruleset,
            options,
        }),
        _ => Err(located(file, source, problems)),
    }
}

/// A unit or formation added to a battle: the text of its table as a scenario writes it, and
/// where it goes (its side's id, and its formation's if it goes under one).
pub struct Added<'a> {
    pub side: &'a str,
    pub formation: Option<&'a str>,
    pub text: &'a str,
    /// True for a formation (its table as a `[[side.formation]]`, its units and formations in
    /// it), false for a unit.
    pub whole: bool,
    /// The number of its side's concealment stand it joins behind, if any: its units are then
    /// on that stand's list, as the scenario would list them.
    pub behind: Option<i64>,
}

/// A problem of a unit or formation added to a battle: where it is in the last one's text, or,
/// when it is found elsewhere in the scenario (a formation with two HQs), nowhere in it and the
/// words say where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddedProblem {
    /// The line of its text it is on (from 0), and its column (in characters, from 1).
    pub line: Option<usize>,
    pub column: usize,
    /// The key as `umpire check` names it (`side "us" › formation "b" › unit "b1" › kind`),
    /// when the problem is on a line of its text.
    pub key: String,
    /// The value as written, when the problem is on a line of its text.
    pub value: Option<String>,
    pub message: String,
}

/// Puts the units `ids` of `added` on the list of the concealment stand it joins behind, if it
/// joins behind one, as the scenario would list them (placed at its text, from `start`); a
/// problem if the side has no stand of that number.
fn behind(
    side: &mut SideDef,
    added: &Added<'_>,
    ids: Vec<String>,
    start: usize,
) -> Option<Problem> {
    let number = added.behind?;
    let Some(stand) = (side.concealed.iter_mut()).find(|c| *c.number.get_ref() == number) else {
        let numbers: Vec<String> = (side.concealed.iter())
            .map(|c| c.number.get_ref().to_string())
            .collect();
        return Some(Problem::new(
            Some(start..start),
            "",
            format!(
                "side `{}` has no concealment stand {number}{}",
                added.side,
                match numbers.len() {
                    0 => " (it has none)".to_string(),
                    _ => format!(" (its stands: {})", numbers.join(", ")),
                }
            ),
        ));
    };
    (stand.units).extend(ids.into_iter().map(|id| Spanned::new(start..start, id)));
    None
}

/// The ids of the units of `formation` and of the formations within it.
fn unit_ids(formation: &FormationDef, out: &mut Vec<String>) {
    out.extend(formation.units.iter().map(|u| u.id.get_ref().clone()));
    for f in &formation.formations {
        unit_ids(f, out);
    }
}

/// Checks the last of `added` exactly as a scenario's own unit or formation is checked, beside
/// those added before it (the rest of `added`, in the order they joined): each is read from its
/// text (a formation's table by table, as a scenario's are, so that every unknown key, wrong
/// type and missing key is said) and put where it goes, and the scenario whole is checked again
/// — ids, names, kinds, qualities, levels, the rule set's fields, and the rule set's own checks
/// on the order of battle. The last may hold no `arrives`: it is on the table as it joins. The
/// scenario with them all, or every problem found.
pub(super) fn check_added(
    scenario: &Scenario,
    added: &[Added<'_>],
) -> Result<ScenarioFile, Vec<AddedProblem>> {
    let mut source = scenario.source.clone();
    let mut file = scenario.file.clone();
    let mut last = source.len();
    let mut found = Vec::new();
    // A unit or formation whose text does not read leaves nothing whole to check.
    let mut unread = false;
    for (i, a) in added.iter().enumerate() {
        source.push('\n');
        let start = source.len();
        source.push_str(a.text);
        let is_last = i + 1 == added.len();
        if is_last {
            last = start;
        }
        let Some(side) = file.sides.iter().position(|s| s.id.get_ref() == a.side) else {
            found.push(Problem::new(
                None,
                "",
                format!("the battle has no side `{}`", a.side),
            ));
            unread = true;
            continue;
        };
        let Some(place) = place_of(&file.sides[side], side, a.formation) else {
            found.push(Problem::new(
                None,
                "",
                format!(
                    "side `{}` has no formation `{}`",
                    a.side,
                    a.formation.unwrap_or("")
                ),
            ));
            unread = true;
            continue;
        };
        // Read where it stands in the whole text, so that a problem's place is in it.
        let padded = format!("{}{}", " ".repeat(start), a.text);
        if a.whole {
            let (def, problems) = read_formation(&padded, &place, is_last);
            // A problem of the table whole (a missing key) is placed at its top.
            found.extend(problems.into_iter().map(|mut p| {
                if p.span.as_ref().is_none_or(|s| s.end <= start) {
                    p.span = Some(start..start);
                }
                p
            }));
            if let Some(def) = def {
                let mut ids = Vec::new();
                unit_ids(&def, &mut ids);
                let s = &mut file.sides[side];
                match a
                    .formation
                    .and_then(|f| formation_mut(&mut s.formations, f))
                {
                    Some(parent) => parent.formations.push(def),
                    None => s.formations.push(def),
                }
                found.extend(behind(&mut file.sides[side], a, ids, start));
            } else {
                unread = true;
            }
        } else {
            match toml::from_str::<UnitDef>(&padded) {
                Ok(unit) => {
                    if is_last && let Some(arrives) = &unit.arrives {
                        let path =
                            (place.parent).item("unit", Some(unit.id.get_ref()), place.units);
                        found.push(on_table_at_once(&path.key("arrives"), arrives));
                    }
                    let ids = vec![unit.id.get_ref().clone()];
                    let s = &mut file.sides[side];
                    match a
                        .formation
                        .and_then(|f| formation_mut(&mut s.formations, f))
                    {
                        Some(formation) => formation.units.push(unit),
                        None => s.units.push(unit),
                    }
                    found.extend(behind(&mut file.sides[side], a, ids, start));
                }
                Err(e) => {
                    found.push(Problem::new(e.span(), "", plain_serde_message(e.message())));
                    unread = true;
                }
            }
        }
    }
    // As a scenario is, it is checked whole once it reads, whatever was found in its shape.
    if !unread {
        let mut meaning = Meaning::new(&file, &source);
        meaning.run();
        found.append(&mut meaning.problems);
        drop(meaning);
        if found.is_empty() {
            return Ok(file);
        }
    }
    found.sort_by_key(|p| p.span.as_ref().map_or(0, |s| s.start));
    // A message that names a line names one of the scenario's, of a unit or formation added
    // before, or of the last one's own text.
    let lines = scenario.source.lines().count();
    let first_own = line_col(&source, last).0;
    let place = |message: String| {
        let Some((at, head)) = ["(first defined at line ", "(line "]
            .into_iter()
            .find_map(|h| message.find(h).map(|at| (at, h)))
        else {
            return message;
        };
        let rest = &message[at + head.len()..];
        let Some(end) = rest.find(')') else {
            return message;
        };
        let said = match rest[..end].parse::<usize>() {
            Ok(n) if n >= first_own => format!("{head}{})", n - first_own + 1),
            Ok(n) if n > lines => "(added during the battle)".to_string(),
            Ok(n) => format!("{head}{n} of the scenario)"),
            Err(_) => return message,
        };
        format!("{}{said}{}", &message[..at], &rest[end + 1..])
    };
    let text = &source[last..];
    Err(found
        .into_iter()
        .map(|p| match &p.span {
            Some(span) if span.end > last || span.start >= last => {
                let at = span.start.max(last) - last;
                let (line, column) = line_col(text, at);
                AddedProblem {
                    line: Some(line - 1),
                    column,
                    key: p.key,
                    value: p.value,
                    message: place(p.message),
                }
            }
            _ => AddedProblem {
                line: None,
                column: 1,
                key: String::new(),
                value: None,
                message: match (&p.value, p.key.is_empty()) {
                    (_, true) => place(p.message),
                    (Some(v), false) => format!("{} = {v}: {}", p.key, place(p.message)),
                    (None, false) => format!("{}: {}", p.key, place(p.message)),
                },
            },
        })
        .collect())
}

/// Where a unit or formation added goes, as a scenario names its keys.
struct Place {
    /// The path of the side or formation it goes under (`side "us" › formation "bn"`).
    parent: KeyPath,
    /// How deep a formation put there is nested (a side's own formation is 2 deep).
    depth: usize,
    /// How many units and formations stand there before it.
    units: usize,
    formations: usize,
}

/// Where a unit or formation goes under `formation` of side `def` (index `side`); none when the
/// side has no such formation.
fn place_of(def: &SideDef, side: usize, formation: Option<&str>) -> Option<Place> {
    fn find(formations: &[FormationDef], id: &str, path: &KeyPath, depth: usize) -> Option<Place> {
        for (i, f) in formations.iter().enumerate() {
            let here = path.item("formation", Some(f.id.get_ref()), i);
            if f.id.get_ref() == id {
                return Some(Place {
                    parent: here,
                    depth: depth + 1,
                    units: f.units.len(),
                    formations: f.formations.len(),
                });
            }
            if let Some(found) = find(&f.formations, id, &here, depth + 1) {
                return Some(found);
            }
        }
        None
    }
    let side_path = KeyPath::default().item("side", Some(def.id.get_ref()), side);
    match formation {
        None => Some(Place {
            parent: side_path,
            depth: 2,
            units: def.units.len(),
            formations: def.formations.len(),
        }),
        Some(id) => find(&def.formations, id, &side_path, 2),
    }
}

/// Reads a formation added to a battle from `padded` (its text at its place in the whole), table
/// by table as a scenario's are read: every syntax error, unknown key, wrong type and missing key,
/// and with `is_last` every `arrives` in it. `place` is where it goes. The formation, if it reads
/// (unknown keys left out), and every problem found.
fn read_formation(
    padded: &str,
    place: &Place,
    is_last: bool,
) -> (Option<FormationDef>, Vec<Problem>) {
    let mut problems = Vec::new();
    // A header `[[unit]]` of a side's own formation is `[[side.formation.unit]]` in a scenario.
    if let Some(problem) = too_deep_below(padded, place.depth) {
        return (None, vec![problem]);
    }
    let (root, errors) = DeTable::parse_recoverable(padded);
    if !errors.is_empty() {
        for e in &errors {
            let p = Problem::new(e.span(), "", format!("TOML syntax error: {}", e.message()));
            if !problems.contains(&p) {
                problems.push(p);
            }
        }
        return (None, problems);
    }
    let mut root = Spanned::new(root.span(), DeValue::Table(root.into_inner()));
    // Its id names it in the keys of its problems when it is usable.
    let id = match root.get_ref() {
        DeValue::Table(t) => t
            .get("id")
            .and_then(|v| v.get_ref().as_str())
            .map(str::to_string),
        _ => None,
    };
    let path = (place.parent).item("formation", id.as_deref(), place.formations);
    let def = match FormationDef::deserialize(ValueDeserializer::from(root.clone())) {
        Ok(def) => def,
        Err(_) => {
            check_shape(&mut root, &FORMATION, "", &path, &mut problems);
            match FormationDef::deserialize(ValueDeserializer::from(root)) {
                Ok(def) => def,
                Err(e) => {
                    if problems.is_empty() {
                        problems.push(Problem::new(e.span(), "", plain_serde_message(e.message())));
                    }
                    return (None, problems);
                }
            }
        }
    };
    if is_last {
        arrivals_in(&def, &path, &mut problems);
    }
    (Some(def), problems)
}

/// Every `arrives` in an added formation, its units' and its formations': it is on the table as
/// it joins.
fn arrivals_in(def: &FormationDef, path: &KeyPath, problems: &mut Vec<Problem>) {
    if let Some(arrives) = &def.arrives {
        problems.push(on_table_at_once(&path.key("arrives"), arrives));
    }
    for (i, u) in def.units.iter().enumerate() {
        if let Some(arrives) = &u.arrives {
            let key = path.item("unit", Some(u.id.get_ref()), i).key("arrives");
            problems.push(on_table_at_once(&key, arrives));
        }
    }
    for (i, f) in def.formations.iter().enumerate() {
        arrivals_in(
            f,
            &path.item("formation", Some(f.id.get_ref()), i),
            problems,
        );
    }
}

/// Why a unit or formation added during the battle holds no `arrives`.
pub const ADDED_ARRIVES: &str = "an added unit or formation is on the table as it joins (add it \
                                 when it comes on)";

/// The problem of an `arrives` in a unit or formation added during the battle.
fn on_table_at_once(key: &str, arrives: &Spanned<toml::Value>) -> Problem {
    Problem::new(Some(arrives.span()), key, ADDED_ARRIVES).with_value(arrives.get_ref().to_string())
}

/// The formation with id `id` among `formations` and theirs.
fn formation_mut<'f>(formations: &'f mut [FormationDef], id: &str) -> Option<&'f mut FormationDef> {
    for f in formations {
        if f.id.get_ref() == id {
            return Some(f);
        }
        if let Some(found) = formation_mut(&mut f.formations, id) {
            return Some(found);
        }
    }
    None
}

/// Runs the three passes; returns what it could build (problems may still have been found).
fn check(
    source: &str,
    problems: &mut Vec<Problem>,
) -> Option<(ScenarioFile, &'static dyn Ruleset, Options)> {
    if let Some(problem) = too_deep(source) {
        problems.push(problem);
        return None;
    }
    let (root, errors) = DeTable::parse_recoverable(source);
    if !errors.is_empty() {
        for e in &errors {
            let p = Problem::new(e.span(), "", format!("TOML syntax error: {}", e.message()));
            // One error said once, however often the reader met it.
            if !problems.contains(&p) {
                problems.push(p);
            }
        }
        return None;
    }
    let mut root = Spanned::new(root.span(), DeValue::Table(root.into_inner()));
    // Every table of the schema denies unknown keys, so a file that reads at once has nothing for
    // the shape pass to find; only a file that does not is gone through table by table, to say
    // every problem at its place.
    let parsed = match ScenarioFile::deserialize(ValueDeserializer::from(root.clone())) {
        Ok(parsed) => parsed,
        Err(_) => {
            check_shape(&mut root, &FILE, "", &KeyPath::default(), problems);
            match ScenarioFile::deserialize(ValueDeserializer::from(root)) {
                Ok(parsed) => parsed,
                Err(e) => {
                    // The shape pass has already said why, table by table; this is only a safety
                    // net.
                    if problems.is_empty() {
                        problems.push(Problem::new(e.span(), "", plain_serde_message(e.message())));
                    }
                    return None;
                }
            }
        }
    };
    let mut meaning = Meaning::new(&parsed, source);
    let found = meaning.run();
    problems.append(&mut meaning.problems);
    let (ruleset, options) = found?;
    Some((parsed, ruleset, options))
}

/// Problems in file order, with line and column.
fn located(file: &str, source: &str, mut problems: Vec<Problem>) -> ScenarioErrors {
    problems.sort_by_key(|p| p.span.as_ref().map_or(0, |s| s.start));
    ScenarioErrors(
        problems
            .iter()
            .map(|p| p.locate(file, source))
            .collect::<Vec<ScenarioError>>(),
    )
}

// ---- pass 2: shape ------------------------------------------------------------------------

/// One kind of table in the schema: the struct that reads it and the arrays of tables under it.
struct TableSchema {
    /// How messages name it.
    what: &'static str,
    /// Its keys, as its serde derive reads them.
    keys: fn() -> &'static [&'static str],
    /// Reads the table alone, to find wrong types and missing keys.
    read: fn(Spanned<DeValue<'_>>) -> Result<(), toml::de::Error>,
    /// Keys holding arrays of tables (`[[side]]`), with the schema of each element.
    children: &'static [(&'static str, &'static TableSchema)],
    /// True when keys besides its own are the rule set's to check (a unit's fields), not unknown.
    open: bool,
}

static FILE: TableSchema = TableSchema {
    what: "the scenario",
    keys: keys_of::<ScenarioFile>,
    read: reads::<ScenarioFile>,
    children: &[("side", &SIDE)],
    open: false,
};
static SIDE: TableSchema = TableSchema {
    what: "a side",
    keys: keys_of::<SideDef>,
    read: reads::<SideDef>,
    children: &[
        ("formation", &FORMATION),
        ("unit", &UNIT),
        ("concealed", &CONCEALED),
    ],
    open: false,
};
static FORMATION: TableSchema = TableSchema {
    what: "a formation",
    keys: keys_of::<FormationDef>,
    read: reads::<FormationDef>,
    children: &[("formation", &FORMATION), ("unit", &UNIT)],
    open: false,
};
static UNIT: TableSchema = TableSchema {
    what: "a unit",
    keys: keys_of::<UnitDef>,
    read: reads::<UnitDef>,
    children: &[],
    open: true,
};
static CONCEALED: TableSchema = TableSchema {
    what: "a concealment stand",
    keys: keys_of::<ConcealedDef>,
    read: reads::<ConcealedDef>,
    children: &[],
    open: false,
};

fn reads<T: DeserializeOwned>(value: Spanned<DeValue<'_>>) -> Result<(), toml::de::Error> {
    T::deserialize(ValueDeserializer::from(value)).map(|_| ())
}

/// Checks one table and, through its children, everything under it. Unknown keys are reported and
/// removed, so that a file whose only faults are unknown keys can still be read and checked further.
fn check_shape(
    value: &mut Spanned<DeValue<'_>>,
    schema: &TableSchema,
    header: &str,
    path: &KeyPath,
    problems: &mut Vec<Problem>,
) {
    let span = value.span();
    let DeValue::Table(table) = value.get_mut() else {
        return; // the parent's read reports the wrong type
    };
    let keys = (schema.keys)();
    let unknown: Vec<_> = (table.keys())
        .filter(|key| !schema.open && !keys.contains(&key.get_ref().as_ref()))
        .cloned()
        .collect();
    for key in unknown {
        problems.push(unknown_key(path, &key, keys, schema.what));
        table.remove(key.get_ref().as_ref());
    }
    let mut alone = DeTable::new();
    for (key, value) in table.iter_mut() {
        let name: &str = key.get_ref();
        match schema.children.iter().find(|(child, _)| *child == name) {
            Some(&(child, child_schema)) => {
                let child_header = header_of(header, child);
                check_children(value, &child_header, child_schema, path, problems);
                let empty = DeValue::Array(DeArray::new());
                alone.insert(key.clone(), Spanned::new(value.span(), empty));
            }
            None => {
                alone.insert(key.clone(), value.clone());
            }
        }
    }
    read_alone(Spanned::new(span, alone), schema, path, problems);
}

/// Reads a table whose arrays of tables have been emptied. Serde stops at the first wrong value,
/// so each wrong value is reported and replaced by a stand-in of the right type, and the table read
/// again, until it reads or a key is missing (serde checks those last).
fn read_alone(
    table: Spanned<DeTable<'_>>,
    schema: &TableSchema,
    path: &KeyPath,
    problems: &mut Vec<Problem>,
) {
    let span = table.span();
    let mut table = table.into_inner();
    let read =
        |t: &DeTable<'_>| (schema.read)(Spanned::new(span.clone(), DeValue::Table(t.clone())));
    let mut result = read(&table);
    while let Err(e) = result {
        let key = key_at(&table, &e);
        let name = key
            .as_ref()
            .map_or_else(|| path.to_string(), |k| path.key(k));
        problems.push(Problem::new(
            e.span(),
            name,
            plain_serde_message(e.message()),
        ));
        let Some(key) = key else {
            return;
        };
        result = stand_in(&mut table, &key, read);
    }
}

/// Replaces the value of `key` by one of the right type, found by trying one of each type, and
/// returns what reading the table then gives (with the key removed if no stand-in fits).
fn stand_in<'i>(
    table: &mut DeTable<'i>,
    key: &str,
    read: impl Fn(&DeTable<'i>) -> Result<(), toml::de::Error>,
) -> Result<(), toml::de::Error> {
    let Some(value) = table.get_mut(key) else {
        return read(table);
    };
    let span = value.span();
    let candidates = [
        DeValue::String("".into()),
        DeValue::Integer(Default::default()),
        DeValue::Boolean(false),
        DeValue::Array(DeArray::new()),
        DeValue::Table(DeTable::new()),
    ];
    for candidate in candidates {
        *table.get_mut(key).expect("present") = Spanned::new(span.clone(), candidate);
        let result = read(table);
        let still_wrong = result
            .as_ref()
            .err()
            .is_some_and(|e| key_at(table, e).as_deref() == Some(key));
        if !still_wrong {
            return result;
        }
    }
    table.remove(key);
    read(table)
}

/// The key of `table` whose key or value the error `e` is about; None for a missing key (serde
/// points those at the table).
fn key_at(table: &DeTable<'_>, e: &toml::de::Error) -> Option<String> {
    if e.message().starts_with("missing field") {
        return None;
    }
    let at = e.span()?.start;
    let (key, _) = table
        .iter()
        .find(|(k, v)| k.span().contains(&at) || v.span().contains(&at) || v.span().start == at)?;
    Some(key.get_ref().to_string())
}

/// The TOML header of an array of tables under `header` (`side` then `side.unit`).
fn header_of(header: &str, child: &str) -> String {
    if header.is_empty() {
        child.to_string()
    } else {
        format!("{header}.{child}")
    }
}

/// Checks each table of an array of tables such as `[[side.unit]]`.
fn check_children(
    value: &mut Spanned<DeValue<'_>>,
    header: &str,
    schema: &TableSchema,
    path: &KeyPath,
    problems: &mut Vec<Problem>,
) {
    let span = value.span();
    let name = header.rsplit('.').next().unwrap_or(header);
    match value.get_mut() {
        DeValue::Array(items) if items.iter().all(|i| i.get_ref().is_table()) => {
            for (index, item) in items.iter_mut().enumerate() {
                let id = item
                    .get_ref()
                    .get("id")
                    .and_then(|id| id.get_ref().as_str());
                let item_path = path.item(name, id, index);
                check_shape(item, schema, header, &item_path, problems);
            }
        }
        _ => {
            let message = format!("expected tables: write a `[[{header}]]` header for each one");
            problems.push(Problem::new(Some(span), path.key(name), message));
        }
    }
}

fn unknown_key(
    path: &KeyPath,
    key: &Spanned<toml::de::DeString<'_>>,
    keys: &[&str],
    what: &str,
) -> Problem {
    let suggestion = did_you_mean(key.get_ref(), keys.iter().copied());
    let message = if suggestion.is_empty() {
        format!("unknown key; {what} may have: {}", keys.join(", "))
    } else {
        format!("unknown key{suggestion}")
    };
    Problem::new(Some(key.span()), path.key(key.get_ref()), message)
}

/// Serde's words turned into TOML's.
fn plain_serde_message(message: &str) -> String {
    message
        .replace("missing field", "missing key")
        .replace("expected i64", "expected a whole number")
        .replace("expected a sequence", "expected an array")
        .replace("expected a boolean", "expected true or false")
        .replace("integer `", "whole number `")
        .replace("expected a map", "expected a table")
        .replace(": map,", ": table,")
}

/// The keys a schema struct accepts, as serde's derive lists them (renames applied).
fn keys_of<T: DeserializeOwned>() -> &'static [&'static str] {
    match T::deserialize(KeyProbe) {
        Err(ProbeError(Some(keys))) => keys,
        _ => &[],
    }
}

/// A deserializer that only asks a struct for its field names.
struct KeyProbe;

#[derive(Debug)]
struct ProbeError(Option<&'static [&'static str]>);

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a struct")
    }
}

impl std::error::Error for ProbeError {}

impl serde::de::Error for ProbeError {
    fn custom<T: fmt::Display>(_: T) -> Self {
        ProbeError(None)
    }
}

impl<'de> serde::Deserializer<'de> for KeyProbe {
    type Error = ProbeError;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, _: V) -> Result<V::Value, ProbeError> {
        Err(ProbeError(None))
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, ProbeError> {
        Err(ProbeError(Some(fields)))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

// ---- pass 3: meaning ----------------------------------------------------------------------

/// A side, formation or unit with its path and the index of its side.
struct Node<'a, T> {
    path: KeyPath,
    side: usize,
    def: &'a T,
}

/// Every side, formation and unit of the file, with paths, in file order within each list.
struct Tree<'a> {
    sides: Vec<Node<'a, SideDef>>,
    formations: Vec<Node<'a, FormationDef>>,
    units: Vec<Node<'a, UnitDef>>,
}

impl<'a> Tree<'a> {
    fn new(file: &'a ScenarioFile) -> Self {
        let mut tree = Tree {
            sides: Vec::new(),
            formations: Vec::new(),
            units: Vec::new(),
        };
        for (side, def) in file.sides.iter().enumerate() {
            let path = KeyPath::default().item("side", Some(def.id.get_ref()), side);
            tree.add_units(&path, side, &def.units);
            tree.add_formations(&path, side, &def.formations);
            tree.sides.push(Node { path, side, def });
        }
        tree
    }

    fn add_formations(&mut self, parent: &KeyPath, side: usize, defs: &'a [FormationDef]) {
        for (i, def) in defs.iter().enumerate() {
            let path = parent.item("formation", Some(def.id.get_ref()), i);
            self.add_units(&path, side, &def.units);
            self.add_formations(&path, side, &def.formations);
            self.formations.push(Node { path, side, def });
        }
    }

    fn add_units(&mut self, parent: &KeyPath, side: usize, defs: &'a [UnitDef]) {
        for (i, def) in defs.iter().enumerate() {
            let path = parent.item("unit", Some(def.id.get_ref()), i);
            self.units.push(Node { path, side, def });
        }
    }

    /// Every id with what it names and its key, in file order.
    fn ids(&self) -> Vec<(&'static str, String, &'a Spanned<String>)> {
        let sides = (self.sides.iter()).map(|n| ("side", n.path.key("id"), &n.def.id));
        let formations =
            (self.formations.iter()).map(|n| ("formation", n.path.key("id"), &n.def.id));
        let units = (self.units.iter()).map(|n| ("unit", n.path.key("id"), &n.def.id));
        let mut ids: Vec<_> = sides.chain(formations).chain(units).collect();
        ids.sort_by_key(|(_, _, id)| id.span().start);
        ids
    }
}

/// The checks that need the file read: names, ids, references, and the rule set's vocabulary.
struct Meaning<'a> {
    file: &'a ScenarioFile,
    source: &'a str,
    tree: Tree<'a>,
    problems: Vec<Problem>,
}

impl<'a> Meaning<'a> {
    fn new(file: &'a ScenarioFile, source: &'a str) -> Self {
        Meaning {
            file,
            source,
            tree: Tree::new(file),
            problems: Vec::new(),
        }
    }

    /// Runs every check; the rule set and options in force when the rule set is known.
    fn run(&mut self) -> Option<(&'static dyn Ruleset, Options)> {
        self.texts();
        self.ids();
        self.sides();
        self.turns();
        self.arrivals();
        self.references();
        let ruleset = self.ruleset()?;
        let mut options = self.options(ruleset);
        self.data_tables(ruleset, &mut options);
        self.vocabulary(ruleset);
        self.unit_fields(ruleset);
        self.concealment(ruleset);
        let roster = ruleset.roster(self.file, &options);
        let order = OrderOfBattle::new(self.file, &roster);
        self.problems.extend(ruleset.validate(&order, &options));
        Some((ruleset, options))
    }

    fn push(&mut self, span: Range<usize>, key: String, value: String, message: String) {
        self.problems
            .push(Problem::new(Some(span), key, message).with_value(value));
    }

    // -- rule set

    fn ruleset(&mut self) -> Option<&'static dyn Ruleset> {
        let id = &self.file.ruleset;
        if let Some(r) = rules::get(id.get_ref()) {
            return Some(r);
        }
        let message = format!(
            "unknown rule set{}; `umpire rulesets` lists those this version has",
            did_you_mean(id.get_ref(), rules::registry().iter().map(|r| r.id()))
        );
        self.push(id.span(), "ruleset".into(), quoted(id), message);
        None
    }

    // -- names and ids

    /// Title, description, and the name (and nationality) of every side, formation and unit.
    fn texts(&mut self) {
        let file = self.file;
        self.text("title".into(), &file.title, forbidden_char, MAX_NAME_CHARS);
        if let Some(d) = &file.description {
            let key = "description".to_string();
            self.text(key, d, forbidden_in_prose, MAX_DESCRIPTION_CHARS);
        }
        let mut goals: Vec<(String, &Spanned<String>)> = Vec::new();
        let mut names: Vec<(String, &Spanned<String>)> = Vec::new();
        for n in &self.tree.sides {
            if let Some(goal) = &n.def.goal {
                goals.push((n.path.key("goal"), goal));
            }
            names.push((n.path.key("name"), &n.def.name));
            if let Some(nat) = &n.def.nationality {
                names.push((n.path.key("nationality"), nat));
            }
        }
        for n in &self.tree.formations {
            names.push((n.path.key("name"), &n.def.name));
        }
        for n in &self.tree.units {
            names.push((n.path.key("name"), &n.def.name));
        }
        for (key, name) in names {
            self.text(key, name, forbidden_char, MAX_NAME_CHARS);
        }
        for (key, goal) in goals {
            self.text(key, goal, forbidden_in_prose, MAX_DESCRIPTION_CHARS);
        }
        self.names_apart();
    }

    /// Every name of a side, a formation or a unit is written (not blank); a formation's or a
    /// unit's is not the id of another (the screen's go-to and the log read both), and is unique
    /// among the formations and units of its side as a reader sees it: the same letters composed
    /// or decomposed (NFC and NFD) are one name.
    fn names_apart(&mut self) {
        use unicode_normalization::UnicodeNormalization as _;
        let ids: HashMap<&str, &str> = self
            .tree
            .ids()
            .into_iter()
            .map(|(what, _, id)| (id.get_ref().as_str(), what))
            .collect();
        // A side may share its name with its own force (a battle group and its formation); the
        // formations and units within it are told apart.
        let mut named: Vec<(usize, String, &Spanned<String>, &Spanned<String>)> = Vec::new();
        let blank_sides: Vec<(String, &Spanned<String>)> = self
            .tree
            .sides
            .iter()
            .filter(|n| n.def.name.get_ref().trim().is_empty())
            .map(|n| (n.path.key("name"), &n.def.name))
            .collect();
        for (key, name) in blank_sides {
            self.push(
                name.span(),
                key,
                quoted(name),
                "a name may not be blank".into(),
            );
        }
        for n in &self.tree.formations {
            named.push((n.side, n.path.key("name"), &n.def.name, &n.def.id));
        }
        for n in &self.tree.units {
            named.push((n.side, n.path.key("name"), &n.def.name, &n.def.id));
        }
        named.sort_by_key(|(_, _, name, _)| name.span().start);
        let mut first: HashMap<(usize, String), usize> = HashMap::new();
        for (side, key, name, id) in named {
            let text = name.get_ref();
            if text.trim().is_empty() {
                self.push(
                    name.span(),
                    key,
                    quoted(name),
                    "a name may not be blank".into(),
                );
                continue;
            }
            if let Some(what) = ids.get(text.as_str())
                && text != id.get_ref()
            {
                let message = format!(
                    "this name is the id of a {what}: a name may not be another's id, or the one \
                     would be taken for the other"
                );
                self.push(name.span(), key, quoted(name), message);
                continue;
            }
            let seen: String = text.trim().nfc().collect();
            match first.get(&(side, seen.clone())) {
                Some(&start) => {
                    let (line, _) = line_col(self.source, start);
                    let message = format!(
                        "the same name as another of this side (line {line}): names within a side \
                         must be told apart (the same letters composed or decomposed are one name)"
                    );
                    self.push(name.span(), key, quoted(name), message);
                }
                None => {
                    first.insert((side, seen), name.span().start);
                }
            }
        }
    }

    /// Refuses the characters `forbidden` finds, pointing at the first one, and text longer than
    /// `max` characters, pointing at the first character too many.
    fn text(
        &mut self,
        key: String,
        value: &Spanned<String>,
        forbidden: fn(&str) -> Option<(usize, char)>,
        max: usize,
    ) {
        if let Some((at, c)) = forbidden(value.get_ref()) {
            let span = self.char_span(value, at);
            self.push(span, key, quoted(value), forbidden_message(c));
        } else if let Some((at, count)) = too_long(value.get_ref(), max) {
            let span = self.char_span(value, at);
            let message = format!("too long: at most {max} characters; this one has {count}");
            self.push(span, key, quoted(value), message);
        }
    }

    /// The source span of the character at byte `at` of a string value's text.
    fn char_span(&self, value: &Spanned<String>, at: usize) -> Range<usize> {
        let span = value.span();
        let literal = self.source.get(span.clone()).unwrap_or("");
        match raw_offset(literal, at) {
            Some(offset) => span.start + offset..span.start + offset + 1,
            None => span,
        }
    }

    /// Every id is well formed and used once across sides, formations and units.
    fn ids(&mut self) {
        let ids = self.tree.ids();
        // Ids are compared without regard to case: `DE-INF` beside `de-inf` is one id twice.
        let mut first: HashMap<String, (&str, usize, &str)> = HashMap::new();
        for (what, key, id) in ids {
            if let Some((at, message)) = id_problem(id.get_ref()) {
                let span = self.char_span(id, at);
                self.push(span, key, quoted(id), message);
                continue;
            }
            match first.get(&id.get_ref().to_ascii_lowercase()) {
                Some(&(first_what, start, written)) => {
                    let (line, _) = line_col(self.source, start);
                    let same = if written == id.get_ref() {
                        String::new()
                    } else {
                        format!(" `{written}` (ids are the same whatever their case)")
                    };
                    let message = format!(
                        "duplicate id: already the id of a {first_what}{same} (first defined at line {line}); ids must be unique across sides, formations and units"
                    );
                    self.push(id.span(), key, quoted(id), message);
                }
                None => {
                    first.insert(
                        id.get_ref().to_ascii_lowercase(),
                        (what, id.span().start, id.get_ref()),
                    );
                }
            }
        }
    }

    // -- sides and turns

    fn sides(&mut self) {
        let file = self.file;
        if file.sides.len() < 2 {
            let span = file.sides.first().map(|s| s.id.span());
            self.problems.push(Problem::new(
                span,
                "side",
                format!(
                    "a battle needs at least two sides ([[side]] tables); this file has {}",
                    file.sides.len()
                ),
            ));
        }
        if let Some(first) = &file.first_side {
            let ids = file.sides.iter().map(|s| s.id.get_ref().as_str());
            if let Some((at, c)) = forbidden_char(first.get_ref()) {
                let span = self.char_span(first, at);
                self.push(
                    span,
                    "first_side".into(),
                    quoted(first),
                    forbidden_message(c),
                );
            } else if !file.sides.iter().any(|s| s.id.get_ref() == first.get_ref()) {
                let message = format!("no side has this id{}", did_you_mean(first.get_ref(), ids));
                self.push(first.span(), "first_side".into(), quoted(first), message);
            }
        }
    }

    fn turns(&mut self) {
        if let Some(turns) = &self.file.turns
            && *turns.get_ref() < 1
        {
            let message = "expected a whole number of turns, at least 1".to_string();
            self.push(
                turns.span(),
                "turns".into(),
                turns.get_ref().to_string(),
                message,
            );
        }
    }

    /// Every `arrives` (of a unit, a formation or a concealment stand) is a turn of the battle
    /// from 1, or `"umpire"`.
    fn arrivals(&mut self) {
        let last = self
            .file
            .turns
            .as_ref()
            .map(|t| *t.get_ref())
            .filter(|&t| t >= 1);
        let mut found = Vec::new();
        let units = (self.tree.units.iter()).map(|n| (n.path.key("arrives"), &n.def.arrives));
        let formations =
            (self.tree.formations.iter()).map(|n| (n.path.key("arrives"), &n.def.arrives));
        let stands = self.tree.sides.iter().flat_map(|n| {
            (n.def.concealed.iter().enumerate())
                .map(|(i, c)| (n.path.item("concealed", None, i).key("arrives"), &c.arrives))
        });
        for (key, value) in units.chain(formations).chain(stands) {
            let Some(value) = value else { continue };
            let expected = match last {
                Some(last) => format!(
                    "a turn of the battle from 1 to {last}, or \"umpire\" (held off the table until the umpire brings it on)"
                ),
                None => "a turn from 1, or \"umpire\" (held off the table until the umpire brings it on)".to_string(),
            };
            let message = match value.get_ref() {
                toml::Value::Integer(n) if *n < 1 => {
                    format!("turn {n} is before the battle's first; expected {expected}")
                }
                toml::Value::Integer(n) if last.is_some_and(|l| *n > l) => format!(
                    "turn {n} is past the battle's last ({}); expected {expected}",
                    last.unwrap_or_default()
                ),
                toml::Value::Integer(n) if *n > i64::from(crate::model::state::MAX_TURN) => {
                    format!("turn {n} is past the last a battle may reach; expected {expected}")
                }
                toml::Value::Integer(_) => continue,
                toml::Value::String(s) if s == "umpire" => continue,
                toml::Value::String(s) => format!(
                    "`{s}` is not an arrival{}; expected {expected}",
                    did_you_mean(s, ["umpire"])
                ),
                other => format!(
                    "a {} is not an arrival; expected {expected}",
                    other.type_str()
                ),
            };
            found.push((value.span(), key, value.get_ref().to_string(), message));
        }
        for (span, key, value, message) in found {
            self.push(span, key, value, message);
        }
    }

    // -- references

    /// Concealment lists name units that exist (unit fields that name units are checked with the
    /// rule set's fields).
    fn references(&mut self) {
        let units = self.unit_sides();
        self.concealed(&units);
    }

    /// Every unit's id with its side.
    fn unit_sides(&self) -> HashMap<&'a str, usize> {
        (self.tree.units.iter())
            .map(|n| (n.def.id.get_ref().as_str(), n.side))
            .collect()
    }

    /// Checks that `r` names a unit (other than `own`, and of side `side` when given: `why`
    /// says why it must be of that side).
    fn unit_reference(
        &mut self,
        key: String,
        r: &Spanned<String>,
        units: &HashMap<&str, usize>,
        own: Option<&str>,
        side: Option<usize>,
        why: &str,
    ) {
        if let Some((at, c)) = forbidden_char(r.get_ref()) {
            let span = self.char_span(r, at);
            self.push(span, key, quoted(r), forbidden_message(c));
            return;
        }
        let message = match units.get(r.get_ref().as_str()) {
            None => format!(
                "no unit has this id{}",
                did_you_mean(r.get_ref(), units.keys().copied())
            ),
            Some(_) if own == Some(r.get_ref().as_str()) => "a unit cannot refer to itself".into(),
            Some(&s) if side.is_some_and(|side| side != s) => format!(
                "this is a unit of side `{}`; {why}",
                self.file.sides[s].id.get_ref()
            ),
            Some(_) => return,
        };
        self.push(r.span(), key, quoted(r), message);
    }

    /// Concealment stands: numbers unique within the side, units of the side.
    fn concealed(&mut self, units: &HashMap<&str, usize>) {
        let file = self.file;
        for (side, s) in file.sides.iter().enumerate() {
            let path = self.tree.sides[side].path.clone();
            let mut numbers: HashMap<i64, usize> = HashMap::new();
            // Where each unit is first hidden: a unit is behind one stand at most.
            let mut hidden: HashMap<&str, i64> = HashMap::new();
            for (i, c) in s.concealed.iter().enumerate() {
                let cpath = path.item("concealed", None, i);
                let number = *c.number.get_ref();
                if let Some(&start) = numbers.get(&number) {
                    let (line, _) = line_col(self.source, start);
                    let message = format!(
                        "this side already has a concealment stand with this number (first defined at line {line})"
                    );
                    self.push(
                        c.number.span(),
                        cpath.key("number"),
                        number.to_string(),
                        message,
                    );
                } else {
                    numbers.insert(number, c.number.span().start);
                }
                for (j, u) in c.units.iter().enumerate() {
                    let key = cpath.key(&format!("units[{j}]"));
                    match hidden.get(u.get_ref().as_str()) {
                        Some(&first) => {
                            let message = if first == number {
                                "listed twice behind this stand".to_string()
                            } else {
                                format!(
                                    "already hidden behind stand {first}: a unit is behind one stand at most"
                                )
                            };
                            self.push(u.span(), key, quoted(u), message);
                        }
                        None => {
                            hidden.insert(u.get_ref().as_str(), number);
                            let why = "a concealment stand hides its own side's units";
                            self.unit_reference(key, u, units, None, Some(side), why);
                        }
                    }
                }
            }
        }
    }

    /// Concealment stands only where the rule set has concealed columns: one problem per side
    /// that has any, at its first stand.
    fn concealment(&mut self, ruleset: &'static dyn Ruleset) {
        if ruleset.conceals() {
            return;
        }
        for n in &self.tree.sides {
            if let Some(first) = n.def.concealed.first() {
                let message = format!(
                    "{} has no concealed columns: remove [[side.concealed]]",
                    ruleset.id()
                );
                let key = n.path.key("concealed");
                self.problems
                    .push(Problem::new(Some(first.span.clone()), key, message));
            }
        }
    }

    // -- the rule set's vocabulary

    /// Every option is known, of the right type and range, and per side only where allowed.
    fn options(&mut self, ruleset: &'static dyn Ruleset) -> Options {
        let mut options = Options::defaults(ruleset.options());
        let scenario_wide = KeyPath::default().then("options");
        for (key, value) in &self.file.options {
            if let Some((def, v)) = self.option(ruleset, &scenario_wide, key, value) {
                options.set(def.key, v);
            }
        }
        let sides: Vec<(KeyPath, &SideDef)> = (self.tree.sides.iter())
            .map(|n| (n.path.then("options"), n.def))
            .collect();
        for (path, side) in &sides {
            for (key, value) in &side.options {
                if let Some((def, v)) = self.option(ruleset, path, key, value)
                    && self.allowed_per_side(ruleset, def, path, key, value)
                {
                    options.set_for_side(side.id.get_ref(), def.key, v);
                }
            }
        }
        let global = ruleset.option_conflicts(&options, None);
        for conflict in &global {
            self.conflict(&scenario_wide, &self.file.options, conflict);
        }
        for (path, side) in &sides {
            let own = ruleset.option_conflicts(&options, Some(side.id.get_ref()));
            for conflict in own.iter().filter(|c| !global.contains(c)) {
                self.conflict(path, &side.options, conflict);
            }
        }
        options
    }

    /// Reports options that contradict each other, at the first of them that `table` sets.
    fn conflict(
        &mut self,
        path: &KeyPath,
        table: &BTreeMap<Spanned<String>, Spanned<toml::Value>>,
        conflict: &OptionConflict,
    ) {
        let set =
            (conflict.keys.iter()).find_map(|k| table.iter().find(|(key, _)| key.get_ref() == k));
        match set {
            Some((key, value)) => {
                let name = path.key(key.get_ref());
                let shown = value.get_ref().to_string();
                self.push(key.span(), name, shown, conflict.message.clone());
            }
            None => {
                let problem = Problem::new(None, path.to_string(), conflict.message.clone());
                self.problems.push(problem);
            }
        }
    }

    /// Whether a side may set `def` for itself (saying why not if it may not).
    fn allowed_per_side(
        &mut self,
        ruleset: &'static dyn Ruleset,
        def: &OptionDef,
        path: &KeyPath,
        key: &Spanned<String>,
        value: &Spanned<toml::Value>,
    ) -> bool {
        if !def.per_side {
            let message = format!(
                "`{}` cannot differ between sides: set it in the scenario's [options] (per-side options: {})",
                def.key,
                per_side_keys(ruleset.options())
            );
            let name = path.key(key.get_ref());
            self.push(key.span(), name, value.get_ref().to_string(), message);
        }
        def.per_side
    }

    /// One `key = value` of an options table, if the key is an option and the value fits it.
    fn option(
        &mut self,
        ruleset: &'static dyn Ruleset,
        path: &KeyPath,
        key: &Spanned<String>,
        value: &Spanned<toml::Value>,
    ) -> Option<(&'static OptionDef, OptionValue)> {
        let defs = ruleset.options();
        let name = path.key(key.get_ref());
        let shown = value.get_ref().to_string();
        let Some(def) = defs.iter().find(|d| d.key == key.get_ref()) else {
            let message = format!(
                "{} has no such option{}",
                ruleset.id(),
                did_you_mean(key.get_ref(), defs.iter().map(|d| d.key))
            );
            self.push(key.span(), name, shown, message);
            return None;
        };
        let checked = option_value(value.get_ref())
            .ok_or_else(|| def.expected())
            .and_then(|v| def.check(&v).map(|()| v));
        match checked {
            Ok(v) => Some((def, v)),
            Err(expected) => {
                self.push(value.span(), name, shown, format!("expected {expected}"));
                None
            }
        }
    }

    /// Qualities, formation levels and unit kinds are names the rule set knows.
    fn vocabulary(&mut self, ruleset: &'static dyn Ruleset) {
        let qualities = ruleset.qualities();
        let levels = ruleset.formation_levels();
        let kinds: Vec<&str> = ruleset.unit_kinds().iter().map(|k| k.id).collect();
        let mut names: Vec<(String, &Spanned<String>, &[&str], &str)> = Vec::new();
        for n in &self.tree.sides {
            if let Some(q) = &n.def.quality {
                names.push((n.path.key("quality"), q, qualities, "quality"));
            }
        }
        for n in &self.tree.formations {
            if let Some(q) = &n.def.quality {
                names.push((n.path.key("quality"), q, qualities, "quality"));
            }
            if let Some(l) = &n.def.level {
                names.push((n.path.key("level"), l, levels, "formation level"));
            }
        }
        for n in &self.tree.units {
            if let Some(q) = &n.def.quality {
                names.push((n.path.key("quality"), q, qualities, "quality"));
            }
            names.push((n.path.key("kind"), &n.def.kind, &kinds, "unit kind"));
        }
        for (key, value, known, what) in names {
            if let Some(message) = choice_problem(ruleset.id(), value.get_ref(), known, what) {
                self.push(value.span(), key, quoted(value), message);
            }
        }
    }

    /// The `[tables]` section: tables the rule set declares, rows with usable ids, fields it
    /// declares for the table, each of its type, and every required field on a row it does not
    /// ship. What is sound goes into `options` for the rule set to read.
    fn data_tables(&mut self, ruleset: &'static dyn Ruleset, options: &mut Options) {
        let defs = ruleset.data_tables();
        let file = self.file;
        for (table, rows) in &file.tables {
            let table_key = format!("tables.{}", table.get_ref());
            let Some(def) = defs.iter().find(|d| d.id == table.get_ref()) else {
                let message = if defs.is_empty() {
                    format!("{} has no tables a scenario may change", ruleset.id())
                } else {
                    format!(
                        "no such table in {}{}; its tables: {}",
                        ruleset.id(),
                        did_you_mean(table.get_ref(), defs.iter().map(|d| d.id)),
                        defs.iter().map(|d| d.id).collect::<Vec<_>>().join(", ")
                    )
                };
                self.push(table.span(), table_key, quoted(table), message);
                continue;
            };
            let fields: Vec<&str> = def.fields.iter().map(|f| f.field.id).collect();
            for (row, values) in rows {
                let row_key = format!("{table_key}.{}", row.get_ref());
                if let Some((at, message)) = id_problem(row.get_ref()) {
                    let span = self.char_span(row, at);
                    self.push(span, row_key, quoted(row), message);
                    continue;
                }
                let mut sound = true;
                for (field, value) in values {
                    let key = format!("{row_key}.{}", field.get_ref());
                    let shown = value.get_ref().to_string();
                    let Some(f) = def.fields.iter().find(|f| f.field.id == field.get_ref()) else {
                        let message = format!(
                            "unknown field{}; a {} may have: {}",
                            did_you_mean(field.get_ref(), fields.iter().copied()),
                            def.row,
                            fields.join(", ")
                        );
                        self.push(field.span(), key, quoted(field), message);
                        sound = false;
                        continue;
                    };
                    if let Some(message) = field_problem(f.field.kind, value.get_ref()) {
                        self.push(value.span(), key, shown, message);
                        sound = false;
                    }
                }
                if !def.shipped.contains(&row.get_ref().as_str()) {
                    let missing: Vec<&str> = def
                        .fields
                        .iter()
                        .filter(|f| f.required && !values.keys().any(|k| k.get_ref() == f.field.id))
                        .map(|f| f.field.id)
                        .collect();
                    if !missing.is_empty() {
                        let message = format!(
                            "a new {} (not one of {}{}) must set {}",
                            def.row,
                            def.shipped.join(", "),
                            did_you_mean(row.get_ref(), def.shipped.iter().copied()),
                            missing.join(", ")
                        );
                        self.push(row.span(), row_key, quoted(row), message);
                        sound = false;
                    }
                }
                if sound {
                    // Each value is of its field's type, so each has a typed value.
                    for (field, value) in values {
                        if let Some(value) = typed_value(value.get_ref()) {
                            options.set_data(def.id, row.get_ref(), field.get_ref(), value);
                        }
                    }
                }
            }
        }
    }

    /// Unit fields the rule set does not use are refused, not silently ignored; those it uses are
    /// of the type it declares, and the ones naming units name units of the same side.
    fn unit_fields(&mut self, ruleset: &'static dyn Ruleset) {
        let defs = ruleset.unit_fields();
        let ids: Vec<&str> = defs.iter().map(|d| d.id).collect();
        let units = self.unit_sides();
        let mut found = Vec::new();
        let mut refs = Vec::new();
        let tree = &self.tree;
        for n in &tree.units {
            for (field, key_span, span, value) in set_fields(n.def) {
                let Some(def) = defs.iter().find(|d| d.id == field) else {
                    let theirs = rules::registry()
                        .iter()
                        .any(|r| r.unit_fields().iter().any(|d| d.id == field));
                    let (at, message) = if theirs {
                        let message = format!(
                            "`{field}` is not used by {} (it uses: {})",
                            ruleset.id(),
                            if ids.is_empty() {
                                "none".into()
                            } else {
                                ids.join(", ")
                            }
                        );
                        (span, message)
                    } else {
                        let known = UNIT_KEYS
                            .iter()
                            .copied()
                            .filter(|k| !matches!(*k, "quality" | "leader" | "hq" | "arrives"))
                            .chain(ids.iter().copied())
                            .chain(["arrives"]);
                        let message = format!(
                            "unknown key{}; a {} unit may have: {}",
                            did_you_mean(&field, known.clone()),
                            ruleset.id(),
                            known.collect::<Vec<_>>().join(", ")
                        );
                        (key_span, message)
                    };
                    found.push((at, n.path.key(&field), value, message));
                    continue;
                };
                let Some(raw) = n.def.field(&field) else {
                    continue; // a shared key (quality, leader, hq): typed by the schema
                };
                match field_problem(def.kind, raw.get_ref()) {
                    Some(message) => found.push((span, n.path.key(&field), value, message)),
                    None => match (def.kind, raw.get_ref()) {
                        (FieldKind::Unit, toml::Value::String(r)) => {
                            let r = Spanned::new(span, r.clone());
                            refs.push((n.path.key(&field), &def.id, r, n.def.id.get_ref(), n.side));
                        }
                        (FieldKind::Units, toml::Value::Array(items)) => {
                            // Spans of the items are not kept by `toml::Value`: point at the list.
                            for (i, item) in items.iter().enumerate() {
                                if let toml::Value::String(r) = item {
                                    let key = n.path.key(&format!("{field}[{i}]"));
                                    let r = Spanned::new(span.clone(), r.clone());
                                    refs.push((key, &def.id, r, n.def.id.get_ref(), n.side));
                                }
                            }
                        }
                        _ => {}
                    },
                }
            }
        }
        for (span, key, value, message) in found {
            self.push(span, key, value, message);
        }
        for (key, field, r, own, side) in refs {
            let why = format!("`{field}` names a unit of its own side");
            self.unit_reference(key, &r, &units, Some(own), Some(side), &why);
        }
    }
}

/// What is wrong with `value` as a unit field of type `kind`, if anything.
fn field_problem(kind: FieldKind, value: &toml::Value) -> Option<String> {
    let shown = |v: &toml::Value| match v {
        toml::Value::String(_) => "a text",
        toml::Value::Integer(_) => "a whole number",
        toml::Value::Float(_) => "a decimal number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(_) => "a list",
        toml::Value::Table(_) => "a table",
    };
    let wrong = |expected: &str| Some(format!("expected {expected}, found {}", shown(value)));
    match (kind, value) {
        (FieldKind::Flag, toml::Value::Boolean(_)) => None,
        (FieldKind::Flag, _) => wrong("true or false"),
        (FieldKind::Int { min, max }, toml::Value::Integer(n)) => (!(min..=max).contains(n))
            .then(|| format!("expected a whole number from {min} to {}", signed(max))),
        (FieldKind::Int { .. }, _) => wrong("a whole number"),
        (FieldKind::Choice(words), toml::Value::String(w)) => {
            (!words.contains(&w.as_str())).then(|| {
                format!(
                    "expected one of: {}{}",
                    words.join(", "),
                    did_you_mean(w, words.iter().copied())
                )
            })
        }
        (FieldKind::Choice(words), _) => wrong(&format!("one of: {}", words.join(", "))),
        (FieldKind::Text | FieldKind::Unit, toml::Value::String(t)) => {
            forbidden_char(t).map(|(_, c)| forbidden_message(c))
        }
        (FieldKind::Text, _) => wrong("a text"),
        (FieldKind::Unit, _) => wrong("a unit id"),
        (FieldKind::Units, toml::Value::Array(items)) => items.iter().find_map(|i| match i {
            toml::Value::String(t) => forbidden_char(t).map(|(_, c)| forbidden_message(c)),
            other => Some(format!("expected unit ids, found {}", shown(other))),
        }),
        (FieldKind::Units, _) => wrong("a list of unit ids"),
    }
}

/// A bound as a modifier is written: `+2`, `0`, `-2`.
fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

// ---- helpers ------------------------------------------------------------------------------

fn quoted(value: &Spanned<String>) -> String {
    format!("\"{}\"", value.get_ref())
}

/// Like [`forbidden_char`], for prose that may run over several lines (a description): line
/// breaks (`\n` or `\r\n`) are allowed, every other control or bidi character is not.
fn forbidden_in_prose(s: &str) -> Option<(usize, char)> {
    let mut start = 0;
    for line in s.split_inclusive('\n') {
        let text = line
            .strip_suffix("\r\n")
            .or_else(|| line.strip_suffix('\n'))
            .unwrap_or(line);
        if let Some((at, c)) = forbidden_char(text) {
            return Some((start + at, c));
        }
        start += line.len();
    }
    None
}

/// What is wrong with an id, and the byte offset in it of the fault.
/// The deepest a table may be nested: a side, and formations within formations below it.
const MAX_TABLE_DEPTH: usize = 24;

/// A table header nested deeper than [`MAX_TABLE_DEPTH`] (`[[side.formation.formation…]]`), said
/// once at its line: the TOML reader would otherwise stop at its own limit with one error per
/// table, none of them placed.
fn too_deep(source: &str) -> Option<Problem> {
    too_deep_below(source, 0)
}

/// [`too_deep`] for a text whose tables stand `below` levels down in a scenario (a formation's
/// own file, whose `[[unit]]` is a scenario's `[[side.formation.unit]]`).
fn too_deep_below(source: &str, below: usize) -> Option<Problem> {
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let header = line.trim();
        let Some(inner) = header
            .strip_prefix("[[")
            .and_then(|h| h.split("]]").next())
            .or_else(|| header.strip_prefix('[').and_then(|h| h.split(']').next()))
        else {
            continue;
        };
        let depth = inner.split('.').count() + below;
        if depth > MAX_TABLE_DEPTH {
            let at = start + line.len() - line.trim_start().len();
            return Some(Problem::new(
                Some(at..at + header.len()),
                format!(
                    "[[{}.…]]",
                    inner
                        .trim()
                        .split('.')
                        .take(2)
                        .collect::<Vec<_>>()
                        .join(".")
                ),
                format!(
                    "tables nested {depth} deep: formations may nest at most {} levels below \
                         a side",
                    MAX_TABLE_DEPTH - 1
                ),
            ));
        }
    }
    None
}

/// The problem with `value` as one of the rule set's `known` names of `what`, if any.
fn choice_problem(ruleset: &str, value: &str, known: &[&str], what: &str) -> Option<String> {
    if known.contains(&value) {
        return None;
    }
    if known.is_empty() {
        return Some(format!("{ruleset} has no {what}; remove this key"));
    }
    Some(format!(
        "not a {what} in {ruleset}{}; expected one of: {}",
        did_you_mean(value, known.iter().copied()),
        known.join(", ")
    ))
}

fn per_side_keys(defs: &[OptionDef]) -> String {
    let keys: Vec<&str> = defs.iter().filter(|d| d.per_side).map(|d| d.key).collect();
    if keys.is_empty() {
        "none".into()
    } else {
        keys.join(", ")
    }
}

/// A TOML value as an option value; floats, dates, arrays and tables are never options.
fn option_value(value: &toml::Value) -> Option<OptionValue> {
    match value {
        toml::Value::Boolean(b) => Some(OptionValue::Bool(*b)),
        toml::Value::Integer(n) => Some(OptionValue::Int(*n)),
        toml::Value::String(s) => Some(OptionValue::Text(s.clone())),
        _ => None,
    }
}

/// The optional fields a unit sets: name, span of the key (of the value for the shared keys,
/// whose key spans are not kept), span of the value, and the value as written.
fn set_fields(u: &UnitDef) -> Vec<(String, Range<usize>, Range<usize>, String)> {
    type Out = Vec<(String, Range<usize>, Range<usize>, String)>;
    fn add<T: fmt::Debug>(out: &mut Out, name: &str, v: &Option<Spanned<T>>) {
        if let Some(v) = v {
            let value = format!("{:?}", v.get_ref());
            out.push((name.to_string(), v.span(), v.span(), value));
        }
    }
    let mut out = Vec::new();
    add(&mut out, "quality", &u.quality);
    add(&mut out, "leader", &u.leader);
    add(&mut out, "hq", &u.hq);
    for (key, value) in &u.fields {
        let shown = value.get_ref().to_string();
        out.push((key.get_ref().clone(), key.span(), value.span(), shown));
    }
    out
}

/// Byte offset, within the TOML string literal `literal` (quotes included), of the character that
/// is at byte `target` of the decoded string. None if the literal cannot be followed that far.
fn raw_offset(literal: &str, target: usize) -> Option<usize> {
    let (open, basic) = if literal.starts_with("\"\"\"") {
        (3, true)
    } else if literal.starts_with("'''") {
        (3, false)
    } else if literal.starts_with('"') {
        (1, true)
    } else if literal.starts_with('\'') {
        (1, false)
    } else {
        return None;
    };
    let body = &literal[open..];
    // A newline right after a multi-line opening delimiter is not part of the string.
    let mut raw = match open {
        3 if body.starts_with("\r\n") => 2,
        3 if body.starts_with('\n') => 1,
        _ => 0,
    };
    let mut decoded = 0;
    while decoded < target {
        let rest = body.get(raw..)?;
        let (raw_len, decoded_len) = if basic && rest.starts_with('\\') {
            escape_lengths(rest)?
        } else {
            let c = rest.chars().next()?;
            (c.len_utf8(), c.len_utf8())
        };
        raw += raw_len;
        decoded += decoded_len;
    }
    (decoded == target).then_some(open + raw)
}

/// For an escape at the start of `rest`: its length in the source and in the decoded string.
fn escape_lengths(rest: &str) -> Option<(usize, usize)> {
    let hex = |digits: usize| -> Option<(usize, usize)> {
        let code = u32::from_str_radix(rest.get(2..2 + digits)?, 16).ok()?;
        Some((2 + digits, char::from_u32(code)?.len_utf8()))
    };
    match rest.as_bytes().get(1)? {
        b'u' => hex(4),
        b'U' => hex(8),
        b'x' => hex(2),
        b'b' | b't' | b'n' | b'f' | b'r' | b'e' | b'"' | b'\\' => Some((2, 1)),
        // A line-ending backslash in a multi-line string swallows the whitespace that follows.
        b' ' | b'\t' | b'\r' | b'\n' => {
            let after = rest[1..].trim_start_matches([' ', '\t', '\r', '\n']);
            Some((rest.len() - after.len(), 0))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(source: &str) -> Vec<String> {
        match parse("f", source) {
            Ok(_) => Vec::new(),
            Err(e) => e.0.iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn every_wrong_value_of_a_table_is_reported_once() {
        assert_eq!(
            errors("ruleset = 1\ntitle = \"t\"\nturns = \"ten\"\n"),
            [
                "f:1:11: ruleset: invalid type: whole number `1`, expected a string",
                "f:3:9: turns: invalid type: string \"ten\", expected a whole number",
            ]
        );
        // `ruleset` is not reported missing after its wrong value; `title` is missing, and with no
        // key of its own to point at, the message is at the start of the table (here the file).
        let e = errors("turns = 3\nruleset = 1\n");
        assert_eq!(
            e,
            [
                "f:1:1: missing key `title`",
                "f:2:11: ruleset: invalid type: whole number `1`, expected a string",
            ]
        );
    }

    #[test]
    fn wrong_values_and_missing_keys_in_nested_tables() {
        let source = "ruleset = \"newport\"\ntitle = \"t\"\n[[side]]\nid = \"a\"\nname = \"A\"\n\
                      [[side.unit]]\nid = \"u\"\nname = 3\nleader = \"yes\"\n";
        assert_eq!(
            errors(source),
            [
                "f:6:1: side \"a\" › unit \"u\": missing key `kind`",
                "f:8:8: side \"a\" › unit \"u\" › name: invalid type: whole number `3`, expected a string",
                "f:9:10: side \"a\" › unit \"u\" › leader: invalid type: string \"yes\", expected true or false",
            ]
        );
    }

    #[test]
    fn a_rule_set_field_of_the_wrong_type_or_unknown_is_named_at_its_value() {
        let source = "ruleset = \"newport\"\ntitle = \"t\"\n[[side]]\nid = \"a\"\nname = \"A\"\n\
                      [[side.unit]]\nid = \"u\"\nname = \"U\"\nkind = \"vehicle\"\nhmg = \"yes\"\n\
                      gun = 3\narmor = 1\n[[side]]\nid = \"b\"\nname = \"B\"\n";
        assert_eq!(
            errors(source),
            [
                "f:10:7: side \"a\" › unit \"u\" › hmg = \"yes\": expected true or false, found a text",
                "f:11:7: side \"a\" › unit \"u\" › gun = 3: expected a whole number from -2 to +2",
                "f:12:1: side \"a\" › unit \"u\" › armor = 1: unknown key (did you mean `armour`?); a newport unit may have: id, name, kind, quality, leader, hq, hmg, gun, armour, arrives",
            ]
        );
    }

    #[test]
    fn a_table_where_tables_are_expected() {
        assert_eq!(
            errors("ruleset = \"newport\"\ntitle = \"t\"\n[side]\nid = \"a\"\n"),
            ["f:3:1: side: expected tables: write a `[[side]]` header for each one"]
        );
    }

    #[test]
    fn raw_offset_follows_plain_and_escaped_strings() {
        // "Ab\u{202E}le": the bidi character is decoded byte 2, source byte 3 (after the quote).
        assert_eq!(raw_offset("\"Ab\u{202E}le\"", 2), Some(3));
        // A \u escape is 6 source bytes for a 1-byte character.
        assert_eq!(raw_offset(r#""\u0041\u001Bx""#, 1), Some(7));
        assert_eq!(raw_offset(r#""a\e[2J""#, 1), Some(2));
        assert_eq!(raw_offset(r#""\t\x1b""#, 1), Some(3));
        // A multi-byte character before the target.
        assert_eq!(raw_offset("\"é\\u202E\"", 2), Some(3));
        // Literal strings have no escapes.
        assert_eq!(raw_offset("'a\\b\u{202E}'", 3), Some(4));
        // Multi-line strings: the first newline is trimmed, a line-ending backslash swallows
        // whitespace.
        assert_eq!(raw_offset("\"\"\"\nab\u{202E}\"\"\"", 2), Some(6));
        assert_eq!(raw_offset("\"\"\"a\\\n   b\\e\"\"\"", 2), Some(10));
        // Not a string literal, or a target inside a character: no offset.
        assert_eq!(raw_offset("abc", 1), None);
        assert_eq!(raw_offset("\"é\"", 1), None);
    }

    #[test]
    fn keys_come_from_the_schema() {
        // A unit's own keys; the rest are its rule set's fields.
        assert_eq!(keys_of::<UnitDef>(), crate::model::UNIT_KEYS);
        assert!(keys_of::<SideDef>().contains(&"formation"));
        assert!(keys_of::<ScenarioFile>().contains(&"side"));
        assert_eq!(keys_of::<ConcealedDef>(), &["number", "units", "arrives"]);
    }

    #[test]
    fn prose_may_break_lines_but_nothing_else() {
        assert_eq!(forbidden_in_prose("one\ntwo\r\nthree\n"), None);
        assert_eq!(
            forbidden_in_prose("one\ntw\u{202E}o"),
            Some((6, '\u{202E}'))
        );
        assert_eq!(forbidden_in_prose("a\rb"), Some((1, '\r')));
        assert_eq!(forbidden_in_prose("a\tb"), Some((1, '\t')));
    }

    #[test]
    fn ids() {
        assert_eq!(id_problem("a-coy"), None);
        assert_eq!(id_problem("Mueller_2"), None);
        // Letters that look alike: a Cyrillic і, a fullwidth ｉ, an umlaut.
        assert_eq!(id_problem("de-\u{456}nf").map(|p| p.0), Some(3));
        assert_eq!(id_problem("de-\u{ff49}nf").map(|p| p.0), Some(3));
        assert_eq!(id_problem("Müller").map(|p| p.0), Some(1));
        // An id that would read as a flag.
        assert!(
            id_problem("--help")
                .unwrap()
                .1
                .contains("may not start with `-`")
        );
        assert!(id_problem("-").is_some());
        assert!(id_problem("").is_some());
        assert_eq!(id_problem("a coy").map(|p| p.0), Some(1));
        assert_eq!(id_problem("ab\u{202E}").map(|p| p.0), Some(2));
        assert_eq!(id_problem(&"x".repeat(crate::text::MAX_ID_CHARS)), None);
        let long = id_problem(&"x".repeat(crate::text::MAX_ID_CHARS + 1)).unwrap();
        assert_eq!(long.0, crate::text::MAX_ID_CHARS);
        assert!(long.1.contains("33"), "{}", long.1);
    }

    #[test]
    fn names_titles_and_descriptions_have_a_length_limit() {
        let file = |title: &str, name: &str| {
            format!(
                "ruleset = \"newport\"\ntitle = \"{title}\"\n[[side]]\nid = \"a\"\nname = \"{name}\"\n\
                 [[side]]\nid = \"b\"\nname = \"B\"\n"
            )
        };
        let longest = "é".repeat(MAX_NAME_CHARS);
        assert_eq!(errors(&file(&longest, &longest)), Vec::<String>::new());
        let e = errors(&file("T", &format!("{longest}x")));
        assert_eq!(
            e,
            ["f:5:89: side \"a\" › name = \"".to_string()
                + &longest
                + "x\": too long: at most 80 characters; this one has 81"]
        );
        let e = errors(&file(&"t".repeat(MAX_NAME_CHARS + 5), "A"));
        assert!(e[0].starts_with("f:2:90: title = "), "{e:?}");
        assert_eq!(too_long("abc", 3), None);
        assert_eq!(too_long("aéc", 1), Some((1, 3)));
    }

    #[test]
    fn references_with_invisible_characters_are_named_as_such() {
        // A rule set with concealment stands, and its rules in force.
        let source = "ruleset = \"scruby\"\ntitle = \"t\"\nfirst_side = \"a\u{200B}\"\n\
                      [[side]]\nid = \"a\"\nname = \"A\"\n\
                      [[side.unit]]\nid = \"u\"\nname = \"U\"\nkind = \"line\"\n\
                      [[side]]\nid = \"b\"\nname = \"B\"\n\
                      [[side.concealed]]\nnumber = 1\nunits = [\"u\u{2060}\"]\n\
                      [options]\nconcealment = true\n";
        let e = errors(source);
        assert_eq!(e.len(), 2, "{e:?}");
        assert!(
            e[0].starts_with("f:3:16: first_side = \"a\\u{200b}\": contains an invisible"),
            "{e:?}"
        );
        assert!(
            e[1].starts_with(
                "f:16:12: side \"b\" › concealed[0] › units[0] = \"u\\u{2060}\": contains an invisible"
            ),
            "{e:?}"
        );
    }

    #[test]
    fn concealment_stands_only_where_the_rule_set_has_them() {
        let file = |ruleset: &str, kind: &str| {
            format!(
                "ruleset = \"{ruleset}\"\ntitle = \"t\"\n\
                 [[side]]\nid = \"a\"\nname = \"A\"\n\
                 [[side.unit]]\nid = \"u\"\nname = \"U\"\nkind = \"{kind}\"\n\
                 [[side.unit]]\nid = \"v\"\nname = \"V\"\nkind = \"{kind}\"\n\
                 \x20 [[side.concealed]]\n  number = 1\n  units = [\"u\"]\n\
                 \x20 [[side.concealed]]\n  number = 2\n  units = [\"v\"]\n\
                 [[side]]\nid = \"b\"\nname = \"B\"\n\
                 concealed = [{{ number = 1, units = [] }}]\n"
            )
        };
        // One problem a side, at its first stand: the header, or the inline table.
        assert_eq!(
            errors(&file("newport", "infantry")),
            [
                "f:14:3: side \"a\" › concealed: newport has no concealed columns: remove [[side.concealed]]",
                "f:23:14: side \"b\" › concealed: newport has no concealed columns: remove [[side.concealed]]",
            ]
        );
        // A rule set that has them checks them with its own rules.
        let scruby = errors(&file("scruby", "line"));
        assert!(
            scruby
                .iter()
                .all(|e| !e.contains("has no concealed columns")),
            "{scruby:?}"
        );
        assert!(rules::get("scruby").unwrap().conceals());
        assert!(!rules::get("newport").unwrap().conceals());
    }

    #[test]
    fn a_concealment_stand_keeps_where_it_and_its_list_are_written() {
        let source = "ruleset = \"scruby\"\ntitle = \"t\"\n[[side]]\nid = \"a\"\nname = \"A\"\n\
                      [[side.concealed]]\nnumber = 1\nunits = [ ]\n\
                      [[side]]\nid = \"b\"\nname = \"B\"\nconcealed = [{ number = 2, units = [\"x\"] }]\n";
        let (parsed, errors) = DeTable::parse_recoverable(source);
        assert!(errors.is_empty());
        let root = Spanned::new(parsed.span(), DeValue::Table(parsed.into_inner()));
        let file = ScenarioFile::deserialize(ValueDeserializer::from(root)).unwrap();
        let at = |span: Range<usize>| &source[span];
        let a = &file.sides[0].concealed[0];
        assert_eq!(at(a.span.clone()), "[[side.concealed]]");
        assert_eq!(at(a.units_span.clone()), "[ ]");
        let b = &file.sides[1].concealed[0];
        assert_eq!(at(b.span.clone()), "{ number = 2, units = [\"x\"] }");
        assert_eq!(at(b.units_span.clone()), "[\"x\"]");
        assert_eq!(*b.number.get_ref(), 2);
    }

    #[test]
    fn paths_use_ids_when_usable() {
        let p = KeyPath::default()
            .item("side", Some("ger"), 1)
            .item("formation", Some("bad id"), 0)
            .item("unit", Some("2-3"), 3);
        assert_eq!(
            p.key("kind"),
            "side \"ger\" › formation[0] › unit \"2-3\" › kind"
        );
        assert_eq!(KeyPath::default().key("ruleset"), "ruleset");
    }

    #[test]
    fn choices_suggest_and_list() {
        let q = &["green", "regular", "elite"];
        assert_eq!(choice_problem("newport", "elite", q, "quality"), None);
        let m = choice_problem("newport", "veteran", q, "quality").unwrap();
        assert!(m.contains("expected one of: green, regular, elite"), "{m}");
        let m = choice_problem("newport", "regulars", q, "quality").unwrap();
        assert!(m.contains("did you mean `regular`"), "{m}");
        let m = choice_problem("fft3", "elite", &[], "quality").unwrap();
        assert_eq!(m, "fft3 has no quality; remove this key");
    }

    #[test]
    fn option_values_from_toml() {
        assert_eq!(
            option_value(&toml::Value::Boolean(true)),
            Some(OptionValue::Bool(true))
        );
        assert_eq!(
            option_value(&toml::Value::Integer(3)),
            Some(OptionValue::Int(3))
        );
        assert_eq!(
            option_value(&toml::Value::String("company".into())),
            Some(OptionValue::Text("company".into()))
        );
        assert_eq!(option_value(&toml::Value::Float(1.5)), None);
    }

    #[test]
    fn serde_words_become_toml_words() {
        assert_eq!(
            plain_serde_message("invalid type: string \"x\", expected i64"),
            "invalid type: string \"x\", expected a whole number"
        );
        assert_eq!(
            plain_serde_message("missing field `kind`"),
            "missing key `kind`"
        );
    }

    #[test]
    fn every_field_kind_checks_its_values() {
        use toml::Value as V;
        let text = |t: &str| V::String(t.into());
        let ok = |kind, v: V| assert_eq!(field_problem(kind, &v), None, "{kind:?} {v:?}");
        let bad = |kind, v: V, said: &str| {
            assert_eq!(
                field_problem(kind, &v).as_deref(),
                Some(said),
                "{kind:?} {v:?}"
            )
        };
        ok(FieldKind::Flag, V::Boolean(true));
        bad(
            FieldKind::Flag,
            V::Integer(1),
            "expected true or false, found a whole number",
        );
        let int = FieldKind::Int { min: 1, max: 4 };
        ok(int, V::Integer(1));
        ok(int, V::Integer(4));
        bad(int, V::Integer(5), "expected a whole number from 1 to +4");
        bad(int, V::Integer(0), "expected a whole number from 1 to +4");
        bad(int, text("4"), "expected a whole number, found a text");
        let choice = FieldKind::Choice(&["line", "road-column"]);
        ok(choice, text("line"));
        bad(
            choice,
            text("lin"),
            "expected one of: line, road-column (did you mean `line`?)",
        );
        bad(
            choice,
            V::Boolean(true),
            "expected one of: line, road-column, found true or false",
        );
        ok(FieldKind::Text, text("Panther"));
        bad(
            FieldKind::Text,
            text("a\u{202E}b"),
            &forbidden_message('\u{202E}'),
        );
        ok(FieldKind::Unit, text("a1"));
        bad(
            FieldKind::Unit,
            V::Integer(1),
            "expected a unit id, found a whole number",
        );
        ok(FieldKind::Units, V::Array(vec![text("a1"), text("a2")]));
        bad(
            FieldKind::Units,
            V::Array(vec![text("a1"), V::Integer(2)]),
            "expected unit ids, found a whole number",
        );
        bad(
            FieldKind::Units,
            text("a1"),
            "expected a list of unit ids, found a text",
        );
    }
}
