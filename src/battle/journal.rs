//! The battle journal: an append-only JSON Lines file that survives crashes and detects damage.
//!
//! # Format
//!
//! ```text
//! {"crc":"5d0a73c1","prev":"00000000","format":3,"program":"umpire",…}   ← line 1: the header
//! {"crc":"0b8e6f42","prev":"5d0a73c1","seq":1,"at":"…","entry":"event",…} ← line 2: the first entry
//! {"crc":"…","prev":"0b8e6f42","seq":2,…}                                  ← one entry a line
//! ```
//!
//! Every line is one JSON object written by `serde_json` (which never puts a raw newline inside a
//! value) and ends with `\n`. Its first member, `crc`, is the CRC-32 (IEEE, as eight lowercase hex
//! digits) of the object written without that member: of the bytes `{` followed by everything
//! after `"crc":"xxxxxxxx",`. Its second, `prev`, is the `crc` of the line before it (`00000000`
//! on the header), so the checksum of each line covers its place in the journal: a line copied
//! from another journal, or moved within this one, does not follow its neighbour
//! ([`Checks::Chained`]). The line stays plain JSON that any tool reads; the entry's value is read
//! without the two members. This module is generic over the header and entry types: it knows
//! nothing about battles ([`super::session`] gives it its meaning).
//!
//! Journals written before the chain have a `crc` but no `prev` on each line
//! ([`Checks::Lines`]), and the earliest none at all ([`Checks::Unchecked`]); each is read as it
//! is (the header line says which kind it is: [`Reading::checks`]) and carries on in its own
//! kind, so a line of one kind never follows a line of another.
//!
//! # Guarantees
//!
//! The model is Redis's append-only file with `appendfsync always` and truncated-tail loading:
//!
//! - **Every acknowledged entry is on disk.** [`Journal::append`] writes the whole line with one
//!   `write` and calls `fdatasync` before it returns `Ok`. [`Journal::create`] syncs the new file
//!   and its directory before it returns, so the journal itself cannot vanish in a crash.
//! - **Damage is detected, never replayed silently.** A line whose checksum does not match its
//!   content (a flipped bit, an edit by hand), that is not JSON, or that lacks its checksum in a
//!   checksummed journal is damaged. A line whose chain does not name the line before it is out
//!   of its place, which no crash can cause: an error naming it, wherever it stands. Damage anywhere but the last line cannot come from an
//!   interrupted append: opening or reading such a file fails with [`JournalError::Corrupt`]
//!   naming the file, the line and what is wrong, and the file is left exactly as it was.
//! - **A bad last line is set aside, never destroyed.** A crash in the middle of an append can
//!   leave an unfinished line at the end of the file (no newline), or a whole line whose bytes did
//!   not all reach the disk. Such a line was never acknowledged. Loading reports it ([`TornTail`]:
//!   [`TailKind::Unfinished`] or [`TailKind::Damaged`]). [`Journal::set_aside_tail`] copies its
//!   bytes to a sibling file `<journal>.torn-<unix-seconds>`, syncs that, and only then truncates
//!   the journal to the end of its last good line; [`Journal::append`] does so first if it has
//!   not been done, so a journal opened only to have a command refused is left byte for byte as
//!   it was.
//! - **One writer.** [`Journal::create`] and [`Journal::open`] take an exclusive advisory lock on
//!   the file (`flock` on Unix, `LockFileEx` on Windows), held until the [`Journal`] is dropped. A
//!   second writer — another process, or another handle in the same one — gets
//!   [`JournalError::Locked`]. [`Journal::read`] takes no lock and changes nothing: it is for
//!   replays and reports, and may see a line that a live writer is still writing (reported as a
//!   torn tail).
//! - **Only regular files.** A FIFO, a device or a directory is refused before it is opened
//!   ([`JournalError::NotRegular`]), so nothing blocks or reads without end.
//! - **A failed append leaves a whole journal.** If writing or syncing a line fails (a full disk),
//!   the partial line is cut off again. If that is impossible, or the sync itself failed (after
//!   which the kernel may already have dropped the data), the journal refuses further appends
//!   ([`JournalError::Broken`]); reopening it loads what is really on disk.
//!
//! What it does not do: a checksum tells damage from chance, not from intent (whoever edits a line
//! can write its checksum again), and the lock is advisory (a program that ignores it can still
//! write).

use crate::text::escape_terminal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The start of every checksummed line: `{"crc":"` then eight hex digits then `",`.
const CRC_OPEN: &[u8] = b"{\"crc\":\"";
/// Length of the checksum member with its punctuation: `{"crc":"xxxxxxxx",`.
const CRC_PREFIX_LEN: usize = CRC_OPEN.len() + 8 + 2;
/// The chain member that follows the checksum in a chained journal: `"prev":"` then the eight hex
/// digits of the previous line's checksum (`00000000` on the header).
const PREV_OPEN: &[u8] = b"\"prev\":\"";
/// Length of the chain member with its punctuation: `"prev":"xxxxxxxx",`.
const PREV_LEN: usize = PREV_OPEN.len() + 8 + 2;

/// The longest line a journal holds: a header with the largest scenario (its text escaped as
/// JSON) and room to spare. Nothing longer is ever written, and reading never holds more of one
/// line: a longer last line is reported as unfinished without being read.
pub const MAX_LINE: usize = 2 * crate::files::MAX_SCENARIO_BYTES as usize + 8 * 1024 * 1024;

/// How a journal's lines are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// No checksums (the earliest journals).
    Unchecked,
    /// A checksum on each line, covering that line alone.
    Lines,
    /// A checksum on each line that covers the checksum of the line before it too (`prev`): a
    /// line from another journal, or from elsewhere in this one, does not follow its neighbour.
    Chained,
}

/// Why a journal could not be created, opened, read or appended to.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error(
        "{}: the battle journal already exists; resume it instead, or choose another file",
        esc(path)
    )]
    Exists { path: PathBuf },
    #[error(
        "{}: another umpire process has this battle open (the journal is locked); close it there first",
        esc(path)
    )]
    Locked { path: PathBuf },
    #[error(
        "{}:{line}: the battle journal is damaged: {}; the file was left unchanged",
        esc(path),
        escape_terminal(message)
    )]
    Corrupt {
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        message: String,
    },
    #[error(
        "{}: not a battle journal: {}",
        esc(path),
        if *scenario {
            format!(
                "it is a scenario; start a battle from it with `umpire new {} --journal BATTLE.jsonl` (or `umpire play {}`)",
                esc(path),
                esc(path)
            )
        } else {
            "its first line is not a journal's header".to_string()
        }
    )]
    NotAJournal {
        path: PathBuf,
        /// It reads as a scenario file (TOML naming a rule set).
        scenario: bool,
    },
    #[error(
        "{}: cannot open the battle journal: not a regular file (it is {what})",
        esc(path)
    )]
    NotRegular {
        path: PathBuf,
        /// What it is instead ("a directory", "a FIFO (named pipe)" …).
        what: &'static str,
    },
    #[error("{}: cannot {action} the battle journal: {source}", esc(path))]
    Io {
        path: PathBuf,
        /// What was being done ("open", "append to" …).
        action: &'static str,
        source: io::Error,
    },
    #[error("{}: cannot write this entry as one JSON line: {source}", esc(path))]
    Encode {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error(
        "{}: an earlier write to the battle journal failed and could not be undone; reopen the battle to carry on from what is on disk",
        esc(path)
    )]
    Broken { path: PathBuf },
    #[error(
        "{}: the battle journal is no longer at this path (it was moved, replaced or deleted while \
         the battle was open): nothing more is recorded here, and this event was not saved; find \
         the journal and resume it",
        esc(path)
    )]
    Displaced { path: PathBuf },
}

fn esc(path: &Path) -> String {
    escape_terminal(&path.display().to_string())
}

/// What was wrong with a bad last line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TailKind {
    /// It has no newline: an append that never finished.
    Unfinished,
    /// It is whole but fails its checksum or does not parse: its bytes did not all reach the disk,
    /// or were changed since.
    Damaged,
}

impl TailKind {
    /// `unfinished` or `damaged`.
    pub fn word(self) -> &'static str {
        match self {
            TailKind::Unfinished => "unfinished",
            TailKind::Damaged => "damaged",
        }
    }

    /// The word with its article: `an unfinished`, `a damaged`.
    pub fn with_article(self) -> &'static str {
        match self {
            TailKind::Unfinished => "an unfinished",
            TailKind::Damaged => "a damaged",
        }
    }
}

