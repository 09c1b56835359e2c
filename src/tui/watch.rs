//! The players' view (`umpire watch JOURNAL [--side ID]`): a battle's journal followed live, as
//! the umpire's program appends to it, and shown as one side may see it — or, without a side, as
//! everyone may — on a second terminal, a second screen or over ssh.
//!
//! The view reads the journal without its lock and never writes anything. It is woken by a
//! file-change notification ([`watch_file`]): idle, it waits on a channel and costs nothing. Only
//! where the system gives no more notifications (its limit on watches reached) does it look at
//! the file four times a second instead, and says so. On each change it reads on from the end of the last whole line it read
//! ([`Chronicle::follow`]): a line still being written is left for the next change, a torn last
//! line is left out, an undo takes its event out of the log, and a journal cut back, replaced or
//! deleted is said so in the header (a replaced one is read again whole; a deleted one stays on
//! screen as last read until a journal comes back at its path).
//!
//! What the viewer sees is the core's notion of hidden information, the same as the side's
//! report ([`crate::report`]): the roster through [`RosterTree::for_viewer`] (its own units in
//! full, an enemy concealment stand as its number until the event that exposed its units), the
//! events whose [`crate::battle::Audience`] admits the viewer, and the latest of them that
//! resolved something, in full. A phase change the viewer may not see in full (it counted down
//! the timers of the enemy's hidden units) is still shown as the phase it moved to: turn, side
//! and phase are everyone's.

use super::app::{RosterPane, RosterTree};
use crate::battle::session::SessionError;
use crate::battle::{Battle, Effect, Entry, Event, EventKind, Sight, Viewer};
use crate::report::Chronicle;
use ratatui::crossterm::event::{
    Event as TermEvent, KeyCode, KeyEvent, KeyEventKind, KeyModifiers,
};
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
    /// Its index in the chronicle's records ([`WatchView::chronicle`]).
    pub record: usize,
    /// The event's log line (for a phase change seen only in part, the phase it moved to).
    pub text: String,
    /// Who else may see it, when not everyone (`au only`: the enemy does not).
    pub tag: Option<String>,
    /// True when the viewer sees the event whole (its rolls included), not only its part.
    pub whole: bool,
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

/// The players' view of one journal.
pub struct WatchView {
    chronicle: Chronicle,
    viewer: Viewer,
    tree: RosterTree,
    log: Vec<LogLine>,
    /// The index in the chronicle's records of the latest event shown that resolved something.
    latest: Option<usize>,
    following: Following,
    /// The file read (device and inode), to tell a journal replaced at the same path.
    identity: Option<(u64, u64)>,
    /// What changed that is worth saying: an event taken back, the journal replaced.
    pub message: Option<String>,
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

impl std::fmt::Debug for WatchView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WatchView")
            .field("journal", &self.chronicle.path)
            .field("viewer", &self.viewer)
            .field("records", &self.chronicle.records.len())
            .field("following", &self.following)
            .finish_non_exhaustive()
    }
}

impl WatchView {
    /// The view of the journal at `path` for `viewer`, read as it stands now.
    pub fn open(path: &Path, viewer: Viewer) -> Result<WatchView, SessionError> {
        Ok(Self::of(Chronicle::load(path)?, viewer))
    }

    /// The view of a journal already read, for `viewer`.
    pub fn of(chronicle: Chronicle, viewer: Viewer) -> WatchView {
        let identity = identity(&chronicle.path);
        let tree = RosterTree::for_viewer(&chronicle.battle, viewer);
        let mut view = WatchView {
            chronicle,
            viewer,
            tree,
            log: Vec::new(),
            latest: None,
            following: Following::Live,
            identity,
            message: None,
            roster_top: 0,
            log_back: 0,
            log_rows: std::cell::Cell::new(0),
            color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            quit: false,
        };
        view.read_log();
        view
    }

    // ---- what it shows ------------------------------------------------------------------------

    pub fn path(&self) -> &Path {
        &self.chronicle.path
    }

    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The battle as the journal leaves it (as last read).
    pub fn battle(&self) -> &Battle {
        &self.chronicle.battle
    }

    pub fn chronicle(&self) -> &Chronicle {
        &self.chronicle
    }

