//! The scenario file's schema, as it is written in TOML.
//!
//! One schema serves every rule set: a field a rule set does not use is refused by that rule set's
//! validation (with the reason), never silently ignored; an unknown key is always an error. Values
//! that errors must point at are [`Spanned`], so every message can name `file:line:column`.
//!
//! ```toml
//! ruleset = "newport"
//! title = "Hill 112"
//! [options]
//! command_method = 2
//! [[side]]
//! id = "us"
//! name = "US Army"
//! quality = "regular"
//!   [[side.formation]]
//!   id = "a-coy"
//!   name = "A Company"
//!   level = "company"
//!     [[side.formation.unit]]
//!     id = "a-hq"
//!     name = "Capt. Miller"
//!     kind = "leader"
//! ```

use crate::declare::Value;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
pub use toml::Spanned;

/// The whole file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Rule set id: `scruby`, `newport`, `fft3` or `hats-of-tin`.
    pub ruleset: Spanned<String>,
    pub title: Spanned<String>,
    #[serde(default)]
    pub description: Option<Spanned<String>>,
    /// Game length in turns, if the scenario sets one.
    #[serde(default)]
    pub turns: Option<Spanned<i64>>,
    /// The side that takes the first turn (its id); the first side listed if absent.
    #[serde(default)]
    pub first_side: Option<Spanned<String>>,
    /// House rules and adjustable numbers, by the rule set's option keys.
    #[serde(default)]
    pub options: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(rename = "side", default)]
    pub sides: Vec<SideDef>,
    /// The rule set's published data changed or extended as house rules: table → row → field
    /// (`[tables.vehicle.tiger]`, `pen = 9`). Which tables and fields exist is the rule set's
    /// declaration ([`crate::declare::Declaration::data_tables`]); everything is kept with its place.
    #[serde(default)]
    pub tables: DataTables,
}

/// A scenario's `[tables]`: table → row id → field → value, each with its place in the file.
pub type DataTables = BTreeMap<
    Spanned<String>,
    BTreeMap<Spanned<String>, BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
>;

/// One side of the battle.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    /// Nationality (selects nationality tables where a rule set has them).
    #[serde(default)]
    pub nationality: Option<Spanned<String>>,
    /// Default quality of the side's formations and units.
    #[serde(default)]
    pub quality: Option<Spanned<String>>,
    /// What the side must do, in the scenario's words ("hold the bridge until move 8"): the
    /// side's own orders, which the report's outcome gives to the umpire and to that side alone.
    #[serde(default)]
    pub goal: Option<Spanned<String>>,
    /// Per-side values of options that may differ between sides.
    #[serde(default)]
    pub options: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    #[serde(rename = "formation", default)]
    pub formations: Vec<FormationDef>,
    /// Units directly under the side (off-table assets, independent stands).
    #[serde(rename = "unit", default)]
    pub units: Vec<UnitDef>,
    /// Concealment stands and the secret lists behind them.
    #[serde(rename = "concealed", default, deserialize_with = "stands")]
    pub concealed: Vec<ConcealedDef>,
}

/// A formation: battalion, company, platoon, division, brigade, regiment … (the rule set lists
/// which levels it knows). Formations nest.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationDef {
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    #[serde(default)]
    pub level: Option<Spanned<String>>,
    /// Quality of the formation's units unless they say otherwise.
    #[serde(default)]
    pub quality: Option<Spanned<String>>,
    /// When the whole formation comes on, if not at the start: a turn, or `"umpire"` (held off
    /// the table until the umpire brings it on). A unit's own `arrives` overrides it.
    #[serde(default)]
    pub arrives: Option<Spanned<toml::Value>>,
    #[serde(rename = "formation", default)]
    pub formations: Vec<FormationDef>,
    #[serde(rename = "unit", default)]
    pub units: Vec<UnitDef>,
}

/// A unit (stand, regiment tray, vehicle, gun, commander, off-table asset).
///
/// `id`, `name` and `kind` every unit has; `quality`, `leader` and `hq` are read by the core when
/// the rule set declares them. Every other key is one of the rule set's own fields
/// ([`crate::declare::Declaration::unit_fields`]: `hmg`, `figures`, `formation` …), kept with its place in
/// the file and checked against the rule set's declaration once the rule set is known.
#[derive(Clone, Debug)]
pub struct UnitDef {
    /// Short id, unique in the scenario; what the umpire types.
    pub id: Spanned<String>,
    pub name: Spanned<String>,
    /// The rule set's unit kind.
    pub kind: Spanned<String>,
    /// Overrides the formation's or side's quality.
    pub quality: Option<Spanned<String>>,
    /// A leader stand (platoon or company leader).
    pub leader: Option<Spanned<bool>>,
    /// The formation's headquarters stand.
    pub hq: Option<Spanned<bool>>,
    /// When it comes on, if not at the start: a turn, or `"umpire"` (held off the table until
    /// the umpire brings it on).
    pub arrives: Option<Spanned<toml::Value>>,
    /// The rule set's own fields, by key, as written.
    pub fields: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
}