/// A bad last line found when loading a journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TornTail {
    pub kind: TailKind,
    /// Byte offset in the journal where the line began (the end of the last good line).
    pub offset: u64,
    /// How many bytes the line had.
    pub bytes: u64,
    /// 1-based line number.
    pub line: usize,
    /// Where those bytes were saved once set aside; `None` before that, and always from
    /// [`Journal::read`], which changes nothing.
    pub saved_to: Option<PathBuf>,
}

impl TornTail {
    /// One sentence for the umpire: what was found, and what became of it.
    pub fn describe(&self) -> String {
        let what = format!(
            "{} last line (line {}, {} bytes at byte {})",
            self.kind.with_article(),
            self.line,
            self.bytes,
            self.offset
        );
        match &self.saved_to {
            Some(p) => format!(
                "{what} was set aside in {}; the battle carries on from its last whole event",
                escape_terminal(&p.display().to_string())
            ),
            None => format!("{what} is left out; the battle stands at its last whole event"),
        }
    }
}

/// A journal opened for writing, with everything it held.
#[derive(Debug)]
pub struct Opened<H, E> {
    /// The journal, locked, positioned to append after the last good entry.
    pub journal: Journal,
    pub header: H,
    /// The entries, oldest first: entry `i` is on line `i + 2`.
    pub entries: Vec<E>,
    /// A bad last line, not yet set aside ([`Journal::set_aside_tail`]).
    pub torn: Option<TornTail>,
    /// Whether the journal's lines carry checksums (every journal this program creates).
    pub checksummed: bool,
    /// How its lines are checked.
    pub checks: Checks,
}

/// A journal's contents, read without locking or changing it.
#[derive(Clone, Debug)]
pub struct Loaded<H, E> {
    pub header: H,
    /// The entries, oldest first: entry `i` is on line `i + 2`.
    pub entries: Vec<E>,
    /// A bad last line (left in place).
    pub torn: Option<TornTail>,
    /// Whether the journal's lines carry checksums.
    pub checksummed: bool,
    /// How its lines are checked.
    pub checks: Checks,
}

/// An open, locked, append-only journal. The lock is released when it is dropped.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
    /// Length of the file: the end of its last good line.
    len: u64,
    /// An append failed in a way that could not be undone.
    broken: bool,
    /// How lines are written: the journal's own kind, kept to its end.
    checks: Checks,
    /// The checksum of the last good line, which the next line's chain names.
    last: u32,
    /// A bad last line still in the file, past `len`, with its bytes.
    pending: Option<TornTail>,
}

impl Journal {
    /// Creates a new journal holding only `header`, locked for writing. Refuses if the file
    /// exists. The file and its directory are synced before it returns.
    pub fn create<H: Serialize>(
        path: impl AsRef<Path>,
        header: &H,
    ) -> Result<Journal, JournalError> {
        let path = path.as_ref().to_path_buf();
        let (line, crc) = encode_line(&path, header, Checks::Chained, 0)?;
        // A device or a FIFO at the path is not a journal that exists: say what it is.
        if let Ok(meta) = std::fs::metadata(&path)
            && !meta.is_file()
        {
            return Err(JournalError::NotRegular {
                path,
                what: crate::files::what_it_is(&meta),
            });
        }
        let file = match OpenOptions::new().append(true).create_new(true).open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                return Err(JournalError::Exists { path });
            }
            Err(source) => {
                return Err(JournalError::Io {
                    path,
                    action: "create",
                    source,
                });
            }
        };
        let io = |action, source| JournalError::Io {
            path: path.clone(),
            action,
            source,
        };
        let written = lock(&file, &path).and_then(|()| {
            (&file)
                .write_all(&line)
                .and_then(|()| file.sync_all())
                .map_err(|e| io("write the header of", e))?;
            sync_dir(&path).map_err(|e| io("sync the folder of", e))
        });
        if let Err(e) = written {
            // Nothing of value is in the file yet: take it away so the name can be used again.
            drop(file);
            if !matches!(e, JournalError::Locked { .. }) {
                let _ = std::fs::remove_file(&path);
            }
            return Err(e);
        }
        Ok(Journal {
            file,
            path,
            len: line.len() as u64,
            broken: false,
            checks: Checks::Chained,
            last: crc,
            pending: None,
        })
    }

    /// Opens an existing journal for writing: locks it and loads every line. A bad last line is
    /// reported in [`Opened::torn`] and left in the file until [`Journal::set_aside_tail`] or the
    /// next [`Journal::append`] sets it aside; until then the file is unchanged.
    pub fn open<H: DeserializeOwned, E: DeserializeOwned>(
        path: impl AsRef<Path>,
    ) -> Result<Opened<H, E>, JournalError> {
        let mut reading = Journal::opening::<H>(path)?;
        let entries = reading.entries()?;
        let checksummed = reading.checksummed();
        let checks = reading.checks();
        let (journal, header, torn) = reading.finish()?;
        Ok(Opened {
            journal,
            header,
            entries,
            torn,
            checksummed,
            checks,
        })
    }

    /// Opens an existing journal for writing, locked, and reads its header; its entries are then
    /// read one at a time ([`Reading::next_entry`]), so a long battle is never held twice in
    /// memory. [`Reading::finish`] gives the journal, ready to append to.
    pub fn opening<H: DeserializeOwned>(
        path: impl AsRef<Path>,
    ) -> Result<Reading<H>, JournalError> {
        let path = path.as_ref().to_path_buf();
        let io = |action, source| JournalError::Io {
            path: path.clone(),
            action,
            source,
        };
        let file = open_regular(&path, OpenOptions::new().read(true).append(true))?;
        lock(&file, &path)?;
        let input = file.try_clone().map_err(|e| io("read", e))?;
        let journal = Journal {
            file,
            path: path.clone(),
            len: 0,
            broken: false,
            checks: Checks::Chained,
            last: 0,
            pending: None,
        };
        Reading::start(path, input, Some(journal))
    }

    /// Reads a journal without locking or changing it (for replays and reports). A bad last line
    /// is reported and left in place.
    pub fn read<H: DeserializeOwned, E: DeserializeOwned>(
        path: impl AsRef<Path>,
    ) -> Result<Loaded<H, E>, JournalError> {
        let mut reading = Journal::reading::<H>(path)?;
        let entries = reading.entries()?;
        let checksummed = reading.checksummed();
        let checks = reading.checks();
        let (header, torn) = reading.finish_read()?;
        Ok(Loaded {
            header,
            entries,
            torn,
            checksummed,
            checks,
        })
    }

    /// Reads a journal's header without locking or changing the file; its entries are then read
    /// one at a time ([`Reading::next_entry`]).
    pub fn reading<H: DeserializeOwned>(
        path: impl AsRef<Path>,
    ) -> Result<Reading<H>, JournalError> {
        let path = path.as_ref().to_path_buf();
        let input = open_regular(&path, OpenOptions::new().read(true))?;
        Reading::start(path, input, None)
    }

    /// Reads the entry on line `line` (the first entry is on line 2), checked as loading checks
    /// it, or `None` when the journal has no such line (or it is a bad last line). The lines
    /// before it are skipped, not parsed. It takes no lock and changes nothing: it reads through a
    /// handle of its own, so a journal open for writing keeps its lock and where it appends.
    pub fn read_entry<E: DeserializeOwned>(
        path: impl AsRef<Path>,
        line: usize,
    ) -> Result<Option<E>, JournalError> {
        let mut reading = Journal::reading::<serde::de::IgnoredAny>(path)?;
        while reading.line < line {
            match reading.read_more()? {
                // The end, or an unfinished last line.
                0 => return Ok(None),
                _ if reading.buf.last() != Some(&b'\n') => return Ok(None),
                n => {
                    // Skipped, not checked: only its checksum is kept, for the chain of the
                    // line asked for.
                    if let Ok(crc) = written_checksum(&reading.buf) {
                        reading.last = crc;
                    }
                    reading.offset += n as u64;
                    reading.line += 1;
                }
            }
        }
        match reading.next_entry::<E>() {
            Some(Ok((found, entry))) if found == line => Ok(Some(entry)),
            Some(Ok(_)) | None => Ok(None),
            Some(Err(e)) => Err(e),
        }
    }

    /// Reads the entry on line `line`, which begins at byte `offset` (as a reading of the whole
    /// journal found it), checked against its own checksum: for reading back one entry of a
    /// journal already read whole (its chain was checked then), without reading what comes before.
    /// `None` when no whole line begins there. It takes no lock and changes nothing.
    pub fn read_entry_at<E: DeserializeOwned>(
        path: impl AsRef<Path>,
        line: usize,
        offset: u64,
    ) -> Result<Option<E>, JournalError> {
        EntryReader::new(path.as_ref())?.read(line, offset)
    }

    /// Sets a bad last line found by [`Journal::open`] aside: copies its bytes to a new sibling
    /// file, syncs it, then cuts the journal back to its last good line. Returns the tail with
    /// where it was saved, or `None` if there was none (or it was already set aside).
    pub fn set_aside_tail(&mut self) -> Result<Option<TornTail>, JournalError> {
        let Some(mut tail) = self.pending.take() else {
            return Ok(None);
        };
        let saved = set_aside(&self.path, &self.file, self.len);
        let saved = match saved.and_then(|p| {
            self.file.set_len(self.len)?;
            self.file.sync_all()?;
            Ok(p)
        }) {
            Ok(p) => p,
            Err(e) => {
                self.pending = Some(tail);
                return Err(self.io("set aside the bad last line of", e));
            }
        };
        tail.saved_to = Some(saved);
        Ok(Some(tail))
    }

    /// Appends one entry as one line and syncs it to disk before returning. When this returns
    /// `Ok`, the entry survives a crash; when it returns an error, the journal holds what it held
    /// before. A bad last line still in the file is set aside first.
    pub fn append<E: Serialize>(&mut self, entry: &E) -> Result<(), JournalError> {
        if self.broken {
            self.still_named()?;
            return Err(JournalError::Broken {
                path: self.path.clone(),
            });
        }
        let (line, crc) = encode_line(&self.path, entry, self.checks, self.last)?;
        // Written into a file that its path no longer names, an event would be acknowledged and
        // lost when the program ends: stop instead.
        self.still_named()?;
        self.set_aside_tail()?;
        if let Err(source) = (&self.file).write_all(&line) {
            self.broken = self.cut_back().is_err();
            return Err(self.io("append to", source));
        }
        if let Err(source) = self.file.sync_data() {
            // After a failed sync the kernel may have dropped the written pages: trust nothing in
            // memory, and make the umpire reopen from what is on disk.
            let _ = self.cut_back();
            self.broken = true;
            return Err(self.io("sync", source));
        }
        self.len += line.len() as u64;
        self.last = crc;
        // Moved away while it was written: the line is in the file held, not at the path.
        self.still_named()?;
        Ok(())
    }

    /// Whether the journal's path still names the file this writer holds (the same device and
    /// inode); once it does not, the writer is broken for good.
    fn still_named(&mut self) -> Result<(), JournalError> {
        use std::os::unix::fs::MetadataExt as _;
        let held = self.file.metadata().map_err(|e| self.io("check", e))?;
        let named = std::fs::metadata(&self.path)
            .is_ok_and(|m| m.dev() == held.dev() && m.ino() == held.ino());
        if named {
            Ok(())
        } else {
            self.broken = true;
            Err(JournalError::Displaced {
                path: self.path.clone(),
            })
        }
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The journal's length in bytes (the end of its last good line).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when the journal holds nothing (never, once created: the header is a line).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether its lines carry checksums.
    pub fn checksummed(&self) -> bool {
        self.checks != Checks::Unchecked
    }

    /// How its lines are checked.
    pub fn checks(&self) -> Checks {
        self.checks
    }

    /// The checksum of its last good line (the header's in a journal of no entries): what the
    /// next line's chain names. 0 in a journal written without checksums.
    pub fn last_checksum(&self) -> u32 {
        self.last
    }

    /// Takes back a partly written line.
    fn cut_back(&self) -> io::Result<()> {
        self.file.set_len(self.len)?;
        self.file.sync_all()
    }

    fn io(&self, action: &'static str, source: io::Error) -> JournalError {
        JournalError::Io {
            path: self.path.clone(),
            action,
            source,
        }
    }
}

