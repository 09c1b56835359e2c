//! What changes during a battle, and the only way it changes: [`Effect`]s.
//!
//! Every effect sets a value outright (hits to 2, Suppressed on, command points to 4), so an event's
//! effects read as what the battle became, and applying them needs no rules at all: replay, undo
//! and the report fold the same effects. Applying one returns what it overwrote ([`Prior`]), so
//! an undo puts the state back without folding the battle again from its start.

use super::roster::Roster;
use crate::declare::{Declaration, MarkerKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A marker on an area of the table (smoke …), not on a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaMarker {
    /// What the marker is (`smoke`).
    pub kind: String,
    /// Where, in the umpire's words ("the orchard").
    pub label: String,
    /// The side that placed it.
    pub side: String,
    /// The turn it was placed.
    pub turn: u32,
}

/// One change to the battle. Written as a JSON object tagged by `set` (`{"set":"hits","unit":
/// "g11","hits":2}`); read through [`WireEffect`], the same members as one plain struct, which
/// serde parses in one pass.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "set", rename_all = "snake_case", try_from = "WireEffect")]
pub enum Effect {
    /// A unit's hits become `hits`.
    Hits { unit: String, hits: u32 },
    /// A unit leaves the table.
    Removed { unit: String, cause: String },
    /// A removed unit comes back (a replacement leader).
    Returned { unit: String },
    /// A unit's marker is set to `value`, or cleared when `None`. A marker that holds a unit
    /// ([`MarkerKind::Unit`]) is set by [`Effect::MarkerUnit`] and cleared by this; a number for
    /// it is a journal's written before markers named units by id (the unit's place in the
    /// roster from 1).
    Marker {
        unit: String,
        marker: String,
        value: Option<i32>,
    },
    /// A unit's marker that holds a unit ([`MarkerKind::Unit`]) is set to the unit whose id is
    /// `value`. Written as a marker effect whose value is that id (`{"set":"marker","unit":"fc",
    /// "marker":"attached","value":"z1"}`).
    #[serde(rename = "marker")]
    MarkerUnit {
        unit: String,
        marker: String,
        value: String,
    },
    /// A counter of a formation or side (command points …) is set, or cleared when `None`.
    Counter {
        scope: String,
        name: String,
        value: Option<i32>,
    },
    /// An area marker is placed, or removed when `None`.
    Area {
        id: String,
        marker: Option<Box<AreaMarker>>,
    },
    /// The battle moves to a turn, active side and phase.
    Phase {
        turn: u32,
        side: String,
        phase: String,
    },
    /// The battle's last turn becomes `turns` (the umpire extends a battle that is over).
    TurnLimit { turns: u32 },
    /// A concealed unit is exposed: from now on everyone sees it. `cause` says why (fired on by
    /// cannon, an enemy within vision range, deployed into line …).
    Exposed { unit: String, cause: String },
    /// The battle's result in the umpire's own words becomes `text` (the report puts it first).
    Result { text: String },
    /// A unit not yet on the table arrives (`arrives` is `None`: written without it), or is
    /// held off it until a turn or until the umpire brings it on (`"arrives":6`,
    /// `"arrives":"umpire"`).
    Arrival {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        arrives: Option<Arrival>,
    },
    /// A formation the umpire added joins the battle: from now on it is in every view
    /// ([`BattleState::formation_listed`]). Its units join by their own arrivals.
    Joined { formation: String },
}

/// When a unit that is not yet on the table comes on ([`UnitState::awaited`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// At the start of this game turn, by itself.
    Turn(u32),
    /// When the umpire brings it on.
    Umpire,
    /// Never by itself: a unit the umpire added during the battle while its addition is not in
    /// force (before it, or undone). It is in no view, not even the umpire's.
    Unlisted,
}

impl Arrival {
    /// The arrival a scenario's `arrives` or an effect's value gives: a turn from 1, or
    /// `"umpire"`.
    pub fn from_toml(value: &toml::Value) -> Option<Arrival> {
        match value {
            toml::Value::Integer(n) => u32::try_from(*n)
                .ok()
                .filter(|t| (1..=MAX_TURN).contains(t))
                .map(Arrival::Turn),
            toml::Value::String(s) if s == "umpire" => Some(Arrival::Umpire),
            _ => None,
        }
    }

    /// When it comes on, in the umpire's words: `on turn 6`, `when the umpire brings it on`.
    pub fn words(self) -> String {
        match self {
            Arrival::Turn(t) => format!("on turn {t}"),
            Arrival::Umpire => "when the umpire brings it on".into(),
            Arrival::Unlisted => "not in the battle".into(),
        }
    }

