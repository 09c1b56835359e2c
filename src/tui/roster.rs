//! The roster as the umpire moves through it: a tree of sides, formations and units that folds
//! and unfolds as file-tree UIs do (space or enter folds, ← folds or goes up, → unfolds or goes
//! in), filters (one side or every side, removed units hidden, only the units that may still
//! act), the selection, search, go-to and the mouse.
//!
//! A side with concealment stands lists them after its formations, each with the units still
//! hidden behind it in the scenario's order (the same units as in their formations, listed a
//! second time): the umpire sees every stand's secret list at a glance. A stand whose units are
//! all exposed stays, empty, with the cause of its exposure.
//!
//! The lines shown (the umpire's screen's `App::rows`) are built from the tree, the folds and the filters, and built
//! again when one of them changes or a new entry in the battle's history may have changed which
//! units pass the filters. The cursor stays on its line; when that line goes (a filter hides
//! it), it moves to the next line still shown, or else the one before.

use crate::battle::Battle;
use crate::model::Viewer;
use std::collections::HashSet;

/// A line of the roster pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    Side(usize),
    Formation(usize),
    Unit(usize),
    /// A concealment stand (an index into [`crate::model::Roster::columns`]).
    Stand(usize),
    /// A unit still hidden behind its stand, listed under it (its line in its formation is a
    /// [`Row::Unit`]).
    Concealed(usize),
}

impl Row {
    /// True for a line that folds: a side, a formation or a stand.
    pub fn folds(self) -> bool {
        matches!(self, Row::Side(_) | Row::Formation(_) | Row::Stand(_))
    }

    /// The unit of a unit's line, in its formation or under its stand.
    pub fn unit(self) -> Option<usize> {
        match self {
            Row::Unit(u) | Row::Concealed(u) => Some(u),
            _ => None,
        }
    }
}

/// Which units the roster shows. A formation or side none of whose units pass a unit filter is
/// left out too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RosterFilter {
    /// Only this side (`None`: every side).
    pub side: Option<usize>,
    /// Removed units are left out.
    pub hide_removed: bool,
    /// Only the units that may still act ([`crate::ruleset::Ruleset::may_still_act`]).
    pub to_act: bool,
}

impl RosterFilter {
    /// True when a filter leaves units out within the sides shown.
    pub fn hides_units(&self) -> bool {
        self.hide_removed || self.to_act
    }
}

/// The roster's lines and what shapes them.
#[derive(Clone, Debug, Default)]
pub struct RosterTree {
    /// The lines shown, in tree order.
    pub(super) rows: Vec<Row>,
    /// Folded sides and formations.
    pub(super) folded: HashSet<Row>,
    pub(super) filter: RosterFilter,
    /// For each formation: how many of its units, nested ones too, pass the filter.
    pub(super) shown: Vec<usize>,
    /// The length of the battle's history when the lines were built.
    pub(super) built_at: usize,
    /// The columns the lines need, once worked out for these lines ([`RosterTree::width`]),
    /// with what they were worked out under: measuring every line of a large roster at every
    /// frame would cost more than the frame.
    pub(super) width: std::cell::Cell<Option<(WidthKey, usize)>>,
    /// For each unit exposed from a concealment stand: when (its place among the events in
    /// force) and why, from the event in force that exposed it.
    pub(super) exposures: Vec<Option<(usize, String)>>,
    /// The length of the battle's history when `exposures` was read from it.
    pub(super) exposures_at: Option<usize>,
    /// Who looks: the umpire sees every unit and what each stand hides; a side its own units
    /// and the enemy as far as it has seen it (a stand still concealing units is its number
    /// alone); the public what no stand hides any more.
    pub(super) viewer: Viewer,
}

/// What the roster's lines' width is worked out under, besides the lines themselves: the
/// history's length, the secrets hidden, the colour.
pub(crate) type WidthKey = (usize, bool, bool);

impl RosterTree {
    /// The columns these lines need, worked out by `measure` once for the lines and `key`.
    pub(crate) fn width(&self, key: WidthKey, measure: impl FnOnce() -> usize) -> usize {
        match self.width.get() {
            Some((k, w)) if k == key => w,
            _ => {
                let w = measure();
                self.width.set(Some((key, w)));
                w
            }
        }
    }

