//! A battle with its journal: every entry is on disk before it is applied.
//!
//! A [`Session`] is what the command line and the terminal interface drive. It owns the
//! [`Battle`], the locked [`Journal`] and the program's [`SeededDice`], and keeps them in step:
//!
//! 1. [`Session::execute`] has the battle check and resolve a command ([`Battle::handle`], which
//!    changes nothing);
//! 2. the resulting [`Record`] is appended to the journal and synced to disk;
//! 3. only then is the entry applied to the battle in memory.
//!
//! A refused command writes nothing, changes nothing and consumes no dice. A crash at any moment
//! loses at most the command whose result had not yet been shown: [`Session::resume`] rebuilds the
//! battle by applying the journal's entries in order, and puts the seeded generator back where the
//! last entry left it, so the program's dice carry on the same sequence.
//!
//! The journal's header ([`Header`]) holds the scenario file's full text and the seed, so a journal
//! is a complete battle on its own: it resumes even if the scenario file has since changed or gone.
//! Each following line is a [`Record`]: a sequence number (the first record, the start event, is
//! 1, on line 2), the time, where the dice generator stood, and the [`Entry`].
//!
//! Loading checks every line twice: the journal checks each line's checksum ([`super::journal`]),
//! and the replay checks each record against the rule set and the roster ([`Battle::apply`]:
//! unknown units, markers, phases or counters, hits, turns and counts out of range), refusing with
//! the line. Journals of format 1, written before checksums, still open; they carry on without
//! checksums.

use super::checkpoint;
use super::journal::{Checks, EntryReader, Journal, JournalError, Reading, TornTail};
use super::{Audience, Battle, BattleError, Command, Entry, Event, EventKind, History};
use crate::declare::Params;
use crate::dice::{DiceError, DiceSource, SeededDice, TypedDice};
use crate::model::Effect;
use crate::resolution::Resolution;
use crate::ruleset::Offer;
use crate::scenario::{Scenario, ScenarioErrors};
use crate::text::escape_terminal;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The journal format this program writes: every line carries a checksum chained to the line
/// before it ([`Checks::Chained`]).
pub const FORMAT: u32 = 3;

/// An earlier format it still reads and carries on: a checksum on each line alone.
pub const FORMAT_LINES: u32 = 2;

/// The earliest format it still reads and carries on: the same records without checksums.
pub const FORMAT_UNCHECKED: u32 = 1;

/// The program name written in every header.
pub const PROGRAM: &str = "umpire";

/// Line 1 of a battle journal: everything needed to rebuild the battle from its entries.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The journal format ([`FORMAT`]).
    pub format: u32,
    /// [`PROGRAM`].
    pub program: String,
    /// The version of the program that started the battle.
    pub version: String,
    /// Where the scenario was read from (for messages).
    pub scenario_path: String,
    /// The scenario file's full text.
    pub scenario: String,
    /// The seed of the program's dice.
    pub seed: u64,
    /// When the battle was started.
    pub started: DateTime<Utc>,
}

/// True when `head` (the first bytes of a file) begins a battle journal of this program: a JSON
/// object whose first line names [`PROGRAM`] and a journal format.
pub fn is_journal_head(head: &[u8]) -> bool {
    let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let text = String::from_utf8_lossy(line);
    text.starts_with('{')
        && text.contains(&format!("\"program\":\"{PROGRAM}\""))
        && text.contains("\"format\":")
}

/// Where the program's seeded generator stood: how many 32-bit words it had drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DicePos {
    /// Written as a decimal string: JSON numbers above 2^53 are not portable, and this is a u128.
    #[serde(with = "u128_text")]
    pub word_pos: u128,
}

mod u128_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &u128, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<u128, D::Error> {
        let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One line of the journal after the header.
///
/// Written as one flat JSON object: `seq`, `at`, `dice`, then the entry's own members (`entry`,
/// and for an event `kind` and the rest). Read through [`WireRecord`], the same members as one
/// plain struct, so that a long journal is parsed in one pass (serde's flattened and
/// internally-tagged enums would buffer every record twice).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "WireRecord")]
pub struct Record {
    /// 1 for the start event, then one more per line: record `n` is on line `n + 1`.
    pub seq: u64,
    /// When the entry was made.
    pub at: DateTime<Utc>,
    /// Where the seeded generator stood after this entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<DicePos>,
    #[serde(flatten)]
    pub entry: Entry,
}

/// A journal record as its JSON members, before they are checked to form a [`Record`]. `R` and
/// `N` are how the explanation (resolutions and notes) is read: in full, or skipped
/// ([`LeanRecord`]).
#[derive(Deserialize)]
pub struct WireRecord<R = Vec<Resolution>, N = Vec<String>> {
    seq: u64,
    at: DateTime<Utc>,
    #[serde(default)]
    dice: Option<DicePos>,
    entry: WireEntry,
    #[serde(default)]
    kind: Option<WireKind>,
    #[serde(default)]
    action: Option<String>,
    #[serde(default)]
    params: Option<Params>,
    #[serde(default)]
    text: Option<String>,
    /// A unit or formation added: its side, the formation it goes under, and its table (a
    /// unit's, or a formation's with its units and formations).
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    formation: Option<String>,
    #[serde(default)]
    unit: Option<toml::Table>,
    #[serde(default)]
    new_formation: Option<toml::Table>,
    /// The concealment stand it joins behind, if any.
    #[serde(default)]
    behind: Option<i64>,
    #[serde(default)]
    summary: Option<String>,
    /// Absent in a line seen by everyone, and in every line written before audiences.
    #[serde(default)]
    audience: Audience,
    #[serde(default)]
    resolutions: R,
    #[serde(default)]
    effects: Vec<Effect>,
    #[serde(default)]
    notes: N,
    #[serde(default)]
    offers: Vec<Offer>,
    /// Absent when no viewer outside the audience may see a part of the event.
    #[serde(default)]
    partial: Option<Box<super::Partial>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum WireEntry {
    Event,
    Undo,
    Redo,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum WireKind {
    Start,
    Act,
    Advance,
    Edit,
    Note,
    Add,
}

impl TryFrom<WireRecord> for Record {
    type Error = String;

    fn try_from(mut w: WireRecord) -> Result<Record, String> {
        let resolutions = std::mem::take(&mut w.resolutions);
        let notes = std::mem::take(&mut w.notes);
        w.into_record(resolutions, notes)
    }
}

/// A record read without its explanation (its resolutions and notes are checked as JSON, and
/// every text in them as a name is checked, but not kept): what a replay needs, since the
/// battle's history does not keep explanations.
#[derive(Clone, Debug, PartialEq)]
pub struct LeanRecord(pub Record);

/// Any JSON value, read and let go, every string in it checked: none may hold a character that
/// could rewrite a terminal or a report ([`crate::text::forbidden_char`]).
struct CheckedText;

impl<'de> Deserialize<'de> for CheckedText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CheckedText)
    }
}

