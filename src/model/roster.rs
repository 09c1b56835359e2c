//! The fixed structure of a battle, built once from a validated scenario: sides, nested
//! formations and units, with inherited qualities and each unit's hit limit resolved. What changes
//! during the battle lives in [`super::BattleState`].

use crate::declare::Params;
use crate::model::file::typed_value;
use crate::model::state::Arrival;
use crate::model::{FormationDef, ScenarioFile, UnitDef};
use toml::Spanned;

/// The arrival a scenario's `arrives` gives, if it sets a good one.
fn arrival(value: &Option<Spanned<toml::Value>>) -> Option<Arrival> {
    value.as_ref().and_then(|v| Arrival::from_toml(v.get_ref()))
}
use std::collections::HashMap;

/// A side.
#[derive(Clone, Debug, PartialEq)]
pub struct SideInfo {
    pub id: String,
    pub name: String,
    pub nationality: Option<String>,
    pub quality: String,
    /// What the side must do, in the scenario's words: its own orders.
    pub goal: Option<String>,
}

/// A formation (battalion, company, platoon …).
#[derive(Clone, Debug, PartialEq)]
pub struct FormationInfo {
    pub id: String,
    pub name: String,
    pub level: Option<String>,
    pub side: usize,
    pub parent: Option<usize>,
    pub quality: String,
    /// 0 for a formation directly under its side.
    pub depth: usize,
    /// The turn the umpire added it to the battle, for a formation the scenario lacks.
    pub added: Option<u32>,
}

/// A concealment stand: its number (all the enemy sees) and the units behind it at the start,
/// in the scenario's order.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnInfo {
    pub side: usize,
    pub number: i64,
    pub units: Vec<usize>,
}

/// A unit with everything the rules need to know about it that does not change.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UnitInfo {
    pub id: String,
    pub name: String,
    pub side: usize,
    /// The formation it belongs to directly (None for units under the side).
    pub formation: Option<usize>,
    pub kind: String,
    /// Resolved quality (own, else formation's, else side's).
    pub quality: String,
    pub leader: bool,
    pub hq: bool,
    /// The rule set's own fields as the scenario sets them (`hmg`, `figures` …), checked against
    /// its declaration at load: read them with [`Params::flag`], [`Params::int`] ….
    pub fields: Params,
    /// Hits that remove the unit.
    pub hit_limit: u32,
    /// When it comes on, if not at the start (its own `arrives`, else its formation's, else its
    /// concealment stand's): a turn, or when the umpire brings it on.
    pub arrives: Option<Arrival>,
    /// The turn the umpire added it to the battle, for a unit the scenario lacks.
    pub added: Option<u32>,
}

/// Sides, formations and units, with lookups by id and the tree they form, all built once.
#[derive(Clone, Debug, Default)]
pub struct Roster {
    pub sides: Vec<SideInfo>,
    pub formations: Vec<FormationInfo>,
    pub units: Vec<UnitInfo>,
    /// Concealment stands, side by side in file order.
    pub columns: Vec<ColumnInfo>,
    /// For each unit, the concealment stand it starts behind.
    unit_column: Vec<Option<usize>>,
    unit_index: HashMap<String, usize>,
    formation_index: HashMap<String, usize>,
    /// For each side: the units directly under it, and its top formations, in file order.
    side_units: Vec<Vec<usize>>,
    side_formations: Vec<Vec<usize>>,
    /// For each formation: its own units, and its sub-formations, in file order.
    formation_units: Vec<Vec<usize>>,
    formation_children: Vec<Vec<usize>>,
    /// The longest unit id, in characters.
    longest_id: usize,
    /// The largest hit limit (the widest row of pips).
    largest_limit: u32,
}

