//! Bad input given to the real `umpire` binary the way a user gives it: a FIFO, a device or a
//! directory named as a scenario, errors printed one a line, `resume` without a terminal, and, in
//! a real terminal (a pseudo-terminal opened by the test), signals and a long paste.
//!
//! Nothing here can hang: every wait on the program has a deadline, after which the program is
//! killed and the test fails.

use chrono::{TimeZone, Utc};
use std::ffi::{CString, OsStr};
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};
use umpire::battle::journal::Journal;
use umpire::battle::session::{Header, Record, Session};
use umpire::battle::{Entry, Event, EventKind};

/// Longest wait for the program at any step; far beyond what any step takes.
const DEADLINE: Duration = Duration::from_secs(60);

const SCENARIO: &str = r#"ruleset = "grid"
title = "Crossroads"

[[side]]
id = "red"
name = "Red Force"
  [[side.unit]]
  id = "r1"
  name = "1st Section"
  kind = "infantry"

[[side]]
id = "blue"
name = "Blue Force"
  [[side.unit]]
  id = "b1"
  name = "1st Section"
  kind = "infantry"
"#;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_umpire"))
}

fn fixture(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn mkfifo(path: &Path) {
    let c = CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: mkfifo(3) with a valid C string and a mode.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0, "mkfifo");
}

