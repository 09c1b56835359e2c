//! The battle journal: an append-only JSON Lines file that survives crashes.
//!
//! # Format
//!
//! ```text
//! {"format":1,"program":"umpire",…}          ← line 1: the header
//! {"seq":1,"at":"…","entry":"event",…}        ← line 2: the first entry
//! {"seq":2,…}                                 ← one entry a line, oldest first
//! ```
//!
//! Every line is one JSON value written by `serde_json` (which never puts a raw newline inside a
//! value) and ends with `\n`. This module is generic over the header and entry types: it knows
//! nothing about battles ([`super::session`] gives it its meaning).
//!
//! # Guarantees
//!
//! The model is Redis's append-only file with `appendfsync always` and truncated-tail loading:
//!
//! - **Every acknowledged entry is on disk.** [`Journal::append`] writes the whole line with one
//!   `write` and calls `fdatasync` before it returns `Ok`. [`Journal::create`] syncs the new file
//!   and its directory before it returns, so the journal itself cannot vanish in a crash.
//! - **A torn last line is set aside, never destroyed.** A crash in the middle of an append can
//!   leave part of a line at the end of the file (no trailing newline, or a last line that does
//!   not parse). Such a line was never acknowledged. [`Journal::open`] reports it
//!   ([`TornTail`]), copies its bytes to a sibling file `<journal>.torn-<unix-seconds>`, syncs
//!   that, and only then truncates the journal to the end of its last whole line. Appends carry on
//!   from there.
//! - **Damage anywhere else is an error, and nothing is changed.** A bad header, an empty file or
//!   an unreadable line followed by further lines cannot come from an interrupted append; opening
//!   such a file fails with [`JournalError::Corrupt`] naming the file, the line and what is wrong,
//!   and the file is left exactly as it was.
//! - **One writer.** [`Journal::create`] and [`Journal::open`] take an exclusive advisory lock on
//!   the file (`flock` on Unix, `LockFileEx` on Windows), held until the [`Journal`] is dropped. A
//!   second writer — another process, or another handle in the same one — gets
//!   [`JournalError::Locked`]. [`Journal::read`] takes no lock and changes nothing: it is for
//!   replays and reports, and may see a line that a live writer is still writing (reported as a
//!   torn tail).
//! - **A failed append leaves a whole journal.** If writing or syncing a line fails (a full disk),
//!   the partial line is cut off again. If that is impossible, or the sync itself failed (after
//!   which the kernel may already have dropped the data), the journal refuses further appends
//!   ([`JournalError::Broken`]); reopening it loads what is really on disk.
//!
//! What it does not do: there is no checksum per line (a line that parses is trusted), and the
//! lock is advisory (a program that ignores it can still write).

use crate::text::escape_terminal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

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
}

fn esc(path: &Path) -> String {
    escape_terminal(&path.display().to_string())
}

/// A torn last line found when loading a journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TornTail {
    /// Byte offset in the journal where the torn line began (the end of the last whole line).
    pub offset: u64,
    /// How many bytes the torn line had.
    pub bytes: u64,
    /// Where those bytes were saved ([`Journal::open`]); `None` from [`Journal::read`], which
    /// changes nothing.
    pub saved_to: Option<PathBuf>,
}

/// A journal opened for writing, with everything it held.
#[derive(Debug)]
pub struct Opened<H, E> {
    /// The journal, locked, positioned to append after the last entry.
    pub journal: Journal,
    pub header: H,
    /// The entries, oldest first: entry `i` is on line `i + 2`.
    pub entries: Vec<E>,
    /// The torn last line that was set aside, if there was one.
    pub torn: Option<TornTail>,
}

/// A journal's contents, read without locking or changing it.
#[derive(Clone, Debug)]
pub struct Loaded<H, E> {
    pub header: H,
    /// The entries, oldest first: entry `i` is on line `i + 2`.
    pub entries: Vec<E>,
    /// A torn last line (left in place).
    pub torn: Option<TornTail>,
}

/// An open, locked, append-only journal. The lock is released when it is dropped.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
    /// Length of the file: the end of its last whole line.
    len: u64,
    /// An append failed in a way that could not be undone.
    broken: bool,
}

