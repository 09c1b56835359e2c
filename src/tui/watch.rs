//! The players' view (`umpire watch JOURNAL [--side ID]`): a battle's journal followed live, as
//! the umpire's program appends to it, and shown as one side may see it — or, without a side, as
//! everyone may — on a second terminal, a second screen or over ssh.
//!
//! The view reads the journal without its lock and never writes anything. It is woken by a
//! file-change notification ([`watch_file`]): idle, it waits on a channel and costs nothing. Only
//! where the system gives no more notifications (its limit on watches reached) does it look at
//! the file four times a second instead, and says so. On each change it reads on from the end of
//! the last whole line it read ([`Follower::follow`]): a line still being written is left for the
//! next change, a torn last line is left out, an undo takes its event out of the log, and a
//! journal cut back, replaced or deleted is said so in the header (a replaced one is read again
//! whole; a deleted one stays on screen as last read until a journal comes back at its path).
//!
//! It holds a few bytes a record, not the journal: each log line is a [`LogMark`], its words read
//! back from the journal when it is on screen, and the work of each record appended does not
//! grow with the journal.
//!
//! What the viewer sees is the core's notion of hidden information, the same as the side's
//! report ([`crate::report`]): the roster through [`RosterTree::for_viewer`] (its own units in
//! full, an enemy concealment stand as its number until the event that exposed its units), the
//! events whose [`crate::battle::Audience`] admits the viewer, and the latest of them that
//! resolved something or exposed units (an exposure, a deployment), in full. A phase change the
//! viewer may not see in full (it counted down the timers of the enemy's hidden units) is still
//! shown as the phase it moved to: turn, side and phase are everyone's.

use super::roster::{RosterPane, RosterTree};
use crate::battle::session::SessionError;
use crate::battle::{Battle, Entry, Event, EventKind, Sight};
use crate::model::{Effect, Viewer};
use crate::report::chronicle::{Change, Follower, RecordMark};
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// One line of the watched log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The record's number in the journal.
    pub seq: u64,
    /// Its number in this viewer's copy ([`crate::battle::numbers`]): the record's for the
    /// umpire, a count of what the viewer may see for a side or the public; none for a phase
    /// change of an older journal seen only as the phase it reached.
    pub number: Option<u64>,
    /// Its index in the journal's records ([`WatchView::chronicle`]).
    pub record: usize,
    /// The event's log line (for a phase change seen only in part, the phase it moved to).
    pub text: String,
    /// Who else may see it, when not everyone (`au only`: the enemy does not).
    pub tag: Option<String>,
    /// True when the viewer sees the event whole (its rolls included), not only its part.
    pub whole: bool,
}

/// What the view keeps of one line of its log: which record, its number in the viewer's copy
/// and how much of it the viewer sees — twelve bytes, its text read back from the journal when
/// it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LogMark {
    record: u32,
    /// Its number in the viewer's copy, 0 for none.
    number: u32,
    shown: Shown,
    /// A result shown in full as the latest ([`is_result`]).
    result: bool,
}

/// How much of an event a log line shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// The event whole: its summary, and its rolls.
    Whole,
    /// Its part ([`crate::battle::Partial`]).
    Part,
    /// Only the phase it moved to.
    Phase,
}

impl LogMark {
    /// The record's index in the journal's records.
    pub fn record(self) -> usize {
        self.record as usize
    }

    /// Its number in the viewer's copy.
    pub fn number(self) -> Option<u64> {
        (self.number > 0).then_some(u64::from(self.number))
    }

    /// True when the viewer sees the event whole.
    pub fn whole(self) -> bool {
        self.shown == Shown::Whole
    }
}

/// How the journal stands, as last looked at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Following {
    /// Read to its last whole line; the view follows it.
    Live,
    /// No file at the journal's path any more (deleted or moved): the battle as last read.
    Gone,
    /// The journal could not be read on (damage, or a line that does not follow): the battle as
    /// last read, and why.
    Stopped(String),
}

/// How many log lines read back from the journal the view keeps at most (a few screens' worth).
const LINES_CACHED: usize = 256;