    /// The badge on the roster of a unit still to arrive (`DUE 6`, `DUE UMP`).
    pub fn badge(self) -> String {
        match self {
            Arrival::Turn(t) => format!("DUE {t}"),
            Arrival::Umpire | Arrival::Unlisted => "DUE UMP".into(),
        }
    }
}

impl Serialize for Arrival {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Arrival::Turn(t) => s.serialize_u32(*t),
            Arrival::Umpire => s.serialize_str("umpire"),
            Arrival::Unlisted => s.serialize_str("unlisted"),
        }
    }
}

impl<'de> Deserialize<'de> for Arrival {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match WireValue::deserialize(d)? {
            WireValue::Number(n) => u32::try_from(n)
                .ok()
                .filter(|t| (1..=MAX_TURN).contains(t))
                .map(Arrival::Turn)
                .ok_or_else(|| {
                    serde::de::Error::custom(format!("an arrival turn is from 1 to {MAX_TURN}"))
                }),
            WireValue::Id(s) if s == "umpire" => Ok(Arrival::Umpire),
            WireValue::Id(s) => Err(serde::de::Error::custom(format!(
                "an arrival is a turn or \"umpire\", not `{s}`"
            ))),
        }
    }
}

/// An effect as its JSON members, before they are checked to form an [`Effect`].
#[derive(Deserialize)]
pub struct WireEffect {
    set: WireSet,
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    hits: Option<u32>,
    #[serde(default)]
    cause: Option<String>,
    #[serde(default)]
    marker: Option<WireMarker>,
    #[serde(default)]
    value: Option<WireValue>,
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    turn: Option<u32>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    phase: Option<String>,
    #[serde(default)]
    turns: Option<u32>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    arrives: Option<Arrival>,
    #[serde(default)]
    formation: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum WireSet {
    Hits,
    Removed,
    Returned,
    Marker,
    Counter,
    Area,
    Phase,
    TurnLimit,
    Exposed,
    Result,
    Arrival,
    Joined,
}

/// `value` is a number, or in a marker effect the id of the unit a marker that holds a unit
/// names.
enum WireValue {
    Number(i32),
    Id(String),
}

impl<'de> Deserialize<'de> for WireValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = WireValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a whole number from -2147483648 to 2147483647, or a unit's id")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<WireValue, E> {
                i32::try_from(v)
                    .map(WireValue::Number)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(v), &self))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<WireValue, E> {
                i32::try_from(v)
                    .map(WireValue::Number)
                    .map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
            }
            fn visit_str<E>(self, v: &str) -> Result<WireValue, E> {
                Ok(WireValue::Id(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<WireValue, E> {
                Ok(WireValue::Id(v))
            }
        }
        d.deserialize_any(Visit)
    }
}

/// `marker` is a marker's name in a marker effect and an area marker (an object) in an area one.
enum WireMarker {
    Name(String),
    Area(Box<AreaMarker>),
}

