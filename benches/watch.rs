//! The players' view (`umpire watch`) following a long battle: the `benches/scale/` battle (a
//! 1,000-unit Newport battle: fires, moves, hand-set markers, notes, phase changes and undos),
//! watched as everyone may see it, drawn at 120×40. Run with `cargo bench --bench watch`; the
//! figures go in README.md.
//!
//! - Criterion, on its 10,000-event journal: how long from the umpire's program writing one more
//!   event (appended and synced, as `Session::execute` does) to the view having been woken by the
//!   file-change notification, having read the new line and drawn its next frame — the reaction
//!   the issue asks to stay within 100 ms; and opening the view on the whole journal.
//! - The work of following one appended record — the view reading it and drawing its next frame,
//!   the CPU time of this thread — after 1,000, 10,000 and 100,000 events: a note, and an undo
//!   with the redo that puts its event back. It must not grow with the journal.
//! - Peak memory (`VmHWM` in `/proc/self/status`) of a child process that opens the view on the
//!   10,000-event journal, draws it and follows one more record, appended by another process
//!   (target: under 30 MB), and on the 100,000-event one; with `UMPIRE_BENCH_MILLION=1`, a
//!   1,000,000-record journal too (writing it takes a few minutes; `UMPIRE_BENCH_MILLION=PATH`
//!   reads a copy of one written before). `UMPIRE_BENCH_WATCH=figures` leaves out the criterion
//!   part, `=memory` everything but the memory.
//!
//! Journals are written by child processes, so that nothing of their writing counts against
//! what is measured.

mod scale;

use criterion::Criterion;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use umpire::battle::Command;
use umpire::battle::session::Session;
use umpire::model::Viewer;
use umpire::tui::WatchView;
use umpire::tui::watch::watch_file;

/// Writes a journal of `records` records of the scale battle at `path`, in a child process.
fn write_journal(path: &Path, records: usize) {
    let status = std::process::Command::new(std::env::current_exe().expect("this program"))
        .arg("--write-journal")
        .arg(path)
        .arg(records.to_string())
        .status()
        .expect("the journal writer runs");
    assert!(status.success(), "the journal writer failed");
}

/// The CPU time this thread has used.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock id and a timespec of our own to write.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn note() -> Command {
    Command::Note {
        text: "the umpire notes the time".into(),
        private: false,
    }
}

fn watching(c: &mut Criterion) {
    let dir = scale::workdir();
    let path = dir.path().join("long.jsonl");
    write_journal(&path, 10_000);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    let mut g = c.benchmark_group("watch");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    g.bench_function("open the view on a 10,000-event journal and draw it", |b| {
        b.iter(|| {
            let view = WatchView::open(&path, Viewer::Public).expect("the view");
            terminal
                .draw(|f| f.render_widget(&view, f.area()))
                .expect("drawn");
        });
    });
    let mut view = WatchView::open(&path, Viewer::Public).expect("the view");
    let (mut session, _) = Session::open_thin(&path).expect("the battle resumes");
    let (tx, rx) = mpsc::channel();
    let _watcher = watch_file(&path, move || {
        let _ = tx.send(());
    });
    g.sample_size(50);
    g.bench_function(
        "one event written, notified, read and drawn (after 10,000)",
        |b| {
            b.iter(|| {
                let want = view.chronicle().records.len() + 1;
                session
                    .execute(&note(), None, scale::clock())
                    .expect("the note is written");
                // A wake left over from the event before only reads nothing new: wait until
                // this one is read.
                while view.chronicle().records.len() < want {
                    rx.recv_timeout(Duration::from_secs(5))
                        .expect("a change is notified");
                    view.refresh();
                }
                terminal
                    .draw(|f| f.render_widget(&view, f.area()))
                    .expect("drawn");
            });
        },
    );
    g.finish();
}

/// The CPU time of following one appended record, after `events` events: the mean over `n`
/// notes, and over `n` undos each with its redo (per record).
fn per_record(dir: &Path, events: usize, n: u32) -> (Duration, Duration) {
    let path = dir.join(format!("follow-{events}.jsonl"));
    write_journal(&path, events);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    let mut view = WatchView::open(&path, Viewer::Public).expect("the view");
    terminal
        .draw(|f| f.render_widget(&view, f.area()))
        .expect("drawn");
    let (mut session, _) = Session::open_thin(&path).expect("the battle resumes");
    let mut follow = |session: &mut Session, cmd: &Command| {
        session.execute(cmd, None, scale::clock()).expect("written");
        let started = thread_cpu();
        view.refresh();
        terminal
            .draw(|f| f.render_widget(&view, f.area()))
            .expect("drawn");
        thread_cpu() - started
    };
    let notes: Duration = (0..n).map(|_| follow(&mut session, &note())).sum();
    let mut undos = Duration::ZERO;
    for _ in 0..n {
        undos += follow(&mut session, &Command::Undo);
        undos += follow(&mut session, &Command::Redo);
    }
    let _ = std::fs::remove_file(&path);
    (notes / n, undos / (2 * n))
}

