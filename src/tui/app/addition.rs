//! The form that adds a unit or a formation the scenario lacks ([`Action::AddUnit`]). A unit: its
//! side, formation, kind, id, name, quality, leader and HQ, and the rule set's fields. A
//! formation: its side, the formation it goes under, id, name, level and quality (no units yet),
//! or a file that holds it whole with its units. Each is typed on its line; checked exactly as
//! `umpire add` checks it, each refusal shown at the input it is about.

use super::*;
use crate::battle::addition::{
    AddInput, AddProblem, Addition, Joins, Written, field_value, read_formation, reserved_key,
};
use crate::battle::session::SessionError;
use std::path::Path;

/// The first line of the form: what it adds.
pub const WHAT: (&str, &str) = ("add", "a unit or a formation: space switches");

/// The concealment stand it joins behind.
const BEHIND: (&str, &str) = (
    "behind",
    "a concealment stand's number: hidden with its units (empty: in the open)",
);

/// The inputs of a unit, in the order the form asks them: what each is called and what it is.
pub const UNIT_INPUTS: &[(&str, &str)] = &[
    WHAT,
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
    BEHIND,
];

/// The inputs of a formation, in the order the form asks them.
pub const FORMATION_INPUTS: &[(&str, &str)] = &[
    WHAT,
    ("side", "the side's id"),
    (
        "in",
        "the formation it goes under (empty: directly under its side)",
    ),
    ("id", "its id, unique in the battle"),
    ("name", "its name"),
    ("level", "one the rule set knows (empty: none)"),
    ("quality", "empty: its formation's, else its side's"),
    (
        "file",
        "or a file: the formation whole, written as a scenario's [[side.formation]]",
    ),
    BEHIND,
];

