//! Inputs of a resolution: what the umpire types (range, cover, flank …), declared once per
//! procedure as [`ParamDef`]s. The command line turns them into flags (`--range 12`), the terminal UI
//! into form fields; both parse text through [`ParamDef::parse`], so validation and messages are
//! the same everywhere.

use crate::text::did_you_mean;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The input `name` of a procedure's declared inputs. Panics when it is not declared: the
/// names are the rule set's own constants, so that is a mistake in the program, not in the input.
pub fn param(params: &'static [ParamDef], name: &str) -> &'static ParamDef {
    params
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no input `{name}` declared"))
}

/// What sort of value a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamKind {
    /// Present or not (`--flank`).
    Flag,
    /// A whole number within bounds.
    Int { min: i64, max: i64 },
    /// A distance in inches (or areas), non-negative, halves allowed.
    Distance,
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// A unit of the battle, by id.
    Unit,
    /// Several units of the battle, by id, each optionally with `:word` qualifiers
    /// (`a1:hard,b2`), or in a table-only resolution several target descriptions.
    List,
    /// Free text.
    Text,
}

/// Where a parameter is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Asked both in a battle and for a table-only resolution.
    Both,
    /// Only in a battle (unit ids).
    Battle,
    /// Only for a table-only resolution; in a battle the rule set fills it from the units
    /// (the umpire may still override it).
    Derived,
}

/// One input of a procedure.
#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    /// Flag name without dashes (`firer-suppressed`).
    pub name: &'static str,
    pub help: &'static str,
    pub kind: ParamKind,
    /// Default as text, parsed like typed input.
    pub default: Option<&'static str>,
    pub scope: Scope,
    /// The input names a unit of the actor's enemy (a target, a defender): a form's list of
    /// units offers the enemy's first.
    pub enemy: bool,
    /// A flag that says what kind of act this is (opportunity fire, an overwatch shot): the log's
    /// short line names it beside the actor when it is set.
    pub qualifies: bool,
}

impl ParamDef {
    pub const fn flag(name: &'static str, help: &'static str) -> Self {
        Self {
            name,
            help,
            kind: ParamKind::Flag,
            default: None,
            scope: Scope::Both,
            enemy: false,
            qualifies: false,
        }
    }
    pub const fn new(name: &'static str, help: &'static str, kind: ParamKind) -> Self {
        Self {
            name,
            help,
            kind,
            default: None,
            scope: Scope::Both,
            enemy: false,
            qualifies: false,
        }
    }
    pub const fn default(mut self, text: &'static str) -> Self {
        self.default = Some(text);
        self
    }
    pub const fn derived(mut self) -> Self {
        self.scope = Scope::Derived;
        self
    }
    pub const fn battle(mut self) -> Self {
        self.scope = Scope::Battle;
        self
    }
    /// Marks a flag that says what kind of act this is ([`ParamDef::qualifies`]).
    pub const fn qualifies(mut self) -> Self {
        self.qualifies = true;
        self
    }
    /// Marks an input that names a unit of the actor's enemy ([`ParamDef::enemy`]).
    pub const fn enemy(mut self) -> Self {
        self.enemy = true;
        self
    }