    /// The tree of `battle` with nothing folded and nothing filtered.
    pub(crate) fn new(battle: &Battle) -> Self {
        let mut tree = Self::default();
        tree.build(battle);
        tree
    }

    /// The tree of `battle` as `viewer` may see it, nothing folded or filtered.
    pub(crate) fn for_viewer(battle: &Battle, viewer: Viewer) -> Self {
        let mut tree = Self {
            viewer,
            ..Self::default()
        };
        tree.build(battle);
        tree
    }

    /// Who the lines are for.
    pub(crate) fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// Builds the lines again for another viewer (the umpire's screen with its secrets hidden).
    pub(crate) fn set_viewer(&mut self, battle: &Battle, viewer: Viewer) {
        self.viewer = viewer;
        self.build(battle);
    }

    /// A tree of `battle` folded and filtered as this one is (the report view's roster, shaped as
    /// the umpire left the roster of the battle being played).
    pub(crate) fn shaped_like(&self, battle: &Battle) -> Self {
        let mut tree = Self {
            folded: self.folded.clone(),
            filter: self.filter,
            viewer: self.viewer,
            ..Self::default()
        };
        tree.build(battle);
        tree
    }

    /// Builds the lines again for `battle`, taking why each unit was exposed from `exposures`
    /// (for each unit, the place among the events in force of the one that exposed it, and its
    /// cause) rather than from the battle's history: for a view whose battle keeps none of its
    /// events, or only a few, and follows the exposures itself.
    pub(crate) fn rebuild_exposed(
        &mut self,
        battle: &Battle,
        exposures: &[Option<(usize, String)>],
    ) {
        self.exposures.clear();
        self.exposures.extend_from_slice(exposures);
        self.exposures_at = Some(battle.history().entries().len());
        self.build(battle);
    }

    /// True when the viewer may see a unit and it passes the filter.
    pub(super) fn passes(
        &self,
        battle: &Battle,
        view: &crate::model::BattleView<'_>,
        u: usize,
    ) -> bool {
        let f = &self.filter;
        view.visible_to(u, self.viewer)
            && f.side.is_none_or(|s| battle.roster.units[u].side == s)
            && (!f.hide_removed || battle.state().units[u].on_table())
            && (!f.to_act
                || battle.state().units[u].on_table() && battle.ruleset.may_still_act(view, u))
    }

    /// Builds the lines from the tree, the folds and the filter.
    pub(super) fn build(&mut self, battle: &Battle) {
        self.width.set(None);
        let r = &battle.roster;
        let view = battle.view();
        let pass: Vec<bool> = (0..r.units.len())
            .map(|u| self.passes(battle, &view, u))
            .collect();
        self.shown = vec![0; r.formations.len()];
        for (u, _) in pass.iter().enumerate().filter(|(_, p)| **p) {
            let mut f = r.units[u].formation;
            while let Some(i) = f {
                self.shown[i] += 1;
                f = r.formations[i].parent;
            }
        }
        let mut side_shown = vec![0usize; r.sides.len()];
        for (u, _) in pass.iter().enumerate().filter(|(_, p)| **p) {
            side_shown[r.units[u].side] += 1;
        }
        let mut rows = Vec::with_capacity(
            r.sides.len() + r.formations.len() + r.units.len() + r.columns.len(),
        );
        for (s, &shown) in side_shown.iter().enumerate() {
            if self.filter.side.is_some_and(|only| only != s)
                || (self.filter.hides_units() && shown == 0)
            {
                continue;
            }
            rows.push(Row::Side(s));
            if self.folded.contains(&Row::Side(s)) {
                continue;
            }
            rows.extend(
                r.side_units(s)
                    .iter()
                    .filter(|&&u| pass[u])
                    .map(|&u| Row::Unit(u)),
            );
            for &f in r.side_formations(s) {
                self.formation(r, f, &pass, &battle.state().formation_listed, &mut rows);
            }
            for (c, _) in r
                .columns
                .iter()
                .enumerate()
                .filter(|(_, col)| col.side == s)
            {
                self.stand(battle, c, &pass, &mut rows);
            }
        }
        self.rows = rows;
        self.built_at = battle.history().entries().len();
        self.read_exposures(battle);
    }

