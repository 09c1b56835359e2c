//! A form for any rule-set procedure, built from its declared inputs ([`ParamDef`]s): no rule
//! knowledge here. Unit inputs come first (the selected unit already in the first), then what the
//! umpire says about the table (range, cover …), then what the battle already knows (filled in by
//! the rule set's `prefill`, still editable), then the dice. After every change the rule set says
//! which inputs can matter (the others are neither shown nor submitted), what it already refuses
//! from the inputs so far (a Finished stand, as soon as it is named), and the exact odds.
//!
//! The inputs stand in one order in every rule set: the actor (the selected unit goes in), the
//! target, then the range or areas, then the rest as the rule set declares them (so an input that
//! only appears when a box is ticked stands below the box), then what the battle knows.
//!
//! A unit input is a chooser: typing part of an id or of a name lists the units it may stand for
//! under the input, best first; the arrows move in the list, `tab` takes the highlighted unit and
//! goes on to the next input, `enter` takes it and resolves. A digit typed on a box or a choice
//! goes on to the next input that takes text.
//!
//! The form opens on its first input still to fill; [`DICE_KEY`] goes to the dice field from any
//! input, and back. Every message names an input as the form does (`range`), never as the
//! command line's flag (`--range`).

use crate::battle::Battle;
use crate::declare::{ActionDef, ParamDef, ParamKind, Params, Scope, Value};
use crate::model::Viewer;
use crate::odds::OddsReport;
use crate::text::{forbidden_char, is_forbidden, not_allowed_here};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// One input of the form.
#[derive(Clone, Debug)]
pub struct Field {
    pub def: &'static ParamDef,
    /// What is typed (or filled in).
    pub text: String,
    /// Filled in from the battle, not typed.
    pub known: bool,
    /// Typed over by the umpire (no longer refilled from the battle).
    pub touched: bool,
    /// Why the text does not parse, if it does not.
    pub error: Option<String>,
    /// The rule set says the input can matter now ([`crate::ruleset::Procedure::input_applies`]):
    /// one that cannot is neither shown nor submitted, and comes back as soon as it can.
    pub applies: bool,
}

impl Field {
    fn new(def: &'static ParamDef) -> Self {
        let blank = if def.kind == ParamKind::Flag {
            "no"
        } else {
            ""
        };
        Self {
            def,
            text: def.default.unwrap_or(blank).to_string(),
            known: false,
            touched: false,
            error: None,
            applies: true,
        }
    }

    /// The parsed value, if the field holds one; a refusal reads as the form's words, not the
    /// command line's.
    pub fn value(&self) -> Option<Result<Value, String>> {
        if self.def.kind != ParamKind::Flag && self.text.trim().is_empty() {
            return None;
        }
        Some(self.def.parse(&self.text).map_err(|e| match e {
            crate::declare::ParamError::Invalid {
                value, expected, ..
            } => format!("{value:?}: expected {expected}"),
            other => other.plain(),
        }))
    }

    fn is_unit(&self) -> bool {
        self.def.kind == ParamKind::Unit
    }

    /// Where the text a unit list matches begins: a unit input's whole text, or a list's last
    /// item (none while that item's `:` or `@` qualifier is being typed); none for other inputs.
    fn unit_query(&self) -> Option<usize> {
        match self.def.kind {
            ParamKind::Unit => Some(0),
            ParamKind::List => {
                let start = self
                    .text
                    .rfind(|c: char| c == ',' || c.is_whitespace())
                    .map_or(0, |i| i + 1);
                (!self.text[start..].contains([':', '@'])).then_some(start)
            }
            _ => None,
        }
    }
}

/// Where the odds stand.
#[derive(Clone, Debug)]
pub enum Odds {
    /// The exact distribution of results.
    Ready(OddsReport),
    /// Not yet: what is missing, or why the rules refuse.
    Pending(String),
}

/// A procedure being filled in.
#[derive(Clone, Debug)]
pub struct Form {
    pub action: &'static ActionDef,
    pub fields: Vec<Field>,
    /// Index of the focused field; `fields.len()` is the dice field.
    pub focus: usize,
    /// Faces typed from the table ("" lets the program roll, in program-dice mode).
    pub dice: String,
    /// Why the last submit was refused.
    pub error: Option<String>,
    /// What the rules already refuse from the inputs given so far (a unit named that is
    /// Finished, Paralyzed, out of command points …), before the rest is filled in.
    pub refusal: Option<String>,
    pub odds: Odds,
    /// The focused field was just entered: the first character typed replaces its text.
    fresh: bool,
    /// The input the dice key left for the dice field, to go back to.
    before_dice: Option<usize>,
    /// The highlighted unit of the focused unit input's list ([`Form::candidates`]).
    pub pick: usize,
    /// Whose units the unit inputs' lists name: the umpire's (every unit), or with the secrets
    /// hidden the public's (the units in the open).
    pub viewer: Viewer,
}

/// The most units a unit input's list shows.
pub const CANDIDATES: usize = 6;

/// The key that goes to the dice field from any input of a form, and back: ctrl-d (never a
/// character typed into a field).
pub const DICE_KEY: &str = "ctrl-d";

/// Whether `key` is [`DICE_KEY`].
pub fn is_dice_key(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Char('d' | 'D')) && is_ctrl(key)
}