    /// Parses typed text into a value of this parameter's kind.
    pub fn parse(&self, text: &str) -> Result<Value, ParamError> {
        let bad = |expected: String| ParamError::Invalid {
            param: self.name.to_string(),
            value: text.to_string(),
            expected,
        };
        let t = text.trim();
        match self.kind {
            ParamKind::Flag => match t {
                "" | "true" | "yes" | "y" | "on" | "1" => Ok(Value::Bool(true)),
                "false" | "no" | "n" | "off" | "0" => Ok(Value::Bool(false)),
                _ => Err(bad("yes or no".into())),
            },
            ParamKind::Int { min, max } => {
                let n: i64 = t
                    .strip_prefix('+')
                    .unwrap_or(t)
                    .parse()
                    .map_err(|_| bad(format!("a whole number from {min} to {max}")))?;
                if (min..=max).contains(&n) {
                    Ok(Value::Int(n))
                } else {
                    Err(bad(format!("a whole number from {min} to {max}")))
                }
            }
            ParamKind::Distance => {
                let t2 = t.trim_end_matches('"').trim_end_matches("in").trim();
                let x: f64 = t2
                    .parse()
                    .map_err(|_| bad("a distance such as 7 or 7.5".into()))?;
                if x.is_finite() && (0.0..=1000.0).contains(&x) {
                    Ok(Value::Num(x))
                } else {
                    Err(bad("a distance from 0 to 1000".into()))
                }
            }
            ParamKind::Choice(choices) => {
                let lower = t.to_lowercase();
                if let Some(c) = choices.iter().find(|c| **c == lower) {
                    return Ok(Value::Text((*c).to_string()));
                }
                // A unique prefix is accepted ("h" for hard).
                let matches: Vec<_> = choices
                    .iter()
                    .filter(|c| !lower.is_empty() && c.starts_with(&lower))
                    .collect();
                if matches.len() == 1 {
                    return Ok(Value::Text(matches[0].to_string()));
                }
                Err(bad(format!(
                    "one of {}{}",
                    choices.join(", "),
                    did_you_mean(t, choices.iter().copied())
                )))
            }
            ParamKind::Unit => {
                if t.is_empty() {
                    Err(bad("a unit id".into()))
                } else {
                    Ok(Value::Text(t.to_string()))
                }
            }
            ParamKind::List => {
                let items: Vec<String> = t
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect();
                if items.is_empty() {
                    Err(bad("one or more items separated by commas".into()))
                } else {
                    Ok(Value::List(items))
                }
            }
            ParamKind::Text => Ok(Value::Text(t.to_string())),
        }
    }

    /// A short description of the accepted values, for help screens.
    pub fn value_hint(&self) -> String {
        match self.kind {
            ParamKind::Flag => String::new(),
            ParamKind::Int { min, max } => format!("{min}..{max}"),
            ParamKind::Distance => "INCHES".into(),
            ParamKind::Choice(c) => c.join("|"),
            ParamKind::Unit => "UNIT".into(),
            ParamKind::List => "A,B,…".into(),
            ParamKind::Text => "TEXT".into(),
        }
    }
}

/// A parsed input value. Written as the JSON value it is (`true`, `12`, `7.5`, `"hard"`,
/// `["a1","b2"]`) and read back by the JSON type alone: a whole number is an `Int`, any other
/// number a `Num`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Num(f64),
    Text(String),
    List(Vec<String>),
}

