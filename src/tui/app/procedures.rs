//! Rule-set procedures from the main screen: opening a form (for an offer too) and submitting it.

use super::*;

/// True when a command failed only for want of typed dice.
fn needs_dice(e: &SessionError) -> bool {
    use crate::battle::BattleError;
    use crate::dice::DiceError;
    use crate::rules::RuleError;
    matches!(
        e,
        SessionError::Battle(BattleError::Rule(RuleError::Dice(
            DiceError::Exhausted { .. }
        ))) | SessionError::Dice(DiceError::Exhausted { .. })
    )
}

impl App {
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
        // The selected unit goes into the first unit input, unless an offer set it.
        if let Some(first) = def
            .params
            .iter()
            .find(|p| p.kind == crate::rules::ParamKind::Unit)
            && preset.get(first.name).is_none()
            && let Some(u) = self.selected_unit()
        {
            let uid = self.battle().roster.units[u].id.clone();
            preset.set(first.name, Value::Text(uid));
        }
        let form = Form::new(def, &preset, self.session.battle());
        self.mode = Mode::Form(Box::new(form));
    }

    pub(super) fn take_offer(&mut self) {
        let offers = self.offers();
        let Some(StandingOffer { offer, actors }) = offers.first() else {
            self.error("nothing is offered now");
            return;
        };
        let actor = self
            .selected_unit()
            .filter(|u| actors.contains(u))
            .or_else(|| actors.first().copied())
            .map(|u| self.battle().roster.units[u].id.clone());
        let mut preset = offer.params.clone();
        if let Some(a) = actor {
            preset.set(&offer.actor_param, Value::Text(a));
        }
        self.open_procedure(&offer.action.clone(), preset);
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
        let typed = if form.dice.trim().is_empty() {
            if self.dice_mode == DiceMode::Typed {
                Some(TypedDice::default())
            } else {
                None
            }
        } else {
            match TypedDice::parse(&form.dice) {
                Ok(d) => Some(d),
                Err(e) => {
                    let mut form = form;
                    form.error = Some(e.to_string());
                    self.mode = Mode::Form(form);
                    return;
                }
            }
        };
        let cmd = Command::Act {
            action: form.action.id.to_string(),
            params,
        };
        let no_faces = form.dice.trim().is_empty();
        match self.session.execute(&cmd, typed, (self.clock)()) {
            Ok(record) => self.show(record),
            Err(e) => {
                let mut form = form;
                if no_faces && needs_dice(&e) {
                    // Typed dice: the procedure needs faces; go to the dice field.
                    form.focus = form.fields.len();
                    form.error = Some(format!(
                        "type the faces thrown at the table, then enter ({e})"
                    ));
                } else {
                    form.error = Some(super::super::form::refusal_words(&e));
                }
                self.mode = Mode::Form(form);
            }
        }
    }
}
