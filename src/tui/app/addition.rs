//! The form that adds a unit the scenario lacks ([`Action::AddUnit`]): its side, formation,
//! kind, id, name, quality, leader and HQ, and the rule set's fields, each typed on its line;
//! checked exactly as `umpire add` checks it, each refusal shown at the input it is about.

use super::*;
use crate::battle::addition::{AddInput, Addition, field_value, reserved_key};
use crate::battle::session::SessionError;

/// The form's inputs, in the order it asks them: what each is called and what it is.
pub const INPUTS: &[(&str, &str)] = &[
    ("side", "the side's id"),
    (
        "in",
        "the formation it joins (empty: directly under its side)",
    ),
    ("kind", "a kind of unit the rule set knows"),
    ("id", "its id, unique in the battle"),
    ("name", "its name"),
    ("quality", "empty: its formation's, else its side's"),
    ("leader", "yes or no"),
    ("hq", "yes or no: its formation's headquarters"),
    (
        "fields",
        "the rule set's fields as the scenario writes them: armour=2 hmg=true",
    ),
];

/// A unit being added, as typed so far.
#[derive(Clone, Debug, Default)]
pub struct AddForm {
    /// The text of each input of [`INPUTS`].
    pub texts: Vec<String>,
    /// The input the keys type into.
    pub focus: usize,
    /// Why the last try was refused, by input (`None` for the scenario whole).
    pub errors: Vec<(Option<usize>, String)>,
}

impl AddForm {
    /// The input of [`INPUTS`] named `name`.
    fn at(name: &str) -> usize {
        INPUTS.iter().position(|(n, _)| *n == name).unwrap_or(0)
    }

    /// The addition the inputs make, or the input that cannot be read and why.
    fn addition(&self) -> Result<Addition, (usize, String)> {
        let text = |name: &str| self.texts[Self::at(name)].trim().to_string();
        let mut unit = std::collections::BTreeMap::new();
        for key in ["id", "name", "kind", "quality"] {
            let t = text(key);
            if !t.is_empty() {
                unit.insert(key.to_string(), toml::Value::String(t));
            }
        }
        for key in ["leader", "hq"] {
            match text(key).to_lowercase().as_str() {
                "" | "n" | "no" => {}
                "y" | "yes" => {
                    unit.insert(key.to_string(), toml::Value::Boolean(true));
                }
                other => {
                    return Err((Self::at(key), format!("{other:?}: expected yes or no")));
                }
            }
        }
        let fields = text("fields");
        let items = shlex::split(&fields).ok_or_else(|| {
            (
                Self::at("fields"),
                "a quotation mark is not closed".to_string(),
            )
        })?;
        for item in items {
            let Some((key, value)) = item.split_once('=') else {
                return Err((
                    Self::at("fields"),
                    format!("{item:?}: expected key=value, as the scenario writes the field"),
                ));
            };
            let key = key.trim();
            if let Some(why) = reserved_key(key) {
                return Err((Self::at("fields"), format!("`{key}`: {why}")));
            }
            if unit.insert(key.to_string(), field_value(value)).is_some() {
                return Err((Self::at("fields"), format!("`{key}` is given twice")));
            }
        }
        let formation = text("in");
        Ok(Addition {
            side: text("side"),
            formation: (!formation.is_empty()).then_some(formation),
            unit,
        })
    }
}

impl App {
    /// Opens the form that adds a unit: its side and formation those of the selected line, its
    /// kind the selected unit's.
    pub(super) fn open_add_form(&mut self) {
        let b = self.battle();
        let r = &b.roster;
        let mut form = AddForm {
            texts: vec![String::new(); INPUTS.len()],
            ..AddForm::default()
        };
        let (side, formation, kind) = match self.selected_row() {
            Some(Row::Unit(u) | Row::Concealed(u)) => {
                let info = &r.units[u];
                (Some(info.side), info.formation, Some(info.kind.clone()))
            }
            Some(Row::Formation(f)) => (Some(r.formations[f].side), Some(f), None),
            Some(Row::Side(s)) => (Some(s), None, None),
            _ => (None, None, None),
        };
        if let Some(s) = side {
            form.texts[AddForm::at("side")] = r.sides[s].id.clone();
        }
        if let Some(f) = formation {
            form.texts[AddForm::at("in")] = r.formations[f].id.clone();
        }
        if let Some(k) = kind {
            form.texts[AddForm::at("kind")] = k;
        }
        form.focus = AddForm::at("id");
        self.mode = Mode::Add(Box::new(form));
    }