/// The players' view of one journal.
///
/// It keeps of the journal what a [`Follower`] keeps (a few bytes a record, and the battle without
/// its events) and of its log a [`LogMark`] a line; the lines' texts and the latest result are
/// read back from the journal by their offsets when they are shown. Each record appended costs
/// the same whatever the journal's length: an event appends its line, an undo takes back the
/// line of the event it undid and a redo puts it back.
///
/// It may follow several viewers on one reading of the journal ([`WatchView::with_viewers`], as
/// `umpire serve` follows each side and everyone): the journal is then folded once, and each
/// viewer keeps only its own log, roster and latest result ([`WatchView::sight`]). What the view
/// shows is its first viewer's.
pub struct WatchView {
    chronicle: Follower,
    /// What each viewer sees; the first is the one shown.
    sights: Vec<ViewerLog>,
    following: Following,
    /// The file read (device and inode), to tell a journal replaced at the same path.
    identity: Option<(u64, u64)>,
    /// The first roster line shown.
    pub roster_top: usize,
    /// How many log lines the log is scrolled back from its newest.
    pub log_back: usize,
    /// How many lines the log pane showed when last drawn (it scrolls back no further than a
    /// full pane from the oldest line).
    pub log_rows: std::cell::Cell<usize>,
    pub color: bool,
    quit: bool,
}

/// What one viewer of a [`WatchView`] sees: its log, its roster, its latest result.
struct ViewerLog {
    viewer: Viewer,
    tree: RosterTree,
    log: Vec<LogMark>,
    /// How many records the viewer may see, whole or in part (its copy's numbering).
    seen: u64,
    /// The lines of the events in force shown whole that are a result worth showing in full (one
    /// that resolved something, or exposed units), oldest first: the last is the latest.
    results: Vec<LogMark>,
    /// For each event undone, the line it took out of the log (none if it had none), the next
    /// to put back last.
    undone: Vec<Option<LogMark>>,
    /// The latest result, read back from the journal: its record, its number, the event.
    latest: Option<(usize, u64, Event)>,
    /// The lines of the log last read back from the journal (a window's worth).
    lines: RefCell<Vec<(u32, LineText)>>,
    /// The lines of the log that are new since the refresh before the last one: `fresh..`.
    fresh: usize,
    /// What changed that is worth saying: an event taken back, the journal replaced.
    message: Option<String>,
}

impl ViewerLog {
    fn new(battle: &Battle, viewer: Viewer) -> ViewerLog {
        ViewerLog {
            viewer,
            tree: RosterTree::for_viewer(battle, viewer),
            log: Vec::new(),
            seen: 0,
            results: Vec::new(),
            undone: Vec::new(),
            latest: None,
            lines: RefCell::new(Vec::new()),
            fresh: 0,
            message: None,
        }
    }

    /// Takes in record `index` (what is kept of it, what it changed) as this viewer sees it.
    fn take(&mut self, index: usize, mark: RecordMark, change: Change, delta: &mut Delta) {
        let viewer = self.viewer;
        let sight = mark.visibility.sight(viewer);
        let counted = viewer == Viewer::Umpire || sight != Sight::Nothing;
        if counted {
            self.seen += 1;
        }
        match change {
            Change::Event => {
                self.undone.clear();
                let shown = match sight {
                    Sight::Whole => Some(Shown::Whole),
                    Sight::Part => Some(Shown::Part),
                    Sight::Nothing if mark.moves_phase() => Some(Shown::Phase),
                    Sight::Nothing => None,
                };
                if let Some(shown) = shown {
                    let line = LogMark {
                        record: index as u32,
                        number: if counted { self.seen as u32 } else { 0 },
                        shown,
                        result: shown == Shown::Whole && is_result(mark),
                    };
                    if line.result {
                        self.results.push(line);
                    }
                    self.log.push(line);
                }
            }
            Change::Undo(event) => {
                let line = if self.log.last().is_some_and(|m| m.record() == event) {
                    self.log.pop()
                } else {
                    None
                };
                if let Some(m) = line {
                    if m.result {
                        self.results.pop();
                    }
                    if self.log.len() < delta.kept {
                        delta.gone.push(m);
                        delta.kept = self.log.len();
                    }
                }
                self.undone.push(line);
            }
            Change::Redo(_) => {
                if let Some(Some(m)) = self.undone.pop() {
                    if m.result {
                        self.results.push(m);
                    }
                    self.log.push(m);
                }
            }
        }
    }
}