impl<'de> Deserialize<'de> for WireMarker {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = WireMarker;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a marker's name or an area marker")
            }
            fn visit_str<E>(self, v: &str) -> Result<WireMarker, E> {
                Ok(WireMarker::Name(v.to_string()))
            }
            fn visit_string<E>(self, v: String) -> Result<WireMarker, E> {
                Ok(WireMarker::Name(v))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<WireMarker, A::Error> {
                AreaMarker::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|m| WireMarker::Area(Box::new(m)))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl TryFrom<WireEffect> for Effect {
    type Error = String;

    fn try_from(w: WireEffect) -> Result<Effect, String> {
        fn need<T>(v: Option<T>, what: &str) -> Result<T, String> {
            v.ok_or_else(|| format!("missing field `{what}`"))
        }
        let name = |m: Option<WireMarker>| match m {
            Some(WireMarker::Name(n)) => Ok(n),
            Some(WireMarker::Area(_)) => Err("`marker` of a marker effect is a name".to_string()),
            None => Err("missing field `marker`".to_string()),
        };
        Ok(match w.set {
            WireSet::Hits => Effect::Hits {
                unit: need(w.unit, "unit")?,
                hits: need(w.hits, "hits")?,
            },
            WireSet::Removed => Effect::Removed {
                unit: need(w.unit, "unit")?,
                cause: need(w.cause, "cause")?,
            },
            WireSet::Returned => Effect::Returned {
                unit: need(w.unit, "unit")?,
            },
            WireSet::Marker => {
                let (unit, marker) = (need(w.unit, "unit")?, name(w.marker)?);
                match w.value {
                    Some(WireValue::Id(value)) => Effect::MarkerUnit {
                        unit,
                        marker,
                        value,
                    },
                    Some(WireValue::Number(n)) => Effect::Marker {
                        unit,
                        marker,
                        value: Some(n),
                    },
                    None => Effect::Marker {
                        unit,
                        marker,
                        value: None,
                    },
                }
            }
            WireSet::Counter => Effect::Counter {
                scope: need(w.scope, "scope")?,
                name: need(w.name, "name")?,
                value: match w.value {
                    None => None,
                    Some(WireValue::Number(n)) => Some(n),
                    Some(WireValue::Id(_)) => {
                        return Err("`value` of a counter effect is a number".into());
                    }
                },
            },
            WireSet::Area => Effect::Area {
                id: need(w.id, "id")?,
                marker: match w.marker {
                    None => None,
                    Some(WireMarker::Area(m)) => Some(m),
                    Some(WireMarker::Name(_)) => {
                        return Err("`marker` of an area effect is an area marker".into());
                    }
                },
            },
            WireSet::Phase => Effect::Phase {
                turn: need(w.turn, "turn")?,
                side: need(w.side, "side")?,
                phase: need(w.phase, "phase")?,
            },
            WireSet::TurnLimit => Effect::TurnLimit {
                turns: need(w.turns, "turns")?,
            },
            WireSet::Exposed => Effect::Exposed {
                unit: need(w.unit, "unit")?,
                cause: need(w.cause, "cause")?,
            },
            WireSet::Result => Effect::Result {
                text: need(w.text, "text")?,
            },
            WireSet::Arrival => Effect::Arrival {
                unit: need(w.unit, "unit")?,
                arrives: w.arrives,
            },
            WireSet::Joined => Effect::Joined {
                formation: need(w.formation, "formation")?,
            },
        })
    }
}

/// A unit's changing state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitState {
    pub hits: u32,
    /// Why it left the table, if it has.
    pub removed: Option<String>,
    /// Markers by id; the ids are the rule set's own ([`crate::declare::MarkerDef::id`]). A marker
    /// that holds a unit holds the unit's place in the roster, from 0
    /// ([`super::BattleView::marker_unit`]).
    pub markers: BTreeMap<&'static str, i32>,
    /// True while the unit is behind a concealment stand: its own side and the umpire see it,
    /// the enemy sees only the stand's number ([`super::BattleView::visible_to`]).
    pub concealed: bool,
    /// When it comes on, while it is not yet on the table (a reinforcement, a unit held off by
    /// the umpire): it is then off the table, counted nowhere, and seen by its own side as
    /// expected and by the enemy not at all. `None` once it has arrived (or if it was there from
    /// the start).
    pub awaited: Option<Arrival>,
}

impl UnitState {
    pub fn marker(&self, id: &str) -> Option<i32> {
        self.markers.get(id).copied()
    }
    pub fn has(&self, id: &str) -> bool {
        self.markers.contains_key(id)
    }
    /// True while the unit is in play: arrived and not removed. Everything that counts,
    /// offers or acts with units asks this.
    pub fn on_table(&self) -> bool {
        self.removed.is_none() && self.awaited.is_none()
    }
    /// True once the unit has left the table (a loss, or gone whole): not while it is still to
    /// arrive.
    pub fn is_removed(&self) -> bool {
        self.removed.is_some()
    }
    /// True once the unit has arrived (or was there from the start).
    pub fn arrived(&self) -> bool {
        self.awaited.is_none()
    }
    /// True when the unit is kept from the enemy's sight: concealed behind a stand, or not yet
    /// arrived.
    pub fn hidden(&self) -> bool {
        self.concealed || self.awaited.is_some()
    }
    /// True when the unit is part of the battle as the umpire sees it: not an added unit whose
    /// addition is not in force.
    pub fn listed(&self) -> bool {
        self.awaited != Some(Arrival::Unlisted)
    }
}

/// The whole changing state of a battle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleState {
    /// Game turn, from 1.
    pub turn: u32,
    /// Index of the side whose turn it is.
    pub active: usize,
    /// Index of the side that moves first in every game turn.
    pub first_side: usize,
    /// Id of the current phase.
    pub phase: String,
    pub units: Vec<UnitState>,
    /// (scope, name) → value; scope is a formation or side id.
    pub counters: BTreeMap<(String, String), i32>,
    pub areas: BTreeMap<String, AreaMarker>,
    /// The battle's last turn (the scenario's length, as the umpire may have extended it), if
    /// it has one. Past it the battle is over.
    pub turn_limit: Option<u32>,
    /// The battle's result in the umpire's own words, once he has recorded it.
    pub result: Option<String>,
    /// For each formation of the roster, true while it is in the battle: every formation of the
    /// scenario; a formation the umpire added once its addition is in force ([`Effect::Joined`]).
    /// One whose addition is not (before it, or undone) is in no view, not even the umpire's.
    pub formation_listed: Vec<bool>,
}

