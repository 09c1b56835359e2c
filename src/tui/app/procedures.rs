//! Rule-set procedures from the main screen: opening a form (for an offer too) and submitting it
//! (with typed dice, through [`super::dice`]).

use super::*;

impl App {
    /// What ending the current phase would leave undone besides the units still to act (an
    /// artillery template not placed: [`crate::ruleset::Ruleset::left_undone`]): ending the phase
    /// asks first.
    pub fn left_undone(&self) -> Vec<String> {
        let b = self.battle();
        b.ruleset.left_undone(&b.view())
    }

    pub(super) fn open_procedure(&mut self, id: &str, mut preset: Params) {
        let ruleset = self.battle().ruleset;
        let Ok(def) = find_action(ruleset, id) else {
            self.error(format!("{} has no procedure `{id}`", ruleset.id()));
            return;
        };
        if !def.in_battle {
            self.error(format!("`{id}` is not used in a battle"));
            return;
        }
        if self.battle().state().is_over() {
            let over = crate::battle::BattleError::Over {
                last: self.battle().state().turn_limit.unwrap_or_default(),
            };
            self.error(over.to_string());
            return;
        }
        // The selected unit goes into the first unit input, unless an offer set it.
        if let Some(first) = def
            .params
            .iter()
            .find(|p| p.kind == crate::declare::ParamKind::Unit)
            && preset.get(first.name).is_none()
            && let Some(u) = self.selected_unit()
        {
            let uid = self.battle().roster.units[u].id.clone();
            preset.set(first.name, Value::Text(uid));
        }
        // The selected concealment stand (or the one the selected unit is hidden behind) goes into
        // an input named `stand`, its side into `side`.
        let takes_a_stand = |name: &str| {
            def.params.iter().any(|p| {
                p.name == name
                    && matches!(
                        (name, p.kind),
                        ("stand", crate::declare::ParamKind::Int { .. })
                            | ("side", crate::declare::ParamKind::Text)
                    )
            })
        };
        if takes_a_stand("stand")
            && preset.get("stand").is_none()
            && let Some(c) = self.selected_stand()
        {
            let r = &self.battle().roster;
            let col = &r.columns[c];
            preset.set("stand", Value::Int(col.number));
            if takes_a_stand("side") && preset.get("side").is_none() {
                preset.set("side", Value::Text(r.sides[col.side].id.clone()));
            }
        }
        let mut form = Form::new(def, &preset, self.session.battle());
        // With the secrets hidden, a unit input's list names only the units in the open.
        form.viewer = self.viewer();
        form.refresh(self.session.battle());
        self.mode = Mode::Form(Box::new(form));
    }

    pub(super) fn submit(&mut self, form: Box<Form>) {
        let params = match form.submission() {
            Ok(p) => p,
            Err(e) => {
                let mut form = form;
                form.error = Some(e);
                self.mode = Mode::Form(form);
                return;
            }
        };
        let cmd = Command::Act {
            action: form.action.id.to_string(),
            params,
        };
        if form.dice.trim().is_empty() && self.dice_mode == DiceMode::Program {
            // The program rolls.
            match self.session.execute(&cmd, None, (self.clock)()) {
                Ok(record) => self.show(record),
                Err(e) => {
                    let mut form = form;
                    form.error = Some(crate::tui::form::refusal_words(&e));
                    self.mode = Mode::Form(form);
                }
            }
            return;
        }
        // Typed dice: the faces in the dice field first, then the prompt asks die by die.
        let faces = if form.dice.trim().is_empty() {
            Vec::new()
        } else {
            match crate::dice::parse_faces(&form.dice) {
                Ok(faces) => faces,
                Err(e) => {
                    let mut form = form;
                    form.error = Some(e.to_string());
                    self.mode = Mode::Form(form);
                    return;
                }
            }
        };
        let title = form.action.id.replace('-', " ");
        self.run_typed(cmd, title, faces, Some(form));
    }
}