impl<'de> serde::de::Visitor<'de> for CheckedText {
    type Value = CheckedText;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<CheckedText, E> {
        Ok(CheckedText)
    }
    fn visit_i64<E>(self, _: i64) -> Result<CheckedText, E> {
        Ok(CheckedText)
    }
    fn visit_u64<E>(self, _: u64) -> Result<CheckedText, E> {
        Ok(CheckedText)
    }
    fn visit_f64<E>(self, _: f64) -> Result<CheckedText, E> {
        Ok(CheckedText)
    }
    fn visit_unit<E>(self) -> Result<CheckedText, E> {
        Ok(CheckedText)
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<CheckedText, E> {
        match crate::text::forbidden_char(v) {
            None => Ok(CheckedText),
            Some((_, c)) => Err(E::custom(format!(
                "its explanation: {}",
                crate::text::not_allowed_here(c)
            ))),
        }
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<CheckedText, A::Error> {
        while seq.next_element::<CheckedText>()?.is_some() {}
        Ok(CheckedText)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<CheckedText, A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, CheckedText>()?
            .is_some()
        {}
        Ok(CheckedText)
    }
}

impl Default for CheckedText {
    fn default() -> Self {
        CheckedText
    }
}

impl<'de> Deserialize<'de> for LeanRecord {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let wire = WireRecord::<CheckedText, CheckedText>::deserialize(d)?;
        wire.into_record(Vec::new(), Vec::new())
            .map(LeanRecord)
            .map_err(D::Error::custom)
    }
}

impl<R, N> WireRecord<R, N> {
    fn into_record(
        self,
        resolutions: Vec<Resolution>,
        notes: Vec<String>,
    ) -> Result<Record, String> {
        let mut w = self;
        // A battle keeps every event's effects and offers: no spare room (a vector read without
        // a size hint has room for four).
        w.effects.shrink_to_fit();
        w.offers.shrink_to_fit();
        let missing = |what: &str| format!("missing field `{what}`");
        let entry = match w.entry {
            WireEntry::Undo => Entry::Undo,
            WireEntry::Redo => Entry::Redo,
            WireEntry::Event => {
                let kind = match w.kind.ok_or_else(|| missing("kind"))? {
                    WireKind::Start => EventKind::Start,
                    WireKind::Advance => EventKind::Advance,
                    WireKind::Edit => EventKind::Edit,
                    WireKind::Act => EventKind::Act {
                        action: w.action.ok_or_else(|| missing("action"))?,
                        params: w.params.ok_or_else(|| missing("params"))?,
                    },
                    WireKind::Note => EventKind::Note {
                        text: w.text.ok_or_else(|| missing("text"))?,
                    },
                    WireKind::Add => {
                        use super::addition::Joins;
                        let joins = match (w.unit, w.new_formation) {
                            (Some(unit), None) => Joins::Unit(unit),
                            (None, Some(formation)) => Joins::Formation(formation),
                            (None, None) => return Err(missing("unit")),
                            (Some(_), Some(_)) => {
                                return Err(
                                    "an addition holds a unit or a new formation, not both".into(),
                                );
                            }
                        };
                        EventKind::Add(Box::new(super::addition::Addition {
                            side: w.side.ok_or_else(|| missing("side"))?,
                            formation: w.formation,
                            behind: w.behind,
                            joins,
                        }))
                    }
                };
                Entry::Event(Event {
                    kind,
                    summary: w.summary.ok_or_else(|| missing("summary"))?,
                    audience: w.audience,
                    resolutions,
                    effects: w.effects,
                    notes,
                    offers: w.offers,
                    partial: w.partial,
                })
            }
        };
        Ok(Record {
            seq: w.seq,
            at: w.at,
            dice: w.dice,
            entry,
        })
    }
}

/// Where a command's dice come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceMode {
    /// The program's seeded generator.
    Program,
    /// Faces typed by the umpire from dice thrown at the table.
    Typed,
}