/// Paths in `dir` that are not regular files — a FIFO named `name`, a device, the directory
/// itself — with what each is, in the words of the refusal.
fn not_files(dir: &Path, name: &str) -> [(std::path::PathBuf, &'static str); 3] {
    let fifo = dir.join(name);
    mkfifo(&fifo);
    [
        (fifo, "a FIFO (named pipe)"),
        ("/dev/zero".into(), "a character device"),
        (dir.to_path_buf(), "a directory"),
    ]
}

// ---- reading from the program with a deadline ----------------------------------------------

/// A descriptor the program writes to, and what has been read from it.
struct Stream {
    file: File,
    bytes: Vec<u8>,
    open: bool,
}

impl Stream {
    fn new(fd: impl Into<OwnedFd>) -> Self {
        let fd: OwnedFd = fd.into();
        // Non-blocking: a read never waits, poll(2) does, with the deadline.
        // SAFETY: fcntl(2) on a descriptor owned here.
        unsafe {
            let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
            libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
        Stream {
            file: File::from(fd),
            bytes: Vec::new(),
            open: true,
        }
    }

    fn read_ready(&mut self) {
        let mut buf = [0u8; 65536];
        loop {
            match self.file.read(&mut buf) {
                Ok(0) => {
                    self.open = false;
                    return;
                }
                Ok(n) => self.bytes.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // A pseudo-terminal's master reads EIO once the program and its children have gone.
                Err(_) => {
                    self.open = false;
                    return;
                }
            }
        }
    }
}

/// Reads every open stream until `done` says so (given the first stream's bytes), writing
/// `input` to `write_to` as the program takes it. False if the deadline passed first.
fn pump(
    streams: &mut [&mut Stream],
    mut write_to: Option<(&File, &mut &[u8])>,
    deadline: Instant,
    done: impl Fn(&[u8], bool) -> bool,
) -> bool {
    loop {
        if done(&streams[0].bytes, streams.iter().all(|s| !s.open))
            && write_to.as_ref().is_none_or(|(_, rest)| rest.is_empty())
        {
            return true;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        let mut fds: Vec<libc::pollfd> = streams
            .iter()
            .filter(|s| s.open)
            .map(|s| libc::pollfd {
                fd: s.file.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
        let writing = write_to.as_ref().filter(|(_, rest)| !rest.is_empty());
        if let Some((file, _)) = writing {
            fds.push(libc::pollfd {
                fd: file.as_raw_fd(),
                events: libc::POLLOUT,
                revents: 0,
            });
        }
        if fds.is_empty() {
            return done(&streams[0].bytes, true);
        }
        let ms = left.as_millis().clamp(1, 1000) as libc::c_int;
        // SAFETY: poll(2) on a live array of pollfd.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        if n < 0 {
            let e = io::Error::last_os_error();
            assert_eq!(e.kind(), io::ErrorKind::Interrupted, "poll: {e}");
            continue;
        }
        for s in streams.iter_mut().filter(|s| s.open) {
            s.read_ready();
        }
        if let Some((file, rest)) = write_to.as_mut()
            && !rest.is_empty()
        {
            let mut f: &File = file;
            match f.write(rest) {
                Ok(n) => **rest = &rest[n..],
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => panic!("writing to the terminal: {e}"),
            }
        }
    }
}

/// Waits for a program whose output has all been read (so it has exited or is about to).
fn wait(child: &mut Child, deadline: Instant) -> ExitStatus {
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            panic!("the program did not exit in {DEADLINE:?}");
        }
        // Nothing left to read: give the exit a moment, without busy-waiting.
        // SAFETY: poll(2) with no descriptors is a plain timed wait.
        unsafe { libc::poll(std::ptr::null_mut(), 0, 10) };
    }
}

struct Run {
    status: ExitStatus,
    stdout: String,
    stderr: String,
}

/// Runs the program without a terminal (standard input from /dev/null, output to pipes).
fn run(args: &[&OsStr]) -> Run {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = Stream::new(child.stdout.take().unwrap());
    let mut err = Stream::new(child.stderr.take().unwrap());
    let deadline = Instant::now() + DEADLINE;
    if !pump(&mut [&mut out, &mut err], None, deadline, |_, closed| {
        closed
    }) {
        let _ = child.kill();
        panic!("umpire {args:?} did not finish in {DEADLINE:?}: it waits on something");
    }
    Run {
        status: wait(&mut child, deadline),
        stdout: String::from_utf8(out.bytes).unwrap(),
        stderr: String::from_utf8(err.bytes).unwrap(),
    }
}

fn os(s: &str) -> &OsStr {
    OsStr::new(s)
}

// ---- files that are not files --------------------------------------------------------------

const FIRE: &[&str] = &[
    "resolve",
    "grid",
    "fire",
    "--firer-kind",
    "infantry",
    "--range",
    "3",
    "--dice",
    "4,5",
];

#[test]
fn a_fifo_a_device_or_a_directory_is_not_a_scenario() {
    let dir = tempfile::tempdir().unwrap();
    for (path, what) in not_files(dir.path(), "scenario.toml") {
        let expected = format!(
            "error: {}:1:1: cannot read the file: not a regular file (it is {what})\n",
            path.display()
        );
        let r = run(&[os("check"), path.as_os_str()]);
        assert_eq!(r.status.code(), Some(1), "check {what}");
        assert_eq!(
            r.stderr,
            expected.trim_start_matches("error: "),
            "check {what}"
        );
        let r = run(&[os("play"), path.as_os_str()]);
        assert_eq!(r.status.code(), Some(1), "play {what}");
        assert_eq!(r.stderr, expected, "play {what}");
        let mut args: Vec<&OsStr> = FIRE.iter().map(|a| os(a)).collect();
        args.extend([os("--scenario"), path.as_os_str()]);
        let r = run(&args);
        assert_eq!(r.status.code(), Some(1), "resolve --scenario {what}");
        assert_eq!(r.stderr, expected, "resolve --scenario {what}");
    }
}

// ---- errors one a line ---------------------------------------------------------------------

#[test]
fn play_prints_one_error_a_line_as_check_does() {
    let several = fixture("tests/fixtures/scenarios/invalid/several-mistakes.toml");
    let check = run(&[os("check"), several.as_os_str()]);
    let play = run(&[os("play"), several.as_os_str()]);
    assert_eq!(play.status.code(), Some(1));
    assert!(play.stdout.is_empty());
    let lines: Vec<&str> = play.stderr.lines().collect();
    assert_eq!(lines.len(), 7, "{}", play.stderr);
    assert!(!play.stderr.contains("\\u{a}"), "{}", play.stderr);
    // The same lines as check's, each an error.
    let expected: Vec<String> = check
        .stderr
        .lines()
        .map(|l| format!("error: {l}"))
        .collect();
    assert_eq!(lines, expected);
}

// ---- resume without a terminal -------------------------------------------------------------

#[test]
fn resume_without_a_terminal_leaves_a_torn_journal_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let scenario = umpire::scenario::parse("crossroads.toml", SCENARIO).unwrap();
    let at = Utc.with_ymd_and_hms(2024, 7, 14, 6, 0, 0).unwrap();
    drop(Session::create(scenario, &path, 7, at).unwrap());
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(br#"{"seq":2,"at":"2024-07-14T06:0"#).unwrap();
    drop(f);
    let before = std::fs::read(&path).unwrap();

    let r = run(&[os("resume"), path.as_os_str()]);
    assert_eq!(r.status.code(), Some(2), "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: the terminal UI needs a terminal on standard input and output\n"
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
    assert_eq!(std::fs::read(&path).unwrap(), before, "byte for byte");
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["battle.jsonl"], "nothing set aside");
}

// ---- in a terminal -------------------------------------------------------------------------

/// The program running in a pseudo-terminal of 100×30, with its own session (the terminal is its
/// controlling terminal, as in a real one), a home of its own, and standard error on a pipe.
struct Terminal {
    child: Child,
    master: Stream,
    stderr: Stream,
    deadline: Instant,
}

impl Terminal {
    fn start(args: &[&OsStr], home: &Path) -> Self {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize {
            ws_row: 30,
            ws_col: 100,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty(3) fills two descriptors, which are owned from here on.
        let (master, slave) = unsafe {
            let r = libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            );
            assert_eq!(r, 0, "openpty: {}", io::Error::last_os_error());
            // openpty(3) leaves both ends inherited across exec: a program that a test beside
            // this one starts meanwhile would keep the terminal open, and the master would never
            // read EIO. Closed on exec, they reach only this program (as its stdin and stdout).
            for fd in [master, slave] {
                assert_eq!(
                    libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC),
                    0,
                    "FD_CLOEXEC"
                );
            }
            (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
        };
        let mut cmd = bin();
        cmd.args(args)
            .env("HOME", home)
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("XDG_DATA_HOME", home.join("data"))
            .env("TERM", "xterm-256color")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave))
            .stderr(Stdio::piped());
        // SAFETY: setsid(2) and ioctl(2) are async-signal-safe; the closure allocates nothing.
        unsafe {
            cmd.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let mut child = cmd.spawn().unwrap();
        // The program holds the only copies of the terminal's other end: the master reads EIO
        // once it has gone.
        drop(cmd);
        let stderr = Stream::new(child.stderr.take().unwrap());
        Terminal {
            child,
            master: Stream::new(master),
            stderr,
            deadline: Instant::now() + DEADLINE,
        }
    }

    /// Reads what the program shows until `seen` appears in it (counting from byte `from`).
    fn until(&mut self, from: usize, seen: &[u8]) -> usize {
        let found = |out: &[u8]| {
            out.get(from..)
                .and_then(|o| o.windows(seen.len()).position(|w| w == seen))
        };
        let ok = pump(
            &mut [&mut self.master, &mut self.stderr],
            None,
            self.deadline,
            |out, _| found(out).is_some(),
        );
        if !ok {
            let _ = self.child.kill();
            panic!(
                "{:?} never appeared on the screen; stderr: {}",
                String::from_utf8_lossy(seen),
                String::from_utf8_lossy(&self.stderr.bytes)
            );
        }
        from + found(&self.master.bytes).unwrap_or_default()
    }

    /// Waits for the first frame: the UI is up, its signal watcher too.
    fn first_frame(&mut self) -> usize {
        let at = self.until(0, b"\x1b[?2004h");
        self.until(at, b"Crossroads")
    }

    /// Types (or pastes) bytes, as a terminal sends them, reading the screen meanwhile.
    fn send(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        let master = self.master.file.try_clone().unwrap();
        let ok = pump(
            &mut [&mut self.master, &mut self.stderr],
            Some((&master, &mut rest)),
            self.deadline,
            |_, _| true,
        );
        assert!(ok, "the program did not take the input in {DEADLINE:?}");
    }

    /// Reads until the program has gone and returns its exit status.
    fn finish(&mut self) -> ExitStatus {
        let ok = pump(
            &mut [&mut self.master, &mut self.stderr],
            None,
            self.deadline,
            |_, closed| closed,
        );
        if !ok {
            let _ = self.child.kill();
            panic!("the program did not exit in {DEADLINE:?}");
        }
        wait(&mut self.child, self.deadline)
    }

    /// Whether the terminal is back in its usual (canonical, echoing) mode.
    fn is_cooked(&self) -> bool {
        // SAFETY: tcgetattr(3) fills a termios for a live descriptor.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        let r = unsafe { libc::tcgetattr(self.master.file.as_raw_fd(), &mut t) };
        assert_eq!(r, 0, "tcgetattr: {}", io::Error::last_os_error());
        t.c_lflag & libc::ICANON != 0 && t.c_lflag & libc::ECHO != 0
    }
}

fn write_scenario(dir: &Path) -> PathBuf {
    let path = dir.join("crossroads.toml");
    std::fs::write(&path, SCENARIO).unwrap();
    path
}

#[test]
fn every_ending_signal_restores_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = write_scenario(dir.path());
    let signals = [
        (libc::SIGINT, "SIGINT"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGTERM, "SIGTERM"),
        (libc::SIGHUP, "SIGHUP"),
    ];
    for (i, (sig, name)) in signals.into_iter().enumerate() {
        let journal = dir.path().join(format!("battle-{i}.jsonl"));
        let mut t = Terminal::start(
            &[
                os("play"),
                scenario.as_os_str(),
                os("--journal"),
                journal.as_os_str(),
            ],
            dir.path(),
        );
        let shown = t.first_frame();
        assert!(!t.is_cooked(), "{name}: the UI runs in raw mode");
        // SAFETY: kill(2) to the program this test started.
        assert_eq!(unsafe { libc::kill(t.child.id() as libc::pid_t, sig) }, 0);
        let status = t.finish();
        assert_eq!(status.signal(), None, "{name}: killed without restoring");
        assert_eq!(status.code(), Some(128 + sig), "{name}");
        let after = &t.master.bytes[shown..];
        for (sequence, what) in [
            (&b"\x1b[?1049l"[..], "main screen back"),
            (b"\x1b[?25h", "cursor shown"),
            (b"\x1b[?2004l", "bracketed paste off"),
            (b"\x1b[?1000l", "mouse reporting off"),
        ] {
            assert!(
                after.windows(sequence.len()).any(|w| w == sequence),
                "{name}: {what}"
            );
        }
        assert!(t.is_cooked(), "{name}: raw mode left");
        // The battle is whole: it resumes.
        Session::resume(&journal).unwrap();
    }
}

