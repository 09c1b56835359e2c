//! Undo and redo as data: the history is the append-only list of entries (events, undo marks and
//! redo marks) in the journal's order, and the events in force are computed from it.
//!
//! The history keeps of each event what the battle needs of it: its kind and inputs, its summary
//! (the log), its effects (redo) and its offers. The explanation — the resolutions with their dice
//! and the notes — is shown when the event is made and kept in the journal, which the report and
//! the replay read; the history lets it go, so a battle of 10,000 events at 1,000 units stays
//! small in memory.
//!
//! - An event is pushed onto the "in force" stack and clears the redo stack.
//! - An undo moves the latest event in force onto the redo stack.
//! - A redo moves the latest undone event back into force.
//!
//! Limits: undo and redo go back as far as the battle's first event after its start (the start
//! event itself cannot be undone); there is no limit on depth. Every operation here is constant
//! time (amortised): pushing an entry, asking whether an entry is in force, finding the latest
//! event in force, the undo target and the redo target. The battle reverts an undone event's
//! effects from what they overwrote ([`super::state::Prior`]), so neither undo nor a replay with
//! undos ever folds the battle again from its start.

use super::{Entry, Event, EventKind};

/// The entries of a battle and the stacks derived from them.
#[derive(Clone, Debug, Default)]
pub struct History {
    entries: Vec<Entry>,
    /// Indices of events in force, oldest first.
    applied: Vec<usize>,
    /// Indices of undone events, the next to redo last.
    undone: Vec<usize>,
    /// For each entry, whether it is an event in force.
    in_force: Vec<bool>,
}

impl History {
    /// Rebuilds a history from entries (as loaded from a journal).
    pub fn from_entries(entries: impl IntoIterator<Item = Entry>) -> Self {
        let mut h = Self::default();
        for e in entries {
            h.push(e);
        }
        h
    }

    /// Appends an entry (an event without its explanation). An undo or redo with nothing to act
    /// on is kept but does nothing.
    pub fn push(&mut self, mut entry: Entry) {
        if let Entry::Event(ev) = &mut entry {
            ev.resolutions = Vec::new();
            ev.notes = Vec::new();
        }
        let idx = self.entries.len();
        let is_event = matches!(entry, Entry::Event(_));
        self.entries.push(entry);
        self.in_force.push(is_event);
        match &self.entries[idx] {
            Entry::Event(_) => {
                self.applied.push(idx);
                self.undone.clear();
            }
            Entry::Undo => {
                if self.can_undo()
                    && let Some(i) = self.applied.pop()
                {
                    self.in_force[i] = false;
                    self.undone.push(i);
                }
            }
            Entry::Redo => {
                if let Some(i) = self.undone.pop() {
                    self.in_force[i] = true;
                    self.applied.push(i);
                }
            }
        }
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The events in force, oldest first.
    pub fn in_force(&self) -> impl Iterator<Item = &Event> {
        self.applied.iter().filter_map(|&i| match &self.entries[i] {
            Entry::Event(e) => Some(e),
            _ => None,
        })
    }

    /// The events in force, latest first.
    pub fn in_force_rev(&self) -> impl Iterator<Item = &Event> {
        self.applied
            .iter()
            .rev()
            .filter_map(|&i| match &self.entries[i] {
                Entry::Event(e) => Some(e),
                _ => None,
            })
    }

    /// The latest event in force (the start event at least, once there is one).
    pub fn last_in_force(&self) -> Option<&Event> {
        self.applied.last().and_then(|&i| match &self.entries[i] {
            Entry::Event(e) => Some(e),
            _ => None,
        })
    }

    /// How many events are in force.
    pub fn in_force_count(&self) -> usize {
        self.applied.len()
    }

    /// Index (into entries) of the event an undo would take back.
    pub fn undo_target(&self) -> Option<usize> {
        let &last = self.applied.last()?;
        match &self.entries[last] {
            Entry::Event(Event {
                kind: EventKind::Start,
                ..
            }) => None,
            _ => Some(last),
        }
    }

    /// Index of the event a redo would put back.
    pub fn redo_target(&self) -> Option<usize> {
        self.undone.last().copied()
    }

    pub fn can_undo(&self) -> bool {
        self.undo_target().is_some()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Whether the entry at `idx` is an event currently in force.
    pub fn is_in_force(&self, idx: usize) -> bool {
        self.in_force.get(idx).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(n: u32) -> Entry {
        Entry::Event(Event {
            kind: if n == 0 {
                EventKind::Start
            } else {
                EventKind::Note {
                    text: n.to_string(),
                }
            },
            summary: n.to_string(),
            audience: crate::battle::Audience::Everyone,
            resolutions: vec![],
            effects: vec![],
            notes: vec![],
            offers: vec![],
            partial: None,
        })
    }

    fn force(h: &History) -> Vec<String> {
        h.in_force().map(|e| e.summary.clone()).collect()
    }

    #[test]
    fn undo_redo_sequence() {
        let mut h = History::from_entries([ev(0), ev(1), ev(2), ev(3)]);
        h.push(Entry::Undo);
        h.push(Entry::Undo);
        assert_eq!(force(&h), ["0", "1"]);
        h.push(Entry::Redo);
        assert_eq!(force(&h), ["0", "1", "2"]);
        assert!(h.can_redo());
        h.push(ev(4));
        assert!(!h.can_redo(), "a new event clears the redo stack");
        assert_eq!(force(&h), ["0", "1", "2", "4"]);
        let flags: Vec<bool> = (0..h.entries().len()).map(|i| h.is_in_force(i)).collect();
        assert_eq!(
            flags,
            [true, true, true, false, false, false, false, true],
            "entries 0-3 events, 4-5 undos, 6 a redo, 7 an event"
        );
        assert_eq!(h.last_in_force().map(|e| e.summary.as_str()), Some("4"));
        assert_eq!(h.in_force_count(), 4);
    }

    #[test]
    fn start_cannot_be_undone() {
        let mut h = History::from_entries([ev(0), ev(1)]);
        h.push(Entry::Undo);
        assert!(!h.can_undo());
        h.push(Entry::Undo);
        assert_eq!(force(&h), ["0"]);
        h.push(Entry::Redo);
        assert_eq!(force(&h), ["0", "1"]);
    }
}
