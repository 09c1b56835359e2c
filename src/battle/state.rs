//! What changes during a battle, and the only way it changes: [`Effect`]s.
//!
//! Every effect sets a value outright (hits to 2, Suppressed on, command points to 4), so an event's
//! effects read as what the battle became, and applying them needs no rules at all: replay, undo
//! and the report fold the same effects.

use super::roster::Roster;
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

/// An effect names something the roster does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("effect refers to unknown {what} `{id}`")]
pub struct UnknownId {
    pub what: &'static str,
    pub id: String,
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

    /// Checks that an effect can be applied, without applying it.
    pub fn check(&self, roster: &Roster, effect: &Effect) -> Result<(), UnknownId> {
        let unit = |id: &String| {
            roster.unit_index(id).map(|_| ()).ok_or(UnknownId {
                what: "unit",
                id: id.clone(),
            })
        };
        match effect {
            Effect::Hits { unit: u, .. }
            | Effect::Removed { unit: u, .. }
            | Effect::Returned { unit: u }
            | Effect::Marker { unit: u, .. } => unit(u),
            Effect::Counter { .. } | Effect::Area { .. } => Ok(()),
            Effect::Phase { side, .. } => roster.side_index(side).map(|_| ()).ok_or(UnknownId {
                what: "side",
                id: side.clone(),
            }),
        }
    }

    /// Applies one effect.
    pub fn apply(&mut self, roster: &Roster, effect: &Effect) -> Result<(), UnknownId> {
        self.check(roster, effect)?;
        let idx = |id: &String| roster.unit_index(id).unwrap_or_default();
        match effect {
            Effect::Hits { unit, hits } => self.units[idx(unit)].hits = *hits,
            Effect::Removed { unit, cause } => self.units[idx(unit)].removed = Some(cause.clone()),
            Effect::Returned { unit } => {
                let u = &mut self.units[idx(unit)];
                u.removed = None;
                u.hits = 0;
                u.markers.clear();
            }
            Effect::Marker {
                unit,
                marker,
                value,
            } => {
                let m = &mut self.units[idx(unit)].markers;
                match value {
                    Some(v) => {
                        m.insert(marker.clone(), *v);
                    }
                    None => {
                        m.remove(marker);
                    }
                }
            }
            Effect::Counter { scope, name, value } => {
                let key = (scope.clone(), name.clone());
                match value {
                    Some(v) => {
                        self.counters.insert(key, *v);
                    }
                    None => {
                        self.counters.remove(&key);
                    }
                }
            }
            Effect::Area { id, marker } => match marker {
                Some(m) => {
                    self.areas.insert(id.clone(), m.clone());
                }
                None => {
                    self.areas.remove(id);
                }
            },
            Effect::Phase { turn, side, phase } => {
                self.turn = *turn;
                self.active = roster.side_index(side).unwrap_or_default();
                self.phase = phase.clone();
            }
        }
        Ok(())
    }

    /// A counter's value.
    pub fn counter(&self, scope: &str, name: &str) -> Option<i32> {
        self.counters
            .get(&(scope.to_string(), name.to_string()))
            .copied()
    }
}
