//! The terminal UI's state and what each key does to it. Every change to the battle goes through
//! the [`Session`], which writes it to the journal before the UI shows it. Nothing here knows a
//! rule: procedures, forms, badges and phases all come from the rule set.

mod addition;
mod chooser;
mod dice;
mod log;
pub(crate) use log::headline;
mod markers;
mod palette;
mod procedures;
mod prompts;
mod roster;
mod secrets;
pub mod serving;
mod summary;

pub use crate::tui::message::Level;
pub use crate::tui::roster::{RosterFilter, RosterPane, RosterTree, Row};
pub use addition::AddForm;
pub use chooser::{Choice, Chooser};
pub use dice::{DiceRun, GivenFace};
pub use log::LogState;
pub use markers::MarkerPick;
pub use palette::{Palette, PaletteEntry};
pub use secrets::HIDDEN_RESULT;

use super::action::Action;
use super::form::{Form, FormKey, is_ctrl};
use super::keymap::Keymap;
use crate::battle::session::{Record, Session};
use crate::battle::{Battle, Command, Entry, Event, EventKind, StandingOffer};
use crate::declare::{MarkerKind, Params, Value};
use crate::dice::TypedDice;
use crate::ruleset::find_action;
use crate::text::{forbidden_char, is_forbidden, not_allowed_here};
use chrono::{DateTime, Utc};
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use ratatui::layout::Rect;
use std::cell::Cell;

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
    /// A note for the log, public or private to the umpire (tab switches).
    Note {
        private: bool,
    },
    /// The battle's result in the umpire's own words.
    Result,
    /// When the unit or formation with this id arrives: now (nothing typed), a later turn, or
    /// `umpire`.
    Arrive(String),
    /// A value for a counting or turn marker.
    MarkerValue(String),
    /// Text to find in the log.
    LogSearch,
}

/// What the screen shows.
#[derive(Debug)]
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
    /// The battle's account: shown when its last turn is over.
    Summary,
    /// Choosing who takes up an offer.
    Chooser(Box<Chooser>),
    /// Typed dice: a command asks for the face of its next die.
    Dice(Box<DiceRun>),
    /// Ending the phase while these units of the active side may still act: asked once.
    EndPhase {
        waiting: Vec<usize>,
    },
    /// The report view of the battle, replayed from its journal, over the whole screen.
    Report(Box<crate::tui::ReportView>),
    /// Every procedure and general key by name, filtered as typed.
    Palette(Box<Palette>),
    /// The players' links, the one at `shown` as a QR code.
    Links {
        shown: usize,
    },
    /// Adding a unit or formation the scenario lacks.
    Add(Box<AddForm>),
}

/// The keys that close a popup (a result, the battle's account, the help): esc, `q` and enter.
pub(crate) fn closes_popup(key: &KeyEvent) -> bool {
    !is_ctrl(key) && matches!(key.code, KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q'))
}

/// What a popup answers to a key it does not take.
pub(crate) fn popup_hint(key: &KeyEvent) -> String {
    format!(
        "{} does nothing here: {POPUP_CLOSES}",
        super::keymap::Key::of(key)
    )
}

/// How a popup says it is closed.
pub const POPUP_CLOSES: &str = "esc, q or enter closes";

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
    /// The log's keys, selection and search.
    pub log: LogState,
    pub message: Option<(String, Level)>,
    pub dice_mode: DiceMode,
    pub color: bool,
    pub quit: bool,
    /// Set during drawing.
    pub areas: Cell<Areas>,
    /// The roster's lines, folds and filters ([`App::rows`]).
    tree: RosterTree,
    /// The screen is drawn as the public may see the battle ([`App::secrets_hidden`]).
    secrets_hidden: bool,
    /// A popup's answer to a key it does not take ("5 does nothing here: esc, q or enter
    /// closes"), shown in the popup until the next key.
    pub popup_hint: Option<String>,
    /// The markers popup's highlighted line and what was typed to reach it.
    pub marker_pick: markers::MarkerPick,
    /// The players' views served to their phones ([`Action::Serve`]), once started; served until
    /// the program ends.
    pub serving: Option<Box<dyn serving::Serving>>,
    /// How to start serving them, as the command line gives it (none: they cannot be served).
    pub start_serving: Option<serving::StartServing>,
    /// How the event loop is woken from another thread ([`crate::tui::Screen::wakes_with`]):
    /// the server calls it as phones connect and go, and the header is drawn again.
    pub waker: Option<crate::tui::Waker>,
    clock: fn() -> DateTime<Utc>,
}

