//! House rules: every option a rule set offers, declared once as an [`OptionDef`] with its type,
//! default and explanation, set in a scenario's `[options]` table (or a side's, for options that
//! may differ between sides) and read through [`Options`].

use super::params::Value;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

/// The type and bounds of an option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OptionKind {
    Bool,
    Int { min: i64, max: i64 },
    Choice(&'static [&'static str]),
}

/// An option's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Text(String),
}

impl fmt::Display for OptionValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionValue::Bool(b) => write!(f, "{b}"),
            OptionValue::Int(n) => write!(f, "{n}"),
            OptionValue::Text(s) => write!(f, "\"{s}\""),
        }
    }
}

/// One house rule or adjustable number.
#[derive(Clone, Copy, Debug)]
pub struct OptionDef {
    /// Key in the scenario's `[options]` table.
    pub key: &'static str,
    pub kind: OptionKind,
    /// Default as it would be written in TOML (`false`, `3`, `"company"`).
    pub default: &'static str,
    /// What it does, in one or two sentences.
    pub help: &'static str,
    /// True when each side may set its own value (`[side.options]`).
    pub per_side: bool,
}

impl OptionDef {
    /// An on/off house rule, off by default, the same for every side.
    pub const fn flag(key: &'static str, help: &'static str) -> OptionDef {
        OptionDef {
            key,
            kind: OptionKind::Bool,
            default: "false",
            help,
            per_side: false,
        }
    }

    /// A number from `min` to `max`, the same for every side.
    pub const fn int(
        key: &'static str,
        min: i64,
        max: i64,
        default: &'static str,
        help: &'static str,
    ) -> OptionDef {
        OptionDef {
            key,
            kind: OptionKind::Int { min, max },
            default,
            help,
            per_side: false,
        }
    }

    /// One of `choices`, the same for every side; `default` as TOML writes it (quoted).
    pub const fn choice(
        key: &'static str,
        choices: &'static [&'static str],
        default: &'static str,
        help: &'static str,
    ) -> OptionDef {
        OptionDef {
            key,
            kind: OptionKind::Choice(choices),
            default,
            help,
            per_side: false,
        }
    }

    /// The same option, which each side may set for itself.
    pub const fn per_side(mut self) -> OptionDef {
        self.per_side = true;
        self
    }

    /// The default value.
    pub fn default_value(&self) -> OptionValue {
        match self.kind {
            OptionKind::Bool => OptionValue::Bool(self.default == "true"),
            OptionKind::Int { .. } => OptionValue::Int(self.default.parse().unwrap_or_default()),
            OptionKind::Choice(_) => OptionValue::Text(self.default.trim_matches('"').to_string()),
        }
    }

    /// Checks a value against the option's type; the error says what was expected.
    pub fn check(&self, value: &OptionValue) -> Result<(), String> {
        match (self.kind, value) {
            (OptionKind::Bool, OptionValue::Bool(_)) => Ok(()),
            (OptionKind::Int { min, max }, OptionValue::Int(n)) if (min..=max).contains(n) => {
                Ok(())
            }
            (OptionKind::Choice(c), OptionValue::Text(s)) if c.contains(&s.as_str()) => Ok(()),
            (OptionKind::Choice(c), OptionValue::Text(s)) => Err(format!(
                "{}{}",
                self.expected(),
                crate::text::did_you_mean(s, c.iter().copied())
            )),
            _ => Err(self.expected()),
        }
    }

    /// What the option accepts, in words.
    pub fn expected(&self) -> String {
        match self.kind {
            OptionKind::Bool => "true or false".into(),
            OptionKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            OptionKind::Choice(c) => format!(
                "one of {}",
                c.iter()
                    .map(|s| format!("\"{s}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// Options whose values contradict each other (a normal range beyond the long range), found by
/// [`Ruleset::option_conflicts`](crate::ruleset::Ruleset::option_conflicts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionConflict {
    /// The options involved, the one to point at first (a scenario's message is placed at the
    /// first of them that its table sets).
    pub keys: Vec<&'static str>,
    /// What contradicts what, with the values in force.
    pub message: String,
}

/// The options in force for a battle or a resolution: defaults, then the scenario's values, then
/// each side's own values for per-side options.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Options {
    defs_defaults: Defaults,
    global: BTreeMap<String, OptionValue>,
    sides: BTreeMap<String, BTreeMap<String, OptionValue>>,
    /// The scenario's `[tables]` as checked at load: table → row id → field → value. The rule
    /// set reads its data from these over what it ships ([`crate::declare::DataTableDef`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    data: BTreeMap<String, DataRows>,
    /// What a rule set read of these options, kept ([`Options::read_once`]); never written.
    #[serde(skip)]
    read: ReadOnce,
}

/// A value a rule set reads from the options, kept until they change: forgotten by a copy and by
/// any change, never compared or written.
#[derive(Default)]
struct ReadOnce(OnceLock<Box<dyn Any + Send + Sync>>);

impl Clone for ReadOnce {
    fn clone(&self) -> Self {
        ReadOnce::default()
    }
}

impl PartialEq for ReadOnce {
    fn eq(&self, _: &ReadOnce) -> bool {
        true
    }
}

impl fmt::Debug for ReadOnce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "ReadOnce(kept)"
        } else {
            "ReadOnce"
        })
    }
}