/// The keys every unit table may hold whatever its rule set; any other key is a rule-set field.
pub const UNIT_KEYS: &[&str] = &["id", "name", "kind", "quality", "leader", "hq", "arrives"];

impl UnitDef {
    /// A rule-set field as written, if the unit sets it.
    pub fn field(&self, key: &str) -> Option<&Spanned<toml::Value>> {
        self.fields
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(_, v)| v)
    }
}

impl<'de> Deserialize<'de> for UnitDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = UnitDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a unit table")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<UnitDef, A::Error> {
                use serde::de::Error;
                let (mut id, mut name, mut kind) = (None, None, None);
                let (mut quality, mut leader, mut hq, mut arrives) = (None, None, None, None);
                let mut fields = BTreeMap::new();
                while let Some(key) = map.next_key::<Spanned<String>>()? {
                    match key.get_ref().as_str() {
                        "id" => id = Some(map.next_value()?),
                        "name" => name = Some(map.next_value()?),
                        "kind" => kind = Some(map.next_value()?),
                        "quality" => quality = Some(map.next_value()?),
                        "leader" => leader = Some(map.next_value()?),
                        "hq" => hq = Some(map.next_value()?),
                        "arrives" => arrives = Some(map.next_value()?),
                        _ => {
                            let value = map.next_value()?;
                            fields.insert(key, value);
                        }
                    }
                }
                Ok(UnitDef {
                    id: id.ok_or_else(|| A::Error::missing_field("id"))?,
                    name: name.ok_or_else(|| A::Error::missing_field("name"))?,
                    kind: kind.ok_or_else(|| A::Error::missing_field("kind"))?,
                    quality,
                    leader,
                    hq,
                    arrives,
                    fields,
                })
            }
        }
        d.deserialize_struct("UnitDef", UNIT_KEYS, Visit)
    }
}

/// A concealment stand: its number (all the opponent sees) and the units behind it.
#[derive(Clone, Debug)]
pub struct ConcealedDef {
    /// Where the stand is written: its `[[side.concealed]]` header (or its inline table).
    pub span: Range<usize>,
    pub number: Spanned<i64>,
    pub units: Vec<Spanned<String>>,
    /// Where the list of units is written (`[]` for an empty one).
    pub units_span: Range<usize>,
    /// When the stand comes on with its units, if not at the start: a turn, or `"umpire"`.
    pub arrives: Option<Spanned<toml::Value>>,
}

/// The keys of a concealment stand.
const CONCEALED_KEYS: &[&str] = &["number", "units", "arrives"];

impl<'de> Deserialize<'de> for ConcealedDef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = ConcealedDef;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a concealment stand table")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<ConcealedDef, A::Error> {
                use serde::de::Error;
                /// The keys, read as such so that an unknown one is refused at the key.
                #[derive(Deserialize)]
                #[serde(field_identifier, rename_all = "lowercase")]
                enum Key {
                    Number,
                    Units,
                    Arrives,
                }
                let mut number = None;
                let mut arrives = None;
                let mut units: Option<Spanned<Vec<Spanned<String>>>> = None;
                while let Some(key) = map.next_key::<Key>()? {
                    match key {
                        Key::Number => number = Some(map.next_value()?),
                        Key::Units => units = Some(map.next_value()?),
                        Key::Arrives => arrives = Some(map.next_value()?),
                    }
                }
                let number = number.ok_or_else(|| A::Error::missing_field("number"))?;
                let units = units.ok_or_else(|| A::Error::missing_field("units"))?;
                Ok(ConcealedDef {
                    // The stand's own span is set by the side that reads it ([`stands`]).
                    span: units.span(),
                    number,
                    units_span: units.span(),
                    units: units.into_inner(),
                    arrives,
                })
            }
        }
        d.deserialize_struct("ConcealedDef", CONCEALED_KEYS, Visit)
    }
}

/// Reads a side's concealment stands, each with the span of its table.
fn stands<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<ConcealedDef>, D::Error> {
    let stands = Vec::<Spanned<ConcealedDef>>::deserialize(d)?;
    Ok(stands
        .into_iter()
        .map(|s| {
            let span = s.span();
            ConcealedDef {
                span,
                ..s.into_inner()
            }
        })
        .collect())
}