/// One viewer's part of a [`WatchView`]: what [`WatchView`] shows of its first viewer, for any.
#[derive(Clone, Copy)]
pub struct SightOf<'a> {
    chronicle: &'a Follower,
    sight: &'a ViewerLog,
}

/// A log line's words, as read back from its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineText {
    pub text: String,
    pub tag: Option<String>,
}

impl std::fmt::Debug for WatchView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WatchView")
            .field("journal", &self.chronicle.path)
            .field("viewers", &self.viewers())
            .field("records", &self.chronicle.records.len())
            .field("following", &self.following)
            .finish_non_exhaustive()
    }
}

/// What a refresh's records did to one viewer's log: the lines of the log before it that were
/// taken back, kept to say so.
struct Delta {
    /// How many lines at the log's start no record touched.
    kept: usize,
    /// The lines of the log before the refresh taken off its end, newest first.
    gone: Vec<LogMark>,
}

impl<'a> SightOf<'a> {
    pub fn viewer(self) -> Viewer {
        self.sight.viewer
    }

    /// The roster as the viewer may see it.
    pub fn roster_pane(self) -> RosterPane<'a> {
        RosterPane::new(&self.chronicle.battle, &self.sight.tree)
    }

    /// What is kept of each line of the log: the events the viewer may see, in force, oldest
    /// first.
    pub fn log_marks(self) -> &'a [LogMark] {
        &self.sight.log
    }

    /// How many lines the log has.
    pub fn log_len(self) -> usize {
        self.sight.log.len()
    }

    /// The log's lines in `range` (positions in the log), read back from the journal or from
    /// the lines last read.
    pub fn log_lines(self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        let log = &self.sight.log;
        let range = range.start.min(log.len())..range.end.min(log.len());
        log[range]
            .iter()
            .map(|&m| {
                let LineText { text, tag } = self.line_text(m);
                LogLine {
                    seq: m.record() as u64 + 1,
                    number: m.number(),
                    record: m.record(),
                    text,
                    tag,
                    whole: m.whole(),
                }
            })
            .collect()
    }

    /// The positions in the log of the lines the last refresh added (a line an undo took back
    /// and a redo put back in the same refresh is not new).
    pub fn fresh_lines(self) -> std::ops::Range<usize> {
        self.sight.fresh.min(self.sight.log.len())..self.sight.log.len()
    }

    /// The latest event shown whole that resolved something (dice, table, result) or exposed
    /// units, with its number in the viewer's copy.
    pub fn latest(self) -> Option<(u64, &'a Event)> {
        self.sight.latest.as_ref().map(|(_, n, ev)| (*n, ev))
    }

    /// What changed that is worth saying: an event taken back, the journal replaced.
    pub fn message(self) -> Option<&'a str> {
        self.sight.message.as_deref()
    }

    /// A line's words: from the lines last read, or read back from its record.
    fn line_text(self, m: LogMark) -> LineText {
        if let Some((_, t)) = self
            .sight
            .lines
            .borrow()
            .iter()
            .find(|(r, _)| *r == m.record)
        {
            return t.clone();
        }
        let text = self.read_line_text(m);
        let mut lines = self.sight.lines.borrow_mut();
        if lines.len() >= LINES_CACHED {
            lines.clear();
        }
        lines.push((m.record, text.clone()));
        text
    }

    fn read_line_text(self, m: LogMark) -> LineText {
        let ev = match self.chronicle.record(m.record()) {
            Ok(record) => match record.entry {
                Entry::Event(ev) => ev,
                Entry::Undo | Entry::Redo => Event::stand_in(&EventKind::Edit),
            },
            Err(e) => {
                return LineText {
                    text: format!("(record {} could not be read back: {e})", m.record() + 1),
                    tag: None,
                };
            }
        };
        let battle = &self.chronicle.battle;
        match m.shown {
            Shown::Whole => LineText {
                tag: match self.sight.viewer {
                    Viewer::Public => None,
                    _ => ev.audience.tag(),
                },
                // What happened, first and short, as the umpire's log says it.
                text: super::app::headline(&ev, battle),
            },
            Shown::Part => LineText {
                text: ev.partial.map(|p| p.summary).unwrap_or_default(),
                tag: None,
            },
            Shown::Phase => LineText {
                text: phase_reached(battle, &ev).unwrap_or_default(),
                tag: None,
            },
        }
    }
}