/// The highest game turn a battle may reach; a journal holding a later one is damaged.
pub const MAX_TURN: u32 = 9_999;
/// The highest value a counting marker may hold.
pub const MAX_COUNT: i32 = 9_999;

/// Why an effect cannot be applied: it names something the roster or rule set does not have, or
/// holds a value out of range. A command producing one is refused; a journal holding one is
/// refused at its line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EffectError {
    #[error("it names an unknown {what} `{id}`")]
    Unknown { what: &'static str, id: String },
    #[error("{what} cannot be {value}: {expected}")]
    OutOfRange {
        /// What holds the value (`g11's hits`, `marker returns of g11`).
        what: String,
        value: String,
        /// The values it may hold, in words.
        expected: String,
    },
}

/// What one effect overwrote. Reverting it ([`BattleState::revert`]) puts the state back exactly
/// as it was before the effect, so an undo costs as much as the event it takes back. Kept small:
/// a battle holds one for every effect of every event in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prior {
    Hits {
        unit: u32,
        hits: u32,
    },
    Removed {
        unit: u32,
        removed: Option<String>,
    },
    Marker {
        unit: u32,
        marker: &'static str,
        value: Option<i32>,
    },
    /// A unit's whole state (a return clears hits and markers).
    Unit(Box<(u32, UnitState)>),
    Counter(Box<((String, String), Option<i32>)>),
    Area(Box<(String, Option<AreaMarker>)>),
    Phase(Box<(u32, usize, String)>),
    TurnLimit(Option<u32>),
    Result(Option<String>),
    Concealed {
        unit: u32,
        concealed: bool,
    },
    Arrival {
        unit: u32,
        awaited: Option<Arrival>,
    },
    Joined {
        formation: u32,
        listed: bool,
    },
}

impl BattleState {
    /// The state before anything happens: every unit fresh, turn 1, first side, first phase,
    /// and the battle's length (`None`: no limit).
    pub fn initial(
        roster: &Roster,
        first_side: usize,
        first_phase: &str,
        turn_limit: Option<u32>,
    ) -> Self {
        Self {
            turn: 1,
            active: first_side,
            first_side,
            phase: first_phase.to_string(),
            units: (0..roster.units.len())
                .map(|u| UnitState {
                    concealed: roster.column_of(u).is_some(),
                    awaited: roster.units[u].arrives.filter(|a| *a != Arrival::Turn(1)),
                    ..UnitState::default()
                })
                .collect(),
            counters: BTreeMap::new(),
            areas: BTreeMap::new(),
            turn_limit,
            result: None,
            formation_listed: vec![true; roster.formations.len()],
        }
    }

    /// True once the battle has passed its last turn.
    pub fn is_over(&self) -> bool {
        self.turn_limit.is_some_and(|limit| self.turn > limit)
    }

