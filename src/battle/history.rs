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
//! effects from what they overwrote ([`crate::model::state::Prior`]), so neither undo nor a replay with
//! undos ever folds the battle again from its start.

use super::{Entry, Event, EventKind};

/// What an entry is when its event is not kept ([`History::thin`]): enough for the history's own
/// rules (whether it is the start, whether it is a note or a hand edit, which leave the offers
/// standing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Start,
    /// A note or a hand edit (a unit added too).
    Quiet,
    Other,
}

impl Class {
    fn of(ev: &Event) -> Class {
        match ev.kind {
            EventKind::Start => Class::Start,
            EventKind::Note { .. } | EventKind::Edit | EventKind::Add(_) => Class::Quiet,
            EventKind::Act { .. } | EventKind::Advance => Class::Other,
        }
    }
}

/// One entry as the history holds it: whole, or (in a thin history) only what it is.
#[derive(Clone, Debug)]
enum Slot {
    Kept(Box<Entry>),
    Gone(Class),
}

/// An entry's code in [`History::codes`]: the battle's start event.
pub const CODE_START: u8 = 0;
/// A note or a hand edit.
pub const CODE_QUIET: u8 = 1;
/// Any other event.
pub const CODE_OTHER: u8 = 2;
/// An undo mark.
pub const CODE_UNDO: u8 = 3;
/// A redo mark.
pub const CODE_REDO: u8 = 4;

fn class_code(c: Class) -> u8 {
    match c {
        Class::Start => CODE_START,
        Class::Quiet => CODE_QUIET,
        Class::Other => CODE_OTHER,
    }
}

/// What a thin history shows for an event it does not keep: an event of its class with nothing
/// in it (no summary, no effects, no offers).
static GONE_START: Entry = gone(EventKind::Start);
static GONE_QUIET: Entry = gone(EventKind::Edit);
static GONE_OTHER: Entry = gone(EventKind::Advance);

/// An event of `kind` with nothing in it.
const fn gone(kind: EventKind) -> Entry {
    Entry::Event(Event {
        kind,
        summary: String::new(),
        audience: crate::battle::Audience::Everyone,
        resolutions: Vec::new(),
        effects: Vec::new(),
        notes: Vec::new(),
        offers: Vec::new(),
        partial: None,
    })
}

impl Slot {
    fn entry(&self) -> &Entry {
        match self {
            Slot::Kept(e) => e,
            Slot::Gone(Class::Start) => &GONE_START,
            Slot::Gone(Class::Quiet) => &GONE_QUIET,
            Slot::Gone(Class::Other) => &GONE_OTHER,
        }
    }
}

/// The entries of a battle and the stacks derived from them.
///
/// A history is *whole* (every event kept, as the screen and the report need them) or *thin*
/// ([`History::thin`]): it then keeps only the events the battle needs now — the start, the
/// latest event in force, the latest in force that is neither a note nor a hand edit (whose
/// offers stand), and those an undo took back (for redo) — and knows of the others only what they
/// are. A battle opened to carry out one command keeps a thin history, so that its memory does not
/// grow with the journal's events beyond a few bytes each; after an undo it is told which events
/// it now needs ([`History::missing`]), read back from the journal ([`History::restore`]).
#[derive(Clone, Debug, Default)]
pub struct History {
    entries: Vec<Slot>,
    stacks: Stacks,
    /// Only the events the battle needs are kept.
    thin: bool,
    /// In a thin history, the indices of the events it holds (a few).
    held: Vec<u32>,
}

/// A history's entries, in the journal's order ([`History::entries`]); in a thin history an event
/// not kept reads as an empty event of its kind.
#[derive(Clone, Copy)]
pub struct Entries<'a>(&'a [Slot]);

impl<'a> Entries<'a> {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, i: usize) -> Option<&'a Entry> {
        self.0.get(i).map(Slot::entry)
    }

    pub fn first(&self) -> Option<&'a Entry> {
        self.get(0)
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &'a Entry> + ExactSizeIterator + 'a {
        self.0.iter().map(Slot::entry)
    }

    pub fn to_vec(&self) -> Vec<Entry> {
        self.iter().cloned().collect()
    }
}

impl<'a> std::ops::Index<usize> for Entries<'a> {
    type Output = Entry;
    fn index(&self, i: usize) -> &Entry {
        self.0[i].entry()
    }
}

/// The entries of [`Entries`], in order.
pub struct EntriesIter<'a>(std::slice::Iter<'a, Slot>);

impl<'a> Iterator for EntriesIter<'a> {
    type Item = &'a Entry;
    fn next(&mut self) -> Option<&'a Entry> {
        self.0.next().map(Slot::entry)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<'a> IntoIterator for Entries<'a> {
    type Item = &'a Entry;
    type IntoIter = EntriesIter<'a>;
    fn into_iter(self) -> EntriesIter<'a> {
        EntriesIter(self.0.iter())
    }
}