impl Form {
    /// A form for `action`, with preset inputs (the selected unit, an offer's target …).
    pub fn new(action: &'static ActionDef, preset: &Params, battle: &Battle) -> Self {
        // The actor and the target (the first two unit inputs, as declared), then the range or
        // areas (the numbers the umpire reads off the table), then the rest as declared, then
        // what the battle knows.
        let units: Vec<&str> = action
            .params
            .iter()
            .filter(|p| p.kind == ParamKind::Unit && p.scope != Scope::Derived)
            .map(|p| p.name)
            .take(2)
            .collect();
        let rank = |p: &ParamDef| match (p.scope, p.kind) {
            (Scope::Derived, _) => 3,
            _ if units.contains(&p.name) => 0,
            (_, ParamKind::Int { .. } | ParamKind::Distance) => 1,
            _ => 2,
        };
        let mut order: Vec<&'static ParamDef> = action.params.iter().collect();
        order.sort_by_key(|p| rank(p));
        let mut fields: Vec<Field> = order.into_iter().map(Field::new).collect();
        for f in &mut fields {
            if let Some(v) = preset.get(f.def.name) {
                f.text = v.to_string();
                f.touched = true;
            }
        }
        let mut form = Self {
            action,
            fields,
            focus: 0,
            dice: String::new(),
            error: None,
            refusal: None,
            odds: Odds::Pending(String::new()),
            fresh: true,
            before_dice: None,
            pick: 0,
            viewer: Viewer::Umpire,
        };
        form.refresh(battle);
        form.focus = form.first_to_fill();
        form
    }

    /// The input a form opens on: the first that applies and is still empty; else the first the
    /// umpire may still want to change (not preset, not known from the battle); else the first
    /// shown.
    fn first_to_fill(&self) -> usize {
        let asked = |f: &Field| f.applies && f.def.scope != Scope::Derived;
        self.fields
            .iter()
            .position(|f| asked(f) && f.def.kind != ParamKind::Flag && f.text.trim().is_empty())
            .or_else(|| self.fields.iter().position(|f| asked(f) && !f.touched))
            .or_else(|| self.fields.iter().position(|f| f.applies))
            .unwrap_or(self.fields.len())
    }

    /// The inputs as typed so far, of those that apply (fields that do not parse are left out).
    pub fn params(&self) -> Params {
        let mut p = Params::new();
        for f in self.fields.iter().filter(|f| f.applies) {
            if let Some(Ok(v)) = f.value() {
                p.set(f.def.name, v);
            }
        }
        p
    }

    /// The units the focused unit input's text may stand for, best first ([`matching_units`],
    /// at most [`CANDIDATES`]): none when the focused input is not a unit's, is empty, or already
    /// names a unit exactly.
    pub fn candidates(&self, battle: &Battle) -> Vec<usize> {
        let mut all = self.matches(battle, self.focus);
        all.truncate(CANDIDATES);
        all
    }

    /// The units input `i`'s text may stand for, best first ([`matching_units`], the enemy's
    /// first for an input that names the enemy): none when the input is not a unit's, is empty,
    /// or already names a unit exactly.
    fn matches(&self, battle: &Battle, i: usize) -> Vec<usize> {
        let Some(f) = self.fields.get(i) else {
            return Vec::new();
        };
        let Some(start) = f.unit_query() else {
            return Vec::new();
        };
        let query = &f.text[start..];
        if query.trim().is_empty() || battle.roster.unit_index(query).is_some() {
            return Vec::new();
        }
        let mut all = matching_units(battle, query, self.viewer);
        // A list's units already named are not offered again.
        let named: Vec<usize> = f.text[..start]
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter_map(|item| battle.roster.unit_index(item.split([':', '@']).next()?))
            .collect();
        all.retain(|u| !named.contains(u));
        if f.def.enemy {
            // The enemy's units first: the actor's own are seldom fired at.
            if let Some(side) = self.actor(battle).map(|u| battle.roster.units[u].side) {
                all.sort_by_key(|&u| battle.roster.units[u].side == side);
            }
        }
        all
    }

    /// The unit the form's first unit input names: the actor.
    fn actor(&self, battle: &Battle) -> Option<usize> {
        self.fields
            .iter()
            .find(|f| f.is_unit() && f.def.scope != Scope::Derived)
            .and_then(|f| battle.roster.unit_index(&f.text))
    }

    /// Takes the highlighted unit of the focused input's list into the input.
    fn take_pick(&mut self, battle: &Battle) {
        let candidates = self.candidates(battle);
        if let Some(&u) = candidates.get(self.pick.min(candidates.len().saturating_sub(1))) {
            let f = &mut self.fields[self.focus];
            if let Some(start) = f.unit_query() {
                f.text.truncate(start);
                f.text.push_str(&battle.roster.units[u].id);
                f.touched = true;
                f.known = false;
            }
        }
        self.pick = 0;
    }

    /// The index of the next input after the focused one that takes typed text (not a box nor
    /// a choice), if any.
    fn next_text_input(&self) -> Option<usize> {
        (self.focus + 1..self.fields.len()).find(|&i| {
            let f = &self.fields[i];
            f.applies
                && f.def.scope != Scope::Derived
                && !matches!(f.def.kind, ParamKind::Flag | ParamKind::Choice(_))
        })
    }

    /// The fields shown, with their indices.
    pub fn shown(&self) -> impl Iterator<Item = (usize, &Field)> {
        self.fields.iter().enumerate().filter(|(_, f)| f.applies)
    }

