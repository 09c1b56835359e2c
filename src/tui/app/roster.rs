//! The roster as the umpire moves through it: its lines, the selection, search and the mouse.

use super::*;

/// A line of the roster pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Side(usize),
    Formation(usize),
    Unit(usize),
}

impl App {
    /// The roster as lines: each side, its formations (nested) and units, in file order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Builds the roster's lines from its tree (once: the roster does not change).
    pub(super) fn roster_rows(battle: &Battle) -> Vec<Row> {
        fn formation(r: &crate::battle::Roster, f: usize, out: &mut Vec<Row>) {
            out.push(Row::Formation(f));
            out.extend(r.formation_units(f).iter().map(|&u| Row::Unit(u)));
            for &sub in r.formation_children(f) {
                formation(r, sub, out);
            }
        }
        let r = &battle.roster;
        let mut out = Vec::with_capacity(r.sides.len() + r.formations.len() + r.units.len());
        for s in 0..r.sides.len() {
            out.push(Row::Side(s));
            out.extend(r.side_units(s).iter().map(|&u| Row::Unit(u)));
            for &f in r.side_formations(s) {
                formation(r, f, &mut out);
            }
        }
        out
    }

    /// The unit under the cursor.
    pub fn selected_unit(&self) -> Option<usize> {
        match self.rows().get(self.cursor) {
            Some(Row::Unit(u)) => Some(*u),
            _ => None,
        }
    }

    /// Moves the cursor to a unit.
    pub fn select_unit(&mut self, unit: usize) {
        if let Some(i) = self.rows().iter().position(|r| *r == Row::Unit(unit)) {
            self.cursor = i;
        }
    }

    // ---- input -------------------------------------------------------------------------------

    /// Moves the cursor to the first unit whose id or name contains `text`.
    pub(super) fn search(&mut self, text: &str) -> bool {
        let needle = text.to_lowercase();
        if needle.is_empty() {
            return false;
        }
        let found = self.rows().iter().position(|r| match r {
            Row::Unit(u) => {
                let i = &self.battle().roster.units[*u];
                i.id.to_lowercase().contains(&needle) || i.name.to_lowercase().contains(&needle)
            }
            _ => false,
        });
        if let Some(i) = found {
            self.cursor = i;
        }
        found.is_some()
    }

    /// Handles the mouse: a click selects a roster line; the wheel scrolls the pane under it.
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
                    self.cursor = idx;
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
