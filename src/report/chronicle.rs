//! A battle's journal read whole, or followed as it grows.
//!
//! The battle's [`History`](crate::battle::History) keeps of each event only what the battle
//! needs; the dice and the explanation stay in the journal. Both readers here read the journal
//! without taking its lock or changing it (a battle still being played is read as it stands; a
//! torn last line is left out and named) and rebuild the battle record by record, each checked as
//! loading checks it.
//!
//! - A [`Follower`] keeps of each record only what needs none of its text: where its line begins
//!   (so that it is read back by its offset when it is shown), who may see it ([`Visibility`]) and
//!   what it is; the battle it follows keeps none of its events ([`Battle::fold_in`]: an undo
//!   folds what the event overwrote back out, a redo folds it in again), and which events are in
//!   force is kept over record numbers alone ([`Stacks`]). It reads on as the
//!   journal grows ([`Follower::follow`]), telling its reader what each record changed — an event
//!   added, the event an undo took back or a redo put back — so that a view following it does
//!   as much work for each record appended, whatever the journal's length. The players' view
//!   (`umpire watch`) and the report view (the replay) are built on it: a few bytes a record.
//! - A [`Chronicle`] keeps every record whole with its explanation and the events *in force* in
//!   their order (an undone event left out, a redone one back in its place): the journal read
//!   whole, which [`Chronicle::battle_at`] and [`Chronicle::walk`] step through from the start,
//!   and which a report built whole ([`super::Report::build`]) reads. It is the reference the
//!   streamed report and the followers are held to.

use super::Times;
use crate::battle::history::Stacks;
use crate::battle::journal::{EntryReader, Journal, Reading, TornTail};
use crate::battle::session::{Header, LeanRecord, Record, Replay, SessionError};
use crate::battle::{Battle, BattleError, Entry, Event, EventKind, Visibility};
use crate::model::{Effect, Prior, Roster};
use std::cell::RefCell;
use std::path::{Path, PathBuf};

/// A journal's battle, every event in force with its record.
pub struct Chronicle {
    pub path: PathBuf,
    pub header: Header,
    /// Every record in the journal's order (events with their explanation, undo and redo marks).
    pub records: Vec<Record>,
    /// The indices in [`Chronicle::records`] of the events in force, in order; the first is the
    /// start event.
    pub in_force: Vec<usize>,
    /// A bad last line, left out and left in place.
    pub torn: Option<TornTail>,
    /// The battle as the journal leaves it.
    pub battle: Battle,
}

impl Chronicle {
    /// Reads the journal at `path` without locking or changing it.
    pub fn load(path: impl AsRef<Path>) -> Result<Chronicle, SessionError> {
        let path = path.as_ref();
        let mut reading = Journal::reading::<Header>(path)?;
        let mut replay = Replay::new(path, reading.header(), reading.checks())?;
        let mut records = Vec::new();
        while let Some(entry) = reading.next_entry::<Record>() {
            let (line, record) = entry?;
            check_texts(path, line, &record)?;
            replay.push(line, lean_record(&record))?;
            records.push(record);
        }
        let (battle, _) = replay.finish();
        let mut chronicle = Chronicle {
            path: path.to_path_buf(),
            header: reading.header().clone(),
            records,
            in_force: Vec::new(),
            torn: reading.torn().cloned(),
            battle,
        };
        chronicle.count_in_force();
        Ok(chronicle)
    }

    fn count_in_force(&mut self) {
        let history = self.battle.history();
        self.in_force = (0..self.records.len())
            .filter(|&i| history.is_in_force(i))
            .collect();
    }

    /// How many events are in force (the start event included).
    pub fn len(&self) -> usize {
        self.in_force.len()
    }

    /// True when not even the start event was written.
    pub fn is_empty(&self) -> bool {
        self.in_force.is_empty()
    }

    /// How many events were undone and are not in force (they are left out of a report).
    pub fn undone(&self) -> usize {
        self.records
            .iter()
            .filter(|r| matches!(r.entry, Entry::Event(_)))
            .count()
            - self.in_force.len()
    }

    /// The `n`th event in force (0: the start event) with its record.
    pub fn event(&self, n: usize) -> Option<(&Record, &Event)> {
        let record = &self.records[*self.in_force.get(n)?];
        match &record.entry {
            Entry::Event(ev) => Some((record, ev)),
            Entry::Undo | Entry::Redo => None,
        }
    }

