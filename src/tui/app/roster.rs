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
//! The lines shown ([`App::rows`]) are built from the tree, the folds and the filters, and built
//! again when one of them changes or a new entry in the battle's history may have changed which
//! units pass the filters. The cursor stays on its line; when that line goes (a filter hides
//! it), it moves to the next line still shown, or else the one before.

use super::*;
use crate::model::Viewer;
use std::collections::{HashMap, HashSet};

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
    rows: Vec<Row>,
    /// Folded sides and formations.
    folded: HashSet<Row>,
    filter: RosterFilter,
    /// For each formation: how many of its units, nested ones too, pass the filter.
    shown: Vec<usize>,
    /// The length of the battle's history when the lines were built.
    built_at: usize,
    /// The columns the lines need, once worked out for these lines ([`RosterTree::width`]),
    /// with what they were worked out under: measuring every line of a large roster at every
    /// frame would cost more than the frame.
    width: std::cell::Cell<Option<(WidthKey, usize)>>,
    /// For each unit exposed from a concealment stand: when (its place among the events in
    /// force) and why, from the event in force that exposed it.
    exposures: Vec<Option<(usize, String)>>,
    /// The length of the battle's history when `exposures` was read from it.
    exposures_at: Option<usize>,
    /// Who looks: the umpire sees every unit and what each stand hides; a side its own units
    /// and the enemy as far as it has seen it (a stand still concealing units is its number
    /// alone); the public what no stand hides any more.
    viewer: Viewer,
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
    fn passes(&self, battle: &Battle, view: &crate::model::BattleView<'_>, u: usize) -> bool {
        let f = &self.filter;
        view.visible_to(u, self.viewer)
            && f.side.is_none_or(|s| battle.roster.units[u].side == s)
            && (!f.hide_removed || battle.state().units[u].on_table())
            && (!f.to_act || battle.ruleset.may_still_act(view, u))
    }

    /// Builds the lines from the tree, the folds and the filter.
    fn build(&mut self, battle: &Battle) {
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
                self.formation(r, f, &pass, &mut rows);
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
    fn stand(&self, battle: &Battle, c: usize, pass: &[bool], out: &mut Vec<Row>) {
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
    fn read_exposures(&mut self, battle: &Battle) {
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
    fn formation(&self, r: &crate::model::Roster, f: usize, pass: &[bool], out: &mut Vec<Row>) {
        let leave_empty_out = self.filter.hides_units() || self.viewer != Viewer::Umpire;
        if leave_empty_out && self.shown[f] == 0 {
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
            self.formation(r, sub, pass, out);
        }
    }
}

/// The units still hidden behind concealment stand `c`, in its list's order.
fn hidden_units(battle: &Battle, c: usize) -> impl Iterator<Item = usize> + '_ {
    battle.roster.columns[c]
        .units
        .iter()
        .copied()
        .filter(|&u| battle.state().units[u].concealed)
}

/// The side a line belongs to.
fn side_of(r: &crate::model::Roster, row: Row) -> usize {
    match row {
        Row::Side(s) => s,
        Row::Formation(f) => r.formations[f].side,
        Row::Unit(u) | Row::Concealed(u) => r.units[u].side,
        Row::Stand(c) => r.columns[c].side,
    }
}

/// The line above `row` in the tree: a unit's or formation's formation, or else its side; a
/// hidden unit's stand; a stand's side.
fn parent(r: &crate::model::Roster, row: Row) -> Option<Row> {
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

/// Every line of the tree, nothing folded or filtered, in tree order (for search).
fn whole_tree(r: &crate::model::Roster) -> Vec<Row> {
    fn formation(r: &crate::model::Roster, f: usize, out: &mut Vec<Row>) {
        out.push(Row::Formation(f));
        out.extend(r.formation_units(f).iter().map(|&u| Row::Unit(u)));
        for &sub in r.formation_children(f) {
            formation(r, sub, out);
        }
    }
    let mut out = Vec::with_capacity(r.sides.len() + r.formations.len() + r.units.len());
    for s in 0..r.sides.len() {
        out.push(Row::Side(s));
        out.extend(r.side_units(s).iter().map(|&u| Row::Unit(u)));
        for &f in r.side_formations(s) {
            formation(r, f, &mut out);
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

impl App {
    /// The roster of the battle being played, as the roster pane draws it.
    pub fn roster_pane(&self) -> RosterPane<'_> {
        RosterPane::new(self.session.battle(), &self.tree)
    }

    /// The roster's lines and what shapes them.
    pub(crate) fn roster_tree(&self) -> &RosterTree {
        &self.tree
    }

    /// The roster as lines: each side, its formations (nested) and units, in file order, less
    /// what is folded or filtered out.
    pub fn rows(&self) -> &[Row] {
        &self.tree.rows
    }

    /// The filter in force.
    pub fn roster_filter(&self) -> RosterFilter {
        self.tree.filter
    }

    /// True when a side, formation or stand is folded (its lines are hidden).
    pub fn is_folded(&self, row: Row) -> bool {
        self.roster_pane().is_folded(row)
    }

    /// How many units of a formation, nested ones too, pass the filter.
    pub fn shown_units(&self, formation: usize) -> usize {
        self.roster_pane().shown_units(formation)
    }

    /// The unit under the cursor (in its formation or under its stand).
    pub fn selected_unit(&self) -> Option<usize> {
        self.selected_row().and_then(Row::unit)
    }

    /// The concealment stand under the cursor, or the one the unit under the cursor is still
    /// hidden behind.
    pub fn selected_stand(&self) -> Option<usize> {
        let b = self.battle();
        match self.selected_row()? {
            Row::Stand(c) => Some(c),
            Row::Unit(u) | Row::Concealed(u) if b.state().units[u].concealed => {
                b.roster.column_of(u)
            }
            _ => None,
        }
    }

    /// The units still hidden behind concealment stand `c`, in its list's order.
    pub fn hidden_units(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        self.roster_pane().hidden_units(c)
    }

    /// Why a unit that stood behind a concealment stand was exposed, as the event in force that
    /// exposed it says (None while it is hidden).
    pub fn exposure(&self, unit: usize) -> Option<&str> {
        self.roster_pane().exposure(unit)
    }

    /// Why concealment stand `c` was exposed: the cause of the latest exposure of one of its
    /// units (None while none of them has been exposed).
    pub fn stand_exposure(&self, c: usize) -> Option<&str> {
        self.roster_pane().stand_exposure(c)
    }

    /// The line under the cursor.
    pub fn selected_row(&self) -> Option<Row> {
        self.rows().get(self.cursor).copied()
    }

    /// Moves the cursor to a unit, unfolding (and if need be unfiltering) the roster to show it.
    pub fn select_unit(&mut self, unit: usize) {
        self.reveal(Row::Unit(unit));
    }

    /// Builds the lines again if the battle has changed since they were built; not while the
    /// markers popup or a marker's value prompt is open, which work on the selected unit (a
    /// filter could otherwise take it away in the middle).
    pub(super) fn sync_rows(&mut self) {
        let on_the_unit = matches!(
            self.mode,
            Mode::Markers
                | Mode::Prompt {
                    kind: Prompt::MarkerValue(_),
                    ..
                }
        );
        if !on_the_unit && self.tree.built_at != self.battle().history().entries().len() {
            self.rebuild_rows();
        }
    }

    /// Builds the lines again, keeping the cursor on its line, or on the next line still shown,
    /// or else on the one before.
    fn rebuild_rows(&mut self) {
        let old = std::mem::take(&mut self.tree.rows);
        self.tree.build(self.session.battle());
        self.keep_cursor(&old);
    }

    /// After the lines were built again from `old`: the cursor on its line, or on the next line
    /// still shown, or else on the one before.
    fn keep_cursor(&mut self, old: &[Row]) {
        let at: HashMap<Row, usize> = self
            .tree
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (*r, i))
            .collect();
        let here = self.cursor.min(old.len().saturating_sub(1));
        self.cursor = old
            .get(here)
            .and_then(|r| at.get(r))
            .or_else(|| old.iter().skip(here + 1).find_map(|r| at.get(r)))
            .or_else(|| old.iter().take(here).rev().find_map(|r| at.get(r)))
            .copied()
            .unwrap_or(0);
    }

    /// Draws the roster for `viewer` (the umpire's screen with its secrets hidden, or shown
    /// again), the cursor kept on its line; when that line is no longer shown, on the nearest
    /// line above it in the tree that is (a hidden unit's stand, a unit's formation or side), or
    /// else on the next line still shown, or the one before.
    pub(super) fn show_roster_to(&mut self, viewer: Viewer) {
        if self.tree.viewer() == viewer {
            return;
        }
        let here = self.selected_row();
        let old = self.tree.rows.clone();
        self.tree.set_viewer(self.session.battle(), viewer);
        self.keep_cursor(&old);
        let Some(row) = here else { return };
        if self.selected_row() == Some(row) {
            return;
        }
        let r = &self.session.battle().roster;
        let mut above = Vec::new();
        let mut up = parent(r, row);
        while let Some(p) = up {
            above.push(p);
            up = parent(r, p);
        }
        for p in above {
            if self.put_cursor(p) {
                return;
            }
        }
    }

    /// Puts the cursor on `row`, if it is shown.
    fn put_cursor(&mut self, row: Row) -> bool {
        match self.rows().iter().position(|r| *r == row) {
            Some(i) => {
                self.cursor = i;
                true
            }
            None => false,
        }
    }

    /// Moves the cursor to `row`: unfolds what hides it and lifts any filter that leaves it out.
    /// Returns the filters lifted, in words.
    fn reveal(&mut self, row: Row) -> Vec<&'static str> {
        let r = &self.session.battle().roster;
        let mut up = parent(r, row);
        while let Some(p) = up {
            self.tree.folded.remove(&p);
            up = parent(r, p);
        }
        let side = side_of(r, row);
        let mut lifted = Vec::new();
        let filter = &mut self.tree.filter;
        if filter.side.is_some_and(|s| s != side) {
            filter.side = None;
            lifted.push("every side shown");
        }
        self.rebuild_rows();
        if !self.put_cursor(row) {
            let filter = &mut self.tree.filter;
            if filter.hide_removed {
                filter.hide_removed = false;
                lifted.push("removed units shown");
            }
            if filter.to_act {
                filter.to_act = false;
                lifted.push("every unit shown, not only those still to act");
            }
            self.rebuild_rows();
            self.put_cursor(row);
        }
        lifted
    }

    /// Says which filters were lifted to show what the umpire asked for.
    fn say_lifted(&mut self, lifted: &[&str]) {
        if !lifted.is_empty() {
            self.info(format!("to show it: {}", lifted.join(", ")));
        }
    }

    // ---- folding and filters -------------------------------------------------------------------

    /// Folds or unfolds the side, formation or stand under the cursor.
    pub(super) fn toggle_fold(&mut self) {
        match self.selected_row() {
            Some(row) if row.folds() => {
                if !self.tree.folded.remove(&row) {
                    self.tree.folded.insert(row);
                }
                self.rebuild_rows();
            }
            Some(Row::Concealed(_)) => {
                let key = self.keymap.hint(&Action::FoldOrParent);
                self.info(format!(
                    "space and enter fold a stand, a formation or a side; {key} goes to this unit's stand"
                ));
            }
            Some(row) => {
                // A unit does not fold: say what does, and where ← takes the cursor from it.
                let key = self.keymap.hint(&Action::FoldOrParent);
                let r = &self.battle().roster;
                let up = match parent(r, row) {
                    Some(Row::Formation(f)) => r.formations[f].name.clone(),
                    Some(Row::Side(s)) => r.sides[s].name.clone(),
                    Some(Row::Stand(c)) => format!("stand {}", r.columns[c].number),
                    _ => "the line above".to_string(),
                };
                // Short, so that the whole sentence fits the status line at 80 columns.
                self.info(crate::text::escape_terminal(&format!(
                    "a unit does not fold; {key} goes up to {up}"
                )));
            }
            None => {}
        }
    }

    /// ←: folds the open side, formation or stand under the cursor, or goes to the line above it.
    pub(super) fn fold_or_parent(&mut self) {
        let Some(row) = self.selected_row() else {
            return;
        };
        if row.folds() && !self.is_folded(row) {
            self.tree.folded.insert(row);
            self.rebuild_rows();
        } else if let Some(p) = parent(&self.battle().roster, row) {
            self.put_cursor(p);
        }
    }

    /// →: unfolds the folded side, formation or stand under the cursor, or goes to its first
    /// line.
    pub(super) fn unfold_or_child(&mut self) {
        let Some(row) = self.selected_row() else {
            return;
        };
        if !row.folds() {
            return;
        }
        if self.tree.folded.remove(&row) {
            self.rebuild_rows();
        } else if let Some(&next) = self.rows().get(self.cursor + 1)
            && parent(&self.battle().roster, next) == Some(row)
        {
            self.cursor += 1;
        }
    }

    /// Folds every formation and concealment stand (sides stay open), the cursor going to the
    /// line that now holds its own; or unfolds everything.
    pub(super) fn fold_all(&mut self, fold: bool) {
        if fold {
            let r = &self.session.battle().roster;
            self.tree.folded.extend(
                (0..r.formations.len())
                    .map(Row::Formation)
                    .chain((0..r.columns.len()).map(Row::Stand)),
            );
            // The outermost formation or stand holding the cursor's line, which stays shown.
            let mut keep = self.selected_row();
            let mut up = keep.and_then(|row| parent(r, row));
            while let Some(p) = up {
                if matches!(p, Row::Formation(_) | Row::Stand(_)) {
                    keep = Some(p);
                }
                up = parent(r, p);
            }
            self.rebuild_rows();
            if let Some(row) = keep {
                self.put_cursor(row);
            }
        } else {
            self.tree.folded.clear();
            self.rebuild_rows();
        }
    }

    /// Shows the next side alone, in order, and then every side again.
    pub(super) fn cycle_side(&mut self) {
        let sides = self.battle().roster.sides.len();
        let next = match self.tree.filter.side {
            None => Some(0),
            Some(s) if s + 1 < sides => Some(s + 1),
            Some(_) => None,
        };
        self.tree.filter.side = next;
        self.rebuild_rows();
        let msg = match next {
            Some(s) => format!("roster: {} alone", self.battle().roster.sides[s].name),
            None => "roster: every side".to_string(),
        };
        self.info(msg);
    }

    /// Hides removed units, or shows them again.
    pub(super) fn toggle_removed(&mut self) {
        self.tree.filter.hide_removed = !self.tree.filter.hide_removed;
        self.rebuild_rows();
        self.info(if self.tree.filter.hide_removed {
            "roster: removed units hidden"
        } else {
            "roster: removed units shown"
        });
    }

    /// Shows only the units that may still act, or every unit again.
    pub(super) fn toggle_to_act(&mut self) {
        self.tree.filter.to_act = !self.tree.filter.to_act;
        self.rebuild_rows();
        if self.tree.filter.to_act {
            let b = self.battle();
            let view = b.view();
            let n = (0..b.roster.units.len())
                .filter(|&u| self.shows_unit(u) && b.ruleset.may_still_act(&view, u))
                .count();
            let side = match view.phase() {
                Some(p) if p.simultaneous => "both sides",
                _ => b.roster.sides[b.state().active].name.as_str(),
            };
            let (one, many) = b.ruleset.unit_nouns();
            let noun = if n == 1 { one } else { many };
            self.info(format!("roster: {n} {noun} of {side} may still act"));
        } else {
            self.info("roster: every unit");
        }
    }

    // ---- input -------------------------------------------------------------------------------

    /// True when the roster's viewer may see unit `u`.
    fn sees_unit(&self, u: usize) -> bool {
        self.battle().view().visible_to(u, self.tree.viewer)
    }

    /// True when the roster's viewer may know formation `f`: the umpire always, another viewer
    /// when one of its units is in sight (an enemy division still marching behind its stands is
    /// not named).
    fn sees_formation(&self, f: usize) -> bool {
        self.tree.viewer == Viewer::Umpire
            || self.battle().roster.units_of(f).any(|u| self.sees_unit(u))
    }

    /// True when a unit or formation matches the search text (lower case): its id or name
    /// contains it; or a concealment stand, by its name (`stand 2`).
    fn matches(&self, row: Row, needle: &str) -> bool {
        let b = self.battle();
        let r = &b.roster;
        let (id, name) = match row {
            Row::Unit(u) | Row::Concealed(u) if !self.sees_unit(u) => return false,
            Row::Unit(u) | Row::Concealed(u) => (&r.units[u].id, &r.units[u].name),
            Row::Formation(f) if !self.sees_formation(f) => return false,
            Row::Formation(f) => (&r.formations[f].id, &r.formations[f].name),
            Row::Stand(c) => return format!("stand {}", r.columns[c].number).contains(needle),
            Row::Side(_) => return false,
        };
        id.to_lowercase().contains(needle) || name.to_lowercase().contains(needle)
    }

    /// Moves the cursor to the first unit or formation whose id or name contains `text`: the
    /// first among the lines shown, or else the first in the whole tree, unfolded (and
    /// unfiltered) to show it.
    pub(super) fn search(&mut self, text: &str) -> bool {
        let needle = text.to_lowercase();
        if needle.is_empty() {
            return false;
        }
        if let Some(i) = self.rows().iter().position(|&r| self.matches(r, &needle)) {
            self.cursor = i;
            return true;
        }
        // Hidden by a fold or a filter: the first that passes the filter, else the first.
        let all: Vec<Row> = whole_tree(&self.battle().roster)
            .into_iter()
            .filter(|&r| self.matches(r, &needle))
            .collect();
        let b = self.session.battle();
        let view = b.view();
        let passing = all.iter().find(|row| match row {
            Row::Unit(u) | Row::Concealed(u) => self.tree.passes(b, &view, *u),
            Row::Stand(c) => {
                !self.tree.filter.hides_units()
                    || hidden_units(b, *c).any(|u| self.tree.passes(b, &view, u))
            }
            Row::Formation(f) => !self.tree.filter.hides_units() || self.tree.shown[*f] > 0,
            Row::Side(s) => {
                !self.tree.filter.hides_units()
                    || (0..b.roster.units.len())
                        .any(|u| b.roster.units[u].side == *s && self.tree.passes(b, &view, u))
            }
        });
        match passing.or(all.first()).copied() {
            Some(row) => {
                let lifted = self.reveal(row);
                self.say_lifted(&lifted);
                true
            }
            None => false,
        }
    }

    /// Moves the cursor to the unit, formation or side with this id (or the one unit or
    /// formation whose id starts with it), unfolding the roster to show it. Only what the
    /// roster's viewer may see is found, or suggested.
    pub(super) fn go_to(&mut self, text: &str) -> Result<(), String> {
        let text = text.trim();
        let r = &self.battle().roster;
        let exact = r
            .unit_index(text)
            .filter(|&u| self.sees_unit(u))
            .map(Row::Unit)
            .or_else(|| {
                r.formation_index(text)
                    .filter(|&f| self.sees_formation(f))
                    .map(Row::Formation)
            })
            .or_else(|| r.side_index(text).map(Row::Side));
        let row = match exact {
            Some(row) => row,
            None if text.is_empty() => return Err("type a unit or formation id".into()),
            None => {
                let units = (0..r.units.len()).filter(|&u| self.sees_unit(u));
                let formations = (0..r.formations.len()).filter(|&f| self.sees_formation(f));
                let mut hits = units
                    .clone()
                    .filter(|&u| r.units[u].id.starts_with(text))
                    .map(Row::Unit)
                    .chain(
                        formations
                            .clone()
                            .filter(|&f| r.formations[f].id.starts_with(text))
                            .map(Row::Formation),
                    );
                match (hits.next(), hits.next()) {
                    (Some(one), None) => one,
                    _ => {
                        let ids = units
                            .map(|u| r.units[u].id.as_str())
                            .chain(formations.map(|f| r.formations[f].id.as_str()))
                            .chain(r.sides.iter().map(|s| s.id.as_str()));
                        let hint = crate::text::did_you_mean(text, ids);
                        return Err(format!(
                            "no single unit or formation `{}`{hint}",
                            crate::text::escape_terminal(text)
                        ));
                    }
                }
            }
        };
        let lifted = self.reveal(row);
        self.say_lifted(&lifted);
        Ok(())
    }

    /// Handles the mouse: a click selects a roster line (a click on the selected side or
    /// formation folds or unfolds it); the wheel scrolls the pane under it.
    pub fn on_mouse(&mut self, m: MouseEvent) {
        if !matches!(self.mode, Mode::Main) {
            return;
        }
        let a = self.areas.get();
        let inside = |r: Rect| {
            m.column >= r.x && m.column < r.x + r.width && m.row >= r.y && m.row < r.y + r.height
        };
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) if inside(a.roster) => {
                // Lines 1 ..= height - 2 show rows; line 0 and the last are the pane's borders.
                let line = usize::from(m.row - a.roster.y);
                let on_a_row = line >= 1 && line + 1 < usize::from(a.roster.height);
                let idx = a.roster_first_row + line.saturating_sub(1);
                if on_a_row && idx < self.rows().len() {
                    if idx == self.cursor && self.rows()[idx].folds() {
                        self.toggle_fold();
                    } else {
                        self.cursor = idx;
                    }
                }
            }
            MouseEventKind::ScrollDown if inside(a.log) => self.dispatch(Action::LogForward),
            MouseEventKind::ScrollUp if inside(a.log) => self.dispatch(Action::LogBack),
            MouseEventKind::ScrollDown => self.dispatch(Action::Down),
            MouseEventKind::ScrollUp => self.dispatch(Action::Up),
            _ => {}
        }
    }
}