impl Journal {
    /// Creates a new journal holding only `header`, locked for writing. Refuses if the file
    /// exists. The file and its directory are synced before it returns.
    pub fn create<H: Serialize>(
        path: impl AsRef<Path>,
        header: &H,
    ) -> Result<Journal, JournalError> {
        let path = path.as_ref().to_path_buf();
        let mut line = serde_json::to_vec(header).map_err(|source| JournalError::Encode {
            path: path.clone(),
            source,
        })?;
        line.push(b'\n');
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
        })
    }

    /// Opens an existing journal for writing: locks it, loads every line, and sets a torn last
    /// line aside (see the module documentation).
    pub fn open<H: DeserializeOwned, E: DeserializeOwned>(
        path: impl AsRef<Path>,
    ) -> Result<Opened<H, E>, JournalError> {
        let path = path.as_ref().to_path_buf();
        let io = |action, source| JournalError::Io {
            path: path.clone(),
            action,
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&path)
            .map_err(|e| io("open", e))?;
        lock(&file, &path)?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(|e| io("read", e))?;
        let parsed = parse::<H, E>(&path, &bytes)?;
        let torn = match parsed.torn_at {
            None => None,
            Some(offset) => {
                let tail = &bytes[offset..];
                let saved_to =
                    set_aside(&path, tail).map_err(|e| io("set aside the torn end of", e))?;
                file.set_len(offset as u64)
                    .and_then(|()| file.sync_all())
                    .map_err(|e| io("truncate the torn end of", e))?;
                Some(TornTail {
                    offset: offset as u64,
                    bytes: tail.len() as u64,
                    saved_to: Some(saved_to),
                })
            }
        };
        let len = parsed.torn_at.unwrap_or(bytes.len()) as u64;
        Ok(Opened {
            journal: Journal {
                file,
                path,
                len,
                broken: false,
            },
            header: parsed.header,
            entries: parsed.entries,
            torn,
        })
    }

    /// Reads a journal without locking or changing it (for replays and reports). A torn last line
    /// is reported and left in place.
    pub fn read<H: DeserializeOwned, E: DeserializeOwned>(
        path: impl AsRef<Path>,
    ) -> Result<Loaded<H, E>, JournalError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| JournalError::Io {
            path: path.to_path_buf(),
            action: "read",
            source,
        })?;
        let parsed = parse::<H, E>(path, &bytes)?;
        Ok(Loaded {
            header: parsed.header,
            entries: parsed.entries,
            torn: parsed.torn_at.map(|offset| TornTail {
                offset: offset as u64,
                bytes: (bytes.len() - offset) as u64,
                saved_to: None,
            }),
        })
    }

    /// Appends one entry as one line and syncs it to disk before returning. When this returns
    /// `Ok`, the entry survives a crash; when it returns an error, the journal holds what it held
    /// before.
    pub fn append<E: Serialize>(&mut self, entry: &E) -> Result<(), JournalError> {
        if self.broken {
            return Err(JournalError::Broken {
                path: self.path.clone(),
            });
        }
        let mut line = serde_json::to_vec(entry).map_err(|source| JournalError::Encode {
            path: self.path.clone(),
            source,
        })?;
        // serde_json escapes control characters in strings and writes no whitespace, so a line
        // break here would be a bug in a Serialize impl writing raw JSON.
        if line.contains(&b'\n') {
            return Err(JournalError::Encode {
                path: self.path.clone(),
                source: serde::ser::Error::custom("the entry's JSON contains a line break"),
            });
        }
        line.push(b'\n');
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
        Ok(())
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The journal's length in bytes (the end of its last whole line).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when the journal holds nothing (never, once created: the header is a line).
    pub fn is_empty(&self) -> bool {
        self.len == 0
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

fn lock(file: &File, path: &Path) -> Result<(), JournalError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(TryLockError::WouldBlock) => Err(JournalError::Locked {
            path: path.to_path_buf(),
        }),
        Err(TryLockError::Error(source)) => Err(JournalError::Io {
            path: path.to_path_buf(),
            action: "lock",
            source,
        }),
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

/// Writes a torn tail to a new sibling file `<journal>.torn-<unix-seconds>` (with `-2`, `-3` …
/// added if that exists) and syncs it. Returns the file's path.
fn set_aside(path: &Path, tail: &[u8]) -> io::Result<PathBuf> {
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
                f.write_all(tail)?;
                f.sync_all()?;
                sync_dir(&target)?;
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

struct Parsed<H, E> {
    header: H,
    entries: Vec<E>,
    /// Where a torn last line begins.
    torn_at: Option<usize>,
}

/// Splits a journal into lines and parses them; decides what is a torn tail and what is damage.
fn parse<H: DeserializeOwned, E: DeserializeOwned>(
    path: &Path,
    bytes: &[u8],
) -> Result<Parsed<H, E>, JournalError> {
    let corrupt = |line: usize, message: String| JournalError::Corrupt {
        path: path.to_path_buf(),
        line,
        message,
    };
    if bytes.is_empty() {
        return Err(corrupt(1, "the file is empty (no header line)".into()));
    }
    // (start, end) of each line without its newline; the last may lack one.
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            lines.push((start, i, true));
            start = i + 1;
        }
    }
    if start < bytes.len() {
        lines.push((start, bytes.len(), false));
    }

    let (h_start, h_end, h_whole) = lines[0];
    if !h_whole {
        return Err(corrupt(
            1,
            "the header line is incomplete (the journal's creation was interrupted)".into(),
        ));
    }
    let header: H = serde_json::from_slice(&bytes[h_start..h_end])
        .map_err(|e| corrupt(1, format!("bad header: {e}")))?;

    let mut entries = Vec::with_capacity(lines.len() - 1);
    let mut torn_at = None;
    let last = lines.len() - 1;
    for (i, &(start, end, whole)) in lines.iter().enumerate().skip(1) {
        if !whole {
            // Only ever the last line: an append that never finished.
            torn_at = Some(start);
            break;
        }
        match serde_json::from_slice::<E>(&bytes[start..end]) {
            Ok(e) => entries.push(e),
            Err(_) if i == last => torn_at = Some(start),
            Err(e) => return Err(corrupt(i + 1, e.to_string())),
        }
    }
    Ok(Parsed {
        header,
        entries,
        torn_at,
    })
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
        let mut j = o.journal;
        j.append(&item(3)).unwrap();
        drop(j);
        let l = Journal::read::<Head, Item>(&path).unwrap();
        assert_eq!(l.entries.len(), 4);
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
    fn torn_tail_is_set_aside_and_truncated() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let mut j = Journal::create(&path, &head()).unwrap();
        j.append(&item(1)).unwrap();
        let whole = j.len();
        drop(j);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"n\":2,\"te").unwrap();
        drop(f);

        let l = Journal::read::<Head, Item>(&path).unwrap();
        assert_eq!(
            l.torn,
            Some(TornTail {
                offset: whole,
                bytes: 10,
                saved_to: None
            })
        );
        assert!(torn_files(dir.path()).is_empty(), "read changes nothing");

        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.entries, vec![item(1)]);
        let torn = o.torn.unwrap();
        assert_eq!((torn.offset, torn.bytes), (whole, 10));
        let saved = torn.saved_to.unwrap();
        assert_eq!(torn_files(dir.path()), vec![saved.clone()]);
        assert_eq!(std::fs::read(&saved).unwrap(), b"{\"n\":2,\"te");
        assert_eq!(std::fs::metadata(&path).unwrap().len(), whole);
        let mut j = o.journal;
        j.append(&item(2)).unwrap();
        drop(j);
        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.entries, vec![item(1), item(2)]);
        assert_eq!(o.torn, None);
    }

    #[test]
    fn unparseable_whole_last_line_is_torn() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let mut j = Journal::create(&path, &head()).unwrap();
        j.append(&item(1)).unwrap();
        drop(j);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"\0\0\0\0\n").unwrap();
        drop(f);
        let o = Journal::open::<Head, Item>(&path).unwrap();
        assert_eq!(o.entries, vec![item(1)]);
        assert_eq!(o.torn.unwrap().bytes, 5);
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
            let o = Journal::open::<Head, Item>(&path).unwrap();
            assert!(o.torn.is_some());
        }
        let files = torn_files(dir.path());
        assert!(files.len() == 2, "{files:?}");
        let mut contents: Vec<_> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
        contents.sort();
        assert_eq!(contents, vec![b"{\"n\"".to_vec(), b"{\"n\":9".to_vec()]);
    }

    #[test]
    fn damage_before_the_end_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.jsonl");
        let text =
            "{\"name\":\"x\"}\n{\"n\":1,\"text\":\"a\"}\n{\"n\":oops}\n{\"n\":3,\"text\":\"c\"}\n";
        std::fs::write(&path, text).unwrap();
        let err = Journal::open::<Head, Item>(&path).unwrap_err();
        let JournalError::Corrupt { line, .. } = &err else {
            panic!("{err}")
        };
        assert_eq!(*line, 3);
        let msg = err.to_string();
        assert!(msg.contains("b.jsonl:3:"), "{msg}");
        assert!(msg.contains("expected value"), "{msg}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        assert!(torn_files(dir.path()).is_empty());
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