    /// Re-parses every field, refills what the battle knows and recomputes the odds.
    pub fn refresh(&mut self, battle: &Battle) {
        let best: Vec<Option<usize>> = (0..self.fields.len())
            .map(|i| self.matches(battle, i).first().copied())
            .collect();
        for (f, best) in self.fields.iter_mut().zip(best) {
            f.error = f.value().and_then(|r| r.err());
            if f.is_unit()
                && f.error.is_none()
                && !f.text.is_empty()
                && battle.roster.unit_index(&f.text).is_none()
            {
                f.error = Some(match best {
                    Some(u) => format!(
                        "tab takes `{}` ({}), or choose from the list",
                        battle.roster.units[u].id, battle.roster.units[u].name
                    ),
                    None => format!(
                        "no unit `{}`{}",
                        f.text,
                        crate::text::did_you_mean(&f.text, battle.roster.unit_ids())
                    ),
                });
            } else if f.def.kind == ParamKind::List
                && f.error.is_none()
                && let Some(u) = best
            {
                f.error = Some(format!(
                    "a comma or tab takes `{}` ({}), or choose from the list",
                    battle.roster.units[u].id, battle.roster.units[u].name
                ));
            }
        }
        // Fill what the battle knows, unless the umpire typed over it.
        // The form's procedure is one the battle's rule set lists, so it is always found.
        let Ok(procedure) = battle.ruleset.procedure(self.action.id) else {
            return;
        };
        let view = battle.view();
        let typed: Params = self
            .params()
            .iter()
            .filter(|(k, _)| {
                self.fields
                    .iter()
                    .any(|f| f.def.name == *k && (f.touched || f.def.scope != Scope::Derived))
            })
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect();
        if let Ok(filled) = procedure.prefill(&view, &typed) {
            for f in &mut self.fields {
                if f.def.scope == Scope::Derived
                    && !f.touched
                    && let Some(v) = filled.get(f.def.name)
                {
                    f.text = v.to_string();
                    f.known = true;
                    f.error = None;
                }
            }
        }
        // Which inputs can matter, until that settles (an input shown or hidden may change
        // what the others depend on).
        for _ in 0..=self.fields.len() {
            let given = self.params();
            let mut changed = false;
            for f in &mut self.fields {
                let applies = procedure.input_applies(&view, f.def, &given);
                changed |= applies != f.applies;
                f.applies = applies;
            }
            if !changed {
                break;
            }
        }
        if !self.on_dice() && !self.fields[self.focus].applies {
            self.focus = self.step(true);
            self.fresh = true;
        }
        let given = self.params();
        self.refusal = procedure
            .check_inputs(&view, &given)
            .err()
            .map(|e| e.plain());
        self.odds = match (self.field_error(), &self.refusal, self.missing()) {
            (Some(e), _, _) => Odds::Pending(e),
            (None, Some(refused), _) => Odds::Pending(refused.clone()),
            (None, None, Some(m)) => Odds::Pending(m),
            (None, None, None) => match procedure.odds_in(&view, &given) {
                Ok(r) => Odds::Ready(r),
                Err(e) => Odds::Pending(e.plain()),
            },
        };
    }

    /// The first input shown whose text does not do, with why.
    fn field_error(&self) -> Option<String> {
        self.shown()
            .find_map(|(_, f)| f.error.as_ref().map(|e| format!("{}: {}", f.def.name, e)))
    }

    /// The first input still needed, in words: one that does not do, or a unit not named yet.
    pub fn missing(&self) -> Option<String> {
        self.field_error().or_else(|| {
            self.shown()
                .find(|(_, f)| f.is_unit() && f.text.trim().is_empty())
                .map(|(_, f)| format!("fill in {}: {}", f.def.name, f.def.help))
        })
    }

    /// The inputs to submit (those that apply), or the reason they cannot be.
    pub fn submission(&self) -> Result<Params, String> {
        for (_, f) in self.shown() {
            if let Some(Err(e)) = f.value() {
                return Err(e);
            }
            if let Some(e) = &f.error {
                return Err(format!("{}: {e}", f.def.name));
            }
        }
        Ok(self.params())
    }

    fn on_dice(&self) -> bool {
        self.focus >= self.fields.len()
    }

    /// The next (or previous) input shown after the focused one, the dice field included, going
    /// round.
    fn step(&self, forward: bool) -> usize {
        let n = self.fields.len() + 1;
        let mut i = self.focus.min(n - 1);
        for _ in 0..n {
            i = if forward {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            };
            if i == self.fields.len() || self.fields[i].applies {
                return i;
            }
        }
        self.fields.len()
    }