impl WatchView {
    /// The view of the journal at `path` for `viewer`, read as it stands now.
    pub fn open(path: &Path, viewer: Viewer) -> Result<WatchView, SessionError> {
        Self::of(Follower::open(path)?, viewer)
    }

    /// The view for `viewer` of a journal opened and not read yet ([`Follower::open`]): it
    /// reads it to its end (damage is refused as loading refuses it), then reads on.
    pub fn of(follower: Follower, viewer: Viewer) -> Result<WatchView, SessionError> {
        Self::with_viewers(follower, &[viewer])
    }

    /// The view for each of `viewers` (at least one; the first is the one shown) of a journal
    /// opened and not read yet, all followed on one reading of it.
    pub fn with_viewers(follower: Follower, viewers: &[Viewer]) -> Result<WatchView, SessionError> {
        let identity = identity(&follower.path);
        let viewers = if viewers.is_empty() {
            &[Viewer::Public][..]
        } else {
            viewers
        };
        let sights = viewers
            .iter()
            .map(|&v| ViewerLog::new(&follower.battle, v))
            .collect();
        let mut view = WatchView {
            chronicle: follower,
            sights,
            following: Following::Live,
            identity,
            roster_top: 0,
            log_back: 0,
            log_rows: std::cell::Cell::new(0),
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            quit: false,
        };
        view.read_all()?;
        Ok(view)
    }

    // ---- what it shows ------------------------------------------------------------------------

    pub fn path(&self) -> &Path {
        &self.chronicle.path
    }

    pub fn viewer(&self) -> Viewer {
        self.sights[0].viewer
    }

    /// Every viewer followed, the one shown first.
    pub fn viewers(&self) -> Vec<Viewer> {
        self.sights.iter().map(|s| s.viewer).collect()
    }