/// One value as one line with its checksum: its JSON, the checksum member first unless the
/// journal is unchecked, then in a chained journal the chain member naming `prev` (the checksum
/// of the line before), and the newline.
fn encode_line<T: Serialize>(
    path: &Path,
    value: &T,
    checks: Checks,
    prev: u32,
) -> Result<(Vec<u8>, u32), JournalError> {
    let encode = |source| JournalError::Encode {
        path: path.to_path_buf(),
        source,
    };
    let body = serde_json::to_vec(value).map_err(encode)?;
    // serde_json escapes control characters in strings and writes no whitespace, so a line break
    // here would be a bug in a Serialize impl writing raw JSON.
    if body.contains(&b'\n') {
        return Err(encode(serde::ser::Error::custom(
            "the entry's JSON contains a line break",
        )));
    }
    if checks == Checks::Unchecked {
        let mut line = body;
        line.push(b'\n');
        return Ok((line, 0));
    }
    let rest = match body.as_slice() {
        [b'{', b'}'] => &[][..],
        [b'{', rest @ ..] => rest,
        _ => {
            return Err(encode(serde::ser::Error::custom(
                "a journal line must be a JSON object",
            )));
        }
    };
    // What the checksum covers: the object without its checksum member.
    let mut covered = Vec::with_capacity(body.len() + PREV_LEN);
    covered.push(b'{');
    if checks == Checks::Chained {
        covered.extend_from_slice(PREV_OPEN);
        covered.extend_from_slice(format!("{prev:08x}").as_bytes());
        covered.extend_from_slice(if rest.is_empty() { b"\"" } else { b"\"," });
    }
    covered.extend_from_slice(if rest.is_empty() { b"}" } else { rest });
    let crc = crc32fast::hash(&covered);
    let mut line = Vec::with_capacity(covered.len() + CRC_PREFIX_LEN + 1);
    line.extend_from_slice(CRC_OPEN);
    line.extend_from_slice(format!("{crc:08x}").as_bytes());
    if covered == b"{}" {
        line.extend_from_slice(b"\"}");
    } else {
        line.extend_from_slice(b"\",");
        line.extend_from_slice(&covered[1..]);
    }
    line.push(b'\n');
    if line.len() > MAX_LINE {
        return Err(encode(serde::ser::Error::custom(format!(
            "the entry is {} bytes as a line; a journal line holds at most {MAX_LINE}",
            line.len()
        ))));
    }
    Ok((line, crc))
}

/// Whether a line (without its newline) begins with a checksum member.
fn has_checksum(line: &[u8]) -> bool {
    line.starts_with(CRC_OPEN)
}

/// Where the JSON object of a checksummed line begins once its checksum member is taken out: the
/// object is made in place, the byte before its first member becoming its `{`, so nothing is
/// copied. `None` when the member is malformed.
fn object_start(line: &[u8]) -> Option<usize> {
    let at = CRC_OPEN.len() + 8;
    match line.get(at..)? {
        // `{"crc":"xxxxxxxx"}`: an empty object.
        [b'"', b'}'] => Some(at),
        [b'"', b',', ..] => Some(at + 1),
        _ => None,
    }
}

/// The checksum a checksummed line says it has, or what is wrong with it.
fn written_checksum(line: &[u8]) -> Result<u32, String> {
    if !has_checksum(line) || line.len() < CRC_PREFIX_LEN {
        return Err("the line has no checksum".into());
    }
    std::str::from_utf8(&line[CRC_OPEN.len()..CRC_OPEN.len() + 8])
        .ok()
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        })
        .and_then(|h| u32::from_str_radix(h, 16).ok())
        .ok_or_else(|| "its checksum is not eight hex digits".into())
}

/// The chain member that opens a checksummed object (`{"prev":"xxxxxxxx",…`), if it has one: the
/// checksum it names, and where the rest of the object begins.
fn chain_member(object: &[u8]) -> Option<Result<(u32, usize), String>> {
    let at = 1 + PREV_OPEN.len();
    if !object[1..].starts_with(PREV_OPEN) {
        return None;
    }
    let hex = object
        .get(at..at + 8)
        .and_then(|h| std::str::from_utf8(h).ok())
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        })
        .and_then(|h| u32::from_str_radix(h, 16).ok());
    // Where the rest of the object begins: after `",`, or at the `}` of `"}`.
    let rest = match object.get(at + 8..) {
        Some([b'"', b'}', ..]) => Some(at + 9),
        Some([b'"', b',', ..]) => Some(at + 10),
        _ => None,
    };
    Some(match (hex, rest) {
        (Some(prev), Some(rest)) => Ok((prev, rest)),
        _ => Err("its chain member (prev) is malformed".into()),
    })
}