/// Why the form's inputs make no addition: each input's name with why.
type Refusals = Vec<(&'static str, String)>;

/// A unit or formation being added, as typed so far.
#[derive(Clone, Debug, Default)]
pub struct AddForm {
    /// True while it adds a formation, else a unit.
    pub formation: bool,
    /// The text of each input by name, those of both a unit's and a formation's: what was typed
    /// for one is kept when the form switches to the other.
    texts: Vec<(&'static str, String)>,
    /// The input the keys type into, among [`AddForm::inputs`].
    pub focus: usize,
    /// Why the last try was refused, by input (`None` for the scenario whole).
    pub errors: Vec<(Option<&'static str>, String)>,
    /// The formation filled in from the selected line for a unit, and for a formation: a unit
    /// joins the selected unit's formation, a formation goes beside it.
    filled_in: [String; 2],
}

impl AddForm {
    /// An empty form that adds a unit.
    fn new() -> AddForm {
        let mut texts: Vec<(&'static str, String)> = Vec::new();
        for (name, _) in UNIT_INPUTS.iter().chain(FORMATION_INPUTS) {
            if !texts.iter().any(|(n, _)| n == name) {
                texts.push((name, String::new()));
            }
        }
        AddForm {
            texts,
            ..AddForm::default()
        }
    }

    /// The inputs the form asks now, its first what it adds.
    pub fn inputs(&self) -> &'static [(&'static str, &'static str)] {
        if self.formation {
            FORMATION_INPUTS
        } else {
            UNIT_INPUTS
        }
    }

    /// The text of input `name` (the first line's: `unit` or `formation`).
    pub fn text(&self, name: &str) -> &str {
        if name == WHAT.0 {
            return if self.formation { "formation" } else { "unit" };
        }
        self.texts
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, t)| t.as_str())
    }

    fn text_mut(&mut self, name: &str) -> Option<&mut String> {
        self.texts
            .iter_mut()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| t)
    }

    /// The name of the focused input.
    pub fn focused(&self) -> &'static str {
        self.inputs()[self.focus].0
    }

    /// The place among the inputs asked now of the one named `name`.
    fn at(&self, name: &str) -> Option<usize> {
        self.inputs().iter().position(|(n, _)| *n == name)
    }

    /// The input of the form named `name`, if it asks it now.
    fn input(&self, name: &str) -> Option<&'static str> {
        self.inputs().iter().map(|(n, _)| *n).find(|n| *n == name)
    }

    /// Switches between a unit and a formation, staying on the first line; the formation it
    /// goes under, while it is the one filled in from the selected line, becomes the other's.
    fn switch(&mut self, formation: bool) {
        if self.formation != formation {
            let [was, now] = if formation { [0, 1] } else { [1, 0] };
            let filled = self.filled_in.clone();
            if let Some(text) = self.text_mut("in")
                && *text == filled[was]
            {
                text.clone_from(&filled[now]);
            }
            self.formation = formation;
            self.errors.clear();
        }
        self.focus = 0;
    }

    /// The addition the inputs make, with the file a formation was read from, or the input that
    /// cannot be read and why (a file's every problem, at its line and column).
    fn addition(&self) -> Result<(Addition, Option<Written>), Refusals> {
        let text = |name: &str| self.text(name).trim().to_string();
        let formation = text("in");
        let formation = (!formation.is_empty()).then_some(formation);
        let behind =
            match text("behind") {
                t if t.is_empty() => None,
                t => Some(t.parse::<i64>().map_err(|_| {
                    vec![("behind", format!("{t:?}: a concealment stand's number"))]
                })?),
            };
        let file = text("file");
        if self.formation && !file.is_empty() {
            let typed: Vec<&str> = ["id", "name", "level", "quality"]
                .into_iter()
                .filter(|k| !text(k).is_empty())
                .collect();
            if !typed.is_empty() {
                return Err(vec![(
                    "file",
                    format!(
                        "the file gives the formation whole: leave {} empty, or the file",
                        typed.join(", ")
                    ),
                )]);
            }
            return read_formation(&text("side"), formation.as_deref(), Path::new(&file))
                .map(|(a, w)| (Addition { behind, ..a }, Some(w)))
                .map_err(|problems| {
                    problems
                        .into_iter()
                        .map(|p| ("file", at_file(&p)))
                        .collect()
                });
        }
        let mut table = toml::Table::new();
        let keys: &[&str] = if self.formation {
            &["id", "name", "level", "quality"]
        } else {
            &["id", "name", "kind", "quality"]
        };
        for key in keys {
            let t = text(key);
            if !t.is_empty() {
                table.insert(key.to_string(), toml::Value::String(t));
            }
        }
        if self.formation {
            let addition = Addition {
                side: text("side"),
                formation,
                behind,
                joins: Joins::Formation(table),
            };
            return Ok((addition, None));
        }
        for key in ["leader", "hq"] {
            match text(key).to_lowercase().as_str() {
                "" | "n" | "no" => {}
                "y" | "yes" => {
                    table.insert(key.to_string(), toml::Value::Boolean(true));
                }
                other => {
                    return Err(vec![(
                        if key == "hq" { "hq" } else { "leader" },
                        format!("{other:?}: expected yes or no"),
                    )]);
                }
            }
        }
        let fields = text("fields");
        let refused = |why: String| vec![("fields", why)];
        let items = shlex::split(&fields)
            .ok_or_else(|| refused("a quotation mark is not closed".to_string()))?;
        for item in items {
            let Some((key, value)) = item.split_once('=') else {
                return Err(refused(format!(
                    "{item:?}: expected key=value, as the scenario writes the field"
                )));
            };
            let key = key.trim();
            if let Some(why) = reserved_key(key) {
                return Err(refused(format!("`{key}`: {why}")));
            }
            if table.insert(key.to_string(), field_value(value)).is_some() {
                return Err(refused(format!("`{key}` is given twice")));
            }
        }
        let addition = Addition {
            side: text("side"),
            formation,
            behind,
            joins: Joins::Unit(table),
        };
        Ok((addition, None))
    }

    /// Where a problem is shown: at the input it is about, among those asked now (a unit's
    /// field at the fields, a file's problem at the file), else under the form.
    fn input_of(&self, p: &AddProblem) -> Option<&'static str> {
        match &p.input {
            AddInput::Side => self.input("side"),
            AddInput::In => self.input("in"),
            AddInput::Behind => self.input("behind"),
            AddInput::Key(k) => self.input(k).or_else(|| self.input("fields")),
            AddInput::At { .. } => self.input("file"),
            AddInput::Whole => None,
        }
    }
}

/// A problem of a formation's file as the form says it under the file's input: its line and
/// column, the key and value, and what is wrong (the whole file's without a place).
fn at_file(p: &AddProblem) -> String {
    match &p.input {
        AddInput::At {
            line, column, key, ..
        } => {
            let place = format!("line {line}, column {column}");
            match (key.is_empty(), &p.value) {
                (true, _) => format!("{place}: {}", p.message),
                (false, Some(v)) => format!("{place}: {key} = {v}: {}", p.message),
                (false, None) => format!("{place}: {key}: {}", p.message),
            }
        }
        _ => p.message.clone(),
    }
}

impl App {
    /// Opens the form that adds a unit: its side and formation those of the selected line, its
    /// kind the selected unit's.
    pub(super) fn open_add_form(&mut self) {
        let b = self.battle();
        let r = &b.roster;
        let mut form = AddForm::new();
        // A unit joins the selected line's formation; a formation goes beside the selected
        // unit's formation, or into the selected formation.
        let (side, formation, beside, kind) = match self.selected_row() {
            Some(Row::Unit(u) | Row::Concealed(u)) => {
                let info = &r.units[u];
                let parent = info.formation.and_then(|f| r.formations[f].parent);
                (
                    Some(info.side),
                    info.formation,
                    parent,
                    Some(info.kind.clone()),
                )
            }
            Some(Row::Formation(f)) => (Some(r.formations[f].side), Some(f), Some(f), None),
            Some(Row::Side(s)) => (Some(s), None, None, None),
            _ => (None, None, None, None),
        };
        let id = |f: Option<usize>| f.map(|f| r.formations[f].id.clone());
        form.filled_in = [
            id(formation).unwrap_or_default(),
            id(beside).unwrap_or_default(),
        ];
        let fill = [
            ("side", side.map(|s| r.sides[s].id.clone())),
            ("in", id(formation)),
            ("kind", kind),
        ];
        for (name, value) in fill {
            if let (Some(text), Some(value)) = (form.text_mut(name), value) {
                *text = value;
            }
        }
        form.focus = form.at("id").unwrap_or(0);
        self.mode = Mode::Add(Box::new(form));
    }