/// The defaults of a rule set's options by key, in the order of the keys: read at every option
/// looked up, so looked through in place; serialised as the map of keys to values it stands for.
#[derive(Clone, Default, PartialEq)]
struct Defaults(Vec<(String, OptionValue)>);

impl Defaults {
    /// The default of `key`, looked through in order (a few dozen keys; a key of another length
    /// is passed over at once).
    fn get(&self, key: &str) -> Option<&OptionValue> {
        self.0
            .iter()
            .find(|(k, _)| k.as_bytes() == key.as_bytes())
            .map(|(_, v)| v)
    }

    fn iter(&self) -> impl Iterator<Item = (&str, &OptionValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }
}

impl FromIterator<(String, OptionValue)> for Defaults {
    /// By key; of a key given twice, the later value (as a map collects them).
    fn from_iter<I: IntoIterator<Item = (String, OptionValue)>>(iter: I) -> Self {
        let map: BTreeMap<String, OptionValue> = iter.into_iter().collect();
        Defaults(map.into_iter().collect())
    }
}

impl fmt::Debug for Defaults {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Serialize for Defaults {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Defaults {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        BTreeMap::<String, OptionValue>::deserialize(d).map(|m| Defaults(m.into_iter().collect()))
    }
}

/// The rows a scenario sets in one data table: row id → field → value.
pub type DataRows = BTreeMap<String, BTreeMap<String, Value>>;

impl Options {
    /// All defaults of `defs`.
    pub fn defaults(defs: &[OptionDef]) -> Self {
        Self {
            defs_defaults: defs
                .iter()
                .map(|d| (d.key.to_string(), d.default_value()))
                .collect(),
            global: BTreeMap::new(),
            sides: BTreeMap::new(),
            data: BTreeMap::new(),
            read: ReadOnce::default(),
        }
    }

    /// `read(self)`, read once and kept until the options change: for a rule set that reads its
    /// settings from many options at every resolution. Only one kind of value is kept (the first
    /// read); another is read anew each time.
    pub fn read_once<T: Any + Copy + Send + Sync>(&self, read: impl FnOnce(&Options) -> T) -> T {
        if let Some(kept) = self.read.0.get() {
            return match kept.downcast_ref::<T>() {
                Some(t) => *t,
                None => read(self),
            };
        }
        let t = read(self);
        let _ = self.read.0.set(Box::new(t));
        t
    }

    /// Sets a field of a row of a data table (already checked).
    pub fn set_data(&mut self, table: &str, row: &str, field: &str, value: Value) {
        self.read = ReadOnce::default();
        self.data
            .entry(table.to_string())
            .or_default()
            .entry(row.to_string())
            .or_default()
            .insert(field.to_string(), value);
    }

    /// The rows the scenario sets in a data table (none when it sets none).
    pub fn data(&self, table: &str) -> Option<&DataRows> {
        self.data.get(table)
    }

    /// Sets a scenario-wide value (already checked).
    pub fn set(&mut self, key: &str, value: OptionValue) {
        self.read = ReadOnce::default();
        self.global.insert(key.to_string(), value);
    }

    /// Sets a value for one side (already checked).
    pub fn set_for_side(&mut self, side: &str, key: &str, value: OptionValue) {
        self.read = ReadOnce::default();
        self.sides
            .entry(side.to_string())
            .or_default()
            .insert(key.to_string(), value);
    }

    /// The defaults of `defs` with `changes`, each `KEY=VALUE` as `--option` takes it, made in
    /// order; the first that does not do is refused with why.
    pub fn with_changes(defs: &[OptionDef], changes: &[&str]) -> Result<Options, String> {
        let mut options = Options::defaults(defs);
        for change in changes {
            options.set_text(defs, change)?;
        }
        Ok(options)
    }

    /// Parses `key=value` text (as typed on the command line) against `defs` and sets it.
    pub fn set_text(&mut self, defs: &[OptionDef], text: &str) -> Result<(), String> {
        let (key, raw) = text
            .split_once('=')
            .ok_or_else(|| format!("--option {text:?}: write KEY=VALUE"))?;
        let key = key.trim();
        let def = defs.iter().find(|d| d.key == key).ok_or_else(|| {
            format!(
                "--option {key:?}: no such option{}",
                crate::text::did_you_mean(key, defs.iter().map(|d| d.key))
            )
        })?;
        let raw = raw.trim();
        let value = match def.kind {
            OptionKind::Bool => match raw {
                "true" | "yes" | "on" => OptionValue::Bool(true),
                "false" | "no" | "off" => OptionValue::Bool(false),
                _ => return Err(format!("--option {key}={raw}: expected {}", def.expected())),
            },
            OptionKind::Int { .. } => OptionValue::Int(
                raw.parse()
                    .map_err(|_| format!("--option {key}={raw}: expected {}", def.expected()))?,
            ),
            OptionKind::Choice(_) => OptionValue::Text(raw.trim_matches('"').to_string()),
        };
        def.check(&value)
            .map_err(|e| format!("--option {key}={raw}: expected {e}"))?;
        self.set(key, value);
        Ok(())
    }