    /// What viewer `i` (in the order given) sees.
    pub fn sight(&self, i: usize) -> SightOf<'_> {
        SightOf {
            chronicle: &self.chronicle,
            sight: &self.sights[i],
        }
    }

    /// The battle as the journal leaves it (as last read).
    pub fn battle(&self) -> &Battle {
        &self.chronicle.battle
    }

    /// The journal as followed: what is kept of each record, the battle, a torn last line.
    pub fn chronicle(&self) -> &Follower {
        &self.chronicle
    }

    /// The roster as the viewer may see it.
    pub fn roster_pane(&self) -> RosterPane<'_> {
        self.sight(0).roster_pane()
    }

    /// What is kept of each line of the log: the events the viewer may see, in force, oldest
    /// first.
    pub fn log_marks(&self) -> &[LogMark] {
        self.sight(0).log_marks()
    }

    /// How many lines the log has.
    pub fn log_len(&self) -> usize {
        self.sight(0).log_len()
    }

    /// The log's lines, oldest first, each read back from the journal (every line: for a
    /// window, [`WatchView::log_lines`]).
    pub fn log(&self) -> Vec<LogLine> {
        self.log_lines(0..self.log_len())
    }

    /// The log's lines in `range` (positions in the log), read back from the journal or from
    /// the lines last read.
    pub fn log_lines(&self, range: std::ops::Range<usize>) -> Vec<LogLine> {
        self.sight(0).log_lines(range)
    }

    /// The positions in the log of the lines the last refresh added (a line an undo took back
    /// and a redo put back in the same refresh is not new).
    pub fn fresh_lines(&self) -> std::ops::Range<usize> {
        self.sight(0).fresh_lines()
    }

    /// The latest event shown whole that resolved something (dice, table, result) or exposed
    /// units, with its number in the viewer's copy.
    pub fn latest(&self) -> Option<(u64, &Event)> {
        self.sight(0).latest()
    }

    /// What changed that is worth saying: an event taken back, the journal replaced.
    pub fn message(&self) -> Option<&str> {
        self.sight(0).message()
    }

    /// Says `message` (or nothing) to every viewer.
    pub fn set_message(&mut self, message: Option<String>) {
        for s in &mut self.sights {
            s.message = message.clone();
        }
    }

    pub fn following(&self) -> &Following {
        &self.following
    }

    /// True once the viewer has asked to leave.
    pub fn done(&self) -> bool {
        self.quit
    }

    // ---- following the journal ---------------------------------------------------------------

    /// Looks at the journal again after a change was signalled: reads what was appended (a
    /// line still being written waits for the next change), or reads it again whole if it was
    /// replaced or cut back, or says it is gone. Returns true when what the view shows changed.
    pub fn refresh(&mut self) -> bool {
        for s in &mut self.sights {
            s.fresh = s.log.len();
        }
        let path = self.chronicle.path.clone();
        let len = match std::fs::metadata(&path) {
            Ok(meta) => meta.len(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let changed = self.following != Following::Gone;
                self.following = Following::Gone;
                return changed;
            }
            Err(e) => return self.stop(format!("cannot look at the journal: {e}")),
        };
        let replaced = self.following == Following::Gone
            || identity(&path) != self.identity
            || len < self.chronicle.read_to();
        if replaced {
            let back = self.following == Following::Gone;
            return match self.reload() {
                Ok(()) => {
                    self.set_message(Some(if back {
                        "A journal is back at this path: it is read whole again.".into()
                    } else {
                        "The journal was replaced or cut back: it is read whole again.".into()
                    }));
                    true
                }
                // A journal being created has no header yet: the next change brings it.
                Err(e) => self.stop(e),
            };
        }
        let was = self.following.clone();
        let mut deltas = self.deltas();
        let result = self.read_on(&mut deltas);
        match result {
            Ok(0) => {
                self.following = Following::Live;
                was != Following::Live
            }
            Ok(_) => {
                self.following = Following::Live;
                self.set_message(None);
                self.settle(&deltas);
                true
            }
            // What follows does not follow what was read: the file was written anew in place
            // (another battle, a copy restored) — read whole again if it reads whole.
            Err(_) if self.reload().is_ok() => {
                self.set_message(Some(
                    "The journal was rewritten in place: it is read whole again.".into(),
                ));
                true
            }
            Err(e) => {
                self.settle(&deltas);
                self.stop(e.to_string())
            }
        }
    }

    /// A delta for each viewer, its whole log kept so far.
    fn deltas(&self) -> Vec<Delta> {
        self.sights
            .iter()
            .map(|s| Delta {
                kept: s.log.len(),
                gone: Vec::new(),
            })
            .collect()
    }

    /// Reads the records appended since the last reading, each changing every viewer's log as it
    /// changes the events in force: an event appends its line (if the viewer may see anything of
    /// it), an undo takes back the line of the event it undid, a redo puts it back. Each record
    /// costs the same whatever the journal's length.
    fn read_on(&mut self, deltas: &mut [Delta]) -> Result<usize, SessionError> {
        let WatchView {
            chronicle, sights, ..
        } = self;
        chronicle.follow(&mut |index, mark, change, _| {
            for (sight, delta) in sights.iter_mut().zip(deltas.iter_mut()) {
                sight.take(index, mark, change, delta);
            }
        })
    }

    /// After a reading: says, for each viewer, which lines it saw were taken back, marks the
    /// new lines, reads the latest result back if it changed, and builds the roster's lines
    /// again.
    fn settle(&mut self, deltas: &[Delta]) {
        for (i, delta) in deltas.iter().enumerate() {
            self.settle_one(i, delta);
        }
        let rows = self.sights[0].log.len();
        self.log_back = self.log_back.min(rows.saturating_sub(1));
    }

    fn settle_one(&mut self, i: usize, delta: &Delta) {
        let sight = &self.sights[i];
        let kept = delta.kept.min(sight.log.len());
        let tail = &sight.log[kept..];
        // The lines taken off and put back in the same reading were never out of the log.
        let back = tail
            .iter()
            .zip(delta.gone.iter().rev())
            .take_while(|(a, b)| a == b)
            .count();
        let fresh = kept + back;
        let taken_back: Vec<LogMark> = delta
            .gone
            .iter()
            .filter(|m| tail.binary_search_by_key(&m.record, |l| l.record).is_err())
            .copied()
            .collect();
        // `gone` is newest first.
        let message = taken_back.first().map(|&last| {
            let number = last.number().map(|n| format!("#{n} ")).unwrap_or_default();
            let text = self.sight(i).line_text(last).text;
            if taken_back.len() == 1 {
                format!("Taken back by the umpire: {number}{text}")
            } else {
                format!(
                    "Taken back by the umpire: {} events, the latest {number}{text}",
                    taken_back.len(),
                )
            }
        });
        let latest = self.read_latest(i);
        let WatchView {
            chronicle, sights, ..
        } = self;
        let sight = &mut sights[i];
        sight.fresh = fresh;
        if message.is_some() {
            sight.message = message;
        }
        if let Some(latest) = latest {
            sight.latest = latest;
        }
        sight
            .tree
            .rebuild_exposed(&chronicle.battle, chronicle.exposures.by_unit());
    }

    /// The latest result of viewer `i` read back from the journal, if it is not the one already
    /// read (none: unchanged).
    #[allow(clippy::type_complexity)]
    fn read_latest(&self, i: usize) -> Option<Option<(usize, u64, Event)>> {
        let sight = &self.sights[i];
        let Some(&mark) = sight.results.last() else {
            return Some(None);
        };
        let record = mark.record();
        if sight.latest.as_ref().is_some_and(|(r, _, _)| *r == record) {
            return None;
        }
        Some(match (mark.number(), self.chronicle.record(record)) {
            (Some(n), Ok(r)) => match r.entry {
                Entry::Event(ev) => Some((record, n, ev)),
                Entry::Undo | Entry::Redo => None,
            },
            _ => None,
        })
    }

    /// Reads the journal from where the follower stands to its end, every line new.
    fn read_all(&mut self) -> Result<(), SessionError> {
        let mut deltas = self.deltas();
        let result = self.read_on(&mut deltas);
        self.settle(&deltas);
        for s in &mut self.sights {
            s.fresh = 0;
        }
        result.map(drop)
    }

    /// Reads the journal at the path whole again, from its start.
    fn reload(&mut self) -> Result<(), String> {
        let path = self.chronicle.path.clone();
        let follower = Follower::open(&path).map_err(|e| e.to_string())?;
        let mut view =
            WatchView::with_viewers(follower, &self.viewers()).map_err(|e| e.to_string())?;
        view.color = self.color;
        view.log_rows = self.log_rows.clone();
        *self = view;
        Ok(())
    }

    fn stop(&mut self, why: String) -> bool {
        let why = Following::Stopped(why);
        let changed = self.following != why;
        self.following = why;
        changed
    }

    // ---- keys ---------------------------------------------------------------------------------

    /// Handles a terminal event: ↑↓ (or k j) scroll the roster, page keys (or ctrl-u ctrl-d) the
    /// log, home and end go to the log's oldest and newest line, q, esc or ctrl-c leave.
    pub fn on_event(&mut self, event: TermEvent) {
        let TermEvent::Key(key) = event else {
            return;
        };
        if key.kind == KeyEventKind::Release {
            return;
        }
        self.on_key(key);
    }

    fn on_key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let rows = self.tree_rows();
        match key.code {
            KeyCode::Char('c') if ctrl => self.quit = true,
            KeyCode::Char('u') if ctrl => self.log_back = self.log_back.saturating_add(10),
            KeyCode::Char('d') if ctrl => self.log_back = self.log_back.saturating_sub(10),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Up | KeyCode::Char('k') => self.roster_top = self.roster_top.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => {
                self.roster_top = (self.roster_top + 1).min(rows.saturating_sub(1));
            }
            KeyCode::PageUp => self.log_back = self.log_back.saturating_add(10),
            KeyCode::PageDown => self.log_back = self.log_back.saturating_sub(10),
            KeyCode::Home => self.log_back = usize::MAX,
            KeyCode::End => self.log_back = 0,
            _ => {}
        }
        self.log_back = self
            .log_back
            .min(self.log_len().saturating_sub(self.log_rows.get()));
    }

    fn tree_rows(&self) -> usize {
        self.roster_pane().rows().len()
    }
}