    /// A key in the form: tab or ↓ the next input, shift-tab or ↑ the one before; on the first
    /// line space, ← or → switch between a unit and a formation (`u` and `f` choose one); enter
    /// adds it, esc leaves the form.
    pub(super) fn on_add_key(&mut self, mut form: Box<AddForm>, key: &KeyEvent) {
        let n = form.inputs().len();
        let on_what = form.focus == 0;
        match key.code {
            KeyCode::Esc => {
                self.info("cancelled");
                return;
            }
            KeyCode::Tab | KeyCode::Down => form.focus = (form.focus + 1) % n,
            KeyCode::BackTab | KeyCode::Up => form.focus = (form.focus + n - 1) % n,
            KeyCode::Left | KeyCode::Right | KeyCode::Char(' ') if on_what && !is_ctrl(key) => {
                let formation = !form.formation;
                form.switch(formation);
            }
            KeyCode::Char(c @ ('u' | 'f')) if on_what && !is_ctrl(key) => form.switch(c == 'f'),
            KeyCode::Enter => match form.addition() {
                Err(why) => {
                    form.errors = why.into_iter().map(|(at, w)| (form.input(at), w)).collect();
                    if let Some(first) = form.errors.iter().find_map(|(at, _)| *at) {
                        form.focus = form.at(first).unwrap_or(form.focus);
                    }
                }
                Ok((addition, written)) => {
                    let command = Command::Add { addition, written };
                    match self.session.execute(&command, None, (self.clock)()) {
                        Ok(record) => {
                            self.sync_log();
                            self.show(record);
                            return;
                        }
                        Err(SessionError::Battle(crate::battle::BattleError::Unfit(problems))) => {
                            form.errors = problems
                                .iter()
                                .map(|p| {
                                    let input = form.input_of(p);
                                    let message = match (&p.input, &p.value) {
                                        (AddInput::At { .. }, _) => at_file(p),
                                        (AddInput::Key(k), Some(v)) if input == Some("fields") => {
                                            format!("{k}={v}: {}", p.message)
                                        }
                                        (AddInput::Key(k), _) if input.is_none() => {
                                            format!("{k}: {}", p.message)
                                        }
                                        _ => p.message.clone(),
                                    };
                                    (input, message)
                                })
                                .collect();
                            if let Some(first) = form.errors.iter().find_map(|(at, _)| *at) {
                                form.focus = form.at(first).unwrap_or(form.focus);
                            }
                        }
                        Err(e) => {
                            form.errors = vec![(None, crate::tui::form::refusal_words(&e))];
                        }
                    }
                }
            },
            KeyCode::Char(_) if on_what => {
                form.errors = vec![(
                    Some(WHAT.0),
                    "space switches between a unit and a formation (u or f chooses one)".into(),
                )];
            }
            // Typed as any form's input is: backspace, ctrl-u clears, a forbidden character
            // refused in words.
            _ => {
                let name = form.focused();
                if let Some(text) = form.text_mut(name)
                    && let Err(why) = crate::tui::form::edit_text(text, key, false)
                {
                    form.errors = vec![(Some(name), why)];
                }
            }
        }
        self.mode = Mode::Add(form);
    }

    /// What the focused input of the add form may hold, in the battle's words: what it adds,
    /// the sides, the side's formations in the battle, the rule set's kinds, levels or
    /// qualities; none for a free input.
    pub fn add_choices(&self, form: &AddForm) -> Vec<String> {
        let b = self.battle();
        let r = &b.roster;
        let view = b.view();
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect();
        match form.focused() {
            "add" => words(&["unit", "formation"]),
            "side" => r.sides.iter().map(|s| s.id.clone()).collect(),
            "in" => {
                let side = r.side_index(form.text("side").trim());
                (r.formations.iter().enumerate())
                    .filter(|(f, x)| Some(x.side) == side && view.formation_listed(*f))
                    .map(|(_, x)| x.id.clone())
                    .collect()
            }
            "kind" => b
                .ruleset
                .unit_kinds()
                .iter()
                .map(|k| k.id.to_string())
                .collect(),
            "level" => words(b.ruleset.formation_levels()),
            "quality" => words(b.ruleset.qualities()),
            _ => Vec::new(),
        }
    }
}