/// One line's value and its checksum, verified first as the journal's `checks` say: the
/// checksum against the content, and in a chained journal the chain against `prev`, the checksum
/// of the line before. Verifying rewrites one byte of the line in place while the value is read,
/// and puts it back before returning.
fn read_line<T: DeserializeOwned>(
    line: &mut [u8],
    checks: Checks,
    prev: u32,
) -> Result<(T, u32), String> {
    read_checked(line, checks, prev).map_err(LineError::message)
}

/// Why a line is refused: damage (which a crash can leave on the last line), or a whole, intact
/// line — its checksum holds — that does not belong where it stands or is not a record (which no
/// crash leaves).
#[derive(Debug)]
enum LineError {
    Damaged(String),
    Misplaced(String),
}

impl LineError {
    fn message(self) -> String {
        match self {
            LineError::Damaged(m) | LineError::Misplaced(m) => m,
        }
    }
}

impl From<String> for LineError {
    fn from(m: String) -> Self {
        LineError::Damaged(m)
    }
}

impl From<&str> for LineError {
    fn from(m: &str) -> Self {
        LineError::Damaged(m.to_string())
    }
}

/// [`read_line`], telling damage from a line out of its place.
fn read_checked<T: DeserializeOwned>(
    line: &mut [u8],
    checks: Checks,
    prev: u32,
) -> Result<(T, u32), LineError> {
    if checks == Checks::Unchecked {
        if has_checksum(line) {
            return Err("a line with a checksum in a journal written without them".into());
        }
        return Ok((from_json(line)?, 0));
    }
    let expected = written_checksum(line)?;
    let start = object_start(line).ok_or("its checksum member is malformed")?;
    let saved = std::mem::replace(&mut line[start], b'{');
    let actual = crc32fast::hash(&line[start..]);
    let result = if actual != expected {
        Err(LineError::Damaged(format!(
            "its checksum does not match its content (written {expected:08x}, now {actual:08x}): it was changed after it was written"
        )))
    } else {
        match (chain_member(&line[start..]), checks) {
            (Some(Err(e)), _) => Err(LineError::Damaged(e)),
            (Some(Ok((named, _))), Checks::Chained) if named != prev => {
                Err(LineError::Misplaced(format!(
                    "it does not follow the line before it (it follows a line whose checksum is \
                     {named:08x}, the line before is {prev:08x}): a line from another copy of the \
                     battle, or lines moved or taken out"
                )))
            }
            (Some(Ok((_, rest))), Checks::Chained) => {
                // The value is read from the object without its chain member.
                let from = start + rest - 1;
                let kept = std::mem::replace(&mut line[from], b'{');
                // Its checksum holds: it is whole as it was written, so a record that does not
                // read is no crash's doing — an error wherever it stands.
                let value = from_json(&line[from..]).map_err(|e| {
                    LineError::Misplaced(format!("the line is not a journal record: {e}"))
                });
                line[from] = kept;
                value
            }
            (None, Checks::Chained) => Err(LineError::Misplaced(
                "the line is not chained to the one before it (it has no prev): a line from a \
                 journal of another format"
                    .into(),
            )),
            (Some(Ok(_)), _) => Err(LineError::Misplaced(
                "a chained line in a journal written without the chain".into(),
            )),
            (None, _) => from_json(&line[start..]).map_err(|e| {
                LineError::Misplaced(format!("the line is not a journal record: {e}"))
            }),
        }
    };
    line[start] = saved;
    result.map(|v| (v, actual))
}

/// A value from JSON bytes. The whole line's UTF-8 is checked once, then parsed as text (which
/// spares serde_json checking every string of it again).
fn from_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let text =
        std::str::from_utf8(bytes).map_err(|e| format!("the line is not UTF-8 text: {e}"))?;
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// Opens a journal only if it is a regular file (a FIFO would block, a device read without end):
/// see [`crate::files::open_regular`].
fn open_regular(path: &Path, options: &OpenOptions) -> Result<File, JournalError> {
    crate::files::open_regular(path, options).map_err(|source| {
        match source
            .get_ref()
            .and_then(|e| e.downcast_ref::<crate::files::NotRegular>())
        {
            Some(n) => JournalError::NotRegular {
                path: path.to_path_buf(),
                what: n.what,
            },
            None => JournalError::Io {
                path: path.to_path_buf(),
                action: "open",
                source,
            },
        }
    })
}

/// Takes the journal's lock. A lock found held is tried again for a quarter of a second: a
/// process being started elsewhere holds a copy of every open file for a moment (between its fork
/// and its exec), which must not read as another umpire at work.
fn lock(file: &File, path: &Path) -> Result<(), JournalError> {
    const TRIES: u32 = 25;
    let mut tries = 1;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(()),
            Err(TryLockError::WouldBlock) if tries < TRIES => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(JournalError::Locked {
                    path: path.to_path_buf(),
                });
            }
            Err(TryLockError::Error(source)) => {
                return Err(JournalError::Io {
                    path: path.to_path_buf(),
                    action: "lock",
                    source,
                });
            }
        }
    }
}

/// Syncs the directory holding `path`, so that a newly created file's name is on disk.
fn sync_dir(path: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        // Windows cannot open a directory as a file; NTFS journals its metadata.
        let _ = path;
        Ok(())
    }
}