    /// The battle before any event (not even the start event).
    pub fn fresh(&self) -> Battle {
        Battle::new(self.battle.scenario.clone())
    }

    /// The battle once the first `n` events in force are applied (0: before the start event;
    /// [`Chronicle::len`]: as the journal leaves it).
    pub fn battle_at(&self, n: usize) -> Battle {
        let mut battle = self.fresh();
        for (_, ev) in (0..n.min(self.len())).filter_map(|i| self.event(i)) {
            // Every event was checked when the journal was loaded, against this very state.
            let _ = battle.apply(lean_event(ev));
        }
        battle
    }

    /// Walks the battle as it was played: calls `visit` with each event in force and its record,
    /// where the battle stood just before it, and the battle just after it. Linear in the
    /// battle's length: the battle is stepped, never rebuilt.
    pub fn walk(&self, mut visit: impl FnMut(&Record, &Event, &Moment, &Battle)) {
        let mut battle = self.fresh();
        for n in 0..self.len() {
            let Some((record, ev)) = self.event(n) else {
                continue;
            };
            let st = battle.state();
            let before = Moment {
                turn: st.turn,
                phase: st.phase.clone(),
                active: st.active,
            };
            // Every event was checked when the journal was loaded, against this very state.
            let _ = battle.apply(lean_event(ev));
            visit(record, ev, &before, &battle);
        }
    }
}

/// The explanation a report shows, which the battle does not keep, is checked as the battle
/// checks what it keeps: no text of it may rewrite a terminal or a report.
fn check_texts(path: &Path, line: usize, record: &Record) -> Result<(), SessionError> {
    let Entry::Event(ev) = &record.entry else {
        return Ok(());
    };
    match ev.forbidden_text() {
        None => Ok(()),
        Some((what, c)) => Err(SessionError::Replay {
            path: path.to_path_buf(),
            line,
            source: crate::battle::BattleError::Invalid(format!(
                "its {what}: {}",
                crate::text::not_allowed_here(c)
            )),
        }),
    }
}

/// A record as the battle keeps it (its entry [`lean`]).
fn lean_record(record: &Record) -> Record {
    Record {
        seq: record.seq,
        at: record.at,
        dice: record.dice,
        entry: lean(&record.entry),
    }
}

/// An entry as the battle keeps it: an event without its explanation (the battle's history
/// drops it), so that it is not copied only to be dropped.
fn lean(entry: &Entry) -> Entry {
    match entry {
        Entry::Event(ev) => lean_event(ev),
        Entry::Undo => Entry::Undo,
        Entry::Redo => Entry::Redo,
    }
}

fn lean_event(ev: &Event) -> Entry {
    Entry::Event(Event {
        kind: ev.kind.clone(),
        summary: ev.summary.clone(),
        audience: ev.audience.clone(),
        resolutions: Vec::new(),
        effects: ev.effects.clone(),
        notes: Vec::new(),
        offers: ev.offers.clone(),
        partial: ev.partial.clone(),
    })
}

/// Where a battle stood: its turn, phase and active side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub turn: u32,
    pub phase: String,
    pub active: usize,
}

/// What a [`Follower`] keeps of one record: nothing of its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordMark {
    /// Where its line begins in the journal (it is read back from there).
    pub offset: u64,
    /// Who may see it; an undo's or a redo's is that of the event it acts on.
    pub visibility: Visibility,
    flags: u8,
}

/// The record is an event (not an undo or a redo).
const EVENT: u8 = 1;
/// The event resolved something: it has dice, a table and a result to show.
const RESOLVED: u8 = 2;
/// The event is a phase change that says the phase it moved to.
const PHASE: u8 = 4;
/// The event exposed units that stood behind a concealment stand.
const EXPOSES: u8 = 8;

impl RecordMark {
    /// True for an event (not an undo or a redo).
    pub fn is_event(self) -> bool {
        self.flags & EVENT != 0
    }

    /// True for an event that resolved something (its dice, table and result).
    pub fn resolved(self) -> bool {
        self.flags & RESOLVED != 0
    }