#[test]
fn two_thousand_characters_pasted_into_a_note_are_taken_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = write_scenario(dir.path());
    let journal = dir.path().join("battle.jsonl");
    let mut t = Terminal::start(
        &[
            os("play"),
            scenario.as_os_str(),
            os("--journal"),
            journal.as_os_str(),
        ],
        dir.path(),
    );
    let shown = t.first_frame();
    // `N` opens the note prompt; the terminal wraps the pasted text in ESC[200~ … ESC[201~.
    t.send(b"N");
    t.until(shown, b"note for everyone");
    let note: String = "Smoke drifts east over the orchard. "
        .chars()
        .cycle()
        .take(2000)
        .collect();
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend_from_slice(note.as_bytes());
    paste.extend_from_slice(b"\x1b[201~\r");
    t.send(&paste);
    t.send(b"q");
    let status = t.finish();
    assert_eq!(
        status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&t.stderr.bytes)
    );
    let loaded = Journal::read::<Header, Record>(&journal).unwrap();
    let notes: Vec<&str> = loaded
        .entries
        .iter()
        .filter_map(|r| match &r.entry {
            Entry::Event(Event {
                kind: EventKind::Note { text },
                ..
            }) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(notes, [note.as_str()], "one note, all of it");
}

#[test]
fn a_fifo_a_device_or_a_directory_is_not_a_journal() {
    let dir = tempfile::tempdir().unwrap();
    for (path, what) in not_files(dir.path(), "battle.jsonl") {
        let mut t = Terminal::start(&[os("resume"), path.as_os_str()], dir.path());
        let status = t.finish();
        assert_eq!(status.code(), Some(1), "{what}");
        assert_eq!(
            String::from_utf8_lossy(&t.stderr.bytes),
            format!(
                "error: {}: cannot open the battle journal: not a regular file (it is {what})\n",
                path.display()
            )
        );
    }
}

#[test]
fn resume_prints_each_problem_of_the_journal_s_scenario_on_its_own_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.jsonl");
    let header = Header {
        format: umpire::battle::session::FORMAT,
        program: umpire::battle::session::PROGRAM.to_string(),
        version: env!("CARGO_PKG_VERSION").to_string(),
        scenario_path: "old.toml".to_string(),
        scenario: "ruleset = \"grid\"\ntitle = 3\nturns = \"ten\"\n".to_string(),
        seed: 1,
        started: Utc.with_ymd_and_hms(2024, 7, 14, 6, 0, 0).unwrap(),
    };
    drop(Journal::create(&path, &header).unwrap());
    let mut t = Terminal::start(&[os("resume"), path.as_os_str()], dir.path());
    let status = t.finish();
    assert_eq!(status.code(), Some(1));
    let stderr = String::from_utf8(t.stderr.bytes.clone()).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert_eq!(
        lines[0],
        format!(
            "error: {}: the scenario kept in this battle journal does not validate:",
            path.display()
        )
    );
    assert!(lines[1].starts_with("error: ") && lines[1].contains(":2:9: title: "));
    assert!(lines[2].starts_with("error: ") && lines[2].contains(":3:9: turns: "));
    assert!(!stderr.contains("\\u{a}"), "{stderr}");
}

