//! The read-only look at a battle that the rule sets are handed ([`BattleView`]), and who looks
//! at it ([`Viewer`]).

use super::roster::{Roster, UnitInfo};
use super::state::{BattleState, UnitState};
use crate::declare::{Badge, MarkerDef, Options, PhaseDef, RuleError, Tone};
use crate::text::did_you_mean;
use serde::{Deserialize, Serialize};

/// Who looks at the battle: what a report, a players' view or the umpire's screen may show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// Everything, concealed lists included.
    #[default]
    Umpire,
    /// One side (by index): its own units in full, the enemy as far as it has been seen.
    Side(usize),
    /// What every side may see.
    Public,
}

/// A marker's value as the journal writes it and the umpire reads and types it: a number, or the
/// id of the unit that a marker holding a unit names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum MarkerValue<'a> {
    Number(i32),
    Unit(&'a str),
}

impl std::fmt::Display for MarkerValue<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MarkerValue::Number(n) => write!(f, "{n}"),
            MarkerValue::Unit(id) => f.write_str(id),
        }
    }
}

/// A read-only look at a battle, handed to the rule set.
#[derive(Clone, Copy)]
pub struct BattleView<'a> {
    pub roster: &'a Roster,
    pub state: &'a BattleState,
    pub options: &'a Options,
    /// The phases the battle moves through (the rule set's declaration).
    pub phases: &'static [PhaseDef],
}

impl<'a> BattleView<'a> {
    /// A unit's index by id, or an error with the nearest id.
    pub fn unit(&self, id: &str) -> Result<usize, RuleError> {
        // A unit added and since taken back is in no one's battle.
        let listed = |u: &usize| self.state.units[*u].listed();
        self.roster
            .unit_index(id)
            .filter(listed)
            .ok_or_else(|| RuleError::UnknownUnit {
                id: id.to_string(),
                suggestion: did_you_mean(
                    id,
                    (self.roster.units.iter().enumerate())
                        .filter(|(u, _)| listed(u))
                        .map(|(_, info)| info.id.as_str()),
                ),
            })
    }
    pub fn info(&self, unit: usize) -> &'a UnitInfo {
        &self.roster.units[unit]
    }
    pub fn unit_state(&self, unit: usize) -> &'a UnitState {
        &self.state.units[unit]
    }
    pub fn marker(&self, unit: usize, id: &str) -> Option<i32> {
        self.state.units[unit].marker(id)
    }
    /// The unit that `unit`'s marker `id`, one that holds a unit, names, if it holds one.
    pub fn marker_unit(&self, unit: usize, id: &str) -> Option<usize> {
        let x = usize::try_from(self.marker(unit, id)?).ok()?;
        (x < self.roster.units.len()).then_some(x)
    }
    /// `unit`'s marker `def` as the journal writes it, if the unit holds it: the id of the unit
    /// it names for a marker that holds a unit, else its number.
    pub fn marker_value(&self, unit: usize, def: &MarkerDef) -> Option<MarkerValue<'a>> {
        let value = self.marker(unit, def.id)?;
        let named = def
            .kind
            .holds_unit()
            .then(|| self.marker_unit(unit, def.id))
            .flatten();
        Some(named.map_or(MarkerValue::Number(value), |x| {
            MarkerValue::Unit(&self.roster.units[x].id)
        }))
    }
    pub fn side_id(&self, side: usize) -> &'a str {
        &self.roster.sides[side].id
    }
    pub fn active_side(&self) -> usize {
        self.state.active
    }
    /// The current phase as the rule set declares it (None for a phase it does not know).
    pub fn phase(&self) -> Option<&'static PhaseDef> {
        self.phases.iter().find(|p| p.id == self.state.phase)
    }
    /// True when `viewer` may see `unit` as it is: the umpire sees everything; a side sees its
    /// own units and the enemy's that are not concealed; the public (a report for everyone)
    /// sees the units no longer concealed.
    ///
    /// A unit not yet arrived is hidden as a concealed one is, and more: its own side sees it as
    /// expected, the enemy and the public not at all. An added unit whose addition is not in
    /// force is seen by no one.
    pub fn visible_to(&self, unit: usize, viewer: Viewer) -> bool {
        let st = &self.state.units[unit];
        match viewer {
            Viewer::Umpire => st.listed(),
            Viewer::Side(side) if self.roster.units[unit].side == side => st.listed(),
            Viewer::Side(_) | Viewer::Public => !st.hidden(),
        }
    }
    /// True when formation `f` is in the battle: always for the scenario's formations; for one
    /// the umpire added, while its addition is in force. A formation that is not is in no view.
    pub fn formation_listed(&self, f: usize) -> bool {
        self.state.formation_listed.get(f).copied().unwrap_or(true)
    }
    /// True when `viewer` may see concealment stand `c` on the table: its own side and the
    /// umpire always (a stand still to arrive as expected), anyone else once one of its units
    /// has arrived.
    pub fn stand_in_sight(&self, c: usize, viewer: Viewer) -> bool {
        self.sees_behind(c, viewer)
            || self.roster.columns[c]
                .units
                .iter()
                .any(|&u| self.state.units[u].arrived())
    }
    /// True when `viewer` may see which units stand behind concealment stand `c` while they are
    /// hidden: the umpire and the stand's own side.
    pub fn sees_behind(&self, c: usize, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Umpire => true,
            Viewer::Side(side) => self.roster.columns[c].side == side,
            Viewer::Public => false,
        }
    }
    /// The badge of a unit still concealed (`HID 2`: behind stand 2), for the umpire's and its
    /// own side's screens; none once it is exposed.
    pub fn concealment_badge(&self, unit: usize) -> Option<Badge> {
        if !self.state.units[unit].concealed {
            return None;
        }
        let number = self.roster.columns[self.roster.column_of(unit)?].number;
        Some(Badge {
            text: format!("HID {number}"),
            tone: Tone::Info,
            help: format!(
                "Concealed behind stand {number}: the enemy sees only the stand's number until it is exposed"
            ),
        })
    }
    /// The badge of a unit still to arrive (`DUE 6`: on turn 6; `DUE UMP`: when the umpire
    /// brings it on), for the umpire's and its own side's screens; none once it has arrived.
    pub fn arrival_badge(&self, unit: usize) -> Option<Badge> {
        let a = self.state.units[unit].awaited?;
        Some(Badge {
            text: a.badge(),
            tone: Tone::Info,
            help: format!(
                "Not yet on the table: it arrives {}; until then it is counted nowhere and the enemy does not see it",
                a.words()
            ),
        })
    }
    /// True when `side` acts in the current phase: it is the active side, or the phase is one
    /// both sides play at once.
    pub fn acts_now(&self, side: usize) -> bool {
        side == self.state.active || self.phase().is_some_and(|p| p.simultaneous)
    }
    /// A side's value of an option (per-side options may differ).
    pub fn side_options(&self, side: usize) -> Option<&'a str> {
        Some(self.side_id(side))
    }
    /// Side indices in the order they move in each game turn (the first side first).
    pub fn sides_in_order(&self) -> Vec<usize> {
        let n = self.roster.sides.len();
        (0..n).map(|i| (self.state.first_side + i) % n).collect()
    }

    /// A unit's name and id, as the log shows it.
    pub fn label(&self, unit: usize) -> String {
        let u = self.info(unit);
        format!("{} ({})", u.name, u.id)
    }
}
