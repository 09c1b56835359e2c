//! What changes during a battle, and the only way it changes: [`Effect`]s.
//!
//! Every effect sets a value outright (hits to 2, Suppressed on, command points to 4), so an event's
//! effects read as what the battle became, and applying them needs no rules at all: replay, undo
//! and the report fold the same effects. Applying one returns what it overwrote ([`Prior`]), so
//! an undo puts the state back without folding the battle again from its start.

use super::roster::Roster;
use crate::rules::{MarkerKind, Ruleset};
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

/// One change to the battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "set", rename_all = "snake_case")]
pub enum Effect {
    /// A unit's hits become `hits`.
    Hits { unit: String, hits: u32 },
    /// A unit leaves the table.
    Removed { unit: String, cause: String },
    /// A removed unit comes back (a replacement leader).
    Returned { unit: String },
    /// A unit's marker is set to `value`, or cleared when `None`.
    Marker {
        unit: String,
        marker: String,
        value: Option<i32>,
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
        marker: Option<AreaMarker>,
    },
    /// The battle moves to a turn, active side and phase.
    Phase {
        turn: u32,
        side: String,
        phase: String,
    },
}

/// A unit's changing state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitState {
    pub hits: u32,
    /// Why it left the table, if it has.
    pub removed: Option<String>,
    pub markers: BTreeMap<String, i32>,
}

impl UnitState {
    pub fn marker(&self, id: &str) -> Option<i32> {
        self.markers.get(id).copied()
    }
    pub fn has(&self, id: &str) -> bool {
        self.markers.contains_key(id)
    }
    pub fn on_table(&self) -> bool {
        self.removed.is_none()
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
/// as it was before the effect, so an undo costs as much as the event it takes back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prior {
    Hits {
        unit: usize,
        hits: u32,
    },
    Removed {
        unit: usize,
        removed: Option<String>,
    },
    /// A unit's whole state (a return clears hits and markers).
    Unit {
        unit: usize,
        state: UnitState,
    },
    Marker {
        unit: usize,
        marker: String,
        value: Option<i32>,
    },
    Counter {
        key: (String, String),
        value: Option<i32>,
    },
    Area {
        id: String,
        marker: Option<AreaMarker>,
    },
    Phase {
        turn: u32,
        active: usize,
        phase: String,
    },
}

impl BattleState {
    /// The state before anything happens: every unit fresh, turn 1, first side, first phase.
    pub fn initial(roster: &Roster, first_side: usize, first_phase: &str) -> Self {
        Self {
            turn: 1,
            active: first_side,
            first_side,
            phase: first_phase.to_string(),
            units: vec![UnitState::default(); roster.units.len()],
            counters: BTreeMap::new(),
            areas: BTreeMap::new(),
        }
    }

    /// Checks that an effect names only what the roster and rule set have, with values in
    /// range, without applying it.
    pub fn check(
        &self,
        roster: &Roster,
        ruleset: &dyn Ruleset,
        effect: &Effect,
    ) -> Result<(), EffectError> {
        let unknown = |what, id: &str| EffectError::Unknown {
            what,
            id: id.to_string(),
        };
        let unit = |id: &str| roster.unit_index(id).ok_or_else(|| unknown("unit", id));
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
            Effect::Removed { unit: id, .. } | Effect::Returned { unit: id } => unit(id).map(drop),
            Effect::Marker {
                unit: id,
                marker,
                value,
            } => {
                unit(id)?;
                let def = ruleset
                    .markers()
                    .iter()
                    .find(|m| m.id == marker)
                    .ok_or_else(|| unknown("marker", marker))?;
                match value {
                    None => Ok(()),
                    Some(v) => {
                        marker_value(def.kind, *v).map_err(|expected| EffectError::OutOfRange {
                            what: format!("marker {marker} of {id}"),
                            value: v.to_string(),
                            expected,
                        })
                    }
                }
            }
            Effect::Counter { scope, name, value } => {
                if roster.formation_index(scope).is_none() && roster.side_index(scope).is_none() {
                    return Err(unknown("formation or side", scope));
                }
                let def = ruleset
                    .counters()
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
                    if !ruleset.area_markers().iter().any(|a| a.id == m.kind) {
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
                if !ruleset.phases().iter().any(|p| p.id == phase) {
                    return Err(unknown("phase", phase));
                }
                turn("the turn".into(), *t)
            }
        }
    }