/// A value as written, as the rules read it: a unit's field, a row's field in `[tables]`. The
/// scenario's check types it against its field; a list keeps its texts only, and a date or a
/// table, which no field takes, is none.
pub fn typed_value(value: &toml::Value) -> Option<Value> {
    Some(match value {
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Integer(n) => Value::Int(*n),
        toml::Value::Float(x) => Value::Num(*x),
        toml::Value::String(t) => Value::Text(t.clone()),
        toml::Value::Array(items) => Value::List(
            items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_string))
                .collect(),
        ),
        toml::Value::Datetime(_) | toml::Value::Table(_) => return None,
    })
}

impl ScenarioFile {
    /// Every unit with the side index and the formation path (ids from the side down), in file order.
    pub fn units(&self) -> Vec<(usize, Vec<&FormationDef>, &UnitDef)> {
        fn walk<'a>(
            side: usize,
            path: &mut Vec<&'a FormationDef>,
            f: &'a FormationDef,
            out: &mut Vec<(usize, Vec<&'a FormationDef>, &'a UnitDef)>,
        ) {
            path.push(f);
            for u in &f.units {
                out.push((side, path.clone(), u));
            }
            for sub in &f.formations {
                walk(side, path, sub, out);
            }
            path.pop();
        }
        let mut out = Vec::new();
        for (i, s) in self.sides.iter().enumerate() {
            for u in &s.units {
                out.push((i, Vec::new(), u));
            }
            let mut path = Vec::new();
            for f in &s.formations {
                walk(i, &mut path, f, &mut out);
            }
        }
        out
    }

    /// Every formation with the side index and its parents (outermost first), in file order.
    pub fn formations(&self) -> Vec<(usize, Vec<&FormationDef>, &FormationDef)> {
        fn walk<'a>(
            side: usize,
            path: &mut Vec<&'a FormationDef>,
            f: &'a FormationDef,
            out: &mut Vec<(usize, Vec<&'a FormationDef>, &'a FormationDef)>,
        ) {
            out.push((side, path.clone(), f));
            path.push(f);
            for sub in &f.formations {
                walk(side, path, sub, out);
            }
            path.pop();
        }
        let mut out = Vec::new();
        for (i, s) in self.sides.iter().enumerate() {
            let mut path = Vec::new();
            for f in &s.formations {
                walk(i, &mut path, f, &mut out);
            }
        }
        out
    }
}

/// A problem found in a scenario, located by byte span (turned into line and column for display).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Byte range in the source, if known.
    pub span: Option<Range<usize>>,
    /// The key or dotted path concerned (`side[0].formation[1].unit[2].kind`).
    pub key: String,
    /// The offending value as written, if any.
    pub value: Option<String>,
    /// What was wrong and what was expected (with "did you mean" where it helps).
    pub message: String,
}

impl Problem {
    pub fn new(
        span: Option<Range<usize>>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            span,
            key: key.into(),
            value: None,
            message: message.into(),
        }
    }

    pub fn with_value(mut self, value: impl Into<String>) -> Self {
        self.value = Some(value.into());
        self
    }

    /// Locates the problem in `source` of `file`.
    pub fn locate(&self, file: &str, source: &str) -> ScenarioError {
        let (line, column) = match &self.span {
            Some(s) => crate::text::line_col(source, s.start),
            None => (1, 1),
        };
        ScenarioError {
            file: file.to_string(),
            line,
            column,
            key: self.key.clone(),
            value: self.value.clone(),
            message: self.message.clone(),
        }
    }
}

/// A located problem, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub key: String,
    pub value: Option<String>,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::text::escape_terminal as esc;
        write!(f, "{}:{}:{}: ", esc(&self.file), self.line, self.column)?;
        if !self.key.is_empty() {
            write!(f, "{}", esc(&self.key))?;
            if let Some(v) = &self.value {
                write!(f, " = {}", esc(v))?;
            }
            write!(f, ": ")?;
        }
        write!(f, "{}", esc(&self.message))
    }
}

/// Where a key is: `side "ger" › formation "2-plt" › unit "2-3"`. Rule sets name the keys of
/// their own problems with it too .
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyPath(Vec<String>);

impl KeyPath {
    /// The path of the `index`th `kind` (side, formation, unit …) under this one, named by its id
    /// when the id is usable, else by its index.
    pub fn item(&self, kind: &str, id: Option<&str>, index: usize) -> KeyPath {
        let label = match id {
            Some(id) if crate::text::id_problem(id).is_none() => format!("{kind} \"{id}\""),
            _ => format!("{kind}[{index}]"),
        };
        self.then(label)
    }

    /// The path of a table under this one that is named by its key (`options`).
    pub fn then(&self, segment: impl Into<String>) -> KeyPath {
        let mut segments = self.0.clone();
        segments.push(segment.into());
        KeyPath(segments)
    }

    /// The dotted name of `key` in this table.
    pub fn key(&self, key: &str) -> String {
        if self.0.is_empty() {
            key.to_string()
        } else {
            format!("{self} › {key}")
        }
    }
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.join(" › "))
    }
}
