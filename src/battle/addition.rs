//! A unit the umpire adds during the battle, one the scenario lacks (`umpire add`, the screen's
//! form): its table as the scenario would write it and where it goes. The event that adds it
//! carries it ([`super::EventKind::Add`]), so that every reader of the journal builds the unit
//! again; it is checked exactly as a scenario's unit is ([`crate::scenario::check_added`]).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The keys every unit may hold whatever its rule set, in the order a unit's text writes them;
/// the rule set's own fields follow by name.
const COMMON: &[&str] = &["id", "name", "kind", "quality", "leader", "hq"];

/// A unit added during the battle: its side, its formation if it goes under one, and its table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Addition {
    /// The side's id.
    pub side: String,
    /// The formation's id, if it goes under one (else directly under its side).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<String>,
    /// Its table as a scenario writes it: `id`, `name`, `kind`, `quality`, `leader`, `hq` and
    /// the rule set's fields, by key.
    pub unit: BTreeMap<String, toml::Value>,
}

/// Why a unit could not be added: what it is about, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddProblem {
    pub input: AddInput,
    /// The value as the unit's table writes it, when the problem is about one.
    pub value: Option<String>,
    pub message: String,
}

/// What a problem of a unit to add is about: the inputs of `umpire add` and of the screen's form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddInput {
    /// Its side.
    Side,
    /// Its formation.
    In,
    /// A key of its table (`kind`, `armour`).
    Key(String),
    /// The scenario whole, as it would stand with the unit (the words say where).
    Whole,
}

impl AddInput {
    /// The input as the command line names it: `--side`, `--in`, `--kind`, `--field armour`.
    pub fn flag(&self) -> String {
        match self {
            AddInput::Side => "--side".into(),
            AddInput::In => "--in".into(),
            AddInput::Key(k) if COMMON.contains(&k.as_str()) => format!("--{k}"),
            AddInput::Key(k) => format!("--field {k}"),
            AddInput::Whole => String::new(),
        }
    }
}

impl AddProblem {
    /// Every problem, one a line, each after the input it is about as the command line names
    /// it, with the value given: `--kind "tnak": unknown kind …`, `--field armour=9: …`.
    pub fn words(problems: &[AddProblem]) -> String {
        problems
            .iter()
            .map(|p| {
                let flag = p.input.flag();
                match (&p.input, &p.value) {
                    (AddInput::Whole, _) => p.message.clone(),
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
    /// The unit's id, as its table gives it (empty without one).
    pub fn id(&self) -> &str {
        self.text_of("id")
    }

    /// The unit's name, as its table gives it (empty without one).
    pub fn name(&self) -> &str {
        self.text_of("name")
    }

    fn text_of(&self, key: &str) -> &str {
        match self.unit.get(key) {
            Some(toml::Value::String(s)) => s,
            _ => "",
        }
    }

    /// Its table as the scenario writes it, one key a line (id, name, kind, quality, leader, hq,
    /// then the rule set's fields by name), with the key on each line.
    pub fn text(&self) -> (String, Vec<&str>) {
        let mut keys: Vec<&str> = COMMON
            .iter()
            .copied()
            .filter(|k| self.unit.contains_key(*k))
            .collect();
        keys.extend(
            self.unit
                .keys()
                .map(String::as_str)
                .filter(|k| !COMMON.contains(k)),
        );
        let mut text = String::new();
        for k in &keys {
            text.push_str(&toml_key(k));
            text.push_str(" = ");
            text.push_str(&self.unit[*k].to_string());
            text.push('\n');
        }
        (text, keys)
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
        "arrives" => Some(
            "an added unit is on the table as it joins (hold it back afterwards with the arrive \
             command)",
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_s_text_is_one_key_a_line_in_the_scenario_s_order() {
        let mut unit = BTreeMap::new();
        unit.insert("armour".into(), toml::Value::Integer(2));
        unit.insert("name".into(), toml::Value::String("Tank \"two\"".into()));
        unit.insert("id".into(), toml::Value::String("t2".into()));
        unit.insert("kind".into(), toml::Value::String("tank".into()));
        unit.insert("odd key".into(), toml::Value::Boolean(true));
        let a = Addition {
            side: "red".into(),
            formation: None,
            unit,
        };
        let (text, keys) = a.text();
        assert_eq!(
            text,
            "id = \"t2\"\nname = 'Tank \"two\"'\nkind = \"tank\"\narmour = 2\n\"odd key\" = true\n"
        );
        assert_eq!(keys, ["id", "name", "kind", "armour", "odd key"]);
        assert_eq!((a.id(), a.name()), ("t2", "Tank \"two\""));
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