    /// Checks that an effect names only what the roster and rule set have, with values in
    /// range, without applying it.
    pub fn check(
        &self,
        roster: &Roster,
        rules: &Declaration,
        effect: &Effect,
    ) -> Result<(), EffectError> {
        let unknown = |what, id: &str| EffectError::Unknown {
            what,
            id: id.to_string(),
        };
        let unit = |id: &str| roster.unit_index(id).ok_or_else(|| unknown("unit", id));
        // A marker of a unit: both known, the marker's definition.
        let marker_of = |id: &str, marker: &str| {
            unit(id)?;
            rules
                .marker(marker)
                .ok_or_else(|| unknown("marker", marker))
        };
        let turn = |what: String, turn: u32| {
            if (1..=MAX_TURN).contains(&turn) {
                Ok(())
            } else {
                Err(EffectError::OutOfRange {
                    what,
                    value: turn.to_string(),
                    expected: format!("a turn from 1 to {MAX_TURN}"),
                })
            }
        };
        match effect {
            Effect::Hits { unit: id, hits } => {
                let u = unit(id)?;
                let limit = roster.units[u].hit_limit;
                if *hits > limit {
                    return Err(EffectError::OutOfRange {
                        what: format!("the hits of {id}"),
                        value: hits.to_string(),
                        expected: format!("it takes at most {limit}"),
                    });
                }
                Ok(())
            }
            Effect::Removed { unit: id, .. }
            | Effect::Returned { unit: id }
            | Effect::Exposed { unit: id, .. } => unit(id).map(drop),
            Effect::Arrival { unit: id, arrives } => {
                unit(id)?;
                match arrives {
                    Some(Arrival::Turn(t)) => turn(format!("the arrival of {id}"), *t),
                    Some(Arrival::Unlisted) => Err(EffectError::OutOfRange {
                        what: format!("the arrival of {id}"),
                        value: "unlisted".into(),
                        expected: "a turn, or \"umpire\"".into(),
                    }),
                    Some(Arrival::Umpire) | None => Ok(()),
                }
            }
            Effect::Joined { formation } => roster
                .formation_index(formation)
                .map(drop)
                .ok_or_else(|| unknown("formation", formation)),
            Effect::Marker {
                unit: id,
                marker,
                value,
            } => {
                let def = marker_of(id, marker)?;
                let Some(v) = value else {
                    return Ok(());
                };
                let checked = match def.kind {
                    MarkerKind::Unit { flags } => {
                        numbered_unit(*v, flags.len(), roster.units.len())
                            .map(drop)
                            .ok_or_else(|| numbered_words(flags.len(), roster.units.len()))
                    }
                    kind => marker_value(kind, *v),
                };
                checked.map_err(|expected| EffectError::OutOfRange {
                    what: format!("marker {marker} of {id}"),
                    value: v.to_string(),
                    expected,
                })
            }
            Effect::MarkerUnit {
                unit: id,
                marker,
                value,
            } => {
                let def = marker_of(id, marker)?;
                let refused = |expected: String| EffectError::OutOfRange {
                    what: format!("marker {marker} of {id}"),
                    value: format!("`{value}`"),
                    expected,
                };
                if !def.kind.holds_unit() {
                    return Err(refused(format!("{}, not a unit", marker_holds(def.kind))));
                }
                if roster.unit_index(value).is_none() {
                    return Err(refused(format!(
                        "it holds a unit of the battle, by its id, and none has that id{}",
                        crate::text::did_you_mean(value, roster.unit_ids())
                    )));
                }
                Ok(())
            }
            Effect::Counter { scope, name, value } => {
                if roster.formation_index(scope).is_none() && roster.side_index(scope).is_none() {
                    return Err(unknown("formation or side", scope));
                }
                let def = rules
                    .counters
                    .iter()
                    .find(|c| c.id == name)
                    .ok_or_else(|| unknown("counter", name))?;
                match value {
                    Some(v) if !(def.min..=def.max).contains(v) => Err(EffectError::OutOfRange {
                        what: format!("counter {name} of {scope}"),
                        value: v.to_string(),
                        expected: format!("from {} to {}", def.min, def.max),
                    }),
                    _ => Ok(()),
                }
            }
            Effect::Area { id, marker } => match marker {
                None => Ok(()),
                Some(m) => {
                    if !rules.areas.iter().any(|a| a.id == m.kind) {
                        return Err(unknown("area marker", &m.kind));
                    }
                    if roster.side_index(&m.side).is_none() {
                        return Err(unknown("side", &m.side));
                    }
                    turn(format!("the turn of area marker {id}"), m.turn)
                }
            },
            Effect::Phase {
                turn: t,
                side,
                phase,
            } => {
                if roster.side_index(side).is_none() {
                    return Err(unknown("side", side));
                }
                if !rules.phases.iter().any(|p| p.id == phase) {
                    return Err(unknown("phase", phase));
                }
                turn("the turn".into(), *t)
            }
            Effect::TurnLimit { turns } => turn("the battle's last turn".into(), *turns),
            Effect::Result { .. } => Ok(()),
        }
    }

