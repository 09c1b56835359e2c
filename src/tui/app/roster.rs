//! The roster pane of the umpire's screen: its lines, selection, search, go-to and mouse, over
//! the roster tree ([`crate::tui::roster`]).

use super::*;
use crate::model::Viewer;
use crate::tui::roster::{RosterPane, Row, hidden_units, parent, side_of, whole_tree};
use std::collections::HashMap;

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
        let b = self.battle();
        b.view().formation_listed(f)
            && (self.tree.viewer == Viewer::Umpire
                || b.roster.units_of(f).any(|u| self.sees_unit(u)))
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
        let all: Vec<Row> = whole_tree(self.battle())
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