#[test]
fn resume_says_whether_the_bad_last_line_was_damaged_or_unfinished() {
    for (damage, kind) in [(b'x', "a damaged"), (b'\n', "an unfinished")] {
        let dir = tempfile::tempdir().unwrap();
        let journal = dir.path().join("battle.jsonl");
        let scenario = umpire::scenario::load(&write_scenario(dir.path())).unwrap();
        let mut s = Session::create(scenario, &journal, 7, Utc::now()).unwrap();
        let note = umpire::battle::Command::Note {
            text: "last words".into(),
            private: false,
        };
        s.execute(&note, None, Utc::now()).unwrap();
        drop(s);
        let mut bytes = std::fs::read(&journal).unwrap();
        let end = bytes.len() - 1;
        if damage == b'\n' {
            // Cut in the middle of writing its last line.
            bytes.truncate(end - 5);
        } else {
            // A byte of the last line's content changed on disk.
            bytes[end - 3] = damage;
        }
        std::fs::write(&journal, &bytes).unwrap();
        let mut t = Terminal::start(&[os("resume"), journal.as_os_str()], dir.path());
        // Said before the screen is taken, and on the status line once it is.
        t.until(0, kind.as_bytes());
        t.first_frame();
        t.send(b"q");
        let status = t.finish();
        assert_eq!(status.code(), Some(0), "{kind}");
        let screen = String::from_utf8_lossy(&t.master.bytes);
        assert!(
            screen.contains(&format!("{kind} last line (line 3")),
            "{kind}: {screen}"
        );
        let set_aside: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains(".torn-"))
            .collect();
        assert_eq!(set_aside.len(), 1, "{kind}: set aside once");
    }
}