    /// Applies one effect that [`BattleState::check`] accepted, and returns what it overwrote.
    /// An effect naming an unknown unit, side or marker (never one that was checked) changes
    /// nothing.
    pub fn apply(
        &mut self,
        roster: &Roster,
        rules: &Declaration,
        effect: &Effect,
    ) -> Option<Prior> {
        let idx = |id: &str| roster.unit_index(id);
        Some(match effect {
            Effect::Hits { unit, hits } => {
                let u = idx(unit)?;
                let prior = std::mem::replace(&mut self.units[u].hits, *hits);
                Prior::Hits {
                    unit: u as u32,
                    hits: prior,
                }
            }
            Effect::Removed { unit, cause } => {
                let u = idx(unit)?;
                let prior = self.units[u].removed.replace(cause.clone());
                Prior::Removed {
                    unit: u as u32,
                    removed: prior,
                }
            }
            Effect::Returned { unit } => {
                let u = idx(unit)?;
                let prior = std::mem::take(&mut self.units[u]);
                Prior::Unit(Box::new((u as u32, prior)))
            }
            Effect::Marker {
                unit,
                marker,
                value,
            } => {
                let u = idx(unit)?;
                let def = rules.marker(marker)?;
                let units = roster.units.len();
                match (def.kind, value) {
                    // The flags that belong to the marker come off with it, or are read from
                    // an older journal's number: the unit's whole state is what it overwrote.
                    (MarkerKind::Unit { flags }, _) if !flags.is_empty() => {
                        let numbered = match value {
                            Some(n) => Some(numbered_unit(*n, flags.len(), units)?),
                            None => None,
                        };
                        let prior = self.units[u].clone();
                        let m = &mut self.units[u].markers;
                        m.remove(def.id);
                        for flag in flags {
                            m.remove(flag);
                        }
                        if let Some((x, on)) = numbered {
                            m.insert(def.id, x as i32);
                            for (i, flag) in flags.iter().enumerate() {
                                if on & (1 << i) != 0 {
                                    m.insert(flag, 1);
                                }
                            }
                        }
                        Prior::Unit(Box::new((u as u32, prior)))
                    }
                    (kind, value) => {
                        let value = match (kind, value) {
                            (MarkerKind::Unit { .. }, Some(n)) => {
                                Some(numbered_unit(*n, 0, units)?.0 as i32)
                            }
                            (_, value) => *value,
                        };
                        self.set_marker(u, def.id, value)
                    }
                }
            }
            Effect::MarkerUnit {
                unit,
                marker,
                value,
            } => {
                let u = idx(unit)?;
                let def = rules.marker(marker).filter(|d| d.kind.holds_unit())?;
                let x = idx(value)?;
                self.set_marker(u, def.id, Some(x as i32))
            }
            Effect::Counter { scope, name, value } => {
                let key = (scope.clone(), name.clone());
                let prior = match value {
                    Some(v) => self.counters.insert(key.clone(), *v),
                    None => self.counters.remove(&key),
                };
                Prior::Counter(Box::new((key, prior)))
            }
            Effect::Area { id, marker } => {
                let prior = match marker {
                    Some(m) => self.areas.insert(id.clone(), (**m).clone()),
                    None => self.areas.remove(id),
                };
                Prior::Area(Box::new((id.clone(), prior)))
            }
            Effect::Phase { turn, side, phase } => {
                let active = roster.side_index(side)?;
                let prior = Prior::Phase(Box::new((
                    self.turn,
                    self.active,
                    std::mem::replace(&mut self.phase, phase.clone()),
                )));
                self.turn = *turn;
                self.active = active;
                prior
            }
            Effect::TurnLimit { turns } => Prior::TurnLimit(self.turn_limit.replace(*turns)),
            Effect::Result { text } => Prior::Result(self.result.replace(text.clone())),
            Effect::Exposed { unit, .. } => {
                let u = idx(unit)?;
                let prior = std::mem::replace(&mut self.units[u].concealed, false);
                Prior::Concealed {
                    unit: u as u32,
                    concealed: prior,
                }
            }
            Effect::Arrival { unit, arrives } => {
                let u = idx(unit)?;
                let prior = std::mem::replace(&mut self.units[u].awaited, *arrives);
                Prior::Arrival {
                    unit: u as u32,
                    awaited: prior,
                }
            }
            Effect::Joined { formation } => {
                let f = roster.formation_index(formation)?;
                let listed = self.formation_listed.get_mut(f)?;
                Prior::Joined {
                    formation: f as u32,
                    listed: std::mem::replace(listed, true),
                }
            }
        })
    }

    /// Sets (or clears, with `None`) marker `id` of unit `u`, and returns what it overwrote.
    fn set_marker(&mut self, u: usize, id: &'static str, value: Option<i32>) -> Prior {
        let m = &mut self.units[u].markers;
        let prior = match value {
            Some(v) => m.insert(id, v),
            None => m.remove(id),
        };
        Prior::Marker {
            unit: u as u32,
            marker: id,
            value: prior,
        }
    }

    /// Puts back what an effect overwrote (the effects of one event are reverted last first).
    pub fn revert(&mut self, prior: Prior) {
        self.exchange(prior);
    }