    /// Applies one effect that [`BattleState::check`] accepted, and returns what it overwrote.
    /// An effect naming an unknown unit or side (never one that was checked) changes nothing.
    pub fn apply(&mut self, roster: &Roster, effect: &Effect) -> Option<Prior> {
        let idx = |id: &str| roster.unit_index(id);
        Some(match effect {
            Effect::Hits { unit, hits } => {
                let u = idx(unit)?;
                let prior = std::mem::replace(&mut self.units[u].hits, *hits);
                Prior::Hits {
                    unit: u,
                    hits: prior,
                }
            }
            Effect::Removed { unit, cause } => {
                let u = idx(unit)?;
                let prior = self.units[u].removed.replace(cause.clone());
                Prior::Removed {
                    unit: u,
                    removed: prior,
                }
            }
            Effect::Returned { unit } => {
                let u = idx(unit)?;
                let prior = std::mem::take(&mut self.units[u]);
                Prior::Unit {
                    unit: u,
                    state: prior,
                }
            }
            Effect::Marker {
                unit,
                marker,
                value,
            } => {
                let u = idx(unit)?;
                let m = &mut self.units[u].markers;
                let prior = match value {
                    Some(v) => m.insert(marker.clone(), *v),
                    None => m.remove(marker),
                };
                Prior::Marker {
                    unit: u,
                    marker: marker.clone(),
                    value: prior,
                }
            }
            Effect::Counter { scope, name, value } => {
                let key = (scope.clone(), name.clone());
                let prior = match value {
                    Some(v) => self.counters.insert(key.clone(), *v),
                    None => self.counters.remove(&key),
                };
                Prior::Counter { key, value: prior }
            }
            Effect::Area { id, marker } => {
                let prior = match marker {
                    Some(m) => self.areas.insert(id.clone(), m.clone()),
                    None => self.areas.remove(id),
                };
                Prior::Area {
                    id: id.clone(),
                    marker: prior,
                }
            }
            Effect::Phase { turn, side, phase } => {
                let active = roster.side_index(side)?;
                let prior = Prior::Phase {
                    turn: self.turn,
                    active: self.active,
                    phase: std::mem::replace(&mut self.phase, phase.clone()),
                };
                self.turn = *turn;
                self.active = active;
                prior
            }
        })
    }

    /// Puts back what an effect overwrote (the effects of one event are reverted last first).
    pub fn revert(&mut self, prior: Prior) {
        match prior {
            Prior::Hits { unit, hits } => self.units[unit].hits = hits,
            Prior::Removed { unit, removed } => self.units[unit].removed = removed,
            Prior::Unit { unit, state } => self.units[unit] = state,
            Prior::Marker {
                unit,
                marker,
                value,
            } => {
                let m = &mut self.units[unit].markers;
                match value {
                    Some(v) => m.insert(marker, v),
                    None => m.remove(&marker),
                };
            }
            Prior::Counter { key, value } => {
                match value {
                    Some(v) => self.counters.insert(key, v),
                    None => self.counters.remove(&key),
                };
            }
            Prior::Area { id, marker } => {
                match marker {
                    Some(m) => self.areas.insert(id, m),
                    None => self.areas.remove(&id),
                };
            }
            Prior::Phase {
                turn,
                active,
                phase,
            } => {
                self.turn = turn;
                self.active = active;
                self.phase = phase;
            }
        }
    }

    /// A counter's value.
    pub fn counter(&self, scope: &str, name: &str) -> Option<i32> {
        self.counters
            .get(&(scope.to_string(), name.to_string()))
            .copied()
    }
}

/// The values a marker of `kind` may hold, or what it may hold in words.
pub fn marker_value(kind: MarkerKind, value: i32) -> Result<(), String> {
    match kind {
        MarkerKind::Flag if value == 1 => Ok(()),
        MarkerKind::Flag => Err("an on/off marker holds 1 when it is on".into()),
        MarkerKind::Count if (0..=MAX_COUNT).contains(&value) => Ok(()),
        MarkerKind::Count => Err(format!("a count from 0 to {MAX_COUNT}")),
        MarkerKind::Turn if (1..=MAX_TURN as i32).contains(&value) => Ok(()),
        MarkerKind::Turn => Err(format!("a turn from 1 to {MAX_TURN}")),
    }
}
