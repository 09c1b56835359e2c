//! A battle's journal read whole, with every explanation, for the report and the replay.
//!
//! The battle's [`History`](crate::battle::History) keeps of each event only what the battle
//! needs; the dice and the explanation stay in the journal. A [`Chronicle`] reads the journal
//! without taking its lock or changing it (a battle still being played is read as it stands; a
//! torn last line is left out and named), rebuilds the battle record by record — each checked as
//! loading checks it — and keeps the events *in force* in their order: an undone event is left
//! out, a redone one is back in its place. Those events, applied in order to the battle at its
//! start, are the battle as it was played; [`Chronicle::battle_at`] and [`Chronicle::walk`]
//! rebuild it at any event.

use crate::battle::journal::{Journal, TornTail};
use crate::battle::session::{Header, Record, Replay, SessionError};
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
}

impl Chronicle {
    /// Reads the journal at `path` without locking or changing it.
    pub fn load(path: impl AsRef<Path>) -> Result<Chronicle, SessionError> {
        let path = path.as_ref();
        let loaded = Journal::read::<Header, Record>(path)?;
        let mut replay = Replay::new(path, &loaded.header, loaded.checksummed)?;
        for (i, record) in loaded.entries.iter().enumerate() {
            let lean = Record {
                seq: record.seq,
                at: record.at,
                dice: record.dice,
                entry: lean(&record.entry),
            };
            replay.push(i + 2, lean)?;
        }
        let (battle, _) = replay.finish();
        let in_force = (0..loaded.entries.len())
            .filter(|&i| battle.history().is_in_force(i))
            .collect();
        Ok(Chronicle {
            path: path.to_path_buf(),
            header: loaded.header,
            records: loaded.entries,
            in_force,
            torn: loaded.torn,
            battle,
        })
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
    })
}

/// Where a battle stood: its turn, phase and active side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub turn: u32,
    pub phase: String,
    pub active: usize,
}
