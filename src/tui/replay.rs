//! The report view: a battle's journal read into its report — each side's strength over the
//! turns, the losses of each turn — and replayed event by event and turn by turn, the roster shown
//! as it stood after the event on screen (concealed units behind their stands as the umpire's
//! screen showed them then). From the view the report is written beside the journal, as one HTML
//! page or as Markdown with its chart.
//!
//! The view reads the journal without taking its lock and never writes to it: it opens on the
//! battle being played (from the main screen), or on any journal with `umpire replay`, a
//! finished battle's or one another process is still playing (`r` reads it again). A torn last
//! line is left out and named in the header.
//!
//! It holds a few bytes a record, not the journal: the journal is followed ([`Follower`]: where
//! each record's line begins, who may see it, the events in force), the report is streamed from
//! it without its account ([`Survey::stream`]: the strength chart's points and each turn's
//! losses), and of each event in force the view keeps where the battle stood after it (its turn,
//! phase and side). The event on screen is read back from the journal by its offset.
//!
//! Stepping costs as much as the events stepped over, never a replay from the start: the view
//! keeps one battle, which keeps no events ([`Battle::fold_in`]), and moves it. Forward, the next
//! event is read back and folded in, what its effects overwrote kept; back, the latest is folded
//! out again ([`Battle::fold_out`]) in the time it took to fold in. A jump back to nearer the
//! start than to where the view stands builds the battle again from its start. So ←/→ cost one
//! event, whatever the battle's length, and a jump costs at most the distance to the nearer of the
//! view's place and the start.

use super::action::Action;
use super::keymap::Keymap;
use super::message::Level;
use super::roster::{RosterPane, RosterTree};
use crate::battle::session::{Record, SessionError};
use crate::battle::{Battle, Entry, Event};
use crate::model::{Prior, Viewer};
use crate::report::chronicle::{Change, Exposures, Follower};
use crate::report::{self, Format, Moment, Report, Survey};
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
};
use std::path::Path;

/// The keys of the report view that are its own (the others are the main screen's: ←→ an
/// event, page keys and `[` `]` a turn, home and end the first and last event, ↑↓ the roster).
pub const WRITE_HTML_KEY: char = 'w';
pub const WRITE_MARKDOWN_KEY: char = 'W';
pub const CHART_KEY: char = 'c';
pub const RELOAD_KEY: char = 'r';

/// What a key did to the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The view stays open.
    Stay,
    /// Back to the battle being played (`umpire replay`: the program ends).
    Leave,
    /// The program ends (ctrl-c).
    Quit,
}

/// Where the battle stood: its turn, its phase (an index into the view's phases) and the side
/// to act, in twelve bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Place {
    turn: u32,
    phase: u32,
    active: u32,
}

/// The report view of one journal.
pub struct ReportView {
    chronicle: Follower,
    /// The umpire's report without its account: the strength chart's points, each turn's losses.
    report: Report,
    /// For each event in force: where the battle stood just after it.
    after: Vec<Place>,
    /// Where the battle stood before the start event.
    initial: Place,
    /// The phases named by [`Place::phase`].
    phases: Vec<String>,
    /// How many events in force `battle` holds: 1 (the start event) ..= [`ReportView::len`], or
    /// 0 for a journal without even its start event.
    step: usize,
    /// The battle after the first `step` events in force, folded in (it keeps no events).
    battle: Battle,
    /// What the effects of each event folded in overwrote, all in one vector, and where each
    /// event's begin: stepping back folds the last event's out.
    priors: Vec<Prior>,
    starts: Vec<usize>,
    /// Why each unit was exposed, as the events folded in say.
    exposures: Exposures,
    /// The event shown, read back from the journal when it is first asked for, and where the
    /// battle stood before it (none when the journal holds no event or it cannot be read back).
    current: std::cell::OnceCell<Option<(Record, Moment)>>,
    tree: RosterTree,
    /// The first roster line shown.
    pub roster_top: usize,
    /// The strength chart over the whole view.
    pub chart_zoomed: bool,
    /// The view's keys over it.
    pub help: bool,
    pub message: Option<(String, Level)>,
    pub keymap: Keymap,
    pub color: bool,
    /// Leaving goes back to the battle being played; else it ends the program.
    in_play: bool,
    /// Set once the view is left (for `umpire replay`'s loop).
    pub closed: bool,
}

impl std::fmt::Debug for ReportView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReportView")
            .field("journal", &self.chronicle.path)
            .field("step", &self.step)
            .field("events", &self.len())
            .finish_non_exhaustive()
    }
}

/// A report writer that writes nothing: the report's account is not kept, only what it holds
/// without it.
struct Unwritten;