    /// The roster as the viewer may see it.
    pub fn roster_pane(&self) -> RosterPane<'_> {
        RosterPane::new(&self.chronicle.battle, &self.tree)
    }

    /// The events the viewer may see, in force, oldest first.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }

    /// The latest event shown that resolved something (dice, table, result), with its record's
    /// number.
    pub fn latest(&self) -> Option<(u64, &Event)> {
        let i = self.latest?;
        let record = &self.chronicle.records[i];
        let number = self.log.iter().find(|l| l.record == i)?.number?;
        match &record.entry {
            Entry::Event(ev) => Some((number, ev)),
            Entry::Undo | Entry::Redo => None,
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
                    self.message = Some(if back {
                        "A journal is back at this path: it is read whole again.".into()
                    } else {
                        "The journal was replaced or cut back: it is read whole again.".into()
                    });
                    true
                }
                // A journal being created has no header yet: the next change brings it.
                Err(e) => self.stop(e),
            };
        }
        let was = self.following.clone();
        match self.chronicle.follow() {
            Ok(0) => {
                self.following = Following::Live;
                was != Following::Live
            }
            Ok(_) => {
                self.following = Following::Live;
                self.message = None;
                self.tree.rebuild(&self.chronicle.battle);
                self.read_log();
                true
            }
            // What follows does not follow what was read: the file was written anew in place
            // (another battle, a copy restored) — read whole again if it reads whole.
            Err(_) if self.reload().is_ok() => {
                self.message =
                    Some("The journal was rewritten in place: it is read whole again.".into());
                true
            }
            Err(e) => {
                self.tree.rebuild(&self.chronicle.battle);
                self.read_log();
                self.stop(e.to_string())
            }
        }
    }

    /// Reads the journal at the path whole again, from its start.
    fn reload(&mut self) -> Result<(), String> {
        let path = self.chronicle.path.clone();
        let chronicle = Chronicle::load(&path).map_err(|e| e.to_string())?;
        self.identity = identity(&path);
        self.tree = RosterTree::for_viewer(&chronicle.battle, self.viewer);
        self.chronicle = chronicle;
        self.following = Following::Live;
        self.roster_top = 0;
        self.log_back = 0;
        self.log.clear();
        self.read_log();
        Ok(())
    }

    fn stop(&mut self, why: String) -> bool {
        let why = Following::Stopped(why);
        let changed = self.following != why;
        self.following = why;
        changed
    }

    /// Builds the log and the latest result again from the events in force; says which events
    /// the viewer saw were taken back since.
    fn read_log(&mut self) {
        let c = &self.chronicle;
        let b = &c.battle;
        let entries = || c.records.iter().map(|r| &r.entry);
        let audiences = crate::battle::audiences(entries());
        let sights = crate::battle::sights(entries(), self.viewer, &b.roster);
        let numbers = crate::battle::numbers(&sights, self.viewer);
        let mut log = Vec::with_capacity(c.in_force.len());
        let mut latest = None;
        for &i in &c.in_force {
            let record = &c.records[i];
            let Entry::Event(ev) = &record.entry else {
                continue;
            };
            let line = |text: String, tag: Option<String>| LogLine {
                seq: record.seq,
                number: numbers[i],
                record: i,
                text,
                tag,
                whole: sights[i] == Sight::Whole,
            };
            match sights[i] {
                Sight::Whole => {
                    if !ev.resolutions.is_empty() {
                        latest = Some(i);
                    }
                    log.push(line(
                        ev.summary.clone(),
                        match self.viewer {
                            Viewer::Public => None,
                            _ => audiences[i].tag(),
                        },
                    ));
                }
                Sight::Part => {
                    if let Some(p) = &ev.partial {
                        log.push(line(p.summary.clone(), None));
                    }
                }
                // A phase change of a journal written before parts were kept: where it went.
                Sight::Nothing => {
                    if let Some(text) = phase_reached(b, ev) {
                        log.push(line(text, None));
                    }
                }
            }
        }
        let taken_back: Vec<&LogLine> = self
            .log
            .iter()
            .filter(|old| log.binary_search_by_key(&old.seq, |l| l.seq).is_err())
            .collect();
        if let Some(last) = taken_back.last() {
            let number = last.number.map(|n| format!("#{n} ")).unwrap_or_default();
            self.message = Some(if taken_back.len() == 1 {
                format!("Taken back by the umpire: {number}{}", last.text)
            } else {
                format!(
                    "Taken back by the umpire: {} events, the latest {number}{}",
                    taken_back.len(),
                    last.text
                )
            });
        }
        self.log = log;
        self.latest = latest;
        self.log_back = self.log_back.min(self.log.len().saturating_sub(1));
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
            .min(self.log.len().saturating_sub(self.log_rows.get()));
    }

    fn tree_rows(&self) -> usize {
        self.roster_pane().rows().len()
    }
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
        view.message = Some(note.clone());
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