    /// Every option's value in force for the whole battle (no side's own), each once: the rule
    /// set's options in the order of their keys, then any other key the scenario sets. For a
    /// reader that wants many options at once.
    pub fn each(&self) -> impl Iterator<Item = (&str, &OptionValue)> {
        let global = self
            .global
            .iter()
            .filter(|(k, _)| self.defs_defaults.get(k).is_none())
            .map(|(k, v)| (k.as_str(), v));
        self.defs_defaults
            .iter()
            .map(|(k, v)| (k, self.global.get(k).unwrap_or(v)))
            .chain(global)
    }

    /// The value in force for `key` (for `side`, if given).
    pub fn get(&self, key: &str, side: Option<&str>) -> Option<&OptionValue> {
        side.and_then(|s| self.sides.get(s).and_then(|m| m.get(key)))
            .or_else(|| self.global.get(key))
            .or_else(|| self.defs_defaults.get(key))
    }

    pub fn bool(&self, key: &str) -> bool {
        self.bool_for(key, None)
    }

    pub fn bool_for(&self, key: &str, side: Option<&str>) -> bool {
        matches!(self.get(key, side), Some(OptionValue::Bool(true)))
    }

    pub fn int(&self, key: &str) -> i64 {
        self.int_for(key, None)
    }

    pub fn int_for(&self, key: &str, side: Option<&str>) -> i64 {
        match self.get(key, side) {
            Some(OptionValue::Int(n)) => *n,
            _ => 0,
        }
    }

    pub fn text(&self, key: &str) -> &str {
        self.text_for(key, None)
    }

    pub fn text_for(&self, key: &str, side: Option<&str>) -> &str {
        match self.get(key, side) {
            Some(OptionValue::Text(s)) => s,
            _ => "",
        }
    }

    /// The sides that set options of their own, in order of id.
    pub fn sides(&self) -> impl Iterator<Item = &str> {
        self.sides.keys().map(String::as_str)
    }

    /// The values that differ from the defaults, as `key = value` lines.
    pub fn changed(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .global
            .iter()
            .filter(|(k, v)| self.defs_defaults.get(k) != Some(v))
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        for (side, m) in &self.sides {
            for (k, v) in m {
                out.push(format!("{k} = {v} (side {side})"));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_read_once_is_kept_until_the_options_change() {
        let mut o = Options::defaults(DEFS);
        let reads = std::cell::Cell::new(0);
        let read = |o: &Options| {
            reads.set(reads.get() + 1);
            o.bool("hmg_two_dice")
        };
        assert!(!o.read_once(read));
        assert!(!o.read_once(read));
        assert_eq!(reads.get(), 1, "kept");
        assert!(!o.clone().read_once(read));
        assert_eq!(reads.get(), 2, "a copy reads anew");
        o.set_text(DEFS, "hmg_two_dice=true").unwrap();
        assert!(o.read_once(read), "a change is read");
        assert_eq!(
            o.read_once(|_| 7u8),
            7,
            "another kind of value is read anew"
        );
        assert_eq!(o, o.clone(), "what was read is not compared");
    }

    const DEFS: &[OptionDef] = &[
        OptionDef {
            key: "hmg_two_dice",
            kind: OptionKind::Bool,
            default: "false",
            help: "",
            per_side: false,
        },
        OptionDef {
            key: "command_method",
            kind: OptionKind::Int { min: 1, max: 3 },
            default: "1",
            help: "",
            per_side: true,
        },
        OptionDef {
            key: "scale",
            kind: OptionKind::Choice(&["company", "battalion"]),
            default: "\"company\"",
            help: "",
            per_side: false,
        },
    ];

    #[test]
    fn defaults_then_scenario_then_side() {
        let mut o = Options::defaults(DEFS);
        assert!(!o.bool("hmg_two_dice"));
        assert_eq!(o.int("command_method"), 1);
        assert_eq!(o.text("scale"), "company");
        o.set("command_method", OptionValue::Int(2));
        o.set_for_side("ger", "command_method", OptionValue::Int(3));
        assert_eq!(o.int_for("command_method", Some("us")), 2);
        assert_eq!(o.int_for("command_method", Some("ger")), 3);
    }

    #[test]
    fn text_values_checked() {
        let mut o = Options::defaults(DEFS);
        o.set_text(DEFS, "hmg_two_dice=true").unwrap();
        assert!(o.bool("hmg_two_dice"));
        assert!(o.set_text(DEFS, "command_method=4").is_err());
        let e = o.set_text(DEFS, "hmg_two_die=true").unwrap_err();
        assert!(e.contains("did you mean `hmg_two_dice`"), "{e}");
        assert!(o.set_text(DEFS, "scale=regiment").is_err());
        o.set_text(DEFS, "scale=battalion").unwrap();
        assert_eq!(o.text("scale"), "battalion");
    }
}