impl std::fmt::Debug for Entries<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq<&[Entry]> for Entries<'_> {
    fn eq(&self, other: &&[Entry]) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl PartialEq for Entries<'_> {
    fn eq(&self, other: &Entries<'_>) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl PartialEq<Vec<Entry>> for Entries<'_> {
    fn eq(&self, other: &Vec<Entry>) -> bool {
        *self == other.as_slice()
    }
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

    /// The indices of the undone events, the next to redo last.
    pub fn undone(&self) -> &[usize] {
        &self.undone
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
        let idx = self.entries.len();
        let is_event = matches!(entry, Entry::Event(_));
        self.stacks.push(&entry);
        self.entries.push(Slot::Kept(Box::new(entry)));
        if self.thin {
            if is_event {
                self.held.push(idx as u32);
            }
            self.let_go();
        }
    }

    /// An empty thin history: it keeps only the events the battle needs now.
    pub fn thin() -> Self {
        Self {
            thin: true,
            ..Self::default()
        }
    }

    /// True when it keeps only the events the battle needs now.
    pub fn is_thin(&self) -> bool {
        self.thin
    }

    /// In a thin history, lets go of every event the battle does not need now (undo and redo
    /// marks are small and stay).
    fn let_go(&mut self) {
        let needed = self.needed();
        let (keep, gone): (Vec<u32>, Vec<u32>) = self
            .held
            .iter()
            .partition(|&&i| needed.contains(&(i as usize)));
        for i in gone {
            if let Slot::Kept(e) = &self.entries[i as usize]
                && let Entry::Event(ev) = e.as_ref()
            {
                self.entries[i as usize] = Slot::Gone(Class::of(ev));
            }
        }
        self.held = keep;
    }

    /// The events the battle needs now: the start, the latest event in force, the latest in force
    /// that is neither a note nor a hand edit, and every event on the redo stack.
    fn needed(&self) -> Vec<usize> {
        let applied = self.stacks.applied();
        let mut needed: Vec<usize> = self.stacks.undone().to_vec();
        needed.extend(applied.first());
        needed.extend(applied.last());
        needed.extend(
            applied
                .iter()
                .rev()
                .find(|&&i| self.class(i) != Some(Class::Quiet)),
        );
        needed
    }

    fn class(&self, i: usize) -> Option<Class> {
        match self.entries.get(i)? {
            Slot::Gone(c) => Some(*c),
            Slot::Kept(e) => match e.as_ref() {
                Entry::Event(ev) => Some(Class::of(ev)),
                _ => None,
            },
        }
    }

    /// The events a thin history needs now and does not hold (after an undo brought an earlier
    /// event back to the top): their indices, to be read back from the journal and given to
    /// [`History::restore`].
    pub fn missing(&self) -> Vec<usize> {
        self.needed()
            .into_iter()
            .filter(|&i| matches!(self.entries.get(i), Some(Slot::Gone(_))))
            .collect()
    }

    /// Gives back an event a thin history let go ([`History::missing`]), as read from the
    /// journal. An entry that is not an event let go is left as it is.
    pub fn restore(&mut self, idx: usize, mut event: Event) {
        if let Some(slot @ Slot::Gone(_)) = self.entries.get_mut(idx) {
            event.resolutions = Vec::new();
            event.notes = Vec::new();
            *slot = Slot::Kept(Box::new(Entry::Event(event)));
            self.held.push(idx as u32);
        }
    }

    /// What each entry is, one byte an entry ([`CODE_START`] …): all that a thin history needs
    /// to be built again ([`History::from_codes`]), with the events it holds read back from the
    /// journal. For a checkpoint ([`super::checkpoint`]).
    pub fn codes(&self) -> Vec<u8> {
        self.entries
            .iter()
            .map(|slot| match slot {
                Slot::Gone(c) => class_code(*c),
                Slot::Kept(e) => match e.as_ref() {
                    Entry::Event(ev) => class_code(Class::of(ev)),
                    Entry::Undo => CODE_UNDO,
                    Entry::Redo => CODE_REDO,
                },
            })
            .collect()
    }

    /// A thin history of the entries `codes` says ([`History::codes`]), holding no event: the
    /// events it needs ([`History::missing`]) are to be read back from the journal. `Err` names
    /// the first byte that is no entry's code, or a first entry that is not a battle's start.
    pub fn from_codes(codes: &[u8]) -> Result<History, String> {
        let mut h = History::thin();
        h.entries.reserve_exact(codes.len());
        for (i, &code) in codes.iter().enumerate() {
            let slot = match code {
                CODE_START => Slot::Gone(Class::Start),
                CODE_QUIET => Slot::Gone(Class::Quiet),
                CODE_OTHER => Slot::Gone(Class::Other),
                CODE_UNDO => Slot::Kept(Box::new(Entry::Undo)),
                CODE_REDO => Slot::Kept(Box::new(Entry::Redo)),
                other => return Err(format!("entry {i} has no kind (code {other})")),
            };
            if (i == 0) != (code == CODE_START) {
                return Err(format!(
                    "entry {i}: only the first entry is the battle's start"
                ));
            }
            match &slot {
                Slot::Gone(c) => {
                    h.stacks.push_event(*c == Class::Start);
                }
                Slot::Kept(e) => {
                    h.stacks.push(e);
                }
            }
            h.entries.push(slot);
        }
        Ok(h)
    }

    /// The entries, in the journal's order.
    pub fn entries(&self) -> Entries<'_> {
        Entries(&self.entries)
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
            .filter_map(|&i| match self.entries[i].entry() {
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
            .filter_map(|&i| match self.entries[i].entry() {
                Entry::Event(e) => Some(e),
                _ => None,
            })
    }

    /// The latest event in force (the start event at least, once there is one).
    pub fn last_in_force(&self) -> Option<&Event> {
        self.stacks
            .applied
            .last()
            .and_then(|&i| match self.entries[i].entry() {
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