    /// True for a phase change that says which phase it moved to: a viewer who may see nothing
    /// else of it still sees that (turn, side and phase are everyone's).
    pub fn moves_phase(self) -> bool {
        self.flags & PHASE != 0
    }

    /// True for an event that exposed units that stood behind a concealment stand (an exposure,
    /// a deployment from a concealed column).
    pub fn exposes(self) -> bool {
        self.flags & EXPOSES != 0
    }

    fn of(ev: &Event) -> u8 {
        let mut flags = EVENT;
        if !ev.resolutions.is_empty() {
            flags |= RESOLVED;
        }
        if ev.kind == EventKind::Advance
            && ev.effects.iter().any(|e| matches!(e, Effect::Phase { .. }))
        {
            flags |= PHASE;
        }
        if ev
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Exposed { .. }))
        {
            flags |= EXPOSES;
        }
        flags
    }
}

/// What one record read by a [`Follower`] changed among the events in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// An event, now the latest in force (and nothing undone can be put back any more).
    Event,
    /// An undo, which took back the event with this index (the latest in force).
    Undo(usize),
    /// A redo, which put back the event with this index (the latest undone).
    Redo(usize),
}

/// A battle's journal followed as it grows, one record at a time, keeping of each record only a
/// few bytes ([`RecordMark`], and a byte for [`Stacks`]), and of each event in force what its
/// effects overwrote (for an undo); the battle keeps none of its events. What a record says is
/// read back from the journal by its offset when it is wanted ([`Follower::record`]).
pub struct Follower {
    pub path: PathBuf,
    pub header: Header,
    /// What is kept of each record, in the journal's order (record `n` is `records[n - 1]`).
    pub records: Vec<RecordMark>,
    /// A bad last line, left out and left in place.
    pub torn: Option<TornTail>,
    /// The battle as the journal leaves it: its state, none of its events ([`Battle::fold_in`]).
    pub battle: Battle,
    /// Why each unit that stood behind a concealment stand was exposed.
    pub exposures: Exposures,
    /// Which records are events in force, which were undone, what an undo or a redo acts on.
    stacks: Stacks,
    /// What the effects of each event in force overwrote, all in one vector, and where each
    /// event's begin; what each undo took out, for the redo that puts it back.
    priors: Vec<Prior>,
    starts: Vec<u32>,
    undone: Vec<Vec<Prior>>,
    /// How many records are events (in force or not).
    events: usize,
    times: Times,
    /// The journal, read up to the end of its last whole line, to read on from there.
    reading: Reading<Header>,
    /// The same file, to read a record back by where its line begins.
    reader: RefCell<EntryReader>,
}

impl std::fmt::Debug for Follower {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Follower")
            .field("path", &self.path)
            .field("records", &self.records.len())
            .field("torn", &self.torn)
            .finish_non_exhaustive()
    }
}

impl Follower {
    /// Opens the journal at `path` without locking or changing it: its header read and checked,
    /// the battle at its start, no record read yet ([`Follower::follow`] reads them).
    pub fn open(path: impl AsRef<Path>) -> Result<Follower, SessionError> {
        let path = path.as_ref();
        let reading = Journal::reading::<Header>(path)?;
        let (battle, _) = Replay::new(path, reading.header(), reading.checks())?.finish();
        let reader = reading.entry_reader()?;
        Ok(Follower {
            path: path.to_path_buf(),
            header: reading.header().clone(),
            records: Vec::new(),
            torn: None,
            exposures: Exposures::new(battle.roster.units.len()),
            battle,
            stacks: Stacks::default(),
            priors: Vec::new(),
            starts: Vec::new(),
            undone: Vec::new(),
            events: 0,
            times: Times::new(reading.header().started),
            reading,
            reader: RefCell::new(reader),
        })
    }

    /// Reads the journal at `path` whole ([`Follower::open`], then every record): any damage is
    /// an error.
    pub fn load(path: impl AsRef<Path>) -> Result<Follower, SessionError> {
        let mut follower = Follower::open(path)?;
        follower.follow(&mut |_, _, _, _| {})?;
        Ok(follower)
    }