/// A line of `/proc/self/status` in kB (`VmHWM`, `VmRSS`), on Linux.
fn status_kb(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// In a child process: opens the view on `journal` and draws it; another process (the
/// umpire's program) appends one more record; the view reads it and draws again. Prints its time
/// to open, its peak and present resident sets, and how many records it read.
fn watch_peak(journal: &Path) {
    let started = Instant::now();
    let mut view = WatchView::open(journal, Viewer::Public).expect("the view");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    terminal
        .draw(|f| f.render_widget(&view, f.area()))
        .expect("drawn");
    let opened = started.elapsed();
    let status = std::process::Command::new(std::env::current_exe().expect("this program"))
        .arg("--append-note")
        .arg(journal)
        .status()
        .expect("the umpire's program runs");
    assert!(status.success(), "the note was not written");
    view.refresh();
    terminal
        .draw(|f| f.render_widget(&view, f.area()))
        .expect("drawn");
    println!(
        "{:.2} {} {} {}",
        opened.as_secs_f64(),
        status_kb("VmHWM:").unwrap_or(0),
        status_kb("VmRSS:").unwrap_or(0),
        view.chronicle().records.len()
    );
}

/// Peak memory of the view of `journal`, in a child.
fn peak(journal: &Path, what: &str) {
    let mb = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0) as f64 / 1e6;
    let child = std::process::Command::new(std::env::current_exe().expect("this program"))
        .arg("--watch-peak")
        .arg(journal)
        .output()
        .expect("the watching child runs");
    assert!(child.status.success(), "the watching child failed");
    let text = String::from_utf8_lossy(&child.stdout);
    let mut words = text.split_whitespace();
    let secs: f64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0.0);
    let hwm: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
    let rss: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
    let records: u64 = words.next().and_then(|w| w.parse().ok()).unwrap_or(0);
    println!(
        "watch/memory {what} ({:.0} MB, {records} records): opened and drawn in {secs:.2} s, peak resident {:.1} MB, {:.1} MB after one more record",
        mb(journal),
        hwm as f64 / 1024.0,
        rss as f64 / 1024.0,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if scale::write_journal_if_asked(&args) {
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--append-note") {
        let (mut session, _) = Session::open_thin(&args[i + 1]).expect("the battle resumes");
        session
            .execute(&note(), None, scale::clock())
            .expect("written");
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--watch-peak") {
        watch_peak(Path::new(&args[i + 1]));
        return;
    }
    // UMPIRE_BENCH_WATCH=figures: the figures after criterion only; =memory: the memory only.
    let only = std::env::var("UMPIRE_BENCH_WATCH").unwrap_or_default();
    if only.is_empty() {
        let mut c = Criterion::default().configure_from_args();
        watching(&mut c);
        c.final_summary();
    }

    let dir = scale::workdir();
    if only != "memory" {
        for events in [1_000, 10_000, 100_000] {
            let (note, undo) = per_record(dir.path(), events, 200);
            println!(
                "watch/follow one record after {events} events: a note {:.0} µs, an undo or a redo {:.0} µs (CPU, read and drawn)",
                note.as_secs_f64() * 1e6,
                undo.as_secs_f64() * 1e6,
            );
        }
    }
    for (events, what) in [(10_000, "10,000 events"), (100_000, "100,000 events")] {
        let journal = dir.path().join("peak.jsonl");
        write_journal(&journal, events);
        peak(&journal, what);
        let _ = std::fs::remove_file(&journal);
    }
    // UMPIRE_BENCH_MILLION=1 writes the journal; a path instead reads a copy of a journal the
    // scale battle already wrote (`--write-journal PATH 1000000`).
    match std::env::var("UMPIRE_BENCH_MILLION").as_deref() {
        Ok("1") => {
            let journal = dir.path().join("million.jsonl");
            write_journal(&journal, 1_000_000);
            peak(&journal, "1,000,000 records");
        }
        Ok(path) if !path.is_empty() => {
            let journal = dir.path().join("million.jsonl");
            std::fs::copy(path, &journal).expect("the journal is copied");
            peak(&journal, "1,000,000 records");
        }
        _ => {}
    }
}