impl report::Writer for Unwritten {
    fn head(&mut self, _: &Report) -> std::io::Result<()> {
        Ok(())
    }
    fn turn_start(&mut self, _: &Report, _: &report::TurnAccount) -> std::io::Result<()> {
        Ok(())
    }
    fn item(&mut self, _: &Report, _: &report::Item) -> std::io::Result<()> {
        Ok(())
    }
    fn turn_end(&mut self, _: &Report, _: &report::TurnAccount) -> std::io::Result<()> {
        Ok(())
    }
    fn tail(&mut self, _: &Report) -> std::io::Result<()> {
        Ok(())
    }
}

impl ReportView {
    /// The view of the journal at `path`, read without its lock, at its last event (`umpire
    /// replay`: leaving ends the program).
    pub fn open(path: &Path, keymap: Keymap) -> Result<ReportView, SessionError> {
        Self::of(Follower::open(path)?, keymap, false)
    }

    /// The view of the journal the umpire is playing, its roster folded and filtered as the
    /// main screen's; leaving goes back to the battle.
    pub(crate) fn of_play(
        path: &Path,
        keymap: Keymap,
        shape: &RosterTree,
        color: bool,
    ) -> Result<ReportView, SessionError> {
        let mut view = Self::of(Follower::open(path)?, keymap, true)?;
        view.tree = shape.shaped_like(&view.battle);
        view.tree
            .rebuild_exposed(&view.battle, view.exposures.by_unit());
        view.color = color;
        Ok(view)
    }

    /// The view of a journal opened and not read yet ([`Follower::open`]): read to its end
    /// (damage is refused as loading refuses it), the view at its last event.
    pub fn of(
        mut chronicle: Follower,
        keymap: Keymap,
        in_play: bool,
    ) -> Result<ReportView, SessionError> {
        let mut phases: Vec<String> = Vec::new();
        let mut place = |b: &Battle| {
            let st = b.state();
            let phase = match phases.iter().position(|p| *p == st.phase) {
                Some(i) => i,
                None => {
                    phases.push(st.phase.clone());
                    phases.len() - 1
                }
            };
            Place {
                turn: st.turn,
                phase: phase as u32,
                active: st.active as u32,
            }
        };
        let battle = Battle::new(chronicle.battle.scenario.clone());
        let initial = place(&battle);
        let mut after: Vec<Place> = Vec::new();
        let mut redo: Vec<Place> = Vec::new();
        chronicle.follow(&mut |_, _, change, b| match change {
            Change::Event => {
                redo.clear();
                after.push(place(b));
            }
            Change::Undo(_) => redo.extend(after.pop()),
            Change::Redo(_) => after.extend(redo.pop()),
        })?;
        drop(redo);
        let report = Survey::read(&chronicle.path)?
            .stream(Viewer::Umpire, &mut Unwritten)
            .map_err(|e| match e {
                report::StreamError::Journal(e) => e,
                report::StreamError::Write(source) => {
                    SessionError::from(crate::battle::journal::JournalError::Io {
                        path: chronicle.path.clone(),
                        action: "read",
                        source,
                    })
                }
            })?;
        let exposures = Exposures::new(battle.roster.units.len());
        let tree = RosterTree::new(&battle);
        let mut view = ReportView {
            chronicle,
            report,
            after,
            initial,
            phases,
            step: 0,
            battle,
            priors: Vec::new(),
            starts: Vec::new(),
            exposures,
            current: std::cell::OnceCell::new(),
            tree,
            roster_top: 0,
            chart_zoomed: false,
            help: false,
            message: None,
            keymap,
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            in_play,
            closed: false,
        };
        let last = view.len();
        view.seek(last);
        Ok(view)
    }

    // ---- what it shows ------------------------------------------------------------------------

    /// The journal as read: what is kept of each record, the battle it leaves, a torn last line.
    pub fn chronicle(&self) -> &Follower {
        &self.chronicle
    }

    /// The umpire's report without its account (each turn's losses, the strength chart).
    pub fn report(&self) -> &Report {
        &self.report
    }