impl App {
    pub fn new(session: Session, keymap: Keymap, clock: fn() -> DateTime<Utc>) -> Self {
        // The screen opens as the umpire's, every secret shown.
        let tree = RosterTree::for_viewer(session.battle(), crate::model::Viewer::Umpire);
        let mut app = Self {
            session,
            keymap,
            mode: Mode::Main,
            cursor: 0,
            log_back: 0,
            log: LogState::default(),
            message: None,
            dice_mode: DiceMode::Program,
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            quit: false,
            areas: Cell::new(Areas::default()),
            tree,
            secrets_hidden: false,
            popup_hint: None,
            marker_pick: markers::MarkerPick::default(),
            serving: None,
            start_serving: None,
            waker: None,
            clock,
        };
        app.sync_log();
        app.cursor = app
            .rows()
            .iter()
            .position(|r| matches!(r, Row::Unit(_)))
            .unwrap_or(0);
        let b = app.battle();
        if b.state().is_over() {
            // A battle reopened after its end opens on its account.
            app.mode = Mode::Summary;
        } else if let Some(p) = b.ruleset.phases().iter().find(|p| p.id == b.state().phase)
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

    /// The offers standing now, with the units that may take each up, as the screen may show
    /// them: with the secrets hidden, no concealed unit among those that may take one up, and no
    /// offer that names one or that only concealed units may take up.
    pub fn offers(&self) -> Vec<StandingOffer> {
        let b = self.battle();
        let mut offers = b.standing_offers();
        if self.secrets_hidden {
            for standing in &mut offers {
                standing.actors.retain(|&u| self.shows_unit(u));
            }
            offers.retain(|s| {
                !s.actors.is_empty()
                    && self.shows_text(&s.offer.text)
                    && !b.names_hidden_units(
                        &s.offer.action,
                        &s.offer.params,
                        crate::model::Viewer::Public,
                    )
            });
        }
        offers
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Level::Info));
    }

    pub(super) fn error(&mut self, text: impl Into<String>) {
        self.message = Some((text.into(), Level::Error));
    }

    /// Handles one terminal event: a key, the mouse, or pasted text; others (a resize) only
    /// need the next draw.
    pub fn on_event(&mut self, event: TermEvent) {
        match event {
            TermEvent::Key(k) => self.on_key(k),
            TermEvent::Mouse(m) => self.on_log_mouse(m),
            TermEvent::Paste(text) => self.on_paste(&text),
            _ => {}
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
        // A popup's answer to a key it does not take lasts until the next key.
        self.popup_hint = None;
        match std::mem::replace(&mut self.mode, Mode::Main) {
            Mode::Main => self.on_main_key(&key),
            Mode::Form(mut form) => match form.on_key(&key, self.session.battle()) {
                FormKey::Cancel => self.info("cancelled: nothing changed"),
                FormKey::Submit => self.submit(form),
                FormKey::Edited | FormKey::Ignored => self.mode = Mode::Form(form),
            },
            // A popup closes on esc, q or enter and on nothing else, and the key that closes it
            // does nothing more; any other key is answered in the popup, never passed on.
            Mode::Result { event, scroll } => match self.keymap.resolve(&key) {
                _ if closes_popup(&key) => {}
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
                // The offers the result lists are taken up from it, on the key it shows.
                Some(Action::TakeOffer)
                    if !event.offers.is_empty()
                        && self.log.opened.is_none()
                        && !self.offers().is_empty() =>
                {
                    self.message = None;
                    self.take_offer();
                }
                _ => {
                    self.popup_hint = Some(popup_hint(&key));
                    self.mode = Mode::Result { event, scroll };
                }
            },
            Mode::Help { scroll } => match self.keymap.resolve(&key) {
                _ if closes_popup(&key) => {}
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
                Some(Action::PageDown) => {
                    self.mode = Mode::Help {
                        scroll: (scroll + 10).min(self.areas.get().scroll_max),
                    }
                }
                Some(Action::PageUp) => {
                    self.mode = Mode::Help {
                        scroll: scroll.saturating_sub(10),
                    }
                }
                _ => {
                    self.popup_hint = Some(popup_hint(&key));
                    self.mode = Mode::Help { scroll };
                }
            },
            Mode::Prompt { kind, mut text } => match key.code {
                KeyCode::Esc => self.info("cancelled"),
                KeyCode::Tab if matches!(kind, Prompt::Note { .. }) => {
                    let private = !matches!(kind, Prompt::Note { private: true });
                    self.mode = Mode::Prompt {
                        kind: Prompt::Note { private },
                        text,
                    };
                }
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
                    if kind == Prompt::LogSearch {
                        if self.log_search(&text) {
                            self.message = None;
                        } else {
                            self.error(format!("no log entry matches {text:?}"));
                        }
                    }
                    self.mode = Mode::Prompt { kind, text };
                }
                _ => self.mode = Mode::Prompt { kind, text },
            },
            Mode::Markers => self.on_markers_key(&key),
            Mode::Add(form) => self.on_add_key(form, &key),
            Mode::Palette(palette) => self.on_palette_key(palette, &key),
            Mode::Summary => self.on_summary_key(&key),
            Mode::Links { shown } => self.on_links_key(shown, &key),
            Mode::Chooser(chooser) => self.on_chooser_key(chooser, &key),
            Mode::Dice(run) => self.on_dice_key(run, &key),
            Mode::Report(mut view) => match view.on_key(&key) {
                crate::tui::replay::Outcome::Stay => self.mode = Mode::Report(view),
                crate::tui::replay::Outcome::Leave => {}
                crate::tui::replay::Outcome::Quit => self.quit = true,
            },
            // Only a yes ends the phase: `n` (the next-phase key too) and enter read as no.
            Mode::EndPhase { waiting } => {
                if matches!(key.code, KeyCode::Char('y' | 'Y')) {
                    self.end_phase();
                } else {
                    // Counted as the question counted them: with the secrets hidden, those in
                    // the open.
                    let n = waiting.iter().filter(|&&u| self.shows_unit(u)).count();
                    let (one, many) = self.battle().ruleset.unit_nouns();
                    let noun = if n == 1 { one } else { many };
                    if n == 0 {
                        self.info("the phase goes on");
                    } else {
                        self.info(format!("the phase goes on: {n} {noun} may still act"));
                    }
                }
            }
        }
        // A result reopened from the log is one no longer once it is closed.
        if !matches!(self.mode, Mode::Result { .. }) {
            self.log.opened = None;
        }
        self.sync_rows();
    }

    fn on_main_key(&mut self, key: &KeyEvent) {
        if self.on_log_key(key) {
            return;
        }
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
        if self.log.focused && self.on_log_action(&action) {
            return;
        }
        match action {
            Action::Up => self.cursor = self.cursor.saturating_sub(1),
            Action::Down => self.cursor = (self.cursor + 1).min(rows.saturating_sub(1)),
            Action::PageUp => self.cursor = self.cursor.saturating_sub(page),
            Action::PageDown => self.cursor = (self.cursor + page).min(rows.saturating_sub(1)),
            Action::Top => self.cursor = 0,
            Action::Bottom => self.cursor = rows.saturating_sub(1),
            Action::ToggleFold => self.toggle_fold(),
            Action::FoldOrParent => self.fold_or_parent(),
            Action::UnfoldOrChild => self.unfold_or_child(),
            Action::FoldAll => self.fold_all(true),
            Action::UnfoldAll => self.fold_all(false),
            Action::CycleSide => self.cycle_side(),
            Action::ToggleRemoved => self.toggle_removed(),
            Action::ToggleToAct => self.toggle_to_act(),
            Action::LogBack => {
                let n = self.log_entries().len();
                self.log_back = (self.log_back + 1).min(n.saturating_sub(1));
            }
            Action::LogForward => self.log_back = self.log_back.saturating_sub(1),
            Action::Search => self.prompt(Prompt::Search),
            Action::GoTo => self.prompt(Prompt::GoTo),
            Action::Note => self.prompt(Prompt::Note { private: false }),
            Action::Result => self.prompt(Prompt::Result),
            Action::Arrive => self.arrive_prompt(),
            Action::AddUnit => self.open_add_form(),
            Action::Procedure(id) => self.open_procedure(&id, Params::new()),
            Action::TakeOffer => self.take_offer(),
            Action::NextPhase if self.battle().state().is_over() => {
                self.mode = Mode::Summary;
            }
            Action::NextPhase => {
                let waiting = self.battle().still_to_act();
                if waiting.is_empty() && self.left_undone().is_empty() {
                    self.end_phase();
                } else {
                    self.mode = Mode::EndPhase { waiting };
                }
            }
            Action::Undo => match self.battle().undo_preview().map(|e| self.event_words(e)) {
                Some(what) => {
                    if self.run(Command::Undo, None) {
                        self.info(format!("undone: {what}"));
                    }
                }
                None => self.error("nothing to undo"),
            },
            Action::Redo => match self.battle().redo_preview().map(|e| self.event_words(e)) {
                Some(what) => {
                    if self.run(Command::Redo, None) {
                        self.info(format!("redone: {what}"));
                    }
                }
                None => self.error("nothing to redo"),
            },
            Action::Markers => {
                if self.selected_unit().is_some() {
                    self.open_markers();
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
            Action::LogFocus => self.toggle_log_focus(),
            Action::LogSearch => self.open_log_search(),
            Action::LogNextMatch => self.next_match(true),
            Action::LogPrevMatch => self.next_match(false),
            Action::HideSecrets => self.toggle_secrets(),
            Action::Report => self.open_report(),
            Action::Serve => self.serve(),
            Action::Palette => self.mode = Mode::Palette(Box::default()),
            Action::Help => self.mode = Mode::Help { scroll: 0 },
            Action::Quit => self.quit = true,
        }
        self.sync_rows();
    }

    /// Opens the report view on the battle's journal as it stands (read without its lock),
    /// at its last event.
    fn open_report(&mut self) {
        if self.secrets_hidden {
            // The report view is the umpire's: every secret is in it.
            let key = self.keymap.hint(&Action::HideSecrets);
            self.error(format!(
                "the report view shows every secret: show them first ({key})"
            ));
            return;
        }
        match crate::tui::ReportView::of_play(
            self.session.path(),
            self.keymap.clone(),
            self.roster_tree(),
            self.color,
        ) {
            Ok(view) => self.mode = Mode::Report(Box::new(view)),
            Err(e) => self.error(format!("cannot read the journal for the report: {e}")),
        }
    }

    /// Ends the phase now (typed dice ask for each automatic roll).
    fn end_phase(&mut self) {
        if self.dice_mode == DiceMode::Typed {
            self.run_typed(Command::Advance, "next phase".into(), Vec::new(), None);
        } else {
            self.run(Command::Advance, None);
        }
    }

    pub(super) fn execute(
        &mut self,
        cmd: &Command,
        typed: Option<TypedDice>,
    ) -> Result<Record, String> {
        let done = self
            .session
            .execute(cmd, typed, (self.clock)())
            .map_err(|e| crate::tui::form::refusal_words(&e));
        self.sync_log();
        done
    }

    /// Runs a command from the main screen; errors become the status message. True on success.
    pub(super) fn run(&mut self, cmd: Command, typed: Option<TypedDice>) -> bool {
        match self.execute(&cmd, typed) {
            Ok(record) => {
                self.log_back = 0;
                match &record.entry {
                    Entry::Event(e) if !e.resolutions.is_empty() || !e.notes.is_empty() => {
                        self.show(record);
                    }
                    Entry::Event(e) => {
                        let words = self.event_words(e);
                        self.info(words);
                    }
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

    pub(super) fn show(&mut self, record: Record) {
        self.log_back = 0;
        self.log.opened = None;
        self.sync_log();
        if let Entry::Event(e) = record.entry {
            let words = self.event_words(&e);
            self.info(words);
            // The event that ended the battle opens its account; its steps are in the log.
            self.mode = if self.battle().state().is_over() && e.kind == EventKind::Advance {
                Mode::Summary
            } else {
                Mode::Result {
                    event: Box::new(e),
                    scroll: 0,
                }
            };
        }
    }
}