    /// Handles a key typed into the form. Returns true when the form wants to be submitted.
    pub fn on_key(&mut self, key: &KeyEvent, battle: &Battle) -> FormKey {
        match key.code {
            KeyCode::Esc => return FormKey::Cancel,
            KeyCode::Enter => {
                if !self.on_dice() {
                    self.take_pick(battle);
                }
                for i in 0..self.fields.len() {
                    self.focus_complete(i, battle);
                }
                self.refresh(battle);
                return FormKey::Submit;
            }
            // In a unit input's list, the arrows move the highlight.
            KeyCode::Down | KeyCode::Up
                if !self.on_dice() && !self.candidates(battle).is_empty() =>
            {
                let n = self.candidates(battle).len();
                self.pick = if key.code == KeyCode::Down {
                    (self.pick + 1).min(n - 1)
                } else {
                    self.pick.saturating_sub(1)
                };
                return FormKey::Edited;
            }
            KeyCode::Tab | KeyCode::Down => {
                if !self.on_dice() {
                    self.take_pick(battle);
                }
                self.complete_focused(battle);
                // What the unit taken makes apply, before the next input is chosen.
                self.refresh(battle);
                self.focus = self.step(true);
                self.fresh = true;
            }
            KeyCode::BackTab | KeyCode::Up => {
                self.complete_focused(battle);
                self.focus = self.step(false);
                self.fresh = true;
            }
            // In a list of units, a comma or a space takes the highlighted unit and starts the
            // next item.
            KeyCode::Char(c @ (',' | ' '))
                if !self.on_dice()
                    && !is_ctrl(key)
                    && self.fields[self.focus].def.kind == ParamKind::List
                    && !self.candidates(battle).is_empty() =>
            {
                self.take_pick(battle);
                self.fields[self.focus].text.push(c);
                self.fresh = false;
                self.refresh(battle);
                return FormKey::Edited;
            }
            // A digit on a box or a choice goes on to the next input that takes text (the range,
            // usually), as if tab had been pressed first.
            KeyCode::Char(c)
                if c.is_ascii_digit()
                    && !self.on_dice()
                    && matches!(
                        self.fields[self.focus].def.kind,
                        ParamKind::Flag | ParamKind::Choice(_)
                    )
                    && !is_ctrl(key) =>
            {
                match self.next_text_input() {
                    Some(i) => {
                        self.focus = i;
                        self.fresh = true;
                        return self.on_key(key, battle);
                    }
                    None => {
                        self.error = Some(format!(
                            "`{c}`: {} takes no digit (space or ←→ changes it)",
                            self.fields[self.focus].def.name
                        ));
                        return FormKey::Edited;
                    }
                }
            }
            _ if is_dice_key(key) => {
                self.complete_focused(battle);
                if self.on_dice() {
                    self.focus = self
                        .before_dice
                        .filter(|&i| self.fields.get(i).is_some_and(|f| f.applies))
                        .unwrap_or_else(|| self.first_to_fill());
                } else {
                    self.before_dice = Some(self.focus);
                    self.focus = self.fields.len();
                }
                self.fresh = true;
            }
            _ if self.on_dice() => {
                if let Err(refused) = edit_text(&mut self.dice, key, self.fresh) {
                    self.error = Some(refused);
                    return FormKey::Edited;
                }
                self.fresh = false;
            }
            _ => {
                let f = &mut self.fields[self.focus];
                let edited = match f.def.kind {
                    ParamKind::Flag => {
                        match key.code {
                            KeyCode::Char(' ') | KeyCode::Left | KeyCode::Right => {
                                let on = f.def.parse(&f.text).is_ok_and(|v| v == Value::Bool(true));
                                f.text = if on { "no" } else { "yes" }.into();
                            }
                            KeyCode::Char('y') => f.text = "yes".into(),
                            KeyCode::Char('n') => f.text = "no".into(),
                            KeyCode::Char(c) if !is_ctrl(key) => {
                                self.error = Some(format!(
                                    "`{c}`: {} is a box: space, ←→, y or n change it",
                                    f.def.name
                                ));
                                return FormKey::Edited;
                            }
                            _ => return FormKey::Ignored,
                        }
                        Ok(())
                    }
                    ParamKind::Choice(choices) => {
                        match key.code {
                            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') => {
                                let i = choices.iter().position(|c| *c == f.text).unwrap_or(0);
                                let step = if key.code == KeyCode::Left {
                                    choices.len() - 1
                                } else {
                                    1
                                };
                                f.text = choices[(i + step) % choices.len()].to_string();
                            }
                            KeyCode::Char(c) if !is_ctrl(key) => {
                                if let Some(hit) = choices.iter().find(|x| x.starts_with(c)) {
                                    f.text = hit.to_string();
                                } else {
                                    self.error = Some(format!(
                                        "`{c}`: {} is one of {}",
                                        f.def.name,
                                        choices.join(", ")
                                    ));
                                    return FormKey::Edited;
                                }
                            }
                            _ => return FormKey::Ignored,
                        }
                        Ok(())
                    }
                    _ => edit_text(&mut f.text, key, self.fresh),
                };
                if let Err(refused) = edited {
                    // Nothing typed: the text, and whether the next key replaces it, stay.
                    self.error = Some(refused);
                    return FormKey::Edited;
                }
                self.fresh = false;
                f.touched = true;
                f.known = false;
                self.pick = 0;
            }
        }
        self.error = None;
        self.refresh(battle);
        FormKey::Edited
    }

    /// Pasted text: into the focused field (or the dice) as one edit, taking the place of the
    /// text when the field was just entered, as typing does; the odds are recomputed once. Text
    /// holding a control, bidi or invisible character (a line break too) is refused whole, with
    /// the reason in [`Form::error`]. A flag or choice field takes a paste only if it is one of
    /// its values.
    pub fn on_paste(&mut self, pasted: &str, battle: &Battle) {
        if let Some((_, c)) = forbidden_char(pasted) {
            self.error = Some(format!("paste refused: {}", not_allowed_here(c)));
            return;
        }
        if self.on_dice() {
            paste_text(&mut self.dice, pasted, self.fresh);
        } else {
            let f = &mut self.fields[self.focus];
            match f.def.kind {
                ParamKind::Flag | ParamKind::Choice(_) => match f.def.parse(pasted) {
                    Ok(Value::Bool(on)) => f.text = if on { "yes" } else { "no" }.into(),
                    Ok(v) => f.text = v.to_string(),
                    Err(e) => {
                        let why = match e {
                            crate::declare::ParamError::Invalid {
                                value, expected, ..
                            } => format!("{value:?}: expected {expected}"),
                            other => other.plain(),
                        };
                        self.error = Some(format!("paste refused: {why}"));
                        return;
                    }
                },
                _ => paste_text(&mut f.text, pasted, self.fresh),
            }
            f.touched = true;
            f.known = false;
        }
        self.fresh = false;
        self.error = None;
        self.refresh(battle);
    }

    fn complete_focused(&mut self, battle: &Battle) {
        self.focus_complete(self.focus, battle);
    }

    /// Completes a unit field's unique prefix to the full id.
    fn focus_complete(&mut self, i: usize, battle: &Battle) {
        if let Some(f) = self.fields.get_mut(i)
            && f.is_unit()
            && battle.roster.unit_index(&f.text).is_none()
            && let Some(full) = complete_unit(battle, &f.text)
        {
            f.text = full;
        }
    }
}

/// A refused submission as the form shows it: an input named by its name alone, never as the
/// command line's flag ([`crate::declare::RuleError::plain`]).
pub fn refusal_words(e: &crate::battle::session::SessionError) -> String {
    use crate::battle::session::SessionError;
    match e {
        SessionError::Battle(b) => battle_words(b),
        other => other.to_string(),
    }
}

/// A battle's refusal in a form's words (inputs by name, never as command-line flags).
pub fn battle_words(e: &crate::battle::BattleError) -> String {
    match e {
        crate::battle::BattleError::Rule(r) => r.plain(),
        other => other.to_string(),
    }
}

/// What a key did to a form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKey {
    Edited,
    Ignored,
    Submit,
    Cancel,
}

/// Edits typed text; with `replace`, a typed character first clears what was there. A control,
/// bidi or invisible character is refused, leaving the text as it was: the error names it.
pub(crate) fn edit_text(text: &mut String, key: &KeyEvent, replace: bool) -> Result<(), String> {
    match key.code {
        KeyCode::Char(c) if is_forbidden(c) && !is_ctrl(key) => return Err(not_allowed_here(c)),
        KeyCode::Char(c)
            if replace && !c.is_control() && !key.modifiers.contains(KeyModifiers::CONTROL) =>
        {
            text.clear();
            text.push(c);
        }
        KeyCode::Backspace => {
            text.pop();
        }
        KeyCode::Char('u') if is_ctrl(key) => text.clear(),
        KeyCode::Char(c) if !c.is_control() && !is_ctrl(key) => text.push(c),
        _ => {}
    }
    Ok(())
}