/// Copies what `file` holds from `from` to its end (a torn tail, however long, a piece at a time)
/// to a new sibling file `<journal>.torn-<unix-seconds>` (with `-2`, `-3` … added if that exists)
/// and syncs it. Returns the file's path.
fn set_aside(path: &Path, file: &File, from: u64) -> io::Result<PathBuf> {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut n = 1;
    loop {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".torn-{secs}"));
        if n > 1 {
            name.push(format!("-{n}"));
        }
        let target = PathBuf::from(name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
        {
            Ok(mut f) => {
                copy_from(file, from, &mut f)?;
                f.sync_all()?;
                sync_dir(&target)?;
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// True when the file at `path` reads as a scenario: among its first lines, a TOML key naming the
/// rule set (`ruleset = "scruby"`).
fn reads_as_scenario(path: &Path) -> bool {
    use std::io::Read as _;
    let mut head = Vec::new();
    let read = File::open(path).and_then(|f| f.take(16 * 1024).read_to_end(&mut head));
    read.is_ok()
        && String::from_utf8_lossy(&head).lines().any(|l| {
            l.trim_start()
                .strip_prefix("ruleset")
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
}

/// Reads up to and including the next newline into `buf`, but never more than [`MAX_LINE`] bytes.
fn read_bounded(input: &mut BufReader<File>, buf: &mut Vec<u8>) -> io::Result<usize> {
    let mut total = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(total);
        }
        let room = MAX_LINE - total;
        let (take, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) if i < room => (i + 1, true),
            _ if available.len() >= room => (room, true),
            _ => (available.len(), false),
        };
        buf.extend_from_slice(&available[..take]);
        input.consume(take);
        total += take;
        if done {
            return Ok(total);
        }
    }
}

/// Where a damaged line is two whole records joined by one damaged byte (a line break flipped
/// into something else): the offset in the line of that byte, if the line is that.
fn merged_records(line: &mut [u8], checks: Checks, prev: u32) -> Option<usize> {
    if checks == Checks::Unchecked {
        return None;
    }
    let starts: Vec<usize> = line
        .windows(CRC_OPEN.len())
        .enumerate()
        .skip(1)
        .filter(|(_, w)| *w == CRC_OPEN)
        .map(|(i, _)| i)
        .collect();
    for start in starts {
        let at = start - 1;
        let (first, second) = line.split_at_mut(at);
        let Ok((_, crc)) = read_checked::<serde::de::IgnoredAny>(first, checks, prev) else {
            continue;
        };
        if read_checked::<serde::de::IgnoredAny>(&mut second[1..], checks, crc).is_ok() {
            return Some(at);
        }
    }
    None
}

/// Reads single entries of a journal already read whole, each by where its line begins, through
/// one handle kept open ([`Journal::read_entry_at`]).
pub struct EntryReader {
    file: File,
    path: PathBuf,
    buf: Vec<u8>,
}

impl EntryReader {
    pub fn new(path: &Path) -> Result<EntryReader, JournalError> {
        Ok(EntryReader {
            file: open_regular(path, OpenOptions::new().read(true))?,
            path: path.to_path_buf(),
            buf: Vec::new(),
        })
    }

    /// The entry on line `line`, which begins at byte `offset`, checked against its own checksum
    /// (its chain was checked when the journal was read whole); `None` when no whole line begins
    /// there.
    pub fn read<E: DeserializeOwned>(
        &mut self,
        line: usize,
        offset: u64,
    ) -> Result<Option<E>, JournalError> {
        use std::os::unix::fs::FileExt as _;
        self.buf.clear();
        let mut chunk = [0u8; 4096];
        let mut at = offset;
        let end = loop {
            let n = self
                .file
                .read_at(&mut chunk, at)
                .map_err(|source| JournalError::Io {
                    path: self.path.clone(),
                    action: "read",
                    source,
                })?;
            if n == 0 {
                return Ok(None);
            }
            if let Some(i) = chunk[..n].iter().position(|&b| b == b'\n') {
                self.buf.extend_from_slice(&chunk[..i]);
                break self.buf.len();
            }
            self.buf.extend_from_slice(&chunk[..n]);
            if self.buf.len() > MAX_LINE {
                return Ok(None);
            }
            at += n as u64;
        };
        let bytes = &mut self.buf[..end];
        // The kind of line it is, and the line it says it follows (checked when the journal was
        // read whole).
        let (checks, prev) = if !has_checksum(bytes) {
            (Checks::Unchecked, 0)
        } else {
            match object_start(bytes).and_then(|s| chain_member(&bytes[s..])) {
                Some(Ok((prev, _))) => (Checks::Chained, prev),
                Some(Err(message)) => {
                    return Err(JournalError::Corrupt {
                        path: self.path.clone(),
                        line,
                        message,
                    });
                }
                None => (Checks::Lines, 0),
            }
        };
        match read_checked::<E>(bytes, checks, prev) {
            Ok((entry, _)) => Ok(Some(entry)),
            Err(e) => Err(JournalError::Corrupt {
                path: self.path.clone(),
                line,
                message: e.message(),
            }),
        }
    }
}

/// Copies `file` from `from` to its end into `out`, a piece at a time.
fn copy_from(file: &File, from: u64, out: &mut File) -> io::Result<()> {
    use std::os::unix::fs::FileExt as _;
    let mut buf = vec![0u8; 1 << 16];
    let mut at = from;
    loop {
        let n = file.read_at(&mut buf, at)?;
        if n == 0 {
            return Ok(());
        }
        out.write_all(&buf[..n])?;
        at += n as u64;
    }
}

/// A journal being read one line at a time: its header, then each entry in turn, then what ended
/// it. Opened for writing ([`Journal::opening`]) it holds the locked journal, handed over by
/// [`Reading::finish`] once every line has been read.
#[derive(Debug)]
pub struct Reading<H> {
    input: BufReader<File>,
    path: PathBuf,
    header: H,
    checks: Checks,
    /// The checksum of the last good line read.
    last: u32,
    /// The header line's checksum (0 without checksums).
    header_crc: u32,
    /// Byte offset of the next line.
    offset: u64,
    /// Number (1-based) of the next line.
    line: usize,
    buf: Vec<u8>,
    /// A bad last line, once reached.
    torn: Option<TornTail>,
    done: bool,
    /// The reading stopped at damage before the last line (it stays stopped).
    failed: bool,
    journal: Option<Journal>,
}

impl<H: DeserializeOwned> Reading<H> {
    fn start(path: PathBuf, input: File, journal: Option<Journal>) -> Result<Self, JournalError> {
        let mut input = BufReader::with_capacity(1 << 16, input);
        let mut buf = Vec::new();
        let corrupt = |message: &str| JournalError::Corrupt {
            path: path.clone(),
            line: 1,
            message: message.to_string(),
        };
        let n = read_bounded(&mut input, &mut buf).map_err(|source| JournalError::Io {
            path: path.clone(),
            action: "read",
            source,
        })?;
        if n == 0 {
            return Err(corrupt("the file is empty (no header line)"));
        }
        if n >= MAX_LINE && buf.last() != Some(&b'\n') {
            return Err(corrupt(&format!(
                "no header line ends within its first {MAX_LINE} bytes: this is not a battle journal"
            )));
        }
        if buf.last() != Some(&b'\n') {
            return Err(corrupt(
                "the header line is incomplete (the journal's creation was interrupted)",
            ));
        }
        // The header says how the journal is checked: no checksum, a checksum, or a checksum
        // that starts a chain (its `prev` is 00000000).
        let checks = if !has_checksum(&buf) {
            Checks::Unchecked
        } else if buf
            .get(CRC_PREFIX_LEN..)
            .is_some_and(|b| b.starts_with(PREV_OPEN))
        {
            Checks::Chained
        } else {
            Checks::Lines
        };
        // A first line that is not JSON is not a journal at all (a scenario given by mistake).
        if !buf.starts_with(b"{") {
            let scenario = reads_as_scenario(&path);
            return Err(JournalError::NotAJournal { path, scenario });
        }
        let (header, last): (H, u32) = read_line(&mut buf[..n - 1], checks, 0)
            .map_err(|m| corrupt(&format!("bad header: {m}")))?;
        Ok(Reading {
            input,
            path,
            header,
            checks,
            last,
            header_crc: last,
            offset: n as u64,
            line: 2,
            buf,
            torn: None,
            done: false,
            failed: false,
            journal,
        })
    }
}

impl<H: DeserializeOwned> Reading<H> {
    /// Reads the same file again from its header: the file this reading opened, even if its path
    /// has since been renamed over or removed, so that a second pass over a journal reads the
    /// very lines the first did (and, of a battle still being played, the lines written since
    /// after them). Nothing is written.
    pub fn rewind(self) -> Result<Reading<H>, JournalError> {
        use std::io::Seek;
        let Reading {
            input,
            path,
            journal,
            ..
        } = self;
        let mut file = input.into_inner();
        file.seek(io::SeekFrom::Start(0))
            .map_err(|source| JournalError::Io {
                path: path.clone(),
                action: "read",
                source,
            })?;
        Reading::start(path, file, journal)
    }
}

impl<H> Reading<H> {
    pub fn header(&self) -> &H {
        &self.header
    }

    /// Whether the journal's lines carry checksums.
    pub fn checksummed(&self) -> bool {
        self.checks != Checks::Unchecked
    }

    /// How the journal's lines are checked.
    pub fn checks(&self) -> Checks {
        self.checks
    }

    /// The next entry with its line number, `None` at the end (or at a bad last line, kept for
    /// [`Reading::finish`]), or the damage that stops the reading.
    pub fn next_entry<E: DeserializeOwned>(&mut self) -> Option<Result<(usize, E), JournalError>> {
        if self.done {
            return None;
        }
        let result = self.next_line();
        if !matches!(result, Some(Ok(_))) {
            self.done = true;
        }
        self.failed |= matches!(result, Some(Err(_)));
        result
    }

    /// The header line's checksum, which covers the scenario, the seed and when the battle
    /// began: in a chained journal, what every later line's checksum goes back to. 0 in a
    /// journal written without checksums.
    pub fn header_checksum(&self) -> u32 {
        self.header_crc
    }

    /// Goes on from a line read before, without reading the lines up to it: if the line that
    /// begins at byte `offset` is whole, its checksum is `crc` and its value passes `check`, the
    /// reading goes on after it as line `line` (the next entry read is line `line + 1`) and its
    /// value is returned.
    /// Only a chained journal's reading, before any entry is read, goes on so: a line's checksum
    /// there covers every line before it, so a match says that they are the lines that were read
    /// before (up to chance: one in 2^32). `None`, with the reading unchanged, when the journal
    /// is not chained, an entry was read already, or the line is not there as it was.
    pub fn skip_to<E: DeserializeOwned>(
        &mut self,
        line: usize,
        offset: u64,
        crc: u32,
        check: impl FnOnce(&E) -> bool,
    ) -> Result<Option<E>, JournalError> {
        use std::io::Seek;
        use std::os::unix::fs::FileExt as _;
        if self.checks != Checks::Chained || self.line != 2 || self.done || line < 2 {
            return Ok(None);
        }
        let io = |source| JournalError::Io {
            path: self.path.clone(),
            action: "read",
            source,
        };
        let mut bytes = Vec::new();
        let mut chunk = [0u8; 8192];
        let mut at = offset;
        let end = loop {
            let n = self.input.get_ref().read_at(&mut chunk, at).map_err(io)?;
            if n == 0 {
                return Ok(None);
            }
            if let Some(i) = chunk[..n].iter().position(|&b| b == b'\n') {
                bytes.extend_from_slice(&chunk[..i]);
                break bytes.len();
            }
            bytes.extend_from_slice(&chunk[..n]);
            if bytes.len() > MAX_LINE {
                return Ok(None);
            }
            at += n as u64;
        };
        let Some(Ok((prev, _))) = object_start(&bytes).and_then(|s| chain_member(&bytes[s..]))
        else {
            return Ok(None);
        };
        let value = match read_checked::<E>(&mut bytes[..end], Checks::Chained, prev) {
            Ok((value, actual)) if actual == crc && check(&value) => value,
            _ => return Ok(None),
        };
        let next = offset + end as u64 + 1;
        self.input
            .seek(io::SeekFrom::Start(next))
            .map_err(|source| JournalError::Io {
                path: self.path.clone(),
                action: "read",
                source,
            })?;
        self.offset = next;
        self.line = line + 1;
        self.last = crc;
        Ok(Some(value))
    }

    /// A bad last line, once the reading has reached it (left in the file).
    pub fn torn(&self) -> Option<&TornTail> {
        self.torn.as_ref()
    }

    /// Where the next line begins: the end of the last whole line read.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// A reader of single entries by where their lines begin ([`EntryReader`]) through a handle
    /// of its own on the file this reading reads: the lines it reads back are this file's, even
    /// once its path has been renamed over or removed.
    pub fn entry_reader(&self) -> Result<EntryReader, JournalError> {
        let file = self
            .input
            .get_ref()
            .try_clone()
            .map_err(|source| JournalError::Io {
                path: self.path.clone(),
                action: "open",
                source,
            })?;
        Ok(EntryReader {
            file,
            path: self.path.clone(),
            buf: Vec::new(),
        })
    }

    /// Reads on from where the reading ended, for a journal another process is still appending
    /// to: it goes back to the end of the last whole line read, so that a line found unfinished
    /// is read again (whole, once its writer has finished it), and the lines appended since
    /// follow. A reading stopped by damage before the last line stays stopped (it returns the
    /// same error again). Nothing is written.
    pub fn follow(&mut self) -> Result<(), JournalError> {
        if self.failed {
            return Err(JournalError::Corrupt {
                path: self.path.clone(),
                line: self.line,
                message: "the reading stopped at damage on this line".into(),
            });
        }
        use std::io::Seek;
        self.input
            .seek(io::SeekFrom::Start(self.offset))
            .map_err(|source| JournalError::Io {
                path: self.path.clone(),
                action: "read",
                source,
            })?;
        self.torn = None;
        self.done = false;
        Ok(())
    }

    /// Every entry not read yet, in order.
    pub fn entries<E: DeserializeOwned>(&mut self) -> Result<Vec<E>, JournalError> {
        let mut entries = Vec::new();
        while let Some(entry) = self.next_entry() {
            entries.push(entry?.1);
        }
        Ok(entries)
    }

    /// Reads the next line into `buf`, with its newline: at most [`MAX_LINE`] bytes of it (a
    /// longer line is left unread past that, and comes back without its newline).
    fn read_more(&mut self) -> Result<usize, JournalError> {
        self.buf.clear();
        read_bounded(&mut self.input, &mut self.buf).map_err(|source| JournalError::Io {
            path: self.path.clone(),
            action: "read",
            source,
        })
    }

    fn next_line<E: DeserializeOwned>(&mut self) -> Option<Result<(usize, E), JournalError>> {
        let n = match self.read_more() {
            Ok(0) => return None,
            Ok(n) => n,
            Err(e) => return Some(Err(e)),
        };
        let line = self.line;
        let bad_tail = |kind, bytes: u64, offset| TornTail {
            kind,
            offset,
            bytes,
            line,
            saved_to: None,
        };
        if self.buf.last() != Some(&b'\n') {
            // Only ever the last line: an append that never finished. One longer than any line
            // can be is not read on: the rest of the file is the tail.
            let bytes = if n >= MAX_LINE {
                match self.input.get_ref().metadata() {
                    Ok(m) => m.len().saturating_sub(self.offset),
                    Err(source) => {
                        return Some(Err(JournalError::Io {
                            path: self.path.clone(),
                            action: "read",
                            source,
                        }));
                    }
                }
            } else {
                n as u64
            };
            self.buf = Vec::new();
            self.torn = Some(bad_tail(TailKind::Unfinished, bytes, self.offset));
            return None;
        }
        match read_checked::<E>(&mut self.buf[..n - 1], self.checks, self.last) {
            Ok((entry, crc)) => {
                self.last = crc;
                self.offset += n as u64;
                self.line += 1;
                Some(Ok((line, entry)))
            }
            // A whole line that is intact but out of its place: no crash leaves that, even last.
            Err(LineError::Misplaced(message)) => Some(Err(JournalError::Corrupt {
                path: self.path.clone(),
                line,
                message,
            })),
            Err(LineError::Damaged(message)) => {
                // Damage on the last line is a bad tail; anywhere else it is an error. Two whole
                // records joined where one byte of a line break was damaged are not a tail.
                if let Some(at) = merged_records(&mut self.buf[..n - 1], self.checks, self.last) {
                    return Some(Err(JournalError::Corrupt {
                        path: self.path.clone(),
                        line,
                        message: format!(
                            "the line holds two whole records joined where a line break should \
                             be (the byte at offset {} was damaged): they are not left out \
                             silently",
                            self.offset + at as u64
                        ),
                    }));
                }
                let bytes = n as u64;
                self.buf.clear();
                match self.read_more() {
                    Ok(0) => {
                        self.torn = Some(bad_tail(TailKind::Damaged, bytes, self.offset));
                        None
                    }
                    Ok(_) => Some(Err(JournalError::Corrupt {
                        path: self.path.clone(),
                        line,
                        message,
                    })),
                    Err(e) => Some(Err(e)),
                }
            }
        }
    }

    /// Reads whatever entries were not read (checking them), and ends the reading: the header and
    /// a bad last line, if there was one (left in the file).
    pub fn finish_read(mut self) -> Result<(H, Option<TornTail>), JournalError> {
        while let Some(entry) = self.next_entry::<serde::de::IgnoredAny>() {
            entry?;
        }
        Ok((self.header, self.torn))
    }

    /// Ends the reading of a journal opened for writing: the journal, positioned to append after
    /// its last good line (a bad last line stays in the file until it is set aside), its header,
    /// and the bad last line if there was one.
    pub fn finish(mut self) -> Result<(Journal, H, Option<TornTail>), JournalError> {
        while let Some(entry) = self.next_entry::<serde::de::IgnoredAny>() {
            entry?;
        }
        let Some(mut journal) = self.journal.take() else {
            return Err(JournalError::Io {
                path: self.path,
                action: "write",
                source: io::Error::other("the journal was opened only for reading"),
            });
        };
        journal.len = self.offset;
        journal.checks = self.checks;
        journal.last = self.last;
        let torn = self.torn.clone();
        journal.pending = self.torn;
        Ok((journal, self.header, torn))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Head {
        name: String,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Item {
        n: u32,
        text: String,
    }

    fn head() -> Head {
        Head {
            name: "test".into(),
        }
    }

    fn item(n: u32) -> Item {
        Item {
            n,
            text: format!("line\nwith a break {n}"),
        }
    }

    fn torn_files(dir: &Path) -> Vec<PathBuf> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains(".torn-"))
            .collect();
        v.sort();
        v
    }

    /// A journal of a header and `n` items; returns its path.
    fn journal_with(dir: &Path, n: u32) -> PathBuf {
        let path = dir.join("b.jsonl");
        let mut j = Journal::create(&path, &head()).unwrap();
        for k in 1..=n {
            j.append(&item(k)).unwrap();
        }
        path
    }

    #[test]
    fn a_rewound_reading_reads_the_same_file_again_even_renamed_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 3);
        let mut reading = Journal::reading::<Head>(&path).unwrap();
        let first: Vec<Item> = reading.entries().unwrap();
        assert_eq!(first.len(), 3);
        // One more item is appended, then another journal is renamed over the path: the
        // rewound reading reads the first file, with what was appended to it.
        let mut j = Journal::open::<Head, Item>(&path).unwrap().journal;
        j.append(&item(4)).unwrap();
        drop(j);
        let elsewhere = dir.path().join("other");
        std::fs::create_dir(&elsewhere).unwrap();
        std::fs::rename(journal_with(&elsewhere, 1), &path).unwrap();
        let mut again = reading.rewind().unwrap();
        assert_eq!(again.header(), &head());
        let second: Vec<Item> = again.entries().unwrap();
        assert_eq!(second, [1, 2, 3, 4].map(item));
        let read_now = Journal::read::<Head, Item>(&path).unwrap().entries;
        assert_eq!(read_now, [item(1)]);
    }

    #[test]
    fn create_append_open() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let mut j = Journal::create(&path, &head()).unwrap();
        for n in 0..3 {
            j.append(&item(n)).unwrap();
        }
        let len = j.len();
        drop(j);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 4, "one line each, newlines escaped");
        assert_eq!(text.len() as u64, len);
        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.header, head());
        assert_eq!(o.entries, (0..3).map(item).collect::<Vec<_>>());
        assert_eq!(o.torn, None);
        assert!(o.checksummed);
        let mut j = o.journal;
        j.append(&item(3)).unwrap();
        drop(j);
        let l = Journal::read::<Head, Item>(&path).unwrap();
        assert_eq!(l.entries.len(), 4);
    }

    #[test]
    fn every_line_is_json_with_its_checksum_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 2);
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let crc = value["crc"].as_str().unwrap();
            assert_eq!(crc.len(), 8);
            // The checksum is of the object written without it.
            let without = format!("{{{}", &line[CRC_PREFIX_LEN..]);
            assert_eq!(crc, format!("{:08x}", crc32fast::hash(without.as_bytes())));
        }
        assert!(text.starts_with("{\"crc\":\""), "{text}");
        assert!(text.contains(",\"name\":\"test\"}\n"), "{text}");
    }

    #[test]
    fn an_empty_object_round_trips_with_a_checksum() {
        #[derive(Debug, PartialEq, Serialize, Deserialize)]
        struct Empty {}
        for checks in [Checks::Lines, Checks::Chained] {
            let (line, crc) = encode_line(Path::new("x"), &Empty {}, checks, 7).unwrap();
            let text = String::from_utf8(line.clone()).unwrap();
            assert!(text.ends_with("\"}\n"), "{text}");
            let mut line = line;
            let n = line.len();
            let back: (Empty, u32) = read_line(&mut line[..n - 1], checks, 7).unwrap();
            assert_eq!(back, (Empty {}, crc));
        }
    }

    #[test]
    fn one_entry_is_read_by_its_line_while_the_journal_is_open_for_writing() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 3);
        let mut j = Journal::open::<Head, Item>(&path).unwrap().journal;
        assert_eq!(
            Journal::read_entry::<Item>(&path, 2).unwrap(),
            Some(item(1))
        );
        assert_eq!(
            Journal::read_entry::<Item>(&path, 4).unwrap(),
            Some(item(3))
        );
        assert_eq!(Journal::read_entry::<Item>(&path, 5).unwrap(), None);
        // The writer keeps its lock and appends where it did.
        assert!(matches!(
            Journal::open::<Head, Item>(&path),
            Err(JournalError::Locked { .. })
        ));
        j.append(&item(4)).unwrap();
        assert_eq!(
            Journal::read_entry::<Item>(&path, 5).unwrap(),
            Some(item(4))
        );
        drop(j);
        assert_eq!(
            Journal::read::<Head, Item>(&path).unwrap().entries,
            (1..=4).map(item).collect::<Vec<_>>()
        );
        // A damaged line is refused naming it, an unfinished last line is not an entry.
        let mut bytes = std::fs::read(&path).unwrap();
        let second = bytes.iter().position(|&b| b == b'\n').unwrap() + 20;
        bytes[second] ^= 0x01;
        bytes.extend_from_slice(b"{\"crc\":\"00");
        std::fs::write(&path, &bytes).unwrap();
        let e = Journal::read_entry::<Item>(&path, 2).unwrap_err();
        assert!(matches!(e, JournalError::Corrupt { line: 2, .. }), "{e}");
        assert_eq!(
            Journal::read_entry::<Item>(&path, 3).unwrap(),
            Some(item(2))
        );
        assert_eq!(Journal::read_entry::<Item>(&path, 6).unwrap(), None);
    }

    #[test]
    fn create_refuses_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        std::fs::write(&path, "precious").unwrap();
        let err = Journal::create(&path, &head()).unwrap_err();
        assert!(matches!(err, JournalError::Exists { .. }), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
    }

    #[test]
    fn an_unfinished_tail_is_reported_then_set_aside_and_truncated() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 1);
        let whole = std::fs::metadata(&path).unwrap().len();
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"crc\":\"00").unwrap();
        drop(f);
        let before = std::fs::read(&path).unwrap();

        let l = Journal::read::<Head, Item>(&path).unwrap();
        assert_eq!(
            l.torn,
            Some(TornTail {
                kind: TailKind::Unfinished,
                offset: whole,
                bytes: 10,
                line: 3,
                saved_to: None
            })
        );
        assert!(torn_files(dir.path()).is_empty(), "read changes nothing");

        // Opening reports it and changes nothing until it is set aside.
        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.entries, vec![item(1)]);
        assert_eq!(o.torn.as_ref().map(|t| t.kind), Some(TailKind::Unfinished));
        assert_eq!(std::fs::read(&path).unwrap(), before);
        let mut j = o.journal;
        let torn = j.set_aside_tail().unwrap().unwrap();
        assert_eq!((torn.offset, torn.bytes), (whole, 10));
        let saved = torn.saved_to.clone().unwrap();
        assert!(
            torn.describe()
                .contains("an unfinished last line (line 3, 10 bytes")
        );
        assert_eq!(torn_files(dir.path()), vec![saved.clone()]);
        assert_eq!(std::fs::read(&saved).unwrap(), b"{\"crc\":\"00");
        assert_eq!(std::fs::metadata(&path).unwrap().len(), whole);
        assert_eq!(j.set_aside_tail().unwrap(), None, "only once");
        j.append(&item(2)).unwrap();
        drop(j);
        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.entries, vec![item(1), item(2)]);
        assert_eq!(o.torn, None);
    }

    #[test]
    fn an_append_sets_a_bad_tail_aside_first() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 1);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"\0\0\0\0\n").unwrap();
        drop(f);
        let o = Journal::open::<Head, Item>(&path).unwrap();
        let torn = o.torn.clone().unwrap();
        assert_eq!((torn.kind, torn.bytes), (TailKind::Damaged, 5));
        let mut j = o.journal;
        j.append(&item(2)).unwrap();
        drop(j);
        assert_eq!(torn_files(dir.path()).len(), 1);
        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.entries, vec![item(1), item(2)]);
    }

    #[test]
    fn a_whole_last_line_failing_its_checksum_is_a_damaged_tail() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 2);
        let mut bytes = std::fs::read(&path).unwrap();
        let at = bytes.len() - 4;
        bytes[at] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let l = Journal::read::<Head, Item>(&path).unwrap();
        assert_eq!(l.entries, vec![item(1)]);
        let torn = l.torn.unwrap();
        assert_eq!((torn.kind, torn.line), (TailKind::Damaged, 3));
        assert!(torn.describe().starts_with("a damaged last line (line 3"));
    }

    #[test]
    fn two_torn_tails_in_one_second_both_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        drop(Journal::create(&path, &head()).unwrap());
        for tail in [&b"{\"n\""[..], b"{\"n\":9"] {
            let mut f = OpenOptions::new().append(true).open(&path).unwrap();
            f.write_all(tail).unwrap();
            drop(f);
            let mut o = Journal::open::<Head, Item>(&path).unwrap();
            assert!(o.torn.is_some());
            assert!(o.journal.set_aside_tail().unwrap().is_some());
        }
        let files = torn_files(dir.path());
        assert!(files.len() == 2, "{files:?}");
        let mut contents: Vec<_> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
        contents.sort();
        assert_eq!(contents, vec![b"{\"n\"".to_vec(), b"{\"n\":9".to_vec()]);
    }

    #[test]
    fn damage_before_the_end_is_an_error_naming_the_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 3);
        let text = std::fs::read_to_string(&path).unwrap();
        // A value changed on line 3 (the second item), still valid JSON.
        let damaged = text.replacen("\"n\":2", "\"n\":7", 1);
        std::fs::write(&path, &damaged).unwrap();
        let err = Journal::open::<Head, Item>(&path).unwrap_err();
        let JournalError::Corrupt { line, .. } = &err else {
            panic!("{err}")
        };
        assert_eq!(*line, 3);
        let msg = err.to_string();
        assert!(
            msg.contains("b.jsonl:3: the battle journal is damaged"),
            "{msg}"
        );
        assert!(msg.contains("checksum does not match"), "{msg}");
        assert!(msg.contains("the file was left unchanged"), "{msg}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);
        assert!(torn_files(dir.path()).is_empty());
        assert!(Journal::read::<Head, Item>(&path).is_err());

        // A line without its checksum in a checksummed journal is damage too.
        let stripped = text.replacen(&text.lines().nth(2).unwrap()[..CRC_PREFIX_LEN], "{", 1);
        std::fs::write(&path, &stripped).unwrap();
        let err = Journal::open::<Head, Item>(&path).unwrap_err();
        assert!(
            err.to_string()
                .contains(":3: the battle journal is damaged: the line has no checksum"),
            "{err}"
        );
    }

    #[test]
    fn lines_without_checksums_are_read_as_an_unchecked_journal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let text =
            "{\"name\":\"x\"}\n{\"n\":1,\"text\":\"a\"}\n{\"n\":oops}\n{\"n\":3,\"text\":\"c\"}\n";
        std::fs::write(&path, text).unwrap();
        let err = Journal::open::<Head, Item>(&path).unwrap_err();
        assert!(
            matches!(err, JournalError::Corrupt { line: 3, .. }),
            "{err}"
        );
        assert!(err.to_string().contains("expected value"), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

        std::fs::write(&path, "{\"name\":\"x\"}\n{\"n\":1,\"text\":\"a\"}\n").unwrap();
        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert!(!o.checksummed);
        let mut j = o.journal;
        j.append(&item(2)).unwrap();
        drop(j);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("crc"),
            "an unchecked journal carries on unchecked: {text}"
        );
        assert_eq!(Journal::read::<Head, Item>(&path).unwrap().entries.len(), 2);
    }

    #[test]
    fn bad_header_and_empty_file_are_errors() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        for (text, what) in [
            ("", "empty"),
            ("{\"nam", "incomplete"),
            ("{\"other\":1}\n", "bad header"),
            ("{\"other\":1}\n{\"n\":1,\"text\":\"a\"}\n", "bad header"),
            (
                "{\"crc\":\"00000000\",\"name\":\"x\"}\n",
                "checksum does not match",
            ),
        ] {
            std::fs::write(&path, text).unwrap();
            let err = Journal::open::<Head, Item>(&path).unwrap_err();
            assert!(
                matches!(err, JournalError::Corrupt { line: 1, .. }),
                "{text:?}: {err}"
            );
            assert!(err.to_string().contains(what), "{err}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
    }

    #[test]
    fn only_regular_files_are_opened() {
        let dir = tempfile::tempdir().unwrap();
        let err = Journal::open::<Head, Item>(dir.path()).unwrap_err();
        assert!(
            matches!(
                err,
                JournalError::NotRegular {
                    what: "a directory",
                    ..
                }
            ),
            "{err}"
        );
        assert!(
            err.to_string()
                .contains("cannot open the battle journal: not a regular file (it is a directory)"),
            "{err}"
        );
        #[cfg(unix)]
        {
            let err = Journal::read::<Head, Item>("/dev/zero").unwrap_err();
            assert!(
                err.to_string()
                    .contains("not a regular file (it is a character device)"),
                "{err}"
            );
            let fifo = dir.path().join("fifo");
            let status = std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap();
            assert!(status.success());
            let err = Journal::open::<Head, Item>(&fifo).unwrap_err();
            assert!(
                err.to_string()
                    .contains("not a regular file (it is a FIFO (named pipe))"),
                "{err}"
            );
        }
    }

    #[test]
    fn a_writer_stops_once_its_path_names_another_file_or_none() {
        let dir = tempfile::tempdir().unwrap();
        for how in ["moved", "replaced", "deleted"] {
            let path = journal_with(dir.path(), 1);
            let mut j = Journal::open::<Head, Item>(&path).unwrap().journal;
            j.append(&item(2)).unwrap();
            let away = dir.path().join("away.jsonl");
            match how {
                "moved" => std::fs::rename(&path, &away).unwrap(),
                "replaced" => {
                    std::fs::write(&away, b"another file\n").unwrap();
                    std::fs::rename(&away, &path).unwrap();
                }
                _ => std::fs::remove_file(&path).unwrap(),
            }
            for _ in 0..2 {
                let e = j.append(&item(3)).unwrap_err();
                assert!(matches!(e, JournalError::Displaced { .. }), "{how}: {e}");
                assert!(e.to_string().contains("no longer at this path"), "{e}");
            }
            let _ = std::fs::remove_file(&path);
            let _ = std::fs::remove_file(&away);
        }
    }

    #[test]
    fn a_last_line_longer_than_any_line_is_an_unfinished_tail_read_no_further() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 2);
        let good = std::fs::metadata(&path).unwrap().len();
        // A gigabyte of zeros with no line break, as a sparse file: reading it whole would take a
        // gigabyte of memory.
        let f = OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(good + (1 << 30)).unwrap();
        drop(f);
        let l = Journal::read::<Head, Item>(&path).unwrap();
        assert_eq!(l.entries.len(), 2);
        let torn = l.torn.unwrap();
        assert_eq!(torn.kind, TailKind::Unfinished);
        assert_eq!((torn.offset, torn.bytes), (good, 1 << 30));
        // Set aside (copied a piece at a time), the journal carries on. A smaller tail keeps the
        // test's disk use down.
        let f = OpenOptions::new().write(true).open(&path).unwrap();
        f.set_len(good + MAX_LINE as u64 + 10).unwrap();
        drop(f);
        let mut o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.torn.as_ref().unwrap().bytes, MAX_LINE as u64 + 10);
        o.journal.append(&item(3)).unwrap();
        drop(o);
        assert_eq!(torn_files(dir.path()).len(), 1);
        let saved = std::fs::metadata(&torn_files(dir.path())[0]).unwrap().len();
        assert_eq!(saved, MAX_LINE as u64 + 10);
        assert_eq!(Journal::read::<Head, Item>(&path).unwrap().entries.len(), 3);
    }

    #[test]
    fn no_line_longer_than_any_line_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 1);
        let mut j = Journal::open::<Head, Item>(&path).unwrap().journal;
        let before = std::fs::read(&path).unwrap();
        let long = Item {
            n: 2,
            text: "x".repeat(MAX_LINE),
        };
        let e = j.append(&long).unwrap_err();
        assert!(e.to_string().contains("holds at most"), "{e}");
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }

    #[test]
    fn two_records_joined_by_a_damaged_line_break_are_an_error_not_a_tail() {
        let dir = tempfile::tempdir().unwrap();
        let path = journal_with(dir.path(), 3);
        let mut bytes = std::fs::read(&path).unwrap();
        // The line break before the last line, flipped by one bit.
        let at = bytes[..bytes.len() - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .unwrap();
        bytes[at] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let e = Journal::read::<Head, Item>(&path).unwrap_err().to_string();
        assert!(e.contains(":3:"), "{e}");
        assert!(e.contains("two whole records joined"), "{e}");
        assert!(e.contains(&format!("offset {at}")), "{e}");
        // A damaged last line that is one record stays a bad tail.
        bytes[at] ^= 0x01;
        let n = bytes.len();
        bytes[n - 3] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let l = Journal::read::<Head, Item>(&path).unwrap();
        assert_eq!(l.torn.unwrap().kind, TailKind::Damaged);
    }

    #[test]
    fn second_writer_is_locked_out() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let j = Journal::create(&path, &head()).unwrap();
        let err = Journal::open::<Head, Item>(&path).unwrap_err();
        assert!(matches!(err, JournalError::Locked { .. }), "{err}");
        assert!(err.to_string().contains("another umpire process"));
        // Reading needs no lock.
        assert!(Journal::read::<Head, Item>(&path).is_ok());
        drop(j);
        let o = Journal::open::<Head, Item>(&path).unwrap();
        let err = Journal::open::<Head, Item>(&path).unwrap_err();
        assert!(matches!(err, JournalError::Locked { .. }), "{err}");
        drop(o);
        assert!(Journal::open::<Head, Item>(&path).is_ok());
    }

    #[test]
    fn messages_escape_the_path() {
        let err = JournalError::Locked {
            path: PathBuf::from("evil\u{1b}[2J.jsonl"),
        };
        assert!(err.to_string().starts_with("evil\\u{1b}[2J.jsonl: "));
    }
}