    /// A concealment stand's line and the lines of the units still hidden behind it that pass
    /// the filter. Under a unit filter, a stand with none is left out (an exposed one too).
    pub(super) fn stand(&self, battle: &Battle, c: usize, pass: &[bool], out: &mut Vec<Row>) {
        if !battle.view().stand_in_sight(c, self.viewer) {
            return;
        }
        let hidden = hidden_units(battle, c).filter(|&u| pass[u]);
        let mut hidden = hidden.peekable();
        if self.filter.hides_units() && hidden.peek().is_none() {
            return;
        }
        out.push(Row::Stand(c));
        if self.folded.contains(&Row::Stand(c)) {
            return;
        }
        out.extend(hidden.map(Row::Concealed));
    }

    /// Reads from the events in force why each unit of a concealment stand was exposed (once
    /// for each change to the history, and only in a battle with stands).
    pub(super) fn read_exposures(&mut self, battle: &Battle) {
        let r = &battle.roster;
        let at = battle.history().entries().len();
        if r.columns.is_empty() || self.exposures_at == Some(at) {
            return;
        }
        self.exposures = vec![None; r.units.len()];
        for (i, ev) in battle.history().in_force().enumerate() {
            for e in &ev.effects {
                if let crate::model::Effect::Exposed { unit, cause } = e
                    && let Some(u) = r.unit_index(unit)
                {
                    self.exposures[u] = Some((i, cause.clone()));
                }
            }
        }
        self.exposures_at = Some(at);
    }

    /// A formation's line and its lines. One with no unit to show is left out under a unit
    /// filter, and for a viewer who is not the umpire (an enemy division still marching behind
    /// its stands is not named).
    pub(super) fn formation(
        &self,
        r: &crate::model::Roster,
        f: usize,
        pass: &[bool],
        listed: &[bool],
        out: &mut Vec<Row>,
    ) {
        let leave_empty_out = self.filter.hides_units() || self.viewer != Viewer::Umpire;
        // A formation added and since taken back is in no one's battle.
        if (leave_empty_out && self.shown[f] == 0) || !listed.get(f).copied().unwrap_or(true) {
            return;
        }
        out.push(Row::Formation(f));
        if self.folded.contains(&Row::Formation(f)) {
            return;
        }
        out.extend(
            r.formation_units(f)
                .iter()
                .filter(|&&u| pass[u])
                .map(|&u| Row::Unit(u)),
        );
        for &sub in r.formation_children(f) {
            self.formation(r, sub, pass, listed, out);
        }
    }
}

/// The units still hidden behind concealment stand `c`, in its list's order.
pub(super) fn hidden_units(battle: &Battle, c: usize) -> impl Iterator<Item = usize> + '_ {
    battle.roster.columns[c]
        .units
        .iter()
        .copied()
        .filter(|&u| battle.state().units[u].concealed)
}

/// The side a line belongs to.
pub(super) fn side_of(r: &crate::model::Roster, row: Row) -> usize {
    match row {
        Row::Side(s) => s,
        Row::Formation(f) => r.formations[f].side,
        Row::Unit(u) | Row::Concealed(u) => r.units[u].side,
        Row::Stand(c) => r.columns[c].side,
    }
}

/// The line above `row` in the tree: a unit's or formation's formation, or else its side; a
/// hidden unit's stand; a stand's side.
pub(super) fn parent(r: &crate::model::Roster, row: Row) -> Option<Row> {
    match row {
        Row::Side(_) => None,
        Row::Stand(c) => Some(Row::Side(r.columns[c].side)),
        Row::Concealed(u) => Some(
            r.column_of(u)
                .map_or(Row::Side(r.units[u].side), Row::Stand),
        ),
        Row::Formation(f) => Some(
            r.formations[f]
                .parent
                .map_or(Row::Side(r.formations[f].side), Row::Formation),
        ),
        Row::Unit(u) => Some(
            r.units[u]
                .formation
                .map_or(Row::Side(r.units[u].side), Row::Formation),
        ),
    }
}