/// Puts pasted text into typed text as one edit; with `replace`, it takes the place of what was
/// there, as a first typed character does.
fn paste_text(text: &mut String, pasted: &str, replace: bool) {
    if replace {
        text.clear();
    }
    text.push_str(pasted);
}

/// A key held with ctrl, which is never typed as text. Ctrl with alt is AltGr on some systems,
/// which types characters such as `@`.
pub fn is_ctrl(key: &KeyEvent) -> bool {
    key.modifiers.contains(KeyModifiers::CONTROL) && !key.modifiers.contains(KeyModifiers::ALT)
}

/// The units that `text` may stand for, best first, as `viewer` may see them: an id equal to it
/// (whatever the case), an id starting with it, a name starting with it, a word of a name starting
/// with it, an id or name holding it; units on the table before those off it, then in the
/// roster's order.
pub fn matching_units(battle: &Battle, text: &str, viewer: Viewer) -> Vec<usize> {
    let needle = text.trim().to_lowercase();
    if needle.is_empty() {
        return Vec::new();
    }
    let view = battle.view();
    let mut scored: Vec<(u8, bool, usize)> = battle
        .roster
        .units
        .iter()
        .enumerate()
        // A unit not yet arrived is offered by no procedure.
        .filter(|&(u, _)| view.visible_to(u, viewer) && battle.state().units[u].arrived())
        .filter_map(|(u, info)| {
            let id = info.id.to_lowercase();
            let name = info.name.to_lowercase();
            let score = if id == needle {
                0
            } else if id.starts_with(&needle) {
                1
            } else if name.starts_with(&needle) {
                2
            } else if name
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.starts_with(&needle))
            {
                3
            } else if id.contains(&needle) || name.contains(&needle) {
                4
            } else {
                return None;
            };
            Some((score, !battle.state().units[u].on_table(), u))
        })
        .collect();
    scored.sort();
    scored.into_iter().map(|(_, _, u)| u).collect()
}