impl Record {
    /// Who threw the dice of this record's event, or `None` if it used none.
    pub fn dice_mode(&self) -> Option<DiceMode> {
        let Entry::Event(ev) = &self.entry else {
            return None;
        };
        let r = ev.resolutions.iter().find(|r| !r.faces().is_empty())?;
        Some(if r.rolled_by_program {
            DiceMode::Program
        } else {
            DiceMode::Typed
        })
    }
}

/// Why a session could not be started, resumed or could not carry out a command.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The command was refused; nothing was written and nothing changed.
    #[error(transparent)]
    Battle(#[from] BattleError),
    /// The typed dice did not fit the command; nothing was written and nothing changed.
    #[error(transparent)]
    Dice(#[from] DiceError),
    #[error("{}: not a battle journal this program can read: {reason}", esc(path))]
    Format { path: PathBuf, reason: String },
    /// The scenario kept in the journal's header does not validate; the errors name the journal.
    #[error(
        "{}: the scenario kept in the battle journal does not validate:\n{errors}",
        esc(path)
    )]
    JournalScenario {
        path: PathBuf,
        errors: ScenarioErrors,
    },
    #[error(
        "{}:{line}: the battle journal's records are out of order: expected record {expected}, found {found}",
        esc(path)
    )]
    Sequence {
        path: PathBuf,
        line: usize,
        expected: u64,
        found: u64,
    },
    #[error(
        "{}:{line}: the battle journal has no record {seq} there (it may have been cut short)",
        esc(path)
    )]
    NoRecord {
        path: PathBuf,
        line: usize,
        seq: u64,
    },
    #[error("{}:{line}: this record cannot be replayed: {source}", esc(path))]
    Replay {
        path: PathBuf,
        line: usize,
        source: BattleError,
    },
}

fn esc(path: &Path) -> String {
    escape_terminal(&path.display().to_string())
}

/// How a session reopens its journal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opening {
    /// Every event kept ([`Session::open`]).
    Whole,
    /// A thin history ([`Session::open_thin`]).
    Thin,
    /// A thin history, from a checkpoint ([`Session::open_checkpointed`]), with a new one every
    /// so many records.
    Checkpointed(u64),
}

/// The record a checkpoint covers, as far as it is checked once its line's checksum matched.
#[derive(Deserialize)]
struct Covered {
    seq: u64,
}

/// A battle with its journal.
pub struct Session {
    battle: Battle,
    journal: Journal,
    path: PathBuf,
    header: Header,
    rng: SeededDice,
    next_seq: u64,
    /// A bad last line set aside by the latest append, to be reported.
    set_aside: Option<TornTail>,
    /// For a battle with a thin history ([`Session::open_thin`]): where each record begins in the
    /// journal, to read back an event the history lets go and needs again (after an undo).
    offsets: Option<Vec<u64>>,
    /// For a session that keeps a checkpoint ([`Session::open_checkpointed`]): how it was opened,
    /// and the records replayed or added since the last checkpoint.
    checkpoint: Option<Checkpointing>,
}

/// How a session that keeps a checkpoint was opened, and how far it is from the last one.
#[derive(Clone, Debug, Default)]
struct Checkpointing {
    /// The checksum of the journal's header line.
    header_crc: u32,
    /// The record the checkpoint it was opened from covers; `None` when it replayed the whole
    /// journal.
    from: Option<u64>,
    /// Why a checkpoint beside the journal was left unused, if there was one.
    refused: Option<String>,
    /// Records replayed after the checkpoint (or from the start) and added since.
    since: u64,
    /// A new checkpoint is written once `since` is past this.
    every: u64,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("path", &self.path)
            .field("scenario", &self.battle.scenario)
            .field("seed", &self.header.seed)
            .field("next_seq", &self.next_seq)
            .finish()
    }
}

impl Session {
    /// Starts a new battle in a new journal at `journal_path` (refused if the file exists): writes
    /// the header and the start event, and applies it.
    pub fn create(
        scenario: Scenario,
        journal_path: impl AsRef<Path>,
        seed: u64,
        now: DateTime<Utc>,
    ) -> Result<Session, SessionError> {
        let path = journal_path.as_ref().to_path_buf();
        let header = Header {
            format: FORMAT,
            program: PROGRAM.to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            scenario_path: scenario.path.clone(),
            scenario: scenario.source.clone(),
            seed,
            started: now,
        };
        let journal = Journal::create(&path, &header)?;
        let mut session = Session {
            battle: Battle::new(scenario),
            journal,
            path,
            header,
            rng: SeededDice::new(seed),
            next_seq: 1,
            set_aside: None,
            offsets: None,
            checkpoint: None,
        };
        session.write_start(now)?;
        Ok(session)
    }

    /// Reopens a battle for the terminal UI: [`Session::open`], then sets a bad last line aside
    /// at once (returned with where it went, so the umpire can be told).
    pub fn resume(path: impl AsRef<Path>) -> Result<(Session, Option<TornTail>), SessionError> {
        let (mut session, torn) = Session::open(path)?;
        let torn = match torn {
            Some(_) => session.journal.set_aside_tail()?,
            None => None,
        };
        Ok((session, torn))
    }

    /// Reopens a battle: locks its journal, rebuilds the battle from the scenario in the header
    /// and every record (each checked against the rule set and roster), and puts the seeded
    /// generator back where the last record left it. A bad last line is returned but left in the
    /// file until the next record is written (then set aside first, see
    /// [`Session::take_set_aside`]), so a session that only has commands refused leaves the
    /// journal byte for byte as it was.
    pub fn open(path: impl AsRef<Path>) -> Result<(Session, Option<TornTail>), SessionError> {
        Self::reopen(path.as_ref(), Opening::Whole)
    }