    /// Reads what was appended to the journal since it was read: each new record checked as
    /// loading checks it and applied, `on` told of it (its index, what is kept of it, what it
    /// changed, the battle after it) once it is. A line found unfinished is read again, whole
    /// once its writer has finished it; until then it is the torn tail. Returns how many records
    /// were added. Damage stops the reading there (the records before it are kept); nothing is
    /// written. Each record costs the same whatever the journal's length.
    pub fn follow(
        &mut self,
        on: &mut dyn FnMut(usize, RecordMark, Change, &Battle),
    ) -> Result<usize, SessionError> {
        self.reading.follow()?;
        let mut added = 0;
        let result = loop {
            let at = self.reading.offset();
            let Some(entry) = self.reading.next_entry::<Record>() else {
                break Ok(added);
            };
            match entry
                .map_err(SessionError::from)
                .and_then(|e| self.take(at, e))
            {
                Ok((index, change)) => {
                    on(index, self.records[index], change, &self.battle);
                    added += 1;
                }
                Err(e) => break Err(e),
            }
        };
        self.torn = self.reading.torn().cloned();
        result
    }

    /// Applies the record read on `line`, which began at byte `at`: an event folded into the
    /// battle (what its effects overwrote kept), an undo folding the latest event in force out
    /// again, a redo folding the latest undone back in.
    fn take(
        &mut self,
        at: u64,
        (line, record): (usize, Record),
    ) -> Result<(usize, Change), SessionError> {
        check_texts(&self.path, line, &record)?;
        let index = self.records.len();
        let expected = index as u64 + 1;
        if record.seq != expected {
            return Err(SessionError::Sequence {
                path: self.path.clone(),
                line,
                expected,
                found: record.seq,
            });
        }
        let refused = |source| SessionError::Replay {
            path: self.path.clone(),
            line,
            source,
        };
        let (change, visibility, flags) = match &record.entry {
            Entry::Event(ev) => {
                let from = self.priors.len();
                self.battle
                    .fold_in(ev, Some(&mut self.priors))
                    .map_err(refused)?;
                self.starts.push(from as u32);
                self.undone.clear();
                self.stacks.push_event(ev.kind == EventKind::Start);
                self.exposures.event(index, ev, &self.battle.roster);
                self.events += 1;
                (
                    Change::Event,
                    Visibility::of(ev, &self.battle.roster),
                    RecordMark::of(ev),
                )
            }
            Entry::Undo => {
                let event = self
                    .stacks
                    .undo_target()
                    .ok_or_else(|| refused(BattleError::NothingToUndo))?;
                let from = self.starts.pop().map_or(self.priors.len(), |s| s as usize);
                self.undone
                    .push(self.battle.fold_out(self.priors.drain(from..)));
                self.stacks.push_undo();
                self.exposures.undo(event);
                (Change::Undo(event), self.records[event].visibility, 0)
            }
            Entry::Redo => {
                let event = self
                    .stacks
                    .redo_target()
                    .ok_or_else(|| refused(BattleError::NothingToRedo))?;
                let forward = self
                    .undone
                    .pop()
                    .ok_or_else(|| refused(BattleError::NothingToRedo))?;
                self.starts.push(self.priors.len() as u32);
                let back = self.battle.fold_out(forward.into_iter());
                self.priors.extend(back);
                self.stacks.push_redo();
                self.exposures.redo(event);
                (Change::Redo(event), self.records[event].visibility, 0)
            }
        };
        self.records.push(RecordMark {
            offset: at,
            visibility,
            flags,
        });
        self.times.add(record.at);
        Ok((index, change))
    }

    /// Record `index + 1` read back from where its line begins, checked against its own
    /// checksum (its chain was checked when it was first read) and its number.
    fn read<E: serde::de::DeserializeOwned + Numbered>(
        &self,
        index: usize,
    ) -> Result<E, SessionError> {
        let line = index + 2;
        let seq = index as u64 + 1;
        let missing = || SessionError::NoRecord {
            path: self.path.clone(),
            line,
            seq,
        };
        let mark = self.records.get(index).ok_or_else(missing)?;
        let entry: E = self
            .reader
            .borrow_mut()
            .read(line, mark.offset)?
            .ok_or_else(missing)?;
        match entry.seq() {
            found if found == seq => Ok(entry),
            found => Err(SessionError::Sequence {
                path: self.path.clone(),
                line,
                expected: seq,
                found,
            }),
        }
    }

