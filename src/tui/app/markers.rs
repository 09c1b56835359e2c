//! Markers and hits set by hand, from the main screen and the markers popup. The popup lists the
//! markers that apply to the selected unit's kind (and any other it holds now), each reached by
//! typing its number or the start of its badge, or with the arrows; space sets or clears the
//! highlighted one (asking its value when it holds one: a side or a unit by its id); `+` and `-`
//! change the hits; esc, `q` or enter close it.

use super::*;
use crate::declare::MarkerDef;

/// The markers popup's state: the highlighted line, and what was typed to reach it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MarkerPick {
    /// Index into [`App::unit_markers`].
    pub cursor: usize,
    /// A number or the start of a badge, as typed.
    pub typed: String,
}

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

    /// The markers the popup lists for unit `u`, in the rule set's order: those that apply to its
    /// kind, and any other it holds now (so that it can be cleared).
    pub fn unit_markers(&self, u: usize) -> Vec<&'static MarkerDef> {
        let b = self.battle();
        let kind = b.roster.units[u].kind.as_str();
        let st = &b.state().units[u];
        b.ruleset
            .markers()
            .iter()
            .filter(|m| m.applies_to(kind) || st.marker(m.id).is_some())
            .collect()
    }

    /// Opens the markers popup on the selected unit, its first marker highlighted.
    pub(super) fn open_markers(&mut self) {
        self.marker_pick = MarkerPick::default();
        self.mode = Mode::Markers;
    }

    pub(super) fn on_markers_key(&mut self, key: &KeyEvent) {
        let Some(u) = self.selected_unit() else {
            return;
        };
        let markers = self.unit_markers(u);
        let last = markers.len().saturating_sub(1);
        // The popup stays open unless a closing key or a value prompt says otherwise.
        self.mode = Mode::Markers;
        let pick = &mut self.marker_pick;
        match key.code {
            _ if is_ctrl(key) => self.popup_hint = Some(markers_hint(key)),
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q') => self.mode = Mode::Main,
            KeyCode::Up => {
                pick.cursor = pick.cursor.saturating_sub(1);
                pick.typed.clear();
            }
            KeyCode::Down => {
                pick.cursor = (pick.cursor + 1).min(last);
                pick.typed.clear();
            }
            KeyCode::Home => {
                pick.cursor = 0;
                pick.typed.clear();
            }
            KeyCode::End => {
                pick.cursor = last;
                pick.typed.clear();
            }
            KeyCode::Char(c @ ('+' | '-')) => {
                pick.typed.clear();
                self.change_hits(c == '+');
                self.mode = Mode::Markers;
            }
            KeyCode::Char(' ') => {
                pick.typed.clear();
                if let Some(def) = markers.get(pick.cursor) {
                    self.toggle_marker(u, def);
                }
            }
            KeyCode::Backspace => {
                pick.typed.pop();
                if let Some(i) = find_marker(&markers, &pick.typed) {
                    pick.cursor = i;
                }
            }
            KeyCode::Char(c) if c.is_ascii_alphanumeric() => {
                // A digit after letters, or a letter after digits, starts a new word.
                let digits = pick.typed.chars().all(|d| d.is_ascii_digit());
                if c.is_ascii_digit() != digits {
                    pick.typed.clear();
                }
                let mut typed = format!("{}{c}", pick.typed);
                if find_marker(&markers, &typed).is_none() {
                    // Typed anew from this key.
                    typed = c.to_string();
                }
                match find_marker(&markers, &typed) {
                    Some(i) => {
                        pick.cursor = i;
                        pick.typed = typed;
                    }
                    None => {
                        pick.typed.clear();
                        self.popup_hint = Some(if c.is_ascii_digit() {
                            format!("no marker {c}: they are numbered 1 to {}", markers.len())
                        } else {
                            format!("no marker's badge begins with {}", c.to_uppercase())
                        });
                    }
                }
            }
            _ => self.popup_hint = Some(markers_hint(key)),
        }
    }

    /// Sets the marker `def` on unit `u` if it is off (asking its value when it holds one), or
    /// clears it.
    fn toggle_marker(&mut self, u: usize, def: &MarkerDef) {
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

    /// What the value prompt of `marker` asks for: a side by its id for a marker that holds a
    /// side, a unit by its id for one that holds a unit, else a number.
    pub fn marker_prompt_label(&self, marker: &str) -> String {
        let b = self.battle();
        match b.ruleset.markers().iter().find(|m| m.id == marker) {
            Some(def) if def.kind == MarkerKind::Side => {
                let ids: Vec<&str> = b.roster.sides.iter().map(|s| s.id.as_str()).collect();
                format!("{}: side ({})", def.name(), ids.join(", "))
            }
            Some(def) if def.kind.holds_unit() => format!("{}: unit id", def.name()),
            Some(def) => format!(
                "{}: {}",
                def.name(),
                match def.kind {
                    MarkerKind::Turn => "turn",
                    MarkerKind::Timer => "moves left",
                    _ => "value",
                }
            ),
            None => "value".to_string(),
        }
    }

    /// The command setting `marker` of the unit `unit` (its id) to the value typed: a side's id
    /// for a marker that holds a side (held as its place from 1), a unit's id for one that holds
    /// a unit (in any case), else a whole number.
    pub(super) fn marker_command(
        &self,
        unit: String,
        marker: String,
        text: &str,
    ) -> Result<Command, String> {
        let b = self.battle();
        let text = text.trim();
        let kind = b
            .ruleset
            .markers()
            .iter()
            .find(|m| m.id == marker)
            .map(|m| m.kind);
        let number = |value: i32| Command::SetMarker {
            unit: unit.clone(),
            marker: marker.clone(),
            value: Some(value),
        };
        match kind {
            Some(MarkerKind::Side) => {
                let ids: Vec<&str> = b.roster.sides.iter().map(|s| s.id.as_str()).collect();
                ids.iter()
                    .position(|id| id.eq_ignore_ascii_case(text))
                    .map(|i| number(i as i32 + 1))
                    .ok_or_else(|| {
                        format!(
                            "no side {text:?}{}: give a side's id ({})",
                            crate::text::did_you_mean(text, ids.iter().copied()),
                            ids.join(", ")
                        )
                    })
            }
            Some(MarkerKind::Unit { .. }) => b
                .roster
                .units
                .iter()
                .find(|u| u.id.eq_ignore_ascii_case(text))
                .map(|u| Command::SetMarkerUnit {
                    unit: unit.clone(),
                    marker: marker.clone(),
                    value: u.id.clone(),
                })
                .ok_or_else(|| {
                    format!(
                        "no unit {text:?}{}: give a unit's id",
                        crate::text::did_you_mean(text, b.roster.unit_ids())
                    )
                }),
            _ => text
                .parse::<i32>()
                .map(number)
                .map_err(|_| format!("{text:?} is not a whole number")),
        }
    }
}

/// The line of `markers` that `typed` reaches: a number counts from 1; letters are the start of a
/// badge (any case), else of a name.
fn find_marker(markers: &[&MarkerDef], typed: &str) -> Option<usize> {
    if typed.is_empty() {
        return None;
    }
    if let Ok(n) = typed.parse::<usize>() {
        return (1..=markers.len()).contains(&n).then(|| n - 1);
    }
    let t = typed.to_lowercase();
    markers
        .iter()
        .position(|m| m.badge.to_lowercase() == t)
        .or_else(|| {
            markers
                .iter()
                .position(|m| m.badge.to_lowercase().starts_with(&t))
        })
        .or_else(|| {
            markers
                .iter()
                .position(|m| m.name().to_lowercase().starts_with(&t))
        })
}

/// The popup's answer to a key it does not take.
fn markers_hint(key: &KeyEvent) -> String {
    format!(
        "{} does nothing here: space sets or clears · {}",
        crate::tui::keymap::Key::of(key),
        POPUP_CLOSES
    )
}