    /// Reopens a battle to carry out commands, as [`Session::open`], keeping a thin history
    /// ([`History::thin`](super::History::thin)): the battle keeps only the events it needs now,
    /// and reads back from the journal, by where each record begins, one that an undo brings back
    /// to the top. Its memory grows by a few bytes an event, not by the events themselves. Not for
    /// the terminal UI, whose log shows every event.
    pub fn open_thin(path: impl AsRef<Path>) -> Result<(Session, Option<TornTail>), SessionError> {
        Self::reopen(path.as_ref(), Opening::Thin)
    }

    /// Reopens a battle to carry out commands, as [`Session::open_thin`], from its checkpoint
    /// ([`checkpoint`]) when there is one that matches the journal: only the records after the
    /// one it covers are replayed. A checkpoint that does not match is left unused (the journal
    /// is replayed from its start, [`Session::checkpoint_refused`] says why) and a fresh one is
    /// written after the next record. Once more than [`checkpoint::EVERY`] records have been
    /// replayed or added since the last checkpoint, each record the session adds writes a new
    /// one. A journal of format 1 or 2 gets none.
    pub fn open_checkpointed(
        path: impl AsRef<Path>,
    ) -> Result<(Session, Option<TornTail>), SessionError> {
        Self::open_checkpointed_every(path, checkpoint::EVERY)
    }

    /// [`Session::open_checkpointed`], writing a new checkpoint once more than `every` records
    /// have been replayed or added since the last (a short battle's checkpoints, in tests).
    pub fn open_checkpointed_every(
        path: impl AsRef<Path>,
        every: u64,
    ) -> Result<(Session, Option<TornTail>), SessionError> {
        Self::reopen(path.as_ref(), Opening::Checkpointed(every))
    }

    /// [`Session::open`], with every event kept, [`Session::open_thin`] or
    /// [`Session::open_checkpointed`].
    fn reopen(path: &Path, how: Opening) -> Result<(Session, Option<TornTail>), SessionError> {
        let path = path.to_path_buf();
        let mut reading = Journal::opening::<Header>(&path)?;
        let mut checkpointing = None;
        let (battle, dice, offsets) = match how {
            Opening::Whole => {
                let (battle, dice) = Replay::read(&path, &mut reading)?;
                (battle, dice, None)
            }
            Opening::Thin => {
                let (battle, dice, offsets) = Replay::read_thin(&path, &mut reading)?;
                (battle, dice, Some(offsets))
            }
            Opening::Checkpointed(every) => {
                let mut replay = Replay::new(&path, reading.header(), reading.checks())?.thin();
                let mut offsets = Vec::new();
                if reading.checks() == Checks::Chained {
                    let (from, refused) =
                        match replay.resume_checkpoint(&mut reading, &mut offsets)? {
                            Ok(from) => (from, None),
                            Err(reason) => (None, Some(reason)),
                        };
                    checkpointing = Some(Checkpointing {
                        header_crc: reading.header_checksum(),
                        from,
                        refused,
                        since: 0,
                        every,
                    });
                }
                let (battle, dice) = replay.read_on(&mut reading, &mut offsets)?;
                (battle, dice, Some(offsets))
            }
        };
        if let Some(c) = &mut checkpointing {
            let count = battle.history().entries().len() as u64;
            c.since = count - c.from.unwrap_or(0);
        }
        let (journal, header, torn) = reading.finish()?;
        let count = battle.history().entries().len() as u64;
        let rng = match dice {
            Some(p) => SeededDice::at(header.seed, p.word_pos),
            None => SeededDice::new(header.seed),
        };
        let mut session = Session {
            battle,
            journal,
            path,
            header,
            rng,
            next_seq: count + 1,
            set_aside: None,
            offsets,
            checkpoint: checkpointing,
        };
        if count == 0 {
            // The battle's creation stopped between the header and the start event.
            let started = session.header.started;
            session.write_start(started)?;
        }
        session.read_back()?;
        Ok((session, torn))
    }

    /// Reads back from the journal the events a thin history needs now and does not hold.
    fn read_back(&mut self) -> Result<(), SessionError> {
        match &self.offsets {
            Some(offsets) => read_back(&self.path, &mut self.battle, offsets, &mut None),
            None => Ok(()),
        }
    }

    /// Reads a battle without locking or changing its journal, keeping a thin history (as
    /// [`Session::open_thin`] does): for `umpire state`, which shows where the battle stands, not
    /// every event. It carries on from the checkpoint beside the journal when one matches it
    /// (checked as [`Session::open_checkpointed`] checks it), replaying only the records after
    /// it; one that does not match is left unused and left in place, and the journal is replayed
    /// from its start.
    pub fn load_thin(
        path: impl AsRef<Path>,
    ) -> Result<(Battle, Header, Option<TornTail>), SessionError> {
        let path = path.as_ref();
        let mut reading = Journal::reading::<Header>(path)?;
        let mut replay = Replay::new(path, reading.header(), reading.checks())?.thin();
        let mut offsets = Vec::new();
        if reading.checks() == Checks::Chained {
            // Why a checkpoint was refused is for the session that would replace it.
            let _refused = replay.resume_checkpoint(&mut reading, &mut offsets)?;
        }
        let (mut battle, _) = replay.read_on(&mut reading, &mut offsets)?;
        let (header, torn) = reading.finish_read()?;
        read_back(path, &mut battle, &offsets, &mut None)?;
        Ok((battle, header, torn))
    }