/// Every line of the tree, nothing folded or filtered, in tree order (for search); a formation
/// added and since taken back is in no one's battle.
pub(super) fn whole_tree(battle: &Battle) -> Vec<Row> {
    let r = &battle.roster;
    let view = battle.view();
    let formation = |f: usize, out: &mut Vec<Row>| {
        fn walk(
            r: &crate::model::Roster,
            v: &crate::model::BattleView,
            f: usize,
            out: &mut Vec<Row>,
        ) {
            if !v.formation_listed(f) {
                return;
            }
            out.push(Row::Formation(f));
            out.extend(r.formation_units(f).iter().map(|&u| Row::Unit(u)));
            for &sub in r.formation_children(f) {
                walk(r, v, sub, out);
            }
        }
        walk(r, &view, f, out);
    };
    let mut out = Vec::with_capacity(r.sides.len() + r.formations.len() + r.units.len());
    for s in 0..r.sides.len() {
        out.push(Row::Side(s));
        out.extend(r.side_units(s).iter().map(|&u| Row::Unit(u)));
        for &f in r.side_formations(s) {
            formation(f, &mut out);
        }
        out.extend(
            (0..r.columns.len())
                .filter(|&c| r.columns[c].side == s)
                .map(Row::Stand),
        );
    }
    out
}

/// A battle's roster as the roster pane draws it: the battle with the lines, folds and filter of
/// a [`RosterTree`] built from it. The umpire's screen draws the battle being played; the report
/// view draws the battle as it stood at the event it shows, with the same folds and filter.
#[derive(Clone, Copy)]
pub struct RosterPane<'a> {
    pub battle: &'a Battle,
    tree: &'a RosterTree,
}

impl<'a> RosterPane<'a> {
    pub(crate) fn new(battle: &'a Battle, tree: &'a RosterTree) -> Self {
        Self { battle, tree }
    }

    /// The lines shown, in tree order.
    pub fn rows(&self) -> &'a [Row] {
        &self.tree.rows
    }

    /// The filter in force.
    pub fn filter(&self) -> RosterFilter {
        self.tree.filter
    }

    /// True when a side, formation or stand is folded (its lines are hidden).
    pub fn is_folded(&self, row: Row) -> bool {
        self.tree.folded.contains(&row)
    }

    /// How many units of a formation, nested ones too, pass the filter.
    pub fn shown_units(&self, formation: usize) -> usize {
        self.tree.shown.get(formation).copied().unwrap_or(0)
    }

    /// The units still hidden behind concealment stand `c`, in its list's order.
    pub fn hidden_units(&self, c: usize) -> impl Iterator<Item = usize> + use<'a> {
        hidden_units(self.battle, c)
    }

    /// Who the lines are for.
    pub fn viewer(&self) -> Viewer {
        self.tree.viewer
    }

    /// True when the viewer may know what concealment stand `c` still hides (the umpire and
    /// the stand's own side): else the stand is its number alone.
    pub fn sees_behind(&self, c: usize) -> bool {
        self.battle.view().sees_behind(c, self.tree.viewer)
    }

    /// Why a unit that stood behind a concealment stand was exposed, as the event in force that
    /// exposed it says (None while it is hidden).
    pub fn exposure(&self, unit: usize) -> Option<&'a str> {
        if self.battle.state().units[unit].concealed {
            return None;
        }
        let (_, cause) = self.tree.exposures.get(unit)?.as_ref()?;
        Some(cause)
    }

    /// Why concealment stand `c` was exposed: the cause of the latest exposure of one of its
    /// units (None while none of them has been exposed).
    pub fn stand_exposure(&self, c: usize) -> Option<&'a str> {
        let b = self.battle;
        let tree = self.tree;
        b.roster.columns[c]
            .units
            .iter()
            .filter(|&&u| !b.state().units[u].concealed)
            .filter_map(|&u| tree.exposures.get(u)?.as_ref())
            .max_by_key(|(at, _)| *at)
            .map(|(_, cause)| cause.as_str())
    }
}