impl Roster {
    /// Builds the roster of a validated scenario.
    pub fn build(
        file: &ScenarioFile,
        default_quality: &str,
        hit_limit: impl Fn(&UnitInfo) -> u32,
    ) -> Self {
        let mut r = Roster::default();
        for s in &file.sides {
            r.sides.push(SideInfo {
                id: s.id.get_ref().clone(),
                name: s.name.get_ref().clone(),
                nationality: s.nationality.as_ref().map(|n| n.get_ref().clone()),
                goal: s.goal.as_ref().map(|g| g.get_ref().clone()),
                quality: s
                    .quality
                    .as_ref()
                    .map(|q| q.get_ref().clone())
                    .unwrap_or_else(|| default_quality.to_string()),
            });
        }
        for (side, s) in file.sides.iter().enumerate() {
            for u in &s.units {
                let q = r.sides[side].quality.clone();
                r.push_unit(side, None, q, None, u);
            }
            for f in &s.formations {
                let q = r.sides[side].quality.clone();
                r.push_formation(side, None, 0, q, None, f);
            }
        }
        for i in 0..r.units.len() {
            r.units[i].hit_limit = hit_limit(&r.units[i]);
        }
        r.side_units = vec![Vec::new(); r.sides.len()];
        r.side_formations = vec![Vec::new(); r.sides.len()];
        r.formation_units = vec![Vec::new(); r.formations.len()];
        r.formation_children = vec![Vec::new(); r.formations.len()];
        for (u, info) in r.units.iter().enumerate() {
            match info.formation {
                Some(f) => r.formation_units[f].push(u),
                None => r.side_units[info.side].push(u),
            }
        }
        for (f, info) in r.formations.iter().enumerate() {
            match info.parent {
                Some(p) => r.formation_children[p].push(f),
                None => r.side_formations[info.side].push(f),
            }
        }
        r.longest_id = r
            .units
            .iter()
            .map(|u| u.id.chars().count())
            .max()
            .unwrap_or(0);
        r.largest_limit = r.units.iter().map(|u| u.hit_limit).max().unwrap_or(0);
        r.unit_column = vec![None; r.units.len()];
        for (side, s) in file.sides.iter().enumerate() {
            for c in &s.concealed {
                let units: Vec<usize> = c
                    .units
                    .iter()
                    .filter_map(|id| r.unit_index(id.get_ref()))
                    .collect();
                for &u in &units {
                    r.unit_column[u] = Some(r.columns.len());
                    // The units behind a stand that comes on later come on with it, unless they
                    // say otherwise themselves.
                    if r.units[u].arrives.is_none() {
                        r.units[u].arrives = arrival(&c.arrives);
                    }
                }
                r.columns.push(ColumnInfo {
                    side,
                    number: *c.number.get_ref(),
                    units,
                });
            }
        }
        r
    }

    /// Puts `unit` behind concealment stand `column` (by its place among the stands), or behind
    /// none, off the list of any stand it was behind: a unit added during the battle.
    pub fn put_behind(&mut self, unit: usize, column: Option<usize>) {
        if let Some(old) = self.unit_column[unit] {
            self.columns[old].units.retain(|&u| u != unit);
        }
        self.unit_column[unit] = column;
        if let Some(c) = column {
            self.columns[c].units.push(unit);
        }
    }

    /// The concealment stand `unit` starts behind, if any.
    pub fn column_of(&self, unit: usize) -> Option<usize> {
        self.unit_column.get(unit).copied().flatten()
    }

    fn push_formation(
        &mut self,
        side: usize,
        parent: Option<usize>,
        depth: usize,
        inherited: String,
        arrives: Option<Arrival>,
        f: &FormationDef,
    ) {
        let arrives = arrival(&f.arrives).or(arrives);
        let quality = f
            .quality
            .as_ref()
            .map(|q| q.get_ref().clone())
            .unwrap_or(inherited);
        let idx = self.formations.len();
        self.formation_index.insert(f.id.get_ref().clone(), idx);
        self.formations.push(FormationInfo {
            id: f.id.get_ref().clone(),
            name: f.name.get_ref().clone(),
            level: f.level.as_ref().map(|l| l.get_ref().clone()),
            side,
            parent,
            quality: quality.clone(),
            depth,
            added: None,
        });
        for u in &f.units {
            self.push_unit(side, Some(idx), quality.clone(), arrives, u);
        }
        for sub in &f.formations {
            self.push_formation(side, Some(idx), depth + 1, quality.clone(), arrives, sub);
        }
    }

    fn push_unit(
        &mut self,
        side: usize,
        formation: Option<usize>,
        inherited: String,
        arrives: Option<Arrival>,
        u: &UnitDef,
    ) {
        let b = |v: &Option<toml::Spanned<bool>>| v.as_ref().is_some_and(|x| *x.get_ref());
        let s = |v: &Option<toml::Spanned<String>>| v.as_ref().map(|x| x.get_ref().clone());
        let mut fields = Params::new();
        for (key, value) in &u.fields {
            if let Some(v) = typed_value(value.get_ref()) {
                fields.set(key.get_ref(), v);
            }
        }
        self.unit_index
            .insert(u.id.get_ref().clone(), self.units.len());
        self.units.push(UnitInfo {
            id: u.id.get_ref().clone(),
            name: u.name.get_ref().clone(),
            side,
            formation,
            kind: u.kind.get_ref().clone(),
            quality: s(&u.quality).unwrap_or(inherited),
            leader: b(&u.leader),
            hq: b(&u.hq),
            fields,
            hit_limit: 1,
            arrives: arrival(&u.arrives).or(arrives),
            added: None,
        });
    }