    /// Reads a battle without locking or changing its journal (for `state`, replays and reports):
    /// the battle as its records leave it, the header, and a bad last line if there is one (left
    /// out and left in place).
    pub fn load(
        path: impl AsRef<Path>,
    ) -> Result<(Battle, Header, Option<TornTail>), SessionError> {
        let path = path.as_ref();
        let mut reading = Journal::reading::<Header>(path)?;
        let (battle, _) = Replay::read(path, &mut reading)?;
        let (header, torn) = reading.finish_read()?;
        Ok((battle, header, torn))
    }

    /// A bad last line that the latest record's append set aside first (taken: reported once).
    pub fn take_set_aside(&mut self) -> Option<TornTail> {
        self.set_aside.take()
    }

    /// Carries out a command with the program's dice (`typed` = `None`) or the umpire's typed
    /// faces, all of which must be used. On success the record is on disk before the battle
    /// changes; it is returned. On any error nothing is written, nothing changes, and the
    /// program's generator is where it was.
    pub fn execute(
        &mut self,
        cmd: &Command,
        typed: Option<TypedDice>,
        now: DateTime<Utc>,
    ) -> Result<Record, SessionError> {
        let before = self.rng.clone();
        let entry = match self.resolve(cmd, typed) {
            Ok(entry) => entry,
            Err(e) => {
                self.rng = before;
                return Err(e);
            }
        };
        let record = Record {
            seq: self.next_seq,
            at: now,
            dice: Some(DicePos {
                word_pos: self.rng.word_pos(),
            }),
            entry,
        };
        let at = self.journal.len();
        if let Err(e) = self.append(&record) {
            self.rng = before;
            return Err(e);
        }
        self.next_seq += 1;
        if let Some(offsets) = &mut self.offsets {
            // A bad last line set aside by the append was cut off first: the record begins
            // where the journal's good lines ended.
            offsets.push(at);
        }
        // `handle` checked that the entry applies; the journal already holds it.
        self.battle.apply(record.entry.clone())?;
        self.read_back()?;
        if let Some(c) = &mut self.checkpoint {
            c.since += 1;
            if c.since > c.every || c.refused.is_some() {
                // The record is on disk and applied: a checkpoint that cannot be written (a full
                // disk, a folder without write permission) only means the next command replays
                // more, so the command stands.
                if self.write_checkpoint().is_ok()
                    && let Some(c) = &mut self.checkpoint
                {
                    c.since = 0;
                    c.refused = None;
                }
            }
        }
        Ok(record)
    }

    /// Writes the checkpoint of the battle as it stands after its last record
    /// ([`checkpoint::write`]); `Err` says why it could not.
    pub fn write_checkpoint(&self) -> Result<(), String> {
        let (Some(c), Some(offsets)) = (&self.checkpoint, &self.offsets) else {
            return Err("this session keeps no checkpoint".into());
        };
        if self.journal.checks() != Checks::Chained {
            return Err("the journal's lines are not chained".into());
        }
        let (state, priors, prior_starts, history) = self.battle.parts();
        let snapshot = checkpoint::Snapshot {
            header_crc: c.header_crc,
            seq: self.next_seq - 1,
            crc: self.journal.last_checksum(),
            dice: Some(DicePos {
                word_pos: self.rng.word_pos(),
            }),
            additions: self.battle.additions(),
            state,
            priors,
            prior_starts,
            history,
            offsets,
        };
        let bytes = checkpoint::encode(&snapshot, self.battle.ruleset.markers())?;
        let path = checkpoint::path_for(&self.path);
        checkpoint::write(&path, &bytes).map_err(|e| format!("{}: {e}", esc(&path)))
    }

    /// For a session opened with [`Session::open_checkpointed`]: the record the checkpoint it
    /// was opened from covers, `None` when it replayed the journal from its start.
    pub fn checkpoint_from(&self) -> Option<u64> {
        self.checkpoint.as_ref().and_then(|c| c.from)
    }

    /// For a session opened with [`Session::open_checkpointed`]: why the checkpoint beside the
    /// journal was left unused, until a fresh one is written.
    pub fn checkpoint_refused(&self) -> Option<&str> {
        self.checkpoint.as_ref().and_then(|c| c.refused.as_deref())
    }

    fn resolve(&mut self, cmd: &Command, typed: Option<TypedDice>) -> Result<Entry, SessionError> {
        match typed {
            None => Ok(self.battle.handle(cmd, &mut self.rng)?),
            Some(mut faces) => {
                let entry = self.battle.handle(cmd, &mut faces as &mut dyn DiceSource)?;
                faces.finish()?;
                Ok(entry)
            }
        }
    }

    fn write_start(&mut self, now: DateTime<Utc>) -> Result<(), SessionError> {
        let record = Record {
            seq: self.next_seq,
            at: now,
            dice: Some(DicePos {
                word_pos: self.rng.word_pos(),
            }),
            entry: self.battle.start_event(),
        };
        let at = self.journal.len();
        self.append(&record)?;
        self.next_seq += 1;
        if let Some(offsets) = &mut self.offsets {
            offsets.push(at);
        }
        self.battle.apply(record.entry)?;
        Ok(())
    }