    /// Record `index + 1` whole, with its explanation, read back from the journal: the file
    /// first read, even once its path was renamed over or removed.
    pub fn record(&self, index: usize) -> Result<Record, SessionError> {
        self.read(index)
    }

    /// Record `index + 1` read back without its explanation (as the battle keeps it).
    pub fn lean_record(&self, index: usize) -> Result<Record, SessionError> {
        self.read::<LeanRecord>(index).map(|LeanRecord(r)| r)
    }

    /// How far the journal was read: the end of its last whole line (a journal found shorter
    /// than this was cut back or replaced).
    pub fn read_to(&self) -> u64 {
        self.reading.offset()
    }

    /// The indices of the events in force, oldest first (the first is the start event).
    pub fn in_force(&self) -> &[usize] {
        self.stacks.applied()
    }

    /// How many events are in force (the start event included).
    pub fn len(&self) -> usize {
        self.in_force().len()
    }

    /// True when not even the start event was read.
    pub fn is_empty(&self) -> bool {
        self.in_force().is_empty()
    }

    /// How many events were undone and are not in force.
    pub fn undone(&self) -> usize {
        self.events - self.len()
    }

    /// When the records read were written.
    pub fn times(&self) -> Times {
        self.times
    }
}

/// A record read back, by its number.
trait Numbered {
    fn seq(&self) -> u64;
}

impl Numbered for Record {
    fn seq(&self) -> u64 {
        self.seq
    }
}

impl Numbered for LeanRecord {
    fn seq(&self) -> u64 {
        self.0.seq
    }
}

/// Why each unit that stood behind a concealment stand was exposed, as the events in force say:
/// the place of the event that exposed it (anything that grows with the events, to tell the
/// latest) and its cause. It follows a battle event by event, through its undos and redos,
/// without keeping the events: what each exposing event overwrote is kept while it is in force
/// or undone.
#[derive(Clone, Debug, Default)]
pub struct Exposures {
    by_unit: Vec<Option<(usize, String)>>,
    /// The events in force that exposed a unit, oldest first.
    done: Vec<Exposing>,
    /// The events undone that had exposed a unit, the next to put back last.
    undone: Vec<Exposing>,
}

/// An event that exposed units: its place, and each unit's exposure as the event set it or as
/// it overwrote it (whichever is not in the battle now).
#[derive(Clone, Debug)]
struct Exposing {
    event: usize,
    units: Vec<(usize, Option<(usize, String)>)>,
}

impl Exposures {
    /// Before any event, for a roster of `units` units.
    pub fn new(units: usize) -> Exposures {
        Exposures {
            by_unit: vec![None; units],
            ..Exposures::default()
        }
    }

    /// For each unit, the place of the event in force that exposed it and its cause.
    pub fn by_unit(&self) -> &[Option<(usize, String)>] {
        &self.by_unit
    }

    /// Event `ev`, at place `event`, now the latest in force: the units it exposes and why. The
    /// events undone before it can no longer be put back.
    pub fn event(&mut self, event: usize, ev: &Event, roster: &Roster) {
        self.undone.clear();
        let mut units = Vec::new();
        for e in &ev.effects {
            if let Effect::Exposed { unit, cause } = e
                && let Some(u) = roster.unit_index(unit)
                && let Some(slot) = self.by_unit.get_mut(u)
            {
                units.push((u, slot.replace((event, cause.clone()))));
            }
        }
        if !units.is_empty() {
            self.done.push(Exposing { event, units });
        }
    }

    /// The event at place `event`, the latest in force, is taken back.
    pub fn undo(&mut self, event: usize) {
        if self.done.last().is_some_and(|x| x.event == event)
            && let Some(mut x) = self.done.pop()
        {
            for (u, value) in x.units.iter_mut().rev() {
                std::mem::swap(&mut self.by_unit[*u], value);
            }
            self.undone.push(x);
        }
    }

    /// The event at place `event`, the latest undone, is put back.
    pub fn redo(&mut self, event: usize) {
        if self.undone.last().is_some_and(|x| x.event == event)
            && let Some(mut x) = self.undone.pop()
        {
            for (u, value) in &mut x.units {
                std::mem::swap(&mut self.by_unit[*u], value);
            }
            self.done.push(x);
        }
    }
}
