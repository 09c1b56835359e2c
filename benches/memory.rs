//! Memory of a large battle: the resident set of a process that resumes a 10,000-event journal of
//! 1,000 units and draws its first frame (target: ≤ 30 MB), and the journal's bytes per event at
//! 40 and at 1,000 units, kind by kind (it must not grow with the roster; a phase change holds one
//! effect for each marker it changes, so it grows with what happened, not with the roster). Run with `cargo bench --bench
//! memory`; figures go in README.md. The journal is written by a child process, so that nothing
//! of its writing counts against the reader.

mod scale;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::collections::BTreeMap;
use std::path::Path;
use umpire::battle::session::Session;
use umpire::rules::newport::Newport;
use umpire::tui::App;
use umpire::tui::keymap::Keymap;

/// A line of `/proc/self/status` in kB (`VmRSS`, `VmHWM`), on Linux.
fn status_kb(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = text.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The average size in bytes of each kind of record (`fire`, `move`, `advance` …) of a journal
/// `records` records long at `per_side` units a side.
fn bytes_per_kind(dir: &Path, per_side: usize, records: usize) -> BTreeMap<String, (usize, f64)> {
    let path = dir.join(format!("size-{per_side}.jsonl"));
    let mut session = scale::start(&path, per_side);
    scale::play(&mut session, records, 3);
    drop(session);
    let text = std::fs::read_to_string(&path).expect("the journal");
    let mut sizes: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let kind = ["action", "kind", "entry"]
            .iter()
            .find_map(|k| v[k].as_str())
            .unwrap_or("?")
            .to_string();
        let e = sizes.entry(kind).or_default();
        e.0 += 1;
        e.1 += line.len() + 1;
    }
    sizes
        .into_iter()
        .map(|(k, (n, bytes))| (k, (n, bytes as f64 / n as f64)))
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--write-journal") {
        let path = Path::new(&args[i + 1]);
        let mut session = scale::start(path, 500);
        scale::play(&mut session, 10_000, 11);
        return;
    }
    let dir = tempfile::tempdir_in(if Path::new("/dev/shm").is_dir() {
        "/dev/shm"
    } else {
        "."
    })
    .expect("a temporary directory");
    let path = dir.path().join("ten-k.jsonl");
    let status = std::process::Command::new(std::env::current_exe().expect("this program"))
        .arg("--write-journal")
        .arg(&path)
        .status()
        .expect("the journal writer runs");
    assert!(status.success(), "the journal writer failed");
    let journal_mb = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0) as f64 / 1e6;

    let before = status_kb("VmRSS:").unwrap_or(0);
    let (session, _) = Session::resume(&path).expect("resume");
    let app = App::new(session, Keymap::defaults(&Newport), scale::clock);
    let area = Rect::new(0, 0, 200, 50);
    let mut buf = Buffer::empty(area);
    (&app).render(area, &mut buf);
    let rss = status_kb("VmRSS:").unwrap_or(0);
    let peak = status_kb("VmHWM:").unwrap_or(0);
    println!("memory/resume 10,000 events at 1,000 units, first frame drawn:");
    println!("  journal {journal_mb:.1} MB");
    println!(
        "  resident {:.1} MB (before resuming {:.1} MB), peak {:.1} MB",
        rss as f64 / 1024.0,
        before as f64 / 1024.0,
        peak as f64 / 1024.0
    );
    drop(app);

    let small = bytes_per_kind(dir.path(), 20, 2_000);
    let large = bytes_per_kind(dir.path(), 500, 2_000);
    println!("journal/bytes per record of each kind, 40 units against 1,000 units:");
    for (kind, (n, bytes)) in &large {
        let (m, at_40) = small.get(kind).copied().unwrap_or((0, 0.0));
        println!("  {kind:<8} {at_40:>6.0} B ({m:>4} records)  {bytes:>6.0} B ({n:>4} records)");
    }
}