    /// Appends a record, setting a bad last line aside first (kept for [`Session::take_set_aside`]).
    fn append(&mut self, record: &Record) -> Result<(), SessionError> {
        if let Some(tail) = self.journal.set_aside_tail()? {
            self.set_aside = Some(tail);
        }
        self.journal.append(record)?;
        Ok(())
    }

    pub fn battle(&self) -> &Battle {
        &self.battle
    }

    /// Entry `index` of the battle's history as its journal keeps it: record `index + 1`, on
    /// line `index + 2`, with its whole explanation (the resolutions and notes the history in
    /// memory lets go). Read through a handle of its own: the lock and where the next record is
    /// appended are untouched. It reads the journal up to that line (skipping, not parsing, the
    /// lines before it).
    pub fn record(&self, index: usize) -> Result<Record, SessionError> {
        let line = index + 2;
        let seq = index as u64 + 1;
        let record: Record =
            Journal::read_entry(&self.path, line)?.ok_or_else(|| SessionError::NoRecord {
                path: self.path.clone(),
                line,
                seq,
            })?;
        if record.seq != seq {
            return Err(SessionError::Sequence {
                path: self.path.clone(),
                line,
                expected: seq,
                found: record.seq,
            });
        }
        Ok(record)
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The seed of the program's dice.
    pub fn seed(&self) -> u64 {
        self.header.seed
    }

    /// The program's generator, where it stands now.
    pub fn dice(&self) -> &SeededDice {
        &self.rng
    }

    /// The sequence number the next record will have.
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }
}

/// Checks a journal's header and rebuilds its battle from the records, each checked; returns the
/// battle and where the program's dice stood after the last record that moved them. Records are
/// numbered from line 2.
pub fn replay(
    path: &Path,
    header: &Header,
    checks: Checks,
    records: impl IntoIterator<Item = Record>,
) -> Result<(Battle, Option<DicePos>), SessionError> {
    let mut replay = Replay::new(path, header, checks)?;
    for (i, record) in records.into_iter().enumerate() {
        replay.push(i + 2, record)?;
    }
    Ok(replay.finish())
}

/// A battle being rebuilt from its journal, one record at a time (so a long battle is never held
/// twice in memory while it loads).
pub struct Replay {
    path: PathBuf,
    battle: Battle,
    dice: Option<DicePos>,
    next_seq: u64,
}

impl Replay {
    /// Checks the header (program, format, checksums, the scenario it keeps) and starts the
    /// battle of its scenario, before any record.
    pub fn new(path: &Path, header: &Header, checks: Checks) -> Result<Replay, SessionError> {
        let format_error = |reason: String| SessionError::Format {
            path: path.to_path_buf(),
            reason,
        };
        if header.program != PROGRAM {
            return Err(format_error(format!(
                "it was written by `{}`, not {PROGRAM}",
                escape_terminal(&header.program)
            )));
        }
        let kind = |c: Checks| match c {
            Checks::Unchecked => "no checksums",
            Checks::Lines => "a checksum on each line",
            Checks::Chained => "chained checksums",
        };
        let expected = match header.format {
            FORMAT => Checks::Chained,
            FORMAT_LINES => Checks::Lines,
            FORMAT_UNCHECKED => Checks::Unchecked,
            other => {
                return Err(format_error(format!(
                    "its format is {other} (written by {PROGRAM} {}); this is {PROGRAM} {} and reads formats {FORMAT_UNCHECKED} to {FORMAT}",
                    escape_terminal(&header.version),
                    env!("CARGO_PKG_VERSION")
                )));
            }
        };
        if checks != expected {
            return Err(JournalError::Corrupt {
                path: path.to_path_buf(),
                line: 1,
                message: format!(
                    "the header says format {}, which has {}, but its line has {}",
                    header.format,
                    kind(expected),
                    kind(checks)
                ),
            }
            .into());
        }
        let label = format!("{}#scenario", path.display());
        let scenario = crate::scenario::parse(&label, &header.scenario).map_err(|errors| {
            SessionError::JournalScenario {
                path: path.to_path_buf(),
                errors,
            }
        })?;
        Ok(Replay {
            path: path.to_path_buf(),
            battle: Battle::new(scenario),
            dice: None,
            next_seq: 1,
        })
    }

    /// The battle is rebuilt keeping a thin history ([`Battle::thin`]).
    pub fn thin(mut self) -> Self {
        self.battle = self.battle.thin();
        self
    }

    /// Rebuilds the battle of a journal being read keeping a thin history, with where each
    /// record begins in the journal.
    pub fn read_thin(
        path: &Path,
        reading: &mut Reading<Header>,
    ) -> Result<(Battle, Option<DicePos>, Vec<u64>), SessionError> {
        let replay = Replay::new(path, reading.header(), reading.checks())?.thin();
        let mut offsets = Vec::new();
        let (battle, dice) = replay.read_on(reading, &mut offsets)?;
        Ok((battle, dice, offsets))
    }