/// The unit id that `prefix` stands for: an exact id, or the only id starting with it.
pub fn complete_unit(battle: &Battle, prefix: &str) -> Option<String> {
    if prefix.is_empty() {
        return None;
    }
    if battle.roster.unit_index(prefix).is_some() {
        return Some(prefix.to_string());
    }
    let mut hits = battle.roster.unit_ids().filter(|id| id.starts_with(prefix));
    match (hits.next(), hits.next()) {
        (Some(one), None) => Some(one.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::play::{DEMO_NAME, DEMO_SCENARIO};
    use crate::ruleset::find_action;

    fn battle() -> Battle {
        Battle::new(crate::scenario::parse(DEMO_NAME, DEMO_SCENARIO).unwrap())
    }

    /// A fire form with the firer given, focused on the target.
    fn fire_form(b: &Battle) -> Form {
        let fire = find_action(b.ruleset, "fire").unwrap();
        let form = Form::new(
            fire,
            &Params::new().with("firer", Value::Text("1-1".into())),
            b,
        );
        assert_eq!(form.fields[form.focus].def.name, "target");
        form
    }

    fn press(form: &mut Form, b: &Battle, code: KeyCode) -> FormKey {
        form.on_key(&KeyEvent::new(code, KeyModifiers::NONE), b)
    }

    fn type_text(form: &mut Form, b: &Battle, text: &str) {
        for c in text.chars() {
            press(form, b, KeyCode::Char(c));
        }
    }

    fn field<'a>(form: &'a Form, name: &str) -> &'a Field {
        form.fields.iter().find(|f| f.def.name == name).unwrap()
    }

    #[test]
    fn complete_unit_takes_an_exact_id_or_the_only_one_with_the_prefix() {
        let b = battle();
        assert_eq!(complete_unit(&b, "1-1").as_deref(), Some("1-1"));
        assert_eq!(complete_unit(&b, "stu").as_deref(), Some("stug"));
        assert_eq!(complete_unit(&b, "81").as_deref(), Some("81mm"));
        assert_eq!(complete_unit(&b, "8"), None, "81mm and 8cm");
        // g11, g12, g13 and g1l all start with g1.
        assert_eq!(complete_unit(&b, "g1"), None);
        assert_eq!(complete_unit(&b, "zzz"), None);
        assert_eq!(complete_unit(&b, ""), None);
    }

    #[test]
    fn a_unit_input_lists_the_units_its_text_may_stand_for_and_tab_takes_one() {
        let b = battle();
        let mut form = fire_form(&b);
        type_text(&mut form, &b, "stu");
        let ids = |form: &Form| -> Vec<String> {
            form.candidates(&b)
                .iter()
                .map(|&u| b.roster.units[u].id.clone())
                .collect()
        };
        assert_eq!(ids(&form), ["stug"]);
        assert!(
            field(&form, "target")
                .error
                .as_deref()
                .is_some_and(|e| e.starts_with("tab takes `stug`")),
            "{:?}",
            field(&form, "target").error
        );
        assert!(matches!(&form.odds, Odds::Pending(why) if why.contains("tab takes")));
        press(&mut form, &b, KeyCode::Tab);
        assert_eq!(field(&form, "target").text, "stug");
        assert_eq!(field(&form, "target").error, None);
        assert_eq!(form.fields[form.focus].def.name, "range");

        // Enter takes the highlighted unit and submits.
        let mut form = fire_form(&b);
        type_text(&mut form, &b, "sherm");
        assert_eq!(press(&mut form, &b, KeyCode::Enter), FormKey::Submit);
        assert_eq!(field(&form, "target").text, "sherman");

        // Part of a name narrows the list too: a word of it, or any part; the arrows move in the
        // list without leaving the input, and tab takes the one highlighted.
        let mut form = fire_form(&b);
        type_text(&mut form, &b, "gruppe, 1. zug");
        let listed = ids(&form);
        assert!(
            listed.len() >= 3 && listed.iter().all(|id| id.starts_with("g1")),
            "{listed:?}"
        );
        press(&mut form, &b, KeyCode::Down);
        assert_eq!(
            form.fields[form.focus].def.name, "target",
            "the arrows stay in the list"
        );
        press(&mut form, &b, KeyCode::Tab);
        assert_eq!(field(&form, "target").text, listed[1]);
        assert_eq!(form.fields[form.focus].def.name, "range");

        // Nothing matches: said so, with the nearest id.
        let mut form = fire_form(&b);
        type_text(&mut form, &b, "zzz");
        assert!(form.candidates(&b).is_empty());
        assert!(
            field(&form, "target")
                .error
                .as_deref()
                .unwrap()
                .starts_with("no unit `zzz`")
        );
    }

    #[test]
    fn an_input_that_names_the_enemy_lists_the_enemy_first() {
        let b = battle();
        let mut form = fire_form(&b);
        let firer = b.roster.unit_index(&field(&form, "firer").text).unwrap();
        let ours = b.roster.units[firer].side;
        type_text(&mut form, &b, "1");
        let all = matching_units(&b, "1", Viewer::Umpire);
        assert!(
            all.iter().any(|&u| b.roster.units[u].side == ours)
                && b.roster.units[all[0]].side == ours,
            "the demo's own units match first by name alone"
        );
        let sides: Vec<bool> = form
            .matches(&b, form.focus)
            .iter()
            .map(|&u| b.roster.units[u].side == ours)
            .collect();
        assert!(!sides[0], "the enemy's first: {sides:?}");
        assert!(sides.windows(2).all(|w| w[0] <= w[1]), "{sides:?}");
        // The firer's own input lists every side as matched.
        assert!(!field(&form, "firer").def.enemy && field(&form, "target").def.enemy);
    }

    #[test]
    fn a_shot_is_the_selected_firer_a_fragment_of_the_target_tab_the_range_and_enter() {
        // With the firer selected: `f`, two letters of the target's name, tab, the range, enter:
        // the form asks nothing else before the dice.
        let b = battle();
        let mut form = fire_form(&b);
        type_text(&mut form, &b, "st");
        press(&mut form, &b, KeyCode::Tab);
        type_text(&mut form, &b, "12");
        assert_eq!(press(&mut form, &b, KeyCode::Enter), FormKey::Submit);
        let p = form.submission().unwrap();
        assert_eq!(p.text("target"), Some("stug"));
        assert_eq!(p.get("range").map(|v| v.to_string()).as_deref(), Some("12"));
    }

    /// The first shipped roster (`rosters/`, by name) of the rule set `id`.
    fn a_roster_of(id: &str) -> crate::scenario::Scenario {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rosters");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        files
            .iter()
            .filter_map(|f| crate::scenario::load(f).ok())
            .find(|s| s.ruleset.id() == id)
            .unwrap_or_else(|| panic!("rosters/ has a scenario of {id}"))
    }

    #[test]
    fn the_actor_the_target_and_the_range_come_first_in_every_rule_set() {
        for ruleset in crate::rules::registry() {
            for action in ruleset.actions().filter(|a| a.in_battle) {
                let b = Battle::new(a_roster_of(ruleset.id()));
                let form = Form::new(action, &Params::new(), &b);
                let names: Vec<&str> = form.fields.iter().map(|f| f.def.name).collect();
                let units: Vec<&str> = action
                    .params
                    .iter()
                    .filter(|p| p.kind == ParamKind::Unit && p.scope != Scope::Derived)
                    .map(|p| p.name)
                    .take(2)
                    .collect();
                assert_eq!(&names[..units.len()], &units[..], "{}", action.id);
                if let Some(range) = names.iter().position(|n| *n == "range") {
                    assert_eq!(range, units.len(), "{}: {names:?}", action.id);
                }
            }
        }
    }

    #[test]
    fn an_input_that_a_box_brings_stands_below_the_box() {
        for ruleset in crate::rules::registry() {
            let b = Battle::new(a_roster_of(ruleset.id()));
            for action in ruleset.actions().filter(|a| a.in_battle) {
                let form = Form::new(action, &Params::new(), &b);
                for (i, f) in form.fields.iter().enumerate() {
                    if f.def.kind != ParamKind::Flag || f.def.scope == Scope::Derived {
                        continue;
                    }
                    let mut ticked = form.clone();
                    ticked.fields[i].text = if f.text == "yes" { "no" } else { "yes" }.into();
                    ticked.fields[i].touched = true;
                    ticked.refresh(&b);
                    for (j, g) in ticked.fields.iter().enumerate() {
                        if g.applies && !form.fields[j].applies {
                            assert!(
                                j > i,
                                "{} {}: {} appears with {} but stands above it",
                                ruleset.id(),
                                action.id,
                                g.def.name,
                                f.def.name
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn choices_and_flags_change_with_their_keys() {
        let b = battle();
        let mut form = fire_form(&b);
        let cover = form
            .fields
            .iter()
            .position(|f| f.def.name == "cover")
            .unwrap();
        while form.focus != cover {
            press(&mut form, &b, KeyCode::Tab);
        }
        press(&mut form, &b, KeyCode::Char('h'));
        assert_eq!(field(&form, "cover").text, "hard");
        press(&mut form, &b, KeyCode::Right);
        assert_eq!(field(&form, "cover").text, "none", "choices wrap around");
        press(&mut form, &b, KeyCode::Left);
        assert_eq!(field(&form, "cover").text, "hard");
        // A key a choice cannot take is said, never dropped silently.
        assert_eq!(press(&mut form, &b, KeyCode::Char('z')), FormKey::Edited);
        assert_eq!(field(&form, "cover").text, "hard");
        assert!(form.error.as_deref().unwrap().contains("cover is one of"));

        press(&mut form, &b, KeyCode::Tab);
        assert_eq!(form.fields[form.focus].def.name, "smoke");
        press(&mut form, &b, KeyCode::Char(' '));
        assert_eq!(field(&form, "smoke").text, "yes");
        press(&mut form, &b, KeyCode::Char('n'));
        assert_eq!(field(&form, "smoke").text, "no");
        assert!(field(&form, "smoke").touched);
        // A digit on a box goes on to the next input that takes text.
        press(&mut form, &b, KeyCode::Char('x'));
        assert!(form.error.as_deref().unwrap().contains("smoke is a box"));
        let before = form.focus;
        press(&mut form, &b, KeyCode::Char('7'));
        assert!(form.focus > before);
        let f = &form.fields[form.focus];
        assert!(!matches!(
            f.def.kind,
            ParamKind::Flag | ParamKind::Choice(_)
        ));
        assert!(f.text.ends_with('7'), "{:?}", f.text);
    }

    #[test]
    fn hidden_characters_are_refused_as_typed_and_the_text_stays() {
        let b = battle();
        let mut form = fire_form(&b);
        type_text(&mut form, &b, "g1");
        for c in ['\u{202E}', '\u{200B}', '\u{7}', '\u{E0020}'] {
            assert_eq!(press(&mut form, &b, KeyCode::Char(c)), FormKey::Edited);
            assert_eq!(field(&form, "target").text, "g1");
            let error = form.error.clone().unwrap_or_default();
            assert!(
                error.starts_with(&format!("U+{:04X} is not allowed here", c as u32)),
                "{error}"
            );
        }
        type_text(&mut form, &b, "1");
        assert_eq!(field(&form, "target").text, "g11");
        assert_eq!(form.error, None);
        // A field just entered is still replaced by the first character that is typed.
        press(&mut form, &b, KeyCode::Tab);
        type_text(&mut form, &b, "\u{200B}7");
        assert_eq!(field(&form, "range").text, "7");
    }

    #[test]
    fn a_paste_is_one_edit_and_a_choice_takes_only_its_values() {
        let b = battle();
        let mut form = fire_form(&b);
        form.on_paste("g11", &b);
        assert_eq!(field(&form, "target").text, "g11");
        let cover = form
            .fields
            .iter()
            .position(|f| f.def.name == "cover")
            .unwrap();
        form.focus = cover;
        form.on_paste("hard", &b);
        assert_eq!(field(&form, "cover").text, "hard");
        form.on_paste("bunker", &b);
        assert_eq!(field(&form, "cover").text, "hard");
        assert!(
            form.error
                .as_deref()
                .unwrap()
                .starts_with("paste refused: \"bunker\": expected")
        );
        form.focus = form.fields.len();
        form.on_paste("3 4", &b);
        assert_eq!(form.dice, "3 4");
        assert_eq!(form.error, None);
    }

    /// The demo battle in the attacker's action phase, after `commands` (procedure, inputs).
    fn in_action(commands: &[(&str, &[(&str, &str)])]) -> Battle {
        use crate::battle::Command;
        let mut b = battle();
        let start = b.start_event();
        b.apply(start).unwrap();
        let mut dice = crate::dice::SeededDice::new(7);
        let mut run = |b: &mut Battle, cmd: Command| {
            let entry = b.handle(&cmd, &mut dice).unwrap();
            b.apply(entry).unwrap();
        };
        run(&mut b, Command::Advance);
        assert_eq!(b.state().phase, "action");
        for (action, inputs) in commands {
            let def = find_action(b.ruleset, action).unwrap();
            let params = Params::parse(def.params, inputs.iter().copied()).unwrap();
            run(
                &mut b,
                Command::Act {
                    action: action.to_string(),
                    params,
                },
            );
        }
        b
    }

    /// A form for `action` with `unit` preset in its first unit input.
    fn form_for(b: &Battle, action: &str, preset: &[(&str, &str)]) -> Form {
        let def = find_action(b.ruleset, action).unwrap();
        let mut p = Params::new();
        for (k, v) in preset {
            p.set(k, Value::Text(v.to_string()));
        }
        Form::new(def, &p, b)
    }

    fn shown(form: &Form) -> Vec<&'static str> {
        form.shown().map(|(_, f)| f.def.name).collect()
    }

    #[test]
    fn inputs_that_cannot_matter_are_neither_shown_nor_submitted_and_come_back() {
        let b = in_action(&[]);
        // 1-1 fires in its own action phase: no trigger; method 2, so out-of-command; an
        // infantry target, so no anti-tank inputs.
        let mut form = form_for(&b, "fire", &[("firer", "1-1")]);
        type_text(&mut form, &b, "g11");
        let names = shown(&form);
        assert!(names.contains(&"out-of-command"), "{names:?}");
        for hidden in ["trigger", "flank", "road", "gun", "armour", "contact"] {
            assert!(!names.contains(&hidden), "{hidden} in {names:?}");
        }
        press(&mut form, &b, KeyCode::Tab);
        type_text(&mut form, &b, "12");
        let sent = form.submission().unwrap();
        assert_eq!(sent.get("trigger"), None, "a hidden input is not submitted");
        assert_eq!(sent.get("flank"), None);
        assert_eq!(sent.get("out-of-command"), Some(&Value::Bool(false)));
        // At the StuG the anti-tank inputs come back; at a leader, the stand sheltering it.
        let target = form
            .fields
            .iter()
            .position(|f| f.def.name == "target")
            .unwrap();
        form.focus = target;
        form.fresh = true;
        type_text(&mut form, &b, "stug");
        let names = shown(&form);
        for back in ["flank", "road", "armour"] {
            assert!(names.contains(&back), "{back} in {names:?}");
        }
        assert!(
            !names.contains(&"gun"),
            "infantry fire uses gun 0: {names:?}"
        );
        form.fresh = true;
        type_text(&mut form, &b, "g1l");
        assert!(shown(&form).contains(&"contact"));
        assert!(!shown(&form).contains(&"flank"));

        // A German stand fires opportunity fire: the trigger shows, out-of-command does not.
        let form = form_for(&b, "fire", &[("firer", "g12"), ("target", "1-2")]);
        let names = shown(&form);
        assert!(names.contains(&"trigger"), "{names:?}");
        assert!(!names.contains(&"out-of-command"), "{names:?}");
        // A leader is always in command.
        let form = form_for(&b, "move", &[("unit", "1-ldr")]);
        assert_eq!(
            shown(&form),
            ["unit"],
            "a leader on foot: no command roll, no road"
        );
        let form = form_for(&b, "move", &[("unit", "sherman")]);
        assert_eq!(shown(&form), ["unit", "out-of-command", "road"]);
        // The range of a light mortar only.
        let form = form_for(&b, "artillery", &[("asset", "81mm")]);
        assert!(!shown(&form).contains(&"range"));
        let form = form_for(&b, "artillery", &[("asset", "60mm")]);
        assert!(shown(&form).contains(&"range"));
    }

    #[test]
    fn a_form_opens_on_its_first_input_still_to_fill() {
        let b = in_action(&[]);
        let first = |form: &Form| form.fields[form.focus].def.name;
        assert_eq!(first(&form_for(&b, "fire", &[("firer", "1-1")])), "target");
        assert_eq!(first(&form_for(&b, "fire", &[])), "firer");
        let offer = form_for(&b, "fire", &[("firer", "g12"), ("target", "1-2")]);
        assert_eq!(first(&offer), "range");
        assert_eq!(
            first(&form_for(&b, "close-combat", &[("attacker", "1-1")])),
            "defender"
        );
        // Nothing is empty: the first input not preset, never the dice.
        let mv = form_for(&b, "move", &[("unit", "1-2")]);
        assert_eq!(first(&mv), "out-of-command");
        assert_eq!(
            first(&form_for(&b, "move", &[("unit", "sherman")])),
            "out-of-command"
        );
        assert_eq!(first(&form_for(&b, "move", &[("unit", "1-ldr")])), "unit");
        assert_eq!(
            first(&form_for(&b, "command-roll", &[("unit", "2-1")])),
            "unit"
        );
    }

    #[test]
    fn the_dice_key_goes_to_the_dice_field_from_anywhere_and_back() {
        let b = in_action(&[]);
        let mut form = form_for(&b, "fire", &[("firer", "1-1")]);
        type_text(&mut form, &b, "g11");
        press(&mut form, &b, KeyCode::Tab);
        type_text(&mut form, &b, "12");
        let range = form.focus;
        let ctrl_d = KeyEvent::new(KeyCode::Char('d'), KeyModifiers::CONTROL);
        assert!(is_dice_key(&ctrl_d));
        assert_eq!(form.on_key(&ctrl_d, &b), FormKey::Edited);
        assert_eq!(form.focus, form.fields.len(), "one key to the dice");
        type_text(&mut form, &b, "3");
        assert_eq!(form.dice, "3");
        assert_eq!(field(&form, "range").text, "12", "ctrl-d typed nothing");
        form.on_key(&ctrl_d, &b);
        assert_eq!(form.focus, range, "and back");
        // From the first input too.
        form.focus = 0;
        form.on_key(&ctrl_d, &b);
        assert_eq!(form.focus, form.fields.len());
    }

    #[test]
    fn a_refusal_that_depends_on_a_unit_shows_as_soon_as_it_is_named() {
        // 1-1 fires and is Finished.
        let b = in_action(&[(
            "fire",
            &[("firer", "1-1"), ("target", "g11"), ("range", "12")],
        )]);
        let form = form_for(&b, "fire", &[("firer", "1-1")]);
        let refusal = form.refusal.clone().expect("refused at once");
        assert_eq!(
            refusal,
            "1st Squad, 1st Platoon (1-1) is Finished: it has already acted this turn"
        );
        assert!(matches!(&form.odds, Odds::Pending(why) if *why == refusal));
        // Typed rather than preset: the same, once the id is whole.
        let mut form = form_for(&b, "move", &[]);
        type_text(&mut form, &b, "1-");
        assert_eq!(form.refusal, None);
        type_text(&mut form, &b, "1");
        assert!(form.refusal.as_deref().unwrap().contains("is Finished"));
        // Another stand is not refused.
        press(&mut form, &b, KeyCode::Backspace);
        type_text(&mut form, &b, "2");
        assert_eq!(form.refusal, None);
        // Outside the action phase, at once.
        let form = fire_form(&battle());
        assert!(
            form.refusal
                .as_deref()
                .unwrap()
                .contains("in the action phase"),
            "{:?}",
            form.refusal
        );
    }

    #[test]
    fn messages_name_inputs_as_the_form_does() {
        let b = in_action(&[]);
        let mut form = form_for(&b, "artillery", &[("asset", "81mm"), ("spotter", "1-ldr")]);
        let targets = form
            .fields
            .iter()
            .position(|f| f.def.name == "targets")
            .unwrap();
        form.focus = targets;
        type_text(&mut form, &b, ",");
        let shown_words = format!("{:?} {:?}", form.odds, form.missing());
        assert!(!shown_words.contains("--"), "{shown_words}");
        let refused = crate::declare::RuleError::Param(crate::declare::ParamError::Invalid {
            param: "range".into(),
            value: "x".into(),
            expected: "a distance".into(),
        });
        assert_eq!(refused.plain(), "range \"x\": expected a distance");
    }

    #[test]
    fn tab_and_back_tab_go_round_through_the_dice_field() {
        let b = battle();
        let mut form = fire_form(&b);
        let dice = form.fields.len();
        form.focus = 0;
        press(&mut form, &b, KeyCode::BackTab);
        assert_eq!(form.focus, dice);
        type_text(&mut form, &b, "3 0");
        press(&mut form, &b, KeyCode::Backspace);
        assert_eq!(form.dice, "3 ");
        press(&mut form, &b, KeyCode::Tab);
        assert_eq!(form.focus, 0);
    }
}
