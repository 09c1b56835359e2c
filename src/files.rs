//! Files named by the user: only regular files are opened, and text is read with a size cap.
//!
//! A path given on the command line may name a FIFO (opening it for reading waits for a writer
//! forever), a device (`/dev/zero` never ends) or a directory. [`open_regular`] refuses all of them
//! at once: it looks at the path before opening it, opens it without blocking, and checks the
//! opened file again, so a path swapped for a FIFO in between is still refused and never waited
//! on. [`read_text`] reads a regular file as UTF-8 text, refusing one larger than a limit.

use crate::text::escape_terminal;
use std::fs::{File, FileType, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};

/// The largest scenario file read: far more than any order of battle needs.
pub const MAX_SCENARIO_BYTES: u64 = 4 * 1024 * 1024;

/// The path names something other than a regular file. Carried inside the [`io::Error`] that
/// [`open_regular`] returns (kind [`io::ErrorKind::InvalidInput`]), so a caller can tell it apart
/// with `get_ref()` and `downcast_ref`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a regular file (it is {what})")]
pub struct NotRegular {
    /// What it is instead, with its article: "a directory", "a FIFO (named pipe)".
    pub what: &'static str,
}

/// Why a file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Not a regular file, or it could not be opened or read.
    #[error("{}: cannot read the file: {source}", esc(path))]
    Io { path: PathBuf, source: io::Error },
    /// Larger than the limit (bytes).
    #[error(
        "{}: the file is larger than {limit} bytes; this is not a file to read here",
        esc(path)
    )]
    TooLarge { path: PathBuf, limit: u64 },
    /// Not UTF-8 text: the first byte that is not, by 1-based line and column (in characters).
    #[error("{}:{line}:{column}: the file is not UTF-8 text", esc(path))]
    NotText {
        path: PathBuf,
        line: usize,
        column: usize,
    },
}

impl FileError {
    /// Where in the file the problem is: line and column, 1-based (1:1 when it is the whole file).
    pub fn position(&self) -> (usize, usize) {
        match self {
            FileError::NotText { line, column, .. } => (*line, *column),
            _ => (1, 1),
        }
    }

    /// The problem without the path and position, for a message that gives them its own way.
    pub fn reason(&self) -> String {
        match self {
            FileError::Io { source, .. } => format!("cannot read the file: {source}"),
            FileError::TooLarge { limit, .. } => {
                format!("the file is larger than {limit} bytes; this is not a file to read here")
            }
            FileError::NotText { .. } => "the file is not UTF-8 text".to_string(),
        }
    }
}

fn esc(path: &Path) -> String {
    escape_terminal(&path.display().to_string())
}

/// What a path that is not a regular file is, in words ("a character device").
pub fn what_it_is(meta: &std::fs::Metadata) -> &'static str {
    not_regular(meta.file_type()).map_or("a regular file", |n| n.what)
}

/// What a file type is, in words, when it is not a regular file.
fn not_regular(t: FileType) -> Option<NotRegular> {
    let what = if t.is_file() {
        return None;
    } else if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO (named pipe)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a file"
    };
    Some(NotRegular { what })
}

fn refuse(n: NotRegular) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, n)
}