    /// A key in the form: tab or ↓ the next input, shift-tab or ↑ the one before, enter adds
    /// the unit, esc leaves the form.
    pub(super) fn on_add_key(&mut self, mut form: Box<AddForm>, key: &KeyEvent) {
        let n = INPUTS.len();
        match key.code {
            KeyCode::Esc => {
                self.info("cancelled");
                return;
            }
            KeyCode::Tab | KeyCode::Down => form.focus = (form.focus + 1) % n,
            KeyCode::BackTab | KeyCode::Up => form.focus = (form.focus + n - 1) % n,
            KeyCode::Backspace => {
                form.texts[form.focus].pop();
            }
            KeyCode::Enter => match form.addition() {
                Err((input, why)) => {
                    form.errors = vec![(Some(input), why)];
                    form.focus = input;
                }
                Ok(addition) => {
                    match self
                        .session
                        .execute(&Command::Add(addition), None, (self.clock)())
                    {
                        Ok(record) => {
                            self.sync_log();
                            self.show(record);
                            return;
                        }
                        Err(SessionError::Battle(crate::battle::BattleError::Unfit(problems))) => {
                            form.errors = problems
                                .into_iter()
                                .map(|p| {
                                    let input = match &p.input {
                                        AddInput::Side => Some(AddForm::at("side")),
                                        AddInput::In => Some(AddForm::at("in")),
                                        AddInput::Key(k) => Some(
                                            INPUTS
                                                .iter()
                                                .position(|(n, _)| n == k)
                                                .unwrap_or(AddForm::at("fields")),
                                        ),
                                        AddInput::Whole => None,
                                    };
                                    let message = match (&p.input, &p.value) {
                                        (AddInput::Key(k), Some(v))
                                            if input == Some(AddForm::at("fields")) =>
                                        {
                                            format!("{k}={v}: {}", p.message)
                                        }
                                        _ => p.message,
                                    };
                                    (input, message)
                                })
                                .collect();
                            if let Some(first) = form.errors.iter().find_map(|(i, _)| *i) {
                                form.focus = first;
                            }
                        }
                        Err(e) => {
                            form.errors = vec![(None, crate::tui::form::refusal_words(&e))];
                        }
                    }
                }
            },
            KeyCode::Char(c) if is_forbidden(c) && !is_ctrl(key) => {
                form.errors = vec![(Some(form.focus), not_allowed_here(c))];
            }
            KeyCode::Char(c) if !c.is_control() && !is_ctrl(key) => {
                form.texts[form.focus].push(c);
            }
            _ => {}
        }
        self.mode = Mode::Add(form);
    }

    /// What the focused input of the add form may hold, in the battle's words: the sides, the
    /// side's formations, the rule set's kinds or qualities; none for a free input.
    pub fn add_choices(&self, form: &AddForm) -> Vec<String> {
        let b = self.battle();
        let r = &b.roster;
        match INPUTS[form.focus].0 {
            "side" => r.sides.iter().map(|s| s.id.clone()).collect(),
            "in" => {
                let side = r.side_index(form.texts[AddForm::at("side")].trim());
                (r.formations.iter())
                    .filter(|f| Some(f.side) == side)
                    .map(|f| f.id.clone())
                    .collect()
            }
            "kind" => b
                .ruleset
                .unit_kinds()
                .iter()
                .map(|k| k.id.to_string())
                .collect(),
            "quality" => b
                .ruleset
                .qualities()
                .iter()
                .map(|q| q.to_string())
                .collect(),
            _ => Vec::new(),
        }
    }
}
