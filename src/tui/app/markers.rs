//! Markers and hits set by hand, from the main screen and the markers popup.

use super::*;

impl App {
    pub(super) fn change_hits(&mut self, add: bool) {
        let Some(u) = self.selected_unit() else {
            self.error("select a unit first");
            return;
        };
        let (id, hits) = {
            let b = self.battle();
            (b.roster.units[u].id.clone(), b.state().units[u].hits)
        };
        let hits = if add {
            hits + 1
        } else if hits == 0 {
            self.error("no hits to remove");
            return;
        } else {
            hits - 1
        };
        self.run(Command::SetHits { unit: id, hits }, None);
    }

    pub(super) fn on_markers_key(&mut self, key: &KeyEvent) {
        let Some(u) = self.selected_unit() else {
            return;
        };
        let markers = self.battle().ruleset.markers();
        let idx = match key.code {
            KeyCode::Char(c @ ('+' | '-')) => {
                self.change_hits(c == '+');
                if matches!(self.mode, Mode::Main) {
                    self.mode = Mode::Markers;
                }
                return;
            }
            KeyCode::Char(c @ '1'..='9') => c as usize - '1' as usize,
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char('x') => return,
            _ => {
                self.mode = Mode::Markers;
                return;
            }
        };
        let Some(def) = markers.get(idx) else {
            self.mode = Mode::Markers;
            return;
        };
        let unit = self.battle().roster.units[u].id.clone();
        let on = self.battle().state().units[u].has(def.id);
        if !on && def.kind != MarkerKind::Flag {
            self.mode = Mode::Prompt {
                kind: Prompt::MarkerValue(def.id.to_string()),
                text: String::new(),
            };
            return;
        }
        self.run(
            Command::SetMarker {
                unit,
                marker: def.id.to_string(),
                value: (!on).then_some(1),
            },
            None,
        );
        if matches!(self.mode, Mode::Main) {
            self.mode = Mode::Markers;
        }
    }
}
