//! The terminal UI's state and what each key does to it. Every change to the battle goes through
//! the [`Session`], which writes it to the journal before the UI shows it. Nothing here knows a
//! rule: procedures, forms, badges and phases all come from the rule set.

use super::action::Action;
use super::form::{Form, FormKey, complete_unit, is_ctrl};
use super::keymap::Keymap;
use crate::battle::session::{Record, Session, SessionError};
use crate::battle::{Battle, Command, Entry, Event, StandingOffer};
use crate::dice::TypedDice;
use crate::rules::{MarkerKind, Params, Value, find_action};
use crate::text::{forbidden_char, is_forbidden, not_allowed_here};
use chrono::{DateTime, Utc};
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::Rect;
use std::cell::Cell;

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

/// A line of the roster pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Side(usize),
    Formation(usize),
    Unit(usize),
}

/// Where dice come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceMode {
    /// The program rolls (its seeded generator) unless faces are typed.
    Program,
    /// The umpire types the faces thrown at the table.
    Typed,
}

/// A one-line text prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    Search,
    GoTo,
    Note,
    /// Faces for the automatic rolls of the next phase (typed dice).
    AdvanceDice,
    /// A value for a counting or turn marker.
    MarkerValue(String),
}

/// What the screen shows.
#[derive(Clone, Debug)]
pub enum Mode {
    Main,
    Form(Box<Form>),
    /// An event just recorded, explained, scrolled down `scroll` lines.
    Result {
        event: Box<Event>,
        scroll: u16,
    },
    Help {
        scroll: u16,
    },
    Prompt {
        kind: Prompt,
        text: String,
    },
    /// Setting or clearing markers on the selected unit.
    Markers,
}

/// The kind of the status message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Error,
}

/// Screen rectangles from the last draw, for the mouse.
#[derive(Clone, Copy, Debug, Default)]
pub struct Areas {
    pub roster: Rect,
    pub roster_first_row: usize,
    pub log: Rect,
    /// How far the open result or help can scroll.
    pub scroll_max: u16,
}

/// The terminal UI.
pub struct App {
    pub session: Session,
    pub keymap: Keymap,
    pub mode: Mode,
    /// Index into [`App::rows`].
    pub cursor: usize,
    /// How many entries back from the newest the log shows.
    pub log_back: usize,
    pub message: Option<(String, Level)>,
    pub dice_mode: DiceMode,
    pub color: bool,
    pub quit: bool,
    /// Set during drawing.
    pub areas: Cell<Areas>,
    /// The roster's lines ([`App::rows`]).
    rows: Vec<Row>,
    clock: fn() -> DateTime<Utc>,
}

impl App {
    pub fn new(session: Session, keymap: Keymap, clock: fn() -> DateTime<Utc>) -> Self {
        let rows = Self::roster_rows(session.battle());
        let mut app = Self {
            session,
            keymap,
            mode: Mode::Main,
            cursor: 0,
            log_back: 0,
            message: None,
            dice_mode: DiceMode::Program,
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            quit: false,
            areas: Cell::new(Areas::default()),
            rows,
            clock,
        };
        app.cursor = app
            .rows()
            .iter()
            .position(|r| matches!(r, Row::Unit(_)))
            .unwrap_or(0);
        let b = app.battle();
        if let Some(p) = b.ruleset.phases().iter().find(|p| p.id == b.state().phase)
            && p.automatic
        {
            let msg = format!(
                "press {} to begin: {} is carried out by the program",
                app.keymap.hint(&Action::NextPhase),
                p.name
            );
            app.info(msg);
        }
        app
    }

    /// Adds a line to the status message.
    pub fn note(&mut self, text: &str) {
        self.message = Some(match self.message.take() {
            Some((m, level)) => (format!("{text}; {m}"), level),
            None => (text.to_string(), Level::Info),
        });
    }

    pub fn battle(&self) -> &Battle {
        self.session.battle()
    }