/// True for an event that is news to show in full as the latest result: it resolved something
/// (dice, table, result), or it exposed units (an exposure, a deployment from a concealed column).
fn is_result(mark: RecordMark) -> bool {
    mark.resolved() || mark.exposes()
}

/// Where the battle stands, in words: `turn 3/12 · French · Fire`, or `battle over after turn
/// 12` (not escaped for the terminal).
pub fn place(b: &Battle) -> String {
    let s = b.state();
    let simultaneous = b.view().phase().is_some_and(|p| p.simultaneous);
    let side = match b.roster.sides.get(s.active) {
        _ if simultaneous => "both sides",
        Some(x) => x.name.as_str(),
        None => "",
    };
    match s.turn_limit {
        Some(last) if s.is_over() => format!("battle over after turn {last}"),
        limit => format!(
            "turn {}{} · {} · {}",
            s.turn,
            limit.map(|n| format!("/{n}")).unwrap_or_default(),
            side,
            b.current_phase_name()
        ),
    }
}

/// The phase a phase change moved to, in words, for a viewer who may not see the rest of it.
fn phase_reached(b: &Battle, ev: &Event) -> Option<String> {
    if ev.kind != EventKind::Advance {
        return None;
    }
    ev.effects.iter().rev().find_map(|e| match e {
        Effect::Phase { turn, side, phase } => {
            let side = b
                .roster
                .side_index(side)
                .map_or(side.as_str(), |s| b.roster.sides[s].name.as_str());
            Some(format!(
                "Turn {turn} · {side} · {} (what else it did is not for this side)",
                b.phase_name(phase)
            ))
        }
        _ => None,
    })
}