    /// Carries this thin replay on to where the checkpoint beside the journal left it, before
    /// any record is read: the checkpoint is read and checked (its layout, its program version,
    /// every field against the rule set and roster), then its journal (the header line's
    /// checksum) and the record it covers (the chained checksum of the line at its offset) are
    /// checked against the journal being read, which then goes on after that record.
    /// `Ok(Ok(Some(seq)))`: it now stands after record `seq`, with where each record up to it
    /// begins in `offsets`. `Ok(Ok(None))`: there is no checkpoint. `Ok(Err(why))`: the
    /// checkpoint does not match, and nothing was changed. `Err`: the journal could not be read.
    pub fn resume_checkpoint(
        &mut self,
        reading: &mut Reading<Header>,
        offsets: &mut Vec<u64>,
    ) -> Result<Result<Option<u64>, String>, SessionError> {
        let path = checkpoint::path_for(&self.path);
        let bytes = match checkpoint::read(&path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return Ok(Ok(None)),
            Err(e) => return Ok(Err(format!("it cannot be read: {e}"))),
        };
        if self.next_seq != 1 || !offsets.is_empty() {
            return Ok(Err("the replay has begun".into()));
        }
        let cp = match checkpoint::decode(&bytes, self.battle.ruleset.markers()) {
            Ok(cp) => cp,
            Err(e) => return Ok(Err(e)),
        };
        if cp.header_crc != reading.header_checksum() {
            return Ok(Err("it is of another journal (its header differs)".into()));
        }
        let history = match History::from_codes(&cp.codes) {
            Ok(h) => h,
            Err(e) => return Ok(Err(e)),
        };
        // The units added are built again before the state that names them is taken; a
        // checkpoint refused after that leaves the battle as it was before them.
        let fresh = (!cp.additions.is_empty()).then(|| self.battle.clone_fresh());
        let refuse = |battle: &mut Battle, fresh: Option<Battle>, e: String| {
            if let Some(f) = fresh {
                *battle = f;
            }
            Ok(Err(e))
        };
        if let Err(e) = self.battle.readmit(&cp.additions) {
            return refuse(&mut self.battle, fresh, e);
        }
        if let Err(e) = self
            .battle
            .check_parts(&cp.state, &cp.priors, &cp.prior_starts, &history)
        {
            return refuse(&mut self.battle, fresh, e);
        }
        let Ok(line) = usize::try_from(cp.seq + 1) else {
            return Ok(Err("it covers more records than a journal holds".into()));
        };
        let covered = reading.skip_to::<Covered>(line, cp.offset, cp.crc, |r| r.seq == cp.seq)?;
        if covered.is_none() {
            let e = format!(
                "the journal does not hold the record it covers (record {} at byte {}): the \
                 journal was cut back, rewritten or replaced since",
                cp.seq, cp.offset
            );
            return refuse(&mut self.battle, fresh, e);
        }
        self.battle
            .set_parts(cp.state, cp.priors, cp.prior_starts, history);
        self.dice = cp.dice;
        self.next_seq = cp.seq + 1;
        *offsets = cp.offsets;
        // The events the history needs now, read back by where their records begin (through
        // the file this reading reads).
        let mut reader = Some(reading.entry_reader()?);
        read_back(&self.path, &mut self.battle, offsets, &mut reader)?;
        Ok(Ok(Some(cp.seq)))
    }

    /// Reads the rest of a journal into this thin replay, record by record, with where each
    /// record begins appended to `offsets` (which holds those of the records before).
    pub fn read_on(
        mut self,
        reading: &mut Reading<Header>,
        offsets: &mut Vec<u64>,
    ) -> Result<(Battle, Option<DicePos>), SessionError> {
        let path = self.path.clone();
        let path = path.as_path();
        let replay = &mut self;
        let mut reader = None;
        loop {
            let at = reading.offset();
            let Some(entry) = reading.next_entry::<LeanRecord>() else {
                break;
            };
            let (line, LeanRecord(record)) = entry?;
            offsets.push(at);
            // A redo puts back the effects of an event that an undo took back: read it back
            // first, from where its record began, if it was let go (an undo needs only what the
            // event overwrote, which the battle keeps).
            if matches!(record.entry, Entry::Redo) {
                read_back(path, &mut replay.battle, offsets, &mut reader)?;
            }
            replay.push(line, record)?;
        }
        Ok(self.finish())
    }

    /// Rebuilds the battle of a journal being read, record by record as they are read (each read
    /// without its explanation, which the battle's history does not keep).
    pub fn read(
        path: &Path,
        reading: &mut Reading<Header>,
    ) -> Result<(Battle, Option<DicePos>), SessionError> {
        let mut replay = Replay::new(path, reading.header(), reading.checks())?;
        while let Some(entry) = reading.next_entry::<LeanRecord>() {
            let (line, LeanRecord(record)) = entry?;
            replay.push(line, record)?;
        }
        Ok(replay.finish())
    }

    /// Applies the record read on `line`, checked: its sequence number, then everything it
    /// names and holds ([`Battle::apply`]).
    pub fn push(&mut self, line: usize, record: Record) -> Result<(), SessionError> {
        if record.dice.is_some() {
            self.dice = record.dice;
        }
        apply_record(
            &self.path,
            &mut self.battle,
            self.next_seq,
            line,
            record.seq,
            record.entry,
        )?;
        self.next_seq += 1;
        Ok(())
    }

    /// The battle as its records leave it, and where the program's dice stood.
    pub fn finish(self) -> (Battle, Option<DicePos>) {
        (self.battle, self.dice)
    }
}