    /// Puts back what an effect overwrote, and returns what that overwrote in turn: exchanging
    /// an event's priors last first undoes it, and exchanging what that returned, last first
    /// again, does it once more — so a battle that keeps no events can redo one it undid.
    pub fn exchange(&mut self, prior: Prior) -> Prior {
        use std::mem::replace;
        match prior {
            Prior::Hits { unit, hits } => Prior::Hits {
                unit,
                hits: replace(&mut self.units[unit as usize].hits, hits),
            },
            Prior::Removed { unit, removed } => Prior::Removed {
                unit,
                removed: replace(&mut self.units[unit as usize].removed, removed),
            },
            Prior::Unit(mut b) => {
                let (unit, state) = &mut *b;
                std::mem::swap(&mut self.units[*unit as usize], state);
                Prior::Unit(b)
            }
            Prior::Marker {
                unit,
                marker,
                value,
            } => {
                let m = &mut self.units[unit as usize].markers;
                let value = match value {
                    Some(v) => m.insert(marker, v),
                    None => m.remove(marker),
                };
                Prior::Marker {
                    unit,
                    marker,
                    value,
                }
            }
            Prior::Counter(mut b) => {
                let (key, value) = &mut *b;
                *value = match *value {
                    Some(v) => self.counters.insert(key.clone(), v),
                    None => self.counters.remove(key),
                };
                Prior::Counter(b)
            }
            Prior::Area(mut b) => {
                let (id, marker) = &mut *b;
                *marker = match marker.take() {
                    Some(m) => self.areas.insert(id.clone(), m),
                    None => self.areas.remove(id),
                };
                Prior::Area(b)
            }
            Prior::Phase(mut b) => {
                let (turn, active, phase) = &mut *b;
                std::mem::swap(&mut self.turn, turn);
                std::mem::swap(&mut self.active, active);
                std::mem::swap(&mut self.phase, phase);
                Prior::Phase(b)
            }
            Prior::TurnLimit(limit) => Prior::TurnLimit(replace(&mut self.turn_limit, limit)),
            Prior::Result(result) => Prior::Result(replace(&mut self.result, result)),
            Prior::Concealed { unit, concealed } => Prior::Concealed {
                unit,
                concealed: replace(&mut self.units[unit as usize].concealed, concealed),
            },
            Prior::Arrival { unit, awaited } => Prior::Arrival {
                unit,
                awaited: replace(&mut self.units[unit as usize].awaited, awaited),
            },
            Prior::Joined { formation, listed } => Prior::Joined {
                formation,
                listed: replace(&mut self.formation_listed[formation as usize], listed),
            },
        }
    }

    /// A counter's value.
    pub fn counter(&self, scope: &str, name: &str) -> Option<i32> {
        self.counters
            .get(&(scope.to_string(), name.to_string()))
            .copied()
    }
}

/// What a marker of `kind` holds, in words.
pub fn marker_holds(kind: MarkerKind) -> String {
    match kind {
        MarkerKind::Flag => "1, on (an on/off marker)".into(),
        MarkerKind::Count => format!("a count from 0 to {MAX_COUNT}"),
        MarkerKind::Timer => format!("a number of moves left from 1 to {MAX_COUNT}"),
        MarkerKind::Turn => format!("a turn from 1 to {MAX_TURN}"),
        MarkerKind::Side => "a side, by its place in the scenario from 1".into(),
        MarkerKind::Unit { .. } => "a unit, by its id".into(),
    }
}

/// The numbers a marker of `kind` may hold, or what it holds in words. A marker that holds a
/// unit takes none: it is set to a unit by its id ([`Effect::MarkerUnit`]).
pub fn marker_value(kind: MarkerKind, value: i32) -> Result<(), String> {
    let fits = match kind {
        MarkerKind::Flag => value == 1,
        MarkerKind::Count => (0..=MAX_COUNT).contains(&value),
        MarkerKind::Timer | MarkerKind::Side => (1..=MAX_COUNT).contains(&value),
        MarkerKind::Turn => (1..=MAX_TURN as i32).contains(&value),
        MarkerKind::Unit { .. } => false,
    };
    if fits {
        Ok(())
    } else {
        Err(marker_holds(kind))
    }
}

/// The unit (its place in the roster, from 0) and the flags on (bit `i` for the marker's `i`th)
/// that `number` gives a marker with `flags` flags, as a journal written before markers named
/// units by id holds it: the unit's place from 1, doubled once for each flag, plus 1 with the
/// first flag on, 2 with the second …; none when it names no unit of a roster of `units`.
fn numbered_unit(number: i32, flags: usize, units: usize) -> Option<(usize, i32)> {
    let shift = u32::try_from(flags).ok().filter(|&s| s < 31)?;
    let place = usize::try_from(number >> shift).ok()?;
    (1..=units)
        .contains(&place)
        .then(|| (place - 1, number & ((1 << shift) - 1)))
}