/// Opens `path` with `options` only if it is a regular file (following symbolic links); anything
/// else is refused at once with an [`io::Error`] of kind [`io::ErrorKind::InvalidInput`] carrying
/// a [`NotRegular`] ("not a regular file (it is a FIFO (named pipe))").
///
/// - The path is examined before it is opened: a FIFO is never opened, so nothing waits for a
///   writer. A path that does not exist yet goes on to the open, so `create` and `create_new`
///   work as usual.
/// - The open itself is non-blocking (`O_NONBLOCK`, which replaces any `custom_flags` set on
///   `options`), in case the path was swapped for a FIFO after the check; the opened file is then
///   checked again (`fstat`), refused unless regular, and put back in blocking mode.
///
/// Locks (`File::lock`) and appends behave as on any file opened with `options`.
pub fn open_regular(path: &Path, options: &OpenOptions) -> io::Result<File> {
    match std::fs::metadata(path) {
        Ok(m) => {
            if let Some(n) = not_regular(m.file_type()) {
                return Err(refuse(n));
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let mut options = options.clone();
    options.custom_flags(libc::O_NONBLOCK);
    let file = options.open(path)?;
    if let Some(n) = not_regular(file.metadata()?.file_type()) {
        return Err(refuse(n));
    }
    let fd = file.as_raw_fd();
    // SAFETY: fcntl(2) on a descriptor this function owns, with plain integer arguments.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(file)
}

/// Reads a regular file as UTF-8 text of at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, FileError> {
    let io_error = |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = open_regular(path, OpenOptions::new().read(true)).map_err(io_error)?;
    let too_large = || FileError::TooLarge {
        path: path.to_path_buf(),
        limit,
    };
    if file.metadata().map_err(io_error)?.len() > limit {
        return Err(too_large());
    }
    // The size may change while it is read (or be 0 for a kernel's file): read one byte past the
    // limit to know.
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Valid by construction: the bytes before the first invalid one.
        let before = std::str::from_utf8(good).unwrap_or_default();
        let (line, column) = crate::text::line_col(before, before.len());
        FileError::NotText {
            path: path.to_path_buf(),
            line,
            column,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn not_regular_what(e: &io::Error) -> Option<&'static str> {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<NotRegular>())
            .map(|n| n.what)
    }

    #[test]
    fn a_regular_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.toml");
        std::fs::write(&path, "title = \"Höhe\"\n").unwrap();
        assert_eq!(read_text(&path, 100).unwrap(), "title = \"Höhe\"\n");
        // Exactly the limit is allowed; one byte more is not.
        assert_eq!(read_text(&path, 16).unwrap().len(), 16);
        let e = read_text(&path, 15).unwrap_err();
        assert!(matches!(e, FileError::TooLarge { limit: 15, .. }), "{e}");
        assert!(
            e.to_string().ends_with(
                "a.toml: the file is larger than 15 bytes; this is not a file to read here"
            ),
            "{e}"
        );
    }

    #[test]
    fn a_directory_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let e = open_regular(dir.path(), OpenOptions::new().read(true)).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        assert_eq!(not_regular_what(&e), Some("a directory"));
        let e = read_text(dir.path(), 100).unwrap_err();
        assert!(
            e.to_string()
                .ends_with(": cannot read the file: not a regular file (it is a directory)"),
            "{e}"
        );
        assert_eq!(e.position(), (1, 1));
    }

    #[test]
    fn a_device_is_refused_without_reading_it() {
        let e = read_text(Path::new("/dev/zero"), MAX_SCENARIO_BYTES).unwrap_err();
        assert_eq!(
            e.to_string(),
            "/dev/zero: cannot read the file: not a regular file (it is a character device)"
        );
    }

    /// A FIFO with no writer: opening it for reading would wait for ever. If the check failed,
    /// this test would block; instead, the FIFO is opened for writing too (non-blocking, so it
    /// fails at once with no reader), which proves nothing else holds it open.
    #[test]
    fn a_fifo_is_refused_without_opening_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pipe");
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: mkfifo(3) with a valid C string and a mode.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read_text(&path, MAX_SCENARIO_BYTES).unwrap_err();
        assert!(
            e.to_string().ends_with(
                ": cannot read the file: not a regular file (it is a FIFO (named pipe))"
            ),
            "{e}"
        );
        // Appending (as a journal does) is refused the same way.
        let e = open_regular(&path, OpenOptions::new().append(true)).unwrap_err();
        assert_eq!(not_regular_what(&e), Some("a FIFO (named pipe)"));
        // Nothing opened the FIFO for reading: a non-blocking writer finds no reader.
        let w = OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&path);
        assert_eq!(w.unwrap_err().raw_os_error(), Some(libc::ENXIO));
    }

    #[test]
    fn a_missing_file_is_created_or_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.jsonl");
        let e = read_text(&path, 10).unwrap_err();
        assert!(
            e.to_string().contains("new.jsonl: cannot read the file: "),
            "{e}"
        );
        let mut f = open_regular(&path, OpenOptions::new().append(true).create_new(true)).unwrap();
        f.write_all(b"x\n").unwrap();
        // The file is in blocking mode again.
        // SAFETY: fcntl(2) F_GETFL on an open descriptor.
        let flags = unsafe { libc::fcntl(f.as_raw_fd(), libc::F_GETFL) };
        assert_eq!(flags & libc::O_NONBLOCK, 0);
        let e = open_regular(&path, OpenOptions::new().append(true).create_new(true)).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_located() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("latin1.toml");
        std::fs::write(&path, b"title = \"a\"\nname = \"H\xf6he\"\n").unwrap();
        let e = read_text(&path, 100).unwrap_err();
        assert_eq!(e.position(), (2, 10));
        assert!(
            e.to_string()
                .ends_with("latin1.toml:2:10: the file is not UTF-8 text"),
            "{e}"
        );
    }
}