impl Value {
    /// The text, for a text value.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Value::Text(t) => Some(t),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a yes/no, a number, a text or a list of texts")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
                Ok(Value::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
                Ok(Value::Int(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Value, E> {
                i64::try_from(v)
                    .map(Value::Int)
                    .map_err(|_| E::custom(format!("{v} is too large")))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
                Ok(Value::Num(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Value, E> {
                Ok(Value::Text(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<Value, E> {
                Ok(Value::Text(v))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Value, A::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(item) = seq.next_element::<String>()? {
                    items.push(item);
                }
                Ok(Value::List(items))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{}", if *b { "yes" } else { "no" }),
            Value::Int(n) => write!(f, "{n}"),
            Value::Num(x) => write!(f, "{x}"),
            Value::Text(s) => write!(f, "{s}"),
            Value::List(v) => write!(f, "{}", v.join(",")),
        }
    }
}

/// Bad input for a parameter.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    #[error("--{param} {value:?}: expected {expected}")]
    Invalid {
        param: String,
        value: String,
        expected: String,
    },
    #[error("--{param} is required: {help}")]
    Missing { param: String, help: String },
    #[error("unknown input --{param}{suggestion}")]
    Unknown { param: String, suggestion: String },
}

impl ParamError {
    /// The same error naming the input by its name alone, as a form shows it (`range "x":
    /// expected …`), where [`fmt::Display`] names it as the command line's flag (`--range`).
    pub fn plain(&self) -> String {
        match self {
            ParamError::Invalid {
                param,
                value,
                expected,
            } => format!("{param} {value:?}: expected {expected}"),
            ParamError::Missing { param, help } => format!("fill in {param}: {help}"),
            ParamError::Unknown { param, suggestion } => {
                format!("unknown input `{param}`{suggestion}")
            }
        }
    }
}

/// The inputs of one resolution, by parameter name.
///
/// Kept as a short vector sorted by name (a procedure has a handful of inputs, and every event of
/// a battle keeps its own in memory: a tree map's node costs far more than the few entries it
/// would hold). Written and read as a JSON object, names in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params(Vec<(String, Value)>);

impl Serialize for Params {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

impl<'de> Deserialize<'de> for Params {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Params;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of inputs by name")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Params, A::Error> {
                let mut items: Vec<(String, Value)> =
                    Vec::with_capacity(map.size_hint().unwrap_or(0));
                while let Some(item) = map.next_entry::<String, Value>()? {
                    items.push(item);
                }
                // By name; of a name given twice, the later value.
                items.reverse();
                items.sort_by(|a, b| a.0.cmp(&b.0));
                items.dedup_by(|later, earlier| later.0 == earlier.0);
                // Every event keeps its inputs for the whole battle: no spare room.
                items.shrink_to_fit();
                Ok(Params(items))
            }
        }
        d.deserialize_map(Visit)
    }
}

impl FromIterator<(String, Value)> for Params {
    /// Later values of the same name replace earlier ones.
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Self {
        let mut p = Params::new();
        for (k, v) in iter {
            p.set(&k, v);
        }
        p
    }
}

/// The order of two input names, as `str`'s: compared byte by byte in place (names are short).
#[inline]
fn name_order(a: &str, b: &str) -> std::cmp::Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    for (x, y) in a.iter().zip(b) {
        if x != y {
            return x.cmp(y);
        }
    }
    a.len().cmp(&b.len())
}

impl Params {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(mut self, name: &str, value: Value) -> Self {
        self.set(name, value);
        self
    }

    pub fn set(&mut self, name: &str, value: Value) {
        match self.0.binary_search_by(|(k, _)| name_order(k, name)) {
            Ok(i) => self.0[i].1 = value,
            Err(i) => self.0.insert(i, (name.to_string(), value)),
        }
    }

    /// The value of input `name`. An action has a few dozen inputs at most and each is read by
    /// name wherever it matters, so they are looked through in order (a name of another length
    /// is passed over at once) rather than searched by their order.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0
            .iter()
            .find(|(k, _)| k.as_bytes() == name.as_bytes())
            .map(|(_, v)| v)
    }

    /// Takes an input out.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.0
            .binary_search_by(|(k, _)| name_order(k, name))
            .ok()
            .map(|i| self.0.remove(i).1)
    }

    /// The inputs, by name in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The names given, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_str())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Parses `name=text` pairs against `defs`, applying defaults; unknown names are refused.
    pub fn parse<'a>(
        defs: &[ParamDef],
        given: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Params, ParamError> {
        let mut p = Params::given(defs, given)?;
        p.fill_defaults(defs)?;
        Ok(p)
    }

    /// Parses `name=text` pairs against `defs` as typed, without defaults; unknown names are
    /// refused.
    pub fn given<'a>(
        defs: &[ParamDef],
        given: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Params, ParamError> {
        let mut p = Params::new();
        for (name, text) in given {
            let def = defs
                .iter()
                .find(|d| d.name == name)
                .ok_or_else(|| ParamError::Unknown {
                    param: name.to_string(),
                    suggestion: did_you_mean(name, defs.iter().map(|d| d.name)),
                })?;
            p.set(name, def.parse(text)?);
        }
        Ok(p)
    }

    /// Fills in the defaults of parameters not given.
    pub fn fill_defaults(&mut self, defs: &[ParamDef]) -> Result<(), ParamError> {
        for d in defs {
            if self.get(d.name).is_none()
                && let Some(text) = d.default
            {
                let v = d.parse(text)?;
                self.set(d.name, v);
            }
        }
        Ok(())
    }

    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Bool(true)))
    }

    pub fn int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        }
    }

    pub fn num(&self, name: &str) -> Option<f64> {
        match self.get(name) {
            Some(Value::Num(x)) => Some(*x),
            Some(Value::Int(n)) => Some(*n as f64),
            _ => None,
        }
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Text(s)) => Some(s),
            _ => None,
        }
    }

    /// A text input with its surrounding blanks cut, if it holds anything else.
    pub fn filled_text(&self, name: &str) -> Option<&str> {
        self.text(name).map(str::trim).filter(|s| !s.is_empty())
    }

    pub fn list(&self, name: &str) -> &[String] {
        match self.get(name) {
            Some(Value::List(v)) => v,
            _ => &[],
        }
    }

    /// The text of a required parameter.
    pub fn require_text(&self, def: &ParamDef) -> Result<&str, ParamError> {
        self.text(def.name).ok_or_else(|| ParamError::Missing {
            param: def.name.to_string(),
            help: def.help.to_string(),
        })
    }

    /// The distance of a required parameter.
    pub fn require_num(&self, def: &ParamDef) -> Result<f64, ParamError> {
        self.num(def.name).ok_or_else(|| ParamError::Missing {
            param: def.name.to_string(),
            help: def.help.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COVER: ParamDef = ParamDef::new(
        "cover",
        "target cover",
        ParamKind::Choice(&["none", "soft", "hard"]),
    )
    .default("none");
    const RANGE: ParamDef = ParamDef::new("range", "range in inches", ParamKind::Distance);
    const GUN: ParamDef = ParamDef::new("gun", "gun modifier", ParamKind::Int { min: -3, max: 3 });

    #[test]
    fn parses_and_defaults() {
        let p = Params::parse(&[COVER, RANGE, GUN], [("range", "12"), ("gun", "+2")]).unwrap();
        assert_eq!(p.text("cover"), Some("none"));
        assert_eq!(p.num("range"), Some(12.0));
        assert_eq!(p.int("gun"), Some(2));
    }

    #[test]
    fn choice_prefix_and_suggestion() {
        assert_eq!(COVER.parse("h").unwrap(), Value::Text("hard".into()));
        let err = COVER.parse("hadr").unwrap_err().to_string();
        assert!(err.contains("did you mean `hard`"), "{err}");
    }

    #[test]
    fn kept_in_name_order_and_written_as_a_map() {
        let p = Params::new()
            .with("target", Value::Text("g1".into()))
            .with("firer", Value::Text("a".into()))
            .with("range", Value::Num(7.5))
            .with("firer", Value::Text("b".into()));
        assert_eq!(p.names().collect::<Vec<_>>(), ["firer", "range", "target"]);
        assert_eq!(p.get("firer"), Some(&Value::Text("b".into())));
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, r#"{"firer":"b","range":7.5,"target":"g1"}"#);
        let back: Params =
            serde_json::from_str(r#"{"target":"g1","range":7.5,"firer":"b"}"#).unwrap();
        assert_eq!(back, p);
        let twice: Params =
            serde_json::from_str(r#"{"firer":"a","range":7.5,"firer":"b","target":"g1"}"#).unwrap();
        assert_eq!(twice, p, "the later of two values is kept");
        let mut q = p.clone();
        assert_eq!(q.remove("range"), Some(Value::Num(7.5)));
        assert_eq!(q.len(), 2);
        assert!(Params::new().is_empty());
    }

    #[test]
    fn values_read_back_as_written() {
        for v in [
            Value::Bool(true),
            Value::Int(-3),
            Value::Num(7.5),
            Value::Num(12.0),
            Value::Text("hard".into()),
            Value::List(vec!["a1".into(), "b2".into()]),
        ] {
            let json = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<Value>(&json).unwrap(), v, "{json}");
        }
        assert!(serde_json::from_str::<Value>("null").is_err());
        assert!(serde_json::from_str::<Value>("[1]").is_err());
        assert!(serde_json::from_str::<Value>("18446744073709551615").is_err());
    }

    #[test]
    fn plain_words_name_the_input_without_dashes() {
        let e = RANGE.parse("twelve").unwrap_err();
        assert_eq!(
            e.to_string(),
            "--range \"twelve\": expected a distance such as 7 or 7.5"
        );
        assert_eq!(
            e.plain(),
            "range \"twelve\": expected a distance such as 7 or 7.5"
        );
        let missing = ParamError::Missing {
            param: "range".into(),
            help: "range in inches".into(),
        };
        assert_eq!(missing.plain(), "fill in range: range in inches");
        let unknown = Params::parse(&[COVER], [("cuver", "hard")]).unwrap_err();
        assert!(!unknown.plain().contains("--"), "{}", unknown.plain());
    }

    #[test]
    fn refuses_bad_values_and_unknown_names() {
        assert!(RANGE.parse("-1").is_err());
        assert!(RANGE.parse("twelve").is_err());
        assert_eq!(RANGE.parse("7.5\"").unwrap(), Value::Num(7.5));
        assert!(GUN.parse("4").is_err());
        let err = Params::parse(&[COVER], [("cuver", "hard")]).unwrap_err();
        assert!(err.to_string().contains("did you mean `cover`"));
    }
}