/// What a number for a marker that holds a unit (with `flags` flags) may be, in words, in a
/// battle of `units` units.
fn numbered_words(flags: usize, units: usize) -> String {
    let unit = "a unit, by its id; a number, as journals written before markers named units by id hold it, is the unit's place in the roster";
    match u32::try_from(flags).ok().and_then(|f| 1i64.checked_shl(f)) {
        Some(1) => format!("{unit}, from 1 to {units}"),
        Some(m) => format!(
            "{unit} from 1 to {units} times {m}, plus its flags: from {m} to {}",
            (units as i64 + 1) * m - 1
        ),
        None => unit.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_effect_reads_back_as_written() {
        let effects = vec![
            Effect::Hits {
                unit: "g1".into(),
                hits: 2,
            },
            Effect::Removed {
                unit: "g1".into(),
                cause: "fire".into(),
            },
            Effect::Returned { unit: "g1".into() },
            Effect::Marker {
                unit: "g1".into(),
                marker: "suppressed".into(),
                value: Some(1),
            },
            Effect::Marker {
                unit: "g1".into(),
                marker: "suppressed".into(),
                value: None,
            },
            Effect::MarkerUnit {
                unit: "fc".into(),
                marker: "attached".into(),
                value: "z1".into(),
            },
            Effect::Counter {
                scope: "bn".into(),
                name: "cp".into(),
                value: Some(3),
            },
            Effect::Counter {
                scope: "bn".into(),
                name: "cp".into(),
                value: None,
            },
            Effect::Area {
                id: "smoke-1".into(),
                marker: Some(Box::new(AreaMarker {
                    kind: "smoke".into(),
                    label: "the orchard".into(),
                    side: "us".into(),
                    turn: 3,
                })),
            },
            Effect::Area {
                id: "smoke-1".into(),
                marker: None,
            },
            Effect::Phase {
                turn: 2,
                side: "us".into(),
                phase: "action".into(),
            },
            Effect::TurnLimit { turns: 13 },
            Effect::Result {
                text: "A French victory".into(),
            },
            Effect::Arrival {
                unit: "g1".into(),
                arrives: None,
            },
            Effect::Arrival {
                unit: "g1".into(),
                arrives: Some(Arrival::Turn(6)),
            },
            Effect::Arrival {
                unit: "g1".into(),
                arrives: Some(Arrival::Umpire),
            },
        ];
        let json = serde_json::to_string(&effects).unwrap();
        assert!(
            json.starts_with(r#"[{"set":"hits","unit":"g1","hits":2}"#),
            "{json}"
        );
        // A marker naming a unit is a marker effect whose value is the unit's id.
        assert!(
            json.contains(r#"{"set":"marker","unit":"fc","marker":"attached","value":"z1"}"#),
            "{json}"
        );
        let back: Vec<Effect> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, effects);
        // A marker effect written without its value reads as a cleared marker.
        let cleared: Effect =
            serde_json::from_str(r#"{"set":"marker","unit":"g1","marker":"finished"}"#).unwrap();
        assert_eq!(
            cleared,
            Effect::Marker {
                unit: "g1".into(),
                marker: "finished".into(),
                value: None
            }
        );
        for bad in [
            r#"{"set":"hits","unit":"g1"}"#,
            r#"{"set":"marker","unit":"g1","marker":{"kind":"smoke","label":"x","side":"a","turn":1}}"#,
            r#"{"set":"area","id":"s","marker":"smoke"}"#,
            r#"{"set":"teleport","unit":"g1"}"#,
            r#"{"set":"counter","scope":"bn","name":"cp","value":"z1"}"#,
            r#"{"set":"marker","unit":"g1","marker":"hits","value":4294967296}"#,
            r#"{"set":"marker","unit":"g1","marker":"hits","value":1.5}"#,
            r#"{"set":"marker","unit":"g1","marker":"hits","value":[1]}"#,
            r#"{"set":"arrival","unit":"g1","arrives":0}"#,
            r#"{"set":"arrival","unit":"g1","arrives":"later"}"#,
        ] {
            assert!(serde_json::from_str::<Effect>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn an_older_journal_s_number_names_the_unit_at_its_place_and_the_flags_packed_with_it() {
        // Plain: the place from 1, in a roster of 3.
        assert_eq!(numbered_unit(1, 0, 3), Some((0, 0)));
        assert_eq!(numbered_unit(3, 0, 3), Some((2, 0)));
        for outside in [0, 4, -1, i32::MIN, i32::MAX] {
            assert_eq!(numbered_unit(outside, 0, 3), None, "{outside}");
        }
        // Two flags: the place times 4, plus 1 for the first, 2 for the second.
        assert_eq!(numbered_unit(4, 2, 3), Some((0, 0)));
        assert_eq!(numbered_unit(13, 2, 3), Some((2, 1)));
        assert_eq!(numbered_unit(15, 2, 3), Some((2, 3)));
        assert_eq!(numbered_unit(3, 2, 3), None);
        assert_eq!(numbered_unit(16, 2, 3), None);
        assert_eq!(numbered_unit(-4, 2, 3), None);
        assert_eq!(
            numbered_words(2, 3),
            "a unit, by its id; a number, as journals written before markers named units by id hold it, is the unit's place in the roster from 1 to 3 times 4, plus its flags: from 4 to 15"
        );
    }
}