    /// The roster as lines: each side, its formations (nested) and units, in file order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Builds the roster's lines from its tree (once: the roster does not change).
    fn roster_rows(battle: &Battle) -> Vec<Row> {
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

    /// The offers standing now, with the units that may take each up.
    pub fn offers(&self) -> Vec<StandingOffer> {
        self.battle().standing_offers()
    }

    fn info(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Level::Info));
    }

    fn error(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Level::Error));
    }

    /// Moves the cursor to a unit.
    pub fn select_unit(&mut self, unit: usize) {
        if let Some(i) = self.rows().iter().position(|r| *r == Row::Unit(unit)) {
            self.cursor = i;
        }
    }

    // ---- input -------------------------------------------------------------------------------

    /// Handles one terminal event: a key, the mouse, or pasted text; others (a resize) only
    /// need the next draw.
    pub fn on_event(&mut self, event: TermEvent) {
        match event {
            TermEvent::Key(k) => self.on_key(k),
            TermEvent::Mouse(m) => self.on_mouse(m),
            TermEvent::Paste(text) => self.on_paste(&text),
            _ => {}
        }
    }

    /// Pasted text goes into the open prompt or the focused form field as one edit. Text holding a
    /// control, bidi or invisible character (a line break too) is refused whole, and what was
    /// typed before stays.
    pub fn on_paste(&mut self, pasted: &str) {
        match &mut self.mode {
            Mode::Prompt { kind, text } => {
                if let Some((_, c)) = forbidden_char(pasted) {
                    let why = format!("paste refused: {}", not_allowed_here(c));
                    self.error(why);
                    return;
                }
                text.push_str(pasted);
                if *kind == Prompt::Search {
                    let text = text.clone();
                    self.search(&text);
                }
            }
            Mode::Form(form) => form.on_paste(pasted, self.session.battle()),
            _ => self.error("nothing to paste into: open a prompt or a form first"),
        }
    }

    /// Handles one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        // A quit key held with ctrl (ctrl-c) leaves from every screen, as from the main one.
        if key.modifiers.contains(KeyModifiers::CONTROL)
            && self.keymap.resolve(&key) == Some(&Action::Quit)
        {
            self.quit = true;
            return;
        }
        match std::mem::replace(&mut self.mode, Mode::Main) {
            Mode::Main => self.on_main_key(&key),
            Mode::Form(mut form) => match form.on_key(&key, self.session.battle()) {
                FormKey::Cancel => self.info("cancelled: nothing changed"),
                FormKey::Submit => self.submit(form),
                FormKey::Edited | FormKey::Ignored => self.mode = Mode::Form(form),
            },
            Mode::Result { event, scroll } => {
                // Up and down scroll; any other key closes the result, and any but enter, esc or
                // space also does its job.
                match self.keymap.resolve(&key) {
                    Some(Action::Down) => {
                        self.mode = Mode::Result {
                            event,
                            scroll: scroll + 1,
                        }
                    }
                    Some(Action::Up) => {
                        self.mode = Mode::Result {
                            event,
                            scroll: scroll.saturating_sub(1),
                        }
                    }
                    Some(Action::PageDown) => {
                        self.mode = Mode::Result {
                            event,
                            scroll: (scroll + 10).min(self.areas.get().scroll_max),
                        }
                    }
                    Some(Action::PageUp) => {
                        self.mode = Mode::Result {
                            event,
                            scroll: scroll.saturating_sub(10),
                        }
                    }
                    _ if matches!(key.code, KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ')) => {
                    }
                    _ => self.on_main_key(&key),
                }
            }
            Mode::Help { scroll } => match self.keymap.resolve(&key) {
                Some(Action::Down) => {
                    self.mode = Mode::Help {
                        scroll: (scroll + 1).min(self.areas.get().scroll_max),
                    }
                }
                Some(Action::Up) => {
                    self.mode = Mode::Help {
                        scroll: scroll.saturating_sub(1),
                    }
                }
                Some(Action::Quit) if key.code != KeyCode::Char('q') => self.quit = true,
                _ => {}
            },
            Mode::Prompt { kind, mut text } => match key.code {
                KeyCode::Esc => self.info("cancelled"),
                KeyCode::Enter => self.finish_prompt(kind, text),
                KeyCode::Backspace => {
                    text.pop();
                    self.mode = Mode::Prompt { kind, text };
                }
                KeyCode::Char(c) if is_forbidden(c) && !is_ctrl(&key) => {
                    self.error(not_allowed_here(c));
                    self.mode = Mode::Prompt { kind, text };
                }
                KeyCode::Char(c) if !c.is_control() && !is_ctrl(&key) => {
                    text.push(c);
                    if kind == Prompt::Search {
                        self.search(&text);
                    }
                    self.mode = Mode::Prompt { kind, text };
                }
                _ => self.mode = Mode::Prompt { kind, text },
            },
            Mode::Markers => self.on_markers_key(&key),
        }
    }

    fn on_main_key(&mut self, key: &KeyEvent) {
        let Some(action) = self.keymap.resolve(key).cloned() else {
            if let KeyCode::Char(_) = key.code {
                let k = super::keymap::Key::of(key);
                self.error(format!("{k}: no such key (press ? for help)"));
            }
            return;
        };
        self.message = None;
        self.dispatch(action);
    }

    /// Carries out an action from the main screen.
    pub fn dispatch(&mut self, action: Action) {
        let rows = self.rows().len();
        let page = usize::from(self.areas.get().roster.height.max(3) - 2);
        match action {
            Action::Up => self.cursor = self.cursor.saturating_sub(1),
            Action::Down => self.cursor = (self.cursor + 1).min(rows.saturating_sub(1)),
            Action::PageUp => self.cursor = self.cursor.saturating_sub(page),
            Action::PageDown => self.cursor = (self.cursor + page).min(rows.saturating_sub(1)),
            Action::Top => self.cursor = 0,
            Action::Bottom => self.cursor = rows.saturating_sub(1),
            Action::LogBack => {
                let n = self.battle().history().entries().len();
                self.log_back = (self.log_back + 1).min(n.saturating_sub(1));
            }
            Action::LogForward => self.log_back = self.log_back.saturating_sub(1),
            Action::Search => self.prompt(Prompt::Search),
            Action::GoTo => self.prompt(Prompt::GoTo),
            Action::Note => self.prompt(Prompt::Note),
            Action::Procedure(id) => self.open_procedure(&id, Params::new()),
            Action::TakeOffer => self.take_offer(),
            Action::NextPhase => {
                if self.dice_mode == DiceMode::Typed {
                    self.prompt(Prompt::AdvanceDice);
                } else {
                    self.run(Command::Advance, None);
                }
            }
            Action::Undo => match self.battle().undo_preview().map(|e| e.summary.clone()) {
                Some(what) => {
                    if self.run(Command::Undo, None) {
                        self.info(format!("undone: {what}"));
                    }
                }
                None => self.error("nothing to undo"),
            },
            Action::Redo => match self.battle().redo_preview().map(|e| e.summary.clone()) {
                Some(what) => {
                    if self.run(Command::Redo, None) {
                        self.info(format!("redone: {what}"));
                    }
                }
                None => self.error("nothing to redo"),
            },
            Action::Markers => {
                if self.selected_unit().is_some() {
                    self.mode = Mode::Markers;
                } else {
                    self.error("select a unit first");
                }
            }
            Action::AddHit | Action::RemoveHit => self.change_hits(action == Action::AddHit),
            Action::ToggleDice => {
                self.dice_mode = match self.dice_mode {
                    DiceMode::Program => DiceMode::Typed,
                    DiceMode::Typed => DiceMode::Program,
                };
                self.info(match self.dice_mode {
                    DiceMode::Program => {
                        "dice: the program rolls (you may still type faces in a form)"
                    }
                    DiceMode::Typed => "dice: type the faces thrown at the table",
                });
            }
            Action::Help => self.mode = Mode::Help { scroll: 0 },
            Action::Quit => self.quit = true,
        }
    }

    fn prompt(&mut self, kind: Prompt) {
        self.mode = Mode::Prompt {
            kind,
            text: String::new(),
        };
    }

    fn finish_prompt(&mut self, kind: Prompt, text: String) {
        match kind {
            Prompt::Search => {
                if !self.search(&text) {
                    self.error(format!("no unit matches {:?}", text));
                }
            }
            Prompt::GoTo => match complete_unit(self.battle(), text.trim()) {
                Some(id) => {
                    let u = self.battle().roster.unit_index(&id).unwrap_or_default();
                    self.select_unit(u);
                }
                None => {
                    let hint =
                        crate::text::did_you_mean(text.trim(), self.battle().roster.unit_ids());
                    self.error(format!("no single unit `{}`{hint}", text.trim()));
                }
            },
            Prompt::Note => {
                self.run(Command::Note { text }, None);
            }
            Prompt::AdvanceDice => {
                let typed = if text.trim().is_empty() {
                    Some(TypedDice::default())
                } else {
                    match TypedDice::parse(&text) {
                        Ok(d) => Some(d),
                        Err(e) => {
                            self.error(e.to_string());
                            self.mode = Mode::Prompt { kind, text };
                            return;
                        }
                    }
                };
                if !self.run(Command::Advance, typed) {
                    self.mode = Mode::Prompt { kind, text };
                }
            }
            Prompt::MarkerValue(marker) => {
                let Some(u) = self.selected_unit() else {
                    return;
                };
                match text.trim().parse::<i32>() {
                    Ok(v) => {
                        let unit = self.battle().roster.units[u].id.clone();
                        self.run(
                            Command::SetMarker {
                                unit,
                                marker,
                                value: Some(v),
                            },
                            None,
                        );
                    }
                    Err(_) => {
                        self.error(format!("{text:?} is not a whole number"));
                        self.mode = Mode::Prompt {
                            kind: Prompt::MarkerValue(marker),
                            text,
                        };
                    }
                }
            }
        }
    }

    /// Moves the cursor to the first unit whose id or name contains `text`.
    fn search(&mut self, text: &str) -> bool {
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

    fn open_procedure(&mut self, id: &str, mut preset: Params) {
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

    fn take_offer(&mut self) {
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

    fn submit(&mut self, form: Box<Form>) {
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
                    form.error = Some(e.to_string());
                }
                self.mode = Mode::Form(form);
            }
        }
    }

    fn execute(&mut self, cmd: &Command, typed: Option<TypedDice>) -> Result<Record, String> {
        self.session
            .execute(cmd, typed, (self.clock)())
            .map_err(|e| e.to_string())
    }

    /// Runs a command from the main screen; errors become the status message. True on success.
    fn run(&mut self, cmd: Command, typed: Option<TypedDice>) -> bool {
        match self.execute(&cmd, typed) {
            Ok(record) => {
                self.log_back = 0;
                match &record.entry {
                    Entry::Event(e) if !e.resolutions.is_empty() || !e.notes.is_empty() => {
                        self.show(record);
                    }
                    Entry::Event(e) => self.info(e.summary.clone()),
                    _ => {}
                }
                true
            }
            Err(e) => {
                self.error(e);
                false
            }
        }
    }

    fn show(&mut self, record: Record) {
        self.log_back = 0;
        if let Entry::Event(e) = record.entry {
            self.info(e.summary.clone());
            self.mode = Mode::Result {
                event: Box::new(e),
                scroll: 0,
            };
        }
    }

    fn change_hits(&mut self, add: bool) {
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

    fn on_markers_key(&mut self, key: &KeyEvent) {
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
