//! A battle's journal read whole, with every explanation, for the report view (the replay) and
//! the players' view, which step through it and follow it as it grows (the written report streams
//! instead: [`super::stream`]).
//!
//! The battle's [`History`](crate::battle::History) keeps of each event only what the battle
//! needs; the dice and the explanation stay in the journal. A [`Chronicle`] reads the journal
//! without taking its lock or changing it (a battle still being played is read as it stands; a
//! torn last line is left out and named), rebuilds the battle record by record — each checked as
//! loading checks it — and keeps the events *in force* in their order: an undone event is left
//! out, a redone one is back in its place. Those events, applied in order to the battle at its
//! start, are the battle as it was played; [`Chronicle::battle_at`] and [`Chronicle::walk`]
//! rebuild it at any event.

use crate::battle::journal::{Journal, Reading, TornTail};
use crate::battle::session::{Header, Record, Replay, SessionError, apply_record};
use crate::battle::{Battle, Entry, Event};
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
    /// The journal, read up to the end of its last whole line, to read on from there
    /// ([`Chronicle::follow`]).
    reading: Reading<Header>,
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
            reading,
        };
        chronicle.count_in_force();
        Ok(chronicle)
    }

    /// Reads what was appended to the journal since it was read, for a battle another process
    /// is still playing: each new record checked as loading checks it and applied, an undo or
    /// redo taking its event out of force or putting it back. A line found unfinished is read
    /// again, whole once its writer has finished it; until then it is the torn tail. Returns how
    /// many records were added. Damage stops the reading there (the records before it are
    /// kept); nothing is written.
    pub fn follow(&mut self) -> Result<usize, SessionError> {
        self.reading.follow()?;
        let mut added = 0;
        let result = loop {
            let Some(entry) = self.reading.next_entry::<Record>() else {
                break Ok(added);
            };
            let (line, record) = match entry {
                Ok(e) => e,
                Err(e) => break Err(e.into()),
            };
            if let Err(e) = check_texts(&self.path, line, &record) {
                break Err(e);
            }
            let expected = self.records.len() as u64 + 1;
            let lean = lean(&record.entry);
            if let Err(e) = apply_record(
                &self.path,
                &mut self.battle,
                expected,
                line,
                record.seq,
                lean,
            ) {
                break Err(e);
            }
            self.records.push(record);
            added += 1;
        };
        self.torn = self.reading.torn().cloned();
        if added > 0 {
            self.count_in_force();
        }
        result
    }

    /// How far the journal was read: the end of its last whole line (a journal found shorter
    /// than this was cut back or replaced).
    pub fn read_to(&self) -> u64 {
        self.reading.offset()
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