    /// The battle as it stood after the event shown.
    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// The roster of [`ReportView::battle`], as the roster pane draws it.
    pub fn roster_pane(&self) -> RosterPane<'_> {
        RosterPane::new(&self.battle, &self.tree)
    }

    /// How many events in force the journal holds (the start event included).
    pub fn len(&self) -> usize {
        self.after.len()
    }

    /// True when the journal holds no event, not even the start.
    pub fn is_empty(&self) -> bool {
        self.after.is_empty()
    }

    /// How many events are applied: the event shown is the `step`th (1: the start event).
    pub fn step(&self) -> usize {
        self.step
    }

    /// True when leaving goes back to the battle being played.
    pub fn in_play(&self) -> bool {
        self.in_play
    }

    /// The event shown, with its record and where the battle stood before it.
    pub fn current(&self) -> Option<(&Record, &Event, &Moment)> {
        let (record, moment) = self.current.get_or_init(|| self.read_current()).as_ref()?;
        match &record.entry {
            Entry::Event(ev) => Some((record, ev, moment)),
            Entry::Undo | Entry::Redo => None,
        }
    }

    /// Where the battle stood before event `n` in force.
    fn before(&self, n: usize) -> Moment {
        let p = match n.checked_sub(1) {
            None => self.initial,
            Some(m) => self.after.get(m).copied().unwrap_or(self.initial),
        };
        Moment {
            turn: p.turn,
            phase: self
                .phases
                .get(p.phase as usize)
                .cloned()
                .unwrap_or_default(),
            active: p.active as usize,
        }
    }

    /// The turn the battle stood at after event `n`.
    pub fn turn_after(&self, n: usize) -> u32 {
        self.after.get(n).map(|p| p.turn).unwrap_or_default()
    }

    /// Where the event shown falls on the strength chart's x axis: its points are the start and
    /// the end of each turn (0, 1, 2 …); an event between two of them is placed by its rank
    /// among the events of its turn.
    pub fn chart_x(&self) -> f64 {
        let points = &self.report.strength;
        let last = points.len().saturating_sub(1) as f64;
        let Some(n) = self.step.checked_sub(1) else {
            return 0.0;
        };
        if n == 0 {
            return 0.0;
        }
        let turn = self.turn_after(n);
        // The point at the end of the turn before, or the start.
        let base = turn
            .checked_sub(1)
            .and_then(|t| {
                let label = format!("turn {t}");
                points.iter().position(|p| p.label == label)
            })
            .unwrap_or(0) as f64;
        let in_turn: Vec<usize> = (1..self.len())
            .filter(|&i| self.turn_after(i) == turn)
            .collect();
        let rank = in_turn.iter().position(|&i| i == n).unwrap_or(0);
        let x = base + rank as f64 / in_turn.len().max(1) as f64;
        x.min(last)
    }

    // ---- moving -------------------------------------------------------------------------------

    /// The first step there is (the start event; 0 for an empty journal).
    fn first_step(&self) -> usize {
        usize::from(!self.is_empty())
    }

    /// Moves to the `to`th event (clamped to the journal's), stepping the battle there.
    pub fn seek(&mut self, to: usize) {
        let to = to.clamp(self.first_step(), self.len());
        if to < self.step {
            if to <= self.step - to {
                // Nearer the start than here: from the start.
                self.restart();
            } else {
                while self.step > to {
                    let Some(start) = self.starts.pop() else {
                        self.restart();
                        break;
                    };
                    self.battle.fold_out(self.priors.drain(start..));
                    if let Some(&event) = self.chronicle.in_force().get(self.step - 1) {
                        self.exposures.undo(event);
                    }
                    self.step -= 1;
                }
            }
        }
        while self.step < to {
            let Some(&index) = self.chronicle.in_force().get(self.step) else {
                break;
            };
            // Every event was checked when the journal was read, against this very state.
            let Ok(Entry::Event(ev)) = self.chronicle.lean_record(index).map(|r| r.entry) else {
                break;
            };
            let start = self.priors.len();
            if self.battle.fold_in(&ev, Some(&mut self.priors)).is_err() {
                self.priors.truncate(start);
                break;
            }
            self.starts.push(start);
            self.exposures.event(index, &ev, &self.battle.roster);
            self.step += 1;
        }
        self.tree
            .rebuild_exposed(&self.battle, self.exposures.by_unit());
        self.current = std::cell::OnceCell::new();
    }

    /// The battle at its start again, before any event.
    fn restart(&mut self) {
        self.battle = Battle::new(self.battle.scenario.clone());
        self.priors.clear();
        self.starts.clear();
        self.exposures = Exposures::new(self.battle.roster.units.len());
        self.step = 0;
    }

    /// Reads the event shown back from the journal, whole with its explanation.
    fn read_current(&self) -> Option<(Record, Moment)> {
        let n = self.step.checked_sub(1)?;
        let &index = self.chronicle.in_force().get(n)?;
        let record = self.chronicle.record(index).ok()?;
        Some((record, self.before(n)))
    }

    /// The event that opened the turn event `n` leaves the battle in (the start event for the
    /// first turn).
    fn turn_opening(&self, n: usize) -> usize {
        let turn = self.turn_after(n);
        (0..=n)
            .rev()
            .take_while(|&i| self.turn_after(i) == turn)
            .last()
            .unwrap_or(n)
    }

    /// To the event that opened the next turn (or the last event).
    pub fn next_turn(&mut self) {
        let Some(n) = self.step.checked_sub(1) else {
            return;
        };
        let turn = self.turn_after(n);
        let to = (n + 1..self.len())
            .find(|&i| self.turn_after(i) != turn)
            .map_or(self.len(), |i| i + 1);
        self.seek(to);
    }

    /// To the event that opened this turn, or, from there, the one that opened the turn before.
    pub fn previous_turn(&mut self) {
        let Some(n) = self.step.checked_sub(1) else {
            return;
        };
        let opening = self.turn_opening(n);
        let to = if opening < n || opening == 0 {
            opening
        } else {
            self.turn_opening(opening - 1)
        };
        self.seek(to + 1);
    }

    // ---- keys ---------------------------------------------------------------------------------

    /// Handles a terminal event: a key press (others need only the next draw).
    pub fn on_event(&mut self, event: TermEvent) {
        if let TermEvent::Key(key) = event
            && key.kind == KeyEventKind::Press
            && self.on_key(&key) != Outcome::Stay
        {
            self.closed = true;
        }
    }

    /// Handles one key.
    pub fn on_key(&mut self, key: &KeyEvent) -> Outcome {
        let action = self.keymap.resolve(key).cloned();
        if key.modifiers.contains(KeyModifiers::CONTROL) && action == Some(Action::Quit) {
            return Outcome::Quit;
        }
        if self.help {
            self.help = false;
            return Outcome::Stay;
        }
        self.message = None;
        match action {
            Some(Action::FoldOrParent) => self.seek(self.step.saturating_sub(1)),
            Some(Action::UnfoldOrChild) => self.seek(self.step + 1),
            Some(Action::Top) => self.seek(0),
            Some(Action::Bottom) => self.seek(self.len()),
            Some(Action::PageUp | Action::LogBack) => self.previous_turn(),
            Some(Action::PageDown | Action::LogForward) => self.next_turn(),
            Some(Action::Up) => self.roster_top = self.roster_top.saturating_sub(1),
            Some(Action::Down) => {
                let rows = self.roster_pane().rows().len();
                self.roster_top = (self.roster_top + 1).min(rows.saturating_sub(1));
            }
            Some(Action::Help) => self.help = true,
            Some(Action::Quit) => return Outcome::Leave,
            _ => match key.code {
                KeyCode::Esc => return Outcome::Leave,
                KeyCode::Char(WRITE_HTML_KEY) => self.write(Format::Html),
                KeyCode::Char(WRITE_MARKDOWN_KEY) => self.write(Format::Markdown),
                KeyCode::Char(CHART_KEY) => self.chart_zoomed = !self.chart_zoomed,
                KeyCode::Char(RELOAD_KEY) => self.reload(),
                _ => {}
            },
        }
        Outcome::Stay
    }

    /// Writes every copy of the report beside the journal — the umpire's, each side's and the
    /// public one, streamed from the journal as `umpire report` writes them — and says which (or
    /// why they could not be written).
    pub fn write(&mut self, format: Format) {
        self.message = Some(match report::write_copies(&self.chronicle.path, format) {
            Ok(written) => (
                crate::text::escape_terminal(&report::copies_written(&written, format)),
                Level::Info,
            ),
            Err(e) => (
                crate::text::escape_terminal(&format!("cannot write the reports: {e}")),
                Level::Error,
            ),
        });
    }

    /// Reads the journal again (a battle another process is playing goes on): the view stays at
    /// its event, or at the last one if it was there.
    pub fn reload(&mut self) {
        let at_end = self.step == self.len();
        match Follower::open(&self.chronicle.path)
            .and_then(|c| Self::of(c, self.keymap.clone(), self.in_play))
        {
            Ok(mut fresh) => {
                let before = self.len();
                fresh.tree = self.tree.shaped_like(&fresh.battle);
                fresh
                    .tree
                    .rebuild_exposed(&fresh.battle, fresh.exposures.by_unit());
                fresh.roster_top = self.roster_top;
                fresh.chart_zoomed = self.chart_zoomed;
                fresh.color = self.color;
                if !at_end {
                    fresh.seek(self.step);
                }
                let new = fresh.len().saturating_sub(before);
                fresh.message = Some((
                    format!("journal read again: {} events, {new} new", fresh.len()),
                    Level::Info,
                ));
                *self = fresh;
            }
            Err(e) => {
                self.message = Some((format!("cannot read the journal again: {e}"), Level::Error))
            }
        }
    }
}

impl super::Screen for ReportView {
    fn on_event(&mut self, event: TermEvent) {
        ReportView::on_event(self, event);
    }

    fn done(&self) -> bool {
        self.closed
    }
}