/// The device and inode of the file at `path`, to tell a file replaced at the same path.
fn identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// How a journal is followed: by the operating system's file-change notifications, or, where
/// those cannot be had (the system's limit on watches reached: "Too many open files"), by looking
/// at the file a few times a second. Following stops when it is dropped.
pub struct FileWatch {
    how: Follow,
    /// Why notifications are not used, with how to have them, when the journal is polled.
    pub note: Option<String>,
}

enum Follow {
    Notified(#[allow(dead_code)] notify::RecommendedWatcher),
    Polled(std::sync::Arc<std::sync::atomic::AtomicBool>),
}

impl FileWatch {
    /// True when the journal is looked at on a timer rather than notified.
    pub fn polled(&self) -> bool {
        matches!(self.how, Follow::Polled(_))
    }
}

impl Drop for FileWatch {
    fn drop(&mut self) {
        if let Follow::Polled(stop) = &self.how {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// How often a polled journal is looked at.
const POLL: std::time::Duration = std::time::Duration::from_millis(250);

/// Calls `on_change` whenever the file at `path` may have changed: written to, created,
/// renamed or deleted. The folder holding it is watched (not the file), so that a journal
/// replaced or deleted is seen too. The notifications come from the operating system (inotify,
/// FSEvents, ReadDirectoryChanges) on a thread of the watcher's own, which waits without cost;
/// reading the file (an access) wakes nothing. When notifications cannot be had, the file's
/// size, time and identity are looked at four times a second instead ([`FileWatch::note`] says
/// why, and how to raise the system's limit).
pub fn watch_file(path: &Path, on_change: impl Fn() + Send + Sync + 'static) -> FileWatch {
    let on_change = std::sync::Arc::new(on_change);
    let notified = {
        let on_change = on_change.clone();
        notified(path, move || on_change())
    };
    match notified {
        Ok(w) => FileWatch {
            how: Follow::Notified(w),
            note: None,
        },
        Err(e) => {
            let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            poll(path, stop.clone(), move || on_change());
            FileWatch {
                how: Follow::Polled(stop),
                note: Some(format!(
                    "file-change notifications are unavailable ({e}): the journal is looked at \
                     four times a second instead. On Linux the limit is the system's \
                     (sysctl fs.inotify.max_user_instances and fs.inotify.max_user_watches); \
                     raise it to follow without polling"
                )),
            }
        }
    }
}

/// Watches the folder of `path` with the operating system's notifications.
fn notified(
    path: &Path,
    on_change: impl Fn() + Send + 'static,
) -> notify::Result<notify::RecommendedWatcher> {
    use notify::{EventKind as Kind, RecursiveMode, Watcher};
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().map(|n| n.to_os_string());
    let mut watcher =
        notify::recommended_watcher(move |result: notify::Result<notify::Event>| match result {
            Ok(event) => {
                let ours = event.paths.iter().any(|p| p.file_name() == name.as_deref());
                if ours && !matches!(event.kind, Kind::Access(_)) {
                    on_change();
                }
            }
            // The watcher lost track (an overflowing queue): look at the journal again.
            Err(_) => on_change(),
        })?;
    watcher.watch(&dir, RecursiveMode::NonRecursive)?;
    Ok(watcher)
}

/// Looks at the file at `path` every [`POLL`] on a thread of its own, calling `on_change` when
/// its size, modification time or identity changed (or it came or went), until `stop` is set.
fn poll(
    path: &Path,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    on_change: impl Fn() + Send + 'static,
) {
    let path = path.to_path_buf();
    let look = move || {
        std::fs::metadata(&path)
            .ok()
            .map(|m| (m.len(), m.modified().ok(), identity(&path)))
    };
    std::thread::spawn(move || {
        let mut seen = look();
        while !stop.load(std::sync::atomic::Ordering::Relaxed) {
            std::thread::sleep(POLL);
            let now = look();
            if now != seen {
                seen = now;
                on_change();
            }
        }
    });
}

/// What wakes the view: a terminal event, or a change to the journal.
enum Wake {
    Term(TermEvent),
    Journal,
}

/// Runs the view until the viewer leaves: it draws, then waits on one channel fed by the
/// terminal (a thread blocked reading it) and by the journal's notifications, handles every wake
/// waiting (any number of journal changes are one reading), and draws again.
pub fn run(view: &mut WatchView) -> anyhow::Result<()> {
    let (tx, rx) = mpsc::channel();
    let journal_tx = tx.clone();
    let watcher = watch_file(view.path(), move || {
        let _ = journal_tx.send(Wake::Journal);
    });
    if let Some(note) = &watcher.note {
        view.set_message(Some(note.clone()));
    }
    std::thread::spawn(move || {
        while let Ok(event) = ratatui::crossterm::event::read() {
            if tx.send(Wake::Term(event)).is_err() {
                break;
            }
        }
    });
    // Anything written between the first reading and the watch being set up.
    view.refresh();
    super::with_terminal(false, |terminal| {
        while !view.done() {
            terminal.draw(|f| f.render_widget(&*view, f.area()))?;
            let mut journal = false;
            let mut wake = Some(rx.recv()?);
            while let Some(w) = wake {
                match w {
                    Wake::Term(event) => view.on_event(event),
                    Wake::Journal => journal = true,
                }
                wake = rx.try_recv().ok();
            }
            if journal {
                view.refresh();
            }
        }
        Ok(())
    })
}