/// Reads back from the journal at `path` the events `battle`'s thin history needs now and does
/// not hold, each from where its record begins (`offsets`, by entry), through `reader` (opened on
/// first use and kept).
fn read_back(
    path: &Path,
    battle: &mut Battle,
    offsets: &[u64],
    reader: &mut Option<EntryReader>,
) -> Result<(), SessionError> {
    for idx in battle.history().missing() {
        let Some(&at) = offsets.get(idx) else {
            continue;
        };
        let line = idx + 2;
        let r = match reader {
            Some(r) => r,
            None => reader.insert(EntryReader::new(path)?),
        };
        let record = r
            .read::<LeanRecord>(line, at)?
            .map(|LeanRecord(r)| r)
            .ok_or_else(|| JournalError::Corrupt {
                path: path.to_path_buf(),
                line,
                message: "the record read when the journal was opened is no longer whole".into(),
            })?;
        if let Entry::Event(ev) = record.entry {
            battle.restore(idx, ev);
        }
    }
    Ok(())
}

/// Applies the entry of record `seq`, read on `line` of the journal at `path`, to `battle`,
/// checked: its sequence number must be `expected`, then everything it names and holds
/// ([`Battle::apply`]). A journal being read whole ([`Replay`]) or followed as it grows
/// ([`crate::report::Chronicle::follow`]) is checked so.
pub(crate) fn apply_record(
    path: &Path,
    battle: &mut Battle,
    expected: u64,
    line: usize,
    seq: u64,
    entry: Entry,
) -> Result<(), SessionError> {
    if seq != expected {
        return Err(SessionError::Sequence {
            path: path.to_path_buf(),
            line,
            expected,
            found: seq,
        });
    }
    battle.apply(entry).map_err(|source| SessionError::Replay {
        path: path.to_path_buf(),
        line,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::{Event, EventKind};
    use crate::declare::{Params, Value};
    use crate::dice::Die;
    use crate::model::Effect;
    use crate::resolution::{Resolution, Step};
    use chrono::TimeZone;

    fn t(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_700_000_000 + s, 0).unwrap()
    }

    #[test]
    fn record_json_is_one_flat_object_and_round_trips() {
        let rec = Record {
            seq: 12,
            at: t(5),
            dice: Some(DicePos {
                word_pos: u128::from(u64::MAX) * 3,
            }),
            entry: Entry::Event(Event {
                kind: EventKind::Act {
                    action: "fire".into(),
                    params: Params::new()
                        .with("range", Value::Int(12))
                        .with("cover", Value::Text("hard".into()))
                        .with("mod", Value::Num(1.5))
                        .with("flank", Value::Bool(true)),
                },
                summary: "Red One fires".into(),
                audience: Audience::Side("red".into()),
                resolutions: vec![Resolution {
                    ruleset: "newport".into(),
                    action: "fire".into(),
                    title: "Fire".into(),
                    steps: vec![Step {
                        label: "fires".into(),
                        dice: vec![crate::dice::Roll {
                            die: Die::D10,
                            face: 7,
                            purpose: "fire".into(),
                        }],
                        outcome: "hit".into(),
                        ..Step::default()
                    }],
                    result: "hit".into(),
                    rolled_by_program: false,
                    ..Resolution::default()
                }],
                effects: vec![Effect::Hits {
                    unit: "b1".into(),
                    hits: 1,
                }],
                notes: vec!["note".into()],
                offers: vec![],
                partial: None,
            }),
        };
        let json = serde_json::to_string(&rec).unwrap();
        assert!(json.starts_with(
            r#"{"seq":12,"at":"2023-11-14T22:13:25Z","dice":{"word_pos":"55340232221128654845"},"entry":"event","kind":"act","action":"fire""#
        ), "{json}");
        let back: Record = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back.dice_mode(), Some(DiceMode::Typed));

        let undo = Record {
            seq: 13,
            at: t(6),
            dice: None,
            entry: Entry::Undo,
        };
        let json = serde_json::to_string(&undo).unwrap();
        assert_eq!(
            json,
            r#"{"seq":13,"at":"2023-11-14T22:13:26Z","entry":"undo"}"#
        );
        assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), undo);
        assert_eq!(undo.dice_mode(), None);
    }

    #[test]
    fn a_record_read_back_is_the_record_written_with_its_explanation() {
        use crate::cli::play::{DEMO_NAME, DEMO_SCENARIO};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let scenario = crate::scenario::parse(DEMO_NAME, DEMO_SCENARIO).unwrap();
        let mut s = Session::create(scenario, &path, 7, t(0)).unwrap();
        let advance = s.execute(&Command::Advance, None, t(1)).unwrap();
        let fire = Command::Act {
            action: "fire".into(),
            params: Params::new()
                .with("firer", Value::Text("1-1".into()))
                .with("target", Value::Text("g11".into()))
                .with("range", Value::Num(12.0)),
        };
        let fired = s.execute(&fire, None, t(2)).unwrap();
        let undone = s.execute(&Command::Undo, None, t(3)).unwrap();
        assert_eq!(s.record(1).unwrap(), advance);
        let back = s.record(2).unwrap();
        assert_eq!(back, fired);
        match &back.entry {
            Entry::Event(e) => assert!(!e.resolutions.is_empty(), "the explanation is kept"),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.record(3).unwrap(), undone);
        assert_eq!(s.record(0).unwrap().seq, 1);
        let e = s.record(4).unwrap_err();
        assert!(
            e.to_string().ends_with(
                ":6: the battle journal has no record 5 there (it may have been cut short)"
            ),
            "{e}"
        );
        // The journal is still this session's: the next record goes on the next line.
        let redone = s.execute(&Command::Redo, None, t(4)).unwrap();
        assert_eq!(s.record(4).unwrap(), redone);
        assert_eq!(redone.seq, 5);
    }
}