    /// Puts in a unit the umpire adds during the battle (one whose `added` is set): after the
    /// scenario's, or in the place of the unit of its id added before, when there is one (an
    /// addition since taken back, whose place the new one takes). Its index.
    pub fn put_added(&mut self, info: UnitInfo) -> usize {
        let u = match self.unit_index(&info.id) {
            Some(u) => {
                let old = &self.units[u];
                let list = match old.formation {
                    Some(f) => &mut self.formation_units[f],
                    None => &mut self.side_units[old.side],
                };
                list.retain(|&x| x != u);
                self.units[u] = info;
                u
            }
            None => {
                self.units.push(info);
                self.unit_column.push(None);
                let u = self.units.len() - 1;
                self.unit_index.insert(self.units[u].id.clone(), u);
                u
            }
        };
        let info = &self.units[u];
        match info.formation {
            Some(f) => self.formation_units[f].push(u),
            None => self.side_units[info.side].push(u),
        }
        self.longest_id = self.longest_id.max(info.id.chars().count());
        self.largest_limit = self.largest_limit.max(info.hit_limit);
        u
    }

    /// Puts in a formation the umpire adds during the battle (one whose `added` is set), with no
    /// units yet: after the scenario's, or in the place of the formation of its id added before,
    /// when there is one (an addition since taken back, whose place the new one takes). Its
    /// index. Its units follow with [`Roster::put_added`].
    pub fn put_added_formation(&mut self, info: FormationInfo) -> usize {
        let f = match self.formation_index(&info.id) {
            Some(f) => {
                let old = &self.formations[f];
                let list = match old.parent {
                    Some(p) => &mut self.formation_children[p],
                    None => &mut self.side_formations[old.side],
                };
                list.retain(|&x| x != f);
                self.formations[f] = info;
                f
            }
            None => {
                self.formations.push(info);
                self.formation_units.push(Vec::new());
                self.formation_children.push(Vec::new());
                let f = self.formations.len() - 1;
                self.formation_index
                    .insert(self.formations[f].id.clone(), f);
                f
            }
        };
        let info = &self.formations[f];
        match info.parent {
            Some(p) => self.formation_children[p].push(f),
            None => self.side_formations[info.side].push(f),
        }
        f
    }

    /// The index of a unit by id.
    pub fn unit_index(&self, id: &str) -> Option<usize> {
        self.unit_index.get(id).copied()
    }

    /// The index of a formation by id.
    pub fn formation_index(&self, id: &str) -> Option<usize> {
        self.formation_index.get(id).copied()
    }

    /// The index of a side by id.
    pub fn side_index(&self, id: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.id == id)
    }

    /// True when `unit` belongs to `formation` or to one of its sub-formations.
    pub fn unit_in(&self, unit: usize, formation: usize) -> bool {
        let mut f = self.units[unit].formation;
        while let Some(i) = f {
            if i == formation {
                return true;
            }
            f = self.formations[i].parent;
        }
        false
    }

    /// The nearest formation at `level` above (or at) the unit's own formation.
    pub fn enclosing(&self, unit: usize, level: &str) -> Option<usize> {
        let mut f = self.units[unit].formation;
        while let Some(i) = f {
            if self.formations[i].level.as_deref() == Some(level) {
                return Some(i);
            }
            f = self.formations[i].parent;
        }
        None
    }

    /// Units of a formation and its sub-formations: its own first, then each sub-formation's.
    pub fn units_of(&self, formation: usize) -> impl Iterator<Item = usize> + '_ {
        let mut stack = vec![formation];
        let mut out = Vec::new();
        while let Some(f) = stack.pop() {
            out.extend_from_slice(&self.formation_units[f]);
            stack.extend(self.formation_children[f].iter().rev());
        }
        out.into_iter()
    }

    /// The units directly under a side (off-table assets), in file order.
    pub fn side_units(&self, side: usize) -> &[usize] {
        &self.side_units[side]
    }

    /// A side's top formations, in file order.
    pub fn side_formations(&self, side: usize) -> &[usize] {
        &self.side_formations[side]
    }

    /// A formation's own units, in file order.
    pub fn formation_units(&self, formation: usize) -> &[usize] {
        &self.formation_units[formation]
    }

    /// A formation's sub-formations, in file order.
    pub fn formation_children(&self, formation: usize) -> &[usize] {
        &self.formation_children[formation]
    }

    /// The longest unit id, in characters.
    pub fn longest_id(&self) -> usize {
        self.longest_id
    }

    /// The largest number of losses that removes a unit: the width of the roster's pips.
    pub fn largest_limit(&self) -> u32 {
        self.largest_limit
    }

    /// Ids of all units, for suggestions.
    pub fn unit_ids(&self) -> impl Iterator<Item = &str> {
        self.units.iter().map(|u| u.id.as_str())
    }
}
