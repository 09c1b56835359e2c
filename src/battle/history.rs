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
//! The rules themselves — what is in force, what an undo or a redo acts on — are kept over entry
//! numbers alone ([`Stacks`]), which a reader that keeps no events uses without a history.
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
    stacks: Stacks,
}

/// The history's undo and redo rules over entry numbers alone: which entries are events in force,
/// which were undone, and what the next undo or redo acts on, with nothing of the events but
/// whether each is a battle's start. A reader that keeps no events (the report, reading a
/// journal of any length) follows a battle's undos and redos with it in a few bytes an entry.
#[derive(Clone, Debug, Default)]
pub struct Stacks {
    /// Indices of events in force, oldest first.
    applied: Vec<usize>,
    /// Indices of undone events, the next to redo last.
    undone: Vec<usize>,
    /// For each entry, [`IN_FORCE`] and [`START`] bits.
    flags: Vec<u8>,
}

/// The entry is an event in force.
const IN_FORCE: u8 = 1;
/// The entry is a battle's start event (never undone).
const START: u8 = 2;

impl Stacks {
    /// Appends an event (`start`: the battle's start event): it is in force, and the redo stack
    /// is cleared. Returns its index.
    pub fn push_event(&mut self, start: bool) -> usize {
        let idx = self.flags.len();
        self.flags.push(IN_FORCE | if start { START } else { 0 });
        self.applied.push(idx);
        self.undone.clear();
        idx
    }

    /// Appends an undo mark: the latest event in force (not the start) is undone. Returns the
    /// index of the event it took back, `None` if it had nothing to act on (it is kept and does
    /// nothing).
    pub fn push_undo(&mut self) -> Option<usize> {
        let target = self.undo_target();
        self.flags.push(0);
        if let Some(i) = target {
            self.applied.pop();
            self.flags[i] &= !IN_FORCE;
            self.undone.push(i);
        }
        target
    }

    /// Appends a redo mark: the latest undone event is back in force. Returns its index, `None`
    /// if there was none to put back.
    pub fn push_redo(&mut self) -> Option<usize> {
        self.flags.push(0);
        let i = self.undone.pop()?;
        self.flags[i] |= IN_FORCE;
        self.applied.push(i);
        Some(i)
    }

    /// Appends `entry` by its kind: an event's own index, or the event an undo or redo acted on.
    pub fn push(&mut self, entry: &Entry) -> Option<usize> {
        match entry {
            Entry::Event(ev) => Some(self.push_event(ev.kind == EventKind::Start)),
            Entry::Undo => self.push_undo(),
            Entry::Redo => self.push_redo(),
        }
    }

    /// How many entries were appended.
    pub fn len(&self) -> usize {
        self.flags.len()
    }

    /// True when no entry was appended.
    pub fn is_empty(&self) -> bool {
        self.flags.is_empty()
    }

    /// The indices of the events in force, oldest first.
    pub fn applied(&self) -> &[usize] {
        &self.applied
    }

    /// Index of the event an undo would take back: the latest in force, unless it is the start.
    pub fn undo_target(&self) -> Option<usize> {
        let &last = self.applied.last()?;
        (self.flags[last] & START == 0).then_some(last)
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
        self.flags.get(idx).is_some_and(|f| f & IN_FORCE != 0)
    }
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
        self.stacks.push(&entry);
        self.entries.push(entry);
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The undo and redo stacks, over entry numbers.
    pub fn stacks(&self) -> &Stacks {
        &self.stacks
    }

    /// The events in force, oldest first.
    pub fn in_force(&self) -> impl Iterator<Item = &Event> {
        self.stacks
            .applied
            .iter()
            .filter_map(|&i| match &self.entries[i] {
                Entry::Event(e) => Some(e),
                _ => None,
            })
    }

    /// The events in force, latest first.
    pub fn in_force_rev(&self) -> impl Iterator<Item = &Event> {
        self.stacks
            .applied
            .iter()
            .rev()
            .filter_map(|&i| match &self.entries[i] {
                Entry::Event(e) => Some(e),
                _ => None,
            })
    }

    /// The latest event in force (the start event at least, once there is one).
    pub fn last_in_force(&self) -> Option<&Event> {
        self.stacks
            .applied
            .last()
            .and_then(|&i| match &self.entries[i] {
                Entry::Event(e) => Some(e),
                _ => None,
            })
    }

    /// How many events are in force.
    pub fn in_force_count(&self) -> usize {
        self.stacks.applied.len()
    }

    /// Index (into entries) of the event an undo would take back.
    pub fn undo_target(&self) -> Option<usize> {
        self.stacks.undo_target()
    }

    /// Index of the event a redo would put back.
    pub fn redo_target(&self) -> Option<usize> {
        self.stacks.redo_target()
    }

    pub fn can_undo(&self) -> bool {
        self.stacks.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.stacks.can_redo()
    }

    /// Whether the entry at `idx` is an event currently in force.
    pub fn is_in_force(&self, idx: usize) -> bool {
        self.stacks.is_in_force(idx)
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

    #[test]
    fn the_stacks_say_what_each_undo_and_redo_acts_on() {
        let mut s = Stacks::default();
        assert_eq!(s.push_event(true), 0);
        assert_eq!(s.push_undo(), None, "the start is never undone");
        assert_eq!(s.push_event(false), 2);
        assert_eq!(s.push_event(false), 3);
        assert_eq!(s.push_undo(), Some(3));
        assert_eq!(s.push_undo(), Some(2));
        assert_eq!(s.push_undo(), None);
        assert_eq!(s.push_redo(), Some(2));
        assert_eq!(s.push(&Entry::Redo), Some(3));
        assert_eq!(s.push(&Entry::Redo), None);
        assert_eq!(s.applied(), [0, 2, 3]);
        assert_eq!(s.push(&Entry::Undo), Some(3));
        assert_eq!(s.push(&ev(9)), Some(11), "an event clears the redo stack");
        assert!(!s.can_redo());
        let flags: Vec<bool> = (0..s.len()).map(|i| s.is_in_force(i)).collect();
        assert_eq!(
            flags,
            [
                true, false, true, false, false, false, false, false, false, false, false, true
            ]
        );
    }
}
